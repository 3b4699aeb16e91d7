//! `POST /v1/returns` and `POST /v1/mercury-return`: the next times a body comes back to its
//! natal longitude (plus an optional target angle), each with the return chart.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `natal` | the birth, `{datetime, timezone, location, lmt?, ambiguous_time?}` as for radix: the service computes each planet's natal longitude |
//! | `natal_positions` | instead of `natal`: point name to ecliptic longitude in degrees (`{"sun": 54.4}`); must hold every planet asked for (other names are ignored); longitudes are reduced to `[0, 360)` |
//! | `planet` | a body name or an array of them, from [`RETURN_BODIES`] (`mean_lilith` is accepted for `mean_apogee`); required by `/v1/returns`; `/v1/mercury-return` fixes it to `mercury` (leave it out, or say `mercury`) |
//! | `target_angle` | degrees added to the natal longitude, 0..360 (360 is 0); default 0 (the return); 180 the demi-return, 90 and 270 the quarter returns |
//! | `from` | the search start, ISO 8601 with `Z` or an offset; default now (then the answer is not cacheable: `Cache-Control: no-store`) |
//! | `count` | returns per planet, 1..[`MAX_RETURNS`]; default 1 |
//! | `location` | `{latitude, longitude, altitude?}`: the place of the return charts; default the birth place of `natal`; required with `natal_positions` when a chart is asked for |
//! | `include` | a subset of `chart` (the planets of the return chart), `houses` (cusps and angles), `aspects`; default all three. `crossings` is additive and not in the default: it lists every crossing of each return's cluster. `[]` or `["crossings"]` give the times only, without a chart |
//! | `house_system` | default `koch`, names as for radix |
//! | `aspects` | `{orbs, aspect_types, aspects, include_axes}` as radix's `options.aspects`; default the major aspects with the `classic` orbs, AC and MC included |
//!
//! Exactly one of `natal` and `natal_positions`, or the request is a 400. The body of
//! `/v1/mercury-return` may be left out as a whole (docs/CONVENTIONS.md), but a return
//! needs a natal longitude: without `natal` or `natal_positions` the answer is a 400 that says
//! so. Longitudes are geocentric, tropical and apparent.
//!
//! # What a return is
//!
//! The body passes the target longitude (the natal longitude plus `target_angle`). A planet that
//! loops over the target (direct, retrograde, direct; up to five passes for the outer planets)
//! makes one return of those passes, a cluster; the return's time is the cluster's **last direct
//! crossing**. The returns are the first `count` whose time is at or after `from`; a return in
//! progress at `from` counts when its last direct pass is still ahead, and `crossings` then also
//! lists its passes before `from`. The mean node always moves backward: its returns are its
//! (retrograde) crossings, `retrograde_at_exact` is `true`. The definitions in full:
//! [`orrery_astro::techniques::returns`].
//!
//! # Response
//!
//! ```json
//! {
//!   "settings": {
//!     "planets": ["sun"], "from": "2024-01-01T00:00:00Z", "from_source": "request",
//!     "count": 1, "target_angle": 0.0, "include": ["chart", "houses", "aspects"],
//!     "house_system": "koch", "location": {"latitude": 52.52, "longitude": 13.405, "altitude": 0.0}
//!   },
//!   "natal": {
//!     "source": "natal",
//!     "resolved": {"utc": "1990-05-15T12:30:00Z", "julian_day_ut": 2448027.02, …},
//!     "longitudes": {"sun": 54.42}
//!   },
//!   "returns": {
//!     "sun": [
//!       {
//!         "planet": "sun", "natal_longitude": 54.42, "target_longitude": 54.42,
//!         "exact_at": "2024-05-15T02:47:12Z", "exact_at_jd": 2460445.616, "longitude_speed": 0.96,
//!         "retrograde_at_exact": false, "ephemeris": "swiss",
//!         "chart": {
//!           "ephemeris": "swiss", "house_system_used": "koch",
//!           "planets": {"sun": {"longitude": 54.42, …, "house": 9}, …},
//!           "houses": {"1": 171.2, …, "12": 150.3},
//!           "angles": {"ascendant": {…}, "mc": {…}, …},
//!           "aspects": {"settings": {…}, "total_strength": 6.1, "list": […]}
//!         },
//!         "crossings": [{"exact_at": "2024-05-15T02:47:12Z", "exact_at_jd": 2460445.616, "direction": "direct"}]
//!       }
//!     ]
//!   }
//! }
//! ```
//!
//! * `settings.from` is the search start in UTC, `from_source` `request` or `now`.
//!   `location` and `house_system` are there when a chart is computed.
//! * `natal.source` is `natal` (then `resolved` echoes the birth instant as every chart does)
//!   or `natal_positions`; `longitudes` are the natal longitudes used.
//! * `returns` has one array per planet, in the request's order, each sorted by time.
//!   `exact_at` is UTC to the second, `exact_at_jd` the Julian day (UT) of the solved instant
//!   (within half a second of the exact time), `longitude_speed` the body's speed there in
//!   degrees per day, `retrograde_at_exact` when it is negative. `ephemeris` is `swiss`, or
//!   `moshier` where the library fell back to its analytical model (the planets before 1200);
//!   beyond that model's years (3000) a return is a 400 that says so.
//! * `chart` (with `chart`, `houses` or `aspects` in `include`) is the chart at `exact_at_jd`
//!   and `location`: `planets` (radix's shape, with the house of each body), `houses` and
//!   `angles`, `aspects` (radix's list), `ephemeris`, `house_system_used` (and
//!   `house_system_note` where a quadrant system falls back to Porphyry at polar latitudes).
//! * `crossings` (with `crossings` in `include`): every pass of the cluster in time order, with
//!   `direction` `direct` or `retrograde`; a body that does not loop over the target has one.
//!
//! # Errors
//!
//! Validation errors name the field and the rule (`count must be between 1 and 50 (got 0)`,
//! `planet[1] must be one of sun, moon, … (got "true_node")`). A body without ephemeris data for
//! the dates (Chiron and the asteroids before 1200, any body after 4800) is a 400 naming
//! it and the date. Return charts hold radix's default bodies, Chiron among them, so a chart
//! outside 1200–4800 is such a 400 too: ask for the times alone there (`include: []`). A failure
//! of the search itself is a 500.

