//! Parallels and contra-parallels: aspects of declination.
//!
//! For two points with declinations `d1` (first) and `d2` (second), north positive:
//!
//! * **parallel** when `|d1 − d2|` is at most the orb: the same distance from the equator on
//!   the same side;
//! * **contra-parallel** when `|d1 + d2|` is at most the orb: the same distance on opposite
//!   sides.
//!
//! Near the equator a pair can be both; the closer one is reported (a tie goes to the
//! parallel), as the closest longitude aspect is. The orb is one number for every pair (1° by
//! default, the usual convention: Solar Fire, Astrolog, Stellium), and `strength`,
//! `orb_percent`, `applying` and `exact_in_days` mean what they mean for longitude aspects
//! ([`crate::aspects`]), with the gap `g = d2 − d1` (parallel) or the sum `s = d1 + d2`
//! (contra-parallel) in place of the distance to the exact angle: applying when `|g|` (or
//! `|s|`) shrinks at the current declination speeds, exact in `−g / g′` days.

use std::cmp::Ordering;

use super::find::{STATIONARY_RELATIVE_SPEED_DEG_PER_DAY, catalogue_order};
use super::orbs::Orb;
use crate::equatorial::DeclinationOf;
use crate::error::AspectError;

/// The two aspects of declination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeclinationAspect {
    /// Equal declinations on the same side of the equator.
    Parallel,
    /// Equal declinations on opposite sides.
    Contraparallel,
}

impl DeclinationAspect {
    /// Both, in catalogue order.
    pub const ALL: [Self; 2] = [Self::Parallel, Self::Contraparallel];

    /// `parallel` or `contraparallel`, as the API spells them.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Parallel => "parallel",
            Self::Contraparallel => "contraparallel",
        }
    }

    /// How far from exact, signed: the gap `d2 − d1` or the sum `d1 + d2`.
    fn offset(self, first_deg: f64, second_deg: f64) -> f64 {
        match self {
            Self::Parallel => second_deg - first_deg,
            Self::Contraparallel => first_deg + second_deg,
        }
    }

    /// The rate of change of [`DeclinationAspect::offset`].
    fn offset_rate(self, first_speed: f64, second_speed: f64) -> f64 {
        match self {
            Self::Parallel => second_speed - first_speed,
            Self::Contraparallel => first_speed + second_speed,
        }
    }
}

/// A point's declination with its daily motion, when known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Declination {
    pub deg: f64,
    pub speed_deg_per_day: Option<f64>,
}

impl Declination {
    /// A declination in `[-90, 90]` with an optional finite speed.
    ///
    /// # Errors
    /// [`AspectError::DeclinationOutOfRange`] for a declination outside `[-90, 90]` or not
    /// finite, [`AspectError::SpeedNotFinite`] for a speed that is not finite.
    pub fn new(point: &str, deg: f64, speed_deg_per_day: Option<f64>) -> Result<Self, AspectError> {
        if !(deg.is_finite() && (-90.0..=90.0).contains(&deg)) {
            return Err(AspectError::DeclinationOutOfRange {
                point: point.to_owned(),
                value: deg,
            });
        }
        if let Some(value) = speed_deg_per_day.filter(|v| !v.is_finite()) {
            return Err(AspectError::SpeedNotFinite {
                point: point.to_owned(),
                value,
            });
        }
        Ok(Self {
            deg,
            speed_deg_per_day,
        })
    }
}

/// The default orb of parallels and contra-parallels, degrees of declination.
pub const DEFAULT_PARALLEL_ORB_DEG: f64 = 1.0;

/// Which aspects of declination to look for, and their orb.
#[derive(Debug, Clone, PartialEq)]
pub struct ParallelConfig {
    aspects: Vec<DeclinationAspect>,
    orb: Orb,
    declination_of: DeclinationOf,
}

impl ParallelConfig {
    /// A configuration; the aspects deduplicated, in catalogue order.
    ///
    /// # Errors
    /// [`AspectError::NoAspects`] when `aspects` is empty.
    pub fn new(
        aspects: impl IntoIterator<Item = DeclinationAspect>,
        orb: Orb,
    ) -> Result<Self, AspectError> {
        Ok(Self {
            aspects: catalogue_order(aspects)?,
            orb,
            declination_of: DeclinationOf::Body,
        })
    }

