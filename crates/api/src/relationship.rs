//! `POST /v1/relationship`: synastry, composite and Davison charts of two people.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `method` | `synastry`, `composite` or `davison` (`kombin` is accepted for `davison` and echoed as `davison`) |
//! | `person_a`, `person_b` | `{name?, birth}`: `name` optional free text of at most [`MAX_NAME_CHARS`] characters, echoed; `birth` `{datetime, timezone?, location, lmt?, ambiguous_time?}` as for radix |
//! | `options.house_system` | any name of `/v1/catalog/house-systems`; default `koch` |
//! | `options.aspects` | `{orbs, aspect_types, aspects, include_axes}` as for radix (default `classic` orbs, the major aspects, the ascendant and MC as aspect points) |
//! | `options.bodies` | the bodies of the charts, as for radix; default the radix default (the standard points without `earth`), without a body that has no data at either birth (listed in `omitted`) |
//! | `options.include_natal_charts` | synastry only: `true` adds both natal charts (radix content: planets, houses, angles, aspects) |
//!
//! Positions are geocentric, tropical and apparent, as radix gives them by default.
//!
//! # Response
//!
//! ```json
//! {
//!   "method": "synastry",
//!   "settings": {"house_system": "koch", "bodies": ["sun", …, "chiron"], "include_natal_charts": false},
//!   "person_a": {"name": "Ann", "datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
//!                "location": {"latitude": 52.52, "longitude": 13.405, "altitude": 0.0},
//!                "resolved": {"utc": "1990-05-15T12:30:00Z", "julian_day_ut": 2448027.0208333335, …}},
//!   "person_b": {…},
//!   "aspects": {"first": "person_a", "second": "person_b",
//!               "settings": {"aspect_names": [...], "orbs": {"preset": "classic", "max": 10.0}, "mode": "cross"},
//!               "total_strength": 9.43,
//!               "list": [{"first": "venus", "second": "mars", "aspect": "trine", "angle": 120.0,
//!                         "separation": 120.1, "orb": 0.1, "allowed_orb": 7.0, "orb_percent": 1.4,
//!                         "strength": 0.986, "applying": true, "exact_in_days": 0.2}, …]}
//! }
//! ```
//!
//! * **synastry**: `aspects` between every point of person A (`first`) and every point of
//!   person B (`second`), never within one chart; sorted as radix sorts aspects (orb, then the
//!   names, then catalogue order); applying and `exact_in_days` from both charts' daily motions,
//!   as `/v1/aspects` defines them for two moving lists. With `include_natal_charts`, each
//!   person's echo carries `chart`, the radix content of the natal chart.
//! * **composite**: `chart`, in radix's field names (`planets`, `houses`, `angles`,
//!   `house_system_used`, `aspects` within the chart): each body, cusp and angle at the
//!   shorter-arc midpoint of the two natal values (exactly opposite: 90° ahead of the smaller
//!   longitude); latitude, distance and speeds are the means. `cusps_in_order` is false when the
//!   midpoint cusps no longer go round the zodiac once in order (natal cusps nearly or exactly
//!   opposite, see [`orrery_astro::techniques::relationship`]); the planets then get no `house`
//!   and `cusp_order_note` says why. When a natal chart fell back to Porphyry (inside a polar
//!   circle), `house_system_note` says whose; `house_system_used` is left out when the two natal
//!   charts used different systems.
//! * **davison**: `davison` `{utc (to the second), julian_day_ut (exact), location}`, the mean of
//!   the two instants and the great-circle midpoint of the two places (mean altitude), and
//!   `chart`, the radix content of the chart cast there (with radix's polar fallback).
//!
//! # Errors
//!
//! A 400 names the field and the rule: `person_b.birth.location.latitude must be between -90 and
//! 90 (got 91.5)`, `method must be one of synastry, composite, davison, kombin (got "x")`,
//! `person_a.name may be at most 100 characters (got 120)`, `options.include_natal_charts is only
//! used with method synastry`, and for davison antipodal places
//! (`person_a.birth.location and person_b.birth.location are antipodal …`).

