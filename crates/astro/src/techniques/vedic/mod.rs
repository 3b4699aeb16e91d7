//! Vedic (Jyotish) techniques: sidereal positions of the grahas and the lagna with their
//! nakshatras ([`nakshatra`]), Vimshottari dashas ([`dasha`]), vargas ([`varga`]), the
//! ashtakavarga ([`ashtakavarga`]), the panchanga of a day ([`panchanga`]) and the KP lords
//! ([`kp`]).
//!
//! # Positions
//!
//! The grahas are the Sun, the Moon, Mars, Mercury, Jupiter, Venus and Saturn, Rahu (the
//! **mean** lunar node, as docs/CONVENTIONS.md says) and Ketu (Rahu + 180°, with Rahu's speed).
//! Their longitudes are geocentric, apparent, sidereal with the chosen ayanamsa (the library's
//! sidereal mode). The lagna is the sidereal ascendant at the birth place (the library's house
//! routine with the sidereal flag; the ascendant does not depend on the house system, and the
//! whole-sign system used has no polar fallback). A graha is retrograde when its sidereal
//! speed in longitude is negative; the mean node always is.

pub mod ashtakavarga;
pub mod dasha;
pub mod kp;
pub mod nakshatra;
pub mod panchanga;
pub mod varga;

use orrery_ephem::{AyanamsaId, Ephemeris, EphemerisSource, HouseSystem, Observer, Zodiac};

use crate::angle::{HALF_CIRCLE_DEG, Longitude};
use crate::body::Body;
use crate::chart::{Center, ChartError, Frame, position};
use crate::time::JulianDayUt;

use self::ashtakavarga::Ashtakavarga;
use self::dasha::{DashaLevels, DashaYear, Vimshottari, vimshottari_with};
use self::nakshatra::NakshatraPosition;

/// The nine grahas of Jyotish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Graha {
    Sun,
    Moon,
    Mars,
    Mercury,
    Jupiter,
    Venus,
    Saturn,
    /// The mean ascending lunar node.
    Rahu,
    /// The point opposite Rahu.
    Ketu,
}

impl Graha {
    /// The grahas in the traditional (weekday) order, the nodes last.
    pub const ALL: [Self; 9] = [
        Self::Sun,
        Self::Moon,
        Self::Mars,
        Self::Mercury,
        Self::Jupiter,
        Self::Venus,
        Self::Saturn,
        Self::Rahu,
        Self::Ketu,
    ];

    /// The snake_case name, e.g. `rahu`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Sun => "sun",
            Self::Moon => "moon",
            Self::Mars => "mars",
            Self::Mercury => "mercury",
            Self::Jupiter => "jupiter",
            Self::Venus => "venus",
            Self::Saturn => "saturn",
            Self::Rahu => "rahu",
            Self::Ketu => "ketu",
        }
    }

    /// The body computed for it; Ketu is derived from Rahu and has none.
    #[must_use]
    pub fn body(self) -> Option<Body> {
        match self {
            Self::Sun => Some(Body::Sun),
            Self::Moon => Some(Body::Moon),
            Self::Mars => Some(Body::Mars),
            Self::Mercury => Some(Body::Mercury),
            Self::Jupiter => Some(Body::Jupiter),
            Self::Venus => Some(Body::Venus),
            Self::Saturn => Some(Body::Saturn),
            Self::Rahu => Some(Body::MeanNode),
            Self::Ketu => None,
        }
    }
}

/// The Sanskrit names of the rashis (signs), Aries (Mesha) first.
pub const RASHI_NAMES: [&str; 12] = [
    "mesha",
    "vrishabha",
    "mithuna",
    "karka",
    "simha",
    "kanya",
    "tula",
    "vrishchika",
    "dhanu",
    "makara",
    "kumbha",
    "meena",
];

/// A point of a Vedic chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VedicPoint {
    Graha(Graha),
    /// The ascendant.
    Lagna,
}

impl VedicPoint {
    /// The snake_case name: a graha's, or `lagna`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Graha(g) => g.name(),
            Self::Lagna => "lagna",
        }
    }
}

