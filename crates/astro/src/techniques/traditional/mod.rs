//! Traditional astrology: the essential dignities of the seven planets under a named scheme,
//! their condition (sect, phase with the Sun, orientality, speed, angularity), receptions and
//! dispositors, the almutens, and the planetary day and hour.
//!
//! * [`tables`]: the tables as data with their sources (domiciles, exaltations, triplicities,
//!   bounds, faces; detriment and fall derived).
//! * [`scheme`]: the schemes (`ptolemaic`, `dorothean`, `lilly`), their points, a planet's
//!   dignities in a degree, the almuten of a degree.
//! * [`condition`]: sect, hayz and halb, solar phase, orientality, speed, angularity.
//! * [`relations`]: receptions and dispositor chains.
//! * [`hours`]: the planetary day and hour from sunrise and sunset.
//! * [`firdaria`]: the firdaria in four variants; [`time_lords`]: the firdaria of a birth and
//!   the lords active at an instant (the core of a future `POST /v1/time-lords`).
//!
//! [`dignities`] is the one entry point of `POST /v1/dignities`: it casts the chart and
//! derives everything else from it. Every convention and its source: docs/TRADITIONAL.md.

pub mod condition;
pub mod firdaria;
pub mod hours;
pub mod profections;
pub mod relations;
pub mod scheme;
pub mod tables;
pub mod time_lords;

use orrery_ephem::{Ephemeris, HouseSystem, Observer};

use crate::angle::Longitude;
use crate::body::Body;
use crate::chart::{ChartInput, Frame, MissingData};
use crate::techniques::cast::{CastError, CastInput, CastOptions, ChartParts, cast_chart};
use crate::techniques::lots::{
    Lot, LotPositions, Sect, cast_lot, sun_altitude_deg as true_altitude_deg,
};
use crate::time::JulianDayUt;

use condition::{
    Angularity, SectCondition, SolarPhase, SpeedClass, is_oriental, mean_motion_deg_per_day,
    planet_sect, sect_condition, sun_separation_deg,
};
use hours::{HourError, PlanetaryHour, planetary_hour};
use relations::{Dispositors, Reception, dispositors, receptions};
use scheme::{EssentialState, Lords, Scheme, almuten_of_degree, best_of, essential_state};
use tables::{Rulers, SEVEN, domicile_lord};

/// The question of `POST /v1/dignities`.
#[derive(Debug, Clone, PartialEq)]
pub struct DignitiesQuery {
    pub jd: JulianDayUt,
    pub place: Observer,
    pub scheme: Scheme,
    pub rulers: Rulers,
    /// The houses that decide angularity.
    pub house_system: HouseSystem,
    /// Degrees whose almuten is wanted, besides the Almuten Figuris.
    pub almuten_of: Vec<Longitude>,
}

/// The planets whose domiciles modern rulers add: in the chart only for the dispositors.
const MODERN_RULERS: [Body; 3] = {
    let p = Body::PLANETS;
    [p[7], p[8], p[9]]
};

/// One of the seven planets with its dignities and condition.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanetDignities {
    pub planet: Body,
    pub lon: Longitude,
    pub speed_deg_per_day: f64,
    pub essential: EssentialState,
    pub sect: SectCondition,
    /// Its true altitude above the horizon, degrees (the centre, no refraction).
    pub altitude_deg: f64,
    /// With the separation from the Sun in degrees; `None` for the Sun.
    pub solar_phase: Option<(SolarPhase, f64)>,
    /// `None` for the Sun.
    pub oriental: Option<bool>,
    pub speed: SpeedClass,
    pub mean_motion_deg_per_day: f64,
    /// The house (1..=12) of the chart's system and its angularity.
    pub house: u8,
    pub angularity: Angularity,
}

/// A point's share in the Almuten Figuris.
#[derive(Debug, Clone, PartialEq)]
pub struct AlmutenPlace {
    /// `sun`, `moon`, `ascendant`, `fortune`.
    pub place: &'static str,
    pub lon: Longitude,
    /// Each planet's points in this degree, in the order of [`SEVEN`].
    pub points: Vec<(Body, i32)>,
}