use orrery_astro::aspects::AspectConfig;
use orrery_astro::body::Body;
use orrery_astro::chart::{ChartError, MissingData, OmittedBody};
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::techniques::relationship::{
    RelationshipBirth, RelationshipChart, RelationshipChartError, RelationshipMethod,
    RelationshipQuery, WhichChart, great_circle_midpoint, relationship_chart,
};
use orrery_astro::time::utc_to_second;
use orrery_ephem::{Ephemeris, HouseSystem, Observer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::aspect_options::{AspectListDto, AspectPairing};
use crate::chart_content::{ChartContent, RadixAspectsDto};
use crate::common::{BirthDto, LocationEcho, ResolvedBirth, ResolvedTimeDto, body_list};
use crate::ephemeris_range::{OmittedBodyDto, omitted_dtos};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{BodyField, HouseSystemField, Named};
use crate::presets::{AppliedPreset, PresetEcho, read_birth};
use orrery_astro::chart::chart_bodies;

/// A person's `name` may be at most this many characters.
pub const MAX_NAME_CHARS: usize = 100;

/// Every part of a chart, as radix shows it by default.

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RelationshipRequest {
    /// `synastry`, `composite` or `davison` (`kombin` is accepted for `davison`).
    pub method: Method,
    /// The first person.
    pub person_a: PersonDto,
    /// The second person.
    pub person_b: PersonDto,
    /// House system, aspects, bodies and natal charts; every part has a default.
    #[serde(default)]
    pub options: RelationshipOptionsDto,
    /// A peer's conventions (`GET /v1/catalog/presets`) for every option left unset here and
    /// in both births (calendar, Local Mean Time); echoed in `settings.preset`.
    #[serde(default)]
    pub preset: Option<crate::names::PresetField>,
}

/// `{name, birth}`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = Person)]
#[serde(deny_unknown_fields)]
pub struct PersonDto {
    /// Optional label, at most 100 characters; echoed.
    #[serde(default)]
    pub name: Option<String>,
    /// The person's birth.
    pub birth: BirthDto,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = RelationshipOptions)]
#[serde(deny_unknown_fields)]
pub struct RelationshipOptionsDto {
    /// House system (`GET /v1/catalog/house-systems`); default `koch`.
    #[serde(default)]
    pub house_system: Option<crate::names::HouseSystemField>,
    /// Aspect selection and orbs, as radix; default major aspects, `classic` orbs, with AC and MC.
    #[serde(default)]
    pub aspects: Option<RadixAspectsDto>,
    /// Body names, not empty; default radix's standard points.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub bodies: Option<Vec<BodyField>>,
    /// `synastry` only: add both radix charts; default false.
    #[serde(default)]
    pub include_natal_charts: Option<bool>,
}

/// The three methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RelationshipMethod)]
pub enum Method {
    Synastry,
    Composite,
    /// Also requested as `kombin`.
    #[serde(alias = "kombin")]
    Davison,
}

impl Method {
    /// The accepted names, `kombin` last.
    pub const NAMES: [&'static str; 4] = ["synastry", "composite", "davison", "kombin"];

    /// The canonical name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Synastry => "synastry",
            Self::Composite => "composite",
            Self::Davison => "davison",
        }
    }
}

/// A person by the request field that gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RelationshipPerson)]
pub enum PersonField {
    PersonA,
    PersonB,
}

/// A validated person.
#[derive(Debug, Clone)]
pub struct PersonInput {
    /// `person_a` or `person_b`.
    pub path: &'static str,
    pub name: Option<String>,
    /// The birth's `datetime` and `timezone` as given, for the echo.
    pub datetime: String,
    pub timezone: Option<String>,
    pub birth: ResolvedBirth,
}

