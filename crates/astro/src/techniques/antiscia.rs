//! Antiscia: each body's mirror images in the solstice and equinox axes, and the pairs of bodies
//! that mirror each other.
//!
//! # Definitions
//!
//! For a body at longitude `λ` (geocentric, tropical, apparent of date):
//!
//! * **antiscion** `(180° − λ) mod 360`: the mirror image across the 0° Cancer / 0° Capricorn
//!   axis (a point and its antiscion are equally far from the solstices, so the Sun takes equally
//!   long days there);
//! * **contra-antiscion** `(360° − λ) mod 360`: the mirror image across the 0° Aries / 0° Libra
//!   axis. It lies opposite the antiscion.
//!
//! Two bodies `A` and `B` are **in antiscia** when `B` lies within the orb of `A`'s antiscion,
//! and **in contra-antiscia** when it lies within the orb of `A`'s contra-antiscion. The **orb
//! found** is the separation on the shorter arc between `B` and `A`'s mirror, inclusive of the
//! orb's edge. It equals the separation between `A` and `B`'s mirror (both are
//! `|λA + λB − 180|`, or `− 360` for the contra-antiscion, reduced to the shorter arc), so the
//! relation is symmetric and each unordered pair is **listed once**, with `first` the body that
//! comes first in the input. A pair cannot be in both mirrors at once: the two mirrors are 180°
//! apart and the orb at most [`AntisciaOrb::MAX_DEG`]. A body is never paired with itself.
//!
//! Pairs are sorted closest first (by orb found), then by the input order of `first` and of
//! `second`.

use orrery_ephem::{Ephemeris, EphemerisSource};

use crate::angle::{Longitude, antiscion, contra_antiscion, separation};
use crate::body::Body;
use crate::chart::{ChartError, Frame, MissingData, OmittedBody, position};
use crate::time::JulianDayUt;

/// The default bodies (docs/CONVENTIONS.md: 14 of the standard points): the Sun, the Moon,
/// Mercury..Pluto, the mean and the true node, the mean apogee (mean Lilith) and Chiron, that is
/// [`Body::STANDARD`] without the osculating apogee and the Earth point.
#[must_use]
pub fn default_bodies() -> Vec<Body> {
    Body::STANDARD
        .into_iter()
        .filter(|b| !matches!(b, Body::OsculatingApogee | Body::Earth))
        .collect()
}

/// The orb for pairs in antiscia, in degrees: `0..=3` (docs/CONVENTIONS.md), default 1.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct AntisciaOrb(f64);

/// An orb outside `[AntisciaOrb::MIN_DEG, AntisciaOrb::MAX_DEG]`, or not a number.
///
/// The message is the rule and the value (`must be between 0 and 3 degrees (got 3.5)`): the
/// caller puts the field's name in front.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("must be between {min} and {max} degrees (got {value})", min = AntisciaOrb::MIN_DEG, max = AntisciaOrb::MAX_DEG)]
pub struct AntisciaOrbError {
    /// The value as given.
    pub value: f64,
}

impl AntisciaOrb {
    /// The smallest orb: 0 finds exact mirrors only.
    pub const MIN_DEG: f64 = 0.0;
    /// The largest orb (docs/CONVENTIONS.md, Limits).
    pub const MAX_DEG: f64 = 3.0;
    /// The default orb.
    pub const DEFAULT: Self = Self(1.0);

    /// An orb in degrees.
    ///
    /// # Errors
    /// [`AntisciaOrbError`] outside `[MIN_DEG, MAX_DEG]` or for NaN.
    pub fn new(deg: f64) -> Result<Self, AntisciaOrbError> {
        if (Self::MIN_DEG..=Self::MAX_DEG).contains(&deg) {
            // `+ 0.0` turns a negative zero into +0.
            Ok(Self(deg + 0.0))
        } else {
            Err(AntisciaOrbError { value: deg })
        }
    }

    /// The orb in degrees.
    #[must_use]
    pub fn degrees(self) -> f64 {
        self.0
    }
}

impl Default for AntisciaOrb {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Which mirror.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mirror {
    /// Across the 0° Cancer / 0° Capricorn axis.
    Antiscion,
    /// Across the 0° Aries / 0° Libra axis.
    ContraAntiscion,
}

impl Mirror {
    /// Both mirrors.
    pub const ALL: [Self; 2] = [Self::Antiscion, Self::ContraAntiscion];

