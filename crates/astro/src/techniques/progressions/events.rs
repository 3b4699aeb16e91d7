//! Exact aspects over a span of ages, in three frames:
//!
//! * [`AspectFrame::ProgressedNatal`]: each progressed (or directed) point against the natal
//!   points. One track per body on the progressed time axis serves every natal point and aspect;
//!   solar-arc points all ride on the progressed Sun's track, each with its offset.
//! * [`AspectFrame::ProgressedProgressed`]: each pair of progressed points. The angle searched is
//!   their difference, sampled once per body on a common grid.
//! * [`AspectFrame::TransitProgressed`]: each transiting body against each progressed point at
//!   the same calendar date (the date of the age: birth + age × 365.24219 days). The angle
//!   searched is `transit − progressed` on the calendar axis, its rate
//!   `v_transit − k · v_progressed` with `k` progressed days per calendar day. Each transiting
//!   body is evaluated for real; the progressed side, which moves slowly on the calendar (at
//!   most the minor-progressed Moon's degree a day), is interpolated between real samples to
//!   within 1e-9° (the reasons are at `INTERPOLATION_STEP_PROGRESSED_DAYS`). The span is worked
//!   through one year of life at a time, and the list stops at the event cap: the events
//!   returned are every event up to the last one kept, and [`Truncation`] says so.
//!
//! An aspect of angle `θ` is exact when the arc from the aspected point to the moving point is
//! `+θ` or `−θ` (once for 0° and 180°); [`ProgressionEvent::arc_deg`] tells which. A turn short
//! of exactness (a near miss at a station) is no event; each pass of a retrograde loop is one.

use std::cell::Cell;

use orrery_ephem::Ephemeris;

use super::{
    EVENT_TOLERANCE, IDENTITY_AGE_YEARS, MovingPoint, Progression, ProgressionError,
    ProgressionMethod, Resolved, TROPICAL_YEAR_DAYS, age_at, base_tracks, calendar_jd,
    finite_longitude, grid, progressed_window, sample_in_time_order, step_cap,
};
use crate::angle::{Longitude, wrap_180};
use crate::aspects::{Aspect, AspectConfig};
use crate::body::Body;
use crate::chart::{ChartError, Frame};
use crate::search::{Crossing, Sample, ScanStep, Track};
use crate::techniques::motion::{scan_step, search_sample};
use crate::techniques::transits::NatalPoint;
use crate::time::JulianDayUt;

/// An event's transiting longitude is carried from the last real evaluation of the search to
/// the exact time when it lies this close, in days (a minute): the error is half the
/// acceleration times the square of the gap, under 2e-7° for the Moon. Farther, it is computed
/// afresh.
const DETAILS_REACH_DAYS: f64 = 60.0 / 86_400.0;

/// The spacing of the real samples a progressed point is interpolated between when transits
/// are searched against it, in progressed days. A cubic Hermite interpolant (values and rates)
/// is off by at most `h⁴/384 · max|L''''|`. The fastest progressed point, the Moon, has
/// `|L''''|` under 0.06°/day⁴ (the sum of `A·ω⁴` over its largest terms: the anomaly 6.29° in
/// 27.55 days, 0.017; the variation 0.66° in 14.77 days, 0.022; the second anomaly term 0.21°
/// in 13.78 days, 0.009; the evection 1.27° in 31.8 days, 0.002), so at 0.05 progressed days
/// the interpolant is within 1e-9° of the ephemeris: far below the 1e-7° the positions are
/// held to. It costs a real sample per 0.05 progressed days (18 days of the calendar in
/// secondary progressions), and every evaluation of the search then takes one ephemeris call
/// at one date instead of two calls decades apart (which costs four times as much: the library
/// recomputes the Earth and the nutation at each change of date).
const INTERPOLATION_STEP_PROGRESSED_DAYS: f64 = 0.05;

/// The most events a transit-to-progressed search returns (docs/CONVENTIONS.md, Limits).
pub const TRANSIT_PROGRESSED_EVENT_CAP: usize = 8000;

/// What the moving points are aspected against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AspectFrame {
    /// Progressed points to the natal points.
    ProgressedNatal,
    /// Progressed points to each other.
    ProgressedProgressed,
    /// Transiting bodies to the progressed points, at the same calendar date.
    TransitProgressed,
}

