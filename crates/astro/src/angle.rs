//! Angles on the ecliptic circle, normalised in this one place.
//!
//! * [`Longitude`]: a position on the circle, always in `[0, 360)` degrees.
//! * [`SignedAngle`]: a directed arc, always in `[-180, 180)` degrees.
//! * [`shortest_arc`], [`separation`], [`midpoint`], [`antiscion`], [`contra_antiscion`]: the
//!   circle arithmetic every technique needs.
//! * [`Sign`]: the twelve 30° signs of the zodiac, `aries`..`pisces`.
//!
//! All wrapping goes through `normalise_360` and `wrap_180` (with `rem_euclid`), never through
//! scattered `if x < 0.0 { x += 360.0 }`.

use std::fmt;
use std::ops::Add;
use std::str::FromStr;

use crate::error::{AngleError, NameKind, UnknownName};

/// Degrees in a full circle.
pub const FULL_CIRCLE_DEG: f64 = 360.0;
/// Degrees in half a circle.
pub const HALF_CIRCLE_DEG: f64 = 180.0;
/// Degrees in one zodiac sign.
pub const SIGN_WIDTH_DEG: f64 = 30.0;

/// `x` reduced to `[0, 360)`. `x` must be finite.
///
/// `rem_euclid` alone can answer exactly `360.0` for a tiny negative `x` (`-1e-15 + 360` rounds to
/// `360`); that value is the same point as `0`, so it is mapped to `0`. A negative zero becomes `+0`.
fn normalise_360(x: f64) -> f64 {
    debug_assert!(x.is_finite(), "normalise_360 needs a finite angle, got {x}");
    if (0.0..FULL_CIRCLE_DEG).contains(&x) {
        // Already in range: return it untouched, so normalising is exactly idempotent.
        return x + 0.0;
    }
    let r = x.rem_euclid(FULL_CIRCLE_DEG);
    if r >= FULL_CIRCLE_DEG { 0.0 } else { r + 0.0 }
}

/// `x` reduced to `[-180, 180)`. `x` must be finite.
pub(crate) fn wrap_180(x: f64) -> f64 {
    debug_assert!(x.is_finite(), "wrap_180 needs a finite angle, got {x}");
    if (-HALF_CIRCLE_DEG..HALF_CIRCLE_DEG).contains(&x) {
        return x + 0.0;
    }
    let r = normalise_360(x);
    // For r in [180, 360) the subtraction is exact (Sterbenz), so the result stays in range.
    if r >= HALF_CIRCLE_DEG {
        r - FULL_CIRCLE_DEG
    } else {
        r
    }
}

/// An ecliptic longitude in degrees, always in `[0, 360)`.
///
/// ```
/// use orrery_astro::angle::Longitude;
/// let lon = Longitude::new(-30.0)?;
/// assert_eq!(lon.degrees(), 330.0);
/// assert_eq!(Longitude::new(720.5)?.degrees(), 0.5);
/// # Ok::<(), orrery_astro::error::AngleError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Longitude(f64);

impl Longitude {
    /// 0° Aries.
    pub const ZERO: Self = Self(0.0);

    /// Any finite number of degrees, reduced to `[0, 360)`.
    ///
    /// # Errors
    /// [`AngleError::NotFinite`] for NaN or an infinity.
    pub fn new(deg: f64) -> Result<Self, AngleError> {
        if deg.is_finite() {
            Ok(Self(normalise_360(deg)))
        } else {
            Err(AngleError::NotFinite {
                what: "longitude",
                value: deg,
            })
        }
    }

    /// The longitude in degrees, in `[0, 360)`.
    #[must_use]
    pub fn degrees(self) -> f64 {
        self.0
    }

    /// The sign this longitude falls in.
    #[must_use]
    pub fn sign(self) -> Sign {
        Sign::of(self)
    }

    /// Degrees past the start of the sign, in `[0, 30)`.
    ///
    /// ```
    /// use orrery_astro::angle::{Longitude, Sign};
    /// let lon = Longitude::new(125.25)?;
    /// assert_eq!((lon.sign(), lon.degree_in_sign()), (Sign::Leo, 5.25));
    /// # Ok::<(), orrery_astro::error::AngleError>(())
    /// ```
    #[must_use]
    pub fn degree_in_sign(self) -> f64 {
        // fmod is exact, and self.0 >= 0, so the result is in [0, 30).
        self.0.rem_euclid(SIGN_WIDTH_DEG)
    }
}

