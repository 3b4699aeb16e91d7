//! Lots (Greek *klēroi*, the "Arabic parts"): points cast from the ascendant by the arc between
//! two other points, with the day/night (sect) reversal.
//!
//! # Definitions
//!
//! Every lot of the catalogue ([`Lot`]) has a day formula `ascendant + B − C (mod 360)`: the arc
//! from `C` to `B`, counted forward from the ascendant. `B` and `C` are the Sun..Saturn, or
//! another lot (Eros takes Spirit, Necessity takes Fortune, …); lots that reference lots are
//! cast from the same positions and the same sect. A lot's [`Reversal`] says what happens by
//! night:
//!
//! * [`Reversal::AtNight`]: `B` and `C` swap places (`ascendant + C − B`), so the day and night
//!   lots lie mirrored about the ascendant: `day + night = 2 × ascendant (mod 360)`;
//! * [`Reversal::Never`]: the same formula by day and by night;
//! * [`Reversal::ShorterArc`] (Basis): the arc between `B` and `C` whichever way round is
//!   shorter, counted forward from the ascendant; so the lot always falls in the half of the
//!   zodiac from the ascendant forward to the descendant, below the horizon. When `B` and `C`
//!   are exactly opposite, both ways give the same point, and the day order `B − C` is reported.
//!
//! # Sect
//!
//! A chart is a **day chart** when the Sun's altitude above the true horizon (geometric, without
//! refraction, of the disc's centre) is greater than 0 at the chart's place and time
//! (docs/CONVENTIONS.md); [`sun_altitude_deg`] computes it from the Sun's geocentric apparent ecliptic
//! position. From longitudes alone (no place, no time), [`sect_from_ascendant`] decides by the
//! half of the zodiac the Sun is in: above the horizon when it lies forward of the descendant
//! and short of the ascendant (houses 7 to 12 counted from the ascendant). The horizon cuts the
//! ecliptic at the ascendant and the descendant, so outside the polar circles both rules agree
//! but for the Sun's ecliptic latitude (under 0.001°) and its parallax (8.8″). Inside the polar
//! circles the library's ascendant can be the ecliptic's western intersection with the horizon,
//! and the rule from longitudes can then give the wrong sect (the fixture's Tromsø charts show
//! it): a client with positions there should give the sect. The Sun exactly on the ascendant or
//! the descendant is at altitude 0: a night chart.
//!
//! # Sources
//!
//! * Fortune and Spirit, with the reversal by night: Vettius Valens, *Anthology* (books II and
//!   IV, tr. Riley); Paulus Alexandrinus, *Introductory Matters* ch. 23; the formulas as Robert
//!   Hand sets them out in "The Lot or Part of Fortune"
//!   (<http://accessnewage.com/articles/astro/robhand4.htm>).
//! * The seven Hermetic lots (Fortune, Spirit, Eros, Necessity, Courage, Victory, Nemesis):
//!   Paulus Alexandrinus ch. 23 (after the *Panaretos* attributed to Hermes), as Chris Brennan
//!   quotes the ARHAT translation in "The Theoretical Rationale Underlying the Seven Hermetic
//!   Lots" (*Tradition* 2, 2009). Where Valens differs (his Eros runs from Fortune to Spirit, his
//!   Necessity from Spirit to Fortune), Paulus is followed, as the modern Hellenistic revival
//!   does (astro.com's "Hellenistic" chart style among them: see
//!   <https://www.oracularjake.com/post/casting-lots-the-lot-of-eros>), and the lot's
//!   description says so.
//! * Basis: Valens and Paulus: the shorter distance between Fortune and Spirit, cast forward
//!   from the ascendant, so that it always falls below the horizon (Skyscript forum, "Is the Lot
//!   of Basis underestimated?", with Robert Schmidt's remarks).
//! * Father, Mother, Siblings, Children, and Marriage for men and for women: Dorotheus of Sidon,
//!   *Carmen Astrologicum* book I, and Valens book II, in the common form of the modern
//!   Hellenistic literature. The conditional variants (Father from Mars to Jupiter when Saturn is
//!   under the Sun's beams, and the like) are not applied; the descriptions say so.

