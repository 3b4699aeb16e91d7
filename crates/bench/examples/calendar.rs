//! CPU time of the calendar workloads (`orrery_bench::calendar`): each run `REPEATS` times on
//! one thread after a warm-up, the median and the minimum of the thread's CPU time printed.
//!
//! `cargo run --release -p orrery-bench --example calendar` prints the figures;
//! `... --example calendar -- --peer-lines` prints the peer's event lines instead (used by
//! `bench/python_peer/events_peer.py` to check that both lists are the same);
//! `... -- --only NAME` runs only the workloads whose name contains `NAME` (for a profiler:
//! `--only eclipses_100y`); the environment's `CALENDAR_REPEATS` sets the runs of every
//! workload (for instruction counts: two counts' difference over the difference of runs).
#![forbid(unsafe_code)]

use orrery_astro::techniques::events::{EventType, find_events};
use orrery_bench::calendar::{eclipses, lunations, one_year_calendar, one_year_query, peer_year};
use orrery_bench::events::thread_cpu_ns;
use orrery_bench::open_ephemeris;

const REPEATS: usize = 15;

fn measure<T>(name: &str, repeats: usize, mut work: impl FnMut() -> T) {
    let repeats = std::env::var("CALENDAR_REPEATS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(repeats);
    let args: Vec<String> = std::env::args().collect();
    if let Some(only) = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        && !name.contains(only.as_str())
    {
        return;
    }
    drop(work());
    let mut times: Vec<u64> = (0..repeats)
        .map(|_| {
            let t0 = thread_cpu_ns();
            let out = work();
            let t1 = thread_cpu_ns();
            drop(out);
            t1 - t0
        })
        .collect();
    times.sort_unstable();
    #[allow(clippy::cast_precision_loss, reason = "nanoseconds of a benchmark")]
    let ms = |ns: u64| ns as f64 / 1e6;
    println!(
        "{name:<40} median {:>9.3} ms  min {:>9.3} ms  (CPU, {repeats} runs)",
        ms(times[repeats / 2]),
        ms(times[0])
    );
}

fn main() {
    let eph = open_ephemeris().expect("ephemeris data directory");
    if std::env::args().any(|a| a == "--peer-lines") {
        for line in peer_year(&eph).expect("the peer's year") {
            println!("{line}");
        }
        return;
    }
    measure("calendar_1y_every_type", REPEATS, || {
        one_year_calendar(&eph).expect("calendar")
    });
    for t in EventType::ALL {
        let q = one_year_query(&[t]);
        measure(&format!("  1y {}", t.name()), REPEATS, || {
            find_events(&eph, &q).expect("calendar")
        });
    }
    measure("peer_year (ingress+station+lunation)", REPEATS, || {
        peer_year(&eph).expect("peer year")
    });
    measure("lunations_100y", 5, || lunations(&eph).expect("lunations"));
    measure("eclipses_100y", 3, || eclipses(&eph).expect("eclipses"));
}
