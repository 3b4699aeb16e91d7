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

use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::chart::{ChartInput, Frame, compute_chart};
use orrery_astro::techniques::fixed_stars::{
    StarContact, StarPosition, conjunctions, parans, star_position, stars_brighter_than,
};
use orrery_astro::time::{JulianDayUt, timestamp_of};
use orrery_ephem::{EphemError, Ephemeris, HouseSystem, Zodiac};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::bounded::{Bounded, Bounds};
use crate::common::{BirthDto, FrameOptions, ResolvedBirth, ZodiacDto, event_time};
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::names::AyanamsaField;

/// At most this many stars by name.
pub const MAX_STARS: usize = 100;
/// The magnitude limit when neither `stars` nor `magnitude_limit` is given: the 20-odd
/// brightest stars.
pub const DEFAULT_MAGNITUDE_LIMIT: f64 = 1.5;
/// How far apart a star's and a planet's angle events may be to make a paran: four minutes of
/// time, one degree of the sky's daily turn.
pub const PARAN_ORB_MINUTES: f64 = 4.0;
/// At most this many stars with `parans` (each costs four rise/transit searches).
pub const MAX_PARAN_STARS: usize = 100;

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
#[derive(Debug, Clone, PartialEq, Eq, ToSchema)]
#[schema(value_type = String)]
pub struct StarNameField(String);

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

/// Which stars.
#[derive(Debug, Clone)]
pub enum StarSelection {
    Named(Vec<String>),
    Brighter(f64),
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
    pub at_jd: f64,
    pub stars: Vec<StarDto>,
    /// With `natal`: the conjunctions, closest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conjunctions: Option<Vec<ConjunctionDto>>,
    /// With `parans`: a star and a planet on angles within [`PARAN_ORB_MINUTES`] of each other
    /// at the birth place, in the day centred on the birth, by the star's time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parans: Option<Vec<ParanDto>>,
}

/// A paran.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParanDto {
    pub star: String,
    /// `rising`, `culminating`, `setting` or `anti_culminating`.
    pub star_event: &'static str,
    pub star_at: String,
    pub star_at_jd: f64,
    pub planet: String,
    pub planet_event: &'static str,
    pub planet_at: String,
    pub planet_at_jd: f64,
    /// The planet's time minus the star's, minutes.
    pub gap_minutes: f64,
}

/// A star at the instant.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StarDto {
    pub name: String,
    pub nomenclature: String,
    /// Apparent geocentric ecliptic longitude of date (tropical or sidereal), degrees.
    pub longitude: f64,
    pub latitude: f64,
    pub sign: &'static str,
    pub degree: f64,
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
            sign: s.lon.sign().name(),
            degree: s.lon.degree_in_sign(),
            magnitude: s.magnitude,
            constellation: s.constellation,
        }
    }
}

/// A natal point conjunct a star.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConjunctionDto {
    pub star: String,
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

/// The natal points of the conjunctions: the core points and the two angles.
fn natal_points(
    eph: &Ephemeris,
    birth: &ResolvedBirth,
    zodiac: Zodiac,
) -> Result<Vec<(String, Longitude)>, CalcFailure> {
    let chart = compute_chart(
        eph,
        &ChartInput {
            jd: birth.jd,
            place: birth.place,
            bodies: Body::CORE_POINTS.to_vec(),
            frame: Frame {
                center: orrery_astro::chart::Center::Geocentric,
                zodiac,
            },
            house_system: Some(HouseSystem::KOCH),
        },
    )
    .map_err(|e| CalcFailure::from(e).at_field("natal"))?;
    let mut points: Vec<(String, Longitude)> = chart
        .positions
        .iter()
        .map(|p| (p.body.name().into_owned(), p.lon))
        .collect();
    if let Some(houses) = &chart.houses {
        for (name, lon_deg) in [
            ("ascendant", houses.angles.ascendant.lon_deg),
            ("mc", houses.angles.mc.lon_deg),
        ] {
            if let Ok(lon) = Longitude::new(lon_deg) {
                points.push((name.to_owned(), lon));
            }
        }
    }
    Ok(points)
}

/// Computes the positions (and conjunctions).
///
/// # Errors
/// An unknown star (400 `unknown_name` at `stars[i]`), a date outside the ephemeris (400),
/// a failure of the library (500).
pub fn compute(
    eph: &Ephemeris,
    input: &FixedStarsInput,
) -> Result<FixedStarsResponse, CalcFailure> {
    let (names, named) = match &input.stars {
        StarSelection::Named(names) => (names.clone(), true),
        StarSelection::Brighter(limit) => (stars_brighter_than(eph, *limit)?, false),
    };
    let mut stars = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let star = star_position(eph, name, input.at, input.zodiac).map_err(|e| {
            let unknown = matches!(e, EphemError::StarNotFound { .. });
            match CalcFailure::from(e) {
                // The library's "not found" is already an `unknown_name`: blame the entry.
                CalcFailure::Input(error) if unknown && named => {
                    CalcFailure::Input(error.prefixed(&format!("stars[{i}]")))
                }
                other => other,
            }
        })?;
        stars.push(star);
    }
    let contacts = input
        .natal
        .as_ref()
        .map(|birth| {
            natal_points(eph, birth, input.zodiac)
                .map(|points| conjunctions(&stars, &points, input.orb_deg))
        })
        .transpose()?;
    let paran_list = match (&input.natal, input.parans) {
        (Some(birth), true) => {
            if names.len() > MAX_PARAN_STARS {
                return Err(CalcFailure::Input(ApiInputError::too_many(
                    if named { "stars" } else { "magnitude_limit" },
                    format!(
                        "with parans, at most {MAX_PARAN_STARS} stars (the selection has {})",
                        names.len()
                    ),
                    MAX_PARAN_STARS,
                    names.len(),
                )));
            }
            let stars_named: Vec<(String, String)> = names
                .iter()
                .zip(&stars)
                .map(|(library, star)| (library.clone(), star.name.clone()))
                .collect();
            let found = parans(
                eph,
                &stars_named,
                &Body::PLANETS,
                birth.place,
                birth.jd,
                PARAN_ORB_MINUTES / 1440.0,
            )?;
            Some(
                found
                    .into_iter()
                    .map(|p| {
                        Ok(ParanDto {
                            star: p.star,
                            star_event: p.star_event.name(),
                            star_at: utc(p.star_at)?,
                            star_at_jd: p.star_at.0,
                            planet: p.body.name().into_owned(),
                            planet_event: p.body_event.name(),
                            planet_at: utc(p.body_at)?,
                            planet_at_jd: p.body_at.0,
                            gap_minutes: (p.body_at - p.star_at).0 * 1440.0,
                        })
                    })
                    .collect::<Result<Vec<_>, CalcFailure>>()?,
            )
        }
        _ => None,
    };
    let at = utc(input.at)?;
    Ok(FixedStarsResponse {
        at,
        at_jd: input.at.0,
        stars: stars.iter().map(StarDto::from).collect(),
        conjunctions: contacts.map(|c| c.into_iter().map(ConjunctionDto::from).collect()),
        parans: paran_list,
    })
}

fn utc(jd: JulianDayUt) -> Result<String, CalcFailure> {
    timestamp_of(jd)
        .map(event_time)
        .ok_or_else(|| CalcFailure::Internal(format!("Julian day {} is not a date", jd.0)))
}
