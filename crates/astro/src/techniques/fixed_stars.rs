//! Fixed stars: positions from the bundled catalogue (`ephe/sefstars.txt`, see
//! `ephe/SOURCES.md`) through `swe_fixstar2_ut`, their constellations, the selection by
//! magnitude, and a chart's conjunctions with them.

use orrery_ephem::{
    Atmosphere, DiscReference, EphemError, Ephemeris, HouseSystem, Observer, RiseTransEvent,
    RiseTransRequest, StarName, Target, Zodiac,
};

use crate::angle::{Longitude, shortest_arc};
use crate::body::Body;
use crate::chart::{Center, ChartError, ChartInput, Frame, compute_chart};
use crate::time::{Days, JulianDayUt};

/// How far apart a star's and a planet's angle events may be to make a paran: four minutes of
/// time, one degree of the sky's daily turn.
pub const PARAN_ORB_MINUTES: f64 = 4.0;
/// At most this many stars with parans (each costs four rise/transit searches).
pub const MAX_PARAN_STARS: usize = 100;
const MINUTES_PER_DAY: f64 = 1440.0;

/// Which stars a [`FixedStarsQuery`] places.
#[derive(Debug, Clone, PartialEq)]
pub enum StarSelection {
    /// By name, as the library finds them (traditional, or `,nomenclature`).
    Named(Vec<String>),
    /// Every star of this visual magnitude or brighter ([`stars_brighter_than`]).
    Brighter(f64),
}

/// A birth whose points meet the stars: the stars are placed at its instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NatalStars {
    /// Where the birth took place (for the Koch angles and the parans).
    pub place: Observer,
    /// The conjunctions' orb, degrees of longitude.
    pub orb_deg: f64,
    /// Whether to find the parans too ([`parans`], with the planets `sun`..`pluto`).
    pub parans: bool,
}

/// The question of `POST /v1/fixed-stars`: stars at an instant, and a birth's contacts with them.
#[derive(Debug, Clone, Copy)]
pub struct FixedStarsQuery<'a> {
    /// The instant of the positions (the birth's, with `natal`).
    pub at: JulianDayUt,
    pub stars: &'a StarSelection,
    pub zodiac: Zodiac,
    pub natal: Option<NatalStars>,
}

/// The answer to a [`FixedStarsQuery`].
#[derive(Debug, Clone, PartialEq)]
pub struct FixedStarsReport {
    /// The stars, in the order of the selection.
    pub stars: Vec<StarPosition>,
    /// With a birth: its points' conjunctions with the stars, closest first.
    pub conjunctions: Option<Vec<StarContact>>,
    /// With a birth and `parans`: the parans, by the star's time.
    pub parans: Option<Vec<Paran>>,
}

/// Why a [`FixedStarsQuery`] has no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FixedStarsError {
    /// A star named in the selection is not in the catalogue.
    #[error("{source}")]
    UnknownStar {
        /// Its place in [`StarSelection::Named`].
        index: usize,
        source: EphemError,
    },
    /// The birth chart could not be cast.
    #[error(transparent)]
    Natal(ChartError),
    /// Parans asked for more stars than [`MAX_PARAN_STARS`].
    #[error("with parans, at most {MAX_PARAN_STARS} stars (the selection has {count})")]
    TooManyParanStars {
        /// How many stars the selection has.
        count: usize,
    },
    /// The library failed otherwise.
    #[error(transparent)]
    Ephemeris(#[from] EphemError),
}

