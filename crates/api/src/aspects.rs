//! `POST /v1/aspects`: aspects within a list of positions, across two lists (synastry), or
//! between the standard planets at an instant.

use std::collections::BTreeMap;

use jiff::Timestamp;
use orrery_astro::angle::Longitude;
use orrery_astro::aspects::{
    AspectConfig, AspectPoint, Declination, OrbPreset, find_cross, find_within,
};
use orrery_astro::body::Body;
use orrery_astro::chart::MissingData;
use orrery_astro::techniques::cast::{CastInput, cast_chart};
use orrery_astro::time::julian_day_ut;
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::aspect_options::{AspectDto, AspectOptionsDto, AspectPairing, AspectSettingsDto};
use crate::chart_content::cast_failure;
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::parallels::{ParallelListDto, ParallelsDto};

/// At most this many points per list: the pairs grow with the square.
pub const MAX_POINTS_PER_LIST: usize = 100;
/// Point names longer than this are refused.
const MAX_NAME_CHARS: usize = 64;

/// The points computed for a `datetime` request: sun..pluto, mean node and Chiron.
pub const DATETIME_POINTS: [Body; 12] = Body::CORE_POINTS;

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AspectsRequest {
    /// Point name to a longitude, or to `{longitude, speed}`.
    #[serde(default)]
    #[schema(value_type = Option<AspectPositions>)]
    pub positions: Option<BTreeMap<String, PositionField>>,
    /// A second list: then only pairs across the lists are reported.
    #[serde(default)]
    #[schema(value_type = Option<AspectPositions>)]
    pub positions_b: Option<BTreeMap<String, PositionField>>,
    /// An instant: the service computes the standard planets.
    #[serde(default)]
    pub datetime: Option<Instant>,
    /// Aspect categories, `major` and/or `minor`; used when `aspects` is absent; default `major`.
    #[serde(default)]
    pub aspect_types: Option<Vec<crate::names::AspectCategoryField>>,
    /// Aspect names (`GET /v1/catalog/aspects`); takes precedence over `aspect_types`.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub aspects: Option<Vec<crate::names::AspectField>>,
    /// A preset name, a bare number (one orb for all), or `{max, <aspect>: orb, ...}`; default `classic`.
    #[serde(default)]
    pub orbs: Option<crate::aspect_options::OrbsField>,
    /// Parallels and contra-parallels too, among the points with a `declination` (with
    /// `datetime`: all); absent: none.
    #[serde(default)]
    pub parallels: Option<ParallelsDto>,
}

/// Where the points come from.
#[derive(Debug, Clone)]
pub enum AspectSource {
    Lists {
        a: Vec<AspectPoint>,
        b: Option<Vec<AspectPoint>>,
    },
    /// The planets at an instant; `used_now` when the request gave no time at all.
    Instant { instant: Timestamp, used_now: bool },
}

#[derive(Debug, Clone)]
pub struct AspectsInput {
    pub source: AspectSource,
    pub config: AspectConfig,
}

impl AspectsRequest {
    /// Validates the request. With neither `positions` nor `datetime` (an empty body is allowed)
    /// the planets are taken at `now`, and the answer is then not cacheable.
    ///
    /// # Errors
    /// Both sources given, `positions_b` without `positions`, bad points, names or orbs.
    pub fn validate(&self, now: Timestamp) -> Result<AspectsInput, ApiInputError> {
        let options = AspectOptionsDto {
            aspect_types: self.aspect_types.clone(),
            aspects: self.aspects.clone(),
            orbs: self.orbs.clone(),
        };
        let config = options.to_config("", OrbPreset::Classic)?;
        let config = match &self.parallels {
            Some(parallels) => config.with_parallels(parallels.to_config("parallels.")?),
            None => config,
        };
        let source = match (&self.positions, &self.datetime) {
            (Some(_), Some(_)) => {
                return Err(ApiInputError::new(
                    "give either positions or datetime, not both",
                ));
            }
            (Some(a), None) => AspectSource::Lists {
                a: points("positions", a)?,
                b: self
                    .positions_b
                    .as_ref()
                    .map(|b| points("positions_b", b))
                    .transpose()?,
            },
            (None, datetime) => {
                if self.positions_b.is_some() {
                    return Err(ApiInputError::field(
                        "positions_b",
                        "needs positions: it is the second list of a cross (synastry) comparison",
                    ));
                }
                match datetime {
                    Some(instant) => AspectSource::Instant {
                        instant: instant.timestamp(),
                        used_now: false,
                    },
                    None => AspectSource::Instant {
                        instant: now,
                        used_now: true,
                    },
                }
            }
        };
        Ok(AspectsInput { source, config })
    }
}

