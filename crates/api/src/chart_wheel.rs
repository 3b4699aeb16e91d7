//! `POST /v1/chart-wheel`: any chart the JSON endpoints compute, drawn as a wheel (SVG or PNG).
//!
//! The chart is asked for exactly as its own endpoint asks for it, under that endpoint's name:
//!
//! ```json
//! {"kind": "natal", "radix": {"birth": {...}, "options": {...}}, "format": "png", "size": 800}
//! {"kind": "transits", "transits": {"natal": {...}, "at": "2025-01-01T00:00:00Z"}}
//! {"kind": "synastry", "relationship": {"method": "synastry", "person_a": {...}, "person_b": {...}}}
//! ```
//!
//! The request types and their validation are those of `radix`, `transits`, `progressions`,
//! `relationship` and `returns`. A natal chart (the wheel of `radix`, and the natal ring or
//! outer ring of the others when a birth is given) is cast by the core
//! ([`orrery_astro::techniques::cast`]) and drawn from that result
//! ([`WheelChart::of_chart`]); every other chart comes from its technique's core result (the
//! transit report with its sky, the progression report, the relationship chart, the return
//! set), never from another endpoint's answer.

use jiff::Timestamp;
use orrery_astro::angle::Longitude;
use orrery_astro::aspects::AspectHit;
use orrery_astro::techniques::cast::{CastChart, cast_chart};
use orrery_astro::techniques::progressions::ProgressionFound;
use orrery_astro::techniques::relationship::RelationshipChart;
use orrery_astro::techniques::transits::{NatalPoint, TransitEvents};
use orrery_ephem::Ephemeris;
use orrery_wheel::{
    AspectEnd, AspectLink, BodyPoint, HouseCusps, Ring, RingSide, Theme, WheelChart, WheelOptions,
    draw_wheel, svg_to_png,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bounded::{Bounded, Bounds};
use crate::chart_content::cast_failure;
use crate::error::{ApiInputError, CalcFailure};
use crate::progressions::{self, ProgressionsInput, ProgressionsRequest};
use crate::radix::{RadixInput, RadixOptionsDto, RadixRequest};
use crate::relationship::{self, Method, RelationshipInput, RelationshipRequest};
use crate::returns::{self, ReturnPart, ReturnsEndpoint, ReturnsInput, ReturnsRequest};
use crate::transits::{self, TransitMode, TransitsInput, TransitsRequest};

/// Which chart the wheel shows.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WheelKind {
    /// `radix`: one chart.
    Natal,
    /// `transits` at `at`: the natal chart inside, the transits outside.
    Transits,
    /// `progressions` at `at` or `age_years`: the natal chart inside, the progressed outside.
    Progressions,
    /// `relationship` with `method` `synastry`: person A inside, person B outside.
    Synastry,
    /// `relationship` with `method` `composite`: one chart.
    Composite,
    /// `relationship` with `method` `davison`: one chart.
    Davison,
    /// `returns`: the first return found, as one chart.
    Return,
}

impl WheelKind {
    /// The field that holds this kind's chart request.
    fn field(self) -> &'static str {
        match self {
            Self::Natal => "radix",
            Self::Transits => "transits",
            Self::Progressions => "progressions",
            Self::Synastry | Self::Composite | Self::Davison => "relationship",
            Self::Return => "returns",
        }
    }
}

/// `svg` (`image/svg+xml`) or `png` (`image/png`).
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImageFormat {
    #[default]
    Svg,
    Png,
}

impl ImageFormat {
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Svg => "image/svg+xml",
            Self::Png => "image/png",
        }
    }
}

/// The colours of the picture.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ThemeName {
    /// Dark ink on white, elements tinted.
    #[default]
    Light,
    /// Light ink on a dark background.
    Dark,
    /// Black on white with greys, for paper.
    Print,
    /// Pure black and white, for e-ink.
    Mono,
}

impl ThemeName {
    pub fn theme(self) -> Theme {
        match self {
            Self::Light => Theme::light(),
            Self::Dark => Theme::dark(),
            Self::Print => Theme::print(),
            Self::Mono => Theme::mono(),
        }
    }
}