    /// The configuration comparing the declinations of `of` (the bodies' own by default).
    #[must_use]
    pub fn with_declination_of(mut self, of: DeclinationOf) -> Self {
        self.declination_of = of;
        self
    }

    #[must_use]
    pub fn declination_of(&self) -> DeclinationOf {
        self.declination_of
    }

    #[must_use]
    pub fn aspects(&self) -> &[DeclinationAspect] {
        &self.aspects
    }

    #[must_use]
    pub fn orb(&self) -> Orb {
        self.orb
    }
}

/// A parallel or contra-parallel found between two points.
#[derive(Debug, Clone, PartialEq)]
pub struct ParallelHit {
    pub first: String,
    pub second: String,
    pub aspect: DeclinationAspect,
    pub first_declination_deg: f64,
    pub second_declination_deg: f64,
    /// `|d1 − d2|` (parallel) or `|d1 + d2|` (contra-parallel), degrees.
    pub orb_deg: f64,
    pub allowed_orb_deg: f64,
    /// `orb_deg / allowed_orb_deg × 100`.
    pub orb_percent: f64,
    /// `1 − orb_deg / allowed_orb_deg`.
    pub strength: f64,
    /// Whether the orb shrinks at the current declination speeds; `None` when a speed is
    /// unknown or the orb barely changes (rate below
    /// [`STATIONARY_RELATIVE_SPEED_DEG_PER_DAY`]).
    pub applying: Option<bool>,
    /// Days until exact at the current speeds (negative: since exact); `None` with `applying`.
    pub exact_in_days: Option<f64>,
}

/// The closest aspect of declination between two points within the orb, if any.
#[must_use]
pub fn parallel_between(
    (first_name, first): (&str, Declination),
    (second_name, second): (&str, Declination),
    config: &ParallelConfig,
) -> Option<ParallelHit> {
    let allowed_deg = config.orb.degrees();
    let (aspect, offset_deg) = config
        .aspects
        .iter()
        .map(|&aspect| (aspect, aspect.offset(first.deg, second.deg)))
        .filter(|(_, offset)| offset.abs() <= allowed_deg)
        .min_by(|a, b| a.1.abs().total_cmp(&b.1.abs()).then(a.0.cmp(&b.0)))?;
    let orb_deg = offset_deg.abs();
    let rate = match (first.speed_deg_per_day, second.speed_deg_per_day) {
        (Some(v1), Some(v2)) => Some(aspect.offset_rate(v1, v2)),
        _ => None,
    }
    .filter(|rate| rate.abs() >= STATIONARY_RELATIVE_SPEED_DEG_PER_DAY);
    // A zero orb only grows: separating, as for longitude aspects.
    let applying = rate.map(|rate| offset_deg * rate < 0.0);
    // `+ 0.0` turns the -0 of an exact aspect into 0.
    let exact_in_days = rate.map(|rate| -offset_deg / rate + 0.0);
    // An orb is positive (`Orb::new`).
    let ratio = orb_deg / allowed_deg;
    Some(ParallelHit {
        first: first_name.to_owned(),
        second: second_name.to_owned(),
        aspect,
        first_declination_deg: first.deg,
        second_declination_deg: second.deg,
        orb_deg,
        allowed_orb_deg: allowed_deg,
        orb_percent: ratio * 100.0,
        strength: 1.0 - ratio,
        applying,
        exact_in_days,
    })
}

/// Every pair of one list (in list order, the earlier point first), sorted as longitude
/// aspects are: by orb, then names, then catalogue order.
#[must_use]
pub fn parallels_within(
    points: &[(&str, Declination)],
    config: &ParallelConfig,
) -> Vec<ParallelHit> {
    let mut hits: Vec<ParallelHit> = points
        .iter()
        .enumerate()
        .flat_map(|(i, &first)| {
            points[i + 1..]
                .iter()
                .filter_map(move |&second| parallel_between(first, second, config))
        })
        .collect();
    hits.sort_by(compare);
    hits
}