use std::collections::BTreeMap;

use jiff::Timestamp;
use orrery_astro::angle::Longitude;
use orrery_astro::aspects::AspectConfig;
use orrery_astro::body::Body;
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::techniques::cast::{CastOptions, ChartParts};
use orrery_astro::techniques::returns::{
    BodyReturns, CrossingDirection, MAX_RETURNS, RETURN_BODIES, ReturnChartPlan, ReturnError,
    ReturnWithChart, ReturnsNatal as CoreNatal, ReturnsQuery, return_body_names, return_set,
};
use orrery_astro::time::julian_day_ut;
use orrery_ephem::{Ephemeris, HouseSystem, Observer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bounded::bounded_number;
use crate::chart_content::{ChartContent, RadixAspectsDto};
use crate::closed_sets::EphemerisName;
use crate::common::{
    BirthDto, LocationDto, LocationEcho, OrderedMap, ResolvedBirth, ResolvedTimeDto,
    ephemeris_name, utc_of,
};
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::instant_fields::{ExactAtFields, Stamp};
use crate::names::{BodyField, HouseSystemField, Named, string_field};
use crate::natal::{NatalChoice, choose_natal, natal_longitude};
use crate::presets::{AppliedPreset, PresetEcho, read_birth};

/// What a returns response contains besides the times.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReturnPart {
    /// The planets of the return chart.
    Chart,
    /// The cusps and angles of the return chart.
    Houses,
    /// The aspects of the return chart.
    Aspects,
    /// Every crossing of each return's cluster (not in the default).
    Crossings,
}

/// The default `include`: the whole chart, no crossings.
pub const DEFAULT_PARTS: [ReturnPart; 3] =
    [ReturnPart::Chart, ReturnPart::Houses, ReturnPart::Aspects];

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReturnsRequest {
    /// The birth: the service computes the natal longitudes.
    #[serde(default)]
    pub natal: Option<BirthDto>,
    /// Or the natal longitudes by point name.
    #[serde(default)]
    #[schema(value_type = Option<crate::common::PointLongitudes>)]
    pub natal_positions: Option<BTreeMap<String, f64>>,
    /// A body name, or an array of them.
    #[serde(default)]
    pub planet: Option<ReturnPlanetsField>,
    /// Degrees added to the natal longitude, 0..360 (360 = 0; 180: demi-return); default 0.
    #[serde(default)]
    pub target_angle: Option<TargetAngleDeg>,
    /// The search start; default now.
    #[serde(default)]
    pub from: Option<Instant>,
    /// How many returns, 1..50; default 1.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 50)]
    pub count: Option<i64>,
    /// The return chart's place; default the birth place.
    #[serde(default)]
    pub location: Option<LocationDto>,
    /// Parts besides the times: `chart`, `houses`, `aspects`, `crossings`; default `chart`, `houses`, `aspects`.
    #[serde(default)]
    pub include: Option<Vec<ReturnPart>>,
    /// House system of the return charts (`GET /v1/catalog/house-systems`); default `koch`.
    #[serde(default)]
    pub house_system: Option<crate::names::HouseSystemField>,
    /// Aspect selection and orbs of the return charts, as radix; default major aspects, `classic` orbs, with AC and MC.
    #[serde(default)]
    pub aspects: Option<RadixAspectsDto>,
    /// A peer's conventions (`GET /v1/catalog/presets`) for the `natal` birth (calendar, Local
    /// Mean Time) and the return charts' house system and aspects, where left unset. Echoed in
    /// `settings.preset`.
    #[serde(default)]
    pub preset: Option<crate::names::PresetField>,
}

