//! Returns: the times a body comes back to its natal longitude, or to the natal longitude plus a
//! target angle (180°: the demi-return; 90° and 270°: the quarter returns).
//!
//! # Clusters, and the time a return is given
//!
//! A body that loops (a station, retrograde motion, a station) can pass its target several times
//! in a row: direct, retrograde, direct (the triple pass of a Mercury return in a retrograde
//! loop), and the slow outer planets up to five times over two loops. Such passes are **one
//! return**, a cluster:
//!
//! * two consecutive crossings of the target belong to the same cluster when they go in opposite
//!   directions with exactly one station between them (the body turned back over the target);
//! * two consecutive crossings in the same direction are a full circuit apart; a loop that
//!   turns short of the target (two stations and no crossing since the last one) ends the
//!   cluster as well, and so does a body that gets farther from the target than its longest
//!   retrograde arc ([`ReturnMotion::max_retrograde_arc_deg`]): it cannot come back over the
//!   target before a full circuit.
//!
//! The return's time is the cluster's **last direct crossing** (docs/CONVENTIONS.md, Techniques): the
//! moment the body passes the target for good. Every crossing of the cluster is kept, in time
//! order, with its direction ([`Return::crossings`]).
//!
//! Direct means moving forward in longitude, retrograde backward (a negative speed,
//! docs/CONVENTIONS.md); a crossing's direction is the direction the body crosses the target in. The Sun
//! and the Moon never turn back, and neither do the two lunar points with returns: the mean node
//! always moves backward (about −0.053°/day) and the mean apogee always forward (+0.111°/day).
//! Each of their crossings is a cluster of its own. The mean node has no direct crossing at all:
//! its return is its (retrograde) crossing, reported plainly. In general a cluster without a
//! direct crossing reports its last crossing.
//!
//! # Which returns
//!
//! The returns "after `from`" are those whose time (the last direct crossing) is at or after
//! `from`. A cluster that began before `from` (its first pass before, its last after) is such a
//! return, and its crossings before `from` are listed with it: the scan starts
//! [`ReturnMotion::max_cluster_days`] before `from`, more than the longest a cluster lasts from
//! its first crossing to its last.
//!
//! # Accuracy
//!
//! Every crossing is within [`RETURN_TOLERANCE`] (half a second) of the ephemeris' exact time,
//! refined with real ephemeris calls by the shared search ([`crate::search`]); the stations that
//! separate clusters are solved to the same tolerance.
//!
//! # Cost
//!
//! Positions are the expensive part (about 10 µs each), and crossings only happen near the
//! target: far from it the scan skips ahead by the least time the body needs to come near
//! ([`ReturnMotion::max_speed_deg_per_day`]), and near it samples at the body's own step
//! ([`motion::scan_step`]) and solves the stations and crossings there (see [`find_returns`]).
//! Fifty lunar returns take about 400 ephemeris calls (8 a return), fifty Mercury returns about
//! 2,200 (44 a return, stations included), where sampling every step would take 700 and 11,000.

mod set;

pub use set::{
    BodyReturns, ReturnChartPlan, ReturnWithChart, ReturnsNatal, ReturnsQuery, return_set,
};

use orrery_ephem::{Ephemeris, EphemerisSource};

use super::motion::{self, search_sample};
use crate::angle::{Longitude, wrap_180};
use crate::body::Body;
use crate::chart::{Center, ChartError, Frame, Zodiac, position};
use crate::error::AspectError;
use crate::search::{Node, Sample, ScanError, SearchError, SolveError, Tolerance, Track};
use crate::time::JulianDayUt;

/// How close to the ephemeris' exact time each crossing is: half a second, so a time written to
/// the second is the right second (or its neighbour at a half-second boundary).
pub const RETURN_TOLERANCE: Tolerance = Tolerance::HALF_SECOND;

/// The most returns per body one search gives (docs/CONVENTIONS.md, Limits).
pub const MAX_RETURNS: usize = 50;

