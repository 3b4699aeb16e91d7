//! CPU time per run of the event searches of issue 4, for `bench/events.sh`: each workload runs
//! once to warm up (the library opens its files, fills its caches), then `--reps` times, and
//! the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) and the wall time of each run are
//! taken. CPU time is the figure: it does not grow when other jobs take the cores.
//!
//! ```text
//! events <workload>... [--reps N] [--out FILE]
//!   transits-1y        1-year transit window of bench/events_case.json (default 50 runs)
//!   transits-10y       10-year window of the same case (5 runs)
//!   progressions-90y   secondary progressions, ages 0-90: all phases, then progressed-natal (5 runs)
//!   returns-moon       50 lunar returns with their crossings (20 runs)
//!   returns-mercury    50 Mercury returns with their crossings (20 runs)
//!   naive-1y           the Python peer's algorithm compiled, on raw library calls (5 runs)
//!   transits-1y-cold   the 1-year window on a new handle each run, so with an empty position
//!                      cache (docs/CACHE.md), and opening a handle alone (10 runs)
//!   all                all of the above
//! ```
//!
//! `--out FILE` (one workload, `transits-1y` or `naive-1y`) writes the CPU seconds of each run
//! and the events as JSON rows `[transit, natal, aspect, arc_deg, exact_jd, speed_deg_per_day]`,
//! which `bench/python_peer/compare_events.py` compares with the Python peer's.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use orrery_astro::body::Body;
use orrery_bench::events::{
    EventsCase, Span, naive_transits, progressed_natal, progression_phases, returns, thread_cpu_ns,
    transits,
};
use orrery_bench::{BenchError, open_ephemeris};
use orrery_ephem::baseline::RawLibrary;
use orrery_ephem::{Ephemeris, JulianDayUt};
use serde_json::{Value, json};

const WORKLOADS: [&str; 7] = [
    "transits-1y",
    "transits-10y",
    "progressions-90y",
    "returns-moon",
    "returns-mercury",
    "naive-1y",
    "transits-1y-cold",
];

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("events: {e}");
            ExitCode::FAILURE
        }
    }
}

struct Args {
    workloads: Vec<String>,
    reps: Option<usize>,
    out: Option<PathBuf>,
}

fn args() -> Result<Args, BenchError> {
    let mut parsed = Args {
        workloads: Vec::new(),
        reps: None,
        out: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--reps" => {
                let n: usize = args.next().ok_or("--reps needs a number")?.parse()?;
                if n == 0 {
                    return Err("--reps must be at least 1".into());
                }
                parsed.reps = Some(n);
            }
            "--out" => parsed.out = Some(args.next().ok_or("--out needs a file")?.into()),
            "all" => parsed.workloads.extend(WORKLOADS.map(str::to_owned)),
            w if WORKLOADS.contains(&w) => parsed.workloads.push(w.to_owned()),
            other => {
                return Err(format!(
                    "unknown argument {other}; usage: events <{}|all>... [--reps N] [--out FILE]",
                    WORKLOADS.join("|")
                )
                .into());
            }
        }
    }
    if parsed.workloads.is_empty() {
        return Err(format!("name a workload: {} or all", WORKLOADS.join(", ")).into());
    }
    if parsed.out.is_some() && parsed.workloads.len() != 1 {
        return Err("--out takes one workload".into());
    }
    Ok(parsed)
}

/// CPU and wall milliseconds of each timed run.
struct Timings {
    cpu_ms: Vec<f64>,
    wall_ms: Vec<f64>,
}

/// Runs `work` once untimed, then `reps` times timed; returns the timings and the last result.
fn measure<T>(
    reps: usize,
    mut work: impl FnMut() -> Result<T, BenchError>,
) -> Result<(Timings, T), BenchError> {
    let mut last = work()?;
    let mut timings = Timings {
        cpu_ms: Vec::with_capacity(reps),
        wall_ms: Vec::with_capacity(reps),
    };
    for _ in 0..reps {
        let (cpu_0, wall_0) = (thread_cpu_ns(), Instant::now());
        last = black_box(work()?);
        let cpu_ns = thread_cpu_ns() - cpu_0;
        timings.wall_ms.push(wall_0.elapsed().as_secs_f64() * 1e3);
        #[allow(clippy::cast_precision_loss, reason = "nanoseconds of one run < 2^53")]
        timings.cpu_ms.push(cpu_ns as f64 / 1e6);
    }
    Ok((timings, last))
}

fn min_median(values: &[f64]) -> (f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    (sorted[0], sorted[sorted.len() / 2])
}

fn report(name: &str, what: &str, t: &Timings) {
    let (cpu_min, cpu_median) = min_median(&t.cpu_ms);
    let (wall_min, wall_median) = min_median(&t.wall_ms);
    println!(
        "{name}: {what}; CPU ms per run min {cpu_min:.2}, median {cpu_median:.2}; \
         wall ms min {wall_min:.2}, median {wall_median:.2} ({} runs)",
        t.cpu_ms.len()
    );
}