use orrery_ephem::{Atmosphere, Ephemeris, HouseSystem, Observer, SkyPoint};

use crate::angle::{Longitude, shortest_arc};
use crate::body::Body;
use crate::chart::{ChartError, ChartInput, Frame, compute_chart};
use crate::error::{NameKind, UnknownName};
use crate::time::JulianDayUt;

/// Day or night.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sect {
    Day,
    Night,
}

impl Sect {
    /// `day` or `night`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Day => "day",
            Self::Night => "night",
        }
    }

    /// A day chart when the Sun's true altitude is above 0.
    #[must_use]
    pub fn from_sun_altitude(alt_deg: f64) -> Self {
        if alt_deg > 0.0 {
            Self::Day
        } else {
            Self::Night
        }
    }
}

/// The sect from longitudes alone: day when the Sun lies in the half of the zodiac from the
/// descendant forward to the ascendant (houses 7..12 from the ascendant), both ends excluded.
#[must_use]
pub fn sect_from_ascendant(sun: Longitude, ascendant: Longitude) -> Sect {
    // The Sun is above the horizon when the ascendant lies ahead of it by less than 180°.
    if shortest_arc(sun, ascendant).degrees() > 0.0 {
        Sect::Day
    } else {
        Sect::Night
    }
}

/// What a lot formula adds or subtracts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LotTerm {
    /// One of the Sun..Saturn.
    Body(Body),
    /// Another lot of the catalogue.
    Lot(Lot),
}

impl LotTerm {
    /// The body's or the lot's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Body(body) => LOT_BODIES
                .iter()
                .find(|(b, _)| *b == body)
                .map_or("unknown", |(_, name)| name),
            Self::Lot(lot) => lot.name(),
        }
    }
}

/// The bodies lots are cast from, with their names.
pub const LOT_BODIES: [(Body, &str); 7] = [
    (Body::Sun, "sun"),
    (Body::Moon, "moon"),
    (Body::Mercury, "mercury"),
    (Body::Venus, "venus"),
    (Body::Mars, "mars"),
    (Body::Jupiter, "jupiter"),
    (Body::Saturn, "saturn"),
];

/// What a lot does by night (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reversal {
    AtNight,
    Never,
    ShorterArc,
}

/// `ascendant + to − from` by day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LotFormula {
    pub to: LotTerm,
    pub from: LotTerm,
    pub reversal: Reversal,
}

/// A lot of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lot {
    Fortune,
    Spirit,
    Eros,
    Necessity,
    Courage,
    Victory,
    Nemesis,
    Basis,
    Father,
    Mother,
    Siblings,
    Children,
    MarriageOfMen,
    MarriageOfWomen,
}

const SUN: LotTerm = LotTerm::Body(Body::Sun);
const MOON: LotTerm = LotTerm::Body(Body::Moon);
const MERCURY: LotTerm = LotTerm::Body(Body::Mercury);
const VENUS: LotTerm = LotTerm::Body(Body::Venus);
const MARS: LotTerm = LotTerm::Body(Body::Mars);
const JUPITER: LotTerm = LotTerm::Body(Body::Jupiter);
const SATURN: LotTerm = LotTerm::Body(Body::Saturn);
const FORTUNE: LotTerm = LotTerm::Lot(Lot::Fortune);
const SPIRIT: LotTerm = LotTerm::Lot(Lot::Spirit);

impl Lot {
    /// The catalogue, in order: a lot comes after the lots it uses.
    pub const ALL: [Self; 14] = [
        Self::Fortune,
        Self::Spirit,
        Self::Eros,
        Self::Necessity,
        Self::Courage,
        Self::Victory,
        Self::Nemesis,
        Self::Basis,
        Self::Father,
        Self::Mother,
        Self::Siblings,
        Self::Children,
        Self::MarriageOfMen,
        Self::MarriageOfWomen,
    ];