/// A point's sidereal position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VedicPosition {
    pub point: VedicPoint,
    /// Sidereal longitude.
    pub lon: Longitude,
    /// Daily motion in sidereal longitude (the lagna's from the house routine).
    pub speed_deg_per_day: f64,
    pub nakshatra: NakshatraPosition,
}

impl VedicPosition {
    fn new(point: VedicPoint, lon: Longitude, speed_deg_per_day: f64) -> Self {
        Self {
            point,
            lon,
            speed_deg_per_day,
            nakshatra: NakshatraPosition::of(lon),
        }
    }

    /// A graha with a negative speed; `None` for the lagna, which only moves forward.
    #[must_use]
    pub fn retrograde(&self) -> Option<bool> {
        match self.point {
            VedicPoint::Graha(_) => Some(self.speed_deg_per_day < 0.0),
            VedicPoint::Lagna => None,
        }
    }
}

/// The positions of a Vedic chart.
#[derive(Debug, Clone, PartialEq)]
pub struct VedicChart {
    /// The ayanamsa at the instant, degrees (with nutation, as the sidereal positions use it).
    pub ayanamsa_deg: f64,
    /// The nine grahas in [`Graha::ALL`] order, then the lagna.
    pub positions: Vec<VedicPosition>,
    /// `Moshier` when any graha came from the library's analytical fallback.
    pub source: EphemerisSource,
}

impl VedicChart {
    /// The position of a point.
    #[must_use]
    pub fn get(&self, point: VedicPoint) -> Option<&VedicPosition> {
        self.positions.iter().find(|p| p.point == point)
    }
}

/// The Vimshottari dashas a [`vedic_reading`] is asked for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DashaRequest {
    pub levels: DashaLevels,
    pub year: DashaYear,
    /// The instant whose antardasha levels 3 to 5 divide and whose running periods are given;
    /// `None` for birth.
    pub focus: Option<JulianDayUt>,
}

/// The answer of `POST /v1/vedic`: the chart, its ashtakavarga, and the dashas from its Moon
/// if asked.
#[derive(Debug, Clone, PartialEq)]
pub struct VedicReading {
    pub chart: VedicChart,
    pub dashas: Option<Vimshottari>,
    /// From the grahas' and the lagna's rashis (a few hundred additions, so always made).
    pub ashtakavarga: Ashtakavarga,
    /// The sidereal Placidus cusps KP reads, when asked for.
    pub kp_cusps: Option<KpCusps>,
}

/// The twelve house cusps of KP: Placidus in the sidereal zodiac.
#[derive(Debug, Clone, PartialEq)]
pub struct KpCusps {
    /// Houses 1 to 12, sidereal.
    pub cusps: Vec<Longitude>,
    /// Placidus, or Porphyry where the library fell back inside the polar circles.
    pub system_used: HouseSystem,
    /// The library's reason for a fallback.
    pub fallback: Option<String>,
}

