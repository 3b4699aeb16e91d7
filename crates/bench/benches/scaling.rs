//! No global lock: does chart computation scale from one thread to two as well as a pure CPU
//! loop does on the same machine, measured in the same run?
//!
//! For each round it measures four throughputs for a fixed time each, in an order that
//! alternates between rounds: a CPU loop on 1 and on 2 threads, charts (the `chart/orrery`
//! workload: 13 bodies, Placidus, aspects) on 1 and on 2 threads. Per round,
//! `chart ratio = charts/s(2) / charts/s(1)`, `cpu ratio = loops/s(2) / loops/s(1)`, and the
//! figure is `chart ratio / cpu ratio` (target: at least 0.90). It prints every round and the
//! medians over the rounds in which the machine had two free cores (cpu ratio at least
//! [`MIN_CPU_RATIO`]); on a busy machine run it again later. A process-wide lock around the library would hold the chart ratio near 1.0 while
//! the CPU ratio is near 2.0.
//!
//! `cargo bench -p orrery-bench --bench scaling` (options after `--`: `--rounds N`,
//! `--seconds S`); see bench/RESULTS.md.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use orrery_bench::{SEED, SplitMix64, aspect_config, open_ephemeris, orrery_chart, samples};
use orrery_ephem::Ephemeris;

/// Dates per thread (each thread walks its own fixed-seed sequence).
const DATES: usize = 4096;
/// Iterations of the CPU loop's inner step between looks at the stop flag.
const CPU_BATCH: u32 = 10_000;
/// A round whose CPU loop gains less than this from a second thread did not have two free
/// cores (other jobs on the machine): it says nothing about locks and is left out of the median.
const MIN_CPU_RATIO: f64 = 1.6;

#[derive(Debug, Clone, Copy)]
enum Work {
    Cpu,
    Chart,
}

/// Runs `work` on `threads` threads for `window`; returns completed units per second.
fn throughput(eph: &Ephemeris, work: Work, threads: usize, window: Duration) -> f64 {
    let stop = AtomicBool::new(false);
    let start = Barrier::new(threads + 1);
    let config = aspect_config();
    let (count, elapsed) = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (stop, start, config) = (&stop, &start, &config);
                scope.spawn(move || {
                    let seed = SEED ^ (t as u64 + 1);
                    match work {
                        Work::Cpu => {
                            let mut rng = SplitMix64::new(seed);
                            start.wait();
                            let mut done = 0_u64;
                            while !stop.load(Ordering::Relaxed) {
                                for _ in 0..CPU_BATCH {
                                    black_box(rng.next_u64());
                                }
                                done += u64::from(CPU_BATCH);
                            }
                            done
                        }
                        Work::Chart => {
                            let dates = samples(DATES, seed);
                            // Sets this thread's data path and opens the files before timing.
                            orrery_chart(eph, &dates[0], config).expect("chart");
                            start.wait();
                            let mut done = 0_u64;
                            let mut i = 1;
                            while !stop.load(Ordering::Relaxed) {
                                black_box(orrery_chart(eph, &dates[i], config).expect("chart"));
                                i = (i + 1) % dates.len();
                                done += 1;
                            }
                            done
                        }
                    }
                })
            })
            .collect();
        start.wait();
        let began = Instant::now();
        std::thread::sleep(window);
        stop.store(true, Ordering::Relaxed);
        let count: u64 = handles.into_iter().map(|h| h.join().expect("worker")).sum();
        (count, began.elapsed())
    });
    #[allow(clippy::cast_precision_loss, reason = "counts are far below 2^52")]
    let count = count as f64;
    count / elapsed.as_secs_f64()
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// `--rounds N --seconds S`; cargo's own `--bench` flag is ignored.
fn options() -> (usize, f64) {
    let mut rounds = 7;
    let mut seconds = 1.5;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|v| v.parse().ok()).unwrap_or(rounds),
            "--seconds" => seconds = args.next().and_then(|v| v.parse().ok()).unwrap_or(seconds),
            _ => {}
        }
    }
    (rounds.max(1), seconds)
}

fn main() {
    let (rounds, seconds) = options();
    let window = Duration::from_secs_f64(seconds);
    let eph = open_ephemeris().expect("ephemeris data directory");
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZeroUsize::get);
    println!(
        "scaling: {rounds} rounds of {seconds} s per measurement, {cores} cores available; \
         chart = 13 bodies + Placidus + major aspects"
    );
    println!(
        "{:>5} {:>12} {:>12} {:>8} {:>12} {:>12} {:>8} {:>8}",
        "round",
        "charts/s 1t",
        "charts/s 2t",
        "ratio",
        "Mloop/s 1t",
        "Mloop/s 2t",
        "ratio",
        "chart/cpu"
    );
    let (mut chart_ratios, mut cpu_ratios, mut figures) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        // Alternate the order so that a drift of the machine's load does not favour one side.
        let order: [(Work, usize); 4] = if round % 2 == 0 {
            [
                (Work::Cpu, 1),
                (Work::Chart, 1),
                (Work::Cpu, 2),
                (Work::Chart, 2),
            ]
        } else {
            [
                (Work::Chart, 2),
                (Work::Cpu, 2),
                (Work::Chart, 1),
                (Work::Cpu, 1),
            ]
        };
        let mut rate = [[0.0; 3]; 2];
        for (work, threads) in order {
            rate[work as usize][threads] = throughput(&eph, work, threads, window);
        }
        let [cpu, chart] = rate;
        let chart_ratio = chart[2] / chart[1];
        let cpu_ratio = cpu[2] / cpu[1];
        let figure = chart_ratio / cpu_ratio;
        let busy = cpu_ratio < MIN_CPU_RATIO;
        println!(
            "{round:>5} {:>12.0} {:>12.0} {chart_ratio:>8.3} {:>12.1} {:>12.1} {cpu_ratio:>8.3} {figure:>8.3}{}",
            chart[1],
            chart[2],
            cpu[1] / 1e6,
            cpu[2] / 1e6,
            if busy {
                "  (machine busy: left out)"
            } else {
                ""
            }
        );
        if !busy {
            chart_ratios.push(chart_ratio);
            cpu_ratios.push(cpu_ratio);
            figures.push(figure);
        }
    }
    if figures.is_empty() {
        println!(
            "no round had two free cores (cpu 2t/1t >= {MIN_CPU_RATIO}): the machine is busy, \
             run again later"
        );
        return;
    }
    println!(
        "median of {} rounds: chart 2t/1t = {:.3}, cpu 2t/1t = {:.3}, \
         chart ratio / cpu ratio = {:.3} (target >= 0.90)",
        figures.len(),
        median(&mut chart_ratios),
        median(&mut cpu_ratios),
        median(&mut figures)
    );
}
