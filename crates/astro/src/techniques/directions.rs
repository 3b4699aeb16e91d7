//! Primary directions by the proportional semi-arc method of Placidus: mundane directions of
//! promissors to the four angles and to the bodies, direct only, timed by a key.
//!
//! # The measure: a point's mundane position
//!
//! The primary motion (the daily rotation) carries every point west along its diurnal circle.
//! For a point of right ascension `α` and declination `δ` at geographic latitude `φ`, with the
//! right ascension of the MC `RAMC`:
//!
//! * the ascensional difference `AD = asin(tan φ · tan δ)`, the diurnal semi-arc
//!   `DSA = 90° + AD` (from rising to culmination) and the nocturnal semi-arc
//!   `NSA = 180° − DSA`;
//! * the hour angle `H = RAMC − α` in `[−180°, 180°)` (west of the upper meridian positive); the
//!   meridian distance of the text books is `|H|` from the MC, or `180° − |H|` from the IC;
//! * the **mundane position** `m`, the point's place as a proportion of its own semi-arcs,
//!   expressed in degrees so that the quadrants are 90° each: `m = 0` on the eastern horizon,
//!   `90` on the upper meridian, `180` on the western horizon, `270` on the lower meridian:
//!   `m = 90 + 90·H/DSA` above the horizon, `m = 180 + 90·(H − DSA)/NSA` below it in the west
//!   and `m = 360 − 90·(−DSA − H)/NSA` below it in the east. One Placidian house is 30° of `m`.
//!
//! A point is **circumpolar** when `|tan φ · tan δ| ≥ 1`: it never rises or never sets, has no
//! semi-arc and no mundane position. Such a point is skipped, with the reason, for every
//! direction it would take part in (also to the meridian, to keep every arc of the response
//! on the one measure).
//!
//! # The arc of direction
//!
//! A promissor `P` is directed to a significator `S` when the primary motion has brought `P` to
//! the same proportional place in its own semi-arc as `S` holds in its semi-arc:
//! `MD_P′/SA_P = MD_S/SA_S` on the same side of the meridian and the same side of the horizon
//! (Placidus' rule of proportion). In terms of `m`: the arc is the hour angle `P` must gain
//! until `m_P = m_S`, `arc = H_P(m_S) − H_P`, taken in `[0°, 360°)`, where `H_P(m)` inverts the
//! piecewise-linear `m` of `P`'s own semi-arcs. Because `m` runs through all four quadrants, a
//! promissor that has to cross the horizon or the meridian on its way (below the horizon at
//! birth, significator above) is handled by the same formula: its arc is the rest of its own
//! quadrant plus the needed part of the next, each in its own semi-arc. Within one quadrant it is
//! the text-book `arc = MD_P − MD_S·SA_P/SA_S`.
//!
//! * **Angles**: the ASC, MC, DSC and IC are the mundane positions 0°, 90°, 180° and 270°. So the
//!   arc to the MC is `α_P − RAMC` (the promissor's right ascension less the RAMC), to the IC
//!   `α_P − RAMC − 180°`, to the ASC `OA_P − (RAMC + 90°)` with the promissor's oblique ascension
//!   under the birth pole `OA = α − AD`, and to the DSC the oblique descension `OD = α + AD`
//!   less `RAMC + 90°` … all mod 360°: the classical formulas, one measure.
//! * **Bodies**: the proportion above, with the significator's own semi-arcs.
//! * **Direct only**: the promissor moves with the primary motion to the significator, so every
//!   arc is the forward one in `[0°, 360°)`; converse directions (the significator carried to
//!   the promissor, or the motion reversed) are not computed. A body directed to its own
//!   conjunction (arc 0) is left out.
//!
//! # Zodiacal and mundane
//!
//! * [`Mode::Zodiacal`] (*in zodiaco*, the default): the promissor's aspect point is the point
//!   of the ecliptic at the promissor's longitude plus the aspect (`λ + a`), **latitude 0**, its
//!   `α, δ` from the true obliquity of date. A body significator is likewise the ecliptic point
//!   of its longitude, latitude 0: latitude 0 throughout, as Morinus' *in zodiaco* and flatlib's
//!   `zerolat` do. (Placidus himself gave the significator its latitude, and some programs
//!   offer a promissor latitude "with the aspect"; neither is done here.)
//! * [`Mode::InMundo`]: every body at its own apparent `α, δ` (with its latitude). An aspect of
//!   `a` degrees is a mundane aspect: `a` degrees of mundane position (`a/30` Placidian houses)
//!   counted the way the zodiac runs, eastward, against the primary motion; so the promissor
//!   is directed to `m_S + a`, and a sinister square falls three houses after the body, as
//!   `λ + 90°` does in the zodiac.
//!
//! # Keys
//!
//! An arc becomes an age with a key in degrees of arc per year: [`Key::Naibod`], the Sun's mean
//! daily motion in longitude, 0°59′08.33″ = 0.98564733° a year; [`Key::Ptolemy`], 1° a year;
//! or a number of degrees a year in [`KEY_RANGE_DEG_PER_YEAR`]. The event's instant is birth plus
//! `age × 365.24219` days (the tropical year, as the progressions use it).
//!
//! # Sources
//!
//! * Placidus de Titis, *Primum Mobile* (1657; tr. John Cooper, 1814): the semi-arc proportion
//!   and the mundane directions to the angles and between bodies.
//! * Martin Gansten, *Primary Directions: Astrology's Old Master Technique* (The Wessex
//!   Astrologer, 2009): the ascensional difference, semi-arcs, oblique ascension and the
//!   proportional semi-arc formula (ch. 6–7 and the appendices, pp. 147–150 on the conversion
//!   of coordinates); direct and converse; zodiacal directions without latitude.
//! * The Naibod key and its value: Gansten, ch. 9; the "Placidian arcs" entry of the Astrodienst
//!   / astrologysoftware.com astrology dictionary
//!   (<https://www.astrologysoftware.com/community/learn/dictionary/placidian_arcs.html>).
//! * flatlib's `predictives/primarydirections.py` (João Ventura): the same semi-arc method in
//!   Python, *in zodiaco* with latitude 0 and *in mundo* with latitudes; its published example
//!   (Mars to Mercury, 2015-03-13 17:00 UT, 38°32′N 8°54′W) is checked by the fixture's
//!   generator (`fixtures/directions/generate.py`).