impl TryFrom<f64> for Longitude {
    type Error = AngleError;

    fn try_from(deg: f64) -> Result<Self, Self::Error> {
        Self::new(deg)
    }
}

impl Add<SignedAngle> for Longitude {
    type Output = Self;

    /// Moves the longitude along the circle; both parts are finite, so the sum is too.
    fn add(self, rhs: SignedAngle) -> Self {
        Self(normalise_360(self.0 + rhs.0))
    }
}

impl fmt::Display for Longitude {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}°", self.0)
    }
}

/// A directed arc in degrees, always in `[-180, 180)`: positive is in zodiacal order
/// (counter-clockwise, increasing longitude).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct SignedAngle(f64);

impl SignedAngle {
    /// Any finite number of degrees, reduced to `[-180, 180)`.
    ///
    /// ```
    /// use orrery_astro::angle::SignedAngle;
    /// assert_eq!(SignedAngle::new(190.0)?.degrees(), -170.0);
    /// assert_eq!(SignedAngle::new(180.0)?.degrees(), -180.0);
    /// # Ok::<(), orrery_astro::error::AngleError>(())
    /// ```
    ///
    /// # Errors
    /// [`AngleError::NotFinite`] for NaN or an infinity.
    pub fn new(deg: f64) -> Result<Self, AngleError> {
        if deg.is_finite() {
            Ok(Self(wrap_180(deg)))
        } else {
            Err(AngleError::NotFinite {
                what: "angle",
                value: deg,
            })
        }
    }

    /// The arc in degrees, in `[-180, 180)`.
    #[must_use]
    pub fn degrees(self) -> f64 {
        self.0
    }

    /// The arc's length in degrees, in `[0, 180]`.
    #[must_use]
    pub fn abs(self) -> f64 {
        self.0.abs()
    }

    /// Built from a value already known to be finite (differences of longitudes and the like).
    fn from_finite(deg: f64) -> Self {
        Self(wrap_180(deg))
    }
}

impl fmt::Display for SignedAngle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}°", self.0)
    }
}

/// The shorter arc from `from` to `to`, signed: `to − from` reduced to `[-180, 180)`.
///
/// Positive when `to` lies ahead of `from` in zodiacal order. For exactly opposite points the
/// answer is `-180`, whichever way round (the range is half-open).
///
/// ```
/// use orrery_astro::angle::{shortest_arc, Longitude};
/// let a = Longitude::new(359.5)?;
/// let b = Longitude::new(0.5)?;
/// assert_eq!(shortest_arc(a, b).degrees(), 1.0);
/// assert_eq!(shortest_arc(b, a).degrees(), -1.0);
/// # Ok::<(), orrery_astro::error::AngleError>(())
/// ```
#[must_use]
pub fn shortest_arc(from: Longitude, to: Longitude) -> SignedAngle {
    SignedAngle::from_finite(to.0 - from.0)
}

/// The angular distance between two longitudes along the shorter arc, in `[0, 180]` degrees.
#[must_use]
pub fn separation(a: Longitude, b: Longitude) -> f64 {
    shortest_arc(a, b).abs()
}

/// The antiscion: the mirror image across the 0° Cancer / 0° Capricorn axis, `(180 − lon) mod 360`.
#[must_use]
pub fn antiscion(lon: Longitude) -> Longitude {
    Longitude(normalise_360(HALF_CIRCLE_DEG - lon.0))
}

/// The contra-antiscion: the mirror image across the 0° Aries / 0° Libra axis, `(360 − lon) mod 360`.
#[must_use]
pub fn contra_antiscion(lon: Longitude) -> Longitude {
    Longitude(normalise_360(FULL_CIRCLE_DEG - lon.0))
}