impl PersonInput {
    fn new(
        path: &'static str,
        dto: &PersonDto,
        preset: Option<&mut AppliedPreset>,
    ) -> Result<Self, ApiInputError> {
        if let Some(name) = &dto.name {
            let chars = name.chars().count();
            if chars > MAX_NAME_CHARS {
                return Err(ApiInputError::field(
                    &format!("{path}.name"),
                    format!("may be at most {MAX_NAME_CHARS} characters (got {chars})"),
                ));
            }
        }
        Ok(Self {
            path,
            name: dto.name.clone(),
            datetime: dto.birth.datetime.as_str().to_owned(),
            timezone: dto
                .birth
                .timezone
                .as_ref()
                .map(|zone| zone.name().to_owned()),
            birth: {
                let field = format!("{path}.birth");
                read_birth(preset, &field, &dto.birth).resolve(&field)?
            },
        })
    }
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct RelationshipInput {
    pub method: Method,
    pub person_a: PersonInput,
    pub person_b: PersonInput,
    pub house_system: HouseSystemName,
    pub bodies: Vec<Body>,
    /// Default bodies left out because a birth is outside their data.
    pub omitted: Vec<OmittedBody>,
    pub aspects: AspectConfig,
    pub include_axes: bool,
    pub include_natal_charts: bool,
    /// Davison only: the great-circle midpoint of the two places.
    pub davison_place: Option<Observer>,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

impl TryFrom<&RelationshipRequest> for RelationshipInput {
    type Error = ApiInputError;

    fn try_from(request: &RelationshipRequest) -> Result<Self, ApiInputError> {
        let method = request.method;
        let mut preset = request.preset.map(|field| AppliedPreset::new(field.0));
        let person_a = PersonInput::new("person_a", &request.person_a, preset.as_mut())?;
        let person_b = PersonInput::new("person_b", &request.person_b, preset.as_mut())?;
        let options = &request.options;
        let (house_system, aspects) = match &mut preset {
            Some(preset) => (
                preset.house_system("options.house_system", options.house_system)?,
                preset.aspects("options.aspects.", options.aspects.as_ref())?,
            ),
            None => (options.house_system, options.aspects.clone()),
        };
        let house_system =
            house_system.map_or_else(|| HouseSystemName::of(HouseSystem::KOCH), |field| field.0);
        // A default body without data at either birth (Chiron before 1200) is left out of both
        // charts and listed, so that the two charts (and a composite or Davison chart between
        // them) have the same bodies; one asked for by name stays, and its 400 says why. A
        // preset's list stands for the default one.
        let (bodies, omitted) = match &options.bodies {
            Some(bodies) => (body_list("options.bodies", bodies, None)?, Vec::new()),
            None => {
                let (a, b) = (person_a.birth.jd, person_b.birth.jd);
                let (first, last) = if a <= b { (a, b) } else { (b, a) };
                let default = match &mut preset {
                    Some(preset) => preset.bodies("options.bodies"),
                    None => chart_bodies(),
                };
                MissingData::LeaveOut.split_over(&default, first, last)
            }
        };
        let (aspects, include_axes) = aspects.unwrap_or_default().to_config("options.aspects.")?;
        let include_natal_charts = options.include_natal_charts.unwrap_or(false);
        if include_natal_charts && method != Method::Synastry {
            return Err(ApiInputError::field(
                "options.include_natal_charts",
                format!(
                    "is only used with method synastry (got method {:?})",
                    method.name()
                ),
            ));
        }
        let davison_place = match method {
            Method::Davison => Some(
                great_circle_midpoint(&person_a.birth.place, &person_b.birth.place).map_err(
                    |e| {
                        ApiInputError::field(
                            "person_a.birth.location and person_b.birth.location",
                            e,
                        )
                    },
                )?,
            ),
            Method::Synastry | Method::Composite => None,
        };
        Ok(Self {
            method,
            person_a,
            person_b,
            house_system,
            bodies,
            omitted,
            aspects,
            include_axes,
            include_natal_charts,
            davison_place,
            preset,
        })
    }
}

/// The settings as understood.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = RelationshipSettings)]
pub struct SettingsDto {
    /// The house system of every chart.
    pub house_system: HouseSystemField,
    /// The bodies of every chart, in order.
    pub bodies: Vec<BodyField>,
    /// Synastry: whether both natal charts are included.
    pub include_natal_charts: bool,
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<PresetEcho>,
}

/// A person as understood: the birth as given and the instant it resolved to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PersonEcho {
    /// The person's label, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The birth's date and time, as given.
    pub datetime: String,
    /// The birth's time zone, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    /// The birth place.
    pub location: LocationEcho,
    /// The instant the birth resolved to.
    pub resolved: ResolvedTimeDto,
    /// Synastry with `include_natal_charts`: the natal chart as radix shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart: Option<ChartContent>,
}

/// Synastry's cross aspects: `first` is always person A's point, `second` person B's.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = SynastryAspects)]
pub struct SynastryAspectsDto {
    /// Whose points are `first` in the list: `person_a`.
    pub first: PersonField,
    /// Whose points are `second` in the list: `person_b`.
    pub second: PersonField,
    #[serde(flatten)]
    pub list: AspectListDto,
}

/// The Davison chart's instant and place.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Davison)]
pub struct DavisonDto {
    /// The mean of the two instants, UTC to the second (ISO 8601).
    pub utc: String,
    /// The exact mean (the chart is cast for it), Julian day UT.
    pub julian_day_ut: f64,
    /// The great-circle midpoint of the two places, with the mean altitude.
    pub location: LocationEcho,
}

/// A composite or Davison chart.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = RelationshipChart)]
pub struct RelationshipChartDto {
    #[serde(flatten)]
    pub content: ChartContent,
    /// Composite only: whether the midpoint cusps go round the zodiac once, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cusps_in_order: Option<bool>,
    /// Composite only, when the cusps are out of order: why, and that the planets have no house.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cusp_order_note: Option<&'static str>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RelationshipResponse {
    /// The method (`kombin` is answered as `davison`).
    pub method: Method,
    /// The settings as understood.
    pub settings: SettingsDto,
    /// The first person as understood.
    pub person_a: PersonEcho,
    /// The second person as understood.
    pub person_b: PersonEcho,
    /// Synastry only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspects: Option<SynastryAspectsDto>,
    /// Davison only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub davison: Option<DavisonDto>,
    /// Composite and Davison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart: Option<RelationshipChartDto>,
    /// Default bodies left out of every chart because a birth is outside their data (Chiron
    /// before 1200), with the dates they have data for; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

fn person_echo(input: &PersonInput) -> PersonEcho {
    PersonEcho {
        name: input.name.clone(),
        datetime: input.datetime.clone(),
        timezone: input.timezone.clone(),
        location: LocationEcho::from(input.birth.place),
        resolved: ResolvedTimeDto::new(&input.birth),
        chart: None,
    }
}

/// Names the chart a failed calculation belongs to (`person_a.birth: chiron has no ephemeris
/// data …`).
fn chart_failure(error: RelationshipChartError) -> CalcFailure {
    let (what, error) = match error {
        RelationshipChartError::Chart { which, source } => (
            match which {
                WhichChart::PersonA => "person_a.birth",
                WhichChart::PersonB => "person_b.birth",
                WhichChart::Davison => "the Davison chart",
            },
            source,
        ),
        other => return CalcFailure::Internal(other.to_string()),
    };
    let hint = if matches!(error, ChartError::NoData { .. }) {
        " (options.bodies can leave it out)"
    } else {
        ""
    };
    match CalcFailure::from(error) {
        CalcFailure::Input(e) => {
            let mut e = e.prefixed(what);
            e.message.push_str(hint);
            CalcFailure::Input(e)
        }
        internal @ CalcFailure::Internal(_) => internal,
    }
}

impl RelationshipInput {
    fn birth(person: &PersonInput) -> RelationshipBirth {
        RelationshipBirth {
            instant: person.birth.resolved.utc(),
            jd: person.birth.jd,
            place: person.birth.place,
        }
    }
}

/// Computes the relationship chart.
///
/// # Errors
/// A body without data at a birth's date (named with the person), or a failure of the library.
pub fn compute(
    eph: &Ephemeris,
    input: &RelationshipInput,
) -> Result<RelationshipResponse, CalcFailure> {
    let chart = cast(eph, input)?;
    let content = |chart| ChartContent::new(chart, Some(&input.aspects));
    let mut response = RelationshipResponse {
        method: input.method,
        settings: SettingsDto {
            house_system: Named(input.house_system),
            bodies: input.bodies.iter().copied().map(BodyField).collect(),
            include_natal_charts: input.include_natal_charts,
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        person_a: person_echo(&input.person_a),
        person_b: person_echo(&input.person_b),
        aspects: None,
        davison: None,
        chart: None,
        omitted: omitted_dtos(&input.omitted),
    };
    match chart {
        RelationshipChart::Synastry {
            natal_a,
            natal_b,
            aspects,
        } => {
            response.aspects = Some(SynastryAspectsDto {
                first: PersonField::PersonA,
                second: PersonField::PersonB,
                list: AspectListDto::new(&input.aspects, AspectPairing::Cross, &aspects),
            });
            if input.include_natal_charts {
                response.person_a.chart = Some(content(&natal_a));
                response.person_b.chart = Some(content(&natal_b));
            }
        }
        RelationshipChart::Composite(composite) => {
            let mut content = content(&composite.chart);
            if !composite.same_natal_system {
                content.house_system_used = None;
            }
            response.chart = Some(RelationshipChartDto {
                content,
                cusps_in_order: composite
                    .chart
                    .houses
                    .as_ref()
                    .map(|_| composite.cusps_in_order),
                cusp_order_note: composite.cusp_order_note(),
            });
        }
        RelationshipChart::Davison {
            instant,
            jd,
            place,
            chart,
        } => {
            response.davison = Some(DavisonDto {
                utc: utc_to_second(instant),
                julian_day_ut: jd.0,
                location: LocationEcho::from(place),
            });
            response.chart = Some(RelationshipChartDto {
                content: content(&chart),
                cusps_in_order: None,
                cusp_order_note: None,
            });
        }
    }
    Ok(response)
}

/// Casts the relationship chart of the validated request (the core's one call).
///
/// # Errors
/// As [`compute`].
pub(crate) fn cast(
    eph: &Ephemeris,
    input: &RelationshipInput,
) -> Result<RelationshipChart, CalcFailure> {
    let method = match (input.method, input.davison_place) {
        (Method::Synastry, _) => RelationshipMethod::Synastry,
        (Method::Composite, _) => RelationshipMethod::Composite,
        (Method::Davison, Some(place)) => RelationshipMethod::Davison { place },
        (Method::Davison, None) => {
            return Err(CalcFailure::Internal(
                "the Davison place was not validated".into(),
            ));
        }
    };
    let query = RelationshipQuery {
        method,
        person_a: RelationshipInput::birth(&input.person_a),
        person_b: RelationshipInput::birth(&input.person_b),
        bodies: &input.bodies,
        house_system: input.house_system.system,
        aspects: &input.aspects,
        include_axes: input.include_axes,
    };
    relationship_chart(eph, &query).map_err(chart_failure)
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::RelationshipInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for RelationshipInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for RelationshipInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            [&self.person_a, &self.person_b]
                .into_iter()
                .map(|person| InputInstant::birth(&format!("{}.birth", person.path), &person.birth))
                .collect()
        }

        fn preset_name(&self) -> Option<&'static str> {
            self.preset.as_ref().map(|preset| preset.preset().name())
        }
    }
}