/// Each point of `list_a` with each of `list_b`.
#[must_use]
pub fn parallels_cross(
    list_a: &[(&str, Declination)],
    list_b: &[(&str, Declination)],
    config: &ParallelConfig,
) -> Vec<ParallelHit> {
    let mut hits: Vec<ParallelHit> = list_a
        .iter()
        .flat_map(|&first| {
            list_b
                .iter()
                .filter_map(move |&second| parallel_between(first, second, config))
        })
        .collect();
    hits.sort_by(compare);
    hits
}

fn compare(a: &ParallelHit, b: &ParallelHit) -> Ordering {
    a.orb_deg
        .total_cmp(&b.orb_deg)
        .then_with(|| a.first.cmp(&b.first))
        .then_with(|| a.second.cmp(&b.second))
        .then_with(|| a.aspect.cmp(&b.aspect))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(deg: f64, speed: f64) -> Declination {
        Declination::new("p", deg, Some(speed)).unwrap()
    }

    fn both(orb_deg: f64) -> ParallelConfig {
        ParallelConfig::new(DeclinationAspect::ALL, Orb::new(orb_deg).unwrap()).unwrap()
    }

    #[test]
    fn same_side_is_parallel_opposite_sides_contraparallel() {
        let hit = parallel_between(("a", dec(20.0, 0.0)), ("b", dec(20.6, 0.0)), &both(1.0));
        let hit = hit.unwrap();
        assert_eq!(hit.aspect, DeclinationAspect::Parallel);
        assert!((hit.orb_deg - 0.6).abs() < 1e-12);
        let hit = parallel_between(("a", dec(20.0, 0.0)), ("b", dec(-19.5, 0.0)), &both(1.0));
        assert_eq!(hit.unwrap().aspect, DeclinationAspect::Contraparallel);
        assert!(
            parallel_between(("a", dec(20.0, 0.0)), ("b", dec(21.5, 0.0)), &both(1.0)).is_none()
        );
    }

    #[test]
    fn near_the_equator_the_closer_of_the_two_wins() {
        // Gap 0.7, sum 0.1: contra-parallel.
        let hit = parallel_between(("a", dec(0.3, 0.0)), ("b", dec(-0.4, 0.0)), &both(1.0));
        assert_eq!(hit.unwrap().aspect, DeclinationAspect::Contraparallel);
        // Only parallels asked for: the parallel.
        let only =
            ParallelConfig::new([DeclinationAspect::Parallel], Orb::new(1.0).unwrap()).unwrap();
        let hit = parallel_between(("a", dec(0.3, 0.0)), ("b", dec(-0.4, 0.0)), &only);
        assert_eq!(hit.unwrap().aspect, DeclinationAspect::Parallel);
    }

    #[test]
    fn applying_when_the_gap_closes() {
        // b below a and rising faster: the gap closes in 0.5 / 0.25 = 2 days.
        let hit =
            parallel_between(("a", dec(10.0, 0.05)), ("b", dec(9.5, 0.3)), &both(1.0)).unwrap();
        assert_eq!(hit.applying, Some(true));
        assert!((hit.exact_in_days.unwrap() - 2.0).abs() < 1e-12);
        // The sum 10 + (-9.8) = 0.2 grows when both rise: separating, exact 0.2/0.35 days ago.
        let hit =
            parallel_between(("a", dec(10.0, 0.05)), ("b", dec(-9.8, 0.3)), &both(1.0)).unwrap();
        assert_eq!(hit.aspect, DeclinationAspect::Contraparallel);
        assert_eq!(hit.applying, Some(false));
        assert!((hit.exact_in_days.unwrap() + 0.2 / 0.35).abs() < 1e-12);
    }

    #[test]
    fn an_unknown_speed_leaves_the_motion_unknown() {
        let first = Declination::new("a", 5.0, None).unwrap();
        let hit = parallel_between(("a", first), ("b", dec(5.2, 0.1)), &both(1.0)).unwrap();
        assert_eq!((hit.applying, hit.exact_in_days), (None, None));
    }

    #[test]
    fn a_declination_beyond_the_poles_is_refused() {
        assert!(Declination::new("a", 91.0, None).is_err());
        assert!(Declination::new("a", f64::NAN, None).is_err());
        assert!(Declination::new("a", 1.0, Some(f64::INFINITY)).is_err());
    }
}
