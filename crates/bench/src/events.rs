//! The event-search workloads of issue 4 ("Performance (benchmarks)"), shared by the criterion
//! bench (`benches/events.rs`) and the CPU-time runner (`examples/events.rs`, driven by
//! `bench/events.sh`):
//!
//! * a transit window of 1 and of 10 years: Sun..Pluto and Chiron against the case's 12 natal
//!   points (incl. ascendant and MC), the major aspects ([`transits`]);
//! * 90 years of secondary progressions: every phase (ingresses, stations, the progressed
//!   angles' sign changes) and the progressed-to-natal aspects ([`progression_phases`],
//!   [`progressed_natal`]);
//! * 50 lunar and 50 Mercury returns, each with every crossing of its cluster ([`returns`]);
//! * [`naive_transits`]: the Python peer's algorithm (sample every 0.5 day, bisect to 1 s),
//!   compiled, on the plain library calls: the "same algorithm in C".
//!
//! Every workload reads one case, `bench/events_case.json`, which the Python peer
//! (`bench/python_peer/transits_peer.py`) reads as well.

use std::path::{Path, PathBuf};

use orrery_astro::angle::Longitude;
use orrery_astro::aspects::{Aspect, AspectCategory, AspectConfig, OrbPreset, OrbSpec};
use orrery_astro::body::Body;
use orrery_astro::chart::Frame;
use orrery_astro::techniques::progressions::events::{
    AspectEvents, AspectFrame, AspectWindow, aspect_events,
};
use orrery_astro::techniques::progressions::phases::{
    PhaseSelection, PhaseWindow, Phases, phase_events,
};
use orrery_astro::techniques::progressions::{
    DEFAULT_MOVING_BODIES, MovingPoint, Progression, ProgressionMethod,
};
use orrery_astro::techniques::returns::{MAX_RETURNS, Return, ReturnSearch, find_returns};
use orrery_astro::techniques::transits::{NatalPoint, TransitEvent, TransitWindow, transit_window};
use orrery_ephem::baseline::RawLibrary;
use orrery_ephem::{Ephemeris, JulianDayUt, Observer, Zodiac};
use rustix::time::{ClockId, clock_gettime};
use serde::Deserialize;

use crate::BenchError;

/// The progression window: ages 0 to 90.
pub const PROGRESSION_YEARS: f64 = 90.0;
/// The Python peer's sample step, days.
pub const NAIVE_STEP_DAYS: f64 = 0.5;
/// The Python peer's bisection: until the bracket is at most one second wide.
pub const NAIVE_BISECT_DAYS: f64 = 1.0 / 86_400.0;

/// `bench/events_case.json` as written.
#[derive(Debug, Deserialize)]
struct CaseFile {
    birth: BirthFile,
    natal_points: Vec<(String, f64)>,
    transit_points: Vec<String>,
    aspects: Vec<(String, f64)>,
    windows: WindowsFile,
}

#[derive(Debug, Deserialize)]
struct BirthFile {
    name: String,
    jd_ut: f64,
    latitude: f64,
    longitude: f64,
}

#[derive(Debug, Deserialize)]
struct WindowsFile {
    #[serde(rename = "1y")]
    one_year: WindowFile,
    #[serde(rename = "10y")]
    ten_years: WindowFile,
}

#[derive(Debug, Deserialize)]
struct WindowFile {
    start_jd: f64,
    end_jd: f64,
}

/// One of the case's transit windows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span {
    OneYear,
    TenYears,
}

/// The benchmark case, validated.
#[derive(Debug, Clone)]
pub struct EventsCase {
    pub chart_name: String,
    pub birth: JulianDayUt,
    pub place: Observer,
    pub natal: Vec<NatalPoint>,
    pub transit_bodies: Vec<Body>,
    /// The case's aspects, which must be the major ones.
    pub aspects: Vec<Aspect>,
    one_year: (JulianDayUt, JulianDayUt),
    ten_years: (JulianDayUt, JulianDayUt),
}

/// `bench/events_case.json` in the repository.
#[must_use]
pub fn case_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/events_case.json")
}