/// The bounds of [`ImageSizePx`].
#[derive(Debug)]
pub enum ImageSizeBounds {}

impl Bounds for ImageSizeBounds {
    const NAME: &'static str = "ImageSizePx";
    const MIN: f64 = 300.0;
    const MAX: f64 = 4000.0;
    const MEANING: &'static str = "The picture's width in pixels, a whole number, 300..4000.";
}

/// A picture's width in pixels, 300..4000.
pub type ImageSizePx = Bounded<ImageSizeBounds>;

/// The picture's width when `size` is left out.
pub const DEFAULT_SIZE_PX: u32 = 800;

/// How to draw, common to the wheel and the graphic ephemeris.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Picture {
    pub format: ImageFormat,
    pub size_px: u32,
    pub theme: ThemeName,
}

impl Picture {
    /// Reads the picture fields; `size` must be a whole number.
    ///
    /// # Errors
    /// A `size` with a fraction.
    pub fn new(
        format: Option<ImageFormat>,
        size: Option<ImageSizePx>,
        theme: Option<ThemeName>,
    ) -> Result<Self, ApiInputError> {
        let size_px = match size {
            None => DEFAULT_SIZE_PX,
            Some(size) if size.get().fract() != 0.0 => {
                return Err(ApiInputError::field(
                    "size",
                    format!("must be a whole number of pixels (got {})", size.get()),
                ));
            }
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a whole number within 300..4000"
            )]
            Some(size) => size.get() as u32,
        };
        Ok(Self {
            format: format.unwrap_or_default(),
            size_px,
            theme: theme.unwrap_or_default(),
        })
    }

    /// The SVG as the answer's bytes, or rendered to PNG.
    ///
    /// # Errors
    /// A PNG the renderer could not make (a failure of ours).
    pub fn encode(&self, svg: String) -> Result<Vec<u8>, CalcFailure> {
        match self.format {
            ImageFormat::Svg => Ok(svg.into_bytes()),
            ImageFormat::Png => svg_to_png(&svg).map_err(|e| CalcFailure::Internal(e.to_string())),
        }
    }
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChartWheelRequest {
    /// Which chart: `natal`, `transits`, `progressions`, `synastry`, `composite`, `davison`,
    /// `return`.
    pub kind: WheelKind,
    /// `kind` `natal`: the body of `POST /v1/radix`.
    #[serde(default)]
    pub radix: Option<RadixRequest>,
    /// `kind` `transits`: the body of `POST /v1/transits`, with `at` (one instant).
    #[serde(default)]
    pub transits: Option<TransitsRequest>,
    /// `kind` `progressions`: the body of `POST /v1/progressions`, with `at` or `age_years`.
    #[serde(default)]
    pub progressions: Option<ProgressionsRequest>,
    /// `kind` `synastry`, `composite`, `davison`: the body of `POST /v1/relationship`, whose
    /// `method` is the kind.
    #[serde(default)]
    pub relationship: Option<RelationshipRequest>,
    /// `kind` `return`: the body of `POST /v1/returns`; the wheel shows the first return found.
    #[serde(default)]
    pub returns: Option<ReturnsRequest>,
    /// `svg` (default) or `png`.
    #[serde(default)]
    pub format: Option<ImageFormat>,
    /// The picture's width in pixels, 300..4000; default 800 (the aspect grid adds height).
    #[serde(default)]
    pub size: Option<ImageSizePx>,
    /// `light` (default), `dark`, `print`, `mono`.
    #[serde(default)]
    pub theme: Option<ThemeName>,
    /// Draw the aspect lines inside the wheel; default true.
    #[serde(default)]
    pub aspect_lines: Option<bool>,
    /// Write each body's and cusp's degree, sign and minute; default true.
    #[serde(default)]
    pub degree_labels: Option<bool>,
    /// Draw the aspect grid below the wheel; default true.
    #[serde(default)]
    pub aspect_grid: Option<bool>,
    /// `kind` `return` with a `natal` birth: the natal chart in an outer ring; default false.
    #[serde(default)]
    pub natal_outside: Option<bool>,
}