/// The stars of `query` at its instant, and with a birth its conjunctions (and parans).
///
/// # Errors
/// [`FixedStarsError`]: an unknown star, a birth chart that cannot be cast, too many stars for
/// parans, the library's errors (dates outside the files).
pub fn fixed_stars(
    eph: &Ephemeris,
    query: &FixedStarsQuery<'_>,
) -> Result<FixedStarsReport, FixedStarsError> {
    let (names, named) = match query.stars {
        StarSelection::Named(names) => (names.clone(), true),
        StarSelection::Brighter(limit) => (stars_brighter_than(eph, *limit)?, false),
    };
    let mut stars = Vec::with_capacity(names.len());
    for (index, name) in names.iter().enumerate() {
        let star = star_position(eph, name, query.at, query.zodiac).map_err(|source| {
            // The library's "not found" is about the entry of the selection.
            if named && matches!(source, EphemError::StarNotFound { .. }) {
                FixedStarsError::UnknownStar { index, source }
            } else {
                FixedStarsError::Ephemeris(source)
            }
        })?;
        stars.push(star);
    }
    let Some(natal) = query.natal else {
        return Ok(FixedStarsReport {
            stars,
            conjunctions: None,
            parans: None,
        });
    };
    let points =
        natal_points(eph, query.at, natal.place, query.zodiac).map_err(FixedStarsError::Natal)?;
    let contacts = conjunctions(&stars, &points, natal.orb_deg);
    let found = if natal.parans {
        if names.len() > MAX_PARAN_STARS {
            return Err(FixedStarsError::TooManyParanStars { count: names.len() });
        }
        let stars_named: Vec<(String, String)> = names
            .iter()
            .zip(&stars)
            .map(|(library, star)| (library.clone(), star.name.clone()))
            .collect();
        Some(parans(
            eph,
            &stars_named,
            &Body::PLANETS,
            natal.place,
            query.at,
            PARAN_ORB_MINUTES / MINUTES_PER_DAY,
        )?)
    } else {
        None
    };
    Ok(FixedStarsReport {
        stars,
        conjunctions: Some(contacts),
        parans: found,
    })
}

