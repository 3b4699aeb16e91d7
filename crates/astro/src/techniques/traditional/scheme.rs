//! The schemes of essential dignity: which tables they take and how many points each dignity
//! and debility is worth; a planet's dignities at a longitude under a scheme; the almuten of a
//! degree.

use crate::angle::Longitude;
use crate::body::Body;
use crate::techniques::lots::Sect;

use super::tables::{
    BoundsTable, Rulers, SEVEN, TriplicityLords, TriplicityTable, detriment_lord, domicile_lord,
    exaltation_in, face_lord, fall_in,
};

/// A named scheme of essential dignities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Scheme {
    /// Ptolemy's triplicities (two lords by sect) and bounds, the Chaldean faces.
    Ptolemaic,
    /// Dorotheus' three triplicity lords, the Egyptian bounds, the Chaldean faces.
    Dorothean,
    /// Lilly's table (*Christian Astrology* p. 104) and points, with the peregrine debility.
    #[default]
    Lilly,
}

/// Points of each dignity and debility under a scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    pub domicile: i32,
    pub exaltation: i32,
    pub triplicity: i32,
    pub bound: i32,
    pub face: i32,
    pub detriment: i32,
    pub fall: i32,
    pub peregrine: i32,
}

/// Lilly's points (*Christian Astrology* p. 115, "A Table of the Fortitudes and Debilities").
const LILLY_WEIGHTS: Weights = Weights {
    domicile: 5,
    exaltation: 4,
    triplicity: 3,
    bound: 2,
    face: 1,
    detriment: -5,
    fall: -4,
    peregrine: -5,
};

impl Scheme {
    pub const ALL: [Self; 3] = [Self::Ptolemaic, Self::Dorothean, Self::Lilly];
    pub const NAMES: [&'static str; 3] = ["ptolemaic", "dorothean", "lilly"];

    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    #[must_use]
    pub fn triplicities(self) -> TriplicityTable {
        match self {
            Self::Ptolemaic => TriplicityTable::Ptolemaic,
            Self::Dorothean => TriplicityTable::Dorothean,
            Self::Lilly => TriplicityTable::Lilly,
        }
    }

    #[must_use]
    pub fn bounds(self) -> BoundsTable {
        match self {
            Self::Ptolemaic => BoundsTable::Ptolemaic,
            Self::Dorothean => BoundsTable::Egyptian,
            Self::Lilly => BoundsTable::Lilly,
        }
    }

    /// The points: Lilly's for the five dignities and for detriment and fall in every scheme
    /// (Ptolemy and Dorotheus give no points); the peregrine debility only in Lilly's.
    #[must_use]
    pub fn weights(self) -> Weights {
        match self {
            Self::Lilly => LILLY_WEIGHTS,
            Self::Ptolemaic | Self::Dorothean => Weights {
                peregrine: 0,
                ..LILLY_WEIGHTS
            },
        }
    }

    /// Which triplicity lords count as holding the triplicity in a chart of `sect`: the
    /// lord of the sect (Ptolemy, Lilly), or any of the three (Dorotheus, who names all three
    /// lords of each triplicity, the sect's first).
    #[must_use]
    pub fn holds_triplicity(self, lords: &TriplicityLords, sect: Sect, planet: Body) -> bool {
        match self {
            Self::Dorothean => {
                lords.day == planet || lords.night == planet || lords.participating == Some(planet)
            }
            Self::Ptolemaic | Self::Lilly => {
                let lord = match sect {
                    Sect::Day => lords.day,
                    Sect::Night => lords.night,
                };
                lord == planet
            }
        }
    }

    /// Where the scheme's points and choices come from.
    #[must_use]
    pub fn source(self) -> &'static str {
        match self {
            Self::Ptolemaic => {
                "Ptolemy, Tetrabiblos I.17-21 (domiciles, exaltations, triplicities, his own \
                 bounds); Chaldean faces; Lilly's points without the peregrine debility"
            }
            Self::Dorothean => {
                "Dorotheus, Carmen Astrologicum I.1 (three triplicity lords); the Egyptian \
                 bounds; Chaldean faces; Lilly's points without the peregrine debility, a \
                 triplicity counted for any of its three lords"
            }
            Self::Lilly => {
                "William Lilly, Christian Astrology (1647), p. 104 (table), p. 115 (points)"
            }
        }
    }
}

/// An essential dignity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dignity {
    Domicile,
    Exaltation,
    Triplicity,
    Bound,
    Face,
}