/// The validated chart request of each kind.
#[derive(Debug, Clone)]
pub enum WheelChartInput {
    Natal(Box<RadixInput>),
    Transits {
        input: Box<TransitsInput>,
        at: Timestamp,
        /// The natal birth's chart, for the inner ring with houses.
        natal: Option<Box<RadixInput>>,
    },
    Progressions {
        input: Box<ProgressionsInput>,
        natal: Option<Box<RadixInput>>,
    },
    Relationship(Box<RelationshipRequest>, Box<RelationshipInput>),
    Return {
        input: Box<ReturnsInput>,
        /// The natal chart for an outer ring (`natal_outside`).
        natal: Option<Box<RadixInput>>,
    },
}

/// A validated wheel request.
#[derive(Debug, Clone)]
pub struct ChartWheelInput {
    pub chart: WheelChartInput,
    pub picture: Picture,
    pub options: WheelOptions,
    /// The chart depended on the current time (a return or progression without a date).
    pub used_now: bool,
}

/// The chart request of the kind's field, which must be there.
fn required<T>(value: Option<&T>, kind: WheelKind) -> Result<&T, ApiInputError> {
    value.ok_or_else(|| {
        ApiInputError::field(
            kind.field(),
            format!("is required with kind {}", kind_name(kind)),
        )
    })
}

/// The kind as the request spells it, in quotes (`"natal"`), for messages: serde's name.
fn kind_name(kind: WheelKind) -> String {
    serde_json::to_string(&kind).unwrap_or_else(|_| format!("{kind:?}"))
}

/// The chart of a natal birth (the request's `natal`, at `path`: `transits.natal`), for a
/// wheel's inner ring with its houses or a graph's natal lines.
pub(crate) fn natal_chart(
    birth: Option<&crate::common::BirthDto>,
    path: &str,
) -> Result<Option<Box<RadixInput>>, ApiInputError> {
    birth
        .map(|birth| {
            RadixInput::read(birth, &RadixOptionsDto::default(), None, path, "options.")
                .map(Box::new)
        })
        .transpose()
}

