//! Computes N charts (or /v1/planets answers) through one path, for instruction counts under
//! callgrind: `bench/instructions.sh` runs it for two values of N and divides the difference
//! of the counts by the difference of N, which cancels start-up (opening the files, parsing).
//!
//! `instructions <chart-raw|chart-orrery|planets-raw|planets-orrery|ephemeris-raw|ephemeris-orrery|ephemeris-cached> <N>`
//! (for `ephemeris-*`, N series of 10,000 daily samples × 12 points; `ephemeris-cached` takes
//! the positions from the position cache, whose segments the first series builds).
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::process::ExitCode;

use orrery_bench::{
    SEED, SERIES_SAMPLES, aspect_config, cached_ephemeris, ephemeris_input, open_ephemeris,
    orrery_chart, orrery_ephemeris, orrery_planets, planets_input, raw_chart, raw_ephemeris,
    raw_planets, samples,
};
use orrery_ephem::baseline::RawLibrary;

/// Distinct dates (a run of more charts cycles through them).
const DATES: usize = 4096;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(Ok(n))) = (args.first(), args.get(1).map(|n| n.parse::<usize>())) else {
        eprintln!(
            "usage: instructions <chart-raw|chart-orrery|planets-raw|planets-orrery|ephemeris-raw|ephemeris-orrery|ephemeris-cached> <N>"
        );
        return ExitCode::from(2);
    };
    match run(path, n) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("instructions: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(path: &str, n: usize) -> Result<(), orrery_bench::BenchError> {
    // "Raw" is the unpatched library, file reads included (crates/swisseph-sys/README.md).
    if path.ends_with("-raw") {
        orrery_ephem::baseline::use_the_unpatched_file_reads();
    }
    let eph = open_ephemeris()?;
    let raw = RawLibrary::new(&eph)?;
    let config = aspect_config();
    // The same dates, made before any counted work, for every N: a longer run only appends
    // charts, so the difference between two runs is N₂ − N₁ charts and nothing else.
    let all = samples(DATES, SEED);
    let inputs = all
        .iter()
        .map(planets_input)
        .collect::<Result<Vec<_>, _>>()?;
    let dates = all.iter().cycle().take(n);
    let inputs = inputs.iter().cycle().take(n);
    match path {
        "chart-raw" => {
            let mut rows = [[0.0; 6]; 13];
            for sample in dates {
                black_box(raw_chart(&raw, sample, &mut rows));
                black_box(&rows);
            }
        }
        "chart-orrery" => {
            for sample in dates {
                black_box(orrery_chart(&eph, sample, &config)?);
            }
        }
        "planets-raw" => {
            let mut rows = [[0.0; 6]; 15];
            for input in inputs {
                raw_planets(&raw, input.jd.0, &mut rows);
                black_box(&rows);
            }
        }
        "planets-orrery" => {
            for input in inputs {
                black_box(orrery_planets(&eph, input)?);
            }
        }
        "ephemeris-raw" => {
            let mut rows = vec![[[0.0; 6]; 12]; SERIES_SAMPLES];
            for _ in 0..n {
                raw_ephemeris(&raw, &mut rows);
                black_box(&rows);
            }
        }
        "ephemeris-orrery" => {
            let input = ephemeris_input()?;
            for _ in 0..n {
                black_box(orrery_ephemeris(&eph, &input)?);
            }
        }
        "ephemeris-cached" => {
            let mut rows = vec![[[0.0; 6]; 12]; SERIES_SAMPLES];
            for _ in 0..n {
                cached_ephemeris(&eph, &mut rows)?;
                black_box(&rows);
            }
        }
        other => return Err(format!("unknown path {other:?}").into()),
    }
    Ok(())
}
