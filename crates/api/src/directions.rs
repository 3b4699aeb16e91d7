//! `POST /v1/primary-directions`: classical primary directions by Placidus' proportional
//! semi-arc, to the four angles and planet to planet, direct only, timed by a key.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `birth` | required; `{datetime, timezone, location}` as for radix |
//! | `options.key` | `naibod` (default, 0.98564733°/year), `ptolemy` (1°/year), or a number of degrees per year in 0.5..2.0 |
//! | `options.mode` | `zodiacal` (default: ecliptic points at latitude 0) or `in_mundo` (the bodies' own right ascension and declination; aspects in mundane position) |
//! | `options.promissors` | body names; default `sun`..`saturn`; at most 12 |
//! | `options.significators` | `{angles, bodies}`: angles of `asc`, `mc`, `dsc`, `ic` (default all four), body names (default `sun`, `moon`); either may be `[]`, not both |
//! | `options.aspects` | aspect points in degrees added to the promissor (`90` sinister square, `-90` or `270` dexter), -360..360, at most 24; default `[0]` |
//! | `options.age_start`, `options.age_end` | the age window in years, 0..120, start ≤ end; default 0..90 |
//!
//! # Response
//!
//! ```json
//! {
//!   "input": {"datetime": "1990-05-15T12:30:00Z",
//!             "location": {"latitude": 52.52, "longitude": 13.405, "altitude": 0.0},
//!             "resolved": {"utc": "1990-05-15T12:30:00Z", "julian_day_ut": 2448027.02, …}},
//!   "settings": {"method": "placidus_semi_arc", "direction": "direct",
//!                "key": {"name": "naibod", "deg_per_year": 0.98564733}, "mode": "zodiacal",
//!                "promissors": ["sun", …, "saturn"],
//!                "significators": {"angles": ["asc", "mc", "dsc", "ic"], "bodies": ["sun", "moon"]},
//!                "aspects": [0.0], "age_start": 0.0, "age_end": 90.0, "year_days": 365.24219},
//!   "sphere": {"armc_deg": 73.8817, "true_obliquity_deg": 23.4422, "latitude_deg": 52.52},
//!   "directions": [
//!     {"promissor": "jupiter", "aspect": 0.0, "significator": "mc", "arc_deg": 26.5048,
//!      "age_years": 26.8907, "date": "2017-04-05T03:39:26Z", "date_jd": 2457848.652}, …
//!   ],
//!   "skipped": [
//!     {"point": "sun", "role": "significator", "declination_deg": 23.4,
//!      "reason": "circumpolar: at latitude 69.6492 with declination 23.4363, …"}
//!   ]
//! }
//! ```
//!
//! * `directions` are sorted by age; `date` is the birth plus `age × 365.24219` days, to the
//!   second (`date_jd` its Julian day, UT).
//! * `skipped`: the circumpolar points (`|tan φ · tan δ| ≥ 1`, no semi-arc), as promissor or
//!   significator; a zodiacal promissor's aspect point is skipped per `aspect`.
//! * The method and every convention (latitude 0 *in zodiaco*, the mundane aspects, the
//!   horizon crossing, no converse directions): [`orrery_astro::techniques::directions`].

use orrery_astro::body::Body;
use orrery_astro::techniques::directions::{
    AGE_RANGE_YEARS, AgeWindow, ChartAngle, DEFAULT_AGES_YEARS, DEFAULT_PROMISSORS,
    DEFAULT_SIGNIFICATOR_BODIES, Direction, Directions, DirectionsInput, KEY_RANGE_DEG_PER_YEAR,
    Key, MAX_PROMISSORS, Mode, Role, Skipped, TROPICAL_YEAR_DAYS, primary_directions,
};
use orrery_astro::time::{JulianDayUt, timestamp_of};
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bounded::bounded_number;
use crate::closed_sets::named_by_the_core;
use crate::common::BirthEcho;
use crate::common::{BirthDto, ResolvedBirth, distinct_bodies, event_time};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{BodyField, OneOf};