use std::ops::RangeInclusive;

use orrery_ephem::{Ephemeris, HouseSystem, Observer, Zodiac};

use crate::angle::{Longitude, shortest_arc};
use crate::body::Body;
use crate::chart::ChartError;
use crate::techniques::cartography::{RaDec, body_sky};
use crate::time::{Days, JulianDayUt};

/// The Naibod key: the Sun's mean motion in longitude per day (0°59′08.33″), as degrees of arc
/// per year of life.
pub const NAIBOD_DEG_PER_YEAR: f64 = 0.985_647_33;
/// Ptolemy's key: one degree of arc per year.
pub const PTOLEMY_DEG_PER_YEAR: f64 = 1.0;
/// A numeric key must lie here (degrees of arc per year).
pub const KEY_RANGE_DEG_PER_YEAR: RangeInclusive<f64> = 0.5..=2.0;
/// The ages a request may ask about, years.
pub const AGE_RANGE_YEARS: RangeInclusive<f64> = 0.0..=120.0;
/// The age window when none is given, years.
pub const DEFAULT_AGES_YEARS: RangeInclusive<f64> = 0.0..=90.0;
/// At most this many promissors.
pub const MAX_PROMISSORS: usize = 12;
/// The promissors when none are named: the Sun to Saturn, the bodies of the classical
/// directions.
pub const DEFAULT_PROMISSORS: [Body; 7] = [
    Body::Sun,
    Body::Moon,
    Body::Mercury,
    Body::Venus,
    Body::Mars,
    Body::Jupiter,
    Body::Saturn,
];
/// The body significators when none are named: the lights.
pub const DEFAULT_SIGNIFICATOR_BODIES: [Body; 2] = [Body::Sun, Body::Moon];
/// Days in a year of life (the tropical year), as the progressions count it.
pub const TROPICAL_YEAR_DAYS: f64 = 365.242_19;
/// A forward arc this close below 360° is the promissor already on its target, taken round by
/// the rounding of the mundane position and back (its size: a few ulps of 360°).
const SAME_PLACE_DEG: f64 = 1e-9;
/// Degrees in a quadrant of mundane position.
const QUADRANT_DEG: f64 = 90.0;