impl ChartWheelRequest {
    /// Validates the kind's chart request as its own endpoint does, and the picture options.
    ///
    /// # Errors
    /// The chart request's own errors under its field (`radix.birth.datetime`), a missing or
    /// extra chart field, a transit or progression window (a wheel shows one instant), a
    /// relationship `method` other than the kind, a `size` with a fraction.
    pub fn validate(&self, now: Timestamp) -> Result<ChartWheelInput, ApiInputError> {
        let kind = self.kind;
        let given = [
            ("radix", self.radix.is_some()),
            ("transits", self.transits.is_some()),
            ("progressions", self.progressions.is_some()),
            ("relationship", self.relationship.is_some()),
            ("returns", self.returns.is_some()),
        ];
        if let Some((extra, _)) = given
            .iter()
            .find(|(field, present)| *present && *field != kind.field())
        {
            return Err(ApiInputError::field(
                extra,
                format!(
                    "is not used with kind {}, which reads {}",
                    kind_name(kind),
                    kind.field()
                ),
            ));
        }
        let mut used_now = false;
        let chart = match kind {
            WheelKind::Natal => {
                let request = required(self.radix.as_ref(), kind)?;
                WheelChartInput::Natal(Box::new(RadixInput::read(
                    &request.birth,
                    &request.options,
                    request.preset,
                    "radix.birth",
                    "radix.options.",
                )?))
            }
            WheelKind::Transits => {
                let request = required(self.transits.as_ref(), kind)?;
                let input = TransitsInput::try_from(request).map_err(|e| e.under("transits"))?;
                let TransitMode::Snapshot { at } = input.mode else {
                    return Err(ApiInputError::field(
                        "transits.start",
                        "is a window: a wheel shows one instant, give transits.at instead",
                    ));
                };
                WheelChartInput::Transits {
                    natal: natal_chart(request.natal.as_ref(), "transits.natal")?,
                    input: Box::new(input),
                    at,
                }
            }
            WheelKind::Progressions => {
                let request = required(self.progressions.as_ref(), kind)?;
                let input = request.validate(now).map_err(|e| e.under("progressions"))?;
                if !matches!(input.mode, progressions::Mode::Snapshot { .. }) {
                    return Err(ApiInputError::field(
                        "progressions.age_start",
                        "is a window: a wheel shows one moment, give progressions.at or \
                         progressions.age_years instead",
                    ));
                }
                used_now = input.used_now();
                WheelChartInput::Progressions {
                    natal: natal_chart(request.natal.as_ref(), "progressions.natal")?,
                    input: Box::new(input),
                }
            }
            WheelKind::Synastry | WheelKind::Composite | WheelKind::Davison => {
                let request = required(self.relationship.as_ref(), kind)?;
                let mut request = request.clone();
                let input =
                    RelationshipInput::try_from(&request).map_err(|e| e.under("relationship"))?;
                let expected = match kind {
                    WheelKind::Synastry => Method::Synastry,
                    WheelKind::Composite => Method::Composite,
                    _ => Method::Davison,
                };
                if input.method != expected {
                    return Err(ApiInputError::field(
                        "relationship.method",
                        format!(
                            "must be {:?} with kind {} (got {:?})",
                            expected.name(),
                            kind_name(kind),
                            input.method.name()
                        ),
                    ));
                }
                // Synastry's wheel needs both natal charts.
                let input = if kind == WheelKind::Synastry {
                    request.options.include_natal_charts = Some(true);
                    RelationshipInput::try_from(&request).map_err(|e| e.under("relationship"))?
                } else {
                    input
                };
                WheelChartInput::Relationship(Box::new(request), Box::new(input))
            }
            WheelKind::Return => {
                let request = required(self.returns.as_ref(), kind)?;
                if let Some(parts) = &request.include
                    && !parts.contains(&ReturnPart::Chart)
                {
                    return Err(ApiInputError::field(
                        "returns.include",
                        "must include chart: the wheel draws the return chart",
                    ));
                }
                let input = request
                    .validate(now, ReturnsEndpoint::Returns)
                    .map_err(|e| e.under("returns"))?;
                used_now = input.used_now;
                let natal = if self.natal_outside.unwrap_or(false) {
                    if request.natal.is_none() {
                        return Err(ApiInputError::field(
                            "natal_outside",
                            "needs returns.natal (a birth) to draw the natal chart",
                        ));
                    }
                    natal_chart(request.natal.as_ref(), "returns.natal")?
                } else {
                    None
                };
                WheelChartInput::Return {
                    input: Box::new(input),
                    natal,
                }
            }
        };
        if self.natal_outside.is_some() && kind != WheelKind::Return {
            return Err(ApiInputError::field(
                "natal_outside",
                "is only used with kind \"return\"",
            ));
        }
        let picture = Picture::new(self.format, self.size, self.theme)?;
        Ok(ChartWheelInput {
            chart,
            options: WheelOptions {
                size_px: picture.size_px,
                theme: picture.theme.theme(),
                aspect_lines: self.aspect_lines.unwrap_or(true),
                degree_labels: self.degree_labels.unwrap_or(true),
                aspect_grid: self.aspect_grid.unwrap_or(true),
            },
            picture,
            used_now,
        })
    }
}

/// The picture's bytes and how to label them.
#[derive(Debug, Clone)]
pub struct WheelImage {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
}

/// Computes the chart with its own endpoint's calculation and draws it.
///
/// # Errors
/// The chart calculation's own errors (under the chart's field), or a picture that could not be
/// drawn (a failure of ours).
pub fn compute(eph: &Ephemeris, input: &ChartWheelInput) -> Result<WheelImage, CalcFailure> {
    let chart = wheel_chart(eph, &input.chart)?;
    let svg = draw_wheel(&chart, &input.options).map_err(|e| match e {
        // The aspects were cast with the angles (as the chart endpoint gives them), but the
        // request left out the houses, whose axes the wheel would draw those lines to.
        orrery_wheel::WheelError::UnknownAspectPoint { .. } => {
            CalcFailure::Input(ApiInputError::new(format!(
                "{e}: add \"houses\" to the chart's options.include, or leave \"aspects\" out \
                 (the wheel draws aspects to the ascendant and MC only with the houses)"
            )))
        }
        other => CalcFailure::Internal(other.to_string()),
    })?;
    Ok(WheelImage {
        bytes: input.picture.encode(svg)?,
        content_type: input.picture.format.content_type(),
    })
}

