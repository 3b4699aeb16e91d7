//! Midpoints: every midpoint of a set of points, the points standing on them by an aspect of the
//! 8th harmonic, and each point's midpoint tree (the cosmobiology of Reinhold Ebertin, *The
//! Combination of Stellar Influences*).
//!
//! # Definitions
//!
//! For points `A` and `B` at longitudes `a` and `b`:
//!
//! * the **midpoint** `A/B` lies halfway along the **shorter arc** between them
//!   ([`crate::angle::midpoint`]). For exactly opposite points (180° apart) both arcs are equally
//!   short; the midpoint is then the one 90° ahead, in zodiacal order, of the point with the
//!   smaller longitude (`10°` and `190°` give `100°`, never `280°`). The choice only matters for
//!   a subset of aspect angles without both 0 and 180 (or 90 alone, or 45 without 135): with the
//!   default angles the other midpoint is found by the opposite aspect at the same orb;
//! * the **arc** of `A/B` is the separation of `A` and `B`, in `[0, 180]` degrees;
//! * a third point `P` **activates** `A/B` by the aspect of angle `θ` (one of
//!   [`MidpointAspect`]: 0, 45, 90, 135 or 180 degrees) when `|separation(P, A/B) − θ| ≤ orb`
//!   (the edge included); that difference is the **orb** found. A point never activates a
//!   midpoint it is part of (`A` does not activate `A/B`). The orb is capped at
//!   [`MidpointOrb::MAX_DEG`], below half the 45° spacing of the angles, so a point activates a
//!   midpoint by one aspect at most.
//!
//! # Order
//!
//! * the midpoints follow the points' order: `p0/p1, p0/p2, …, p1/p2, …` (`first` is the point
//!   earlier in the input);
//! * activations are sorted by orb (closest first), then by the point's place in the input,
//!   then by the midpoint's place in the list;
//! * the tree has one branch per point, in the points' order, each sorted by orb, then by the
//!   midpoint's place in the list. A point that activates nothing has an empty branch.

use orrery_ephem::{DateSpan, Ephemeris, HouseSystem, Observer, Zodiac};

use crate::angle::{Longitude, midpoint, separation};
use crate::aspects::Aspect;
use crate::body::{Body, CATALOG};
use crate::chart::{ChartError, Frame, position};
use crate::error::UnknownName;
use crate::techniques::progressions::Axis;
use crate::techniques::transits::NatalPoint;
use crate::time::JulianDayUt;

/// An aspect of the 8th harmonic: the angles a point may make to a midpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MidpointAspect {
    /// 0°.
    Conjunction,
    /// 45°.
    Semisquare,
    /// 90°.
    Square,
    /// 135°.
    Sesquiquadrate,
    /// 180°.
    Opposition,
}

/// An angle that is not a multiple of 45° in `[0, 180]`.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("must be one of 0, 45, 90, 135, 180 degrees (the 8th-harmonic aspects) (got {value})")]
pub struct MidpointAspectError {
    /// The angle as given.
    pub value: f64,
}

impl MidpointAspect {
    /// All five, by angle.
    pub const ALL: [Self; 5] = [
        Self::Conjunction,
        Self::Semisquare,
        Self::Square,
        Self::Sesquiquadrate,
        Self::Opposition,
    ];

    /// The aspect of the catalogue ([`Aspect`]) with this angle.
    #[must_use]
    pub fn aspect(self) -> Aspect {
        match self {
            Self::Conjunction => Aspect::Conjunction,
            Self::Semisquare => Aspect::Semisquare,
            Self::Square => Aspect::Square,
            Self::Sesquiquadrate => Aspect::Sesquiquadrate,
            Self::Opposition => Aspect::Opposition,
        }
    }

    /// The exact angle, degrees.
    #[must_use]
    pub fn angle_deg(self) -> f64 {
        self.aspect().angle_deg()
    }

    /// The aspect whose angle is exactly `deg`.
    ///
    /// # Errors
    /// [`MidpointAspectError`] for any other number.
    #[expect(
        clippy::float_cmp,
        reason = "the angles are exact small integers; nothing else is one of them"
    )]
    pub fn from_angle(deg: f64) -> Result<Self, MidpointAspectError> {
        Self::ALL
            .into_iter()
            .find(|a| a.angle_deg() == deg)
            .ok_or(MidpointAspectError { value: deg })
    }
}