/// Degrees of arc per year of life.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Key {
    /// 0.98564733° a year ([`NAIBOD_DEG_PER_YEAR`]).
    Naibod,
    /// 1° a year.
    Ptolemy,
    /// A rate in [`KEY_RANGE_DEG_PER_YEAR`], made by [`Key::custom`].
    Custom(f64),
}

impl Key {
    /// A numeric key.
    ///
    /// # Errors
    /// [`DirectionsError::Key`] outside [`KEY_RANGE_DEG_PER_YEAR`] or not finite.
    pub fn custom(deg_per_year: f64) -> Result<Self, DirectionsError> {
        if KEY_RANGE_DEG_PER_YEAR.contains(&deg_per_year) {
            Ok(Self::Custom(deg_per_year))
        } else {
            Err(DirectionsError::Key { got: deg_per_year })
        }
    }

    /// Degrees of arc per year.
    #[must_use]
    pub fn deg_per_year(self) -> f64 {
        match self {
            Self::Naibod => NAIBOD_DEG_PER_YEAR,
            Self::Ptolemy => PTOLEMY_DEG_PER_YEAR,
            Self::Custom(rate) => rate,
        }
    }

    /// `naibod`, `ptolemy` or `custom`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Naibod => "naibod",
            Self::Ptolemy => "ptolemy",
            Self::Custom(_) => "custom",
        }
    }
}

/// How the points are placed on the sphere (see the module's notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Ecliptic points at latitude 0, aspects along the zodiac.
    #[default]
    Zodiacal,
    /// The bodies' own right ascension and declination, aspects in mundane position.
    InMundo,
}

impl Mode {
    /// `zodiacal` or `in_mundo`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Zodiacal => "zodiacal",
            Self::InMundo => "in_mundo",
        }
    }
}

/// The four angles as significators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChartAngle {
    Asc,
    Mc,
    Dsc,
    Ic,
}

impl ChartAngle {
    /// In the order of their mundane positions, 0°, 90°, 180° and 270°.
    pub const ALL: [Self; 4] = [Self::Asc, Self::Mc, Self::Dsc, Self::Ic];
    /// The API names, in [`ChartAngle::ALL`]'s order.
    pub const NAMES: [&'static str; 4] = ["asc", "mc", "dsc", "ic"];

    /// `asc`, `mc`, `dsc` or `ic`.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// Parses an API name.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Self::ALL[i])
    }

    /// The angle's mundane position, degrees.
    #[must_use]
    pub fn mundane_position_deg(self) -> f64 {
        match self {
            Self::Asc => 0.0,
            Self::Mc => QUADRANT_DEG,
            Self::Dsc => 2.0 * QUADRANT_DEG,
            Self::Ic => 3.0 * QUADRANT_DEG,
        }
    }
}

/// What a promissor is directed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Significator {
    Angle(ChartAngle),
    Body(Body),
}

impl Significator {
    /// The API name.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Self::Angle(angle) => angle.name().to_owned(),
            Self::Body(body) => body.name().into_owned(),
        }
    }
}