/// At most this many aspect points.
pub const MAX_ASPECTS: usize = 24;

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DirectionsRequest {
    /// The birth whose chart is directed.
    pub birth: BirthDto,
    /// Key, mode, promissors, significators, aspects and ages; every part has a default.
    #[serde(default)]
    pub options: Option<DirectionsOptionsDto>,
}

/// `zodiacal` or `in_mundo`.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = Mode)]
#[serde(rename_all = "snake_case")]
pub enum ModeDto {
    Zodiacal,
    InMundo,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = Significators)]
#[serde(deny_unknown_fields)]
pub struct SignificatorsDto {
    /// Angle significators: `asc`, `mc`, `dsc`, `ic`; default all four.
    #[serde(default)]
    pub angles: Option<Vec<AngleField>>,
    /// Body significators; default `sun`, `moon`. Angles and bodies together must name at least one.
    #[serde(default)]
    pub bodies: Option<Vec<BodyField>>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = DirectionsOptions)]
#[serde(deny_unknown_fields)]
pub struct DirectionsOptionsDto {
    /// The rate of the arc per year of life: `naibod` (default, 0.98564733°), `ptolemy` (1°) or a
    /// number of degrees per year in 0.5..2.
    #[serde(default)]
    pub key: Option<KeyField>,
    /// `zodiacal` (default) or `in_mundo`.
    #[serde(default)]
    pub mode: Option<ModeDto>,
    /// Promissor bodies, 1..12; default `sun`…`saturn`.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub promissors: Option<Vec<BodyField>>,
    /// The significators; default all four angles and `sun`, `moon`.
    #[serde(default)]
    pub significators: Option<SignificatorsDto>,
    /// Degrees added to the promissor, each -360..360, 1..24 of them; default `[0]`.
    #[serde(default)]
    #[schema(min_items = 1, max_items = 24)]
    pub aspects: Option<Vec<AspectOffsetDeg>>,
    /// Start of the window in years of age, 0..120, not after `age_end`; default 0.
    #[serde(default)]
    pub age_start: Option<AgeYears>,
    /// End of the window in years of age, 0..120; default 90.
    #[serde(default)]
    pub age_end: Option<AgeYears>,
}

/// An angle as a significator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AngleField {
    Asc,
    Mc,
    Dsc,
    Ic,
}

impl AngleField {
    fn angle(self) -> ChartAngle {
        match self {
            Self::Asc => ChartAngle::Asc,
            Self::Mc => ChartAngle::Mc,
            Self::Dsc => ChartAngle::Dsc,
            Self::Ic => ChartAngle::Ic,
        }
    }
}

/// The rate of the arc: `naibod`, `ptolemy`, or a number of degrees per year in the core's
/// range, checked while deserialising.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeyField(pub Key);

impl<'de> Deserialize<'de> for KeyField {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The two forms, as JSON gives them.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form<'a> {
            Rate(f64),
            Name(std::borrow::Cow<'a, str>),
        }
        let rule = || {
            format!(
                "must be \"naibod\", \"ptolemy\" or a number of degrees per year between {} and {}",
                KEY_RANGE_DEG_PER_YEAR.start(),
                KEY_RANGE_DEG_PER_YEAR.end()
            )
        };
        match Form::deserialize(deserializer).map_err(|_| serde::de::Error::custom(rule()))? {
            Form::Name(name) => match &*name {
                "naibod" => Ok(Self(Key::Naibod)),
                "ptolemy" => Ok(Self(Key::Ptolemy)),
                other => Err(serde::de::Error::custom(format!(
                    "{} (got {other:?})",
                    rule()
                ))),
            },
            Form::Rate(rate) => Key::custom(rate)
                .map(Self)
                .map_err(serde::de::Error::custom),
        }
    }
}

impl utoipa::PartialSchema for KeyField {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .title(Some("NamedKey"))
                    .schema_type(Type::String)
                    .enum_values(Some(["naibod", "ptolemy"]))
                    .description(Some(
                        "`naibod` (0.98564733°/year, the default) or `ptolemy` (1°/year).",
                    )),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Number)
                    .description(Some("Degrees of arc per year of life."))
                    .minimum(Some(*KEY_RANGE_DEG_PER_YEAR.start()))
                    .maximum(Some(*KEY_RANGE_DEG_PER_YEAR.end())),
            )
            .into()
    }
}

