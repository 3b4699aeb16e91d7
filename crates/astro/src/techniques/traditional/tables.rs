//! The tables of essential dignity, as data with their sources: domiciles (traditional and
//! modern rulers), exaltations with their degrees, triplicities (Dorothean, Ptolemaic, Lilly),
//! bounds (Egyptian, Ptolemaic, Lilly's) and the Chaldean faces. Detriment and fall are not
//! tables: they are derived (the sign opposite a domicile, the sign opposite an exaltation).
//!
//! Every convention and its source: docs/TRADITIONAL.md.

use crate::angle::{Longitude, Sign};
use crate::body::Body;

/// The seven planets of the traditional tables, in Chaldean order (slowest first), the order
/// the faces follow.
pub const CHALDEAN_ORDER: [Body; 7] = [
    Body::Saturn,
    Body::Jupiter,
    Body::Mars,
    Body::Sun,
    Body::Venus,
    Body::Mercury,
    Body::Moon,
];

/// The seven planets, Sun to Saturn: the order of answers.
pub const SEVEN: [Body; 7] = {
    let p = Body::PLANETS;
    [p[0], p[1], p[2], p[3], p[4], p[5], p[6]]
};

/// Which planets rule the signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rulers {
    /// The seven planets only (Ptolemy, *Tetrabiblos* I.17).
    #[default]
    Traditional,
    /// Uranus for Aquarius, Neptune for Pisces, Pluto for Scorpio; the rest traditional.
    Modern,
}

impl Rulers {
    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Traditional => "traditional",
            Self::Modern => "modern",
        }
    }
}

/// The traditional domicile lords, Aries to Pisces (*Tetrabiblos* I.17).
const DOMICILES: [Body; 12] = [
    Body::Mars,
    Body::Venus,
    Body::Mercury,
    Body::Moon,
    Body::Sun,
    Body::Mercury,
    Body::Venus,
    Body::Mars,
    Body::Jupiter,
    Body::Saturn,
    Body::Saturn,
    Body::Jupiter,
];

/// The domicile lord of `sign`.
#[must_use]
pub fn domicile_lord(sign: Sign, rulers: Rulers) -> Body {
    match (rulers, sign) {
        (Rulers::Modern, Sign::Scorpio) => Body::Pluto,
        (Rulers::Modern, Sign::Aquarius) => Body::Uranus,
        (Rulers::Modern, Sign::Pisces) => Body::Neptune,
        _ => DOMICILES[sign.index()],
    }
}

/// The signs a planet rules (traditional rulers): two for each planet, one for each light.
#[must_use]
pub fn domiciles_of(planet: Body) -> Vec<Sign> {
    Sign::ALL
        .into_iter()
        .filter(|s| DOMICILES[s.index()] == planet)
        .collect()
}

/// The lord of the sign opposite: the planet in its detriment (exile) in `sign`.
#[must_use]
pub fn detriment_lord(sign: Sign, rulers: Rulers) -> Body {
    domicile_lord(opposite(sign), rulers)
}

/// The sign opposite.
#[must_use]
pub fn opposite(sign: Sign) -> Sign {
    Sign::ALL[(sign.index() + 6) % 12]
}

/// An exaltation: the planet and its degree (the degree as a number 1..=30, the 19th degree of
/// Aries for the Sun, as the sources count it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exaltation {
    pub planet: Body,
    pub sign: Sign,
    pub degree: u8,
}

/// The exaltations (*Tetrabiblos* I.19 names the signs; the degrees are Lilly's,
/// *Christian Astrology* p. 104, as the medieval tables give them).
pub const EXALTATIONS: [Exaltation; 7] = [
    Exaltation {
        planet: Body::Sun,
        sign: Sign::Aries,
        degree: 19,
    },
    Exaltation {
        planet: Body::Moon,
        sign: Sign::Taurus,
        degree: 3,
    },
    Exaltation {
        planet: Body::Mercury,
        sign: Sign::Virgo,
        degree: 15,
    },
    Exaltation {
        planet: Body::Venus,
        sign: Sign::Pisces,
        degree: 27,
    },
    Exaltation {
        planet: Body::Mars,
        sign: Sign::Capricorn,
        degree: 28,
    },
    Exaltation {
        planet: Body::Jupiter,
        sign: Sign::Cancer,
        degree: 15,
    },
    Exaltation {
        planet: Body::Saturn,
        sign: Sign::Libra,
        degree: 21,
    },
];