fn write_out(out: Option<&PathBuf>, t: &Timings, events: Vec<Value>) -> Result<(), BenchError> {
    if let Some(path) = out {
        let cpu_seconds: Vec<f64> = t.cpu_ms.iter().map(|ms| ms / 1e3).collect();
        let value = json!({ "cpu_seconds": cpu_seconds, "events": events });
        std::fs::write(path, serde_json::to_string(&value)?)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

fn run() -> Result<(), BenchError> {
    let args = args()?;
    let eph = open_ephemeris()?;
    let case = EventsCase::load()?;
    for workload in &args.workloads {
        run_one(&eph, &case, workload, args.reps, args.out.as_ref())?;
    }
    Ok(())
}

fn run_one(
    eph: &Ephemeris,
    case: &EventsCase,
    workload: &str,
    reps: Option<usize>,
    out: Option<&PathBuf>,
) -> Result<(), BenchError> {
    let points = format!(
        "{} bodies x {} natal points ({})",
        case.transit_bodies.len(),
        case.natal.len(),
        case.chart_name
    );
    match workload {
        "transits-1y" | "transits-10y" => {
            let span = if workload == "transits-1y" {
                Span::OneYear
            } else {
                Span::TenYears
            };
            let input = case.transit_window(span);
            let default_reps = if span == Span::OneYear { 50 } else { 5 };
            let (t, events) = measure(reps.unwrap_or(default_reps), || transits(eph, &input))?;
            report(workload, &format!("{} events, {points}", events.len()), &t);
            let rows = events
                .iter()
                .map(|e| {
                    json!([
                        e.transit_point.name(),
                        e.natal_point,
                        e.aspect.name(),
                        e.arc_deg,
                        e.exact_at.0,
                        e.transit_speed_deg_per_day
                    ])
                })
                .collect();
            write_out(out, &t, rows)?;
        }
        "naive-1y" => {
            let raw = RawLibrary::new(eph)?;
            let input = case.transit_window(Span::OneYear);
            let (t, events) = measure(reps.unwrap_or(5), || naive_transits(&raw, &input))?;
            report(
                workload,
                &format!(
                    "{} events, {points}, step 0.5 d, bisection to 1 s, raw swe_calc_ut",
                    events.len()
                ),
                &t,
            );
            let rows = events
                .iter()
                .map(|e| {
                    json!([
                        input.bodies[e.body].name(),
                        input.natal[e.natal].name,
                        e.aspect.name(),
                        e.arc_deg,
                        e.exact_jd,
                        Value::Null
                    ])
                })
                .collect();
            write_out(out, &t, rows)?;
        }
        "progressions-90y" => {
            let progression = case.progression();
            let phases = case.phase_window();
            let aspects = case.aspect_window();
            let (t, found) = measure(reps.unwrap_or(5), || {
                progression_phases(eph, &progression, &phases)
            })?;
            report(
                "progressions-90y phases",
                &format!(
                    "secondary, ages 0-90, {} moving points: {} ingresses, {} stations, {} axis \
                     ingresses",
                    phases.moving.len(),
                    found.ingresses.len(),
                    found.stations.len(),
                    found.axis_ingresses.len()
                ),
                &t,
            );
            let (t, found) = measure(reps.unwrap_or(5), || {
                progressed_natal(eph, &progression, &aspects)
            })?;
            report(
                "progressions-90y progressed_natal",
                &format!(
                    "secondary, ages 0-90, {} moving x {} natal points, major aspects: {} events",
                    aspects.moving.len(),
                    progression.natal.len(),
                    found.events.len()
                ),
                &t,
            );
        }
        "returns-moon" | "returns-mercury" => {
            let body = if workload == "returns-moon" {
                Body::Moon
            } else {
                Body::Mercury
            };
            let search = case.return_search(body)?;
            let (t, found) = measure(reps.unwrap_or(20), || returns(eph, &search))?;
            let crossings: usize = found.iter().map(|r| r.crossings.len()).sum();
            report(
                workload,
                &format!("{} returns, {crossings} crossings", found.len()),
                &t,
            );
        }
        "transits-1y-cold" => {
            let input = case.transit_window(Span::OneYear);
            let (t, events) = measure(reps.unwrap_or(10), || {
                let fresh = open_ephemeris()?;
                transits(&fresh, &input)
            })?;
            report(
                workload,
                &format!(
                    "{} events, {points}, a new handle per run (empty position cache)",
                    events.len()
                ),
                &t,
            );
            let (t, _) = measure(reps.unwrap_or(10), open_ephemeris)?;
            report("open-handle", "Ephemeris::open alone", &t);
            let fresh = open_ephemeris()?;
            transits(&fresh, &input)?;
            println!(
                "position cache after one 1-year window: {} bytes",
                fresh.position_cache_bytes()
            );
            let (jd_1950, jd_2050) = (JulianDayUt(2_433_282.5), JulianDayUt(2_469_807.5));
            let (t, bytes) = measure(1, || {
                let fresh = open_ephemeris()?;
                fresh.prefill_position_cache(jd_1950, jd_2050)?;
                Ok(fresh.position_cache_bytes())
            })?;
            report(
                "prefill-1950-2050",
                &format!(
                    "every segment of 1950-2050, both equinoxes: {bytes} bytes (all of 1800-2400 \
                     at most {} bytes)",
                    orrery_ephem::full_table_bytes()
                ),
                &t,
            );
        }
        _ => return Err(format!("unknown workload {workload}").into()),
    }
    Ok(())
}