/// A request's rules, broken.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DirectionsError {
    #[error(
        "must be between {} and {} degrees per year (got {got})",
        KEY_RANGE_DEG_PER_YEAR.start(),
        KEY_RANGE_DEG_PER_YEAR.end()
    )]
    Key { got: f64 },
    #[error(
        "must be between {} and {} years (got {got})",
        AGE_RANGE_YEARS.start(),
        AGE_RANGE_YEARS.end()
    )]
    Age { got: f64 },
    #[error("must not be after the end of the window (got start {start}, end {end})")]
    AgeOrder { start: f64, end: f64 },
}

/// The ages asked about, years, within [`AGE_RANGE_YEARS`], start ≤ end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AgeWindow {
    start_years: f64,
    end_years: f64,
}

impl AgeWindow {
    /// Checks one bound.
    ///
    /// # Errors
    /// [`DirectionsError::Age`] outside [`AGE_RANGE_YEARS`].
    pub fn check_bound(years: f64) -> Result<f64, DirectionsError> {
        if AGE_RANGE_YEARS.contains(&years) {
            Ok(years)
        } else {
            Err(DirectionsError::Age { got: years })
        }
    }

    /// A window.
    ///
    /// # Errors
    /// A bound outside [`AGE_RANGE_YEARS`], or the start after the end.
    pub fn new(start_years: f64, end_years: f64) -> Result<Self, DirectionsError> {
        let (start_years, end_years) = (
            Self::check_bound(start_years)?,
            Self::check_bound(end_years)?,
        );
        if start_years > end_years {
            return Err(DirectionsError::AgeOrder {
                start: start_years,
                end: end_years,
            });
        }
        Ok(Self {
            start_years,
            end_years,
        })
    }

    #[must_use]
    pub fn start_years(self) -> f64 {
        self.start_years
    }

    #[must_use]
    pub fn end_years(self) -> f64 {
        self.end_years
    }

    fn contains(self, age_years: f64) -> bool {
        (self.start_years..=self.end_years).contains(&age_years)
    }
}

impl Default for AgeWindow {
    fn default() -> Self {
        Self {
            start_years: *DEFAULT_AGES_YEARS.start(),
            end_years: *DEFAULT_AGES_YEARS.end(),
        }
    }
}

/// A validated request.
#[derive(Debug, Clone, PartialEq)]
pub struct DirectionsInput {
    pub jd: JulianDayUt,
    pub place: Observer,
    pub key: Key,
    pub mode: Mode,
    /// Each once, at most [`MAX_PROMISSORS`].
    pub promissors: Vec<Body>,
    /// Angle significators, each once.
    pub angles: Vec<ChartAngle>,
    /// Body significators, each once.
    pub bodies: Vec<Body>,
    /// Aspect points in degrees, as asked (any sign; used mod 360).
    pub aspects_deg: Vec<f64>,
    pub ages: AgeWindow,
}

/// A point's semi-arcs, degrees; both are positive.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SemiArcs {
    pub diurnal_deg: f64,
    pub nocturnal_deg: f64,
}

impl SemiArcs {
    /// The semi-arcs of declination `dec_deg` at latitude `lat_deg`, or `None` for a circumpolar
    /// point (`|tan φ · tan δ| ≥ 1`).
    #[must_use]
    pub fn of(dec_deg: f64, lat_deg: f64) -> Option<Self> {
        let product = circumpolar_product(dec_deg, lat_deg);
        if !product.is_finite() || product.abs() >= 1.0 {
            return None;
        }
        let diurnal_deg = QUADRANT_DEG + product.asin().to_degrees();
        Some(Self {
            diurnal_deg,
            nocturnal_deg: 2.0 * QUADRANT_DEG - diurnal_deg,
        })
    }

    /// The mundane position (degrees, `[0, 360)`) of the point at hour angle `hour_angle_deg`
    /// (`[−180, 180)`, west positive).
    #[must_use]
    pub fn mundane_position_deg(self, hour_angle_deg: f64) -> f64 {
        let (d, n) = (self.diurnal_deg, self.nocturnal_deg);
        let m = if hour_angle_deg.abs() <= d {
            QUADRANT_DEG + QUADRANT_DEG * hour_angle_deg / d
        } else if hour_angle_deg > d {
            2.0 * QUADRANT_DEG + QUADRANT_DEG * (hour_angle_deg - d) / n
        } else {
            4.0 * QUADRANT_DEG - QUADRANT_DEG * (-d - hour_angle_deg) / n
        };
        degrees_360(m)
    }