/// The planet exalted in `sign`, if any.
#[must_use]
pub fn exaltation_in(sign: Sign) -> Option<Exaltation> {
    EXALTATIONS.iter().copied().find(|e| e.sign == sign)
}

/// The planet in its fall in `sign` (exalted in the sign opposite), if any.
#[must_use]
pub fn fall_in(sign: Sign) -> Option<Body> {
    exaltation_in(opposite(sign)).map(|e| e.planet)
}

/// The four triplicities (elements), by the first sign of each.
#[must_use]
pub fn element_index(sign: Sign) -> usize {
    sign.index() % 4
}

/// A table of triplicity lords.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TriplicityTable {
    /// Dorotheus, *Carmen Astrologicum* I.1: a day lord, a night lord and a participating lord
    /// for each element.
    Dorothean,
    /// Ptolemy, *Tetrabiblos* I.18: two lords by sect; the water signs are ruled by Mars, with
    /// Venus by day (the Moon by night, which the usual table leaves to Mars).
    Ptolemaic,
    /// Lilly, *Christian Astrology* p. 104: two lords by sect, Mars both by day and by night
    /// in the water signs.
    Lilly,
}

/// The lords of a triplicity: by day, by night, and the participating lord (Dorothean only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TriplicityLords {
    pub day: Body,
    pub night: Body,
    pub participating: Option<Body>,
}

impl TriplicityTable {
    /// The lords of the element of `sign`.
    #[must_use]
    pub fn lords(self, sign: Sign) -> TriplicityLords {
        use Body::{Jupiter, Mars, Mercury, Moon, Saturn, Sun, Venus};
        // Fire, earth, air, water.
        let (day, night, participating) = match (self, element_index(sign)) {
            (Self::Dorothean, 0) => (Sun, Jupiter, Some(Saturn)),
            (Self::Dorothean, 1) => (Venus, Moon, Some(Mars)),
            (Self::Dorothean, 2) => (Saturn, Mercury, Some(Jupiter)),
            (Self::Dorothean, _) => (Venus, Mars, Some(Moon)),
            (_, 0) => (Sun, Jupiter, None),
            (_, 1) => (Venus, Moon, None),
            (_, 2) => (Saturn, Mercury, None),
            (Self::Ptolemaic, _) => (Venus, Mars, None),
            (Self::Lilly, _) => (Mars, Mars, None),
        };
        TriplicityLords {
            day,
            night,
            participating,
        }
    }

    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Dorothean => "dorothean",
            Self::Ptolemaic => "ptolemaic",
            Self::Lilly => "lilly",
        }
    }

    /// Where the table comes from.
    #[must_use]
    pub fn source(self) -> &'static str {
        match self {
            Self::Dorothean => {
                "Dorotheus of Sidon, Carmen Astrologicum I.1 (Pingree's translation)"
            }
            Self::Ptolemaic => "Ptolemy, Tetrabiblos I.18 (Robbins' translation)",
            Self::Lilly => "William Lilly, Christian Astrology (1647), p. 104",
        }
    }
}

/// A table of bounds (terms): five unequal parts of each sign, each ruled by one of the five
/// star-like planets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoundsTable {
    /// The Egyptian bounds (Ptolemy, *Tetrabiblos* I.21, the table he reports; Valens,
    /// *Anthology* I.3).
    Egyptian,
    /// Ptolemy's own bounds, *Tetrabiblos* I.21 (Robbins' translation).
    Ptolemaic,
    /// The bounds Lilly printed as Ptolemy's, *Christian Astrology* p. 104.
    Lilly,
}

/// One bound: its lord and the degree (in the sign) where it ends.
pub type Bound = (Body, u8);

use Body::{Jupiter as JU, Mars as MA, Mercury as ME, Saturn as SA, Venus as VE};