/// The points of a birth that meet the stars: the core points and the two Koch angles.
fn natal_points(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: Observer,
    zodiac: Zodiac,
) -> Result<Vec<(String, Longitude)>, ChartError> {
    let chart = compute_chart(
        eph,
        &ChartInput {
            jd,
            place,
            bodies: Body::CORE_POINTS.to_vec(),
            frame: Frame {
                center: Center::Geocentric,
                zodiac,
            },
            house_system: Some(HouseSystem::KOCH),
        },
    )?;
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

/// The 88 IAU constellations: the abbreviation the catalogue's nomenclature names end with
/// (`alTau`: α Tauri) and the Latin name.
pub const CONSTELLATIONS: [(&str, &str); 88] = [
    ("And", "Andromeda"),
    ("Ant", "Antlia"),
    ("Aps", "Apus"),
    ("Aqr", "Aquarius"),
    ("Aql", "Aquila"),
    ("Ara", "Ara"),
    ("Ari", "Aries"),
    ("Aur", "Auriga"),
    ("Boo", "Boötes"),
    ("Cae", "Caelum"),
    ("Cam", "Camelopardalis"),
    ("Cnc", "Cancer"),
    ("CVn", "Canes Venatici"),
    ("CMa", "Canis Major"),
    ("CMi", "Canis Minor"),
    ("Cap", "Capricornus"),
    ("Car", "Carina"),
    ("Cas", "Cassiopeia"),
    ("Cen", "Centaurus"),
    ("Cep", "Cepheus"),
    ("Cet", "Cetus"),
    ("Cha", "Chamaeleon"),
    ("Cir", "Circinus"),
    ("Col", "Columba"),
    ("Com", "Coma Berenices"),
    ("CrA", "Corona Australis"),
    ("CrB", "Corona Borealis"),
    ("Crv", "Corvus"),
    ("Crt", "Crater"),
    ("Cru", "Crux"),
    ("Cyg", "Cygnus"),
    ("Del", "Delphinus"),
    ("Dor", "Dorado"),
    ("Dra", "Draco"),
    ("Equ", "Equuleus"),
    ("Eri", "Eridanus"),
    ("For", "Fornax"),
    ("Gem", "Gemini"),
    ("Gru", "Grus"),
    ("Her", "Hercules"),
    ("Hor", "Horologium"),
    ("Hya", "Hydra"),
    ("Hyi", "Hydrus"),
    ("Ind", "Indus"),
    ("Lac", "Lacerta"),
    ("Leo", "Leo"),
    ("LMi", "Leo Minor"),
    ("Lep", "Lepus"),
    ("Lib", "Libra"),
    ("Lup", "Lupus"),
    ("Lyn", "Lynx"),
    ("Lyr", "Lyra"),
    ("Men", "Mensa"),
    ("Mic", "Microscopium"),
    ("Mon", "Monoceros"),
    ("Mus", "Musca"),
    ("Nor", "Norma"),
    ("Oct", "Octans"),
    ("Oph", "Ophiuchus"),
    ("Ori", "Orion"),
    ("Pav", "Pavo"),
    ("Peg", "Pegasus"),
    ("Per", "Perseus"),
    ("Phe", "Phoenix"),
    ("Pic", "Pictor"),
    ("Psc", "Pisces"),
    ("PsA", "Piscis Austrinus"),
    ("Pup", "Puppis"),
    ("Pyx", "Pyxis"),
    ("Ret", "Reticulum"),
    ("Sge", "Sagitta"),
    ("Sgr", "Sagittarius"),
    ("Sco", "Scorpius"),
    ("Scl", "Sculptor"),
    ("Sct", "Scutum"),
    ("Ser", "Serpens"),
    ("Sex", "Sextans"),
    ("Tau", "Taurus"),
    ("Tel", "Telescopium"),
    ("Tri", "Triangulum"),
    ("TrA", "Triangulum Australe"),
    ("Tuc", "Tucana"),
    ("UMa", "Ursa Major"),
    ("UMi", "Ursa Minor"),
    ("Vel", "Vela"),
    ("Vir", "Virgo"),
    ("Vol", "Volans"),
    ("Vul", "Vulpecula"),
];

/// The constellation of a catalogue nomenclature (`alTau` → `Taurus`), from its last three
/// letters after a star's designation: a Bayer letter (`al`, `ka-1`, `p`), a Flamsteed number
/// (`80`), or a designation ending in `_` or a space (`P_Pup`, `V645 Cen`). `None` for entries
/// named otherwise (`M31`, `GEqu` for the galactic equator). The catalogue spells one
/// abbreviation in another case (`80Uma`), so the match ignores case.
#[must_use]
pub fn constellation(nomenclature: &str) -> Option<&'static str> {
    let split = nomenclature.len().checked_sub(3)?;
    let (designation, code) = (nomenclature.get(..split)?, nomenclature.get(split..)?);
    let first = designation.chars().next()?;
    let is_star = first.is_ascii_lowercase()
        || first.is_ascii_digit()
        || designation.ends_with('_')
        || designation.ends_with(' ');
    if !is_star {
        return None;
    }
    CONSTELLATIONS
        .iter()
        .find(|(abbreviation, _)| abbreviation.eq_ignore_ascii_case(code))
        .map(|(_, name)| *name)
}

/// A star's position at an instant.
#[derive(Debug, Clone, PartialEq)]
pub struct StarPosition {
    /// The name asked for, or the catalogue's traditional name.
    pub name: String,
    /// The catalogue's nomenclature (`alTau`).
    pub nomenclature: String,
    pub lon: Longitude,
    pub lat_deg: f64,
    pub magnitude: f64,
    pub constellation: Option<&'static str>,
}

