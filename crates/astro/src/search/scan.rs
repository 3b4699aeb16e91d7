//! Bracketing: samples of a moving angle, its turning points, and the brackets of its crossings.
//!
//! A [`Track`] is built from [`Sample`]s (time, angle, rate) taken at a [`ScanStep`]. Building it
//! finds every turning point (where the rate changes sign: a station) and inserts it as a node,
//! so that between two consecutive nodes the angle is monotone. [`Track::crossings`] then lists
//! where the angle passes a target, and [`Track::refine`] turns each into an exact time with
//! real evaluations of the function.
//!
//! The samples are taken once and serve every target: positions are the expensive part, the
//! comparisons with each target are cheap.
//!
//! # The signed difference and the seam
//!
//! For a target `T` the quantity searched is `f = wrap(angle − T)`, the shortest-arc difference
//! in `[-180, 180)`. It changes sign at the target (a root) and also where the angle passes the
//! point opposite the target, where `f` jumps from about +180 to about −180. The jump is not a
//! root: between two nodes the angle moves at most [`MAX_SEGMENT_MOTION_DEG`], so a real sign
//! change moves `f` by that much at most, while the jump moves it by more than 180.
//!
//! # The interpolant
//!
//! Between two nodes the angle is interpolated by the cubic Hermite polynomial through both
//! values and rates. It serves two purposes, never the answer itself: inside a step whose end
//! rates have the same sign, a dip of the cubic's rate towards zero sends one real evaluation
//! there, to catch a reversal the samples alone would miss; and its root is the first estimate
//! of a crossing, which [`Track::refine`] polishes with real evaluations.

use super::SearchError;
use super::solve::{Bracket, SECOND_DAYS, Tolerance, solve, try_solve};
use crate::angle::wrap_180;

/// The largest motion allowed between two nodes, in degrees. The shortest-arc difference of two
/// angles cannot tell a motion of `x` from `x − 360`, so the step must keep the motion well under
/// 180°; at 90° the seam (a jump of at least 270°) is never mistaken for a crossing.
pub const MAX_SEGMENT_MOTION_DEG: f64 = 90.0;

/// How far the motion between two samples may differ from the motion their rates predict (the
/// trapezoid rule), in degrees. A step so long that the angle made an extra turn (or reversed
/// and came back unseen) shows up as a difference of hundreds of degrees; honest steps differ by
/// well under a degree.
const MAX_RATE_MISMATCH_DEG: f64 = 45.0;

/// Inside a step whose end rates have the same sign, the cubic's rate dipping below this
/// fraction of the smaller end rate (or across zero) sends a real evaluation to the dip: the
/// motion may reverse there (a retrograde loop shorter than the step) or come close to it.
const RATE_DIP_FRACTION: f64 = 0.5;

/// The largest Newton correction, in days, that [`Track::refine`] accepts after its one real
/// evaluation at the cubic's estimate: one minute. The cubic's estimates are within seconds away
/// from stations (15 s at worst for the Moon sampled every 2 days, the fastest body at its
/// coarsest step); a larger correction means a poor estimate (near a station, or a short wiggle
/// of the ephemeris the cubic cannot see) and the bracketing solver takes over.
const NEWTON_MAX_CORRECTION_DAYS: f64 = 60.0 * SECOND_DAYS;

/// The cubic's second derivative estimates the curvature that bounds a Newton step's error; it
/// is multiplied by this margin, for the wiggles of the ephemeris (a few tenths of an arcsecond
/// over hours) that the cubic smooths over.
const CURVATURE_MARGIN: f64 = 4.0;

/// The accuracy of a crossing's first estimate (the cubic's root), in days: far below what the
/// cubic itself is worth, so the estimate is the cubic's, not the solver's.
const ESTIMATE_TOLERANCE_DAYS: f64 = 1e-3 * SECOND_DAYS;

/// The value of a moving angle and its rate at one time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The time, in days.
    pub t_day: f64,
    /// The angle in degrees; any real number (it is compared on the circle).
    pub value_deg: f64,
    /// Its rate in degrees per day, negative when it moves backwards (retrograde).
    pub rate_deg_per_day: f64,
}

impl Sample {
    fn check(self) -> Result<Self, ScanError> {
        for (what, value) in [
            ("time", self.t_day),
            ("value", self.value_deg),
            ("rate", self.rate_deg_per_day),
        ] {
            if !value.is_finite() {
                return Err(ScanError::NotFinite {
                    t_day: self.t_day,
                    what,
                    value,
                });
            }
        }
        Ok(self)
    }

    /// The shortest-arc difference from `target_deg`, in `[-180, 180)`.
    fn difference(self, target_deg: f64) -> f64 {
        wrap_180(self.value_deg - target_deg)
    }
}

/// The sampling step of a scan, in days, declared by each event from the physics of what moves
/// (how fast it goes, how soon it can turn back): finite and greater than 0.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct ScanStep {
    days: f64,
}

impl ScanStep {
    /// A step of `days`.
    ///
    /// # Errors
    /// [`ScanError::BadStep`] unless `days` is finite and greater than 0.
    pub fn from_days(days: f64) -> Result<Self, ScanError> {
        if days.is_finite() && days > 0.0 {
            Ok(Self { days })
        } else {
            Err(ScanError::BadStep { days })
        }
    }

    /// A step fixed in the source, checked when the constant is evaluated (at compile time in a
    /// `const`).
    ///
    /// # Panics
    /// Unless `days` is finite and greater than 0; in a `const` that is a compile error.
    #[must_use]
    pub const fn constant(days: f64) -> Self {
        assert!(
            days.is_finite() && days > 0.0,
            "a scan step must be a finite number of days greater than 0"
        );
        Self { days }
    }

    /// The step in days.
    #[must_use]
    pub fn days(self) -> f64 {
        self.days
    }