impl Dignity {
    pub const ALL: [Self; 5] = [
        Self::Domicile,
        Self::Exaltation,
        Self::Triplicity,
        Self::Bound,
        Self::Face,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Domicile => "domicile",
            Self::Exaltation => "exaltation",
            Self::Triplicity => "triplicity",
            Self::Bound => "bound",
            Self::Face => "face",
        }
    }

    #[must_use]
    pub fn weight(self, weights: &Weights) -> i32 {
        match self {
            Self::Domicile => weights.domicile,
            Self::Exaltation => weights.exaltation,
            Self::Triplicity => weights.triplicity,
            Self::Bound => weights.bound,
            Self::Face => weights.face,
        }
    }
}

/// An essential debility.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Debility {
    Detriment,
    Fall,
    /// No essential dignity at all.
    Peregrine,
}

impl Debility {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Detriment => "detriment",
            Self::Fall => "fall",
            Self::Peregrine => "peregrine",
        }
    }
}

/// The lords of a degree under a scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lords {
    pub domicile: Body,
    /// The planet exalted in the sign, if any.
    pub exaltation: Option<Body>,
    pub triplicity: TriplicityLords,
    pub bound: Body,
    pub face: Body,
    /// The planet in its detriment here (the lord of the opposite sign).
    pub detriment: Body,
    /// The planet in its fall here, if any.
    pub fall: Option<Body>,
}

impl Lords {
    /// The lords of `lon` under `scheme`, with `rulers` for the domiciles.
    #[must_use]
    pub fn at(lon: Longitude, scheme: Scheme, rulers: Rulers) -> Self {
        let sign = lon.sign();
        Self {
            domicile: domicile_lord(sign, rulers),
            exaltation: exaltation_in(sign).map(|e| e.planet),
            triplicity: scheme.triplicities().lords(sign),
            bound: scheme.bounds().lord_at(lon),
            face: face_lord(lon),
            detriment: detriment_lord(sign, rulers),
            fall: fall_in(sign),
        }
    }

    /// The dignities `planet` has in this degree, in the order of [`Dignity::ALL`].
    #[must_use]
    pub fn held_by(&self, planet: Body, scheme: Scheme, sect: Sect) -> Vec<Dignity> {
        Dignity::ALL
            .into_iter()
            .filter(|d| match d {
                Dignity::Domicile => self.domicile == planet,
                Dignity::Exaltation => self.exaltation == Some(planet),
                Dignity::Triplicity => scheme.holds_triplicity(&self.triplicity, sect, planet),
                Dignity::Bound => self.bound == planet,
                Dignity::Face => self.face == planet,
            })
            .collect()
    }
}

/// A planet's essential state in its degree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EssentialState {
    pub lords: Lords,
    /// The dignities it holds itself.
    pub holds: Vec<Dignity>,
    pub debilities: Vec<Debility>,
    /// The sum of the scheme's points for what it holds and its debilities.
    pub score: i32,
}

/// The essential dignities and debilities of `planet` at `lon`.
#[must_use]
pub fn essential_state(
    planet: Body,
    lon: Longitude,
    scheme: Scheme,
    rulers: Rulers,
    sect: Sect,
) -> EssentialState {
    let lords = Lords::at(lon, scheme, rulers);
    let holds = lords.held_by(planet, scheme, sect);
    let mut debilities = Vec::new();
    if lords.detriment == planet {
        debilities.push(Debility::Detriment);
    }
    if lords.fall == Some(planet) {
        debilities.push(Debility::Fall);
    }
    if holds.is_empty() {
        debilities.push(Debility::Peregrine);
    }
    let weights = scheme.weights();
    let score = holds.iter().map(|d| d.weight(&weights)).sum::<i32>()
        + debilities
            .iter()
            .map(|d| match d {
                Debility::Detriment => weights.detriment,
                Debility::Fall => weights.fall,
                Debility::Peregrine => weights.peregrine,
            })
            .sum::<i32>();
    EssentialState {
        lords,
        holds,
        debilities,
        score,
    }
}

/// The almuten of a degree: the planet(s) with the most points of dignity there (the five
/// dignities only, debilities not counted), with the points; several when tied.
#[must_use]
pub fn almuten_of_degree(
    lon: Longitude,
    scheme: Scheme,
    rulers: Rulers,
    sect: Sect,
) -> (Vec<Body>, i32) {
    let lords = Lords::at(lon, scheme, rulers);
    let weights = scheme.weights();
    let points: Vec<(Body, i32)> = SEVEN
        .iter()
        .map(|&planet| {
            let score = lords
                .held_by(planet, scheme, sect)
                .iter()
                .map(|d| d.weight(&weights))
                .sum();
            (planet, score)
        })
        .collect();
    best_of(&points)
}