    /// The names, in catalogue order.
    pub const NAMES: [&'static str; 14] = [
        "fortune",
        "spirit",
        "eros",
        "necessity",
        "courage",
        "victory",
        "nemesis",
        "basis",
        "father",
        "mother",
        "siblings",
        "children",
        "marriage_of_men",
        "marriage_of_women",
    ];

    /// The snake_case name.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// Parses a lot name.
    ///
    /// # Errors
    /// [`UnknownName`] listing the accepted names.
    pub fn parse(name: &str) -> Result<Self, UnknownName> {
        Self::ALL
            .into_iter()
            .find(|lot| lot.name() == name)
            .ok_or_else(|| UnknownName {
                kind: NameKind::Lot,
                got: name.to_owned(),
            })
    }

    /// The day formula and the rule for the night.
    #[must_use]
    pub fn formula(self) -> LotFormula {
        use Reversal::{AtNight, Never, ShorterArc};
        let (to, from, reversal) = match self {
            Self::Fortune => (MOON, SUN, AtNight),
            Self::Spirit => (SUN, MOON, AtNight),
            Self::Eros => (VENUS, SPIRIT, AtNight),
            Self::Necessity => (FORTUNE, MERCURY, AtNight),
            Self::Courage => (FORTUNE, MARS, AtNight),
            Self::Victory => (JUPITER, SPIRIT, AtNight),
            Self::Nemesis => (FORTUNE, SATURN, AtNight),
            Self::Basis => (SPIRIT, FORTUNE, ShorterArc),
            Self::Father => (SATURN, SUN, AtNight),
            Self::Mother => (MOON, VENUS, AtNight),
            Self::Siblings => (JUPITER, SATURN, Never),
            Self::Children => (SATURN, JUPITER, AtNight),
            Self::MarriageOfMen => (VENUS, SATURN, Never),
            Self::MarriageOfWomen => (SATURN, VENUS, Never),
        };
        LotFormula { to, from, reversal }
    }

    /// What the lot signifies, its formula in words and where traditions differ.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Self::Fortune => {
                "Lot of Fortune (Tyche), the Moon's lot: the body, livelihood, circumstance. By day from the Sun to the Moon, by night from the Moon to the Sun, cast from the ascendant (Valens, Paulus)."
            }
            Self::Spirit => {
                "Lot of Spirit (Daimon), the Sun's lot: the mind, action, career. By day from the Moon to the Sun, by night reversed (Valens, Paulus)."
            }
            Self::Eros => {
                "Lot of Eros, Venus' Hermetic lot: desire and affection. Paulus' formula: by day from Spirit to Venus, by night reversed. Valens' variant (Fortune to Spirit) is not used."
            }
            Self::Necessity => {
                "Lot of Necessity (Ananke), Mercury's Hermetic lot: constraint, struggle, enmity. Paulus' formula: by day from Mercury to Fortune, by night reversed. Valens' variant (Spirit to Fortune) is not used."
            }
            Self::Courage => {
                "Lot of Courage (Tolma), Mars' Hermetic lot: daring, boldness. By day from Mars to Fortune, by night reversed (Paulus)."
            }
            Self::Victory => {
                "Lot of Victory (Nike), Jupiter's Hermetic lot: success, faith, friends. By day from Spirit to Jupiter, by night reversed (Paulus)."
            }
            Self::Nemesis => {
                "Lot of Nemesis, Saturn's Hermetic lot: retribution, loss, what is hidden. By day from Saturn to Fortune, by night reversed (Paulus)."
            }
            Self::Basis => {
                "Lot of Basis, a foundation of the nativity: the shorter arc between Fortune and Spirit, counted forward from the ascendant, by day and by night alike; it always falls below the horizon (Valens, Paulus). Versions that fix the direction by sect are not used."
            }
            Self::Father => {
                "Lot of the Father: by day from the Sun to Saturn, by night reversed (Dorotheus, Valens). The variant from Mars to Jupiter when Saturn is under the Sun's beams is not applied."
            }
            Self::Mother => {
                "Lot of the Mother: by day from Venus to the Moon, by night reversed (Dorotheus, Valens)."
            }
            Self::Siblings => {
                "Lot of Siblings (brothers): from Saturn to Jupiter, by day and by night alike (Dorotheus, Valens)."
            }
            Self::Children => {
                "Lot of Children: by day from Jupiter to Saturn, by night reversed (Dorotheus, Valens)."
            }
            Self::MarriageOfMen => {
                "Lot of Marriage for a man: from Saturn to Venus, by day and by night alike (Valens, Dorotheus)."
            }
            Self::MarriageOfWomen => {
                "Lot of Marriage for a woman: from Venus to Saturn, by day and by night alike (Valens, Dorotheus)."
            }
        }
    }

    /// The bodies the lot needs, directly or through the lots it uses, in [`LOT_BODIES`] order.
    #[must_use]
    pub fn bodies_needed(self) -> Vec<Body> {
        let mut needed = Vec::new();
        self.collect_bodies(&mut needed);
        LOT_BODIES
            .iter()
            .map(|(b, _)| *b)
            .filter(|b| needed.contains(b))
            .collect()
    }

    fn collect_bodies(self, out: &mut Vec<Body>) {
        let formula = self.formula();
        for term in [formula.to, formula.from] {
            match term {
                LotTerm::Body(body) => out.push(body),
                LotTerm::Lot(lot) => lot.collect_bodies(out),
            }
        }
    }
}