/// The plain chart data of any kind, drawn from the core's results.
///
/// # Errors
/// As [`compute`].
pub fn wheel_chart(eph: &Ephemeris, input: &WheelChartInput) -> Result<WheelChart, CalcFailure> {
    match input {
        WheelChartInput::Natal(radix) => Ok(WheelChart::of_chart(
            &cast(eph, radix, "radix.birth.datetime")?,
            "Natal chart",
        )),
        WheelChartInput::Transits { input, at, natal } => {
            transits_wheel(eph, input, *at, natal.as_deref())
        }
        WheelChartInput::Progressions { input, natal } => {
            progressions_wheel(eph, input, natal.as_deref())
        }
        WheelChartInput::Relationship(_, input) => relationship_wheel(eph, input),
        WheelChartInput::Return { input, natal } => {
            let set = returns::search(eph, input).map_err(|e| e.under("returns"))?;
            let first = set
                .iter()
                .find_map(|body| body.returns.first().map(|r| (body.body, r)));
            let Some((body, found)) = first else {
                return Err(CalcFailure::Input(ApiInputError::field(
                    "returns.from",
                    "has no return after it within the search",
                )));
            };
            let exact_at =
                crate::common::utc_of(found.found.exact_at).map_err(|e| e.under("returns"))?;
            let chart = found
                .chart
                .as_ref()
                .ok_or_else(|| CalcFailure::Internal("the return has no chart".to_owned()))?;
            let mut wheel = WheelChart::of_chart(
                chart,
                format!("{} return of {exact_at}", words_of(&body.name())),
            );
            if let Some(natal) = natal {
                let chart = cast(eph, natal, "returns.natal.datetime")?;
                wheel.outer = Some(Ring::of_chart(&chart, "natal"));
                wheel.title.push_str(", the natal chart outside");
            }
            Ok(wheel)
        }
    }
}

/// Casts a validated chart; a failure of the date is blamed on `datetime_field`.
pub(crate) fn cast(
    eph: &Ephemeris,
    input: &RadixInput,
    datetime_field: &str,
) -> Result<CastChart, CalcFailure> {
    cast_chart(eph, &input.cast).map_err(|e| cast_failure(e).at_field(datetime_field))
}

fn words_of(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first
            .to_uppercase()
            .chain(chars)
            .collect::<String>()
            .replace('_', " ")
    })
}

/// The inner ring of a chart against the natal points: the natal chart (with houses) when the
/// request gave a birth (at `path`), else the natal points as given (no houses).
fn natal_ring(
    eph: &Ephemeris,
    natal: Option<&RadixInput>,
    points: &[NatalPoint],
    path: &str,
) -> Result<(Ring, Option<HouseCusps>), CalcFailure> {
    if let Some(natal) = natal {
        let chart = cast(eph, natal, &format!("{path}.natal.datetime"))?;
        return Ok((
            Ring::of_chart(&chart, "natal"),
            HouseCusps::of_chart(&chart),
        ));
    }
    let ring = Ring {
        label: "natal".to_owned(),
        bodies: points
            .iter()
            .map(|p| BodyPoint {
                name: p.name.clone(),
                longitude_deg: p.lon.degrees(),
                speed_deg_per_day: 0.0,
            })
            .collect(),
        axes: None,
    };
    Ok((ring, None))
}

