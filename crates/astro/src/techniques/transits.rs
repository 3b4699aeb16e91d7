//! Transits: aspects of the moving bodies to the fixed points of a natal chart.
//!
//! * [`transit_window`]: every exact aspect between `start` and `end`, including each pass of a
//!   retrograde loop (a body that goes over a natal point, back, and over again gives three
//!   events), sorted by time.
//! * [`transit_snapshot`]: the aspects in orb at one instant, with orb, applying/separating and
//!   the retrograde flag.
//!
//! # Definitions
//!
//! A transit aspect of angle `θ` between a moving body at longitude `L(t)` and a natal point at
//! `N` is exact when the shortest-arc difference `wrap(L(t) − N − a)` is 0 for `a = +θ` or
//! `a = −θ` (one target for the conjunction and the opposition): the body `θ` ahead of the natal
//! point or `θ` behind it. Each such passage is an event; the event's `arc_deg` says which side.
//! A body that turns (a station) short of the exact aspect gives no event, however close it
//! came; one that touches the exact aspect at its station without passing gives none either.
//!
//! # Accuracy
//!
//! Event times are within [`EVENT_TOLERANCE`] (half a second) of the ephemeris' exact time: each
//! is polished with real ephemeris calls (see [`crate::search`]); the cubic interpolant between
//! samples only brackets and estimates. Stations are solved to the same tolerance.
//!
//! # Cost
//!
//! Each body is sampled once at its own step ([`motion::scan_step`]); the samples serve every
//! natal point and aspect. A year of the default bodies against twelve points with the major
//! aspects takes about 700 samples and one or two ephemeris calls per event. When the events
//! come several a day, those calls leave the nutation to an interpolation
//! ([`super::nutation`]), which makes them three times cheaper; the event's time moves by under
//! a millisecond, its speed by under 1e-5°/day.

mod report;

pub use report::{
    ExpectedEvents, TransitEvents, TransitNatal, TransitQuery, TransitReport, TransitReportError,
    TransitSpan, expected_events, passes_per_year, spec_default_step_days, transit_report,
    window_samples,
};

use orrery_ephem::Ephemeris;

use super::motion::{self, longitude_sample_interpolated, search_sample};
use super::nutation::{self, InterpolatedNutation};
use crate::angle::{Longitude, wrap_180};
use crate::aspects::{Aspect, AspectConfig, AspectHit, AspectPoint, find_cross};
use crate::body::Body;
use crate::chart::{ChartError, Frame, position};
use crate::error::AspectError;
use crate::search::{
    Crossing, Sample, ScanError, ScanStep, SearchError, SolveError, Tolerance, Track,
};
use crate::time::JulianDayUt;

/// How close to the ephemeris' exact time each event is: half a second, so an event written to
/// the second is the right second (or its neighbour at a half-second boundary).
pub const EVENT_TOLERANCE: Tolerance = Tolerance::HALF_SECOND;

/// From this many crossings per day of window, the refinements take the nutation from an
/// interpolation ([`super::nutation`]). Each refinement then saves two of the library's
/// nutations and each half-day grid value costs one; below about one crossing a day the grid
/// values would cost more than the refinements save.
const INTERPOLATED_NUTATION_MIN_PER_DAY: f64 = 2.0;

/// The default transiting bodies: the Sun to Pluto, and Chiron.
pub const DEFAULT_TRANSIT_BODIES: [Body; 11] = [
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
];

/// The bodies of a natal chart computed from a birth: the Sun to Pluto, the mean node and
/// Chiron (the `ascendant` and `mc` follow them, [`super::natal::birth_points`]). One node only:
/// the mean and true nodes are within 2° of each other and would double every event.
pub const NATAL_BODIES: [Body; 12] = Body::CORE_POINTS;

/// A fixed point of the natal chart: a body's natal longitude, or an angle such as `ascendant`
/// or `mc`.
#[derive(Debug, Clone, PartialEq)]
pub struct NatalPoint {
    pub name: String,
    pub lon: Longitude,
}

impl NatalPoint {
    /// A natal point.
    pub fn new(name: impl Into<String>, lon: Longitude) -> Self {
        Self {
            name: name.into(),
            lon,
        }
    }
}

/// What a window search looks for.
#[derive(Debug, Clone, PartialEq)]
pub struct TransitWindow {
    /// The transiting bodies; a body named twice is searched once.
    pub bodies: Vec<Body>,
    /// The natal points.
    pub natal: Vec<NatalPoint>,
    /// The aspects (their orbs play no part in window mode: events are exact).
    pub aspects: AspectConfig,
    /// The window, inclusive at both ends.
    pub start: JulianDayUt,
    pub end: JulianDayUt,
    /// The frame of the transiting positions (geocentric tropical as a rule; the natal points
    /// must be in the same zodiac).
    pub frame: Frame,
    /// Never sample a body more coarsely than this. Each body's own step
    /// ([`motion::scan_step`]) already finds every event; a cap only adds samples (a request's
    /// `step_days`, for instance).
    pub step_cap: Option<ScanStep>,
}