    /// The finer of two steps.
    #[must_use]
    pub fn min(self, other: Self) -> Self {
        if other.days < self.days { other } else { self }
    }

    /// The sample times of `[start_day, end_day]`: `start_day`, then every step, then `end_day`
    /// (the last step may be shorter). A window of zero length gives its one time.
    ///
    /// # Errors
    /// [`ScanError::BadWindow`] when an end is not finite or `end_day < start_day`.
    pub fn times(self, start_day: f64, end_day: f64) -> Result<Vec<f64>, ScanError> {
        if !start_day.is_finite() || !end_day.is_finite() || end_day < start_day {
            return Err(ScanError::BadWindow { start_day, end_day });
        }
        let steps = ((end_day - start_day) / self.days).ceil();
        // A window this long would take more memory than any request deserves; the techniques
        // bound their windows long before.
        if steps > 1e8 {
            return Err(ScanError::BadWindow { start_day, end_day });
        }
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "steps is a whole number in [0, 1e8]"
        )]
        let steps = steps as usize;
        let mut times = Vec::with_capacity(steps + 1);
        for k in 0..steps {
            #[allow(clippy::cast_precision_loss, reason = "k < 1e8")]
            times.push(start_day + k as f64 * self.days);
        }
        times.push(end_day);
        Ok(times)
    }
}

/// Why samples could not be scanned.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum ScanError {
    /// The window's ends are not finite, or the end is before the start.
    #[error(
        "the search window must run forward between finite times (got {start_day} to {end_day})"
    )]
    BadWindow { start_day: f64, end_day: f64 },
    /// The step is not a positive finite number of days.
    #[error("the scan step must be a finite number of days greater than 0 (got {days})")]
    BadStep { days: f64 },
    /// A sample had a NaN or infinite time, value or rate.
    #[error("the sample at t = {t_day} has a {what} that is not finite ({value})")]
    NotFinite {
        t_day: f64,
        what: &'static str,
        value: f64,
    },
    /// Fewer than two samples, or times not strictly increasing.
    #[error("samples must be at least two, at strictly increasing times (problem at t = {t_day})")]
    BadSamples { t_day: f64 },
    /// The angle moved too far between two samples, or not as its rates say: the step is too
    /// coarse for this motion, and crossings could be missed.
    #[error(
        "the step is too coarse for this motion: between t = {from_day} and t = {to_day} the angle \
         moved {motion_deg}° on the shorter arc while its rates predict {predicted_deg}°"
    )]
    StepTooCoarse {
        from_day: f64,
        to_day: f64,
        motion_deg: f64,
        predicted_deg: f64,
    },
}

/// The cubic Hermite interpolant between two nodes, relative to the first node's value:
/// `p(s) = c1·s + c2·s² + c3·s³` for `s = (t − t0) / h` in `[0, 1]`, with `p(0) = 0`,
/// `p(1)` = the motion over the segment, and the nodes' rates as slopes.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Cubic {
    t0: f64,
    h: f64,
    /// `p(1)`: the shorter-arc motion from the first node to the second, in degrees.
    motion_deg: f64,
    c1: f64,
    c2: f64,
    c3: f64,
}

impl Cubic {
    fn between(a: &Sample, b: &Sample) -> Result<Self, ScanError> {
        let h = b.t_day - a.t_day;
        let motion = wrap_180(b.value_deg - a.value_deg);
        let m0 = h * a.rate_deg_per_day;
        let m1 = h * b.rate_deg_per_day;
        let predicted = 0.5 * (m0 + m1);
        if motion.abs() > MAX_SEGMENT_MOTION_DEG
            || (motion - predicted).abs() > MAX_RATE_MISMATCH_DEG
        {
            return Err(ScanError::StepTooCoarse {
                from_day: a.t_day,
                to_day: b.t_day,
                motion_deg: motion,
                predicted_deg: predicted,
            });
        }
        Ok(Self {
            t0: a.t_day,
            h,
            motion_deg: motion,
            c1: m0,
            c2: 3.0 * motion - 2.0 * m0 - m1,
            c3: -2.0 * motion + m0 + m1,
        })
    }

    fn s_of(&self, t_day: f64) -> f64 {
        (t_day - self.t0) / self.h
    }

    fn t_of(&self, s: f64) -> f64 {
        self.t0 + s * self.h
    }

    /// `p(s)`, degrees from the first node's value.
    fn value(&self, s: f64) -> f64 {
        ((self.c3 * s + self.c2) * s + self.c1) * s
    }

    /// `dp/ds`.
    fn slope(&self, s: f64) -> f64 {
        (3.0 * self.c3 * s + 2.0 * self.c2) * s + self.c1
    }

    /// The interpolated rate, degrees per day.
    fn rate(&self, s: f64) -> f64 {
        self.slope(s) / self.h
    }

    /// The interpolated second derivative, degrees per day².
    fn accel(&self, s: f64) -> f64 {
        (6.0 * self.c3 * s + 2.0 * self.c2) / (self.h * self.h)
    }

    /// The largest second derivative on the segment (it is linear in `s`).
    fn max_abs_accel(&self) -> f64 {
        self.accel(0.0).abs().max(self.accel(1.0).abs())
    }

    /// Where the rate is extreme, if inside `(0, 1)`.
    fn rate_extremum(&self) -> Option<f64> {
        // d(slope)/ds = 6 c3 s + 2 c2 = 0.
        if self.c3 == 0.0 {
            return None;
        }
        let s = -self.c2 / (3.0 * self.c3);
        (s > 0.0 && s < 1.0).then_some(s)
    }