/// The bodies that have returns, in catalogue order: the list of docs/CONVENTIONS.md.
pub const RETURN_BODIES: [Body; 18] = [
    Body::Sun,
    Body::Moon,
    Body::Mercury,
    Body::Venus,
    Body::Mars,
    Body::Jupiter,
    Body::Saturn,
    Body::Uranus,
    Body::Neptune,
    Body::Pluto,
    Body::Chiron,
    Body::Pholus,
    Body::Ceres,
    Body::Pallas,
    Body::Juno,
    Body::Vesta,
    Body::MeanNode,
    Body::MeanApogee,
];

/// How a body with returns moves, as the search needs it: bounds measured with the Swiss
/// Ephemeris over 1800–2400, each with a margin of 3–50 %. With the files of 1200–4800 the
/// largest speeds and retrograde arcs of Jupiter..Pluto, Chiron, Pholus and Ceres..Vesta were
/// measured again over those years (pyswisseph, 2-day steps) and stay inside every bound (the
/// closest: Pholus 0.1425 of 0.15 degree/day, Pallas 0.636 of 0.66); the cluster lengths were
/// not re-measured.
/// `fixtures/returns/generate.py` repeats the measurements and the tests check every bound
/// against them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReturnMotion {
    /// The largest speed in longitude either way, degrees per day. While the body is `d`
    /// degrees from the target it cannot reach it in less than `d / max_speed` days: the scan
    /// skips that time.
    pub max_speed_deg_per_day: f64,
    /// The longest retrograde arc of one loop (from station to station), degrees; 0 for bodies
    /// that never turn back. A body farther than this past the target cannot come back over it
    /// before a full circuit, which ends a cluster.
    pub max_retrograde_arc_deg: f64,
    /// The longest a cluster lasts from its first crossing to its last, days; 0 for bodies
    /// that never turn back. The scan starts this long before `from`, so that a return in
    /// progress at `from` lists its earlier passes.
    pub max_cluster_days: f64,
    /// The mean time between two returns, days: the search gives up (an error, never a short
    /// answer) after scanning twice this per return asked for, plus a margin.
    pub mean_period_days: f64,
}

const fn motion_of(
    max_speed_deg_per_day: f64,
    max_retrograde_arc_deg: f64,
    max_cluster_days: f64,
    mean_period_days: f64,
) -> ReturnMotion {
    ReturnMotion {
        max_speed_deg_per_day,
        max_retrograde_arc_deg,
        max_cluster_days,
        mean_period_days,
    }
}

/// The motion bounds of a body with returns (measured values in the comments), or `None` for
/// other bodies.
#[must_use]
pub fn return_motion(body: Body) -> Option<ReturnMotion> {
    Some(match body {
        // Never turn back. Speeds 1.020 and 15.40°/day.
        Body::Sun => motion_of(1.06, 0.0, 0.0, 365.25),
        Body::Moon => motion_of(16.0, 0.0, 0.0, 27.32),
        // Speeds 2.20, 1.26, 0.79°/day; retrograde arcs 16.3, 16.5, 19.5°; clusters 47, 89,
        // 170 days. Mercury and Venus return about yearly (they follow the Sun on average).
        Body::Mercury => motion_of(2.3, 20.5, 70.0, 365.25),
        Body::Venus => motion_of(1.35, 20.5, 135.0, 365.25),
        Body::Mars => motion_of(0.85, 24.5, 255.0, 687.0),
        // Speeds 0.243, 0.131, 0.065, 0.041, 0.041°/day; arcs 10.1, 7.0, 4.2, 2.8, 2.8°;
        // clusters 244, 274, 298, 594 (five passes), 928 days (five passes).
        Body::Jupiter => motion_of(0.26, 12.5, 370.0, 4_333.0),
        Body::Saturn => motion_of(0.14, 9.0, 410.0, 10_759.0),
        Body::Uranus => motion_of(0.07, 5.5, 450.0, 30_687.0),
        Body::Neptune => motion_of(0.045, 3.6, 900.0, 60_190.0),
        Body::Pluto => motion_of(0.045, 3.6, 1_400.0, 90_560.0),
        // Speeds 0.147, 0.140°/day; arcs 6.5, 6.6°; clusters 594, 970 days (five passes).
        Body::Chiron => motion_of(0.16, 8.5, 900.0, 18_500.0),
        Body::Pholus => motion_of(0.15, 8.5, 1_460.0, 33_640.0),
        // Speeds 0.461, 0.612, 0.599, 0.543°/day; arcs 14.3, 19.4, 15.9, 15.8°; clusters 210,
        // 248, 232, 200 days.
        Body::Ceres => motion_of(0.5, 18.5, 370.0, 1_681.0),
        Body::Pallas => motion_of(0.66, 24.5, 370.0, 1_686.0),
        Body::Juno => motion_of(0.65, 20.5, 370.0, 1_594.0),
        Body::Vesta => motion_of(0.59, 20.5, 370.0, 1_325.0),
        // Never turn back: the mean node always moves backward (0.0529 to 0.0530°/day), the
        // mean apogee always forward (0.1107 to 0.1121°/day).
        Body::MeanNode => motion_of(0.055, 0.0, 0.0, 6_798.0),
        Body::MeanApogee => motion_of(0.12, 0.0, 0.0, 3_232.0),
        _ => return None,
    })
}