/// One exact transit aspect.
#[derive(Debug, Clone, PartialEq)]
pub struct TransitEvent {
    pub transit_point: Body,
    pub natal_point: String,
    pub aspect: Aspect,
    /// The aspect's angle, in `[0, 180]` degrees.
    pub angle_deg: f64,
    /// The arc from the natal point to the transiting body at the exact time: `+angle` when the
    /// body is ahead of the natal point in zodiacal order, `−angle` when behind (`0` and `180` for
    /// the conjunction and the opposition).
    pub arc_deg: f64,
    /// When the aspect is exact, within [`EVENT_TOLERANCE`].
    pub exact_at: JulianDayUt,
    pub transit_lon: Longitude,
    pub transit_speed_deg_per_day: f64,
    /// Retrograde: the longitude speed is negative.
    pub retrograde: bool,
}

/// A transit aspect in orb at an instant.
#[derive(Debug, Clone, PartialEq)]
pub struct TransitAspect {
    /// The aspect, with `first` the transiting body and `second` the natal point; `applying` and
    /// `exact_in_days` come from the transiting body's speed (natal points do not move).
    pub hit: AspectHit,
    pub transit_point: Body,
    pub transit_lon: Longitude,
    pub transit_speed_deg_per_day: f64,
    pub retrograde: bool,
}

/// Why transits could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TransitError {
    /// A position could not be computed (for example Chiron before 1200).
    #[error(transparent)]
    Chart(#[from] ChartError),
    #[error(transparent)]
    Aspect(#[from] AspectError),
    /// The window's ends are not finite, or the end is before the start.
    #[error(
        "the transit window must run forward between finite Julian days (got {start_jd} to {end_jd})"
    )]
    Window { start_jd: f64, end_jd: f64 },
    /// The samples of a body could not be scanned (a motion too fast for its step).
    #[error("scanning {body}: {source}")]
    Scan { body: String, source: ScanError },
    /// A bracketed event or station could not be solved.
    #[error("solving an event of {body}: {source}")]
    Solve { body: String, source: SolveError },
}