impl AspectFrame {
    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::ProgressedNatal => "progressed_natal",
            Self::ProgressedProgressed => "progressed_progressed",
            Self::TransitProgressed => "transit_progressed",
        }
    }
}

/// What a window search looks for.
#[derive(Debug, Clone, PartialEq)]
pub struct AspectWindow {
    pub frame: AspectFrame,
    /// The progressed (or directed) points.
    pub moving: Vec<MovingPoint>,
    /// The transiting bodies ([`AspectFrame::TransitProgressed`] only).
    pub transit_bodies: Vec<Body>,
    /// The aspects (their orbs play no part: events are exact).
    pub aspects: AspectConfig,
    pub age_start_years: f64,
    pub age_end_years: f64,
    /// Never sample more coarsely than this many years of life. Each point's own step already
    /// finds every event; a cap only adds samples.
    pub step_cap_years: Option<f64>,
    /// The most events returned ([`AspectFrame::TransitProgressed`] only).
    pub event_cap: usize,
}

/// One exact aspect.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressionEvent {
    /// The moving point: progressed (progressed frames) or transiting.
    pub moving_point: String,
    /// The aspected point: natal, or progressed (`progressed_progressed`,
    /// `transit_progressed`).
    pub natal_point: String,
    pub aspect: Aspect,
    pub angle_deg: f64,
    /// The arc from the aspected point to the moving point at the exact time: `+angle` or
    /// `−angle` (`0` and `180` for the conjunction and the opposition).
    pub arc_deg: f64,
    pub age_years: f64,
    /// The progressed instant of that age.
    pub progressed_jd: JulianDayUt,
    /// The calendar date of that age (UT).
    pub calendar_jd: JulianDayUt,
    pub moving_lon: Longitude,
    /// Degrees per day of the moving point's own time axis (progressed days for progressed
    /// points, calendar days for transiting bodies).
    pub moving_speed_deg_per_day: f64,
    pub retrograde: bool,
    /// The aspected point's longitude at the exact time.
    pub natal_lon: Longitude,
}

/// A list stopped at its cap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Truncation {
    pub cap: usize,
    /// Every event up to this age is in the list; later ones were left out.
    pub complete_until_years: f64,
}

/// The events found, and whether the list was cut at its cap.
#[derive(Debug, Clone, PartialEq)]
pub struct AspectEvents {
    pub events: Vec<ProgressionEvent>,
    pub truncated: Option<Truncation>,
}

/// An aspect's arcs: `+θ` and `−θ`, once for 0° and 180°.
fn arcs(aspects: &[Aspect]) -> Vec<(Aspect, f64)> {
    let mut out = Vec::with_capacity(aspects.len() * 2);
    for &aspect in aspects {
        let angle = aspect.angle_deg();
        out.push((aspect, angle));
        if !matches!(aspect, Aspect::Conjunction | Aspect::Opposition) {
            out.push((aspect, -angle));
        }
    }
    out
}

/// An event with its sort key: the moving point's and aspected point's indices in the input.
#[derive(Debug, Clone)]
struct Keyed {
    event: ProgressionEvent,
    moving: usize,
    aspected: usize,
}

/// Sorts by time, then moving point and aspected point in input order, aspect and arc.
fn sorted(mut events: Vec<Keyed>) -> Vec<ProgressionEvent> {
    sort(&mut events);
    events.into_iter().map(|k| k.event).collect()
}

fn sort(events: &mut [Keyed]) {
    events.sort_by(|x, y| {
        x.event
            .calendar_jd
            .0
            .total_cmp(&y.event.calendar_jd.0)
            .then(x.moving.cmp(&y.moving))
            .then(x.aspected.cmp(&y.aspected))
            .then(x.event.aspect.cmp(&y.event.aspect))
            .then(x.event.arc_deg.total_cmp(&y.event.arc_deg))
    });
}