/// The points lots are cast from: the ascendant and any of the Sun..Saturn.
#[derive(Debug, Clone, PartialEq)]
pub struct LotPositions {
    pub ascendant: Longitude,
    pub bodies: Vec<(Body, Longitude)>,
}

impl LotPositions {
    /// A body's longitude, if given.
    #[must_use]
    pub fn body(&self, body: Body) -> Option<Longitude> {
        self.bodies
            .iter()
            .find(|(b, _)| *b == body)
            .map(|(_, l)| *l)
    }

    /// The first body `lot` needs that is not given.
    #[must_use]
    pub fn missing_for(&self, lot: Lot) -> Option<Body> {
        lot.bodies_needed()
            .into_iter()
            .find(|b| self.body(*b).is_none())
    }
}

/// A lot cast: its longitude and the formula as applied (`ascendant + to − from`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastLot {
    pub lot: Lot,
    pub lon: Longitude,
    pub to: LotTerm,
    pub from: LotTerm,
}

/// A lot whose body is not among the positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the lot `{}` needs the position of {}", lot.name(), LotTerm::Body(*body).name())]
pub struct MissingBody {
    pub lot: Lot,
    pub body: Body,
}

/// Applies a formula's night rule to term values: the `(to, from)` that are used.
#[must_use]
pub fn applied_terms(
    formula: LotFormula,
    sect: Sect,
    to: Longitude,
    from: Longitude,
) -> (LotTerm, LotTerm, Longitude, Longitude) {
    let swap = match formula.reversal {
        Reversal::AtNight => sect == Sect::Night,
        Reversal::Never => false,
        // The arc forward from `from` to `to` is longer than 180° exactly when `from` lies
        // less than 180° ahead of `to`. At exactly 180° both ways give the same point, and the
        // day order is kept.
        Reversal::ShorterArc => shortest_arc(to, from).degrees() > 0.0,
    };
    if swap {
        (formula.from, formula.to, from, to)
    } else {
        (formula.to, formula.from, to, from)
    }
}

/// `ascendant + to − from`, on the circle.
#[must_use]
pub fn cast(ascendant: Longitude, to: Longitude, from: Longitude) -> Longitude {
    ascendant + shortest_arc(from, to)
}