    /// The hour angle (degrees, one turn from the rising point `−DSA` to `360 − DSA`) at which
    /// the point stands at mundane position `mundane_deg`: the inverse of
    /// [`SemiArcs::mundane_position_deg`].
    #[must_use]
    pub fn hour_angle_at_deg(self, mundane_deg: f64) -> f64 {
        let m = degrees_360(mundane_deg);
        if m <= 2.0 * QUADRANT_DEG {
            (m - QUADRANT_DEG) * self.diurnal_deg / QUADRANT_DEG
        } else {
            self.diurnal_deg + (m - 2.0 * QUADRANT_DEG) * self.nocturnal_deg / QUADRANT_DEG
        }
    }
}

/// `tan φ · tan δ`, the sine of the ascensional difference.
fn circumpolar_product(dec_deg: f64, lat_deg: f64) -> f64 {
    lat_deg.to_radians().tan() * dec_deg.to_radians().tan()
}

/// `x` in `[0, 360)`, through [`Longitude`] (the one place angles are normalised).
fn degrees_360(x: f64) -> f64 {
    Longitude::new(x).map_or(f64::NAN, Longitude::degrees)
}

/// A point placed on the sphere at birth: its equatorial coordinates, semi-arcs and mundane
/// position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MundanePoint {
    pub equatorial: RaDec,
    pub arcs: SemiArcs,
    /// Hour angle at birth, degrees `[−180, 180)`, west of the upper meridian positive.
    pub hour_angle_deg: f64,
    pub mundane_deg: f64,
}

impl MundanePoint {
    /// The point of `equatorial` for the RAMC `armc` at latitude `lat_deg`; `None` when it is
    /// circumpolar.
    #[must_use]
    pub fn place(equatorial: RaDec, armc: Longitude, lat_deg: f64) -> Option<Self> {
        let arcs = SemiArcs::of(equatorial.dec_deg, lat_deg)?;
        let hour_angle_deg = shortest_arc(equatorial.ra, armc).degrees();
        Some(Self {
            equatorial,
            arcs,
            hour_angle_deg,
            mundane_deg: arcs.mundane_position_deg(hour_angle_deg),
        })
    }

    /// The arc of direction (degrees, `[0, 360)`) by which the primary motion carries this
    /// point to mundane position `target_deg`.
    #[must_use]
    pub fn arc_to_deg(&self, target_deg: f64) -> f64 {
        let arc = degrees_360(self.arcs.hour_angle_at_deg(target_deg) - self.hour_angle_deg);
        if arc > 360.0 - SAME_PLACE_DEG {
            0.0
        } else {
            arc
        }
    }
}

/// One direction.
#[derive(Debug, Clone, PartialEq)]
pub struct Direction {
    pub promissor: Body,
    /// As asked.
    pub aspect_deg: f64,
    pub significator: Significator,
    pub arc_deg: f64,
    pub age_years: f64,
    /// Birth plus `age × 365.24219` days.
    pub jd: JulianDayUt,
}

/// In which part a skipped point would have played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Promissor,
    Significator,
}

impl Role {
    /// `promissor` or `significator`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Promissor => "promissor",
            Self::Significator => "significator",
        }
    }
}

/// A circumpolar point, left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Skipped {
    pub body: Body,
    pub role: Role,
    /// For a zodiacal promissor: the aspect whose point is circumpolar.
    pub aspect_deg: Option<f64>,
    pub dec_deg: f64,
    pub reason: String,
}

/// The result.
#[derive(Debug, Clone, PartialEq)]
pub struct Directions {
    /// The right ascension of the MC, degrees.
    pub armc: Longitude,
    /// The true obliquity of date, degrees (for the zodiacal points).
    pub true_obliquity_deg: f64,
    /// Sorted by age; ties in the order of the promissors, aspects and significators asked.
    pub directions: Vec<Direction>,
    pub skipped: Vec<Skipped>,
}