/// Aries to Pisces, each bound as (lord, end degree).
const EGYPTIAN_BOUNDS: [[Bound; 5]; 12] = [
    [(JU, 6), (VE, 12), (ME, 20), (MA, 25), (SA, 30)],
    [(VE, 8), (ME, 14), (JU, 22), (SA, 27), (MA, 30)],
    [(ME, 6), (JU, 12), (VE, 17), (MA, 24), (SA, 30)],
    [(MA, 7), (VE, 13), (ME, 19), (JU, 26), (SA, 30)],
    [(JU, 6), (VE, 11), (SA, 18), (ME, 24), (MA, 30)],
    [(ME, 7), (VE, 17), (JU, 21), (MA, 28), (SA, 30)],
    [(SA, 6), (ME, 14), (JU, 21), (VE, 28), (MA, 30)],
    [(MA, 7), (VE, 11), (ME, 19), (JU, 24), (SA, 30)],
    [(JU, 12), (VE, 17), (ME, 21), (SA, 26), (MA, 30)],
    [(ME, 7), (JU, 14), (VE, 22), (SA, 26), (MA, 30)],
    [(ME, 7), (VE, 13), (JU, 20), (MA, 25), (SA, 30)],
    [(VE, 12), (JU, 16), (ME, 19), (MA, 28), (SA, 30)],
];

const PTOLEMAIC_BOUNDS: [[Bound; 5]; 12] = [
    [(JU, 6), (VE, 14), (ME, 21), (MA, 26), (SA, 30)],
    [(VE, 8), (ME, 15), (JU, 22), (SA, 24), (MA, 30)],
    [(ME, 7), (JU, 13), (VE, 20), (MA, 26), (SA, 30)],
    [(MA, 6), (JU, 13), (ME, 20), (VE, 27), (SA, 30)],
    [(JU, 6), (ME, 13), (SA, 19), (VE, 25), (MA, 30)],
    [(ME, 7), (VE, 13), (JU, 18), (SA, 24), (MA, 30)],
    [(SA, 6), (VE, 11), (ME, 16), (JU, 24), (MA, 30)],
    [(MA, 6), (VE, 13), (JU, 21), (ME, 27), (SA, 30)],
    [(JU, 8), (VE, 14), (ME, 19), (SA, 25), (MA, 30)],
    [(VE, 6), (ME, 12), (JU, 19), (SA, 25), (MA, 30)],
    [(SA, 6), (ME, 12), (VE, 20), (JU, 25), (MA, 30)],
    [(VE, 8), (JU, 14), (ME, 20), (MA, 25), (SA, 30)],
];

const LILLY_BOUNDS: [[Bound; 5]; 12] = [
    [(JU, 6), (VE, 14), (ME, 21), (MA, 26), (SA, 30)],
    [(VE, 8), (ME, 15), (JU, 22), (SA, 26), (MA, 30)],
    [(ME, 7), (JU, 14), (VE, 21), (SA, 25), (MA, 30)],
    [(MA, 6), (JU, 13), (ME, 20), (VE, 27), (SA, 30)],
    [(SA, 6), (ME, 13), (VE, 19), (JU, 25), (MA, 30)],
    [(ME, 7), (VE, 13), (JU, 18), (SA, 24), (MA, 30)],
    [(SA, 6), (VE, 11), (JU, 19), (ME, 24), (MA, 30)],
    [(MA, 6), (JU, 14), (VE, 21), (ME, 27), (SA, 30)],
    [(JU, 8), (VE, 14), (ME, 19), (SA, 25), (MA, 30)],
    [(VE, 6), (ME, 12), (JU, 19), (MA, 25), (SA, 30)],
    [(SA, 6), (ME, 12), (VE, 20), (JU, 25), (MA, 30)],
    [(VE, 8), (JU, 14), (ME, 20), (MA, 25), (SA, 30)],
];

impl BoundsTable {
    /// The five bounds of `sign`, in order.
    #[must_use]
    pub fn of_sign(self, sign: Sign) -> &'static [Bound; 5] {
        let table = match self {
            Self::Egyptian => &EGYPTIAN_BOUNDS,
            Self::Ptolemaic => &PTOLEMAIC_BOUNDS,
            Self::Lilly => &LILLY_BOUNDS,
        };
        &table[sign.index()]
    }

    /// The lord of the bound `lon` falls in (a bound's end belongs to the next bound).
    #[must_use]
    pub fn lord_at(self, lon: Longitude) -> Body {
        let degree = lon.degree_in_sign();
        let bounds = self.of_sign(lon.sign());
        bounds
            .iter()
            .find(|(_, end)| degree < f64::from(*end))
            .map_or(bounds[4].0, |(lord, _)| *lord)
    }

    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Egyptian => "egyptian",
            Self::Ptolemaic => "ptolemaic",
            Self::Lilly => "lilly",
        }
    }

    /// Where the table comes from.
    #[must_use]
    pub fn source(self) -> &'static str {
        match self {
            Self::Egyptian => {
                "the Egyptian bounds: Ptolemy, Tetrabiblos I.21 (Robbins), Vettius Valens, \
                 Anthology I.3"
            }
            Self::Ptolemaic => "Ptolemy's own bounds, Tetrabiblos I.21 (Robbins' translation)",
            Self::Lilly => {
                "the bounds William Lilly printed as Ptolemy's, Christian Astrology (1647), \
                 p. 104"
            }
        }
    }
}