/// An aspect from a point of the outer ring (`first`) to a natal point (`second`).
fn cross_link(hit: &AspectHit) -> AspectLink {
    let (orb, allowed_orb) = (hit.orb_deg, hit.allowed_orb_deg);
    AspectLink {
        first: AspectEnd {
            ring: RingSide::Outer,
            point: hit.first.clone(),
        },
        second: AspectEnd {
            ring: RingSide::Inner,
            point: hit.second.clone(),
        },
        aspect: hit.aspect.name().to_owned(),
        orb_deg: orb,
        strength: if allowed_orb > 0.0 {
            (1.0 - orb / allowed_orb).clamp(0.0, 1.0)
        } else {
            1.0
        },
    }
}

fn transits_wheel(
    eph: &Ephemeris,
    input: &TransitsInput,
    at: Timestamp,
    natal: Option<&RadixInput>,
) -> Result<WheelChart, CalcFailure> {
    let report = transits::report(eph, input, true).map_err(|e| e.under("transits"))?;
    let (inner, houses) = natal_ring(eph, natal, &report.natal_points, "transits")?;
    let sky = report
        .sky
        .as_ref()
        .ok_or_else(|| CalcFailure::Internal("a transit snapshot without its sky".to_owned()))?;
    let outer = Ring::of_chart(sky, format!("transits {at}"));
    let aspects = match &report.events {
        TransitEvents::Snapshot(events) => events.iter().map(|e| cross_link(&e.hit)).collect(),
        TransitEvents::Window(_) => Vec::new(),
    };
    Ok(WheelChart {
        title: format!("Transits of {at} to the natal chart"),
        inner,
        outer: Some(outer),
        houses,
        aspects,
    })
}

fn progressions_wheel(
    eph: &Ephemeris,
    input: &ProgressionsInput,
    natal: Option<&RadixInput>,
) -> Result<WheelChart, CalcFailure> {
    let report = progressions::report(eph, input).map_err(|e| e.under("progressions"))?;
    let ProgressionFound::Snapshot {
        snapshot,
        directed,
        aspects,
        ..
    } = &report.found
    else {
        return Err(CalcFailure::Internal(
            "a progressions snapshot answered with a window".to_owned(),
        ));
    };
    let (inner, houses) = natal_ring(eph, natal, &report.progression.natal, "progressions")?;
    let point = |name: String, lon: Longitude, speed_deg_per_day: f64| BodyPoint {
        name,
        longitude_deg: lon.degrees(),
        speed_deg_per_day,
    };
    let mut bodies: Vec<BodyPoint> = snapshot
        .positions
        .iter()
        .map(|p| point(p.point.name(), p.lon, p.speed_deg_per_day))
        .collect();
    if let Some(arc) = snapshot.solar_arc {
        bodies.extend(
            directed
                .iter()
                .map(|p| point(p.name.clone(), p.lon, arc.speed_deg_per_day)),
        );
    }
    let method = input.method.name();
    Ok(WheelChart {
        title: format!("Progressions ({method}) to the natal chart"),
        inner,
        outer: Some(Ring {
            label: format!("progressed ({method})"),
            bodies,
            axes: None,
        }),
        houses,
        aspects: aspects.aspects.iter().map(cross_link).collect(),
    })
}