impl EventsCase {
    /// Reads and checks [`case_path`].
    ///
    /// # Errors
    /// The file is missing or malformed, names an unknown body, or its aspects are not the
    /// major ones.
    pub fn load() -> Result<Self, BenchError> {
        let path = case_path();
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let file: CaseFile = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a benchmark case: {e}", path.display()))?;
        let natal = file
            .natal_points
            .iter()
            .map(|(name, lon)| Ok(NatalPoint::new(name, Longitude::new(*lon)?)))
            .collect::<Result<Vec<_>, BenchError>>()?;
        let transit_bodies = file
            .transit_points
            .iter()
            .map(|name| Body::parse(name))
            .collect::<Result<Vec<_>, _>>()?;
        let aspects = file
            .aspects
            .iter()
            .map(|(name, angle)| {
                Aspect::ALL
                    .into_iter()
                    .find(|a| a.name() == name && (a.angle_deg() - angle).abs() < 1e-9)
                    .ok_or_else(|| format!("unknown aspect {name} of {angle}°"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if aspects != Aspect::of_categories(&[AspectCategory::Major]) {
            return Err(format!("the case's aspects {aspects:?} are not the major ones").into());
        }
        let window = |w: &WindowFile| (JulianDayUt(w.start_jd), JulianDayUt(w.end_jd));
        Ok(Self {
            chart_name: file.birth.name,
            birth: JulianDayUt(file.birth.jd_ut),
            place: Observer {
                lat_deg: file.birth.latitude,
                lon_deg: file.birth.longitude,
                alt_m: 0.0,
            },
            natal,
            transit_bodies,
            aspects,
            one_year: window(&file.windows.one_year),
            ten_years: window(&file.windows.ten_years),
        })
    }

    /// The window's start and end.
    #[must_use]
    pub fn span(&self, span: Span) -> (JulianDayUt, JulianDayUt) {
        match span {
            Span::OneYear => self.one_year,
            Span::TenYears => self.ten_years,
        }
    }

    /// What `POST /v1/transits` searches for the window (default orbs; they play no part).
    ///
    /// # Panics
    /// Never: the case's aspects are checked not to be empty.
    #[must_use]
    pub fn transit_window(&self, span: Span) -> TransitWindow {
        let (start, end) = self.span(span);
        TransitWindow {
            bodies: self.transit_bodies.clone(),
            natal: self.natal.clone(),
            aspects: AspectConfig::new(self.aspects.clone(), OrbSpec::Preset(OrbPreset::Transit))
                .expect("the major aspects"),
            start,
            end,
            frame: Frame::GEOCENTRIC_TROPICAL,
            step_cap: None,
        }
    }

    /// The secondary progression of the case's birth, with its natal points and place.
    #[must_use]
    pub fn progression(&self) -> Progression {
        Progression {
            method: ProgressionMethod::Secondary,
            birth: self.birth,
            place: Some(self.place),
            natal: self.natal.clone(),
        }
    }

    /// Every phase (ingress, station, axis) of the default moving points over 90 years.
    #[must_use]
    pub fn phase_window(&self) -> PhaseWindow {
        PhaseWindow {
            moving: DEFAULT_MOVING_BODIES.map(MovingPoint::Body).to_vec(),
            phases: PhaseSelection {
                ingress: true,
                station: true,
                axis: true,
            },
            age_start_years: 0.0,
            age_end_years: PROGRESSION_YEARS,
            step_cap_years: None,
        }
    }

    /// The progressed-to-natal aspects of the default moving points over 90 years.
    ///
    /// # Panics
    /// Never: the case's aspects are checked not to be empty.
    #[must_use]
    pub fn aspect_window(&self) -> AspectWindow {
        AspectWindow {
            frame: AspectFrame::ProgressedNatal,
            moving: DEFAULT_MOVING_BODIES.map(MovingPoint::Body).to_vec(),
            transit_bodies: Vec::new(),
            aspects: AspectConfig::new(
                self.aspects.clone(),
                OrbSpec::Preset(OrbPreset::Progression),
            )
            .expect("the major aspects"),
            age_start_years: 0.0,
            age_end_years: PROGRESSION_YEARS,
            step_cap_years: None,
            event_cap: usize::MAX,
        }
    }

    /// Fifty returns of `body` to its natal place from the start of the windows.
    ///
    /// # Errors
    /// The case has no natal point named after `body`.
    pub fn return_search(&self, body: Body) -> Result<ReturnSearch, BenchError> {
        let name = body.name();
        let natal = self
            .natal
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| format!("the case has no natal {name}"))?;
        Ok(ReturnSearch {
            body,
            natal_lon: natal.lon,
            target_angle_deg: 0.0,
            from: self.one_year.0,
            count: MAX_RETURNS,
            zodiac: Zodiac::Tropical,
        })
    }
}

/// The transit window's events.
///
/// # Errors
/// A body without data in the window.
pub fn transits(eph: &Ephemeris, input: &TransitWindow) -> Result<Vec<TransitEvent>, BenchError> {
    Ok(transit_window(eph, input)?)
}

/// The progression's phases.
///
/// # Errors
/// A position without data, or angles at a polar birth place.
pub fn progression_phases(
    eph: &Ephemeris,
    progression: &Progression,
    window: &PhaseWindow,
) -> Result<Phases, BenchError> {
    Ok(phase_events(eph, progression, window)?)
}

/// The progression's aspect events.
///
/// # Errors
/// A position without data.
pub fn progressed_natal(
    eph: &Ephemeris,
    progression: &Progression,
    window: &AspectWindow,
) -> Result<AspectEvents, BenchError> {
    Ok(aspect_events(eph, progression, window)?)
}

/// The returns, each with all crossings of its cluster.
///
/// # Errors
/// A position without data.
pub fn returns(eph: &Ephemeris, search: &ReturnSearch) -> Result<Vec<Return>, BenchError> {
    Ok(find_returns(eph, search)?)
}

/// An event of [`naive_transits`]: indices into the window's bodies and targets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NaiveEvent {
    pub body: usize,
    pub natal: usize,
    pub aspect: Aspect,
    pub arc_deg: f64,
    pub exact_jd: f64,
}

/// The Python peer's search, compiled: each body's longitude every [`NAIVE_STEP_DAYS`] (one
/// `swe_calc_ut` per sample, reused for every target), a sign change of the wrapped difference
/// to each target (not a jump of 180° or more, the wrap), each bisected on `swe_calc_ut` to a
/// bracket of [`NAIVE_BISECT_DAYS`]. Like the peer it misses two crossings within one step.
/// The baseline's calls ask for speeds too (`SEFLG_SPEED`), which the peer does not.
///
/// # Errors
/// A library error at some date.
pub fn naive_transits(
    raw: &RawLibrary,
    input: &TransitWindow,
) -> Result<Vec<NaiveEvent>, BenchError> {
    let (start, end) = (input.start.0, input.end.0);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a window of at most centuries in half days"
    )]
    let steps = ((end - start) / NAIVE_STEP_DAYS).round() as usize;
    #[allow(clippy::cast_precision_loss, reason = "steps < 2^53")]
    let times: Vec<f64> = (0..steps)
        .map(|i| start + NAIVE_STEP_DAYS * i as f64)
        .chain([end])
        .collect();
    let mut targets = Vec::new();
    for (n, point) in input.natal.iter().enumerate() {
        for &aspect in input.aspects.aspects() {
            let angle = aspect.angle_deg();
            let arcs: &[f64] = if matches!(aspect, Aspect::Conjunction | Aspect::Opposition) {
                &[angle]
            } else {
                &[angle, -angle]
            };
            for &arc in arcs {
                targets.push((n, aspect, arc, point.lon.degrees() + arc));
            }
        }
    }
    let wrap = |x: f64| (x + 180.0).rem_euclid(360.0) - 180.0;
    let mut events = Vec::new();
    let mut lons = Vec::with_capacity(times.len());
    for (b, body) in input.bodies.iter().enumerate() {
        let id = body.body_id();
        let lon = |t: f64| raw.calc(t, id).map(|(x, _)| x[0]);
        lons.clear();
        for &t in &times {
            lons.push(lon(t)?);
        }
        for &(natal, aspect, arc_deg, target) in &targets {
            let mut d_prev = wrap(lons[0] - target);
            for i in 1..times.len() {
                let d = wrap(lons[i] - target);
                if (d < 0.0) != (d_prev < 0.0) && (d - d_prev).abs() < 180.0 {
                    let (mut lo, mut hi) = (times[i - 1], times[i]);
                    while hi - lo > NAIVE_BISECT_DAYS {
                        let mid = 0.5 * (lo + hi);
                        if (wrap(lon(mid)? - target) < 0.0) == (d_prev < 0.0) {
                            lo = mid;
                        } else {
                            hi = mid;
                        }
                    }
                    events.push(NaiveEvent {
                        body: b,
                        natal,
                        aspect,
                        arc_deg,
                        exact_jd: 0.5 * (lo + hi),
                    });
                }
                d_prev = d;
            }
        }
    }
    events.sort_by(|x, y| x.exact_jd.total_cmp(&y.exact_jd));
    Ok(events)
}