/// Why a point of declination `dec_deg` has no semi-arc at `lat_deg`.
fn circumpolar_reason(dec_deg: f64, lat_deg: f64) -> String {
    let product = circumpolar_product(dec_deg, lat_deg);
    let never = if product > 0.0 { "sets" } else { "rises" };
    format!(
        "circumpolar: at latitude {lat_deg:.4} with declination {dec_deg:.4}, |tan(latitude) * tan(declination)| = {:.4} >= 1, so the point never {never} and has no semi-arc",
        product.abs()
    )
}

/// A body as placed for `mode`: its own coordinates in mundo, its ecliptic point (latitude 0)
/// in zodiaco; with its longitude.
fn body_point(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    mode: Mode,
    true_obliquity_deg: f64,
) -> Result<(RaDec, Longitude), ChartError> {
    let sky = body_sky(eph, jd, body)?;
    let equatorial = match mode {
        Mode::InMundo => sky.equatorial,
        Mode::Zodiacal => RaDec::of_ecliptic_point(sky.lon, true_obliquity_deg),
    };
    Ok((equatorial, sky.lon))
}

/// The ages of an arc, if inside the window.
fn timed(arc_deg: f64, input: &DirectionsInput) -> Option<(f64, JulianDayUt)> {
    let age_years = arc_deg / input.key.deg_per_year();
    input
        .ages
        .contains(age_years)
        .then_some((age_years, input.jd + Days(age_years * TROPICAL_YEAR_DAYS)))
}

