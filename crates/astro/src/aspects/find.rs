//! Finding aspects between points: which aspect, how close, applying or separating, when exact.
//!
//! The definitions are in the documentation of [`crate::aspects`].

use std::cmp::Ordering;

use super::catalog::Aspect;
use super::orbs::OrbSpec;
use super::parallels::{
    Declination, ParallelConfig, ParallelHit, parallels_cross, parallels_within,
};
use crate::angle::{Longitude, shortest_arc, wrap_180};
use crate::equatorial::DeclinationOf;
use crate::error::AspectError;

/// Below this relative speed (degrees per day, absolute) two points count as moving together:
/// `applying` and `exact_in_days` are then `None`. At 1e-6 °/day closing a 1° orb would take about
/// 2,700 years, so any answer would be noise from the speeds' last digits.
pub const STATIONARY_RELATIVE_SPEED_DEG_PER_DAY: f64 = 1e-6;

/// A point to look for aspects with: a name, a longitude and, when known, its longitude speed.
#[derive(Debug, Clone, PartialEq)]
pub struct AspectPoint {
    name: String,
    lon: Longitude,
    speed_deg_per_day: Option<f64>,
    declination: Option<PointDeclination>,
}

/// A point's declination in both forms ([`DeclinationOf`]).
#[derive(Debug, Clone, Copy, PartialEq)]
struct PointDeclination {
    body: Declination,
    ecliptic_degree: Declination,
}

impl AspectPoint {
    /// A point; a negative speed is retrograde motion.
    ///
    /// # Errors
    /// [`AspectError::SpeedNotFinite`] when the speed is NaN or infinite.
    pub fn new(
        name: impl Into<String>,
        lon: Longitude,
        speed_deg_per_day: Option<f64>,
    ) -> Result<Self, AspectError> {
        let name = name.into();
        match speed_deg_per_day {
            Some(value) if !value.is_finite() => {
                Err(AspectError::SpeedNotFinite { point: name, value })
            }
            _ => Ok(Self {
                name,
                lon,
                speed_deg_per_day,
                declination: None,
            }),
        }
    }

    /// The point's name, e.g. `sun`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its ecliptic longitude.
    #[must_use]
    pub fn lon(&self) -> Longitude {
        self.lon
    }

    /// Its longitude speed in degrees per day, when known.
    #[must_use]
    pub fn speed_deg_per_day(&self) -> Option<f64> {
        self.speed_deg_per_day
    }

    /// The point with its declination, for parallels and contra-parallels (one value for
    /// both forms of [`DeclinationOf`]: a point given as a number, or without latitude).
    #[must_use]
    pub fn with_declination(self, declination: Declination) -> Self {
        self.with_declinations(declination, declination)
    }

    /// The point with the declination of its body and of its ecliptic degree.
    #[must_use]
    pub fn with_declinations(mut self, body: Declination, ecliptic_degree: Declination) -> Self {
        self.declination = Some(PointDeclination {
            body,
            ecliptic_degree,
        });
        self
    }

    /// Its declination in the form `of`, when known.
    #[must_use]
    pub fn declination(&self, of: DeclinationOf) -> Option<Declination> {
        self.declination.map(|d| match of {
            DeclinationOf::Body => d.body,
            DeclinationOf::EclipticDegree => d.ecliptic_degree,
        })
    }
}

/// Which aspects to look for and with which orbs.
#[derive(Debug, Clone, PartialEq)]
pub struct AspectConfig {
    aspects: Vec<Aspect>,
    orbs: OrbSpec,
    parallels: Option<ParallelConfig>,
}

impl AspectConfig {
    /// A configuration; the aspects are deduplicated and kept in catalogue order.
    ///
    /// # Errors
    /// [`AspectError::NoAspects`] when `aspects` is empty.
    pub fn new(
        aspects: impl IntoIterator<Item = Aspect>,
        orbs: OrbSpec,
    ) -> Result<Self, AspectError> {
        Ok(Self {
            aspects: catalogue_order(aspects)?,
            orbs,
            parallels: None,
        })
    }

    /// The configuration that also looks for parallels and contra-parallels among the points
    /// with a declination.
    #[must_use]
    pub fn with_parallels(mut self, parallels: ParallelConfig) -> Self {
        self.parallels = Some(parallels);
        self
    }

    /// The aspects of declination looked for; `None`: none.
    #[must_use]
    pub fn parallels(&self) -> Option<&ParallelConfig> {
        self.parallels.as_ref()
    }