/// Every exact aspect of `window` in its frame, sorted by time (then moving point, aspected
/// point, aspect and arc).
///
/// # Errors
/// [`ProgressionError::Window`]/[`ProgressionError::Step`] for a bad span or cap;
/// [`ProgressionError::Unsupported`] for progressed-to-progressed solar arc (directed points
/// keep their natal distances, so their mutual aspects never change); the errors of the moving
/// points ([`super::snapshot`]); [`ProgressionError::Scan`]/[`ProgressionError::Solve`] if the
/// search fails (it reports, never drops).
pub fn aspect_events(
    eph: &Ephemeris,
    progression: &Progression,
    window: &AspectWindow,
) -> Result<AspectEvents, ProgressionError> {
    let (start, end) =
        progressed_window(progression, window.age_start_years, window.age_end_years)?;
    let resolved = Resolved::new(eph, progression, &window.moving)?;
    resolved.searchable()?;
    let arcs = arcs(window.aspects.aspects());
    match window.frame {
        AspectFrame::ProgressedNatal => {
            let cap = step_cap(
                window.step_cap_years,
                progression.method.progressed_days_per_year(),
            )?;
            let events = progressed_natal(&resolved, &arcs, (start, end), cap)?;
            Ok(AspectEvents {
                events,
                truncated: None,
            })
        }
        AspectFrame::ProgressedProgressed => {
            if progression.method == ProgressionMethod::SolarArc {
                return Err(ProgressionError::Unsupported {
                    method: progression.method,
                    what: "progressed-to-progressed aspects".into(),
                    why: "every directed point moves by the same arc, so their aspects to each \
                          other never change",
                });
            }
            let cap = step_cap(
                window.step_cap_years,
                progression.method.progressed_days_per_year(),
            )?;
            let events = progressed_progressed(&resolved, &arcs, (start, end), cap)?;
            Ok(AspectEvents {
                events,
                truncated: None,
            })
        }
        AspectFrame::TransitProgressed => {
            let cap = step_cap(window.step_cap_years, TROPICAL_YEAR_DAYS)?;
            transit_progressed(&resolved, window, &arcs, cap)
        }
    }
}

/// Stops the search once its request is cancelled. The crossings of a pair's track are read
/// from its cubics without a library call, and a long window has thousands of pairs: without
/// this the search ran on for most of a second after its 504 (the production cancellation test).
///
/// # Errors
/// The ephemeris' `Cancelled`, as a chart error.
fn check_cancelled() -> Result<(), ProgressionError> {
    orrery_ephem::check_cancelled().map_err(|e| ProgressionError::Chart(ChartError::Ephemeris(e)))
}

fn progressed_natal(
    r: &Resolved<'_>,
    arcs: &[(Aspect, f64)],
    window: (f64, f64),
    cap: Option<ScanStep>,
) -> Result<Vec<ProgressionEvent>, ProgressionError> {
    let tracks = base_tracks(r, window, cap)?;
    let natal: &[NatalPoint] = &r.progression.natal;
    // (mover, natal point, arc index, crossing)
    let mut work: Vec<(usize, usize, usize, Crossing)> = Vec::new();
    let mut crossings = Vec::new();
    for (m, mover) in r.movers.iter().enumerate() {
        for (n, point) in natal.iter().enumerate() {
            check_cancelled()?;
            for (a, &(_, arc)) in arcs.iter().enumerate() {
                crossings.clear();
                let target = point.lon.degrees() + arc - mover.offset_deg;
                tracks[mover.base].crossings(target, &mut crossings);
                work.extend(crossings.iter().map(|&c| (m, n, a, c)));
            }
        }
    }
    // Refine in time order: the ephemeris reads its files forward.
    work.sort_by(|x, y| x.3.estimate_day.total_cmp(&y.3.estimate_day));
    let method = r.method();
    let birth = r.progression.birth;
    let mut events = Vec::with_capacity(work.len());
    for (m, n, a, crossing) in work {
        let mover = &r.movers[m];
        let point = &natal[n];
        let (aspect, arc) = arcs[a];
        let target = point.lon.degrees() + arc - mover.offset_deg;
        let exact = tracks[mover.base]
            .refine(
                &crossing,
                target,
                |t| r.eval_base(mover.base, t),
                EVENT_TOLERANCE,
            )
            .map_err(|e| ProgressionError::from_search(&mover.name, e))?;
        let age = method.age_of_progressed(birth, exact.t_day);
        let identity = mover.name == point.name
            && aspect == Aspect::Conjunction
            && age.abs() < IDENTITY_AGE_YEARS;
        if identity {
            continue;
        }
        events.push(Keyed {
            event: ProgressionEvent {
                moving_point: mover.name.clone(),
                natal_point: point.name.clone(),
                aspect,
                angle_deg: aspect.angle_deg(),
                arc_deg: arc,
                age_years: age,
                progressed_jd: JulianDayUt(exact.t_day),
                calendar_jd: calendar_jd(birth, age),
                moving_lon: finite_longitude(&mover.name, exact.value_deg + mover.offset_deg)?,
                moving_speed_deg_per_day: exact.rate_deg_per_day,
                retrograde: exact.rate_deg_per_day < 0.0,
                natal_lon: point.lon,
            },
            moving: m,
            aspected: n,
        });
    }
    Ok(sorted(events))
}