    /// `antiscion` or `contra_antiscion`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Antiscion => "antiscion",
            Self::ContraAntiscion => "contra_antiscion",
        }
    }

    /// The mirror image of a longitude.
    #[must_use]
    pub fn of(self, lon: Longitude) -> Longitude {
        match self {
            Self::Antiscion => antiscion(lon),
            Self::ContraAntiscion => contra_antiscion(lon),
        }
    }
}

/// A body's longitude and its two mirror images.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MirrorPoints {
    pub body: Body,
    pub lon: Longitude,
    pub antiscion: Longitude,
    pub contra_antiscion: Longitude,
}

impl MirrorPoints {
    /// The mirrors of `lon`.
    #[must_use]
    pub fn new(body: Body, lon: Longitude) -> Self {
        Self {
            body,
            lon,
            antiscion: Mirror::Antiscion.of(lon),
            contra_antiscion: Mirror::ContraAntiscion.of(lon),
        }
    }
}

/// Two bodies in antiscia or contra-antiscia.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MirrorPair {
    /// The body earlier in the input.
    pub first: Body,
    pub second: Body,
    pub mirror: Mirror,
    /// The separation between `second` and `first`'s mirror (equally, between `first` and
    /// `second`'s mirror), in `[0, orb]` degrees.
    pub orb_deg: f64,
}

/// The pairs among `points` in antiscia or contra-antiscia within `orb` (see the module
/// documentation for the rules and the order).
#[must_use]
pub fn find_pairs(points: &[MirrorPoints], orb: AntisciaOrb) -> Vec<MirrorPair> {
    let mut found: Vec<(usize, usize, MirrorPair)> = Vec::new();
    for (i, a) in points.iter().enumerate() {
        for (j, b) in points.iter().enumerate().skip(i + 1) {
            if a.body == b.body {
                continue;
            }
            for mirror in Mirror::ALL {
                let orb_deg = separation(mirror.of(a.lon), b.lon);
                if orb_deg <= orb.degrees() {
                    let pair = MirrorPair {
                        first: a.body,
                        second: b.body,
                        mirror,
                        orb_deg,
                    };
                    found.push((i, j, pair));
                }
            }
        }
    }
    found.sort_by(|(i1, j1, p1), (i2, j2, p2)| {
        p1.orb_deg
            .total_cmp(&p2.orb_deg)
            .then(i1.cmp(i2))
            .then(j1.cmp(j2))
    });
    found.into_iter().map(|(_, _, pair)| pair).collect()
}

/// The mirror points of `bodies` at `jd`, and whether every position came from the Swiss
/// Ephemeris files ([`EphemerisSource::Moshier`] if any came from the analytical fallback).
///
/// # Errors
/// [`ChartError`] when a body has no data at that date (Chiron before 1200 or after 4650).
pub fn mirror_points(
    eph: &Ephemeris,
    jd: JulianDayUt,
    bodies: &[Body],
) -> Result<(Vec<MirrorPoints>, EphemerisSource), ChartError> {
    let mut source = EphemerisSource::Swiss;
    let mut points = Vec::with_capacity(bodies.len());
    for &body in bodies {
        let p = position(eph, jd, body, &Frame::GEOCENTRIC_TROPICAL)?;
        if p.source == EphemerisSource::Moshier {
            source = EphemerisSource::Moshier;
        }
        points.push(MirrorPoints::new(body, p.lon));
    }
    Ok((points, source))
}

/// What [`antiscia`] computes: the instant, the bodies and the orb of the pairs.
#[derive(Debug, Clone, PartialEq)]
pub struct AntisciaInput {
    pub jd: JulianDayUt,
    /// The bodies, without duplicates, in the order asked for.
    pub bodies: Vec<Body>,
    /// A body without data at the date is refused, or left out and listed.
    pub missing: MissingData,
    pub orb: AntisciaOrb,
    /// Whether to look for the pairs.
    pub include_pairs: bool,
}

