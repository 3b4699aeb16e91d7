//! `POST /v1/fixed-stars`: positions of the catalogue's stars at an instant, by name or by a
//! magnitude limit, and a natal chart's conjunctions with them.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `at` | the instant (with `Z` or an offset); with `natal`, leave it out: the stars are placed at the birth |
//! | `stars` | catalogue names (`GET /v1/catalog/fixed-stars`): traditional (`Aldebaran`) or nomenclature with a leading comma (`,alTau`); at most [`MAX_STARS`] |
//! | `magnitude_limit` | instead of `stars`: every star of this magnitude or brighter (-2..7); default 1.5 when neither is given |
//! | `zodiac`, `ayanamsa` | `tropical` (default) or `sidereal` (default `lahiri`) |
//! | `natal` | a birth as for radix: the conjunctions of its points (`sun`..`pluto`, `mean_node`, `chiron`, `ascendant`, `mc`) with the stars |
//! | `orb` | the conjunctions' orb in degrees, 0..5, default 1 |
//! | `parans` | with `natal`: also the parans (a star and a planet, `sun`..`pluto`, on angles within 4 minutes of each other at the birth place, in the day centred on the birth); at most 100 stars |
//!
//! # Response
//!
//! `stars`: `name`, `nomenclature`, `longitude`, `latitude`, `magnitude`, `constellation`,
//! `sign`, `degree`; with `natal`, `conjunctions` (closest first): `star`, `point`, `orb`
//! (the point's longitude minus the star's).

use orrery_astro::techniques::fixed_stars::{
    AngleEvent, FixedStarsError, FixedStarsQuery, NatalStars, StarContact, StarPosition,
    fixed_stars,
};
pub use orrery_astro::techniques::fixed_stars::{
    MAX_PARAN_STARS, PARAN_ORB_MINUTES, StarSelection,
};
use orrery_astro::time::JulianDayUt;
use orrery_ephem::{Ephemeris, Zodiac};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::bounded::{Bounded, Bounds};
use crate::closed_sets::named_by_the_core;
use crate::common::{BirthDto, FrameOptions, ResolvedBirth, ZodiacDto, utc_of};
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{AyanamsaField, BodyField, Named, OneOf, SignField};

/// At most this many stars by name.
pub const MAX_STARS: usize = 100;
/// The magnitude limit when neither `stars` nor `magnitude_limit` is given: the 20-odd
/// brightest stars.
pub const DEFAULT_MAGNITUDE_LIMIT: f64 = 1.5;

/// The conjunction orb when `orb` is not given.
pub const DEFAULT_ORB_DEG: f64 = 1.0;
/// The longest name the library reads (`SWI_STAR_LENGTH`).
const MAX_STAR_NAME_CHARS: usize = 40;

/// A magnitude limit, -2..7.
pub type MagnitudeLimit = Bounded<MagnitudeLimitBounds>;
/// A conjunction orb, 0..5 degrees.
pub type StarOrb = Bounded<StarOrbBounds>;

/// The bounds of `magnitude_limit`.
#[derive(Debug)]
pub enum MagnitudeLimitBounds {}
impl Bounds for MagnitudeLimitBounds {
    const NAME: &'static str = "MagnitudeLimit";
    const MIN: f64 = -2.0;
    const MAX: f64 = 7.0;
    const MEANING: &'static str = "A visual magnitude, -2..7: the faintest star listed.";
}

/// The bounds of `orb`.
#[derive(Debug)]
pub enum StarOrbBounds {}
impl Bounds for StarOrbBounds {
    const NAME: &'static str = "StarOrb";
    const MIN: f64 = 0.0;
    const MAX: f64 = 5.0;
    const MEANING: &'static str = "Degrees of longitude, 0..5.";
}

/// A star's name as a request gives it: 1 to 40 characters, no control characters. Whether
/// the catalogue has it is known only with the catalogue file: an unknown name is a 400
/// `unknown_name` naming its place in `stars`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarNameField(String);

impl utoipa::PartialSchema for StarNameField {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        // The length of the name as sent; the parser trims white space at the ends first.
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(MAX_STAR_NAME_CHARS))
            .pattern(Some(r"\S"))
            .description(Some(
                "A star of `GET /v1/catalog/fixed-stars`: its name (`Aldebaran`) or its \
                 designation with a leading comma (`,alTau`); 1 to 40 characters, no control \
                 characters.",
            ))
            .into()
    }
}

impl ToSchema for StarNameField {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("StarNameField")
    }
}

impl<'de> Deserialize<'de> for StarNameField {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let trimmed = text.trim();
        let chars = trimmed.chars().count();
        if chars == 0 || chars > MAX_STAR_NAME_CHARS || trimmed.chars().any(char::is_control) {
            return Err(serde::de::Error::custom(format!(
                "must be a star name of 1 to {MAX_STAR_NAME_CHARS} characters (got {text:?})"
            )));
        }
        Ok(Self(trimmed.to_owned()))
    }
}