/// The position of the star `name` (a traditional name, or `,nomenclature`) at `at`.
///
/// # Errors
/// [`EphemError::StarNotFound`] for a name the catalogue lacks; the library's other errors.
pub fn star_position(
    eph: &Ephemeris,
    name: &str,
    at: JulianDayUt,
    zodiac: Zodiac,
) -> Result<StarPosition, EphemError> {
    let star = eph.fixed_star(name, at, zodiac)?;
    let (traditional, nomenclature) = star
        .name
        .split_once(',')
        .map_or((star.name.as_str(), ""), |(t, n)| (t.trim(), n.trim()));
    let lon = Longitude::new(star.position.lon_deg).map_err(|_| EphemError::Library {
        function: "swe_fixstar2_ut",
        message: format!("the longitude of {name} is not finite"),
    })?;
    Ok(StarPosition {
        name: if traditional.is_empty() {
            nomenclature.to_owned()
        } else {
            traditional.to_owned()
        },
        nomenclature: nomenclature.to_owned(),
        lon,
        lat_deg: star.position.lat_deg,
        magnitude: star.magnitude,
        constellation: constellation(nomenclature),
    })
}

/// The catalogue's stars of magnitude `limit` or brighter, once each (the catalogue lists some
/// stars under two traditional names: the first is kept), in catalogue order, by the name
/// the library finds them under (`,nomenclature`). Only stars of a constellation count: the
/// catalogue also holds reference points (the galactic pole, `Zero2000`, a test entry) listed
/// at magnitude 0, and galaxies and clusters, which are found by name.
///
/// # Errors
/// [`EphemError::DataDir`] if the catalogue cannot be read.
pub fn stars_brighter_than(eph: &Ephemeris, limit: f64) -> Result<Vec<String>, EphemError> {
    let mut seen: Vec<&StarName> = Vec::new();
    for star in eph.star_names()? {
        if star.magnitude.is_some_and(|m| m <= limit)
            && constellation(&star.nomenclature).is_some()
            && !seen.iter().any(|s| s.nomenclature == star.nomenclature)
        {
            seen.push(star);
        }
    }
    Ok(seen
        .into_iter()
        .map(|s| format!(",{}", s.nomenclature))
        .collect())
}

/// A chart point conjunct a star, by longitude.
#[derive(Debug, Clone, PartialEq)]
pub struct StarContact {
    pub star: String,
    pub point: String,
    /// The point's longitude minus the star's on the shorter arc, degrees.
    pub orb_deg: f64,
}

/// Every conjunction within `orb_deg` between `stars` and `points`, closest first.
#[must_use]
pub fn conjunctions(
    stars: &[StarPosition],
    points: &[(String, Longitude)],
    orb_deg: f64,
) -> Vec<StarContact> {
    let mut out = Vec::new();
    for star in stars {
        for (point, lon) in points {
            let arc = shortest_arc(star.lon, *lon).degrees();
            if arc.abs() <= orb_deg {
                out.push(StarContact {
                    star: star.name.clone(),
                    point: point.clone(),
                    orb_deg: arc,
                });
            }
        }
    }
    out.sort_by(|a, b| a.orb_deg.abs().total_cmp(&b.orb_deg.abs()));
    out
}

/// The four angles a star or a body can be on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AngleEvent {
    /// On the eastern horizon.
    Rising,
    /// On the upper meridian (the MC).
    Culminating,
    /// On the western horizon.
    Setting,
    /// On the lower meridian (the IC).
    AntiCulminating,
}

impl AngleEvent {
    /// The four, in the order of the day.
    pub const ALL: [Self; 4] = [
        Self::Rising,
        Self::Culminating,
        Self::Setting,
        Self::AntiCulminating,
    ];

    /// The snake_case name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Rising => "rising",
            Self::Culminating => "culminating",
            Self::Setting => "setting",
            Self::AntiCulminating => "anti_culminating",
        }
    }

    fn library_event(self) -> RiseTransEvent {
        match self {
            Self::Rising => RiseTransEvent::Rise,
            Self::Culminating => RiseTransEvent::UpperTransit,
            Self::Setting => RiseTransEvent::Set,
            Self::AntiCulminating => RiseTransEvent::LowerTransit,
        }
    }
}

/// A star and a body on angles at the same moment, at one place.
#[derive(Debug, Clone, PartialEq)]
pub struct Paran {
    pub star: String,
    pub star_event: AngleEvent,
    pub star_at: JulianDayUt,
    pub body: Body,
    pub body_event: AngleEvent,
    pub body_at: JulianDayUt,
}