/// The orb for activations, in degrees: `0..=5`, default 1.5.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct MidpointOrb(f64);

/// An orb outside `[MidpointOrb::MIN_DEG, MidpointOrb::MAX_DEG]`, or not a number. The message is
/// the rule and the value; the caller puts the field's name in front.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("must be between {min} and {max} degrees (got {value})", min = MidpointOrb::MIN_DEG, max = MidpointOrb::MAX_DEG)]
pub struct MidpointOrbError {
    /// The value as given.
    pub value: f64,
}

impl MidpointOrb {
    /// The smallest orb: 0 finds exact activations only.
    pub const MIN_DEG: f64 = 0.0;
    /// The largest orb. Ebertin works with 1.5° (up to 2° for the Sun and the Moon); 5° is far
    /// beyond any practice and still leaves a point one aspect per midpoint (the angles are 45°
    /// apart).
    pub const MAX_DEG: f64 = 5.0;
    /// The default orb (docs/CONVENTIONS.md).
    pub const DEFAULT: Self = Self(1.5);

    /// An orb in degrees.
    ///
    /// # Errors
    /// [`MidpointOrbError`] outside `[MIN_DEG, MAX_DEG]` or for NaN.
    pub fn new(deg: f64) -> Result<Self, MidpointOrbError> {
        if (Self::MIN_DEG..=Self::MAX_DEG).contains(&deg) {
            // `+ 0.0` turns a negative zero into +0.
            Ok(Self(deg + 0.0))
        } else {
            Err(MidpointOrbError { value: deg })
        }
    }

    /// The orb in degrees.
    #[must_use]
    pub fn degrees(self) -> f64 {
        self.0
    }
}

impl Default for MidpointOrb {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The midpoint of two points, by their indices in the input.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Midpoint {
    /// The point earlier in the input.
    pub first: usize,
    pub second: usize,
    pub lon: Longitude,
    /// The separation of the two points, `[0, 180]` degrees.
    pub arc_deg: f64,
}

/// A point standing on a midpoint by an aspect.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Activation {
    /// The activating point's index in the input.
    pub point: usize,
    /// The midpoint's index in the list of [`midpoints`].
    pub midpoint: usize,
    pub aspect: MidpointAspect,
    /// `|separation(point, midpoint) − angle|`, in `[0, orb]` degrees.
    pub orb_deg: f64,
}

/// Every midpoint of `points`, in the order of the module documentation.
#[must_use]
pub fn midpoints(points: &[NatalPoint]) -> Vec<Midpoint> {
    let mut out = Vec::with_capacity(points.len() * points.len().saturating_sub(1) / 2);
    for (i, a) in points.iter().enumerate() {
        for (j, b) in points.iter().enumerate().skip(i + 1) {
            out.push(Midpoint {
                first: i,
                second: j,
                lon: midpoint(a.lon, b.lon),
                arc_deg: separation(a.lon, b.lon),
            });
        }
    }
    out
}

/// The aspect among `aspects` by which a point at `lon` stands on a midpoint at `mid` within
/// `orb`, with the orb found; the closest when two qualify (only possible for orbs near 22.5°).
#[must_use]
pub fn aspect_to_midpoint(
    lon: Longitude,
    mid: Longitude,
    aspects: &[MidpointAspect],
    orb: MidpointOrb,
) -> Option<(MidpointAspect, f64)> {
    let distance = separation(lon, mid);
    aspects
        .iter()
        .map(|&a| (a, (distance - a.angle_deg()).abs()))
        .filter(|&(_, found)| found <= orb.degrees())
        .min_by(|x, y| x.1.total_cmp(&y.1))
}

/// Every activation of `list` (the [`midpoints`] of `points`) by a third point, sorted as the
/// module documentation says.
#[must_use]
pub fn activations(
    points: &[NatalPoint],
    list: &[Midpoint],
    aspects: &[MidpointAspect],
    orb: MidpointOrb,
) -> Vec<Activation> {
    let mut out = Vec::new();
    for (m, mid) in list.iter().enumerate() {
        for (p, point) in points.iter().enumerate() {
            if p == mid.first || p == mid.second {
                continue;
            }
            if let Some((aspect, orb_deg)) = aspect_to_midpoint(point.lon, mid.lon, aspects, orb) {
                out.push(Activation {
                    point: p,
                    midpoint: m,
                    aspect,
                    orb_deg,
                });
            }
        }
    }
    out.sort_by(|x, y| {
        x.orb_deg
            .total_cmp(&y.orb_deg)
            .then(x.point.cmp(&y.point))
            .then(x.midpoint.cmp(&y.midpoint))
    });
    out
}