/// The request body, as sent.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FixedStarsRequest {
    /// The instant; leave it out with `natal`.
    #[serde(default)]
    pub at: Option<Instant>,
    /// Star names.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub stars: Option<Vec<StarNameField>>,
    /// Instead of `stars`: every star this bright or brighter.
    #[serde(default)]
    pub magnitude_limit: Option<MagnitudeLimit>,
    /// `tropical` (default) or `sidereal`.
    #[serde(default)]
    pub zodiac: Option<ZodiacDto>,
    /// With `sidereal`: the ayanamsa (default `lahiri`).
    #[serde(default)]
    pub ayanamsa: Option<AyanamsaField>,
    /// A birth whose points are checked for conjunctions with the stars.
    #[serde(default)]
    pub natal: Option<BirthDto>,
    /// The conjunctions' orb, degrees (default 1).
    #[serde(default)]
    pub orb: Option<StarOrb>,
    /// With `natal`: also the parans on the birth latitude (at most 100 stars).
    #[serde(default)]
    pub parans: Option<bool>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct FixedStarsInput {
    pub at: JulianDayUt,
    pub stars: StarSelection,
    pub zodiac: Zodiac,
    pub natal: Option<ResolvedBirth>,
    pub orb_deg: f64,
    pub parans: bool,
}

impl TryFrom<&FixedStarsRequest> for FixedStarsInput {
    type Error = ApiInputError;

    /// # Errors
    /// `at` with `natal` or neither; `stars` with `magnitude_limit`; too many stars; a sidereal
    /// option without `sidereal`; a birth that does not resolve; `orb` without `natal`.
    fn try_from(request: &FixedStarsRequest) -> Result<Self, Self::Error> {
        let natal = request
            .natal
            .as_ref()
            .map(|birth| birth.resolve("natal"))
            .transpose()?;
        let at = match (&request.at, &natal) {
            (Some(_), Some(_)) => {
                return Err(ApiInputError::field(
                    "at",
                    "is left out with natal: the stars are placed at the birth",
                ));
            }
            (None, None) => return Err(ApiInputError::field("at", "is required without natal")),
            (Some(at), None) => at.julian_day(),
            (None, Some(birth)) => birth.jd,
        };
        if request.orb.is_some() && natal.is_none() {
            return Err(ApiInputError::field("orb", "is only used with natal"));
        }
        let parans = request.parans.unwrap_or(false);
        if parans && natal.is_none() {
            return Err(ApiInputError::field("parans", "is only used with natal"));
        }
        let stars = match (&request.stars, &request.magnitude_limit) {
            (Some(_), Some(_)) => {
                return Err(ApiInputError::field(
                    "magnitude_limit",
                    "give either stars or magnitude_limit, not both",
                ));
            }
            (Some(names), None) => {
                if names.is_empty() {
                    return Err(ApiInputError::field("stars", "must name at least one star"));
                }
                if names.len() > MAX_STARS {
                    return Err(ApiInputError::too_many(
                        "stars",
                        format!("may name at most {MAX_STARS} stars (got {})", names.len()),
                        MAX_STARS,
                        names.len(),
                    ));
                }
                StarSelection::Named(names.iter().map(|n| n.0.clone()).collect())
            }
            (None, Some(limit)) => StarSelection::Brighter(limit.get()),
            (None, None) => StarSelection::Brighter(DEFAULT_MAGNITUDE_LIMIT),
        };
        let zodiac = FrameOptions {
            zodiac: request.zodiac,
            ayanamsa: request.ayanamsa.map(|field| field.0),
            ..FrameOptions::default()
        }
        .to_frame(None)?
        .zodiac;
        Ok(Self {
            at,
            stars,
            zodiac,
            natal,
            orb_deg: request.orb.as_ref().map_or(DEFAULT_ORB_DEG, Bounded::get),
            parans,
        })
    }
}

/// The response body.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FixedStarsResponse {
    /// The instant of the positions, UTC to the second.
    pub at: String,
    /// The instant of the positions, as a Julian day (UT).
    pub at_jd: f64,
    /// The stars asked for, with their positions.
    pub stars: Vec<StarDto>,
    /// With `natal`: the conjunctions, closest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conjunctions: Option<Vec<ConjunctionDto>>,
    /// With `parans`: a star and a planet on angles within [`PARAN_ORB_MINUTES`] of each other
    /// at the birth place, in the day centred on the birth, by the star's time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parans: Option<Vec<ParanDto>>,
}

/// A body's or a star's arrival at an angle, by its name.
pub type AngleEventName = OneOf<AngleEvent>;

named_by_the_core!(
    AngleEvent,
    &AngleEvent::ALL,
    "AngleEvent",
    "Arriving at an angle: the eastern horizon (`rising`), the upper meridian \
     (`culminating`), the western horizon (`setting`), the lower meridian (`anti_culminating`)."
);

/// A paran.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Paran)]
pub struct ParanDto {
    /// The star of the paran.
    pub star: String,
    /// The star's angle event.
    pub star_event: AngleEventName,
    /// When the star reaches its angle, UTC, ISO 8601 to the second.
    pub star_at: String,
    /// `star_at` as a Julian day (UT).
    pub star_at_jd: f64,
    /// The planet of the paran.
    pub planet: BodyField,
    /// The planet's angle event.
    pub planet_event: AngleEventName,
    /// When the planet reaches its angle, UTC, ISO 8601 to the second.
    pub planet_at: String,
    /// `planet_at` as a Julian day (UT).
    pub planet_at_jd: f64,
    /// The planet's time minus the star's, minutes.
    pub gap_minutes: f64,
}