/// The sidereal Placidus cusps at `jd` for `place` (KP's houses).
///
/// # Errors
/// A date outside the ephemeris, or a library failure.
pub fn kp_cusps(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: Observer,
    ayanamsa: AyanamsaId,
) -> Result<KpCusps, ChartError> {
    let houses = eph.houses(
        jd,
        place.lat_deg,
        place.lon_deg,
        HouseSystem::PLACIDUS,
        Zodiac::Sidereal(ayanamsa),
    )?;
    let cusps = houses
        .cusps
        .iter()
        .map(|c| {
            Longitude::new(c.lon_deg).map_err(|e| {
                ChartError::Ephemeris(orrery_ephem::EphemError::Library {
                    function: "swe_houses_ex2",
                    message: e.to_string(),
                })
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(KpCusps {
        cusps,
        system_used: houses.system_used,
        fallback: houses.fallback,
    })
}

impl VedicChart {
    /// The unreduced ashtakavarga of the chart's rashis ([`Ashtakavarga::of`]).
    #[must_use]
    pub fn ashtakavarga(&self) -> Ashtakavarga {
        let sign_of = |point| {
            self.get(point)
                .map_or(crate::angle::Sign::Aries, |p| p.lon.sign())
        };
        let grahas = ashtakavarga::ASHTAKAVARGA_GRAHAS.map(|g| sign_of(VedicPoint::Graha(g)));
        Ashtakavarga::of(grahas, sign_of(VedicPoint::Lagna))
    }
}

/// The sidereal chart at `jd` for `place` ([`vedic_chart`]), with `dashas` the Vimshottari
/// periods from the birth Moon ([`vimshottari_with`]), with `kp` the KP cusps ([`kp_cusps`]).
///
/// # Errors
/// As [`vedic_chart`].
pub fn vedic_reading(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: Observer,
    ayanamsa: AyanamsaId,
    dashas: Option<DashaRequest>,
    kp: bool,
) -> Result<VedicReading, ChartError> {
    let chart = vedic_chart(eph, jd, place, ayanamsa)?;
    let kp_cusps = if kp {
        Some(kp_cusps(eph, jd, place, ayanamsa)?)
    } else {
        None
    };
    let dashas = match dashas {
        None => None,
        Some(request) => {
            let moon = chart.get(VedicPoint::Graha(Graha::Moon)).ok_or_else(|| {
                ChartError::Ephemeris(orrery_ephem::EphemError::Library {
                    function: "swe_calc_ut",
                    message: "the Moon's position was asked for but not returned".into(),
                })
            })?;
            Some(vimshottari_with(
                jd,
                moon.lon,
                request.levels,
                request.year,
                request.focus.unwrap_or(jd),
            ))
        }
    };
    let ashtakavarga = chart.ashtakavarga();
    Ok(VedicReading {
        chart,
        dashas,
        ashtakavarga,
        kp_cusps,
    })
}

/// Computes the sidereal grahas and lagna at `jd` for `place`.
///
/// # Errors
/// A date outside the ephemeris, or a library failure.
pub fn vedic_chart(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: Observer,
    ayanamsa: AyanamsaId,
) -> Result<VedicChart, ChartError> {
    let zodiac = Zodiac::Sidereal(ayanamsa);
    let frame = Frame {
        center: Center::Geocentric,
        zodiac,
    };
    let mut positions = Vec::with_capacity(Graha::ALL.len() + 1);
    let mut source = EphemerisSource::Swiss;
    for graha in Graha::ALL {
        let Some(body) = graha.body() else { continue };
        let p = position(eph, jd, body, &frame)?;
        if p.source == EphemerisSource::Moshier {
            source = EphemerisSource::Moshier;
        }
        positions.push(VedicPosition::new(
            VedicPoint::Graha(graha),
            p.lon,
            p.lon_speed_deg_per_day,
        ));
        if graha == Graha::Rahu {
            // Ketu: the point opposite Rahu, moving with it. The sum is finite, so `new`
            // cannot fail.
            let ketu = Longitude::new(p.lon.degrees() + HALF_CIRCLE_DEG).unwrap_or(p.lon);
            positions.push(VedicPosition::new(
                VedicPoint::Graha(Graha::Ketu),
                ketu,
                p.lon_speed_deg_per_day,
            ));
        }
    }
    let houses = eph.houses(
        jd,
        place.lat_deg,
        place.lon_deg,
        HouseSystem::WHOLE_SIGN,
        zodiac,
    )?;
    let ascendant = houses.angles.ascendant;
    let lagna = Longitude::new(ascendant.lon_deg).map_err(|e| {
        ChartError::Ephemeris(orrery_ephem::EphemError::Library {
            function: "swe_houses_ex2",
            message: e.to_string(),
        })
    })?;
    positions.push(VedicPosition::new(
        VedicPoint::Lagna,
        lagna,
        ascendant.speed_deg_per_day,
    ));
    Ok(VedicChart {
        ayanamsa_deg: eph.ayanamsa_deg(jd, ayanamsa)?,
        positions,
        source,
    })
}