    /// Whether one of `targets` lies within `margin_deg` of the values the segment spans, from
    /// its first node `a`: both nodes' values and the interpolant's at `extreme` (its rate's
    /// zero, if any).
    fn reaches_any(
        &self,
        a: &Sample,
        extreme: Option<f64>,
        targets: &[f64],
        margin_deg: f64,
    ) -> bool {
        let inside = extreme.map_or(0.0, |s| self.value(s));
        let low = self.motion_deg.min(0.0).min(inside) - margin_deg;
        let high = self.motion_deg.max(0.0).max(inside) + margin_deg;
        targets.iter().any(|&target| {
            // The target relative to the first node, on the circle: the segment spans far
            // less than a turn, so one of these three is the nearest.
            let d = wrap_180(target - a.value_deg);
            [d - 360.0, d, d + 360.0]
                .iter()
                .any(|x| (low..=high).contains(x))
        })
    }

    /// The zeros of the rate inside `(s_lo, s_hi)`, in increasing order.
    fn rate_zeros(&self, s_lo: f64, s_hi: f64) -> Vec<f64> {
        let (a, b, c) = (3.0 * self.c3, 2.0 * self.c2, self.c1);
        let mut zeros = Vec::with_capacity(2);
        if a == 0.0 {
            if b != 0.0 {
                zeros.push(-c / b);
            }
        } else {
            let discriminant = b * b - 4.0 * a * c;
            if discriminant >= 0.0 {
                // The numerically stable pair of roots.
                let q = -0.5 * (b + discriminant.sqrt().copysign(b));
                zeros.push(q / a);
                if q != 0.0 {
                    zeros.push(c / q);
                }
            }
        }
        zeros.retain(|&s| s > s_lo && s < s_hi);
        zeros.sort_by(f64::total_cmp);
        zeros
    }
}

/// The angle and its rate at `t_day` between two samples (`a.t_day <= t_day <= b.t_day`), from
/// the cubic Hermite polynomial through both values and rates: a stand-in for a real
/// evaluation where its error, bounded by whoever calls it, does not matter.
///
/// # Errors
/// [`ScanError::StepTooCoarse`] when the samples are too far apart for the motion, as in
/// [`Track::build`].
pub fn interpolate(a: &Sample, b: &Sample, t_day: f64) -> Result<Sample, ScanError> {
    let cubic = Cubic::between(a, b)?;
    let s = cubic.s_of(t_day);
    Ok(Sample {
        t_day,
        value_deg: a.value_deg + cubic.value(s),
        rate_deg_per_day: cubic.rate(s),
    })
}

/// Why a node is in a [`Track`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeKind {
    /// A sample at the scan's step.
    Sample,
    /// An extra evaluation where the interpolant's rate dipped inside a step.
    Probe,
    /// A turning point: the rate's zero, solved to the turning tolerance.
    Turn,
}

/// A point of a [`Track`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Node {
    pub sample: Sample,
    pub kind: NodeKind,
}

/// A crossing of a target, bracketed: at a node exactly, or between two nodes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crossing {
    place: Place,
    /// The first estimate of the crossing's time, in days: the interpolant's root, or the node's
    /// time. Useful to order the refinements in time.
    pub estimate_day: f64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Place {
    /// The difference is exactly 0 at this node and the angle passes through.
    AtNode(usize),
    /// The difference changes sign on this segment (nodes `i` and `i + 1`).
    Within { segment: usize, bracket: Bracket },
}

/// Samples of a moving angle split at its turning points: between consecutive nodes the angle is
/// monotone.
#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    nodes: Vec<Node>,
    /// One per segment (between nodes `i` and `i + 1`).
    cubics: Vec<Cubic>,
}

impl Track {
    /// Builds a track from samples at increasing times: finds every turning point between them
    /// with `eval` (the real function, which gives the value and the rate at a time) and solves
    /// each to `turn_tolerance`.
    ///
    /// # Errors
    /// [`ScanError`] for unusable samples (fewer than two, unsorted, not finite, too far apart
    /// for the motion); [`SearchError::Solve`] if a turning point cannot be solved; `eval`'s
    /// errors.
    pub fn build<E>(
        samples: &[Sample],
        eval: impl FnMut(f64) -> Result<Sample, E>,
        turn_tolerance: Tolerance,
    ) -> Result<Self, SearchError<E>> {
        Self::build_near(samples, eval, turn_tolerance, None)
    }

    /// [`Track::build`] for a track that will only be asked for crossings of `targets`: a turn
    /// is solved only where one of them comes within `margin_deg` of what the step spans (both
    /// samples and the interpolant's extreme between them). Elsewhere the step keeps no turn
    /// node and is not monotone, which no crossing of a target can notice: every target stays
    /// on one side of it, by more than the margin, which must exceed the interpolant's error.
    /// Such a track is for [`Track::crossings`] of those targets only: its [`Track::turns`]
    /// are not the angle's turning points.
    ///
    /// # Errors
    /// As [`Track::build`].
    pub fn build_for_targets<E>(
        samples: &[Sample],
        eval: impl FnMut(f64) -> Result<Sample, E>,
        turn_tolerance: Tolerance,
        targets: &[f64],
        margin_deg: f64,
    ) -> Result<Self, SearchError<E>> {
        Self::build_near(samples, eval, turn_tolerance, Some((targets, margin_deg)))
    }