/// The difference `a − b` of two samples at the same time, with `b`'s rate scaled by `k`.
fn difference(t_day: f64, a: &Sample, b: &Sample, offset_deg: f64, k: f64) -> Sample {
    Sample {
        t_day,
        value_deg: a.value_deg - b.value_deg + offset_deg,
        rate_deg_per_day: a.rate_deg_per_day - k * b.rate_deg_per_day,
    }
}

fn progressed_progressed(
    r: &Resolved<'_>,
    arcs: &[(Aspect, f64)],
    (start, end): (f64, f64),
    cap: Option<ScanStep>,
) -> Result<Vec<ProgressionEvent>, ProgressionError> {
    let Some(mut step) = (0..r.bases.len())
        .map(|b| r.base_step(b))
        .reduce(ScanStep::min)
    else {
        return Ok(Vec::new());
    };
    if let Some(cap) = cap {
        step = step.min(cap);
    }
    let times = grid(step, start, end, "progressed points")?;
    let grids = vec![times; r.bases.len()];
    let samples = sample_in_time_order(&grids, |b, t| r.eval_base(b, t))?;
    let method = r.method();
    let birth = r.progression.birth;
    let mut events = Vec::new();
    let mut crossings = Vec::new();
    for i in 0..r.movers.len() {
        for j in i + 1..r.movers.len() {
            let (mi, mj) = (&r.movers[i], &r.movers[j]);
            let offset = mi.offset_deg - mj.offset_deg;
            let eval = |t: f64| -> Result<Sample, ChartError> {
                let a = r.eval_base(mi.base, t)?;
                let b = r.eval_base(mj.base, t)?;
                Ok(difference(t, &a, &b, offset, 1.0))
            };
            let pair_name = format!("{} and {}", mi.name, mj.name);
            let diffs: Vec<Sample> = samples[mi.base]
                .iter()
                .zip(&samples[mj.base])
                .map(|(a, b)| difference(a.t_day, a, b, offset, 1.0))
                .collect();
            check_cancelled()?;
            let track = Track::build(&diffs, eval, EVENT_TOLERANCE)
                .map_err(|e| ProgressionError::from_search(&pair_name, e))?;
            for &(aspect, arc) in arcs {
                crossings.clear();
                track.crossings(arc, &mut crossings);
                for crossing in &crossings {
                    let exact = track
                        .refine(crossing, arc, eval, EVENT_TOLERANCE)
                        .map_err(|e| ProgressionError::from_search(&pair_name, e))?;
                    let a = r.eval_mover(i, exact.t_day)?;
                    let b = r.eval_mover(j, exact.t_day)?;
                    let age = method.age_of_progressed(birth, exact.t_day);
                    events.push(Keyed {
                        event: ProgressionEvent {
                            moving_point: mi.name.clone(),
                            natal_point: mj.name.clone(),
                            aspect,
                            angle_deg: aspect.angle_deg(),
                            arc_deg: arc,
                            age_years: age,
                            progressed_jd: JulianDayUt(exact.t_day),
                            calendar_jd: calendar_jd(birth, age),
                            moving_lon: finite_longitude(&mi.name, a.value_deg)?,
                            moving_speed_deg_per_day: a.rate_deg_per_day,
                            retrograde: a.rate_deg_per_day < 0.0,
                            natal_lon: finite_longitude(&mj.name, b.value_deg)?,
                        },
                        moving: i,
                        aspected: j,
                    });
                }
            }
        }
    }
    Ok(sorted(events))
}