/// Each body's mirrors, and the pairs in antiscia or contra-antiscia.
#[derive(Debug, Clone, PartialEq)]
pub struct Antiscia {
    /// In the order of the bodies.
    pub points: Vec<MirrorPoints>,
    /// `None` when the pairs were not asked for.
    pub pairs: Option<Vec<MirrorPair>>,
    /// The bodies left out for lack of data.
    pub omitted: Vec<OmittedBody>,
    /// [`EphemerisSource::Moshier`] when any position came from the analytical fallback.
    pub ephemeris: EphemerisSource,
}

/// The mirror points of the bodies at the instant and, when asked for, the pairs among them.
///
/// # Errors
/// [`ChartError`] when a body has no data at the date and the input refuses it.
pub fn antiscia(eph: &Ephemeris, input: &AntisciaInput) -> Result<Antiscia, ChartError> {
    let (bodies, omitted) = input.missing.split(&input.bodies, input.jd);
    let (points, ephemeris) = mirror_points(eph, input.jd, &bodies)?;
    let pairs = input.include_pairs.then(|| find_pairs(&points, input.orb));
    Ok(Antiscia {
        points,
        pairs,
        omitted,
        ephemeris,
    })
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the values compared are exact in binary; tolerances are named where they are not"
)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A few roundings of numbers below 360: 1e-9° (4 micro-arcseconds) is far below anything
    /// astrological and far above double rounding (~1e-13).
    const ROUNDING_DEG: f64 = 1e-9;

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).expect("finite test longitude")
    }

    fn points(list: &[(Body, f64)]) -> Vec<MirrorPoints> {
        list.iter()
            .map(|&(body, deg)| MirrorPoints::new(body, lon(deg)))
            .collect()
    }

    #[test]
    fn the_default_bodies_are_the_fourteen_standard_points() {
        let bodies = default_bodies();
        assert_eq!(bodies.len(), 14);
        assert!(bodies.contains(&Body::MeanApogee) && bodies.contains(&Body::TrueNode));
        assert!(!bodies.contains(&Body::OsculatingApogee) && !bodies.contains(&Body::Earth));
    }

    #[test]
    fn the_orb_runs_from_zero_to_three() {
        assert_eq!(AntisciaOrb::default().degrees(), 1.0);
        assert_eq!(AntisciaOrb::new(0.0).unwrap().degrees(), 0.0);
        assert!(AntisciaOrb::new(-0.0).unwrap().degrees().is_sign_positive());
        assert_eq!(AntisciaOrb::new(3.0).unwrap().degrees(), 3.0);
        for bad in [-0.1, 3.000_001, f64::NAN, f64::INFINITY] {
            assert!(AntisciaOrb::new(bad).is_err(), "{bad}");
        }
        assert_eq!(
            AntisciaOrb::new(3.5).unwrap_err().to_string(),
            "must be between 0 and 3 degrees (got 3.5)"
        );
    }

    #[test]
    fn mirrors_of_known_points() {
        // 15° Taurus mirrors to 15° Leo (antiscion) and 15° Scorpio (contra-antiscion).
        let p = MirrorPoints::new(Body::Sun, lon(45.0));
        assert_eq!(p.antiscion.degrees(), 135.0);
        assert_eq!(p.contra_antiscion.degrees(), 315.0);
        // The solstice points are their own antiscia, the equinox points their own
        // contra-antiscia.
        assert_eq!(Mirror::Antiscion.of(lon(90.0)).degrees(), 90.0);
        assert_eq!(Mirror::Antiscion.of(lon(270.0)).degrees(), 270.0);
        assert_eq!(Mirror::ContraAntiscion.of(lon(0.0)).degrees(), 0.0);
        assert_eq!(Mirror::ContraAntiscion.of(lon(180.0)).degrees(), 180.0);
    }

    #[test]
    fn pairs_across_the_seam_and_at_the_orb_edge() {
        // 0.5° Aries mirrors to 29.5° Virgo (179.5°) and 29.5° Pisces (359.5°).
        let pts = points(&[
            (Body::Sun, 0.5),
            (Body::Moon, 180.25),   // 0.75 from the Sun's antiscion, across 180
            (Body::Mars, 0.25),     // 0.75 from the Sun's contra-antiscion, across 0/360
            (Body::Venus, 181.5),   // exactly 2 from the Sun's antiscion: only with orb 2
            (Body::Jupiter, 100.0), // mirrors nothing here
        ]);
        let pairs = find_pairs(&pts, AntisciaOrb::DEFAULT);
        let summary: Vec<_> = pairs
            .iter()
            .map(|p| (p.first, p.second, p.mirror))
            .collect();
        assert_eq!(
            summary,
            [
                (Body::Moon, Body::Mars, Mirror::Antiscion), // 180.25 + 0.25 = 180.5: 0.5
                (Body::Sun, Body::Moon, Mirror::Antiscion),
                (Body::Sun, Body::Mars, Mirror::ContraAntiscion),
            ]
        );
        assert!((pairs[0].orb_deg - 0.5).abs() <= ROUNDING_DEG);
        assert!((pairs[1].orb_deg - 0.75).abs() <= ROUNDING_DEG);
        assert!((pairs[2].orb_deg - 0.75).abs() <= ROUNDING_DEG);
        // The edge is inclusive: Venus is exactly 2° from the Sun's antiscion.
        let wide = find_pairs(&pts, AntisciaOrb::new(2.0).unwrap());
        assert!(
            wide.iter()
                .any(|p| p.first == Body::Sun && p.second == Body::Venus && p.orb_deg == 2.0)
        );
        assert!(
            !find_pairs(&pts, AntisciaOrb::new(1.999).unwrap())
                .iter()
                .any(|p| p.second == Body::Venus && p.first == Body::Sun)
        );
    }

    #[test]
    fn orb_zero_finds_exact_mirrors_and_no_body_pairs_with_itself() {
        let pts = points(&[(Body::Sun, 90.0), (Body::Moon, 90.0), (Body::Mars, 10.0)]);
        let pairs = find_pairs(&pts, AntisciaOrb::new(0.0).unwrap());
        // Sun and Moon at 0° Cancer: each is the other's antiscion. No self pairs.
        assert_eq!(pairs.len(), 1);
        assert_eq!(
            (pairs[0].first, pairs[0].second, pairs[0].mirror),
            (Body::Sun, Body::Moon, Mirror::Antiscion)
        );
        assert_eq!(pairs[0].orb_deg, 0.0);
    }

    /// Anywhere, or within a hair of the seam, of 0° Libra or of 0° Cancer.
    fn any_lon() -> impl Strategy<Value = Longitude> {
        let near = |deg: f64| (-1e-9..1e-9_f64).prop_map(move |d| deg + d);
        prop_oneof![0.0..360.0_f64, near(360.0), near(180.0), near(90.0)].prop_map(lon)
    }

    proptest! {
        #[test]
        fn each_mirror_twice_is_the_identity(a in any_lon()) {
            for mirror in Mirror::ALL {
                prop_assert!(separation(mirror.of(mirror.of(a)), a) <= ROUNDING_DEG, "{mirror:?} {a}");
            }
        }

        #[test]
        fn the_two_mirrors_are_opposite(a in any_lon()) {
            let p = MirrorPoints::new(Body::Sun, a);
            prop_assert!((separation(p.antiscion, p.contra_antiscion) - 180.0).abs() <= ROUNDING_DEG);
            prop_assert!((0.0..360.0).contains(&p.antiscion.degrees()));
            prop_assert!((0.0..360.0).contains(&p.contra_antiscion.degrees()));
        }

        #[test]
        fn pairs_are_symmetric(a in any_lon(), b in any_lon(), orb in 0.0..=3.0_f64) {
            let orb = AntisciaOrb::new(orb).unwrap();
            let forward = find_pairs(&[MirrorPoints::new(Body::Sun, a), MirrorPoints::new(Body::Moon, b)], orb);
            let backward = find_pairs(&[MirrorPoints::new(Body::Moon, b), MirrorPoints::new(Body::Sun, a)], orb);
            prop_assert_eq!(forward.len(), backward.len());
            prop_assert!(forward.len() <= 1);
            for (f, g) in forward.iter().zip(&backward) {
                prop_assert_eq!((f.first, f.second, f.mirror), (Body::Sun, Body::Moon, g.mirror));
                // The orb from either side.
                prop_assert!((separation(f.mirror.of(b), a) - f.orb_deg).abs() <= ROUNDING_DEG);
                prop_assert!((g.orb_deg - f.orb_deg).abs() <= ROUNDING_DEG);
                prop_assert!(f.orb_deg <= orb.degrees());
            }
        }
    }
}