impl ReturnMotion {
    /// True for the bodies whose geocentric longitude never turns back: every crossing is a
    /// cluster of its own.
    #[must_use]
    pub fn never_turns(self) -> bool {
        self.max_retrograde_arc_deg == 0.0
    }
}

/// What to search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReturnSearch {
    /// One of [`RETURN_BODIES`].
    pub body: Body,
    /// The body's natal longitude, in the search's zodiac.
    pub natal_lon: Longitude,
    /// Added to the natal longitude: 0 for the return itself, 180 for the demi-return. Any finite
    /// number of degrees (taken on the circle).
    pub target_angle_deg: f64,
    /// Returns whose time is at or after this instant.
    pub from: JulianDayUt,
    /// How many returns, 1..=[`MAX_RETURNS`].
    pub count: usize,
    /// Geocentric longitudes in this zodiac.
    pub zodiac: Zodiac,
}

/// Which way the body crosses the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrossingDirection {
    /// Forward in longitude.
    Direct,
    /// Backward in longitude.
    Retrograde,
}

impl CrossingDirection {
    /// `direct` or `retrograde`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Direct => "direct",
            Self::Retrograde => "retrograde",
        }
    }
}

/// One crossing of the target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReturnCrossing {
    /// Within [`RETURN_TOLERANCE`] of the exact time.
    pub at: JulianDayUt,
    pub direction: CrossingDirection,
}

/// One return: a cluster of crossings and its time.
#[derive(Debug, Clone, PartialEq)]
pub struct Return {
    pub body: Body,
    pub natal_lon: Longitude,
    /// The natal longitude plus the target angle.
    pub target_lon: Longitude,
    /// The cluster's last direct crossing (its last crossing when none is direct), within
    /// [`RETURN_TOLERANCE`] of the exact time.
    pub exact_at: JulianDayUt,
    /// The body's longitude speed at `exact_at`.
    pub speed_deg_per_day: f64,
    /// The speed at `exact_at` is negative.
    pub retrograde_at_exact: bool,
    /// Every crossing of the cluster in time order (one for a body that does not loop over the
    /// target; up to five for the outer planets), including `exact_at`'s.
    pub crossings: Vec<ReturnCrossing>,
    /// The ephemeris of the position at `exact_at`: the data files, or the analytical Moshier
    /// model the library falls back to before them (the planets before 1200, say).
    pub source: EphemerisSource,
}