fn transit_progressed(
    r: &Resolved<'_>,
    window: &AspectWindow,
    arcs: &[(Aspect, f64)],
    cap: Option<ScanStep>,
) -> Result<AspectEvents, ProgressionError> {
    let method = r.method();
    let birth = r.progression.birth;
    let frame = Frame::GEOCENTRIC_TROPICAL;
    let mut transits: Vec<Body> = Vec::with_capacity(window.transit_bodies.len());
    for &body in &window.transit_bodies {
        if !transits.contains(&body) {
            transits.push(body);
        }
    }
    if transits.is_empty() || r.movers.is_empty() {
        return Ok(AspectEvents {
            events: Vec::new(),
            truncated: None,
        });
    }
    // Progressed days per calendar day.
    let k = method.progressed_days_per_year() / TROPICAL_YEAR_DAYS;
    let progressed_jd = |t: f64| method.progressed_jd(birth, age_at(birth, JulianDayUt(t))).0;
    // Each transiting body at its own step, no coarser than any progressed point's own step
    // carried to the calendar (the difference turns where either does) or the cap.
    let mut finest_progressed = (0..r.bases.len())
        .filter_map(|b| ScanStep::from_days(r.base_step(b).days() / k).ok())
        .reduce(ScanStep::min);
    if let Some(cap) = cap {
        finest_progressed = Some(finest_progressed.map_or(cap, |s| s.min(cap)));
    }
    let transit_steps: Vec<ScanStep> = transits
        .iter()
        .map(|&b| {
            let own = scan_step(b, &frame);
            finest_progressed.map_or(own, |s| own.min(s))
        })
        .collect();
    let interpolation_step =
        ScanStep::from_days(INTERPOLATION_STEP_PROGRESSED_DAYS / k).map_err(|source| {
            ProgressionError::Scan {
                point: "progressed points".into(),
                source,
            }
        })?;
    let start = calendar_jd(birth, window.age_start_years).0;
    let end = calendar_jd(birth, window.age_end_years).0;

    let mut events: Vec<Keyed> = Vec::new();
    let mut chunk_start = start;
    while chunk_start < end {
        let chunk_end = (chunk_start + TROPICAL_YEAR_DAYS).min(end);
        let last = chunk_end >= end;
        // The progressed points, densely enough to interpolate, on the calendar axis.
        let times = grid(
            interpolation_step,
            chunk_start,
            chunk_end,
            "progressed points",
        )?;
        let progressed_times: Vec<f64> = times.iter().map(|&t| progressed_jd(t)).collect();
        let base_grids = vec![progressed_times; r.bases.len()];
        let interpolants: Vec<Interpolant> =
            sample_in_time_order(&base_grids, |b, t| r.eval_base(b, t))?
                .into_iter()
                .map(|samples| Interpolant::new(&times, &samples, k))
                .collect();
        let transit_grids = transits
            .iter()
            .zip(&transit_steps)
            .map(|(&body, &step)| grid(step, chunk_start, chunk_end, &body.name()))
            .collect::<Result<Vec<_>, _>>()?;
        let transit_samples = sample_in_time_order(&transit_grids, |i, t| {
            search_sample(r.eph, transits[i], &frame, t)
        })?;
        let mut chunk: Vec<Keyed> = Vec::new();
        let mut crossings = Vec::new();
        for (ti, &body) in transits.iter().enumerate() {
            for (m, mover) in r.movers.iter().enumerate() {
                let progressed = &interpolants[mover.base];
                // The transiting body's last real evaluation, for the event's details.
                let last_transit: Cell<Option<Sample>> = Cell::new(None);
                let eval = |t: f64| -> Result<Sample, ChartError> {
                    let a = search_sample(r.eph, body, &frame, t)?;
                    last_transit.set(Some(a));
                    Ok(difference(t, &a, &progressed.at(t), -mover.offset_deg, 1.0))
                };
                let pair_name = format!("transiting {} and progressed {}", body.name(), mover.name);
                let diffs: Vec<Sample> = transit_samples[ti]
                    .iter()
                    .map(|a| {
                        difference(a.t_day, a, &progressed.at(a.t_day), -mover.offset_deg, 1.0)
                    })
                    .collect();
                check_cancelled()?;
                let track = Track::build(&diffs, eval, EVENT_TOLERANCE)
                    .map_err(|e| ProgressionError::from_search(&pair_name, e))?;
                for &(aspect, arc) in arcs {
                    crossings.clear();
                    track.crossings(arc, &mut crossings);
                    for crossing in &crossings {
                        last_transit.set(None);
                        let exact = track
                            .refine(crossing, arc, eval, EVENT_TOLERANCE)
                            .map_err(|e| ProgressionError::from_search(&pair_name, e))?;
                        // Half-open chunks: an event on the boundary belongs to the next one.
                        if !last && exact.t_day >= chunk_end {
                            continue;
                        }
                        let a = match last_transit.get() {
                            Some(a) if (exact.t_day - a.t_day).abs() <= DETAILS_REACH_DAYS => {
                                Sample {
                                    t_day: exact.t_day,
                                    value_deg: a.value_deg
                                        + a.rate_deg_per_day * (exact.t_day - a.t_day),
                                    ..a
                                }
                            }
                            _ => search_sample(r.eph, body, &frame, exact.t_day)?,
                        };
                        let b = progressed.at(exact.t_day);
                        chunk.push(Keyed {
                            event: ProgressionEvent {
                                moving_point: body.name().into_owned(),
                                natal_point: mover.name.clone(),
                                aspect,
                                angle_deg: aspect.angle_deg(),
                                arc_deg: arc,
                                age_years: age_at(birth, JulianDayUt(exact.t_day)),
                                progressed_jd: JulianDayUt(progressed_jd(exact.t_day)),
                                calendar_jd: JulianDayUt(exact.t_day),
                                moving_lon: finite_longitude(&body.name(), a.value_deg)?,
                                moving_speed_deg_per_day: a.rate_deg_per_day,
                                retrograde: a.rate_deg_per_day < 0.0,
                                natal_lon: finite_longitude(
                                    &mover.name,
                                    b.value_deg + mover.offset_deg,
                                )?,
                            },
                            moving: ti,
                            aspected: m,
                        });
                    }
                }
            }
        }
        sort(&mut chunk);
        events.extend(chunk);
        if events.len() > window.event_cap {
            events.truncate(window.event_cap);
            let complete_until_years = events
                .last()
                .map_or(window.age_start_years, |k| k.event.age_years);
            return Ok(AspectEvents {
                events: events.into_iter().map(|k| k.event).collect(),
                truncated: Some(Truncation {
                    cap: window.event_cap,
                    complete_until_years,
                }),
            });
        }
        chunk_start = chunk_end;
    }
    Ok(AspectEvents {
        events: events.into_iter().map(|k| k.event).collect(),
        truncated: None,
    })
}