bounded_number!(
    /// Degrees added to the natal longitude.
    TargetAngleDeg,
    TargetAngleDegBounds,
    (0.0, 360.0),
    "Degrees added to the natal longitude, 0..360 (360 = 0; 180: demi-return)."
);

/// Where the natal longitudes come from.
#[derive(Debug, Clone)]
pub enum ReturnsNatal {
    /// The birth: the longitudes are computed.
    Birth(ResolvedBirth),
    /// Given, one per planet asked for.
    Positions(Vec<(Body, Longitude)>),
}

/// A validated returns request.
#[derive(Debug, Clone)]
pub struct ReturnsInput {
    pub bodies: Vec<Body>,
    pub natal: ReturnsNatal,
    pub target_angle_deg: f64,
    pub from: Timestamp,
    /// `from` was left out and is the current time: the answer is not cacheable.
    pub used_now: bool,
    pub count: usize,
    pub parts: Vec<ReturnPart>,
    /// The return charts' place and settings, when a chart is asked for.
    pub chart: Option<ReturnChartSettings>,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

/// How the return charts are computed.
#[derive(Debug, Clone)]
pub struct ReturnChartSettings {
    pub place: Observer,
    pub house_system: HouseSystemName,
    pub aspects: AspectConfig,
    pub include_axes: bool,
}

/// Which endpoint a request came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnsEndpoint {
    /// `/v1/returns`: `planet` is required.
    Returns,
    /// `/v1/mercury-return`: the planet is fixed to Mercury.
    MercuryReturn,
}

impl ReturnsRequest {
    /// Validates the request; `now` is the search start when `from` is left out.
    ///
    /// # Errors
    /// Every field that breaks its rule, named with its path.
    pub fn validate(
        &self,
        now: Timestamp,
        endpoint: ReturnsEndpoint,
    ) -> Result<ReturnsInput, ApiInputError> {
        let bodies = match endpoint {
            ReturnsEndpoint::MercuryReturn => fixed_planet(self.planet.as_ref(), Body::Mercury)?,
            ReturnsEndpoint::Returns => planets(self.planet.as_ref())?,
        };
        let mut preset = self.preset.map(|field| AppliedPreset::new(field.0));
        let natal = self.natal_source(&bodies, preset.as_mut())?;
        let target_angle_deg = match self.target_angle {
            // 360 is the same point as 0.
            Some(deg) => deg.get().rem_euclid(360.0),
            None => 0.0,
        };
        let (from, used_now) = match self.from {
            Some(from) => (from.timestamp(), false),
            None => (now, true),
        };
        let count = match self.count {
            None => 1,
            Some(n) => usize::try_from(n)
                .ok()
                .filter(|n| (1..=MAX_RETURNS).contains(n))
                .ok_or_else(|| {
                    ApiInputError::field(
                        "count",
                        format!("must be between 1 and {MAX_RETURNS} (got {n})"),
                    )
                })?,
        };
        let mut parts: Vec<ReturnPart> = Vec::with_capacity(4);
        for &part in self.include.as_deref().unwrap_or(&DEFAULT_PARTS) {
            if !parts.contains(&part) {
                parts.push(part);
            }
        }
        let (house_system, aspects) = match &mut preset {
            Some(preset) => (
                preset.house_system("house_system", self.house_system)?,
                preset.aspects("aspects.", self.aspects.as_ref())?,
            ),
            None => (self.house_system, self.aspects.clone()),
        };
        let house_system =
            house_system.map_or_else(|| HouseSystemName::of(HouseSystem::KOCH), |field| field.0);
        let (aspects, include_axes) = aspects.unwrap_or_default().to_config("aspects.")?;
        let place = match (&self.location, &natal) {
            (Some(location), _) => Some(location.resolve("location")?),
            (None, ReturnsNatal::Birth(birth)) => Some(birth.place),
            (None, ReturnsNatal::Positions(_)) => None,
        };
        let wants_chart = parts.iter().any(|p| *p != ReturnPart::Crossings);
        let chart = if wants_chart {
            let place = place.ok_or_else(|| {
                ApiInputError::field(
                    "location",
                    "is required with natal_positions: the place of the return charts \
                     (or leave chart, houses and aspects out of include)",
                )
            })?;
            Some(ReturnChartSettings {
                place,
                house_system,
                aspects,
                include_axes,
            })
        } else {
            None
        };
        Ok(ReturnsInput {
            bodies,
            natal,
            target_angle_deg,
            from,
            used_now,
            count,
            parts,
            chart,
            preset,
        })
    }