fn relationship_wheel(
    eph: &Ephemeris,
    input: &RelationshipInput,
) -> Result<WheelChart, CalcFailure> {
    let chart = relationship::cast(eph, input).map_err(|e| e.under("relationship"))?;
    let name = |person: &relationship::PersonInput, fallback: &str| {
        person.name.clone().unwrap_or_else(|| fallback.to_owned())
    };
    let (a, b) = (
        name(&input.person_a, "person A"),
        name(&input.person_b, "person B"),
    );
    let title = || format!("{} chart of {a} and {b}", words_of(input.method.name()));
    Ok(match &chart {
        RelationshipChart::Synastry {
            natal_a,
            natal_b,
            aspects,
        } => WheelChart::bi_wheel(
            format!("Synastry of {a} (inside) and {b} (outside)"),
            (natal_a, &a),
            (natal_b, &b),
            Some(aspects),
        ),
        RelationshipChart::Composite(composite) => WheelChart::of_chart(&composite.chart, title()),
        RelationshipChart::Davison { chart, .. } => WheelChart::of_chart(chart, title()),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{ChartWheelInput, WheelChartInput};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for ChartWheelInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for ChartWheelInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            match &self.chart {
                WheelChartInput::Natal(radix) => radix.input_instants(),
                WheelChartInput::Transits { input, .. } => input.input_instants(),
                WheelChartInput::Progressions { input, .. } => input.input_instants(),
                WheelChartInput::Relationship(_, input) => input.input_instants(),
                WheelChartInput::Return { input, .. } => input.input_instants(),
            }
        }

        fn preset_name(&self) -> Option<&'static str> {
            match &self.chart {
                WheelChartInput::Natal(radix) => radix.preset_name(),
                WheelChartInput::Relationship(_, input) => input.preset_name(),
                WheelChartInput::Transits { input, .. } => input.preset_name(),
                WheelChartInput::Return { input, .. } => input.preset_name(),
                WheelChartInput::Progressions { input, .. } => input.preset_name(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::common::BirthDto;

    fn radix_request(value: Value) -> RadixRequest {
        crate::parse::json_value(value).expect("a radix body")
    }

    /// Bad radix bodies, each failing a different rule of radix's validation.
    fn bad_radix_bodies() -> Vec<Value> {
        let birth = json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                           "location": {"latitude": 52.52, "longitude": 13.405}});
        let with = |key: &str, value: Value| {
            let mut body = json!({"birth": birth.clone(), "options": {}});
            body["options"][key] = value;
            body
        };
        vec![
            json!({"birth": {"datetime": "1990-05-15T14:30:00",
                             "location": {"latitude": 52.52, "longitude": 13.405}}}),
            json!({"birth": {"datetime": "1990-05-15T14:30:00Z"}}),
            json!({"birth": {"datetime": "2021-03-28T02:30:00", "timezone": "Europe/Berlin",
                             "location": {"latitude": 52.52, "longitude": 13.405}}}),
            with("include", json!([])),
            with("bodies", json!([])),
            with("ayanamsa", json!("lahiri")),
            with("observer", json!({"latitude": 1.0, "longitude": 2.0})),
            with("aspects", json!({"aspects": []})),
            json!({"birth": birth.clone(), "preset": "astrodienst",
                   "options": {"ayanamsa": "lahiri"}}),
        ]
    }

    #[test]
    fn an_embedded_radix_reports_its_fields_under_radix() {
        for body in bad_radix_bodies() {
            let request = radix_request(body.clone());
            let own = RadixInput::try_from(&request).expect_err("a bad body");
            let embedded = RadixInput::read(
                &request.birth,
                &request.options,
                request.preset,
                "radix.birth",
                "radix.options.",
            )
            .expect_err("a bad body");
            let field = own.field.as_deref().expect("every rule names its field");
            assert_eq!(
                embedded.field.as_deref(),
                Some(format!("radix.{field}").as_str()),
                "{body}"
            );
            // The message starts with the path, and every path it names (also in a hint such
            // as "set birth.ambiguous_time") is the embedded one.
            assert!(
                embedded.message.starts_with("radix."),
                "{body}: {embedded:?}"
            );
            let elsewhere = embedded
                .message
                .replace("radix.birth", "")
                .replace("radix.options", "");
            assert!(
                !elsewhere.contains("birth.") && !elsewhere.contains("options."),
                "{body}: {embedded:?}"
            );
            assert_eq!(embedded.code, own.code, "{body}");
        }
    }

    #[test]
    fn a_natal_birth_reports_its_fields_under_its_own_path() {
        for body in bad_radix_bodies().into_iter().take(3) {
            let birth: BirthDto = crate::parse::json_value(body["birth"].clone()).unwrap();
            let error = natal_chart(Some(&birth), "transits.natal").expect_err("a bad birth");
            let field = error.field.clone().unwrap_or_default();
            assert!(field.starts_with("transits.natal."), "{body}: {error:?}");
            assert!(
                error.message.starts_with("transits.natal"),
                "{body}: {error:?}"
            );
        }
    }
}