/// The midpoint of two longitudes on the shorter arc between them.
///
/// The result does not depend on the order of the arguments. For exactly opposite points both arcs
/// are 180° long; the convention then is the midpoint 90° ahead (in zodiacal order) of the point
/// with the smaller longitude: `midpoint(10°, 190°) = midpoint(190°, 10°) = 100°`. Near that case
/// the midpoint jumps by 180° as the shorter arc changes sides, as it must.
///
/// ```
/// use orrery_astro::angle::{midpoint, Longitude};
/// let lon = |d| Longitude::new(d).unwrap();
/// assert_eq!(midpoint(lon(350.0), lon(20.0)).degrees(), 5.0);
/// assert_eq!(midpoint(lon(190.0), lon(10.0)).degrees(), 100.0);
/// ```
#[must_use]
pub fn midpoint(a: Longitude, b: Longitude) -> Longitude {
    // Always compute from the smaller longitude, so the result is exactly symmetric.
    let (low, high) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    let arc = shortest_arc(low, high).0;
    let half = if arc == -HALF_CIRCLE_DEG {
        HALF_CIRCLE_DEG / 2.0
    } else {
        arc / 2.0
    };
    Longitude(normalise_360(low.0 + half))
}

/// A sign of the tropical or sidereal zodiac: twelve 30° sectors from 0° Aries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sign {
    /// 0°–30°.
    Aries,
    /// 30°–60°.
    Taurus,
    /// 60°–90°.
    Gemini,
    /// 90°–120°.
    Cancer,
    /// 120°–150°.
    Leo,
    /// 150°–180°.
    Virgo,
    /// 180°–210°.
    Libra,
    /// 210°–240°.
    Scorpio,
    /// 240°–270°.
    Sagittarius,
    /// 270°–300°.
    Capricorn,
    /// 300°–330°.
    Aquarius,
    /// 330°–360°.
    Pisces,
}

impl Sign {
    /// The signs in zodiacal order.
    pub const ALL: [Self; 12] = [
        Self::Aries,
        Self::Taurus,
        Self::Gemini,
        Self::Cancer,
        Self::Leo,
        Self::Virgo,
        Self::Libra,
        Self::Scorpio,
        Self::Sagittarius,
        Self::Capricorn,
        Self::Aquarius,
        Self::Pisces,
    ];

    /// The snake_case names in zodiacal order, as the API spells them.
    pub const NAMES: [&'static str; 12] = [
        "aries",
        "taurus",
        "gemini",
        "cancer",
        "leo",
        "virgo",
        "libra",
        "scorpio",
        "sagittarius",
        "capricorn",
        "aquarius",
        "pisces",
    ];

    /// The sign a longitude falls in; a cusp belongs to the sign it opens (30° is Taurus).
    #[must_use]
    pub fn of(lon: Longitude) -> Self {
        let start = lon.0 - lon.degree_in_sign(); // an exact multiple of 30
        // A whole number in 0..=11 because lon is in [0, 360); `min` only guards the cast.
        let index = (start / SIGN_WIDTH_DEG).round() as usize;
        Self::ALL[index.min(Self::ALL.len() - 1)]
    }

    /// 0 for Aries .. 11 for Pisces.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The longitude where the sign begins.
    #[must_use]
    pub fn start(self) -> Longitude {
        Longitude(SIGN_WIDTH_DEG * f64::from(self as u8))
    }

    /// The snake_case name, e.g. `sagittarius`.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self.index()]
    }
}

impl fmt::Display for Sign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Sign {
    type Err = UnknownName;