    fn natal_source(
        &self,
        bodies: &[Body],
        preset: Option<&mut AppliedPreset>,
    ) -> Result<ReturnsNatal, ApiInputError> {
        let natal = self
            .natal
            .as_ref()
            .map(|birth| read_birth(preset, "natal", birth));
        let map = match choose_natal(
            natal.as_deref(),
            self.natal_positions.as_ref(),
            "natal or natal_positions is required: a return needs the natal longitude of each \
             planet, from the birth {datetime, timezone, location} or given by name \
             ({\"sun\": 54.4, …})",
        )? {
            NatalChoice::Birth(birth) => return Ok(ReturnsNatal::Birth(birth)),
            NatalChoice::Positions(map) => map,
        };
        for (name, &lon_deg) in map {
            natal_longitude(name, lon_deg)?;
        }
        bodies
            .iter()
            .map(|&body| {
                let name = body.name();
                let lon_deg = map.get(name.as_ref()).copied().ok_or_else(|| {
                    ApiInputError::field(
                        &format!("natal_positions.{name}"),
                        format!("is required: the natal longitude of {name}, a planet asked for"),
                    )
                })?;
                Ok((body, natal_longitude(&name, lon_deg)?))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(ReturnsNatal::Positions)
    }
}

/// A body whose returns can be searched (`mean_lilith` is accepted for `mean_apogee`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReturnBodyField(pub Body);

impl ReturnBodyField {
    fn parse(name: &str) -> Result<Self, String> {
        Body::parse(name)
            .ok()
            .filter(|body| RETURN_BODIES.contains(body))
            .map(Self)
            .ok_or_else(|| {
                format!(
                    "must be one of {} (got {name:?})",
                    return_body_names().join(", ")
                )
            })
    }

    fn names() -> impl Iterator<Item = String> {
        RETURN_BODIES
            .iter()
            .map(|b| b.name().into_owned())
            .chain(["mean_lilith".to_owned()])
    }
}

string_field!(
    ReturnBodyField,
    "ReturnBody",
    utoipa::openapi::schema::ObjectBuilder::new()
        .enum_values(Some(ReturnBodyField::names()))
        .description(Some(
            "A body whose returns are searched (`mean_lilith` is accepted for `mean_apogee`).",
        ))
);

/// `planet`: one body or a list of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReturnPlanetsField {
    One(ReturnBodyField),
    Many(Vec<ReturnBodyField>),
}

impl<'de> Deserialize<'de> for ReturnPlanetsField {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;

        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ReturnPlanetsField;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(
                    f,
                    "a body name or an array of them, from {}",
                    return_body_names().join(", ")
                )
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Self::Value, E> {
                ReturnBodyField::parse(name)
                    .map(ReturnPlanetsField::One)
                    .map_err(E::custom)
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let mut bodies = Vec::new();
                while let Some(body) = seq.next_element::<ReturnBodyField>()? {
                    bodies.push(body);
                }
                Ok(ReturnPlanetsField::Many(bodies))
            }
        }

        deserializer.deserialize_any(Visitor)
    }
}

impl utoipa::PartialSchema for ReturnPlanetsField {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ArrayBuilder, OneOfBuilder};
        OneOfBuilder::new()
            .item(utoipa::openapi::Ref::from_schema_name(
                ReturnBodyField::name(),
            ))
            .item(
                ArrayBuilder::new()
                    .items(utoipa::openapi::Ref::from_schema_name(
                        ReturnBodyField::name(),
                    ))
                    // `planets`: "must name at least one body".
                    .min_items(Some(1)),
            )
            .description(Some("A body name or an array of them."))
            .into()
    }
}