/// The midpoint tree: for each point (by index), the activations it makes, closest first. Built
/// from the output of [`activations`], whose order it keeps within a branch.
#[must_use]
pub fn tree(point_count: usize, activations: &[Activation]) -> Vec<Vec<Activation>> {
    let mut branches = vec![Vec::new(); point_count];
    for a in activations {
        if let Some(branch) = branches.get_mut(a.point) {
            branch.push(*a);
        }
    }
    branches
}

/// The natal bodies of a birth's midpoints unless others are named (the angles follow them).
pub const DEFAULT_NATAL_BODIES: [Body; 12] = Body::CORE_POINTS;

/// A point of a natal chart: a body or an angle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartPoint {
    Body(Body),
    Axis(Axis),
}

impl ChartPoint {
    /// An angle's name (`ascendant`, `mc`) or a body's.
    ///
    /// # Errors
    /// [`UnknownName`] (of a body) for anything else.
    pub fn parse(name: &str) -> Result<Self, UnknownName> {
        match Axis::parse(name) {
            Some(axis) => Ok(Self::Axis(axis)),
            None => Body::parse(name).map(Self::Body),
        }
    }

    /// [`DEFAULT_NATAL_BODIES`], then the angles.
    #[must_use]
    pub fn defaults() -> Vec<Self> {
        let mut points: Vec<Self> = DEFAULT_NATAL_BODIES.into_iter().map(Self::Body).collect();
        points.extend(Axis::ALL.into_iter().map(Self::Axis));
        points
    }
}

/// Sorts given points: bodies in catalogue order, then the angles, then other names
/// alphabetically.
pub fn sort_given_points(points: &mut [NatalPoint]) {
    points.sort_by(|a, b| point_rank(&a.name).cmp(&point_rank(&b.name)));
}

fn point_rank(name: &str) -> (usize, &str) {
    let rank = CATALOG
        .iter()
        .position(|e| e.name == name)
        .or_else(|| {
            Axis::parse(name)
                .map(|a| CATALOG.len() + Axis::ALL.iter().position(|x| *x == a).unwrap_or(0))
        })
        .unwrap_or(CATALOG.len() + Axis::ALL.len());
    (rank, name)
}

/// Where the points of [`midpoint_report`] come from.
#[derive(Debug, Clone, Copy)]
pub enum MidpointSource<'a> {
    /// A birth and the points to compute there; with `default` (the points were not named),
    /// Chiron without data is left out rather than an error.
    Birth {
        jd: JulianDayUt,
        place: Observer,
        points: &'a [ChartPoint],
        default: bool,
    },
    /// Longitudes as given, in the answer's order.
    Positions(&'a [NatalPoint]),
}

/// The question of `POST /v1/midpoints`.
#[derive(Debug, Clone, Copy)]
pub struct MidpointsQuery<'a> {
    pub source: MidpointSource<'a>,
    pub aspects: &'a [MidpointAspect],
    pub orb: MidpointOrb,
    /// Whether to build each point's [`tree`].
    pub tree: bool,
}

/// A point left out of a birth's default points for want of data.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LeftOut {
    pub body: Body,
    /// The dates the body has data for; `None` when it has none.
    pub valid: Option<DateSpan>,
}

/// The answer to a [`MidpointsQuery`].
#[derive(Debug, Clone, PartialEq)]
pub struct MidpointsReport {
    /// The points, in the order every index below refers to.
    pub points: Vec<NatalPoint>,
    pub left_out: Vec<LeftOut>,
    pub midpoints: Vec<Midpoint>,
    pub activations: Vec<Activation>,
    /// With [`MidpointsQuery::tree`]: each point's activations.
    pub tree: Option<Vec<Vec<Activation>>>,
}

/// Why a [`MidpointsQuery`] has no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MidpointsError {
    /// A body without data at the birth, or the library's errors.
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// An angle the houses do not define at the birth place (at a pole).
    #[error("the {} is undefined at latitude {lat_deg} (got {value})", axis.name())]
    AngleUndefined {
        axis: Axis,
        lat_deg: f64,
        value: f64,
    },
}

