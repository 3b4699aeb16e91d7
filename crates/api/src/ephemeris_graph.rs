//! `POST /v1/ephemeris-graph`: a graphic ephemeris, the bodies' longitudes against time on the
//! full circle or a 90° or 45° dial, with an optional natal chart's points as horizontal lines.
//!
//! The bodies are sampled once per pixel of the plot's width, so a crossing read from the
//! picture is exact to about a pixel's worth of time (the HTTP tests compare them with
//! `/v1/transits`).

use jiff::Timestamp;
use jiff::tz::TimeZone;
use orrery_astro::body::Body;
use orrery_astro::chart::chart_bodies;
use orrery_astro::techniques::cast::CastChart;
use orrery_astro::techniques::longitude_samples::sample_longitudes;
use orrery_astro::time::{JulianDayUt, julian_day_ut};
use orrery_ephem::Ephemeris;
use orrery_wheel::{Dial, GraphData, GraphOptions, NatalLine, Series, draw_graph};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::chart_wheel::{
    ImageFormat, ImageSizePx, Picture, ThemeName, WheelImage, cast, natal_chart,
};
use crate::common::{BirthDto, body_list};
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::names::BodyField;
use crate::radix::RadixInput;

/// The longest window, in days (five years).
pub const MAX_WINDOW_DAYS: f64 = 5.0 * 365.25;
/// At most this many bodies.
pub const MAX_BODIES: usize = 20;

