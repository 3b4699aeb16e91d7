//! The event-search engine shared by transits, progressions and returns, in three small parts
//! (STYLE.md, habit 9):
//!
//! 1. **Scan** ([`mod@scan`]): sample a moving angle (a longitude, a progressed longitude, an arc)
//!    with its rate at a step the event declares from the physics ([`scan::ScanStep`]), split the
//!    samples at every turning point (a station: the rate changes sign) into pieces on which the
//!    angle is monotone, and bracket each crossing of a target angle on the shortest-arc
//!    difference, with the 0°/360° seam handled. Between two samples a cubic Hermite interpolant
//!    (positions and rates) finds turning points the samples alone would miss and gives a first
//!    estimate of each crossing.
//! 2. **Solve** ([`mod@solve`]): one root solver (Brent's method) over a plain closure `f(t) -> f64`
//!    on a bracket, to a time tolerance, with typed errors.
//! 3. **Assembly**: in the techniques ([`crate::techniques`]), which turn a refined crossing into
//!    an event with its details.
//!
//! Times are `f64` days on any linear axis (the techniques use Julian days UT); angles are
//! degrees; rates are degrees per day.
//!
//! # Completeness
//!
//! On a piece where the angle is monotone, a target is crossed at most once per turn of the
//! circle, and exactly when the signed difference to the target changes sign between the piece's
//! ends. So every crossing is found as long as no turning point hides from the scan: the step a
//! technique declares must be shorter than the shortest time between two turning points of the
//! moving angle, and the interpolant's check inside each step is a second line of defence. A
//! touch without crossing (a station exactly at the target, a double root) and a turn short of the
//! target (a near miss at a station) give no crossing; a station just past the target gives its
//! two crossings.

pub mod scan;
pub mod solve;

pub use scan::{
    Crossing, Node, NodeKind, Sample, ScanError, ScanStep, Track, find_crossings, interpolate,
};
pub use solve::{Bracket, SECOND_DAYS, SolveError, Tolerance, solve, try_solve};

/// Why a search failed: the function being searched failed (an ephemeris call, say), the scan's
/// input was unusable, or the solver gave no root.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SearchError<E> {
    /// The searched function's own error.
    #[error(transparent)]
    Evaluation(E),
    /// The samples or the window could not be scanned.
    #[error(transparent)]
    Scan(#[from] ScanError),
    /// The solver found no root in a bracket.
    #[error(transparent)]
    Solve(#[from] SolveError),
}