impl ToSchema for KeyField {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("DirectionKey")
    }
}

bounded_number!(
    /// An age in years, within the directions' span of life.
    AgeYears,
    AgeYearsBounds,
    (*AGE_RANGE_YEARS.start(), *AGE_RANGE_YEARS.end()),
    "Years of age, 0..120."
);
bounded_number!(
    /// Degrees added to a promissor (its aspect point).
    AspectOffsetDeg,
    AspectOffsetDegBounds,
    (-360.0, 360.0),
    "Degrees added to the promissor, -360..360."
);

/// A validated request.
#[derive(Debug, Clone)]
pub struct DirectionsRequestInput {
    pub birth: ResolvedBirth,
    pub directions: DirectionsInput,
}

fn parse_promissors(names: Option<&[BodyField]>) -> Result<Vec<Body>, ApiInputError> {
    const FIELD: &str = "options.promissors";
    let Some(names) = names else {
        return Ok(DEFAULT_PROMISSORS.to_vec());
    };
    if names.is_empty() {
        return Err(ApiInputError::field(
            FIELD,
            "must name at least one body (leave it out for sun..saturn)",
        ));
    }
    if names.len() > MAX_PROMISSORS {
        return Err(ApiInputError::too_many(
            FIELD,
            format!(
                "may name at most {MAX_PROMISSORS} bodies (got {})",
                names.len()
            ),
            MAX_PROMISSORS,
            names.len(),
        ));
    }
    Ok(distinct_bodies(names))
}

fn parse_angles(names: Option<&[AngleField]>) -> Vec<ChartAngle> {
    let Some(names) = names else {
        return ChartAngle::ALL.to_vec();
    };
    let mut angles = Vec::with_capacity(names.len());
    for name in names {
        let angle = name.angle();
        if !angles.contains(&angle) {
            angles.push(angle);
        }
    }
    angles
}

fn parse_aspects(values: Option<&[AspectOffsetDeg]>) -> Result<Vec<f64>, ApiInputError> {
    const FIELD: &str = "options.aspects";
    let Some(values) = values else {
        return Ok(vec![0.0]);
    };
    if values.is_empty() || values.len() > MAX_ASPECTS {
        return Err(ApiInputError::field(
            FIELD,
            format!(
                "must name 1 to {MAX_ASPECTS} aspect points in degrees (got {})",
                values.len()
            ),
        ));
    }
    let mut aspects: Vec<f64> = Vec::with_capacity(values.len());
    for deg in values.iter().map(AspectOffsetDeg::get) {
        if !aspects.iter().any(|a| a.total_cmp(&deg).is_eq()) {
            aspects.push(deg);
        }
    }
    Ok(aspects)
}

fn parse_ages(start: Option<AgeYears>, end: Option<AgeYears>) -> Result<AgeWindow, ApiInputError> {
    let start_years = start.map_or(*DEFAULT_AGES_YEARS.start(), |years| years.get());
    let end_years = end.map_or(*DEFAULT_AGES_YEARS.end(), |years| years.get());
    // Both bounds are in range, so only their order can be wrong.
    AgeWindow::new(start_years, end_years).map_err(|_| {
        let default = if end.is_none() { ", the default" } else { "" };
        ApiInputError::field(
            "options.age_start",
            format!(
                "must not be greater than options.age_end (got {start_years} > {end_years}{default})"
            ),
        )
    })
}

impl TryFrom<&DirectionsRequest> for DirectionsRequestInput {
    type Error = ApiInputError;