/// The dial the longitudes are read on.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DialName {
    /// 0..360°.
    #[default]
    Full,
    /// Longitude modulo 90° (conjunctions, squares and oppositions cross).
    Ninety,
    /// Longitude modulo 45° (also semisquares and sesquiquadrates).
    FortyFive,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EphemerisGraphRequest {
    /// The window's first instant (UTC or with an offset).
    pub start: Instant,
    /// The window's last instant: after `start`, and at most five years (1826.25 days) after
    /// it.
    pub end: Instant,
    /// Body names; default `sun`..`pluto`; at most 20.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub bodies: Option<Vec<BodyField>>,
    /// `full` (default), `ninety` or `forty_five`.
    #[serde(default)]
    pub dial: Option<DialName>,
    /// A birth whose points (bodies, ascendant, MC) are drawn as horizontal lines.
    #[serde(default)]
    pub natal: Option<BirthDto>,
    /// `svg` (default) or `png`.
    #[serde(default)]
    pub format: Option<ImageFormat>,
    /// The picture's width in pixels, 300..4000; default 800.
    #[serde(default)]
    pub size: Option<ImageSizePx>,
    /// `light` (default), `dark`, `print`, `mono`.
    #[serde(default)]
    pub theme: Option<ThemeName>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct EphemerisGraphInput {
    pub start: Timestamp,
    pub end: Timestamp,
    pub bodies: Vec<Body>,
    pub dial: Dial,
    /// The birth of `natal`, cast with radix's defaults for its points.
    pub natal: Option<Box<RadixInput>>,
    pub picture: Picture,
}

impl TryFrom<&EphemerisGraphRequest> for EphemerisGraphInput {
    type Error = ApiInputError;

    fn try_from(request: &EphemerisGraphRequest) -> Result<Self, ApiInputError> {
        let (start, end) = (request.start.timestamp(), request.end.timestamp());
        let days = (julian_day_ut(end) - julian_day_ut(start)).0;
        if days <= 0.0 {
            return Err(ApiInputError::field("end", "must be after start"));
        }
        if days > MAX_WINDOW_DAYS {
            return Err(ApiInputError::limit(
                "end",
                format!("may be at most {MAX_WINDOW_DAYS} days after start (got {days:.1})"),
                MAX_WINDOW_DAYS,
                days,
            ));
        }
        let bodies = match &request.bodies {
            Some(bodies) => body_list("bodies", bodies, Some(MAX_BODIES))?,
            None => chart_bodies()
                .into_iter()
                .filter(|b| !b.is_lunar_point() && *b != Body::Chiron)
                .collect(),
        };
        Ok(Self {
            start,
            end,
            bodies,
            dial: match request.dial.unwrap_or_default() {
                DialName::Full => Dial::Full,
                DialName::Ninety => Dial::Ninety,
                DialName::FortyFive => Dial::FortyFive,
            },
            natal: natal_chart(request.natal.as_ref(), "natal")?,
            picture: Picture::new(request.format, request.size, request.theme)?,
        })
    }
}

/// Samples the bodies, draws the graph.
///
/// # Errors
/// A body without data in the window (400, naming `bodies`), the natal chart's own errors, or a
/// picture that could not be drawn (ours).
pub fn compute(eph: &Ephemeris, input: &EphemerisGraphInput) -> Result<WheelImage, CalcFailure> {
    let data = graph_data(eph, input)?;
    let options = GraphOptions {
        size_px: input.picture.size_px,
        theme: input.picture.theme.theme(),
    };
    let svg = draw_graph(&data, &options).map_err(|e| CalcFailure::Internal(e.to_string()))?;
    Ok(WheelImage {
        bytes: input.picture.encode(svg)?,
        content_type: input.picture.format.content_type(),
    })
}

/// The graph's plain data: every body sampled once per pixel, the natal points, the months.
///
/// # Errors
/// As [`compute`], but for the drawing.
pub fn graph_data(eph: &Ephemeris, input: &EphemerisGraphInput) -> Result<GraphData, CalcFailure> {
    let start_jd = julian_day_ut(input.start).0;
    let end_jd = julian_day_ut(input.end).0;
    // One sample per pixel of the width (the plot is a little narrower).
    let samples = sample_longitudes(
        eph,
        (JulianDayUt(start_jd), JulianDayUt(end_jd)),
        &input.bodies,
        input.picture.size_px as usize,
    )
    .map_err(|e| CalcFailure::from(e).at_field("bodies"))?;
    let series = samples
        .iter()
        .map(|line| Series {
            body: line.body.name().into_owned(),
            samples: line
                .samples
                .iter()
                .map(|(jd, lon)| (jd.0, lon.degrees()))
                .collect(),
        })
        .collect();
    let natal = match &input.natal {
        Some(natal) => natal_lines(&cast(eph, natal, "natal.datetime")?),
        None => Vec::new(),
    };
    Ok(GraphData {
        title: format!(
            "Graphic ephemeris {} to {} ({}° dial)",
            input.start,
            input.end,
            input.dial.degrees()
        ),
        start_jd,
        end_jd,
        dial: input.dial,
        series,
        natal,
        time_marks: month_starts(input.start, input.end),
    })
}

/// A natal chart's points as lines: its bodies, then the ascendant and the MC.
fn natal_lines(chart: &CastChart) -> Vec<NatalLine> {
    let bodies = chart.bodies.iter().flatten().map(|b| NatalLine {
        point: b.position.body.name().into_owned(),
        longitude_deg: b.position.lon.degrees(),
    });
    let axes = chart.houses.iter().flat_map(|h| {
        [
            ("ascendant", h.houses.angles.ascendant.lon_deg),
            ("mc", h.houses.angles.mc.lon_deg),
        ]
        .map(|(point, longitude_deg)| NatalLine {
            point: point.to_owned(),
            longitude_deg,
        })
    });
    bodies.chain(axes).collect()
}

/// The first instant of each month (UTC) within the window, labelled `2025-01`.
fn month_starts(start: Timestamp, end: Timestamp) -> Vec<(f64, String)> {
    let mut marks = Vec::new();
    let first = start.to_zoned(TimeZone::UTC).date().first_of_month();
    let mut month = first;
    while let Ok(zoned) = month.to_zoned(TimeZone::UTC) {
        let instant = zoned.timestamp();
        if instant > end {
            break;
        }
        if instant >= start {
            marks.push((
                julian_day_ut(instant).0,
                format!("{:04}-{:02}", month.year(), month.month()),
            ));
        }
        match month.checked_add(jiff::Span::new().months(1)) {
            Ok(next) => month = next,
            Err(_) => break,
        }
    }
    marks
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::EphemerisGraphInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for EphemerisGraphInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for EphemerisGraphInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            let mut instants = vec![
                InputInstant::at("start", self.start),
                InputInstant::at("end", self.end),
            ];
            if let Some(radix) = &self.natal {
                instants.push(InputInstant::birth("natal", &radix.birth));
            }
            instants
        }
    }
}