fn points(
    field: &str,
    map: &BTreeMap<String, PositionField>,
) -> Result<Vec<AspectPoint>, ApiInputError> {
    if map.is_empty() {
        return Err(ApiInputError::field(field, "must name at least one point"));
    }
    if map.len() > MAX_POINTS_PER_LIST {
        return Err(ApiInputError::too_many(
            field,
            format!(
                "may hold at most {MAX_POINTS_PER_LIST} points (got {})",
                map.len()
            ),
            MAX_POINTS_PER_LIST,
            map.len(),
        ));
    }
    map.iter()
        .map(|(name, position)| {
            let path = format!("{field}.{name}");
            if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
                return Err(ApiInputError::field(
                    &path,
                    format!("point names must have 1 to {MAX_NAME_CHARS} characters"),
                ));
            }
            let point = AspectPoint::new(name.clone(), position.longitude, position.speed)
                .map_err(|e| ApiInputError::labelled(&path, e))?;
            match (position.declination, position.declination_speed) {
                (Some(declination), speed) => Declination::new(name, declination, speed)
                    .map(|declination| point.with_declination(declination))
                    .map_err(|e| ApiInputError::labelled(&format!("{path}.declination"), e)),
                (None, Some(_)) => Err(ApiInputError::field(
                    &format!("{path}.declination_speed"),
                    "needs `declination`: it is the declination's daily motion",
                )),
                (None, None) => Ok(point),
            }
        })
        .collect()
}

/// A position of `/v1/aspects`: a longitude in degrees, or `{longitude, speed}` with the speed
/// in degrees per day (which gives `applying` and `exact_in_days`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PositionField {
    pub longitude: Longitude,
    pub speed: Option<f64>,
    /// Degrees, for parallels.
    pub declination: Option<f64>,
    /// Degrees per day.
    pub declination_speed: Option<f64>,
}

impl PositionField {
    const EXPECTED: &'static str = "a longitude in degrees or {\"longitude\": degrees, \"speed\": degrees per day, \"declination\": degrees, \"declination_speed\": degrees per day}";

    fn at(longitude: f64) -> Result<Self, String> {
        Longitude::new(longitude)
            .map(|longitude| Self {
                longitude,
                speed: None,
                declination: None,
                declination_speed: None,
            })
            .map_err(|_| format!("must be a finite longitude (got {longitude})"))
    }
}

impl<'de> Deserialize<'de> for PositionField {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The object form; its own fields name their errors.
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct WithSpeed {
            longitude: f64,
            #[serde(default)]
            speed: Option<f64>,
            #[serde(default)]
            declination: Option<f64>,
            #[serde(default)]
            declination_speed: Option<f64>,
        }

        struct Visitor;

        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = PositionField;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(PositionField::EXPECTED)
            }

            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<PositionField, E> {
                PositionField::at(v).map_err(E::custom)
            }

            #[allow(
                clippy::cast_precision_loss,
                reason = "a longitude given as an integer is far below 2^52"
            )]
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<PositionField, E> {
                self.visit_f64(v as f64)
            }

            #[allow(
                clippy::cast_precision_loss,
                reason = "a longitude given as an integer is far below 2^52"
            )]
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<PositionField, E> {
                self.visit_f64(v as f64)
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<PositionField, A::Error> {
                let object =
                    WithSpeed::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                let mut position = PositionField::at(object.longitude)
                    .map_err(<A::Error as serde::de::Error>::custom)?;
                position.speed = object.speed;
                position.declination = object.declination;
                position.declination_speed = object.declination_speed;
                Ok(position)
            }
        }

        deserializer.deserialize_any(Visitor)
    }
}