/// Casts `lot` from the positions in the given sect.
///
/// # Errors
/// [`MissingBody`] naming the first body the lot needs that is not given.
pub fn cast_lot(lot: Lot, positions: &LotPositions, sect: Sect) -> Result<CastLot, MissingBody> {
    let formula = lot.formula();
    let value = |term: LotTerm| -> Result<Longitude, MissingBody> {
        match term {
            LotTerm::Body(body) => positions.body(body).ok_or(MissingBody { lot, body }),
            LotTerm::Lot(inner) => cast_lot(inner, positions, sect)
                .map(|c| c.lon)
                .map_err(|e| MissingBody { lot, body: e.body }),
        }
    };
    let (to, from, to_lon, from_lon) =
        applied_terms(formula, sect, value(formula.to)?, value(formula.from)?);
    Ok(CastLot {
        lot,
        lon: cast(positions.ascendant, to_lon, from_lon),
        to,
        from,
    })
}

/// Why the natal positions of the lots could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NatalLotsError {
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// The library gave no finite ascendant (at a geographic pole).
    #[error("the ascendant is undefined at latitude {lat_deg} (got {value})")]
    AscendantUndefined { lat_deg: f64, value: f64 },
}

/// The Sun's altitude above the true horizon at `place`, degrees: its geocentric apparent
/// ecliptic position turned into horizontal coordinates (`swe_azalt`), without refraction.
///
/// # Errors
/// The library's.
pub fn sun_altitude_deg(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: &Observer,
    sun_lon: Longitude,
    sun_lat_deg: f64,
) -> Result<f64, ChartError> {
    let horizontal = eph.azalt(
        jd,
        place,
        &Atmosphere::default(),
        SkyPoint::Ecliptic {
            lon_deg: sun_lon.degrees(),
            lat_deg: sun_lat_deg,
        },
    )?;
    Ok(horizontal.true_altitude_deg)
}

/// The positions of a birth for the lots (the Sun..Saturn, geocentric, tropical, apparent; the
/// ascendant), and the Sun's altitude above the true horizon in degrees.
///
/// # Errors
/// A body without data, the library's errors, an undefined ascendant.
pub fn natal_lot_positions(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: Observer,
) -> Result<(LotPositions, f64), NatalLotsError> {
    let chart = compute_chart(
        eph,
        &ChartInput {
            jd,
            place,
            bodies: LOT_BODIES.iter().map(|(b, _)| *b).collect(),
            frame: Frame::GEOCENTRIC_TROPICAL,
            // The ascendant does not depend on the house system; equal houses exist everywhere.
            house_system: Some(HouseSystem::EQUAL),
        },
    )?;
    let asc_deg = chart
        .houses
        .as_ref()
        .map_or(f64::NAN, |h| h.angles.ascendant.lon_deg);
    let ascendant = Longitude::new(asc_deg).map_err(|_| NatalLotsError::AscendantUndefined {
        lat_deg: place.lat_deg,
        value: asc_deg,
    })?;
    let sun = chart
        .positions
        .iter()
        .find(|p| p.body == Body::Sun)
        .ok_or_else(|| {
            ChartError::Ephemeris(orrery_ephem::EphemError::Library {
                function: "swe_calc_ut",
                message: "the Sun's position was asked for but not returned".into(),
            })
        })?;
    let alt_deg = sun_altitude_deg(eph, jd, &place, sun.lon, sun.lat_deg)?;
    let positions = LotPositions {
        ascendant,
        bodies: chart.positions.iter().map(|p| (p.body, p.lon)).collect(),
    };
    Ok((positions, alt_deg))
}

/// Where the positions of [`lots`] come from.
#[derive(Debug, Clone, Copy)]
pub enum LotsFrom<'a> {
    /// A birth: its positions ([`natal_lot_positions`]) and its sect from the Sun's altitude.
    Birth { jd: JulianDayUt, place: Observer },
    /// Given positions, in the given sect.
    Positions {
        positions: &'a LotPositions,
        sect: Sect,
    },
}