/// The Almuten Figuris: the planet with the most points of dignity over the chart's places.
#[derive(Debug, Clone, PartialEq)]
pub struct AlmutenFiguris {
    /// The variant: which places are counted.
    pub variant: &'static str,
    pub places: Vec<AlmutenPlace>,
    /// Each planet's total, in the order of [`SEVEN`].
    pub totals: Vec<(Body, i32)>,
    /// The winners (several when tied) and their total.
    pub winners: Vec<Body>,
    pub points: i32,
}

/// The almuten of one degree.
#[derive(Debug, Clone, PartialEq)]
pub struct DegreeAlmuten {
    pub lon: Longitude,
    pub lords: Lords,
    pub winners: Vec<Body>,
    pub points: i32,
}

/// The answer to a [`DignitiesQuery`].
#[derive(Debug, Clone, PartialEq)]
pub struct DignitiesReport {
    pub sect: Sect,
    /// The Sun's true altitude, degrees, which sets the sect.
    pub sun_altitude_deg: f64,
    pub ascendant: Longitude,
    pub mc: Longitude,
    /// The house system the cusps are in (a polar fallback says otherwise).
    pub house_system_used: HouseSystem,
    /// The seven planets, Sun to Saturn.
    pub planets: Vec<PlanetDignities>,
    pub receptions: Vec<Reception>,
    pub dispositors: Dispositors,
    pub almuten_figuris: AlmutenFiguris,
    pub almutens: Vec<DegreeAlmuten>,
    /// Or why there is none (the Sun does not rise or set).
    pub planetary_hour: Result<PlanetaryHour, HourError>,
}

/// Why a [`DignitiesQuery`] has no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DignitiesError {
    #[error(transparent)]
    Cast(#[from] CastError),
    /// The library gave no finite ascendant (at a geographic pole).
    #[error("the ascendant is undefined at latitude {lat_deg}")]
    AscendantUndefined { lat_deg: f64 },
}

impl From<crate::chart::ChartError> for DignitiesError {
    fn from(e: crate::chart::ChartError) -> Self {
        Self::Cast(CastError::Chart(e))
    }
}

/// The Almuten Figuris variant: the Sun, the Moon, the ascendant and the Lot of Fortune (Ibn
/// Ezra's places without the prenatal syzygy).
pub const ALMUTEN_FIGURIS_VARIANT: &str = "sun_moon_ascendant_fortune";

