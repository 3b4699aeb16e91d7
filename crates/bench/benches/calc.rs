//! Wall-clock cost of Orrery's calculation paths next to the raw library calls, in one run:
//!
//! * `chart/raw_library` vs `chart/orrery`: 13 bodies (Sun..Pluto, both nodes, Chiron) with
//!   Placidus houses; Orrery also finds the major aspects between the bodies (what `/v1/radix`
//!   does), the raw side makes only the 14 C calls.
//! * `planets/raw` vs `planets/orrery`: the 16 points of `GET /v1/planets` (15 C calls).
//! * `ephemeris/raw` vs `ephemeris/orrery`: `POST /v1/ephemeris` with 10,000 daily samples of
//!   its 12 default points (120,000 C calls), longitude and retrograde.
//!
//! * `moshier/raw` vs `moshier/orrery`: Mars at dates of 1100 (before the files), where Orrery
//!   starts from the library's initial state on every call so that an answer does not depend on
//!   what the thread computed before (`Ephemeris::calc`); the raw side is the one C call.
//!
//! Chart and planets iterations take the next date of a fixed-seed sequence over 1900-2100,
//! the same sequence for both sides. `cargo bench -p orrery-bench --bench calc`; see bench/RESULTS.md.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use orrery_bench::{
    SEED, SERIES_SAMPLES, Sample, aspect_config, ephemeris_input, open_ephemeris, orrery_chart,
    orrery_ephemeris, orrery_planets, planets_input, raw_chart, raw_ephemeris, raw_planets,
    samples,
};
use orrery_ephem::baseline::RawLibrary;

/// Distinct dates per sequence: enough that the library's caches see a new date each call.
const DATES: usize = 4096;

/// Cycles through `items` forever, one per call.
fn cycle<'a, T>(items: &'a [T]) -> impl FnMut() -> &'a T {
    let mut i = 0;
    move || {
        let item = &items[i];
        i = (i + 1) % items.len();
        item
    }
}

fn chart(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let raw = RawLibrary::new(&eph).expect("ephemeris data directory");
    let config = aspect_config();
    let dates = samples(DATES, SEED);

    let mut group = c.benchmark_group("chart");
    group.bench_function("raw_library", |b| {
        let mut next = cycle(&dates);
        let mut rows = [[0.0; 6]; 13];
        b.iter(|| {
            let sample: &Sample = next();
            black_box(raw_chart(&raw, black_box(sample), &mut rows));
            black_box(&rows);
        });
    });
    group.bench_function("orrery", |b| {
        let mut next = cycle(&dates);
        b.iter(|| black_box(orrery_chart(&eph, black_box(next()), &config).expect("chart")));
    });
    group.finish();
}

fn planets(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let raw = RawLibrary::new(&eph).expect("ephemeris data directory");
    let inputs: Vec<_> = samples(DATES, SEED)
        .iter()
        .map(|s| planets_input(s).expect("date in range"))
        .collect();

    let mut group = c.benchmark_group("planets");
    group.bench_function("raw", |b| {
        let mut next = cycle(&inputs);
        let mut rows = [[0.0; 6]; 15];
        b.iter(|| {
            raw_planets(&raw, black_box(next().jd.0), &mut rows);
            black_box(&rows);
        });
    });
    group.bench_function("orrery", |b| {
        let mut next = cycle(&inputs);
        b.iter(|| black_box(orrery_planets(&eph, black_box(next())).expect("planets")));
    });
    group.finish();
}

fn ephemeris(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let raw = RawLibrary::new(&eph).expect("ephemeris data directory");
    let input = ephemeris_input().expect("the benchmark series validates");

    let mut group = c.benchmark_group("ephemeris");
    // One iteration is 120,000 library calls (a few hundred milliseconds): flat sampling, one
    // or two iterations per sample.
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("raw", |b| {
        let mut rows = vec![[[0.0; 6]; 12]; SERIES_SAMPLES];
        b.iter(|| {
            raw_ephemeris(&raw, &mut rows);
            black_box(&rows);
        });
    });
    group.bench_function("orrery", |b| {
        b.iter(|| black_box(orrery_ephemeris(&eph, black_box(&input)).expect("series")));
    });
    group.finish();
}

fn moshier(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let raw = RawLibrary::new(&eph).expect("ephemeris data directory");
    // 1100-01-01 0h UT and the next 365 days.
    let dates: Vec<f64> = (0..365).map(|day| 2_122_826.5 + f64::from(day)).collect();
    let mars = orrery_ephem::CalcRequest::new(orrery_ephem::BodyId::MARS);
    let mut group = c.benchmark_group("moshier");
    // The raw calls first: the Orrery side resets the thread's library state.
    group.bench_function("raw", |b| {
        let mut next = cycle(&dates);
        b.iter(|| black_box(raw.calc(black_box(*next()), orrery_ephem::BodyId::MARS)));
    });
    group.bench_function("orrery", |b| {
        let mut next = cycle(&dates);
        b.iter(|| {
            black_box(eph.calc(orrery_ephem::JulianDayUt(black_box(*next())), &mars))
                .expect("Moshier position")
        });
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5))
        .sample_size(50)
}

criterion_group! {
    name = benches;
    config = config();
    targets = chart, planets, ephemeris, moshier
}
criterion_main!(benches);