/// Every direct direction of the request in its age window.
///
/// # Errors
/// [`ChartError`] when the library has no data for a body at the birth, or fails.
pub fn primary_directions(
    eph: &Ephemeris,
    input: &DirectionsInput,
) -> Result<Directions, ChartError> {
    let lat_deg = input.place.lat_deg;
    let true_obliquity_deg = eph.obliquity_nutation(input.jd)?.true_obliquity_deg;
    // The RAMC does not depend on the house system; equal houses are defined at every latitude.
    let houses = eph.houses(
        input.jd,
        lat_deg,
        input.place.lon_deg,
        HouseSystem::EQUAL,
        Zodiac::Tropical,
    )?;
    let armc = Longitude::new(houses.angles.armc_deg).map_err(|_| {
        ChartError::Ephemeris(orrery_ephem::EphemError::Library {
            function: "swe_houses_ex2",
            message: format!("the ARMC {} is not finite", houses.angles.armc_deg),
        })
    })?;
    let mut skipped = Vec::new();

    // The significators' mundane positions.
    let mut targets: Vec<(Significator, f64)> = input
        .angles
        .iter()
        .map(|&a| (Significator::Angle(a), a.mundane_position_deg()))
        .collect();
    for &body in &input.bodies {
        let (equatorial, _) = body_point(eph, input.jd, body, input.mode, true_obliquity_deg)?;
        match MundanePoint::place(equatorial, armc, lat_deg) {
            Some(point) => targets.push((Significator::Body(body), point.mundane_deg)),
            None => skipped.push(Skipped {
                body,
                role: Role::Significator,
                aspect_deg: None,
                dec_deg: equatorial.dec_deg,
                reason: circumpolar_reason(equatorial.dec_deg, lat_deg),
            }),
        }
    }

    let mut directions = Vec::new();
    for &promissor in &input.promissors {
        let (own, lon) = body_point(eph, input.jd, promissor, input.mode, true_obliquity_deg)?;
        for &aspect_deg in &input.aspects_deg {
            // The moving point and the offset of its target in mundane position.
            let (equatorial, mundane_offset_deg) = match input.mode {
                Mode::Zodiacal => (
                    RaDec::of_ecliptic_point(
                        Longitude::new(lon.degrees() + aspect_deg).unwrap_or(lon),
                        true_obliquity_deg,
                    ),
                    0.0,
                ),
                Mode::InMundo => (own, aspect_deg),
            };
            let Some(point) = MundanePoint::place(equatorial, armc, lat_deg) else {
                let per_aspect = input.mode == Mode::Zodiacal;
                if per_aspect
                    || !skipped
                        .iter()
                        .any(|s: &Skipped| s.body == promissor && s.role == Role::Promissor)
                {
                    skipped.push(Skipped {
                        body: promissor,
                        role: Role::Promissor,
                        aspect_deg: per_aspect.then_some(aspect_deg),
                        dec_deg: equatorial.dec_deg,
                        reason: circumpolar_reason(equatorial.dec_deg, lat_deg),
                    });
                }
                continue;
            };
            let conjunction = degrees_360(aspect_deg) == 0.0;
            for &(significator, target_deg) in &targets {
                if conjunction && significator == Significator::Body(promissor) {
                    continue;
                }
                let arc_deg = point.arc_to_deg(target_deg + mundane_offset_deg);
                if let Some((age_years, jd)) = timed(arc_deg, input) {
                    directions.push(Direction {
                        promissor,
                        aspect_deg,
                        significator,
                        arc_deg,
                        age_years,
                        jd,
                    });
                }
            }
        }
    }
    // A stable sort keeps the request's order among equal ages.
    directions.sort_by(|a, b| a.arc_deg.total_cmp(&b.arc_deg));
    Ok(Directions {
        armc,
        true_obliquity_deg,
        directions,
        skipped,
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Round trips through the mundane position lose a few ulps of 360°.
    const ROUND_TRIP_DEG: f64 = 1e-9;

    fn ra_dec(ra_deg: f64, dec_deg: f64) -> RaDec {
        RaDec {
            ra: Longitude::new(ra_deg).unwrap(),
            dec_deg,
        }
    }

    #[test]
    fn semi_arcs_on_the_equator_and_the_poles() {
        let arcs = SemiArcs::of(20.0, 0.0).unwrap();
        assert!((arcs.diurnal_deg - 90.0).abs() < ROUND_TRIP_DEG);
        // 70° N: a declination of +23° never sets, -23° never rises.
        assert!(SemiArcs::of(23.0, 70.0).is_none());
        assert!(circumpolar_reason(23.0, 70.0).contains("never sets"));
        assert!(circumpolar_reason(-23.0, 70.0).contains("never rises"));
        assert!(SemiArcs::of(10.0, 90.0).is_none());
    }

    #[test]
    fn angles_are_the_quadrant_points() {
        // A point of declination 0 at latitude 0: rises at H = -90, culminates at 0.
        let arcs = SemiArcs::of(0.0, 0.0).unwrap();
        for (h, m) in [(-90.0, 0.0), (0.0, 90.0), (90.0, 180.0), (-180.0, 270.0)] {
            assert!(
                (arcs.mundane_position_deg(h) - m).abs() < ROUND_TRIP_DEG,
                "{h}"
            );
        }
    }

    #[test]
    fn custom_key_and_ages_are_checked() {
        assert!(Key::custom(0.49).is_err());
        assert!(Key::custom(f64::NAN).is_err());
        assert!(Key::custom(2.0).is_ok());
        assert!(AgeWindow::new(-1.0, 10.0).is_err());
        assert!(AgeWindow::new(10.0, 121.0).is_err());
        assert!(matches!(
            AgeWindow::new(50.0, 10.0),
            Err(DirectionsError::AgeOrder { .. })
        ));
    }

    proptest! {
        #[test]
        fn mundane_position_inverts(
            dec in -60.0..60.0_f64, lat in -60.0..60.0_f64, h in -180.0..180.0_f64,
        ) {
            prop_assume!(SemiArcs::of(dec, lat).is_some());
            let arcs = SemiArcs::of(dec, lat).unwrap();
            let m = arcs.mundane_position_deg(h);
            let back = arcs.hour_angle_at_deg(m);
            let diff = shortest_arc(
                Longitude::new(back).unwrap(),
                Longitude::new(h).unwrap(),
            ).degrees();
            prop_assert!(diff.abs() < ROUND_TRIP_DEG, "h {h} m {m} back {back}");
        }

        /// To the MC the arc is the right ascension less the RAMC.
        #[test]
        fn mc_arc_is_the_ra_difference(
            ra in 0.0..360.0_f64, dec in -30.0..30.0_f64, lat in -60.0..60.0_f64,
            armc in 0.0..360.0_f64,
        ) {
            let armc = Longitude::new(armc).unwrap();
            let Some(point) = MundanePoint::place(ra_dec(ra, dec), armc, lat) else {
                return Ok(());
            };
            let arc = point.arc_to_deg(ChartAngle::Mc.mundane_position_deg());
            let want = degrees_360(ra - armc.degrees());
            let diff = shortest_arc(Longitude::new(arc).unwrap(), Longitude::new(want).unwrap());
            prop_assert!(diff.abs() < ROUND_TRIP_DEG, "arc {arc} want {want}");
        }

        /// A point directed to its own place has arc 0.
        #[test]
        fn a_point_directed_to_itself_has_arc_zero(
            ra in 0.0..360.0_f64, dec in -30.0..30.0_f64, lat in -60.0..60.0_f64,
            armc in 0.0..360.0_f64,
        ) {
            let armc = Longitude::new(armc).unwrap();
            if let Some(point) = MundanePoint::place(ra_dec(ra, dec), armc, lat) {
                let arc = point.arc_to_deg(point.mundane_deg);
                prop_assert!(arc.abs() < ROUND_TRIP_DEG, "arc {arc}");
            }
        }

        /// The ASC arc is the oblique ascension less that of the ascendant, RAMC + 90.
        #[test]
        fn asc_arc_is_the_oblique_ascension_difference(
            ra in 0.0..360.0_f64, dec in -30.0..30.0_f64, lat in -60.0..60.0_f64,
            armc in 0.0..360.0_f64,
        ) {
            let armc = Longitude::new(armc).unwrap();
            if let Some(point) = MundanePoint::place(ra_dec(ra, dec), armc, lat) {
                let ad = circumpolar_product(dec, lat).asin().to_degrees();
                let want = degrees_360(ra - ad - armc.degrees() - 90.0);
                let arc = point.arc_to_deg(ChartAngle::Asc.mundane_position_deg());
                let diff = shortest_arc(Longitude::new(arc).unwrap(), Longitude::new(want).unwrap());
                prop_assert!(diff.abs() < ROUND_TRIP_DEG, "arc {arc} want {want}");
            }
        }

        /// Within a quadrant the arc is the text-book `MD_P − MD_S · SA_P / SA_S`.
        #[test]
        fn proportion_within_the_upper_eastern_quadrant(
            dec_p in -30.0..30.0_f64, dec_s in -30.0..30.0_f64, lat in -60.0..60.0_f64,
            f_p in 0.05..0.95_f64, f_s in 0.05..0.95_f64,
        ) {
            prop_assume!(f_p > f_s);
            let armc = Longitude::ZERO;
            let (Some(sa_p), Some(sa_s)) = (SemiArcs::of(dec_p, lat), SemiArcs::of(dec_s, lat))
            else {
                return Ok(());
            };
            // Both east of the MC above the horizon: meridian distances as fractions of DSA.
            let md_p = f_p * sa_p.diurnal_deg;
            let md_s = f_s * sa_s.diurnal_deg;
            let p = MundanePoint::place(ra_dec(md_p, dec_p), armc, lat).unwrap();
            let s = MundanePoint::place(ra_dec(md_s, dec_s), armc, lat).unwrap();
            let want = md_p - md_s * sa_p.diurnal_deg / sa_s.diurnal_deg;
            prop_assert!((p.arc_to_deg(s.mundane_deg) - want).abs() < ROUND_TRIP_DEG);
        }
    }
}