    fn try_from(request: &DirectionsRequest) -> Result<Self, ApiInputError> {
        let birth = request.birth.resolve("birth")?;
        let options = request.options.clone().unwrap_or_default();
        let key = options.key.map_or(Key::Naibod, |key| key.0);
        let mode = match options.mode {
            None | Some(ModeDto::Zodiacal) => Mode::Zodiacal,
            Some(ModeDto::InMundo) => Mode::InMundo,
        };
        let promissors = parse_promissors(options.promissors.as_deref())?;
        let significators = options.significators.unwrap_or_default();
        let angles = parse_angles(significators.angles.as_deref());
        let bodies = significators
            .bodies
            .as_deref()
            .map_or_else(|| DEFAULT_SIGNIFICATOR_BODIES.to_vec(), distinct_bodies);
        if angles.is_empty() && bodies.is_empty() {
            return Err(ApiInputError::field(
                "options.significators",
                "must name at least one angle or body",
            ));
        }
        let aspects_deg = parse_aspects(options.aspects.as_deref())?;
        let ages = parse_ages(options.age_start, options.age_end)?;
        Ok(Self {
            directions: DirectionsInput {
                jd: birth.jd,
                place: birth.place,
                key,
                mode,
                promissors,
                angles,
                bodies,
                aspects_deg,
                ages,
            },
            birth,
        })
    }
}

/// A time key by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = DirectionsKeyName)]
pub enum KeyName {
    Naibod,
    Ptolemy,
    /// A rate in degrees per year given as a number.
    Custom,
}

impl From<Key> for KeyName {
    fn from(key: Key) -> Self {
        match key {
            Key::Naibod => Self::Naibod,
            Key::Ptolemy => Self::Ptolemy,
            Key::Custom(_) => Self::Custom,
        }
    }
}

impl From<Mode> for ModeDto {
    fn from(mode: Mode) -> Self {
        match mode {
            Mode::Zodiacal => Self::Zodiacal,
            Mode::InMundo => Self::InMundo,
        }
    }
}

impl From<ChartAngle> for AngleField {
    fn from(angle: ChartAngle) -> Self {
        match angle {
            ChartAngle::Asc => Self::Asc,
            ChartAngle::Mc => Self::Mc,
            ChartAngle::Dsc => Self::Dsc,
            ChartAngle::Ic => Self::Ic,
        }
    }
}

/// The method of the directions: Placidus semi-arcs, the only one computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = DirectionsMethod)]
pub enum MethodName {
    PlacidusSemiArc,
}

/// Which way the promissors move: direct, the only way computed (converse directions are
/// not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = DirectionsMotion)]
pub enum Motion {
    Direct,
}

/// The part a skipped point would have played, by its name.
pub type RoleName = OneOf<Role>;

named_by_the_core!(
    Role,
    &[Role::Promissor, Role::Significator],
    "DirectionsRole",
    "The part a point plays: the moving point (`promissor`) or the point directed to \
     (`significator`)."
);

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct KeyEcho {
    /// `naibod`, `ptolemy` or `custom`.
    pub name: KeyName,
    /// Degrees of arc per year of life in this key.
    pub deg_per_year: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SignificatorsEcho {
    /// The angles directed to.
    pub angles: Vec<AngleField>,
    /// The bodies directed to.
    pub bodies: Vec<BodyField>,
}

/// The options in force.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DirectionsSettings)]
pub struct DirectionsSettingsDto {
    /// Always `placidus_semi_arc`.
    pub method: MethodName,
    /// Always `direct`: converse directions are not computed.
    pub direction: Motion,
    /// The time key turning arc into years.
    pub key: KeyEcho,
    /// `zodiacal` or `in_mundo`.
    pub mode: ModeDto,
    /// The moving points, as resolved.
    pub promissors: Vec<BodyField>,
    /// The points directed to, as resolved.
    pub significators: SignificatorsEcho,
    /// The aspect angles directed, degrees.
    pub aspects: Vec<f64>,
    /// The start of the age range searched, years.
    pub age_start: f64,
    /// The end of the age range searched, years.
    pub age_end: f64,
    /// Days in a year of age, for the dates.
    pub year_days: f64,
}

/// The sphere at birth.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Sphere)]
pub struct SphereDto {
    /// Right ascension of the MC, degrees.
    pub armc_deg: f64,
    /// The true obliquity of the ecliptic at birth, degrees.
    pub true_obliquity_deg: f64,
    /// The geographic latitude the directions are computed for, degrees north.
    pub latitude_deg: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Direction)]