    /// The aspects looked for, in catalogue order.
    #[must_use]
    pub fn aspects(&self) -> &[Aspect] {
        &self.aspects
    }

    /// The orbs.
    #[must_use]
    pub fn orbs(&self) -> &OrbSpec {
        &self.orbs
    }
}

/// A selection of aspects deduplicated, in catalogue order.
///
/// # Errors
/// [`AspectError::NoAspects`] when it is empty.
pub(super) fn catalogue_order<T: Ord>(
    aspects: impl IntoIterator<Item = T>,
) -> Result<Vec<T>, AspectError> {
    let mut aspects: Vec<T> = aspects.into_iter().collect();
    aspects.sort_unstable();
    aspects.dedup();
    if aspects.is_empty() {
        return Err(AspectError::NoAspects);
    }
    Ok(aspects)
}

/// One aspect found between two points.
#[derive(Debug, Clone, PartialEq)]
pub struct AspectHit {
    /// The first point's name (from the first list in cross mode; the earlier one within a list).
    pub first: String,
    /// The second point's name.
    pub second: String,
    /// The aspect.
    pub aspect: Aspect,
    /// The aspect's exact angle in degrees.
    pub angle_deg: f64,
    /// The separation of the two points along the shorter arc, in `[0, 180]` degrees.
    pub actual_separation_deg: f64,
    /// How far from exact: `|actual_separation_deg − angle_deg|`, in degrees.
    pub orb_deg: f64,
    /// The orb allowed for this aspect and pair.
    pub allowed_orb_deg: f64,
    /// `orb_deg / allowed_orb_deg × 100`, in `[0, 100]`.
    pub orb_percent: f64,
    /// `1 − orb_deg / allowed_orb_deg`, in `[0, 1]`: 1 when exact, 0 at the edge of the orb.
    pub strength: f64,
    /// `true` when the orb is shrinking. `None` when a speed is unknown or the points move
    /// together (relative speed below [`STATIONARY_RELATIVE_SPEED_DEG_PER_DAY`]).
    pub applying: Option<bool>,
    /// Days until the separation equals the exact angle at the current relative speed: positive
    /// when applying, negative (days since exact) when separating, 0 when exact now. `None`
    /// exactly when `applying` is.
    pub exact_in_days: Option<f64>,
}

/// All aspects found, sorted, with their summed strength.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AspectReport {
    /// Sorted by orb (closest first), then by first name, second name, catalogue order.
    pub aspects: Vec<AspectHit>,
    /// The sum of the strengths.
    pub total_strength: f64,
    /// The parallels and contra-parallels among the points with a declination, sorted like
    /// `aspects`; empty unless asked for ([`AspectConfig::with_parallels`]). Not in
    /// `total_strength`.
    pub parallels: Vec<ParallelHit>,
}

/// The aspect between `first` and `second`, if any is within its orb: the closest one in degrees;
/// on an exact tie, the one earlier in catalogue order.
#[must_use]
pub fn aspect_between(
    first: &AspectPoint,
    second: &AspectPoint,
    config: &AspectConfig,
) -> Option<AspectHit> {
    // Signed arc from first to second, in [-180, 180): free of the 0°/360° seam.
    let arc_deg = shortest_arc(first.lon, second.lon).degrees();
    let separation_deg = arc_deg.abs();

    let mut best: Option<(Aspect, f64, f64)> = None;
    for &aspect in &config.aspects {
        let orb_deg = (separation_deg - aspect.angle_deg()).abs();
        let allowed_deg = config
            .orbs
            .orb_for(aspect, &first.name, &second.name)
            .degrees();
        let closer = best.is_none_or(|(_, best_orb, _)| orb_deg < best_orb);
        if orb_deg <= allowed_deg && closer {
            best = Some((aspect, orb_deg, allowed_deg));
        }
    }
    let (aspect, orb_deg, allowed_deg) = best?;

    let relative_speed = match (first.speed_deg_per_day, second.speed_deg_per_day) {
        (Some(v1), Some(v2)) => Some(v2 - v1),
        _ => None,
    };
    let motion =
        relative_speed.and_then(|speed| motion_to_exact(arc_deg, aspect.angle_deg(), speed));

    let ratio = orb_deg / allowed_deg;
    Some(AspectHit {
        first: first.name.clone(),
        second: second.name.clone(),
        aspect,
        angle_deg: aspect.angle_deg(),
        actual_separation_deg: separation_deg,
        orb_deg,
        allowed_orb_deg: allowed_deg,
        orb_percent: ratio * 100.0,
        strength: 1.0 - ratio,
        applying: motion.map(|m| m.applying),
        exact_in_days: motion.map(|m| m.exact_in_days),
    })
}