/// CPU time of the calling thread so far, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`: user and
/// kernel time, to the nanosecond). Every workload runs on one thread, so this is the
/// workload's CPU time whatever else the machine runs. (`/proc/thread-self/schedstat` would do
/// without a dependency, but for the running thread it only advances at scheduler ticks, 4 ms.)
#[must_use]
pub fn thread_cpu_ns() -> u64 {
    let t = clock_gettime(ClockId::ThreadCPUTime);
    // A thread's CPU time is never negative, and its nanoseconds are below 10^9.
    u64::try_from(t.tv_sec).unwrap_or(0) * 1_000_000_000 + u64::try_from(t.tv_nsec).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open_ephemeris;

    #[test]
    fn the_case_is_twelve_points_eleven_bodies_and_the_major_aspects() -> Result<(), BenchError> {
        let case = EventsCase::load()?;
        assert_eq!(case.natal.len(), 12);
        assert!(case.natal.iter().any(|p| p.name == "ascendant"));
        assert!(case.natal.iter().any(|p| p.name == "mc"));
        assert_eq!(
            case.transit_bodies,
            orrery_astro::techniques::transits::DEFAULT_TRANSIT_BODIES
        );
        let (start, end) = case.span(Span::OneYear);
        assert!((365.0..=366.0).contains(&(end.0 - start.0)));
        Ok(())
    }

    /// The compiled peer finds what the search finds in a quiet month (no station near a
    /// target), to within its bisection.
    #[test]
    fn the_naive_search_agrees_with_the_search_on_a_month() -> Result<(), BenchError> {
        let eph = open_ephemeris()?;
        let raw = RawLibrary::new(&eph)?;
        let case = EventsCase::load()?;
        let mut input = case.transit_window(Span::OneYear);
        input.end = JulianDayUt(input.start.0 + 31.0);
        let ours = transits(&eph, &input)?;
        let naive = naive_transits(&raw, &input)?;
        assert_eq!(ours.len(), naive.len());
        assert!(!ours.is_empty());
        for n in &naive {
            let body = input.bodies[n.body];
            let natal = &input.natal[n.natal].name;
            assert!(
                ours.iter().any(|e| e.transit_point == body
                    && &e.natal_point == natal
                    && e.aspect == n.aspect
                    && e.arc_deg.to_bits() == n.arc_deg.to_bits()
                    && (e.exact_at.0 - n.exact_jd).abs() < 2.0 / 86_400.0),
                "{n:?} not found"
            );
        }
        Ok(())
    }

    #[test]
    fn thread_cpu_time_advances_finer_than_a_tick() {
        let before = thread_cpu_ns();
        let mut x = 0_u64;
        for i in 0..100_000_u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        let spent = thread_cpu_ns() - before;
        // 100,000 multiply-adds: tens of microseconds, far below a 4 ms tick, and not zero.
        assert!(spent > 0 && spent < 4_000_000, "{spent} ns ({x})");
    }
}