/// A progressed point's longitude at any calendar time of a chunk, by cubic Hermite
/// interpolation (values and rates) between real samples taken every
/// [`INTERPOLATION_STEP_PROGRESSED_DAYS`] of progressed time.
#[derive(Debug, Clone)]
struct Interpolant {
    /// Calendar days; longitudes unwrapped (consecutive samples differ by the shorter arc);
    /// rates in degrees per calendar day.
    samples: Vec<Sample>,
}

impl Interpolant {
    /// From samples on the progressed axis taken at the calendar `times`, with `k` progressed
    /// days per calendar day.
    fn new(times: &[f64], progressed: &[Sample], k: f64) -> Self {
        let mut samples: Vec<Sample> = Vec::with_capacity(times.len());
        for (&t, p) in times.iter().zip(progressed) {
            // A grid's last step can be shorter than a rounding error: keep strictly
            // increasing times only.
            if samples.last().is_some_and(|prev| t <= prev.t_day) {
                continue;
            }
            let value_deg = match samples.last() {
                Some(prev) => prev.value_deg + wrap_180(p.value_deg - prev.value_deg),
                None => p.value_deg,
            };
            samples.push(Sample {
                t_day: t,
                value_deg,
                rate_deg_per_day: p.rate_deg_per_day * k,
            });
        }
        Self { samples }
    }

