//! Wall-clock cost of the event searches of issue 4, on the case `bench/events_case.json`
//! (12 natal points incl. ascendant and MC; Sun..Pluto and Chiron; major aspects):
//!
//! * `transits/1y`, `transits/10y`: the transit windows from 2024-01-01;
//! * `transits/naive_1y`: the Python peer's algorithm compiled (0.5-day samples, bisection to
//!   1 s, raw `swe_calc_ut`), the "same algorithm in C";
//! * `progressions/secondary_90y_phases`: ingresses, stations and axis ingresses, ages 0-90;
//! * `progressions/secondary_90y_progressed_natal`: the progressed-to-natal aspects, ages 0-90;
//! * `returns/moon_50`, `returns/mercury_50`: fifty returns each, with every crossing.
//!
//! `cargo bench -p orrery-bench --bench events` (add `-- transits` etc. for one group). The
//! CPU-time figures and the comparison with the Python peer come from `bench/events.sh`; see
//! bench/RESULTS.md.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use orrery_astro::body::Body;
use orrery_bench::events::{
    EventsCase, Span, naive_transits, progressed_natal, progression_phases, returns, transits,
};
use orrery_bench::open_ephemeris;
use orrery_ephem::baseline::RawLibrary;

fn case() -> EventsCase {
    EventsCase::load().expect("bench/events_case.json")
}

fn transit_windows(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let raw = RawLibrary::new(&eph).expect("ephemeris data directory");
    let case = case();
    let one_year = case.transit_window(Span::OneYear);
    let ten_years = case.transit_window(Span::TenYears);

    let mut group = c.benchmark_group("transits");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.bench_function("1y", |b| {
        b.iter(|| black_box(transits(&eph, black_box(&one_year)).expect("1-year window")));
    });
    // A quarter of a second (naive) or more per run: ten samples.
    group.sample_size(10);
    group.bench_function("naive_1y", |b| {
        b.iter(|| black_box(naive_transits(&raw, black_box(&one_year)).expect("naive search")));
    });
    group.bench_function("10y", |b| {
        b.iter(|| black_box(transits(&eph, black_box(&ten_years)).expect("10-year window")));
    });
    group.finish();
}

fn progressions(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let case = case();
    let progression = case.progression();
    let phases = case.phase_window();
    let aspects = case.aspect_window();

    let mut group = c.benchmark_group("progressions");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.bench_function("secondary_90y_phases", |b| {
        b.iter(|| {
            black_box(progression_phases(&eph, &progression, black_box(&phases)).expect("phases"))
        });
    });
    group.bench_function("secondary_90y_progressed_natal", |b| {
        b.iter(|| {
            black_box(progressed_natal(&eph, &progression, black_box(&aspects)).expect("aspects"))
        });
    });
    group.finish();
}

fn return_series(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let case = case();
    let moon = case.return_search(Body::Moon).expect("natal moon");
    let mercury = case.return_search(Body::Mercury).expect("natal mercury");

    let mut group = c.benchmark_group("returns");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.bench_function("moon_50", |b| {
        b.iter(|| black_box(returns(&eph, black_box(&moon)).expect("lunar returns")));
    });
    group.bench_function("mercury_50", |b| {
        b.iter(|| black_box(returns(&eph, black_box(&mercury)).expect("mercury returns")));
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
}

criterion_group! {
    name = benches;
    config = config();
    targets = transit_windows, progressions, return_series
}
criterion_main!(benches);