/// Casts the chart of the query and derives the dignities, the condition, the relations, the
/// almutens and the planetary hour.
///
/// # Errors
/// The chart cannot be cast, or the ascendant is undefined.
pub fn dignities(
    eph: &Ephemeris,
    query: &DignitiesQuery,
) -> Result<DignitiesReport, DignitiesError> {
    let mut bodies = SEVEN.to_vec();
    if query.rulers == Rulers::Modern {
        bodies.extend(MODERN_RULERS);
    }
    let chart = cast_chart(
        eph,
        &CastInput::new(
            ChartInput {
                jd: query.jd,
                place: query.place,
                bodies,
                frame: Frame::GEOCENTRIC_TROPICAL,
                house_system: Some(query.house_system),
            },
            MissingData::Refuse,
            CastOptions {
                parts: ChartParts::ALL,
                aspects: None,
                include_axes: false,
            },
        ),
    )?;
    let houses = chart
        .houses
        .as_ref()
        .ok_or(DignitiesError::AscendantUndefined {
            lat_deg: query.place.lat_deg,
        })?;
    let undefined = || DignitiesError::AscendantUndefined {
        lat_deg: query.place.lat_deg,
    };
    let ascendant =
        Longitude::new(houses.houses.angles.ascendant.lon_deg).map_err(|_| undefined())?;
    let mc = Longitude::new(houses.houses.angles.mc.lon_deg).map_err(|_| undefined())?;
    let cast_bodies = chart.bodies.as_deref().unwrap_or_default();
    let position_of = |body: Body| cast_bodies.iter().find(|b| b.position.body == body);
    let sun = position_of(Body::Sun).ok_or_else(undefined)?.position;
    let sun_altitude_deg = true_altitude_deg(eph, query.jd, &query.place, sun.lon, sun.lat_deg)?;
    let sect = Sect::from_sun_altitude(sun_altitude_deg);

    let mut planets = Vec::with_capacity(SEVEN.len());
    for planet in SEVEN {
        let cast = position_of(planet).ok_or_else(undefined)?;
        let p = cast.position;
        let oriental = (planet != Body::Sun).then(|| is_oriental(p.lon, sun.lon));
        let altitude_deg = true_altitude_deg(eph, query.jd, &query.place, p.lon, p.lat_deg)?;
        let own_sect = planet_sect(planet, oriental.unwrap_or(false));
        let mean = mean_motion_deg_per_day(planet).unwrap_or(f64::NAN);
        let house = cast.house.unwrap_or(1);
        planets.push(PlanetDignities {
            planet,
            lon: p.lon,
            speed_deg_per_day: p.lon_speed_deg_per_day,
            essential: essential_state(planet, p.lon, query.scheme, query.rulers, sect),
            sect: sect_condition(own_sect, sect, altitude_deg > 0.0, p.lon),
            altitude_deg,
            solar_phase: (planet != Body::Sun).then(|| {
                let separation = sun_separation_deg(p.lon, sun.lon);
                (SolarPhase::at(separation), separation)
            }),
            oriental,
            speed: SpeedClass::of(p.lon_speed_deg_per_day, mean),
            mean_motion_deg_per_day: mean,
            house,
            angularity: Angularity::of_house(house),
        });
    }

    let with_lords: Vec<(Body, Lords)> = planets
        .iter()
        .map(|p| (p.planet, p.essential.lords))
        .collect();
    let receptions = receptions(&with_lords, query.scheme, sect);
    let disposed: Vec<(Body, Body)> = cast_bodies
        .iter()
        .map(|b| {
            (
                b.position.body,
                domicile_lord(b.position.lon.sign(), query.rulers),
            )
        })
        .collect();
    let dispositors = dispositors(&disposed);

    let moon = planets[1].lon;
    let fortune = cast_lot(
        Lot::Fortune,
        &LotPositions {
            ascendant,
            bodies: vec![(Body::Sun, sun.lon), (Body::Moon, moon)],
        },
        sect,
    )
    .map_err(|_| undefined())?
    .lon;
    let almuten_figuris = almuten_figuris(
        &[
            ("sun", sun.lon),
            ("moon", moon),
            ("ascendant", ascendant),
            ("fortune", fortune),
        ],
        query,
        sect,
    );
    let almutens = query
        .almuten_of
        .iter()
        .map(|&lon| {
            let (winners, points) = almuten_of_degree(lon, query.scheme, query.rulers, sect);
            DegreeAlmuten {
                lon,
                lords: Lords::at(lon, query.scheme, query.rulers),
                winners,
                points,
            }
        })
        .collect();
    Ok(DignitiesReport {
        sect,
        sun_altitude_deg,
        ascendant,
        mc,
        house_system_used: houses.houses.system_used,
        planets,
        receptions,
        dispositors,
        almuten_figuris,
        almutens,
        planetary_hour: planetary_hour(eph, query.jd, query.place),
    })
}

fn almuten_figuris(
    places: &[(&'static str, Longitude)],
    query: &DignitiesQuery,
    sect: Sect,
) -> AlmutenFiguris {
    let weights = query.scheme.weights();
    let places: Vec<AlmutenPlace> = places
        .iter()
        .map(|&(place, lon)| {
            let lords = Lords::at(lon, query.scheme, query.rulers);
            let points = SEVEN
                .iter()
                .map(|&planet| {
                    let sum = lords
                        .held_by(planet, query.scheme, sect)
                        .iter()
                        .map(|d| d.weight(&weights))
                        .sum();
                    (planet, sum)
                })
                .collect();
            AlmutenPlace { place, lon, points }
        })
        .collect();
    let totals: Vec<(Body, i32)> = SEVEN
        .iter()
        .enumerate()
        .map(|(i, &planet)| (planet, places.iter().map(|p| p.points[i].1).sum()))
        .collect();
    let (winners, points) = best_of(&totals);
    AlmutenFiguris {
        variant: ALMUTEN_FIGURIS_VARIANT,
        places,
        totals,
        winners,
        points,
    }
}