/// Why returns could not be found.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReturnError {
    /// A position could not be computed (for example Chiron before 1200).
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// A return chart's aspect point is not finite (never from the library's own output).
    #[error(transparent)]
    Aspect(AspectError),
    /// The body is not one of [`RETURN_BODIES`].
    #[error("{body} has no returns here; bodies with returns: {}", return_body_names().join(", "))]
    Body { body: String },
    /// The count is outside 1..=[`MAX_RETURNS`].
    #[error("the number of returns must be between 1 and {MAX_RETURNS} (got {count})")]
    Count { count: usize },
    /// The target angle is not a finite number.
    #[error("the target angle must be a finite number of degrees (got {deg})")]
    TargetAngle { deg: f64 },
    /// The start is not a finite Julian day.
    #[error("the search start must be a finite Julian day (got {jd})")]
    From { jd: f64 },
    /// The samples could not be scanned (a motion too fast for the body's step).
    #[error("scanning {body}: {source}")]
    Scan { body: String, source: ScanError },
    /// A bracketed crossing or station could not be solved.
    #[error("solving a crossing of {body}: {source}")]
    Solve { body: String, source: SolveError },
    /// The scan ran far past every expected return without closing enough clusters: a fault of
    /// the search, never an answer.
    #[error(
        "no return of {body} to {target_deg}° was completed within {days} days of the start; \
         the search gave up rather than answer without it"
    )]
    NotFound {
        body: String,
        target_deg: f64,
        days: f64,
    },
}

impl ReturnError {
    fn from_search(body: Body, error: SearchError<ChartError>) -> Self {
        match error {
            SearchError::Evaluation(e) => Self::Chart(e),
            SearchError::Scan(source) => Self::Scan {
                body: body.name().into_owned(),
                source,
            },
            SearchError::Solve(source) => Self::Solve {
                body: body.name().into_owned(),
                source,
            },
        }
    }
}

/// The API names of [`RETURN_BODIES`].
#[must_use]
pub fn return_body_names() -> Vec<&'static str> {
    RETURN_BODIES
        .iter()
        .map(|b| match b.name() {
            std::borrow::Cow::Borrowed(name) => name,
            std::borrow::Cow::Owned(_) => "asteroid",
        })
        .collect()
}

impl ReturnSearch {
    /// The longitude searched for: the natal longitude plus the target angle.
    ///
    /// # Errors
    /// [`ReturnError::TargetAngle`] for a target angle that is not finite.
    pub fn target_lon(&self) -> Result<Longitude, ReturnError> {
        Longitude::new(self.natal_lon.degrees() + self.target_angle_deg).map_err(|_| {
            ReturnError::TargetAngle {
                deg: self.target_angle_deg,
            }
        })
    }

    fn check(&self) -> Result<(Longitude, ReturnMotion), ReturnError> {
        let Some(physics) = return_motion(self.body) else {
            return Err(ReturnError::Body {
                body: self.body.name().into_owned(),
            });
        };
        if !(1..=MAX_RETURNS).contains(&self.count) {
            return Err(ReturnError::Count { count: self.count });
        }
        if !self.from.0.is_finite() {
            return Err(ReturnError::From { jd: self.from.0 });
        }
        Ok((self.target_lon()?, physics))
    }
}

/// A refined crossing, before it joins a cluster.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Found {
    t_day: f64,
    direction: CrossingDirection,
}

/// What the scan meets, in time order.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Event {
    Crossing(Found),
    /// A station: the motion changes direction.
    Turn(f64),
}

impl Event {
    fn t_day(self) -> f64 {
        match self {
            Event::Crossing(found) => found.t_day,
            Event::Turn(t_day) => t_day,
        }
    }
}

/// Groups crossings into clusters as the scan meets crossings and stations in time order.
#[derive(Debug, Clone, Default)]
struct Clusters {
    /// The body never turns back: every crossing is a cluster of its own.
    never_turns: bool,
    /// The cluster being built.
    open: Vec<Found>,
    /// Stations since the open cluster's last crossing.
    turns_since_last: u32,
}

impl Clusters {
    fn new(never_turns: bool) -> Self {
        Self {
            never_turns,
            ..Self::default()
        }
    }