/// Positions by point name: each a longitude, or `{longitude, speed}`.
// The schema of `positions` and `positions_b` (their `value_type`), so generated clients get a
// named model; the fields keep their map.
#[derive(Debug, ToSchema)]
pub struct AspectPositions(pub BTreeMap<String, PositionField>);

impl utoipa::PartialSchema for PositionField {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, OneOfBuilder, Type};
        let number = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Number)
                .description(Some(description))
        };
        let mut with_speed = ObjectBuilder::new()
            .title(Some("LongitudeAndSpeed"))
            .schema_type(Type::Object)
            .property("longitude", number("Degrees."))
            .required("longitude")
            .property(
                "speed",
                number("Degrees per day; gives `applying` and `exact_in_days`."),
            )
            .property(
                "declination",
                number("Degrees in [-90, 90], north positive; for `parallels`."),
            )
            .property(
                "declination_speed",
                number("Degrees per day; gives the parallels' `applying` and `exact_in_days`."),
            )
            .additional_properties(Some(AdditionalProperties::FreeForm(false)))
            .build();
        // "declination_speed needs `declination`" (`positions` above). A JSON Schema keyword,
        // not an `x-` extension, so it goes into the map as it is.
        with_speed
            .extensions
            .get_or_insert_with(Default::default)
            .insert(
                "dependentRequired".to_owned(),
                serde_json::json!({"declination_speed": ["declination"]}),
            );
        OneOfBuilder::new()
            .item(number("Longitude, degrees."))
            .item(with_speed)
            .into()
    }
}

impl ToSchema for PositionField {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("AspectPosition")
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AspectsResponse {
    /// The aspects, orbs and mode (`within` one list, or `cross` between two) used.
    pub settings: AspectSettingsDto,
    /// The instant (UTC, ISO 8601), when the service computed the planets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub datetime_utc: Option<String>,
    /// The sum of the aspects' strengths.
    pub total_strength: f64,
    /// The aspects found, closest first.
    pub aspects: Vec<AspectDto>,
    /// The parallels and contra-parallels found; absent unless asked for (`parallels`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parallels: Option<ParallelListDto>,
}

/// Finds the aspects.
///
/// # Errors
/// A planet without data at the instant.
pub fn compute(eph: &Ephemeris, input: &AspectsInput) -> Result<AspectsResponse, CalcFailure> {
    let (report, mode, datetime_utc) = match &input.source {
        AspectSource::Lists { a, b: None } => {
            (find_within(a, &input.config), AspectPairing::Within, None)
        }
        AspectSource::Lists { a, b: Some(b) } => {
            (find_cross(a, b, &input.config), AspectPairing::Cross, None)
        }
        AspectSource::Instant { instant, .. } => {
            // The points' chart at the instant, cast for its aspects alone.
            let sky = CastInput::sky(
                julian_day_ut(*instant),
                DATETIME_POINTS.to_vec(),
                MissingData::Refuse,
                false,
                Some(input.config.clone()),
            );
            let chart = cast_chart(eph, &sky).map_err(cast_failure)?;
            let report = chart.aspects.ok_or_else(|| {
                CalcFailure::Internal("a chart cast for its aspects has none".to_owned())
            })?;
            (report, AspectPairing::Within, Some(instant.to_string()))
        }
    };
    Ok(AspectsResponse {
        settings: AspectSettingsDto::new(&input.config, mode),
        datetime_utc,
        total_strength: report.total_strength,
        aspects: report.aspects.iter().map(AspectDto::from).collect(),
        parallels: input
            .config
            .parallels()
            .map(|parallels| ParallelListDto::new(parallels, &report.parallels)),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{AspectSource, AspectsInput};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for AspectsInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for AspectsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            match &self.source {
                AspectSource::Instant { instant, .. } => {
                    vec![InputInstant::at("datetime", *instant)]
                }
                AspectSource::Lists { .. } => Vec::new(),
            }
        }
    }
}