/// The question of `POST /v1/lots`.
#[derive(Debug, Clone, Copy)]
pub struct LotsQuery<'a> {
    pub from: LotsFrom<'a>,
    /// The lots to cast, in the order of the answer.
    pub lots: &'a [Lot],
    /// Whether a lot whose bodies are not among the positions is left out ([`LotsReport::omitted`])
    /// rather than an error.
    pub omit_missing: bool,
}

/// A lot left out because a body it needs is not among the positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OmittedLot {
    pub lot: Lot,
    /// The bodies it needs that are missing, in the order of [`Lot::bodies_needed`].
    pub missing: Vec<Body>,
}

/// The answer to a [`LotsQuery`].
#[derive(Debug, Clone, PartialEq)]
pub struct LotsReport {
    /// The positions the lots were cast from.
    pub positions: LotPositions,
    pub sect: Sect,
    /// With a birth: the Sun's altitude above the true horizon, degrees, which set the sect.
    pub sun_altitude_deg: Option<f64>,
    /// The lots cast, in the order asked.
    pub cast: Vec<CastLot>,
    pub omitted: Vec<OmittedLot>,
}

/// Why a [`LotsQuery`] has no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LotsError {
    /// The birth's positions could not be computed.
    #[error(transparent)]
    Natal(#[from] NatalLotsError),
    /// A lot needs a body that is not given (only without [`LotsQuery::omit_missing`]).
    #[error(transparent)]
    Missing(#[from] MissingBody),
}

/// The positions, the sect and the lots of `query`.
///
/// # Errors
/// [`LotsError`]: the birth's positions cannot be computed, or a lot lacks a body.
pub fn lots(eph: &Ephemeris, query: &LotsQuery<'_>) -> Result<LotsReport, LotsError> {
    let (positions, sect, sun_altitude_deg) = match query.from {
        LotsFrom::Birth { jd, place } => {
            let (positions, alt_deg) = natal_lot_positions(eph, jd, place)?;
            (positions, Sect::from_sun_altitude(alt_deg), Some(alt_deg))
        }
        LotsFrom::Positions { positions, sect } => (positions.clone(), sect, None),
    };
    let mut cast = Vec::with_capacity(query.lots.len());
    let mut omitted = Vec::new();
    for &lot in query.lots {
        match cast_lot(lot, &positions, sect) {
            Ok(lot) => cast.push(lot),
            Err(_) if query.omit_missing => omitted.push(OmittedLot {
                lot,
                missing: lot
                    .bodies_needed()
                    .into_iter()
                    .filter(|b| positions.body(*b).is_none())
                    .collect(),
            }),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(LotsReport {
        positions,
        sect,
        sun_altitude_deg,
        cast,
        omitted,
    })
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the values compared are exact in binary (whole degrees, halves, the same \
              computation twice); tolerances are named where they are not"
)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::angle::separation;

    /// Sums and differences of three numbers below 360.
    const ROUNDING_DEG: f64 = 1e-9;

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).unwrap()
    }

    fn all_bodies(degs: [f64; 7], asc: f64) -> LotPositions {
        LotPositions {
            ascendant: lon(asc),
            bodies: LOT_BODIES
                .iter()
                .zip(degs)
                .map(|((b, _), d)| (*b, lon(d)))
                .collect(),
        }
    }

    #[test]
    fn names_round_trip_and_order() {
        for lot in Lot::ALL {
            assert_eq!(Lot::parse(lot.name()), Ok(lot));
            // Every lot used comes earlier in the catalogue.
            let f = lot.formula();
            for term in [f.to, f.from] {
                if let LotTerm::Lot(inner) = term {
                    assert!(inner < lot, "{} uses {}", lot.name(), inner.name());
                }
            }
        }
        assert!(
            Lot::parse("part_of_fortune")
                .unwrap_err()
                .to_string()
                .starts_with("unknown lot `part_of_fortune`; accepted names: fortune, spirit")
        );
    }

    #[test]
    fn worked_examples() {
        // Sun 10° Aries, Moon 20° Cancer (110°), ascendant 0° Libra (180°): the Sun is in the
        // 7th house, above the horizon.
        let p = all_bodies([10.0, 110.0, 30.0, 50.0, 200.0, 250.0, 300.0], 180.0);
        assert_eq!(sect_from_ascendant(lon(10.0), lon(180.0)), Sect::Day);
        let fortune = cast_lot(Lot::Fortune, &p, Sect::Day).unwrap();
        assert_eq!(fortune.lon.degrees(), 280.0);
        assert_eq!((fortune.to, fortune.from), (MOON, SUN));
        let night = cast_lot(Lot::Fortune, &p, Sect::Night).unwrap();
        assert_eq!(night.lon.degrees(), 80.0);
        assert_eq!((night.to, night.from), (SUN, MOON));
        // Spirit by day = Fortune by night.
        assert_eq!(cast_lot(Lot::Spirit, &p, Sect::Day).unwrap().lon, night.lon);
        // Eros by day: 180 + venus 50 − spirit 80 = 150.
        assert_eq!(
            cast_lot(Lot::Eros, &p, Sect::Day).unwrap().lon.degrees(),
            150.0
        );
        // Basis: Fortune 280, Spirit 80: the shorter arc runs 160° forward from Fortune to
        // Spirit; by night Fortune is 80, Spirit 280, and the shorter arc runs the other way.
        let basis = cast_lot(Lot::Basis, &p, Sect::Day).unwrap();
        assert_eq!(basis.lon.degrees(), 340.0);
        assert_eq!((basis.to, basis.from), (SPIRIT, FORTUNE));
        let basis = cast_lot(Lot::Basis, &p, Sect::Night).unwrap();
        assert_eq!(basis.lon.degrees(), 340.0);
        assert_eq!((basis.to, basis.from), (FORTUNE, SPIRIT));
        // Never reversed.
        assert_eq!(
            cast_lot(Lot::Siblings, &p, Sect::Day).unwrap().lon,
            cast_lot(Lot::Siblings, &p, Sect::Night).unwrap().lon
        );
    }

    #[test]
    fn given_positions_omit_or_refuse_lots_without_their_bodies() {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens");
        let p = LotPositions {
            ascendant: lon(0.0),
            bodies: vec![(Body::Sun, lon(1.0)), (Body::Moon, lon(2.0))],
        };
        let from = LotsFrom::Positions {
            positions: &p,
            sect: Sect::Day,
        };
        let asked = [Lot::Fortune, Lot::Necessity];
        let report = lots(
            &eph,
            &LotsQuery {
                from,
                lots: &asked,
                omit_missing: true,
            },
        )
        .unwrap();
        assert_eq!(report.positions, p);
        assert_eq!(report.sun_altitude_deg, None);
        assert_eq!(report.cast.len(), 1);
        assert_eq!(report.cast[0].lot, Lot::Fortune);
        assert_eq!(
            report.omitted,
            [OmittedLot {
                lot: Lot::Necessity,
                missing: vec![Body::Mercury],
            }]
        );
        let refused = lots(
            &eph,
            &LotsQuery {
                from,
                lots: &asked,
                omit_missing: false,
            },
        );
        assert!(matches!(
            refused,
            Err(LotsError::Missing(MissingBody {
                lot: Lot::Necessity,
                body: Body::Mercury
            }))
        ));
    }

    #[test]
    fn missing_bodies_are_named() {
        let p = LotPositions {
            ascendant: lon(0.0),
            bodies: vec![(Body::Sun, lon(1.0)), (Body::Moon, lon(2.0))],
        };
        assert!(cast_lot(Lot::Basis, &p, Sect::Night).is_ok());
        let err = cast_lot(Lot::Necessity, &p, Sect::Day).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the lot `necessity` needs the position of mercury"
        );
        assert_eq!(p.missing_for(Lot::Victory), Some(Body::Jupiter));
        assert_eq!(
            Lot::Eros.bodies_needed(),
            [Body::Sun, Body::Moon, Body::Venus]
        );
    }

    #[test]
    fn sect_on_the_horizon_is_night() {
        assert_eq!(sect_from_ascendant(lon(100.0), lon(100.0)), Sect::Night);
        assert_eq!(sect_from_ascendant(lon(280.0), lon(100.0)), Sect::Night);
        // The descendant is at 280: just short of it the Sun is below, just past it above.
        assert_eq!(sect_from_ascendant(lon(279.0), lon(100.0)), Sect::Night);
        assert_eq!(sect_from_ascendant(lon(281.0), lon(100.0)), Sect::Day);
        assert_eq!(sect_from_ascendant(lon(99.0), lon(100.0)), Sect::Day);
        assert_eq!(sect_from_ascendant(lon(101.0), lon(100.0)), Sect::Night);
        assert_eq!(Sect::from_sun_altitude(0.0), Sect::Night);
        assert_eq!(Sect::from_sun_altitude(1e-9), Sect::Day);
    }

    fn any_lon() -> impl Strategy<Value = Longitude> {
        prop_oneof![
            0.0..360.0_f64,
            (-1e-9..1e-9_f64).prop_map(|d| 360.0 + d),
            Just(0.0),
        ]
        .prop_map(lon)
    }

    proptest! {
        #[test]
        fn day_and_night_lots_mirror_about_the_ascendant(
            asc in any_lon(), to in any_lon(), from in any_lon(), i in 0..Lot::ALL.len(),
        ) {
            let formula = Lot::ALL[i].formula();
            prop_assume!(formula.reversal == Reversal::AtNight);
            let (_, _, t, f) = applied_terms(formula, Sect::Day, to, from);
            let day = cast(asc, t, f);
            let (_, _, t, f) = applied_terms(formula, Sect::Night, to, from);
            let night = cast(asc, t, f);
            // day + night = 2 × ascendant (mod 360): the ascendant is their midpoint axis.
            let sum = lon(day.degrees() + night.degrees());
            prop_assert!(separation(sum, lon(2.0 * asc.degrees())) <= ROUNDING_DEG);
        }

        #[test]
        fn fortune_day_plus_fortune_night_is_twice_the_ascendant(
            sun in any_lon(), moon in any_lon(), asc in any_lon(),
        ) {
            let p = LotPositions { ascendant: asc, bodies: vec![(Body::Sun, sun), (Body::Moon, moon)] };
            let day = cast_lot(Lot::Fortune, &p, Sect::Day).unwrap().lon;
            let night = cast_lot(Lot::Fortune, &p, Sect::Night).unwrap().lon;
            let sum = lon(day.degrees() + night.degrees());
            prop_assert!(separation(sum, lon(2.0 * asc.degrees())) <= ROUNDING_DEG);
            // Spirit is Fortune reversed.
            prop_assert!(separation(cast_lot(Lot::Spirit, &p, Sect::Day).unwrap().lon, night) <= ROUNDING_DEG);
        }

        #[test]
        fn basis_falls_below_the_horizon(degs in proptest::array::uniform7(0.0..360.0_f64), asc in any_lon()) {
            let p = LotPositions {
                ascendant: asc,
                bodies: LOT_BODIES.iter().zip(degs).map(|((b, _), d)| (*b, lon(d))).collect(),
            };
            for sect in [Sect::Day, Sect::Night] {
                let basis = cast_lot(Lot::Basis, &p, sect).unwrap().lon;
                // Forward of the ascendant by at most 180°.
                let ahead = shortest_arc(asc, basis).degrees();
                prop_assert!(ahead >= -ROUNDING_DEG || ahead == -180.0, "{ahead}");
            }
        }
    }
}