    /// Takes the next event; returns the cluster it closes, if any.
    fn push(&mut self, event: Event) -> Option<Vec<Found>> {
        match event {
            Event::Turn(_) => {
                if self.never_turns {
                    return None;
                }
                self.turns_since_last = self.turns_since_last.saturating_add(1);
                // A loop that turned short of the target: nothing can join any more.
                (self.turns_since_last >= 2 && !self.open.is_empty())
                    .then(|| std::mem::take(&mut self.open))
            }
            Event::Crossing(found) => {
                let joins = !self.never_turns
                    && self.turns_since_last == 1
                    && self
                        .open
                        .last()
                        .is_some_and(|last| last.direction != found.direction);
                let closed = if joins || self.open.is_empty() {
                    None
                } else {
                    Some(std::mem::take(&mut self.open))
                };
                self.open.push(found);
                self.turns_since_last = 0;
                if self.never_turns {
                    // Closed at once: nothing can join it.
                    debug_assert!(closed.is_none());
                    return Some(std::mem::take(&mut self.open));
                }
                closed
            }
        }
    }
}

impl Clusters {
    /// Closes the open cluster, if any: the body went where nothing more can join it.
    fn close(&mut self) -> Option<Vec<Found>> {
        self.turns_since_last = 0;
        (!self.open.is_empty()).then(|| std::mem::take(&mut self.open))
    }
}

/// The crossing that gives a cluster its time: the last direct one, else the last.
fn reported(cluster: &[Found]) -> Option<&Found> {
    cluster
        .iter()
        .rev()
        .find(|f| f.direction == CrossingDirection::Direct)
        .or_else(|| cluster.last())
}

/// The direction of the motion between two nodes: 1 forward, −1 backward, 0 none.
fn motion_sign(a: &Node, b: &Node) -> i8 {
    let motion = wrap_180(b.sample.value_deg - a.sample.value_deg);
    if motion > 0.0 {
        1
    } else if motion < 0.0 {
        -1
    } else {
        0
    }
}

/// The direction of the segment of the track at time `t_day`: inside a segment, that segment;
/// at a node, the segment after it (before it, at the last node). A crossing lies where the
/// motion is monotone, so this is the direction it crosses in.
fn direction_at(nodes: &[Node], t_day: f64) -> i8 {
    let last_segment = nodes.len().saturating_sub(2);
    let i = nodes
        .partition_point(|n| n.sample.t_day <= t_day)
        .saturating_sub(1)
        .min(last_segment);
    motion_sign(&nodes[i], &nodes[i + 1])
}