    fn build_near<E>(
        samples: &[Sample],
        mut eval: impl FnMut(f64) -> Result<Sample, E>,
        turn_tolerance: Tolerance,
        targets: Option<(&[f64], f64)>,
    ) -> Result<Self, SearchError<E>> {
        let Some(first) = samples.first() else {
            return Err(ScanError::BadSamples { t_day: f64::NAN }.into());
        };
        if samples.len() < 2 {
            return Err(ScanError::BadSamples { t_day: first.t_day }.into());
        }
        let mut nodes = Vec::with_capacity(samples.len() + 8);
        nodes.push(Node {
            sample: first.check()?,
            kind: NodeKind::Sample,
        });
        for pair in samples.windows(2) {
            let (a, b) = (pair[0], pair[1].check()?);
            if b.t_day <= a.t_day {
                return Err(ScanError::BadSamples { t_day: b.t_day }.into());
            }
            let cubic = Cubic::between(&a, &b)?;
            let rate_a = a.rate_deg_per_day;
            let rate_b = b.rate_deg_per_day;
            if opposite(rate_a, rate_b) {
                let zero = cubic.rate_zeros(0.0, 1.0).first().copied();
                let wanted = targets.is_none_or(|(targets, margin_deg)| {
                    cubic.reaches_any(&a, zero, targets, margin_deg)
                });
                if wanted {
                    let guess = zero.map(|s| cubic.t_of(s));
                    push_turn(&mut nodes, &a, &b, guess, &mut eval, turn_tolerance)?;
                }
            } else if rate_a != 0.0 && rate_b != 0.0 {
                // Same direction at both ends: look inside only where the cubic's rate dips.
                let dip = cubic.rate_extremum().filter(|&s| {
                    let rate = cubic.rate(s);
                    opposite(rate, rate_a)
                        || rate.abs() < RATE_DIP_FRACTION * rate_a.abs().min(rate_b.abs())
                });
                if let Some(s) = dip {
                    let probe = eval(cubic.t_of(s))
                        .map_err(SearchError::Evaluation)?
                        .check()?;
                    if opposite(probe.rate_deg_per_day, rate_a) {
                        // A reversal hides inside the step: two turning points.
                        let first = cubic.rate_zeros(0.0, s).first().map(|&z| cubic.t_of(z));
                        push_turn(&mut nodes, &a, &probe, first, &mut eval, turn_tolerance)?;
                        nodes.push(Node {
                            sample: probe,
                            kind: NodeKind::Probe,
                        });
                        let second = cubic.rate_zeros(s, 1.0).first().map(|&z| cubic.t_of(z));
                        push_turn(&mut nodes, &probe, &b, second, &mut eval, turn_tolerance)?;
                    } else {
                        nodes.push(Node {
                            sample: probe,
                            kind: NodeKind::Probe,
                        });
                    }
                }
            }
            nodes.push(Node {
                sample: b,
                kind: NodeKind::Sample,
            });
        }
        let cubics = nodes
            .windows(2)
            .map(|pair| Cubic::between(&pair[0].sample, &pair[1].sample))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self { nodes, cubics })
    }

    /// The nodes, in time order.
    #[must_use]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The turning points (stations): the nodes where the motion changes direction.
    pub fn turns(&self) -> impl Iterator<Item = &Node> + '_ {
        (1..self.nodes.len().saturating_sub(1))
            .filter(|&i| {
                let before = self.direction(i - 1);
                let after = self.direction(i);
                before != 0 && after != 0 && before != after
            })
            .map(|i| &self.nodes[i])
    }

    /// The turning points with the direction the angle takes after each: `true` when it turns
    /// backwards (a station retrograde), `false` when it turns forwards (a station direct).
    pub fn turns_with_direction(&self) -> impl Iterator<Item = (&Node, bool)> + '_ {
        (1..self.nodes.len().saturating_sub(1)).filter_map(|i| {
            let before = self.direction(i - 1);
            let after = self.direction(i);
            (before != 0 && after != 0 && before != after).then(|| (&self.nodes[i], after < 0))
        })
    }

    /// The direction of segment `i`: 1 forward, −1 backward, 0 not moving.
    fn direction(&self, segment: usize) -> i8 {
        let motion = self.cubics[segment].motion_deg;
        if motion > 0.0 {
            1
        } else if motion < 0.0 {
            -1
        } else {
            0
        }
    }

    /// Whether the angle passes through (rather than touches) a target it meets exactly at
    /// node `i`: the motion keeps its direction across the node. At the first or last node only
    /// one side is known; the node counts when the angle moves there.
    fn passes_through(&self, i: usize) -> bool {
        let before = i.checked_sub(1).map(|s| self.direction(s));
        let after = (i < self.cubics.len()).then(|| self.direction(i));
        match (before, after) {
            (Some(b), Some(a)) => b == a && a != 0,
            (Some(d), None) | (None, Some(d)) => d != 0,
            (None, None) => false,
        }
    }

    /// Appends to `out` every crossing of `target_deg` on the track, in time order. The
    /// difference `wrap(angle − target)` changes sign between two nodes (and not by the seam's
    /// jump), or is exactly 0 at a node the angle passes through.
    pub fn crossings(&self, target_deg: f64, out: &mut Vec<Crossing>) {
        let mut f_a = self.nodes[0].sample.difference(target_deg);
        for (i, cubic) in self.cubics.iter().enumerate() {
            if f_a == 0.0 && self.passes_through(i) {
                out.push(Crossing {
                    place: Place::AtNode(i),
                    estimate_day: self.nodes[i].sample.t_day,
                });
            }
            let b = &self.nodes[i + 1].sample;
            let f_b = b.difference(target_deg);
            if opposite(f_a, f_b) && (f_b - f_a).abs() <= 180.0 {
                let a = &self.nodes[i].sample;
                // Both ends are finite and of opposite signs, so the brackets are valid.
                if let (Ok(bracket), Ok(s_bracket)) = (
                    Bracket::new(a.t_day, f_a, b.t_day, f_b),
                    Bracket::new(0.0, f_a, 1.0, f_b),
                ) {
                    let s_tolerance = Tolerance::from_days(ESTIMATE_TOLERANCE_DAYS / cubic.h)
                        .unwrap_or(Tolerance::HALF_SECOND);
                    // The cubic is finite and the bracket valid, so Brent converges; were it
                    // ever to fail, the linear estimate serves as well: refine() keeps to the
                    // real bracket whatever the estimate.
                    let linear = f_a / (f_a - f_b);
                    let s = solve(
                        |s| f_a + cubic.value(s),
                        s_bracket,
                        Some(linear),
                        s_tolerance,
                    )
                    .unwrap_or(linear);
                    out.push(Crossing {
                        place: Place::Within {
                            segment: i,
                            bracket,
                        },
                        estimate_day: cubic.t_of(s),
                    });
                }
            }
            f_a = f_b;
        }
        let last = self.nodes.len() - 1;
        if f_a == 0.0 && self.passes_through(last) {
            out.push(Crossing {
                place: Place::AtNode(last),
                estimate_day: self.nodes[last].sample.t_day,
            });
        }
    }

    /// The exact time of a crossing of `target_deg` found by [`Track::crossings`] on this
    /// track, with the value and rate there, from real evaluations of `eval`:
    ///
    /// 1. one evaluation at the interpolant's estimate, which also narrows the bracket;
    /// 2. if the Newton correction from there is under a minute and the curvature bounds its
    ///    error by `tolerance`, the corrected time is the answer (value and rate carried to it
    ///    to first order);
    /// 3. otherwise Brent's method on the narrowed bracket, from the Newton point, to
    ///    `tolerance`.
    ///
    /// # Errors
    /// [`SearchError::Solve`] when the solver fails; `eval`'s errors.
    pub fn refine<E>(
        &self,
        crossing: &Crossing,
        target_deg: f64,
        mut eval: impl FnMut(f64) -> Result<Sample, E>,
        tolerance: Tolerance,
    ) -> Result<Sample, SearchError<E>> {
        let (segment, bracket) = match crossing.place {
            Place::AtNode(i) => return Ok(self.nodes[i].sample),
            Place::Within { segment, bracket } => (segment, bracket),
        };
        let cubic = &self.cubics[segment];
        let t_estimate = crossing.estimate_day;
        let probe = eval(t_estimate).map_err(SearchError::Evaluation)?.check()?;
        let f_probe = probe.difference(target_deg);
        if f_probe == 0.0 {
            return Ok(probe);
        }
        let bracket = bracket.narrow(t_estimate, f_probe);
        let rate = probe.rate_deg_per_day;
        let correction = f_probe / rate;
        let newton = t_estimate - correction;
        let newton = (rate != 0.0 && bracket.contains(newton)).then_some(newton);
        if let Some(t_newton) = newton {
            // Newton's error from an estimate e away is about (f''/2f')·e²; with e at most twice
            // the correction while the rate stays within a factor 2 of the probe's, and the
            // cubic's curvature (with a margin) for f'', this bounds the answer's error.
            let curvature = CURVATURE_MARGIN * cubic.max_abs_accel();
            let steady = 4.0 * curvature * correction.abs() <= rate.abs();
            let error_bound = 2.0 * curvature * correction * correction / rate.abs();
            if correction.abs() <= NEWTON_MAX_CORRECTION_DAYS
                && steady
                && error_bound <= tolerance.days()
            {
                let accel = cubic.accel(cubic.s_of(t_estimate));
                return Ok(Sample {
                    t_day: t_newton,
                    value_deg: probe.value_deg - f_probe,
                    rate_deg_per_day: rate - accel * correction,
                });
            }
        }
        let mut evaluated = vec![probe];
        let t_root = try_solve(
            |t| {
                let sample = eval(t).map_err(SearchError::Evaluation)?.check()?;
                evaluated.push(sample);
                Ok::<f64, SearchError<E>>(sample.difference(target_deg))
            },
            bracket,
            newton,
            tolerance,
        )
        .map_err(flatten)?;
        let known = evaluated
            .iter()
            .chain([&self.nodes[segment].sample, &self.nodes[segment + 1].sample])
            .find(|s| same_time(s.t_day, t_root))
            .copied();
        match known {
            Some(sample) => Ok(sample),
            None => Ok(eval(t_root).map_err(SearchError::Evaluation)?.check()?),
        }
    }
}