/// The lord of the face (decan) `lon` falls in: the planets in Chaldean order, from Mars in
/// the first ten degrees of Aries (the Chaldean faces; Lilly p. 104, Abu Ma'shar).
#[must_use]
pub fn face_lord(lon: Longitude) -> Body {
    face_lord_of((lon.degrees() / 10.0).floor() as usize % 36)
}

/// The lord of face `face` (0: Aries 0°–10°, … 35: Pisces 20°–30°).
#[must_use]
pub fn face_lord_of(face: usize) -> Body {
    // Face 0 is Mars, the third in Chaldean order; faces repeat every 7.
    CHALDEAN_ORDER[(face + 2) % 7]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(sign: Sign, degree: f64) -> Longitude {
        Longitude::new(sign.start().degrees() + degree).unwrap()
    }

    /// Each planet's Egyptian bounds add up to its lesser years (Valens, *Anthology* I.3;
    /// Ptolemy's own bounds keep the same totals, *Tetrabiblos* I.21). A transposed pair of
    /// bounds (Stellium's Sagittarius bug of 2026) breaks these sums.
    #[test]
    fn bounds_add_up_to_the_lesser_years() {
        let lesser_years = [(SA, 57), (JU, 79), (MA, 66), (VE, 82), (ME, 76)];
        for table in [BoundsTable::Egyptian, BoundsTable::Ptolemaic] {
            for (planet, years) in lesser_years {
                let total: u32 = Sign::ALL
                    .iter()
                    .map(|s| {
                        let bounds = table.of_sign(*s);
                        let mut start = 0;
                        let mut sum = 0;
                        for (lord, end) in bounds {
                            if *lord == planet {
                                sum += u32::from(end - start);
                            }
                            start = *end;
                        }
                        sum
                    })
                    .sum();
                assert_eq!(total, years, "{} {:?}", table.name(), planet);
            }
        }
    }

    /// Lilly's printed table does not keep the totals (Jupiter 80, Mars 64, Saturn 58): the
    /// differences are in his Capricorn and the order of his Leo, Libra and Scorpio bounds.
    #[test]
    fn lillys_bounds_are_his_own() {
        assert_ne!(
            BoundsTable::Lilly.of_sign(Sign::Capricorn),
            BoundsTable::Ptolemaic.of_sign(Sign::Capricorn)
        );
        assert_eq!(BoundsTable::Lilly.lord_at(at(Sign::Leo, 0.0)), SA);
    }

    /// Every sign has five bounds, one for each of the five planets, ending at 30°, in
    /// increasing order.
    #[test]
    fn each_sign_has_one_bound_of_each_planet() {
        for table in [
            BoundsTable::Egyptian,
            BoundsTable::Ptolemaic,
            BoundsTable::Lilly,
        ] {
            for sign in Sign::ALL {
                let bounds = table.of_sign(sign);
                let mut lords: Vec<Body> = bounds.iter().map(|(l, _)| *l).collect();
                lords.sort_by_key(|b| SEVEN.iter().position(|x| x == b));
                assert_eq!(lords, [ME, VE, MA, JU, SA], "{} {sign}", table.name());
                assert!(bounds.windows(2).all(|w| w[0].1 < w[1].1));
                assert_eq!(bounds[4].1, 30);
            }
        }
    }

    #[test]
    fn bounds_change_at_their_end_degree() {
        let table = BoundsTable::Egyptian;
        assert_eq!(table.lord_at(at(Sign::Sagittarius, 11.999)), JU);
        assert_eq!(table.lord_at(at(Sign::Sagittarius, 12.0)), VE);
        assert_eq!(table.lord_at(at(Sign::Pisces, 29.999_999)), SA);
    }

    /// Faces run through the Chaldean order from Mars in Aries without a break, so Pisces'
    /// last face (Mars) hands on to Aries' first (Mars again: 36 faces are 5 weeks and one).
    #[test]
    fn faces_follow_the_chaldean_order_from_mars_in_aries() {
        assert_eq!(face_lord(at(Sign::Aries, 0.0)), MA);
        assert_eq!(face_lord(at(Sign::Aries, 10.0)), Body::Sun);
        assert_eq!(face_lord(at(Sign::Aries, 20.0)), VE);
        assert_eq!(face_lord(at(Sign::Taurus, 0.0)), ME);
        assert_eq!(face_lord(at(Sign::Taurus, 10.0)), Body::Moon);
        assert_eq!(face_lord(at(Sign::Pisces, 29.0)), MA);
        for face in 0..35 {
            let here = face_lord(Longitude::new(f64::from(face) * 10.0 + 5.0).unwrap());
            let next = face_lord(Longitude::new(f64::from(face + 1) * 10.0 + 5.0).unwrap());
            let i = CHALDEAN_ORDER.iter().position(|p| *p == here).unwrap();
            assert_eq!(CHALDEAN_ORDER[(i + 1) % 7], next, "face {face}");
        }
    }

    /// Detriment is opposite domicile, fall opposite exaltation: each planet's detriments are
    /// the signs opposite its domiciles (Venus in Aries and Scorpio, not elsewhere), and its fall
    /// is the one sign opposite its exaltation (Venus falls in Virgo, not in Gemini).
    #[test]
    fn detriment_and_fall_are_opposite() {
        for planet in SEVEN {
            let detriments: Vec<Sign> = Sign::ALL
                .into_iter()
                .filter(|s| detriment_lord(*s, Rulers::Traditional) == planet)
                .collect();
            let mut want: Vec<Sign> = domiciles_of(planet).into_iter().map(opposite).collect();
            want.sort();
            assert_eq!(detriments, want, "{planet:?}");
            let falls: Vec<Sign> = Sign::ALL
                .into_iter()
                .filter(|s| fall_in(*s) == Some(planet))
                .collect();
            let exaltation = EXALTATIONS.iter().find(|e| e.planet == planet).unwrap();
            assert_eq!(falls, [opposite(exaltation.sign)], "{planet:?}");
        }
        assert_eq!(fall_in(Sign::Virgo), Some(VE));
        assert_eq!(fall_in(Sign::Gemini), None);
    }

    /// Each planet rules two signs (the lights one each), in the order of the thema mundi:
    /// the Moon and the Sun in Cancer and Leo, then outward Mercury, Venus, Mars, Jupiter,
    /// Saturn.
    #[test]
    fn domiciles_are_the_thema_mundi_order() {
        let outward = [ME, VE, MA, JU, SA];
        for (k, planet) in outward.iter().enumerate() {
            let want = [Sign::ALL[(3 + 12 - 1 - k) % 12], Sign::ALL[5 + k]];
            let mut want = want.to_vec();
            want.sort();
            assert_eq!(domiciles_of(*planet), want, "{planet:?}");
        }
        assert_eq!(domiciles_of(Body::Moon), [Sign::Cancer]);
        assert_eq!(domiciles_of(Body::Sun), [Sign::Leo]);
        assert_eq!(domicile_lord(Sign::Scorpio, Rulers::Modern), Body::Pluto);
    }

    /// Exaltations of the lights and the five planets; the triplicity lords of each scheme
    /// are the planets of the element's day and night.
    #[test]
    fn triplicities_differ_only_where_the_sources_do() {
        for sign in Sign::ALL {
            let d = TriplicityTable::Dorothean.lords(sign);
            let p = TriplicityTable::Ptolemaic.lords(sign);
            let l = TriplicityTable::Lilly.lords(sign);
            assert!(d.participating.is_some() && p.participating.is_none());
            if element_index(sign) == 3 {
                assert_eq!((p.day, p.night), (VE, MA));
                assert_eq!((l.day, l.night), (MA, MA));
            } else {
                assert_eq!((d.day, d.night), (p.day, p.night), "{sign}");
                assert_eq!(p, l, "{sign}");
            }
        }
    }
}