/// The next `count` returns of the body to its target at or after `from`, in time order.
///
/// # The scan
///
/// Crossings only happen near the target. While the body is far from it, the scan skips ahead
/// by the least time the body needs to get near ([`ReturnMotion::max_speed_deg_per_day`]); near
/// the target (within the longest retrograde arc) it samples the body at its own step
/// ([`motion::scan_step`]) until the body is past that zone again, builds a [`Track`] of the
/// visit, and refines its crossings and stations. A body past the zone cannot come back over
/// the target before a full circuit, so each visit closes its cluster.
///
/// # Errors
/// [`ReturnError::Body`], [`ReturnError::Count`], [`ReturnError::TargetAngle`],
/// [`ReturnError::From`] for a search that cannot be made; [`ReturnError::Chart`] when a position
/// cannot be computed (a body outside its data file's years); [`ReturnError::Scan`],
/// [`ReturnError::Solve`], [`ReturnError::NotFound`] if the search fails (it reports, never
/// drops).
pub fn find_returns(eph: &Ephemeris, search: &ReturnSearch) -> Result<Vec<Return>, ReturnError> {
    let (target_lon, physics) = search.check()?;
    let body = search.body;
    let frame = Frame {
        center: Center::Geocentric,
        zodiac: search.zodiac,
    };
    let from = search.from.0;
    let target = target_lon.degrees();
    let step = motion::scan_step(body, &frame);
    let eval = |t: f64| search_sample(eph, body, &frame, t);
    let failed = |e| ReturnError::from_search(body, e);
    let distance = |s: &Sample| wrap_180(s.value_deg - target).abs();

    let speed = physics.max_speed_deg_per_day;
    // Within the zone the body is tracked; it is at least half a step of motion wide, so that
    // a step from outside cannot jump over it.
    let zone_deg = physics
        .max_retrograde_arc_deg
        .max(0.5 * speed * step.days());
    // Farther than this, the body cannot be in the zone within one step.
    let reach_deg = zone_deg + speed * step.days();
    #[allow(clippy::cast_precision_loss, reason = "count <= 50")]
    let give_up_at = from
        + physics.max_cluster_days
        + (search.count as f64 + 2.0) * 2.0 * physics.mean_period_days;
    let give_up = || ReturnError::NotFound {
        body: body.name().into_owned(),
        target_deg: target,
        days: give_up_at - from,
    };

    let mut clusters = Clusters::new(physics.never_turns());
    let mut returns: Vec<Return> = Vec::with_capacity(search.count);
    let accept = |cluster: Vec<Found>, returns: &mut Vec<Return>| -> Result<(), ReturnError> {
        let Some(&at) = reported(&cluster) else {
            return Ok(());
        };
        if at.t_day < from || returns.len() == search.count {
            return Ok(());
        }
        let exact_at = JulianDayUt(at.t_day);
        let p = position(eph, exact_at, body, &frame)?;
        returns.push(Return {
            body,
            natal_lon: search.natal_lon,
            target_lon,
            exact_at,
            speed_deg_per_day: p.lon_speed_deg_per_day,
            retrograde_at_exact: p.is_retrograde(),
            crossings: cluster
                .iter()
                .map(|f| ReturnCrossing {
                    at: JulianDayUt(f.t_day),
                    direction: f.direction,
                })
                .collect(),
            source: p.source,
        });
        Ok(())
    };

    let mut sample = eval(from - physics.max_cluster_days)?;
    while returns.len() < search.count {
        if sample.t_day > give_up_at {
            return Err(give_up());
        }
        let d = distance(&sample);
        if d > reach_deg {
            // The earliest time the body could be back in the zone: at least a step ahead.
            sample = eval(sample.t_day + (d - zone_deg) / speed)?;
            continue;
        }
        // A visit to the zone, sampled at the body's step until it is out again.
        let mut samples = vec![sample];
        loop {
            let next = eval(sample.t_day + step.days())?;
            samples.push(next);
            sample = next;
            if distance(&next) > zone_deg {
                break;
            }
            if next.t_day > give_up_at {
                return Err(give_up());
            }
        }
        let track = Track::build(&samples, eval, RETURN_TOLERANCE).map_err(failed)?;
        let nodes = track.nodes();
        let mut events: Vec<Event> = track.turns().map(|n| Event::Turn(n.sample.t_day)).collect();
        let mut crossings = Vec::new();
        track.crossings(target, &mut crossings);
        for crossing in &crossings {
            let exact = track
                .refine(crossing, target, eval, RETURN_TOLERANCE)
                .map_err(failed)?;
            let direction = match direction_at(nodes, crossing.estimate_day) {
                d if d > 0 => CrossingDirection::Direct,
                d if d < 0 => CrossingDirection::Retrograde,
                // A crossing lies on a moving segment; were its motion to round to 0, the rate
                // at the crossing decides.
                _ if exact.rate_deg_per_day < 0.0 => CrossingDirection::Retrograde,
                _ => CrossingDirection::Direct,
            };
            events.push(Event::Crossing(Found {
                t_day: exact.t_day,
                direction,
            }));
        }
        events.sort_by(|a, b| a.t_day().total_cmp(&b.t_day()));
        for event in events {
            if let Some(cluster) = clusters.push(event) {
                accept(cluster, &mut returns)?;
            }
        }
        // Past the zone: nothing more can join the open cluster.
        if let Some(cluster) = clusters.close() {
            accept(cluster, &mut returns)?;
        }
    }
    Ok(returns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use CrossingDirection::{Direct, Retrograde};

    fn crossing(t_day: f64, direction: CrossingDirection) -> Event {
        Event::Crossing(Found { t_day, direction })
    }

    /// Feeds events, returns the closed clusters as (time, direction) lists, and the one still
    /// open.
    fn group(never_turns: bool, events: &[Event]) -> (Vec<Vec<f64>>, Vec<f64>) {
        let mut clusters = Clusters::new(never_turns);
        let closed = events
            .iter()
            .filter_map(|&e| clusters.push(e))
            .map(|c| c.iter().map(|f| f.t_day).collect())
            .collect();
        (closed, clusters.open.iter().map(|f| f.t_day).collect())
    }

    #[test]
    fn a_triple_pass_is_one_cluster_and_reports_its_last_direct_crossing() {
        let events = [
            crossing(10.0, Direct),
            Event::Turn(12.0),
            crossing(20.0, Retrograde),
            Event::Turn(30.0),
            crossing(35.0, Direct),
            Event::Turn(100.0),
            Event::Turn(120.0),
        ];
        let (closed, open) = group(false, &events);
        assert_eq!(closed, [vec![10.0, 20.0, 35.0]]);
        assert!(open.is_empty());
        let cluster = [
            Found {
                t_day: 10.0,
                direction: Direct,
            },
            Found {
                t_day: 20.0,
                direction: Retrograde,
            },
            Found {
                t_day: 35.0,
                direction: Direct,
            },
        ];
        assert_eq!(reported(&cluster).map(|f| f.t_day), Some(35.0));
    }

    #[test]
    fn five_passes_over_two_loops_are_one_cluster() {
        let events = [
            crossing(1.0, Direct),
            Event::Turn(2.0),
            crossing(3.0, Retrograde),
            Event::Turn(4.0),
            crossing(5.0, Direct),
            Event::Turn(6.0),
            crossing(7.0, Retrograde),
            Event::Turn(8.0),
            crossing(9.0, Direct),
            Event::Turn(10.0),
            Event::Turn(11.0),
        ];
        assert_eq!(group(false, &events).0, [vec![1.0, 3.0, 5.0, 7.0, 9.0]]);
    }

    #[test]
    fn a_loop_short_of_the_target_closes_the_cluster() {
        // Passes, turns back without reaching the target, turns again: closed at the second
        // station, before the next pass a circuit later.
        let events = [
            crossing(1.0, Direct),
            Event::Turn(2.0),
            Event::Turn(3.0),
            crossing(400.0, Direct),
        ];
        let (closed, open) = group(false, &events);
        assert_eq!(closed, [vec![1.0]]);
        assert_eq!(open, [400.0]);
    }

    #[test]
    fn same_direction_crossings_are_separate_returns() {
        let events = [crossing(1.0, Direct), crossing(366.0, Direct)];
        let (closed, open) = group(false, &events);
        assert_eq!(closed, [vec![1.0]]);
        assert_eq!(open, [366.0]);
    }

    #[test]
    fn opposite_crossings_three_stations_apart_are_separate() {
        // Turned back once without reaching the target, then came back over it retrograde:
        // not the same loop.
        let events = [
            crossing(1.0, Direct),
            Event::Turn(2.0),
            Event::Turn(3.0),
            Event::Turn(4.0),
            crossing(5.0, Retrograde),
        ];
        let (closed, open) = group(false, &events);
        assert_eq!(closed, [vec![1.0]]);
        assert_eq!(open, [5.0]);
    }

    #[test]
    fn bodies_that_never_turn_close_every_crossing_at_once() {
        let events = [crossing(1.0, Retrograde), crossing(2.0, Retrograde)];
        let (closed, open) = group(true, &events);
        assert_eq!(closed, [vec![1.0], vec![2.0]]);
        assert!(open.is_empty());
    }

    #[test]
    fn a_cluster_without_a_direct_crossing_reports_its_last() {
        let node = [Found {
            t_day: 7.0,
            direction: Retrograde,
        }];
        assert_eq!(reported(&node).map(|f| f.t_day), Some(7.0));
        assert_eq!(reported(&[]), None);
    }

    #[test]
    fn every_return_body_has_a_name_and_its_motion_bounds() {
        assert_eq!(return_body_names().len(), RETURN_BODIES.len());
        assert!(!return_body_names().contains(&"asteroid"));
        for body in RETURN_BODIES {
            let physics = return_motion(body).unwrap();
            assert_eq!(
                physics.max_cluster_days == 0.0,
                physics.never_turns(),
                "{body:?}"
            );
            assert!(physics.max_speed_deg_per_day > 0.0 && physics.mean_period_days > 0.0);
        }
        assert!(return_motion(Body::TrueNode).is_none());
    }
}