pub struct DirectionDto {
    /// The moving point (promissor).
    pub promissor: BodyField,
    /// The aspect point, degrees, as asked.
    pub aspect: f64,
    /// The point directed to (significator).
    pub significator: String,
    /// The arc of direction, degrees.
    pub arc_deg: f64,
    /// The age at which the direction is exact, years.
    pub age_years: f64,
    /// The birth plus the age in years of 365.24219 days, UTC to the second.
    pub date: String,
    /// The date the direction is exact, as a Julian day (UT).
    pub date_jd: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Skipped)]
pub struct SkippedDto {
    /// The point left out.
    pub point: BodyField,
    /// `promissor` or `significator`.
    pub role: RoleName,
    /// A zodiacal promissor's circumpolar aspect point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspect: Option<f64>,
    /// The point's declination, degrees.
    pub declination_deg: f64,
    /// Why it was left out.
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DirectionsResponse {
    pub input: BirthEcho,
    pub settings: DirectionsSettingsDto,
    pub sphere: SphereDto,
    /// The directions found, by date.
    pub directions: Vec<DirectionDto>,
    /// Points left out, each with the reason.
    pub skipped: Vec<SkippedDto>,
}

fn direction_dto(d: &Direction) -> Result<DirectionDto, CalcFailure> {
    let jd: JulianDayUt = d.jd;
    let date = timestamp_of(jd).map(event_time).ok_or_else(|| {
        CalcFailure::Input(ApiInputError::field(
            "birth.datetime",
            format!(
                "is too far from the present: a direction (Julian day {:.1}) falls outside the years -9999..9999",
                jd.0
            ),
        ))
    })?;
    Ok(DirectionDto {
        promissor: BodyField(d.promissor),
        aspect: d.aspect_deg,
        significator: d.significator.name(),
        arc_deg: d.arc_deg,
        age_years: d.age_years,
        date,
        date_jd: jd.0,
    })
}

fn skipped_dto(s: &Skipped) -> SkippedDto {
    SkippedDto {
        point: BodyField(s.body),
        role: OneOf(s.role),
        aspect: s.aspect_deg,
        declination_deg: s.dec_deg,
        reason: s.reason.clone(),
    }
}

/// Computes the directions of a validated request.
///
/// # Errors
/// A birth outside the ephemeris (a 400); the library failing (a 500).
pub fn compute(
    eph: &Ephemeris,
    request: &DirectionsRequest,
    input: &DirectionsRequestInput,
) -> Result<DirectionsResponse, CalcFailure> {
    let d = &input.directions;
    let result: Directions =
        primary_directions(eph, d).map_err(|e| match CalcFailure::from(e) {
            CalcFailure::Input(e) => CalcFailure::Input(e.prefixed("birth.datetime")),
            internal => internal,
        })?;
    let birth = &input.birth;
    Ok(DirectionsResponse {
        input: BirthEcho::new(&request.birth, birth),
        settings: DirectionsSettingsDto {
            method: MethodName::PlacidusSemiArc,
            direction: Motion::Direct,
            key: KeyEcho {
                name: d.key.into(),
                deg_per_year: d.key.deg_per_year(),
            },
            mode: d.mode.into(),
            promissors: d.promissors.iter().copied().map(BodyField).collect(),
            significators: SignificatorsEcho {
                angles: d.angles.iter().copied().map(AngleField::from).collect(),
                bodies: d.bodies.iter().copied().map(BodyField).collect(),
            },
            aspects: d.aspects_deg.clone(),
            age_start: d.ages.start_years(),
            age_end: d.ages.end_years(),
            year_days: TROPICAL_YEAR_DAYS,
        },
        sphere: SphereDto {
            armc_deg: result.armc.degrees(),
            true_obliquity_deg: result.true_obliquity_deg,
            latitude_deg: birth.place.lat_deg,
        },
        directions: result
            .directions
            .iter()
            .map(direction_dto)
            .collect::<Result<_, _>>()?,
        skipped: result.skipped.iter().map(skipped_dto).collect(),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::DirectionsRequestInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for DirectionsRequestInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for DirectionsRequestInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::birth("birth", &self.birth)]
        }
    }
}