/// The planets with the highest points (all tied ones), and the points.
#[must_use]
pub fn best_of(points: &[(Body, i32)]) -> (Vec<Body>, i32) {
    let best = points.iter().map(|(_, s)| *s).max().unwrap_or(0);
    let planets = points
        .iter()
        .filter(|(_, s)| *s == best)
        .map(|(p, _)| *p)
        .collect();
    (planets, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::angle::Sign;

    fn at(sign: Sign, degree: f64) -> Longitude {
        Longitude::new(sign.start().degrees() + degree).unwrap()
    }

    #[test]
    fn the_sun_in_its_exaltation_by_day_under_lilly() {
        // Aries 19°: Mars' domicile, the Sun's exaltation and (by day) triplicity, Lilly's
        // bound of Mercury (14°-21°), the Sun's face (10°-20°).
        let state = essential_state(
            Body::Sun,
            at(Sign::Aries, 19.0),
            Scheme::Lilly,
            Rulers::Traditional,
            Sect::Day,
        );
        assert_eq!(
            state.holds,
            [Dignity::Exaltation, Dignity::Triplicity, Dignity::Face]
        );
        assert_eq!(state.score, 4 + 3 + 1);
        assert!(state.debilities.is_empty());
        // By night Jupiter holds the fire triplicity under Lilly, any of three under Dorotheus.
        let night = essential_state(
            Body::Sun,
            at(Sign::Aries, 19.0),
            Scheme::Lilly,
            Rulers::Traditional,
            Sect::Night,
        );
        assert_eq!(night.score, 4 + 1);
        let dorothean = essential_state(
            Body::Saturn,
            at(Sign::Aries, 26.0),
            Scheme::Dorothean,
            Rulers::Traditional,
            Sect::Night,
        );
        // Saturn: participating fire lord, Egyptian bound (25°-30°), in its fall.
        assert_eq!(dorothean.holds, [Dignity::Triplicity, Dignity::Bound]);
        assert_eq!(dorothean.debilities, [Debility::Fall]);
        assert_eq!(dorothean.score, 3 + 2 - 4);
    }

    #[test]
    fn a_planet_without_dignity_is_peregrine_and_lilly_counts_it() {
        // Venus at Aries 25°: Mars' sign, the Sun's exaltation, Mars' bound (Lilly 21°-26°),
        // Venus' own face (20°-30°) -- so not peregrine; at Aries 5° (Jupiter's bound, Mars'
        // face) she is peregrine and in detriment.
        let face = essential_state(
            Body::Venus,
            at(Sign::Aries, 25.0),
            Scheme::Lilly,
            Rulers::Traditional,
            Sect::Day,
        );
        assert_eq!(face.holds, [Dignity::Face]);
        assert_eq!(face.score, 1 - 5);
        let peregrine = essential_state(
            Body::Venus,
            at(Sign::Aries, 5.0),
            Scheme::Lilly,
            Rulers::Traditional,
            Sect::Day,
        );
        assert_eq!(
            peregrine.debilities,
            [Debility::Detriment, Debility::Peregrine]
        );
        assert_eq!(peregrine.score, -10);
        let ptolemaic = essential_state(
            Body::Venus,
            at(Sign::Aries, 5.0),
            Scheme::Ptolemaic,
            Rulers::Traditional,
            Sect::Day,
        );
        assert_eq!(ptolemaic.score, -5);
    }

    #[test]
    fn the_almuten_of_a_degree_sums_the_dignities() {
        // Aries 19° by day under Lilly: Mars 5 (domicile); the Sun 4 + 3 + 1 = 8.
        assert_eq!(
            almuten_of_degree(
                at(Sign::Aries, 19.0),
                Scheme::Lilly,
                Rulers::Traditional,
                Sect::Day
            ),
            (vec![Body::Sun], 8)
        );
        // Gemini 2° by night under Lilly: Mercury domicile 5 + triplicity 3 + bound 2 = 10.
        assert_eq!(
            almuten_of_degree(
                at(Sign::Gemini, 2.0),
                Scheme::Lilly,
                Rulers::Traditional,
                Sect::Night
            ),
            (vec![Body::Mercury], 10)
        );
    }
}