impl ToSchema for ReturnPlanetsField {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("ReturnPlanets")
    }

    /// `ReturnBody` as a schema of its own, so a generated client names the one-body case.
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        schemas.push((ReturnBodyField::name().into(), ReturnBodyField::schema()));
    }
}

fn planets(field: Option<&ReturnPlanetsField>) -> Result<Vec<Body>, ApiInputError> {
    let field = field.ok_or_else(|| {
        ApiInputError::field(
            "planet",
            format!(
                "is required: a body name or an array of them, from {}",
                return_body_names().join(", ")
            ),
        )
    })?;
    match field {
        ReturnPlanetsField::Many(items) if items.is_empty() => Err(ApiInputError::field(
            "planet",
            "must name at least one body",
        )),
        ReturnPlanetsField::Many(items) => {
            let mut bodies = Vec::with_capacity(items.len());
            for &ReturnBodyField(body) in items {
                if !bodies.contains(&body) {
                    bodies.push(body);
                }
            }
            Ok(bodies)
        }
        ReturnPlanetsField::One(ReturnBodyField(body)) => Ok(vec![*body]),
    }
}

/// The planet of an alias endpoint: `planet` may be left out or name that planet.
fn fixed_planet(
    field: Option<&ReturnPlanetsField>,
    fixed: Body,
) -> Result<Vec<Body>, ApiInputError> {
    let Some(field) = field else {
        return Ok(vec![fixed]);
    };
    match planets(Some(field)) {
        Ok(bodies) if bodies == [fixed] => Ok(bodies),
        Ok(bodies) => Err(ApiInputError::field(
            "planet",
            format!(
                "is fixed to {name} on this endpoint: leave it out or give \"{name}\" (got {got}); \
                 /v1/returns takes any planet",
                name = fixed.name(),
                got = bodies
                    .iter()
                    .map(|body| format!("{:?}", body.name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
        Err(error) => Err(error),
    }
}

/// The search settings echoed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ReturnsSettings)]
pub struct ReturnsSettingsDto {
    /// The bodies whose returns are searched, in the request's order.
    pub planets: Vec<BodyField>,
    /// The search start, UTC (ISO 8601).
    pub from: String,
    /// `request`, or `now` when `from` was left out.
    pub from_source: FromSource,
    /// Returns per planet.
    pub count: usize,
    /// Degrees added to the natal longitude (0: the return, 180: the demi-return).
    pub target_angle: f64,
    /// The parts shown besides the times.
    pub include: Vec<ReturnPart>,
    /// The return charts' house system; absent without a chart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_system: Option<HouseSystemField>,
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<PresetEcho>,
    /// The return charts' place; absent without a chart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<LocationEcho>,
}

/// Where the search start came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReturnsFromSource)]
pub enum FromSource {
    /// The request's `from`.
    Request,
    /// The current time (`from` left out).
    Now,
}

/// Which input gave the natal longitudes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReturnsNatalSource)]
pub enum NatalSourceName {
    /// Computed from the birth.
    Natal,
    /// Given in `natal_positions`.
    NatalPositions,
}

/// Which way a crossing goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReturnCrossingDirection)]
pub enum CrossingDirectionDto {
    /// Forward in longitude.
    Direct,
    /// Backward in longitude.
    Retrograde,
}

impl From<CrossingDirection> for CrossingDirectionDto {
    fn from(direction: CrossingDirection) -> Self {
        match direction {
            CrossingDirection::Direct => Self::Direct,
            CrossingDirection::Retrograde => Self::Retrograde,
        }
    }
}

/// Where the natal longitudes came from.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ReturnsNatal)]
pub struct ReturnsNatalDto {
    /// `natal` or `natal_positions`.
    pub source: NatalSourceName,
    /// The birth instant, when computed from `natal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolved: Option<ResolvedTimeDto>,
    /// The natal longitude of each planet, degrees.
    #[schema(value_type = BTreeMap<String, f64>)]
    pub longitudes: OrderedMap<f64>,
}

/// The chart at a return: the same shape as a radix chart.
pub type ReturnChartDto = ChartContent;

/// One pass over the target.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Crossing)]
pub struct CrossingDto {
    /// The crossing.
    #[serde(flatten)]
    pub exact: ExactAtFields,
    /// `direct` or `retrograde`.
    pub direction: CrossingDirectionDto,
}

/// One return.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Return)]
pub struct ReturnDto {
    /// The body.
    pub planet: BodyField,
    /// The body's natal longitude, degrees.
    pub natal_longitude: f64,
    /// The natal longitude plus the target angle, degrees.
    pub target_longitude: f64,
    /// The cluster's last direct crossing.
    #[serde(flatten)]
    pub exact: ExactAtFields,
    /// Degrees per day at `exact_at`.
    pub longitude_speed: f64,
    /// Whether the speed at `exact_at` is negative.
    pub retrograde_at_exact: bool,
    /// `swiss`, or `moshier` where the library fell back to its analytical model (outside the
    /// data files' years).
    pub ephemeris: EphemerisName,
    /// The chart cast at `exact_at` (the parts of `include`); absent without them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart: Option<ReturnChartDto>,
    /// With `include: crossings`: every crossing of the return's cluster, in time order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crossings: Option<Vec<CrossingDto>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReturnsResponse {
    pub settings: ReturnsSettingsDto,
    pub natal: ReturnsNatalDto,
    /// Keyed by planet, in the request's order.
    #[schema(value_type = BTreeMap<String, Vec<ReturnDto>>)]
    pub returns: OrderedMap<Vec<ReturnDto>>,
}

fn search_failure(error: ReturnError) -> CalcFailure {
    match error {
        ReturnError::Chart(e) => e.into(),
        ReturnError::Aspect(e) => CalcFailure::Internal(e.to_string()),
        ReturnError::Body { .. }
        | ReturnError::Count { .. }
        | ReturnError::TargetAngle { .. }
        | ReturnError::From { .. } => CalcFailure::Input(ApiInputError::new(error.to_string())),
        ReturnError::Scan { .. } | ReturnError::Solve { .. } | ReturnError::NotFound { .. } => {
            CalcFailure::Internal(error.to_string())
        }
    }
}

fn return_dto(input: &ReturnsInput, found: &ReturnWithChart) -> Result<ReturnDto, CalcFailure> {
    let (chart, found) = (&found.chart, &found.found);
    let crossings = if input.parts.contains(&ReturnPart::Crossings) {
        Some(
            found
                .crossings
                .iter()
                .map(|c| {
                    Ok(CrossingDto {
                        exact: Stamp::new(utc_of(c.at)?, c.at),
                        direction: c.direction.into(),
                    })
                })
                .collect::<Result<Vec<_>, CalcFailure>>()?,
        )
    } else {
        None
    };
    Ok(ReturnDto {
        planet: BodyField(found.body),
        natal_longitude: found.natal_lon.degrees(),
        target_longitude: found.target_lon.degrees(),
        exact: Stamp::new(utc_of(found.exact_at)?, found.exact_at),
        longitude_speed: found.speed_deg_per_day,
        retrograde_at_exact: found.retrograde_at_exact,
        ephemeris: ephemeris_name(found.source),
        chart: match (chart, &input.chart) {
            (Some(chart), Some(settings)) => {
                Some(ChartContent::new(chart, Some(&settings.aspects)))
            }
            _ => None,
        },
        crossings,
    })
}

/// Finds the returns and builds their charts.
///
/// # Errors
/// A body without data for the dates (a 400), or a failure of the search (a 500).
pub fn compute(eph: &Ephemeris, input: &ReturnsInput) -> Result<ReturnsResponse, CalcFailure> {
    let set = search(eph, input)?;
    let mut returns = OrderedMap::default();
    for body in &set {
        let dtos = body
            .returns
            .iter()
            .map(|r| return_dto(input, r))
            .collect::<Result<Vec<_>, _>>()?;
        returns.0.push((body.body.name().into_owned(), dtos));
    }
    Ok(ReturnsResponse {
        settings: ReturnsSettingsDto {
            planets: input.bodies.iter().copied().map(BodyField).collect(),
            from: input.from.to_string(),
            from_source: if input.used_now {
                FromSource::Now
            } else {
                FromSource::Request
            },
            count: input.count,
            target_angle: input.target_angle_deg,
            include: input.parts.clone(),
            house_system: input.chart.as_ref().map(|c| Named(c.house_system)),
            location: input.chart.as_ref().map(|c| LocationEcho::from(c.place)),
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        natal: ReturnsNatalDto {
            source: match input.natal {
                ReturnsNatal::Birth(_) => NatalSourceName::Natal,
                ReturnsNatal::Positions(_) => NatalSourceName::NatalPositions,
            },
            resolved: match &input.natal {
                ReturnsNatal::Birth(birth) => Some(ResolvedTimeDto::new(birth)),
                ReturnsNatal::Positions(_) => None,
            },
            longitudes: OrderedMap(
                set.iter()
                    .map(|b| (b.body.name().into_owned(), b.natal_lon.degrees()))
                    .collect(),
            ),
        },
        returns,
    })
}

/// The returns of the validated request, each with its chart as the parts ask (the core's
/// one call).
///
/// # Errors
/// As [`compute`].
pub(crate) fn search(
    eph: &Ephemeris,
    input: &ReturnsInput,
) -> Result<Vec<BodyReturns>, CalcFailure> {
    let wants = |part| input.parts.contains(&part);
    let chart = input.chart.as_ref().map(|settings| {
        let needs_houses = wants(ReturnPart::Houses)
            || wants(ReturnPart::Chart)
            || (wants(ReturnPart::Aspects) && settings.include_axes);
        ReturnChartPlan {
            place: settings.place,
            house_system: needs_houses.then_some(settings.house_system.system),
            options: CastOptions {
                parts: ChartParts {
                    bodies: wants(ReturnPart::Chart),
                    houses: wants(ReturnPart::Houses),
                },
                aspects: wants(ReturnPart::Aspects).then(|| settings.aspects.clone()),
                include_axes: settings.include_axes,
            },
        }
    });
    return_set(
        eph,
        &ReturnsQuery {
            natal: match &input.natal {
                ReturnsNatal::Birth(birth) => CoreNatal::Birth { jd: birth.jd },
                ReturnsNatal::Positions(given) => CoreNatal::Positions(given),
            },
            bodies: &input.bodies,
            target_angle_deg: input.target_angle_deg,
            from: julian_day_ut(input.from),
            count: input.count,
            chart,
        },
    )
    .map_err(search_failure)
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{ReturnsInput, ReturnsNatal};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for ReturnsInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for ReturnsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            let mut instants = match &self.natal {
                ReturnsNatal::Birth(birth) => vec![InputInstant::birth("natal", birth)],
                ReturnsNatal::Positions(_) => Vec::new(),
            };
            instants.push(InputInstant::at("from", self.from));
            instants
        }

        fn preset_name(&self) -> Option<&'static str> {
            self.preset.as_ref().map(|preset| preset.preset().name())
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn now() -> Timestamp {
        "2024-06-01T12:00:00Z".parse().unwrap()
    }

    fn request(value: serde_json::Value) -> ReturnsRequest {
        serde_json::from_value(value).unwrap()
    }

    /// Parsed as the server parses a body, then validated: the message of either step's error.
    fn error(value: serde_json::Value) -> String {
        crate::parse::json_value::<ReturnsRequest>(value)
            .and_then(|request| request.validate(now(), ReturnsEndpoint::Returns).map(drop))
            .unwrap_err()
            .message
            .into()
    }

    fn birth() -> serde_json::Value {
        json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
               "location": {"latitude": 52.52, "longitude": 13.405}})
    }

    #[test]
    fn defaults() {
        let input = request(json!({"natal": birth(), "planet": "sun"}))
            .validate(now(), ReturnsEndpoint::Returns)
            .unwrap();
        assert_eq!(input.bodies, [Body::Sun]);
        assert_eq!(input.count, 1);
        assert!(input.target_angle_deg == 0.0);
        assert!(input.used_now && input.from == now());
        assert_eq!(input.parts, DEFAULT_PARTS);
        let chart = input.chart.unwrap();
        assert_eq!(chart.house_system.name, "koch");
        assert!((chart.place.lat_deg - 52.52).abs() < 1e-12);
    }

    #[test]
    fn planets_as_a_string_or_an_array_with_aliases_and_duplicates() {
        let input = request(json!({"natal": birth(), "from": "2024-01-01T00:00:00Z",
            "planet": ["moon", "mean_lilith", "moon"], "target_angle": 360}))
        .validate(now(), ReturnsEndpoint::Returns)
        .unwrap();
        assert_eq!(input.bodies, [Body::Moon, Body::MeanApogee]);
        assert!(input.target_angle_deg == 0.0 && !input.used_now);
    }

    #[test]
    fn every_rule_is_a_400_naming_the_field() {
        let n = birth();
        for (body, expected) in [
            (
                json!({"natal": n, "planet": "sun", "count": 0}),
                "count must be between 1 and 50 (got 0)",
            ),
            (
                json!({"natal": n, "planet": "sun", "count": 51}),
                "count must be between 1 and 50 (got 51)",
            ),
            (
                json!({"natal": n, "planet": "sun", "target_angle": -1}),
                "target_angle must be between 0 and 360 (got -1)",
            ),
            (
                json!({"natal": n, "planet": "sun", "target_angle": 360.5}),
                "target_angle must be between 0 and 360",
            ),
            (json!({"natal": n}), "planet is required"),
            (
                json!({"natal": n, "planet": []}),
                "planet must name at least one body",
            ),
            (
                json!({"natal": n, "planet": "true_node"}),
                "planet must be one of sun, moon",
            ),
            (
                json!({"natal": n, "planet": ["sun", 3]}),
                "planet[1]: invalid type: integer `3`, expected a string",
            ),
            (
                json!({"natal": n, "planet": ["sun", "earth"]}),
                "planet[1] must be one of",
            ),
            (
                json!({"planet": "sun"}),
                "natal or natal_positions is required",
            ),
            (
                json!({"natal": n, "natal_positions": {"sun": 1.0}, "planet": "sun"}),
                "give either natal",
            ),
            (
                json!({"natal_positions": {"moon": 1.0}, "planet": "sun", "location": {"latitude": 0, "longitude": 0}}),
                "natal_positions.sun is required",
            ),
            (
                json!({"natal_positions": {"sun": 1.0}, "planet": "sun"}),
                "location is required with natal_positions",
            ),
            (
                json!({"natal": n, "planet": "sun", "from": "2024-01-01T00:00:00"}),
                "from must be a UTC date-time",
            ),
            (json!({"natal": n, "planet": "sun", "from": "soon"}), "from"),
            (
                json!({"natal": n, "planet": "sun", "location": {"latitude": 91, "longitude": 0}}),
                "location.latitude must be between -90 and 90 (got 91)",
            ),
            (
                json!({"natal": n, "planet": "sun", "house_system": "nope"}),
                "house_system: unknown house system `nope`",
            ),
            (
                json!({"natal": n, "planet": "sun", "aspects": {"orbs": "huge"}}),
                "aspects.orbs: unknown orb preset",
            ),
            (
                json!({"natal": n, "planet": "sun", "aspects": {"aspects": ["trine", "nope"]}}),
                "aspects.aspects[1]",
            ),
            (
                json!({"natal": {"datetime": "1990-05-15T14:30:00", "location": {"latitude": 0, "longitude": 0}}, "planet": "sun"}),
                "natal.timezone is required",
            ),
        ] {
            let message = error(body.clone());
            assert!(message.starts_with(expected), "{body}: {message}");
        }
    }

    #[test]
    fn natal_positions_need_no_location_without_a_chart() {
        let input = request(json!({"natal_positions": {"sun": 370.0, "ascendant": 5.0},
            "planet": "sun", "include": ["crossings"]}))
        .validate(now(), ReturnsEndpoint::Returns)
        .unwrap();
        assert!(input.chart.is_none());
        match input.natal {
            ReturnsNatal::Positions(given) => {
                assert_eq!(given.len(), 1);
                assert!((given[0].1.degrees() - 10.0).abs() < 1e-12);
            }
            ReturnsNatal::Birth(_) => panic!("positions"),
        }
    }

    #[test]
    fn the_alias_fixes_its_planet() {
        let r = request(json!({"natal": birth()}));
        assert_eq!(
            r.validate(now(), ReturnsEndpoint::MercuryReturn)
                .unwrap()
                .bodies,
            [Body::Mercury]
        );
        let r = request(json!({"natal": birth(), "planet": ["mercury"]}));
        assert!(r.validate(now(), ReturnsEndpoint::MercuryReturn).is_ok());
        let r = request(json!({"natal": birth(), "planet": "venus"}));
        let message = r
            .validate(now(), ReturnsEndpoint::MercuryReturn)
            .unwrap_err()
            .message;
        assert!(
            message.starts_with("planet is fixed to mercury"),
            "{message}"
        );
        // An empty body: a return needs natal data.
        let message = ReturnsRequest::default()
            .validate(now(), ReturnsEndpoint::MercuryReturn)
            .unwrap_err()
            .message;
        assert!(
            message.starts_with("natal or natal_positions is required"),
            "{message}"
        );
    }
}