    /// The longitude and rate at calendar time `t` (extrapolated from the nearest end outside
    /// the samples).
    fn at(&self, t: f64) -> Sample {
        let n = self.samples.len();
        if n < 2 {
            return self.samples.first().map_or(
                Sample {
                    t_day: t,
                    value_deg: 0.0,
                    rate_deg_per_day: 0.0,
                },
                |s| Sample { t_day: t, ..*s },
            );
        }
        let i = self
            .samples
            .partition_point(|s| s.t_day <= t)
            .clamp(1, n - 1);
        let (a, b) = (&self.samples[i - 1], &self.samples[i]);
        let h = b.t_day - a.t_day;
        let s = (t - a.t_day) / h;
        let (m0, m1) = (h * a.rate_deg_per_day, h * b.rate_deg_per_day);
        let (y0, y1) = (a.value_deg, b.value_deg);
        let (s2, s3) = (s * s, s * s * s);
        let value_deg = (2.0 * s3 - 3.0 * s2 + 1.0) * y0
            + (s3 - 2.0 * s2 + s) * m0
            + (-2.0 * s3 + 3.0 * s2) * y1
            + (s3 - s2) * m1;
        let slope = (6.0 * s2 - 6.0 * s) * y0
            + (3.0 * s2 - 4.0 * s + 1.0) * m0
            + (-6.0 * s2 + 6.0 * s) * y1
            + (3.0 * s2 - 2.0 * s) * m1;
        Sample {
            t_day: t,
            value_deg,
            rate_deg_per_day: slope / h,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conjunction_and_opposition_have_one_arc_the_others_two() {
        let all = arcs(&Aspect::of_categories(&[
            crate::aspects::AspectCategory::Major,
        ]));
        assert_eq!(
            all,
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
    }

    #[test]
    fn the_interpolant_follows_a_moon_like_longitude_to_a_nanodegree() {
        // The Moon's largest terms, on the progressed axis of minor progressions (the fastest:
        // 0.0748 progressed days per calendar day), sampled every 0.05 progressed days.
        let terms = [
            (6.29, 27.55, 0.3),
            (0.66, 14.77, 1.1),
            (0.21, 13.78, 2.0),
            (1.27, 31.81, 0.7),
        ];
        let lon = |t: f64| {
            13.176 * t
                + terms
                    .iter()
                    .map(|(a, p, phase)| a * (std::f64::consts::TAU * t / p + phase).sin())
                    .sum::<f64>()
        };
        let rate = |t: f64| {
            13.176
                + terms
                    .iter()
                    .map(|(a, p, phase)| {
                        let w = std::f64::consts::TAU / p;
                        a * w * (w * t + phase).cos()
                    })
                    .sum::<f64>()
        };
        let k = 27.321_582 / 365.242_19;
        let calendar_step = INTERPOLATION_STEP_PROGRESSED_DAYS / k;
        let times: Vec<f64> = (0..=200).map(|i| f64::from(i) * calendar_step).collect();
        let progressed: Vec<Sample> = times
            .iter()
            .map(|&t| Sample {
                t_day: t * k,
                value_deg: lon(t * k).rem_euclid(360.0),
                rate_deg_per_day: rate(t * k),
            })
            .collect();
        let interpolant = Interpolant::new(&times, &progressed, k);
        let mut worst: f64 = 0.0;
        for i in 0..20_000 {
            let t = f64::from(i) * 200.0 * calendar_step / 20_000.0;
            let got = interpolant.at(t);
            worst = worst.max(wrap_180(got.value_deg - lon(t * k)).abs());
            assert!((got.rate_deg_per_day - k * rate(t * k)).abs() < 1e-6);
        }
        assert!(worst < 1e-9, "{worst}");
    }

    #[test]
    fn a_difference_scales_the_second_rate() {
        let a = Sample {
            t_day: 5.0,
            value_deg: 100.0,
            rate_deg_per_day: 1.0,
        };
        let b = Sample {
            t_day: 2.0,
            value_deg: 40.0,
            rate_deg_per_day: 13.0,
        };
        let d = difference(5.0, &a, &b, -10.0, 0.5);
        assert_eq!(
            (d.t_day, d.value_deg, d.rate_deg_per_day),
            (5.0, 50.0, -5.5)
        );
    }
}