/// Aspects between every unordered pair of one list (a chart with itself).
#[must_use]
pub fn find_within(points: &[AspectPoint], config: &AspectConfig) -> AspectReport {
    let hits = points.iter().enumerate().flat_map(|(i, first)| {
        points[i + 1..]
            .iter()
            .filter_map(move |second| aspect_between(first, second, config))
    });
    let parallels = config
        .parallels
        .as_ref()
        .map(|parallels| parallels_within(&declinations(points, parallels), parallels))
        .unwrap_or_default();
    report(hits.collect(), parallels)
}

/// The points that have a declination, with their names, in the form `config` asks for.
fn declinations<'p>(
    points: &'p [AspectPoint],
    config: &ParallelConfig,
) -> Vec<(&'p str, Declination)> {
    points
        .iter()
        .filter_map(|p| Some((p.name.as_str(), p.declination(config.declination_of())?)))
        .collect()
}

/// Aspects between each point of `list_a` and each point of `list_b` (synastry); pairs within
/// one list are not looked at.
#[must_use]
pub fn find_cross(
    list_a: &[AspectPoint],
    list_b: &[AspectPoint],
    config: &AspectConfig,
) -> AspectReport {
    let hits = list_a.iter().flat_map(|first| {
        list_b
            .iter()
            .filter_map(move |second| aspect_between(first, second, config))
    });
    let parallels = config
        .parallels
        .as_ref()
        .map(|parallels| {
            parallels_cross(
                &declinations(list_a, parallels),
                &declinations(list_b, parallels),
                parallels,
            )
        })
        .unwrap_or_default();
    report(hits.collect(), parallels)
}

fn report(mut aspects: Vec<AspectHit>, parallels: Vec<ParallelHit>) -> AspectReport {
    aspects.sort_by(compare_hits);
    let total_strength = aspects.iter().map(|hit| hit.strength).sum();
    AspectReport {
        aspects,
        total_strength,
        parallels,
    }
}

fn compare_hits(a: &AspectHit, b: &AspectHit) -> Ordering {
    a.orb_deg
        .total_cmp(&b.orb_deg)
        .then_with(|| a.first.cmp(&b.first))
        .then_with(|| a.second.cmp(&b.second))
        .then_with(|| a.aspect.cmp(&b.aspect))
}

#[derive(Debug, Clone, Copy)]
struct Motion {
    applying: bool,
    exact_in_days: f64,
}

/// Applying or separating, and the time to exact, from the signed arc `arc_deg` (second − first,
/// in [-180, 180)) and its rate of change `relative_speed` (second's speed − first's speed).
///
/// The aspect is exact when the arc equals `+angle` or `−angle` (one target for 0° and 180°). The
/// nearest target is `to_exact` degrees of arc away (signed, so its size is the orb). With the arc
/// moving at `relative_speed`, the orb shrinks exactly when arc and target are moving together,
/// `to_exact × relative_speed > 0`, and the arc reaches the target in `to_exact / relative_speed`
/// days: positive ahead, negative behind. When the point sits halfway between the two targets (arc
/// 0° or 180° for an aspect other than conjunction and opposition), either motion shrinks the orb,
/// so the target in the direction of motion is taken.
fn motion_to_exact(arc_deg: f64, angle_deg: f64, relative_speed: f64) -> Option<Motion> {
    if relative_speed.abs() < STATIONARY_RELATIVE_SPEED_DEG_PER_DAY {
        return None;
    }
    let ahead = wrap_180(angle_deg - arc_deg);
    let behind = wrap_180(-angle_deg - arc_deg);
    let to_exact = match ahead.abs().total_cmp(&behind.abs()) {
        Ordering::Less => ahead,
        Ordering::Greater => behind,
        // Equally far (or the same target, for 0° and 180°): the one the motion approaches.
        Ordering::Equal => {
            if ahead * relative_speed > 0.0 {
                ahead
            } else {
                behind
            }
        }
    };
    Some(Motion {
        applying: to_exact * relative_speed > 0.0,
        // `+ 0.0` turns the -0 of an exact aspect into 0.
        exact_in_days: to_exact / relative_speed + 0.0,
    })
}