impl Paran {
    /// The body's time minus the star's, minutes.
    #[must_use]
    pub fn gap_minutes(&self) -> f64 {
        (self.body_at - self.star_at).0 * MINUTES_PER_DAY
    }
}

/// When `target` is on each angle at `place` in `[from, from + 1 day)`: the first of each
/// event after `from` (none for a circumpolar object's horizon events). The horizon is the
/// true one (altitude 0 of the centre, no refraction), as paran tables use it.
fn angle_events(
    eph: &Ephemeris,
    target: Target<'_>,
    place: Observer,
    from: JulianDayUt,
) -> Result<Vec<(AngleEvent, JulianDayUt)>, EphemError> {
    let mut out = Vec::with_capacity(4);
    for event in AngleEvent::ALL {
        let request = RiseTransRequest {
            target,
            event: event.library_event(),
            observer: place,
            disc: DiscReference::Center,
            refraction: false,
            atmosphere: Atmosphere::default(),
        };
        if let Some(at) = eph.rise_trans(from, &request)?
            && at.0 < from.0 + 1.0
        {
            out.push((event, at));
        }
    }
    Ok(out)
}

/// The parans of `stars` (library names with their display names) with `bodies` at `place` in
/// the day centred on `at` (`[at − 12 h, at + 12 h)`): a star's and a body's angle events at most
/// `orb_days` apart, sorted by the star's time.
///
/// # Errors
/// The library's errors (an unknown star, dates outside the files).
pub fn parans(
    eph: &Ephemeris,
    stars: &[(String, String)],
    bodies: &[Body],
    place: Observer,
    at: JulianDayUt,
    orb_days: f64,
) -> Result<Vec<Paran>, EphemError> {
    let from = at - Days(0.5);
    let mut body_events = Vec::with_capacity(bodies.len() * 4);
    for &body in bodies {
        for (event, when) in angle_events(eph, Target::Body(body.body_id()), place, from)? {
            body_events.push((body, event, when));
        }
    }
    let mut out = Vec::new();
    for (library_name, name) in stars {
        for (star_event, star_at) in angle_events(eph, Target::Star(library_name), place, from)? {
            for &(body, body_event, body_at) in &body_events {
                if (body_at - star_at).0.abs() <= orb_days {
                    out.push(Paran {
                        star: name.clone(),
                        star_event,
                        star_at,
                        body,
                        body_event,
                        body_at,
                    });
                }
            }
        }
    }
    out.sort_by(|a, b| a.star_at.0.total_cmp(&b.star_at.0));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constellations_come_from_the_nomenclature() {
        assert_eq!(constellation("alTau"), Some("Taurus"));
        assert_eq!(constellation("alCMa"), Some("Canis Major"));
        assert_eq!(constellation("zeUma"), Some("Ursa Major"));
        assert_eq!(constellation("M31"), None);
        assert_eq!(constellation("GA"), None);
        assert_eq!(constellation("GEqu"), None);
        assert_eq!(constellation("80Uma"), Some("Ursa Major"));
        assert_eq!(constellation("P_Pup"), Some("Puppis"));
        assert_eq!(constellation("V645 Cen"), Some("Centaurus"));
        assert_eq!(CONSTELLATIONS.len(), 88);
    }

    #[test]
    fn conjunctions_are_within_the_orb_across_the_seam() {
        let star = StarPosition {
            name: "Star".into(),
            nomenclature: "alAnd".into(),
            lon: Longitude::new(359.5).unwrap(),
            lat_deg: 0.0,
            magnitude: 2.0,
            constellation: Some("Andromeda"),
        };
        let points = vec![
            ("sun".to_owned(), Longitude::new(0.3).unwrap()),
            ("moon".to_owned(), Longitude::new(2.0).unwrap()),
        ];
        let found = conjunctions(&[star], &points, 1.0);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].point, "sun");
        assert!((found[0].orb_deg - 0.8).abs() < 1e-9);
    }
}