/// The error of a solve whose function itself returns search errors (its evaluations are
/// checked samples).
fn flatten<E>(error: SearchError<SearchError<E>>) -> SearchError<E> {
    match error {
        SearchError::Evaluation(inner) => inner,
        SearchError::Scan(e) => SearchError::Scan(e),
        SearchError::Solve(e) => SearchError::Solve(e),
    }
}

/// True when two times are the same number: the solver answers one of the times it evaluated,
/// and this finds that evaluation again (identity, not closeness).
fn same_time(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits()
}

/// True when `a` and `b` are both nonzero and of opposite signs.
fn opposite(a: f64, b: f64) -> bool {
    (a < 0.0 && b > 0.0) || (a > 0.0 && b < 0.0)
}

/// Solves the turning point between `a` and `b` (whose rates have opposite signs) and appends it
/// as a node, unless it falls on one of them.
fn push_turn<E>(
    nodes: &mut Vec<Node>,
    a: &Sample,
    b: &Sample,
    guess: Option<f64>,
    eval: &mut impl FnMut(f64) -> Result<Sample, E>,
    tolerance: Tolerance,
) -> Result<(), SearchError<E>> {
    let bracket = Bracket::new(a.t_day, a.rate_deg_per_day, b.t_day, b.rate_deg_per_day)?;
    let mut evaluated: Vec<Sample> = Vec::with_capacity(8);
    let t_turn = try_solve(
        |t| {
            let sample = eval(t).map_err(SearchError::Evaluation)?.check()?;
            evaluated.push(sample);
            Ok::<f64, SearchError<E>>(sample.rate_deg_per_day)
        },
        bracket,
        guess,
        tolerance,
    )
    .map_err(flatten)?;
    if t_turn <= a.t_day || t_turn >= b.t_day {
        return Ok(());
    }
    let sample = match evaluated.iter().find(|s| same_time(s.t_day, t_turn)) {
        Some(sample) => *sample,
        None => eval(t_turn).map_err(SearchError::Evaluation)?.check()?,
    };
    nodes.push(Node {
        sample,
        kind: NodeKind::Turn,
    });
    Ok(())
}