    /// Parses a snake_case name (`aries`..`pisces`), exactly as [`Sign::name`] writes it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|sign| sign.name() == s)
            .ok_or_else(|| UnknownName {
                kind: NameKind::Sign,
                got: s.to_owned(),
            })
    }
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the values compared are exact in binary; tolerances are named where they are not"
)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bound for results that go through a few roundings of numbers below 360: 1e-9° is about
    /// 4 micro-arcseconds, far below anything astrological, far above double rounding (~1e-13).
    const ROUNDING_DEG: f64 = 1e-9;

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).expect("finite test longitude")
    }

    #[test]
    fn normalises_into_range() {
        assert_eq!(lon(0.0).degrees(), 0.0);
        assert_eq!(lon(360.0).degrees(), 0.0);
        assert_eq!(lon(-360.0).degrees(), 0.0);
        assert_eq!(lon(-90.0).degrees(), 270.0);
        assert_eq!(lon(725.0).degrees(), 5.0);
        assert!(lon(-0.0).degrees().is_sign_positive());
    }

    #[test]
    fn tiny_negative_longitude_is_zero_not_360() {
        // -1e-15 + 360 rounds to exactly 360 in f64: that must come out as 0.
        assert_eq!((-1e-15_f64).rem_euclid(360.0), 360.0);
        assert_eq!(lon(-1e-15).degrees(), 0.0);
        assert_eq!(lon(-1e-300).degrees(), 0.0);
        let s = SignedAngle::new(-360.0 - 1e-14).expect("finite");
        assert_eq!(s.degrees(), 0.0);
    }

    #[test]
    fn non_finite_is_an_error() {
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert!(matches!(
                Longitude::new(bad),
                Err(AngleError::NotFinite {
                    what: "longitude",
                    ..
                })
            ));
            assert!(SignedAngle::new(bad).is_err());
        }
        assert_eq!(
            Longitude::new(f64::NAN).unwrap_err().to_string(),
            "longitude must be a finite number of degrees (got NaN)"
        );
    }

    #[test]
    fn signed_angle_range_is_half_open() {
        assert_eq!(SignedAngle::new(180.0).unwrap().degrees(), -180.0);
        assert_eq!(SignedAngle::new(-180.0).unwrap().degrees(), -180.0);
        assert_eq!(SignedAngle::new(179.5).unwrap().degrees(), 179.5);
        assert_eq!(SignedAngle::new(540.0).unwrap().degrees(), -180.0);
        assert_eq!(SignedAngle::new(-190.0).unwrap().degrees(), 170.0);
    }

    #[test]
    fn arcs_across_the_seam() {
        assert_eq!(shortest_arc(lon(359.5), lon(0.5)).degrees(), 1.0);
        assert_eq!(separation(lon(359.5), lon(0.5)), 1.0);
        assert_eq!(separation(lon(10.0), lon(190.0)), 180.0);
        assert_eq!(separation(lon(190.0), lon(10.0)), 180.0);
        assert_eq!(separation(lon(350.0), lon(170.5)), 179.5);
    }

    #[test]
    fn mirrors() {
        assert_eq!(antiscion(lon(0.0)).degrees(), 180.0);
        assert_eq!(antiscion(lon(90.0)).degrees(), 90.0);
        assert_eq!(antiscion(lon(100.0)).degrees(), 80.0);
        assert_eq!(antiscion(lon(200.0)).degrees(), 340.0);
        assert_eq!(contra_antiscion(lon(0.0)).degrees(), 0.0);
        assert_eq!(contra_antiscion(lon(10.0)).degrees(), 350.0);
        assert_eq!(contra_antiscion(lon(180.0)).degrees(), 180.0);
    }

    #[test]
    fn midpoints() {
        assert_eq!(midpoint(lon(10.0), lon(50.0)).degrees(), 30.0);
        assert_eq!(midpoint(lon(350.0), lon(20.0)).degrees(), 5.0);
        assert_eq!(midpoint(lon(20.0), lon(350.0)).degrees(), 5.0);
        assert_eq!(midpoint(lon(10.0), lon(190.0)).degrees(), 100.0);
        assert_eq!(midpoint(lon(190.0), lon(10.0)).degrees(), 100.0);
        assert_eq!(midpoint(lon(0.0), lon(180.0)).degrees(), 90.0);
        assert_eq!(midpoint(lon(270.0), lon(90.0)).degrees(), 180.0);
        assert_eq!(midpoint(lon(42.0), lon(42.0)).degrees(), 42.0);
    }

    #[test]
    fn signs_and_degrees() {
        assert_eq!(Sign::of(lon(0.0)), Sign::Aries);
        assert_eq!(Sign::of(lon(29.999_999)), Sign::Aries);
        assert_eq!(Sign::of(lon(30.0)), Sign::Taurus);
        assert_eq!(Sign::of(lon(359.999_999_999)), Sign::Pisces);
        assert_eq!(Sign::of(lon(-1e-15)), Sign::Aries);
        // The largest double below 30: its sign must still be Aries, its degree below 30.
        let just_below = lon(30.0_f64.next_down());
        assert_eq!(just_below.sign(), Sign::Aries);
        assert!(just_below.degree_in_sign() < 30.0);
        assert_eq!(lon(255.5).degree_in_sign(), 15.5);
        for (i, sign) in Sign::ALL.into_iter().enumerate() {
            assert_eq!(sign.index(), i);
            assert_eq!(Sign::of(sign.start()), sign);
            assert_eq!(sign.name().parse::<Sign>(), Ok(sign));
        }
    }

    #[test]
    fn unknown_sign_lists_names() {
        let err = "Aries".parse::<Sign>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown sign `Aries`; accepted names: aries, taurus, gemini, cancer, leo, virgo, \
             libra, scorpio, sagittarius, capricorn, aquarius, pisces"
        );
    }

    /// Any finite angle, weighted towards the awkward places: near 0/360 and ±180, tiny, huge.
    fn any_angle() -> impl Strategy<Value = f64> {
        prop_oneof![
            -1e6..1e6_f64,
            0.0..360.0_f64,
            -1e-12..1e-12_f64,
            (-1e-9..1e-9_f64).prop_map(|d| 360.0 + d),
            (-1e-9..1e-9_f64).prop_map(|d| 180.0 + d),
            (-1e-9..1e-9_f64).prop_map(|d| -180.0 + d),
            -1e15..1e15_f64,
            Just(-0.0),
            Just(180.0),
            Just(-180.0),
        ]
    }

    fn any_lon() -> impl Strategy<Value = Longitude> {
        any_angle().prop_map(lon)
    }

    proptest! {
        #[test]
        fn longitude_in_range_and_idempotent(x in any_angle()) {
            let once = lon(x).degrees();
            prop_assert!((0.0..360.0).contains(&once), "{x} -> {once}");
            prop_assert_eq!(lon(once).degrees(), once);
        }

        #[test]
        fn signed_angle_in_range_and_idempotent(x in any_angle()) {
            let once = SignedAngle::new(x).unwrap().degrees();
            prop_assert!((-180.0..180.0).contains(&once), "{x} -> {once}");
            prop_assert_eq!(SignedAngle::new(once).unwrap().degrees(), once);
        }

        #[test]
        fn antiscion_twice_is_identity(a in any_lon()) {
            prop_assert!(separation(antiscion(antiscion(a)), a) <= ROUNDING_DEG);
            prop_assert!(separation(contra_antiscion(contra_antiscion(a)), a) <= ROUNDING_DEG);
        }

        #[test]
        fn antiscion_is_a_mirror(a in any_lon()) {
            // The axis 0° Cancer (90°) lies halfway between a point and its antiscion.
            let m = antiscion(a);
            let d1 = shortest_arc(lon(90.0), a).degrees();
            let d2 = shortest_arc(lon(90.0), m).degrees();
            prop_assert!(separation(lon(d1), lon(-d2)) <= ROUNDING_DEG);
        }

        #[test]
        fn midpoint_is_symmetric_and_halfway(a in any_lon(), b in any_lon()) {
            let m = midpoint(a, b);
            prop_assert_eq!(m, midpoint(b, a));
            let half = separation(a, b) / 2.0;
            prop_assert!((separation(m, a) - half).abs() <= ROUNDING_DEG);
            prop_assert!((separation(m, b) - half).abs() <= ROUNDING_DEG);
        }

        #[test]
        fn separation_symmetric_and_bounded(a in any_lon(), b in any_lon()) {
            let s = separation(a, b);
            prop_assert_eq!(s, separation(b, a));
            prop_assert!((0.0..=180.0).contains(&s));
            prop_assert_eq!(separation(a, a), 0.0);
        }

        #[test]
        fn shortest_arc_is_antisymmetric(a in any_lon(), b in any_lon()) {
            let ab = shortest_arc(a, b).degrees();
            let ba = shortest_arc(b, a).degrees();
            if ab == -180.0 {
                prop_assert_eq!(ba, -180.0);
            } else {
                prop_assert_eq!(ab, -ba);
            }
            // Moving `a` by the arc lands on `b`.
            prop_assert!(separation(a + shortest_arc(a, b), b) <= ROUNDING_DEG);
        }

        #[test]
        fn sign_and_degree_rebuild_the_longitude(a in any_lon()) {
            let d = a.degree_in_sign();
            prop_assert!((0.0..30.0).contains(&d));
            prop_assert_eq!(a.sign().start().degrees() + d, a.degrees());
        }
    }
}