/// A star at the instant.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = FixedStar)]
pub struct StarDto {
    /// The star's traditional name.
    pub name: String,
    /// The star's Bayer or Flamsteed designation (`alTau`).
    pub nomenclature: String,
    /// Apparent geocentric ecliptic longitude of date (tropical or sidereal), degrees.
    pub longitude: f64,
    /// Ecliptic latitude, degrees [-90, 90].
    pub latitude: f64,
    /// The sign of the star's longitude.
    pub sign: SignField,
    /// Degrees into the sign, [0, 30).
    pub degree: f64,
    /// Apparent visual magnitude (smaller is brighter).
    pub magnitude: f64,
    /// The IAU constellation, from the nomenclature; `null` for entries that are not stars of
    /// a constellation (`M31`, the Galactic Centre).
    pub constellation: Option<&'static str>,
}

impl From<&StarPosition> for StarDto {
    fn from(s: &StarPosition) -> Self {
        Self {
            name: s.name.clone(),
            nomenclature: s.nomenclature.clone(),
            longitude: s.lon.degrees(),
            latitude: s.lat_deg,
            sign: Named(s.lon.sign()),
            degree: s.lon.degree_in_sign(),
            magnitude: s.magnitude,
            constellation: s.constellation,
        }
    }
}

/// A natal point conjunct a star.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Conjunction)]
pub struct ConjunctionDto {
    /// The star's name.
    pub star: String,
    /// The chart point in conjunction with the star.
    pub point: String,
    /// The point's longitude minus the star's, degrees.
    pub orb: f64,
}

impl From<StarContact> for ConjunctionDto {
    fn from(c: StarContact) -> Self {
        Self {
            star: c.star,
            point: c.point,
            orb: c.orb_deg,
        }
    }
}

/// Computes the positions (and conjunctions): one core call, [`fixed_stars`].
///
/// # Errors
/// An unknown star (400 `unknown_name` at `stars[i]`), a date outside the ephemeris (400),
/// a failure of the library (500).
pub fn compute(
    eph: &Ephemeris,
    input: &FixedStarsInput,
) -> Result<FixedStarsResponse, CalcFailure> {
    let query = FixedStarsQuery {
        at: input.at,
        stars: &input.stars,
        zodiac: input.zodiac,
        natal: input.natal.as_ref().map(|birth| NatalStars {
            place: birth.place,
            orb_deg: input.orb_deg,
            parans: input.parans,
        }),
    };
    let report = fixed_stars(eph, &query).map_err(|error| failure(error, &input.stars))?;
    let parans = report
        .parans
        .map(|found| {
            found
                .into_iter()
                .map(|p| {
                    Ok(ParanDto {
                        gap_minutes: p.gap_minutes(),
                        star_event: OneOf(p.star_event),
                        star_at: utc_of(p.star_at)?,
                        star_at_jd: p.star_at.0,
                        planet: BodyField(p.body),
                        planet_event: OneOf(p.body_event),
                        planet_at: utc_of(p.body_at)?,
                        planet_at_jd: p.body_at.0,
                        star: p.star,
                    })
                })
                .collect::<Result<Vec<_>, CalcFailure>>()
        })
        .transpose()?;
    Ok(FixedStarsResponse {
        at: utc_of(input.at)?,
        at_jd: input.at.0,
        stars: report.stars.iter().map(StarDto::from).collect(),
        conjunctions: report
            .conjunctions
            .map(|c| c.into_iter().map(ConjunctionDto::from).collect()),
        parans,
    })
}

/// A core error, blamed on the request field it came from.
fn failure(error: FixedStarsError, stars: &StarSelection) -> CalcFailure {
    match error {
        // The library's "not found" is already an `unknown_name`: blame the entry.
        FixedStarsError::UnknownStar { index, source } => match CalcFailure::from(source) {
            CalcFailure::Input(error) => {
                CalcFailure::Input(error.prefixed(&format!("stars[{index}]")))
            }
            other => other,
        },
        FixedStarsError::Natal(error) => CalcFailure::from(error).at_field("natal"),
        FixedStarsError::TooManyParanStars { count } => {
            CalcFailure::Input(ApiInputError::too_many(
                match stars {
                    StarSelection::Named(_) => "stars",
                    StarSelection::Brighter(_) => "magnitude_limit",
                },
                format!("with parans, at most {MAX_PARAN_STARS} stars (the selection has {count})"),
                MAX_PARAN_STARS,
                count,
            ))
        }
        FixedStarsError::Ephemeris(error) => error.into(),
    }
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::FixedStarsInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for FixedStarsInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for FixedStarsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            let mut instants = vec![InputInstant::utc("at", self.at)];
            if let Some(natal) = &self.natal {
                instants.push(InputInstant::birth("natal", natal));
            }
            instants
        }
    }
}