/// Every crossing of `target_deg` by the angle `eval` describes over `[start_day, end_day]`,
/// sampled at `step`, each refined to `tolerance` (turning points too): the whole scan for one
/// function and one target. Techniques with many targets build one [`Track`] and reuse it.
///
/// # Errors
/// As [`Track::build`] and [`Track::refine`], and [`ScanError::BadWindow`].
pub fn find_crossings<E>(
    start_day: f64,
    end_day: f64,
    step: ScanStep,
    target_deg: f64,
    mut eval: impl FnMut(f64) -> Result<Sample, E>,
    tolerance: Tolerance,
) -> Result<Vec<Sample>, SearchError<E>> {
    let times = step.times(start_day, end_day)?;
    if times.len() < 2 {
        // A window of zero length: a crossing only if the value is exactly on the target.
        let sample = eval(start_day).map_err(SearchError::Evaluation)?.check()?;
        return Ok(
            if sample.difference(target_deg) == 0.0 && sample.rate_deg_per_day != 0.0 {
                vec![sample]
            } else {
                Vec::new()
            },
        );
    }
    let samples = times
        .iter()
        .map(|&t| eval(t).map_err(SearchError::Evaluation))
        .collect::<Result<Vec<_>, _>>()?;
    let track = Track::build(&samples, &mut eval, tolerance)?;
    let mut crossings = Vec::new();
    track.crossings(target_deg, &mut crossings);
    crossings
        .iter()
        .map(|c| track.refine(c, target_deg, &mut eval, tolerance))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use super::*;

    /// Far below any step, so the tests see the search's own accuracy.
    fn tight() -> Tolerance {
        Tolerance::from_days(1e-9).unwrap()
    }

    fn step(days: f64) -> ScanStep {
        ScanStep::from_days(days).unwrap()
    }

    /// An angle given by a value and a rate function of time.
    fn angle(
        value: impl Fn(f64) -> f64,
        rate: impl Fn(f64) -> f64,
    ) -> impl FnMut(f64) -> Result<Sample, Infallible> {
        move |t| {
            Ok(Sample {
                t_day: t,
                value_deg: value(t),
                rate_deg_per_day: rate(t),
            })
        }
    }

    fn roots(
        (start, end): (f64, f64),
        step_days: f64,
        target: f64,
        eval: impl FnMut(f64) -> Result<Sample, Infallible>,
    ) -> Vec<f64> {
        find_crossings(start, end, step(step_days), target, eval, tight())
            .unwrap()
            .iter()
            .map(|s| s.t_day)
            .collect()
    }

    fn assert_roots(found: &[f64], expected: &[f64], tolerance: f64) {
        assert_eq!(found.len(), expected.len(), "{found:?} vs {expected:?}");
        for (f, e) in found.iter().zip(expected) {
            assert!((f - e).abs() <= tolerance, "{found:?} vs {expected:?}");
        }
    }

    /// An independent count: the sign changes of the wrapped difference on a grid `dt` fine,
    /// each bisected, the seam's jump excluded.
    fn dense_roots(
        (start, end): (f64, f64),
        dt: f64,
        target: f64,
        value: impl Fn(f64) -> f64,
    ) -> Vec<f64> {
        let f = |t: f64| wrap_180(value(t) - target);
        let n = ((end - start) / dt).ceil() as usize;
        let mut out = Vec::new();
        for k in 0..n {
            let (mut a, mut b) = (
                start + k as f64 * dt,
                (start + (k + 1) as f64 * dt).min(end),
            );
            let (fa, fb) = (f(a), f(b));
            if opposite(fa, fb) && (fb - fa).abs() < 180.0 {
                for _ in 0..100 {
                    let m = 0.5 * (a + b);
                    if opposite(fa, f(m)) {
                        b = m;
                    } else {
                        a = m;
                    }
                }
                out.push(0.5 * (a + b));
            }
        }
        out
    }

    #[test]
    fn root_near_the_start() {
        let found = roots((0.0, 5.0), 1.0, 0.0, angle(|t| 10.0 * t - 0.01, |_| 10.0));
        assert_roots(&found, &[0.001], 1e-9);
    }

    #[test]
    fn root_near_the_end() {
        let found = roots(
            (0.0, 5.0),
            1.0,
            0.0,
            angle(|t| 10.0 * (t - 4.9999), |_| 10.0),
        );
        assert_roots(&found, &[4.9999], 1e-9);
    }

    #[test]
    fn roots_exactly_at_the_window_ends_count() {
        let found = roots((0.0, 5.0), 1.0, 0.0, angle(|t| 3.0 * t, |_| 3.0));
        assert_roots(&found, &[0.0], 0.0);
        let found = roots((0.0, 5.0), 1.0, 15.0, angle(|t| 3.0 * t, |_| 3.0));
        assert_roots(&found, &[5.0], 0.0);
    }

    #[test]
    fn no_root() {
        let found = roots((0.0, 5.0), 1.0, 0.0, angle(|t| 10.0 + t, |_| 1.0));
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_root_on_a_sample_is_found_once() {
        let found = roots((0.0, 5.0), 1.0, 0.0, angle(|t| t - 2.0, |_| 1.0));
        assert_roots(&found, &[2.0], 0.0);
    }

    #[test]
    fn an_inflection_on_a_sample_passes_through() {
        // The rate is 0 at t = 2 but does not change sign: one crossing, not a station.
        let found = roots(
            (0.0, 4.0),
            1.0,
            0.0,
            angle(|t| (t - 2.0).powi(3), |t| 3.0 * (t - 2.0).powi(2)),
        );
        assert_roots(&found, &[2.0], 1e-9);
    }

    #[test]
    fn a_double_root_between_samples_is_no_event() {
        // A station exactly on the target: the angle touches it and turns back.
        let found = roots(
            (0.0, 3.0),
            1.0,
            0.0,
            angle(|t| (t - 1.3).powi(2), |t| 2.0 * (t - 1.3)),
        );
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_double_root_on_a_sample_is_no_event() {
        let found = roots(
            (0.0, 3.0),
            1.0,
            0.0,
            angle(|t| (t - 1.0).powi(2), |t| 2.0 * (t - 1.0)),
        );
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_near_miss_at_a_station_is_no_event() {
        // Turns back 3.6 milliarcseconds short of the target.
        let found = roots(
            (0.0, 3.0),
            1.0,
            0.0,
            angle(|t| (t - 1.3).powi(2) + 1e-6, |t| 2.0 * (t - 1.3)),
        );
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_station_just_past_the_target_gives_both_crossings() {
        // Both roots (1.3 ± 0.001) lie inside one step.
        let found = roots(
            (0.0, 3.0),
            1.0,
            0.0,
            angle(|t| (t - 1.3).powi(2) - 1e-6, |t| 2.0 * (t - 1.3)),
        );
        assert_roots(&found, &[1.299, 1.301], 1e-9);
    }

    #[test]
    fn a_triple_pass() {
        // Forward, back, forward: t³ − 3t crosses 0 at −√3, 0 and √3.
        let found = roots(
            (-2.5, 2.5),
            1.0,
            0.0,
            angle(|t| t.powi(3) - 3.0 * t, |t| 3.0 * t * t - 3.0),
        );
        let r3 = 3f64.sqrt();
        assert_roots(&found, &[-r3, 0.0, r3], 1e-9);
    }

    #[test]
    fn the_interpolant_finds_a_loop_inside_one_step() {
        // The rate is positive at every sample (integers) but negative in the middle of each
        // step: a retrograde loop shorter than the step. Target 0.3 is crossed three times in
        // [1, 2] although the samples there are 0.2 and 0.4.
        let value = |t: f64| 0.2 * t + 0.1 * (std::f64::consts::TAU * t).sin();
        let rate = |t: f64| 0.2 + 0.1 * std::f64::consts::TAU * (std::f64::consts::TAU * t).cos();
        let mut evaluations = 0;
        let eval = |t: f64| {
            evaluations += 1;
            angle(value, rate)(t)
        };
        let found = roots((0.0, 3.0), 1.0, 0.3, eval);
        let expected = dense_roots((0.0, 3.0), 1e-4, 0.3, value);
        assert_eq!(expected.len(), 3, "{expected:?}");
        assert_roots(&found, &expected, 1e-9);
        // The three turning points and the probes are in the track.
        let samples: Vec<Sample> = (0..=3)
            .map(|k| angle(value, rate)(f64::from(k)).unwrap())
            .collect();
        let track = Track::build(&samples, angle(value, rate), tight()).unwrap();
        assert_eq!(track.turns().count(), 6, "two per step");
    }

    #[test]
    fn the_interpolant_finds_two_roots_between_samples_of_the_same_sign() {
        // Samples at 0 and 1 are both below the target 0.3 (0 and 0.2) and both move forward,
        // but the angle loops up to 0.34 and back in between: two roots no sign change shows.
        let value = |t: f64| 0.2 * t + 0.3 * (std::f64::consts::TAU * t).sin();
        let rate = |t: f64| 0.2 + 0.3 * std::f64::consts::TAU * (std::f64::consts::TAU * t).cos();
        let found = roots((0.0, 1.0), 1.0, 0.3, angle(value, rate));
        let expected = dense_roots((0.0, 1.0), 1e-4, 0.3, value);
        assert_eq!(expected.len(), 2, "{expected:?}");
        assert_roots(&found, &expected, 1e-9);
    }

    #[test]
    fn the_seam_is_not_a_root() {
        // 100° a day through the seam: the difference jumps from +180 to −180 at 1.8, 5.4 and
        // 9.0 days; the roots are at 3.6 and 7.2 days only.
        let found = roots((0.0, 10.0), 0.5, 0.0, angle(|t| 100.0 * t, |_| 100.0));
        assert_roots(&found, &[0.0, 3.6, 7.2], 1e-9);
        // A target near the seam of the value itself (359.9°) and one just past 0.
        let found = roots((0.0, 10.0), 0.5, 359.9, angle(|t| 100.0 * t, |_| 100.0));
        assert_roots(&found, &[3.599, 7.199], 1e-9);
        let found = roots((0.0, 10.0), 0.5, 0.1, angle(|t| 100.0 * t, |_| 100.0));
        assert_roots(&found, &[0.001, 3.601, 7.201], 1e-9);
    }

    #[test]
    fn backwards_motion_through_the_seam() {
        let found = roots(
            (0.0, 4.0),
            0.25,
            350.0,
            angle(|t| 5.0 - 10.0 * t, |_| -10.0),
        );
        assert_roots(&found, &[1.5], 1e-9);
    }

    #[test]
    fn a_step_too_coarse_for_the_motion_is_an_error() {
        // 13°/day sampled every 30 days: the samples alias (390° looks like 30°).
        let result = find_crossings(
            0.0,
            90.0,
            step(30.0),
            0.0,
            angle(|t| 13.0 * t, |_| 13.0),
            tight(),
        );
        assert!(matches!(
            result,
            Err(SearchError::Scan(ScanError::StepTooCoarse { .. }))
        ));
    }

    #[test]
    fn bad_windows_steps_and_samples_are_errors() {
        assert!(matches!(
            step(1.0).times(5.0, 1.0),
            Err(ScanError::BadWindow { .. })
        ));
        assert!(ScanStep::from_days(0.0).is_err());
        assert!(ScanStep::from_days(f64::NAN).is_err());
        let nan = angle(|_| f64::NAN, |_| 1.0);
        assert!(matches!(
            find_crossings(0.0, 2.0, step(1.0), 0.0, nan, tight()),
            Err(SearchError::Scan(ScanError::NotFinite { .. }))
        ));
        let one = [angle(|t| t, |_| 1.0)(0.0).unwrap()];
        assert!(matches!(
            Track::build(&one, angle(|t| t, |_| 1.0), tight()),
            Err(SearchError::Scan(ScanError::BadSamples { .. }))
        ));
    }

    #[test]
    fn sample_times_cover_the_window() {
        assert_eq!(step(2.0).times(0.0, 5.0).unwrap(), [0.0, 2.0, 4.0, 5.0]);
        assert_eq!(step(2.5).times(0.0, 5.0).unwrap(), [0.0, 2.5, 5.0]);
        assert_eq!(step(1.0).times(3.0, 3.0).unwrap(), [3.0]);
    }

    #[test]
    fn evaluation_errors_are_passed_on() {
        let failing = |t: f64| {
            if t > 1.5 {
                Err("no data")
            } else {
                Ok(Sample {
                    t_day: t,
                    value_deg: t,
                    rate_deg_per_day: 1.0,
                })
            }
        };
        assert_eq!(
            find_crossings(0.0, 3.0, step(1.0), 0.0, failing, tight()),
            Err(SearchError::Evaluation("no data"))
        );
    }

    #[test]
    fn smooth_crossings_cost_one_evaluation_each() {
        // A body-like angle: a steady rate with a slow wobble, sampled every 2 days; at a
        // half-second tolerance the Newton check accepts after the one probe.
        let value = |t: f64| 13.0 * t + 2.0 * (t / 4.0).sin();
        let rate = |t: f64| 13.0 + 0.5 * (t / 4.0).cos();
        let times = step(2.0).times(0.0, 30.0).unwrap();
        let samples: Vec<Sample> = times
            .iter()
            .map(|&t| angle(value, rate)(t).unwrap())
            .collect();
        let track = Track::build(&samples, angle(value, rate), Tolerance::HALF_SECOND).unwrap();
        let mut crossings = Vec::new();
        for target in [10.0, 45.0, 90.0, 200.0] {
            track.crossings(target, &mut crossings);
        }
        assert!(crossings.len() >= 4);
        let mut evaluations = 0;
        for c in &crossings {
            let target = [10.0, 45.0, 90.0, 200.0]
                .into_iter()
                .find(|&x| {
                    let e = c.estimate_day;
                    wrap_180(value(e) - x).abs() < 0.01
                })
                .unwrap();
            let exact = track
                .refine(
                    c,
                    target,
                    |t| {
                        evaluations += 1;
                        angle(value, rate)(t)
                    },
                    Tolerance::HALF_SECOND,
                )
                .unwrap();
            let reference = dense_roots(
                (exact.t_day - 0.01, exact.t_day + 0.01),
                1e-3,
                target,
                value,
            );
            assert_eq!(reference.len(), 1, "{exact:?} {target}");
            assert!((exact.t_day - reference[0]).abs() <= Tolerance::HALF_SECOND.days());
            assert!(wrap_180(exact.value_deg - target).abs() < 1e-9);
        }
        assert_eq!(evaluations, crossings.len());
    }

    #[test]
    fn a_track_for_targets_solves_only_the_turns_near_them() {
        // A loop every 2π days between 40° and 80°: turns at 40° and 80°, sampled daily.
        let value = |t: f64| 60.0 + 20.0 * t.sin();
        let rate = |t: f64| 20.0 * t.cos();
        let times = step(1.0).times(0.0, 20.0).unwrap();
        let samples: Vec<Sample> = times
            .iter()
            .map(|&t| angle(value, rate)(t).unwrap())
            .collect();
        let count_turns = |track: &Track| {
            track
                .nodes()
                .iter()
                .filter(|n| n.kind == NodeKind::Turn)
                .count()
        };
        let full = Track::build(&samples, angle(value, rate), tight()).unwrap();
        assert_eq!(count_turns(&full), 6);
        // 70° is crossed twice a loop far from any turn, 79.5° next to the maxima, 10° never;
        // 45° and 79.5° together need every turn.
        let cases = [
            (&[70.0][..], 0),
            (&[79.5][..], 3),
            (&[10.0][..], 0),
            (&[45.0, 79.5][..], 6),
        ];
        for (targets, turns) in cases {
            let track =
                Track::build_for_targets(&samples, angle(value, rate), tight(), targets, 1.0)
                    .unwrap();
            assert_eq!(count_turns(&track), turns, "{targets:?}");
            for &target in targets {
                let (mut wanted, mut found) = (Vec::new(), Vec::new());
                full.crossings(target, &mut wanted);
                track.crossings(target, &mut found);
                let solve = |track: &Track, c: &Crossing| {
                    track
                        .refine(c, target, angle(value, rate), tight())
                        .unwrap()
                        .t_day
                };
                let wanted: Vec<f64> = wanted.iter().map(|c| solve(&full, c)).collect();
                let found: Vec<f64> = found.iter().map(|c| solve(&track, c)).collect();
                assert_roots(&found, &wanted, 1e-9);
                assert_roots(&found, &dense_roots((0.0, 20.0), 1e-3, target, value), 1e-6);
            }
        }
    }
}