impl TransitError {
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

/// One longitude a body must reach: a natal point plus an aspect arc.
#[derive(Debug, Clone, Copy)]
struct Target {
    natal: usize,
    aspect: Aspect,
    arc_deg: f64,
    lon_deg: f64,
}

/// The targets of every natal point and aspect: `N + θ` and `N − θ`, once for 0° and 180°.
fn targets(natal: &[NatalPoint], aspects: &[Aspect]) -> Vec<Target> {
    let mut out = Vec::with_capacity(natal.len() * aspects.len() * 2);
    for (i, point) in natal.iter().enumerate() {
        for &aspect in aspects {
            let angle = aspect.angle_deg();
            let arcs: &[f64] = if matches!(aspect, Aspect::Conjunction | Aspect::Opposition) {
                &[angle]
            } else {
                &[angle, -angle]
            };
            for &arc_deg in arcs {
                out.push(Target {
                    natal: i,
                    aspect,
                    arc_deg,
                    // Not reduced to [0, 360): the search compares on the circle.
                    lon_deg: point.lon.degrees() + arc_deg,
                });
            }
        }
    }
    out
}

/// Every exact transit aspect in the window, sorted by time (then by body in the input's order,
/// natal point in the input's order, aspect in catalogue order and arc).
///
/// # Errors
/// [`TransitError::Window`] for a window that does not run forward; [`TransitError::Chart`] when
/// a position cannot be computed (a body outside its data file's years);
/// [`TransitError::Scan`]/[`TransitError::Solve`] if the search fails (it reports, never drops).
pub fn transit_window(
    eph: &Ephemeris,
    input: &TransitWindow,
) -> Result<Vec<TransitEvent>, TransitError> {
    let (start, end) = (input.start.0, input.end.0);
    if !start.is_finite() || !end.is_finite() || end < start {
        return Err(TransitError::Window {
            start_jd: start,
            end_jd: end,
        });
    }
    let mut bodies: Vec<Body> = Vec::with_capacity(input.bodies.len());
    for &body in &input.bodies {
        if !bodies.contains(&body) {
            bodies.push(body);
        }
    }
    let targets = targets(&input.natal, input.aspects.aspects());
    let frame = input.frame;
    if end <= start {
        return instant_events(eph, &bodies, &frame, input.start, &input.natal, &targets);
    }

    let samples = sample_bodies(eph, &bodies, &frame, start, end, input.step_cap)?;

    // Every crossing of every target, then the refinements in time order (the ephemeris reads
    // its files forward, which is cheaper than jumping about).
    let mut tracks = Vec::with_capacity(bodies.len());
    let mut work: Vec<(usize, usize, Crossing)> = Vec::new();
    let mut crossings = Vec::new();
    for (b, (&body, body_samples)) in bodies.iter().zip(&samples).enumerate() {
        let track = Track::build(
            body_samples,
            |t| search_sample(eph, body, &frame, t),
            EVENT_TOLERANCE,
        )
        .map_err(|e| TransitError::from_search(body, e))?;
        for (k, target) in targets.iter().enumerate() {
            crossings.clear();
            track.crossings(target.lon_deg, &mut crossings);
            work.extend(crossings.iter().map(|&c| (b, k, c)));
        }
        tracks.push(track);
    }
    work.sort_by(|x, y| x.2.estimate_day.total_cmp(&y.2.estimate_day));

    // Refinements several times a day share an interpolated nutation: each saves the library
    // two nutations, and each half-day grid value costs one (see `nutation`). Not for
    // geocentric positions, which the position cache holds with their nutation (it would only
    // add the grid's library calls, and build the cache's mean-equinox segments as well).
    #[allow(clippy::cast_precision_loss, reason = "a count of crossings")]
    let dense = work.len() as f64 >= INTERPOLATED_NUTATION_MIN_PER_DAY * (end - start);
    let mut nutation =
        (dense && nutation::applies_to(&frame) && frame.center != crate::chart::Center::Geocentric)
            .then(|| InterpolatedNutation::covering(start, end));

    let mut events = Vec::with_capacity(work.len());
    for (b, k, crossing) in work {
        let (body, track) = (bodies[b], &tracks[b]);
        let target = &targets[k];
        let exact = track
            .refine(
                &crossing,
                target.lon_deg,
                |t| match nutation.as_mut() {
                    Some(nutation) => longitude_sample_interpolated(eph, body, &frame, t, nutation),
                    None => search_sample(eph, body, &frame, t),
                },
                EVENT_TOLERANCE,
            )
            .map_err(|e| TransitError::from_search(body, e))?;
        events.push((event(body, &input.natal, target, &exact)?, b, target.natal));
    }
    Ok(sorted(events))
}

/// Sorts events by time, then body and natal point (both in the input's order, which the
/// indices carry), aspect and arc.
fn sorted(mut events: Vec<(TransitEvent, usize, usize)>) -> Vec<TransitEvent> {
    events.sort_by(|(x, x_body, x_natal), (y, y_body, y_natal)| {
        x.exact_at
            .0
            .total_cmp(&y.exact_at.0)
            .then(x_body.cmp(y_body))
            .then(x_natal.cmp(y_natal))
            .then(x.aspect.cmp(&y.aspect))
            .then(x.arc_deg.total_cmp(&y.arc_deg))
    });
    events.into_iter().map(|(event, _, _)| event).collect()
}

/// The events of a window of zero length: bodies exactly on a target (and moving).
fn instant_events(
    eph: &Ephemeris,
    bodies: &[Body],
    frame: &Frame,
    at: JulianDayUt,
    natal: &[NatalPoint],
    targets: &[Target],
) -> Result<Vec<TransitEvent>, TransitError> {
    let mut events = Vec::new();
    for (b, &body) in bodies.iter().enumerate() {
        let sample = search_sample(eph, body, frame, at.0)?;
        for target in targets {
            if wrap_180(sample.value_deg - target.lon_deg) == 0.0 && sample.rate_deg_per_day != 0.0
            {
                events.push((event(body, natal, target, &sample)?, b, target.natal));
            }
        }
    }
    Ok(sorted(events))
}

/// Samples every body at its own step over the window, in time order across bodies: bodies
/// whose steps divide one another share sample times, and the ephemeris computes the Earth's
/// position once for all of them at each shared time.
fn sample_bodies(
    eph: &Ephemeris,
    bodies: &[Body],
    frame: &Frame,
    start: f64,
    end: f64,
    cap: Option<ScanStep>,
) -> Result<Vec<Vec<Sample>>, TransitError> {
    let mut plan: Vec<(f64, usize)> = Vec::new();
    let mut samples = Vec::with_capacity(bodies.len());
    for (b, &body) in bodies.iter().enumerate() {
        let step = motion::scan_step(body, frame);
        let step = cap.map_or(step, |cap| step.min(cap));
        let times = step
            .times(start, end)
            .map_err(|source| TransitError::Scan {
                body: body.name().into_owned(),
                source,
            })?;
        samples.push(Vec::with_capacity(times.len()));
        plan.extend(times.into_iter().map(|t| (t, b)));
    }
    plan.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    for (t, b) in plan {
        samples[b].push(search_sample(eph, bodies[b], frame, t)?);
    }
    Ok(samples)
}

fn event(
    body: Body,
    natal: &[NatalPoint],
    target: &Target,
    exact: &Sample,
) -> Result<TransitEvent, TransitError> {
    let transit_lon = Longitude::new(exact.value_deg).map_err(|_| {
        ChartError::Ephemeris(orrery_ephem::EphemError::Library {
            function: "swe_calc_ut",
            message: format!("{} longitude is not finite", body.name()),
        })
    })?;
    Ok(TransitEvent {
        transit_point: body,
        natal_point: natal[target.natal].name.clone(),
        aspect: target.aspect,
        angle_deg: target.aspect.angle_deg(),
        arc_deg: target.arc_deg,
        exact_at: JulianDayUt(exact.t_day),
        transit_lon,
        transit_speed_deg_per_day: exact.rate_deg_per_day,
        retrograde: exact.rate_deg_per_day < 0.0,
    })
}

/// The transit aspects in orb at `at`: each body's position and speed against the natal points,
/// with the orbs of `config`. Sorted as [`find_cross`] sorts (closest orb first).
///
/// The natal points are given a speed of 0 (they do not move), so `applying` and
/// `exact_in_days` come from the transiting body's speed alone; with no speed at all the aspect
/// finder would leave them out.
///
/// # Errors
/// [`TransitError::Chart`] when a position cannot be computed.
pub fn transit_snapshot(
    eph: &Ephemeris,
    at: JulianDayUt,
    bodies: &[Body],
    natal: &[NatalPoint],
    config: &AspectConfig,
    frame: &Frame,
) -> Result<Vec<TransitAspect>, TransitError> {
    let mut positions = Vec::with_capacity(bodies.len());
    for &body in bodies {
        if positions.iter().any(|(b, _)| *b == body) {
            continue;
        }
        positions.push((body, position(eph, at, body, frame)?));
    }
    let moving = positions
        .iter()
        .map(|(body, p)| AspectPoint::new(body.name(), p.lon, Some(p.lon_speed_deg_per_day)))
        .collect::<Result<Vec<_>, _>>()?;
    let fixed = natal
        .iter()
        .map(|p| AspectPoint::new(p.name.clone(), p.lon, Some(0.0)))
        .collect::<Result<Vec<_>, _>>()?;
    let report = find_cross(&moving, &fixed, config);
    Ok(report
        .aspects
        .into_iter()
        .filter_map(|hit| {
            let (body, p) = positions.iter().find(|(b, _)| b.name() == hit.first)?;
            Some(TransitAspect {
                transit_point: *body,
                transit_lon: p.lon,
                transit_speed_deg_per_day: p.lon_speed_deg_per_day,
                retrograde: p.is_retrograde(),
                hit,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conjunction_and_opposition_have_one_target_the_others_two() {
        let natal = [NatalPoint::new("mc", Longitude::new(350.0).unwrap())];
        let all = targets(
            &natal,
            &Aspect::of_categories(&[crate::aspects::AspectCategory::Major]),
        );
        let arcs: Vec<(Aspect, f64)> = all.iter().map(|t| (t.aspect, t.arc_deg)).collect();
        assert_eq!(
            arcs,
            [
                (Aspect::Conjunction, 0.0),
                (Aspect::Sextile, 60.0),
                (Aspect::Sextile, -60.0),
                (Aspect::Square, 90.0),
                (Aspect::Square, -90.0),
                (Aspect::Trine, 120.0),
                (Aspect::Trine, -120.0),
                (Aspect::Opposition, 180.0),
            ]
        );
        // 350° + 60° is 50° on the circle: the search compares with the wrapped difference.
        let sextile = &all[1];
        assert!(wrap_180(sextile.lon_deg - 50.0).abs() < 1e-12);
    }

    #[test]
    fn events_sort_by_time_then_input_order() {
        let event = |jd: f64, natal: &str, arc_deg: f64| TransitEvent {
            transit_point: Body::Mars,
            natal_point: natal.to_owned(),
            aspect: Aspect::Square,
            angle_deg: 90.0,
            arc_deg,
            exact_at: JulianDayUt(jd),
            transit_lon: Longitude::ZERO,
            transit_speed_deg_per_day: 0.5,
            retrograde: false,
        };
        let sorted = sorted(vec![
            (event(2.0, "b", 90.0), 0, 1),
            (event(1.0, "b", 90.0), 0, 1),
            (event(1.0, "a", -90.0), 0, 0),
            (event(1.0, "a", 90.0), 0, 0),
        ]);
        let order: Vec<(f64, &str, f64)> = sorted
            .iter()
            .map(|e| (e.exact_at.0, e.natal_point.as_str(), e.arc_deg))
            .collect();
        assert_eq!(
            order,
            [
                (1.0, "a", -90.0),
                (1.0, "a", 90.0),
                (1.0, "b", 90.0),
                (2.0, "b", 90.0)
            ]
        );
    }
}