/// The points of `query` (computed from a birth, or as given), their midpoints, the points
/// standing on them and, if asked, each point's tree.
///
/// # Errors
/// [`MidpointsError`] for a birth whose points cannot be computed.
pub fn midpoint_report(
    eph: &Ephemeris,
    query: &MidpointsQuery<'_>,
) -> Result<MidpointsReport, MidpointsError> {
    let mut left_out = Vec::new();
    let points = match query.source {
        MidpointSource::Positions(points) => points.to_vec(),
        MidpointSource::Birth {
            jd,
            place,
            points,
            default,
        } => natal_points(eph, jd, place, points, default, &mut left_out)?,
    };
    let list = midpoints(&points);
    let found = activations(&points, &list, query.aspects, query.orb);
    let tree = query.tree.then(|| tree(points.len(), &found));
    Ok(MidpointsReport {
        points,
        left_out,
        midpoints: list,
        activations: found,
        tree,
    })
}

/// The natal points: each body's geocentric tropical apparent longitude, the angles from equal
/// houses (the angles do not depend on the system, and equal houses exist everywhere). With the
/// default points, Chiron without data is left out.
fn natal_points(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: Observer,
    wanted: &[ChartPoint],
    default: bool,
    left_out: &mut Vec<LeftOut>,
) -> Result<Vec<NatalPoint>, MidpointsError> {
    let frame = Frame::GEOCENTRIC_TROPICAL;
    let mut houses = None;
    let mut points = Vec::with_capacity(wanted.len());
    for point in wanted {
        match *point {
            ChartPoint::Body(body) => match position(eph, jd, body, &frame) {
                Ok(p) => points.push(NatalPoint::new(body.name(), p.lon)),
                Err(ChartError::NoData { valid, .. }) if default && body == Body::Chiron => {
                    left_out.push(LeftOut { body, valid });
                }
                Err(error) => return Err(error.into()),
            },
            ChartPoint::Axis(axis) => {
                let h = match &houses {
                    Some(h) => h,
                    None => houses.insert(
                        eph.houses(
                            jd,
                            place.lat_deg,
                            place.lon_deg,
                            HouseSystem::EQUAL,
                            Zodiac::Tropical,
                        )
                        .map_err(ChartError::from)?,
                    ),
                };
                let lon_deg = match axis {
                    Axis::Ascendant => h.angles.ascendant.lon_deg,
                    Axis::Mc => h.angles.mc.lon_deg,
                };
                let lon = Longitude::new(lon_deg).map_err(|_| MidpointsError::AngleUndefined {
                    axis,
                    lat_deg: place.lat_deg,
                    value: lon_deg,
                })?;
                points.push(NatalPoint::new(axis.name(), lon));
            }
        }
    }
    Ok(points)
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
    use crate::angle::shortest_arc;

    /// The rounding of one subtraction and one halving of numbers below 360.
    const ROUNDING_DEG: f64 = 1e-12;

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).unwrap()
    }

    fn point(name: &str, deg: f64) -> NatalPoint {
        NatalPoint::new(name, lon(deg))
    }

    #[test]
    fn seam_and_opposition() {
        let points = [point("a", 350.0), point("b", 20.0), point("c", 190.0)];
        let list = midpoints(&points);
        let lons: Vec<f64> = list.iter().map(|m| m.lon.degrees()).collect();
        // a/b across the seam; a/c 160° apart; b/c exactly opposite: 90° ahead of b (20°).
        assert_eq!(lons, [5.0, 270.0, 105.0]);
        assert_eq!(list[2].arc_deg, 170.0);
        let exact = midpoints(&[point("x", 190.0), point("y", 10.0)]);
        assert_eq!(exact[0].lon.degrees(), 100.0);
        assert_eq!(exact[0].arc_deg, 180.0);
    }

    #[test]
    fn activation_rules() {
        // sun/moon at 10°; mars at 55.5° makes a semisquare 0.5° off; the sun itself is never
        // counted; venus at 100° makes a square exactly; jupiter at 191.6° is 1.6° off the
        // opposition (outside 1.5).
        let points = [
            point("sun", 0.0),
            point("moon", 20.0),
            point("mars", 55.5),
            point("venus", 100.0),
            point("jupiter", 191.6),
        ];
        let list = midpoints(&points);
        let found = activations(&points, &list, &MidpointAspect::ALL, MidpointOrb::DEFAULT);
        let sun_moon: Vec<_> = found.iter().filter(|a| a.midpoint == 0).collect();
        assert_eq!(sun_moon.len(), 2, "{found:?}");
        assert_eq!(
            (sun_moon[0].point, sun_moon[0].aspect, sun_moon[0].orb_deg),
            (3, MidpointAspect::Square, 0.0)
        );
        assert_eq!(
            (sun_moon[1].point, sun_moon[1].aspect, sun_moon[1].orb_deg),
            (2, MidpointAspect::Semisquare, 0.5)
        );
        assert!(found.iter().all(|a| {
            let m = list[a.midpoint];
            a.point != m.first && a.point != m.second
        }));
        assert!(found.windows(2).all(|w| w[0].orb_deg <= w[1].orb_deg));
        // Only the conjunction asked for: no squares.
        let conj = activations(
            &points,
            &list,
            &[MidpointAspect::Conjunction],
            MidpointOrb::DEFAULT,
        );
        assert!(conj.iter().all(|a| a.aspect == MidpointAspect::Conjunction));
        let branches = tree(points.len(), &found);
        assert_eq!(branches.len(), 5);
        assert_eq!(branches.iter().map(Vec::len).sum::<usize>(), found.len());
    }

    #[test]
    fn orb_and_angle_rules() {
        assert!(MidpointOrb::new(5.0).is_ok());
        assert_eq!(
            MidpointOrb::new(5.5).unwrap_err().to_string(),
            "must be between 0 and 5 degrees (got 5.5)"
        );
        assert!(MidpointOrb::new(f64::NAN).is_err());
        assert_eq!(
            MidpointAspect::from_angle(135.0),
            Ok(MidpointAspect::Sesquiquadrate)
        );
        assert!(MidpointAspect::from_angle(60.0).is_err());
    }

    fn any_lon() -> impl Strategy<Value = Longitude> {
        prop_oneof![
            0.0..360.0_f64,
            (-1e-9..1e-9_f64).prop_map(|d| 360.0 + d),
            Just(0.0),
            Just(180.0),
        ]
        .prop_map(lon)
    }

    proptest! {
        #[test]
        fn a_midpoint_is_symmetric(a in any_lon(), b in any_lon()) {
            let ab = midpoints(&[NatalPoint::new("a", a), NatalPoint::new("b", b)]);
            let ba = midpoints(&[NatalPoint::new("b", b), NatalPoint::new("a", a)]);
            prop_assert_eq!(ab[0].lon, ba[0].lon);
            prop_assert_eq!(ab[0].arc_deg, ba[0].arc_deg);
        }

        #[test]
        fn a_midpoint_is_equidistant_on_the_shorter_arc(a in any_lon(), b in any_lon()) {
            let m = midpoints(&[NatalPoint::new("a", a), NatalPoint::new("b", b)])[0];
            let half = m.arc_deg / 2.0;
            prop_assert!((separation(m.lon, a) - half).abs() <= ROUNDING_DEG);
            prop_assert!((separation(m.lon, b) - half).abs() <= ROUNDING_DEG);
            // On the shorter arc: a and b lie on either side of the midpoint (unless they
            // coincide), each at most 90° away.
            prop_assert!(half <= 90.0);
            let da = shortest_arc(m.lon, a).degrees();
            let db = shortest_arc(m.lon, b).degrees();
            if m.arc_deg > 1e-9 && m.arc_deg < 180.0 {
                prop_assert!(da * db < 0.0, "{} {} {}", a, b, m.lon);
            }
        }

        #[test]
        fn an_activation_is_within_the_orb(
            p in any_lon(), a in any_lon(), b in any_lon(), orb_deg in 0.0..=5.0_f64,
        ) {
            let points = [
                NatalPoint::new("a", a),
                NatalPoint::new("b", b),
                NatalPoint::new("p", p),
            ];
            let list = midpoints(&points);
            let orb = MidpointOrb::new(orb_deg).unwrap();
            for act in activations(&points, &list, &MidpointAspect::ALL, orb) {
                let m = list[act.midpoint];
                prop_assert!(act.orb_deg <= orb_deg);
                prop_assert!(act.point != m.first && act.point != m.second);
                let d = separation(points[act.point].lon, m.lon);
                prop_assert!(((d - act.aspect.angle_deg()).abs() - act.orb_deg).abs() <= ROUNDING_DEG);
            }
        }
    }
}
