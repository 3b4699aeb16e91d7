//! Wall-clock cost of the calendar of issue 11 (`POST /v1/events`), the workloads of
//! `orrery_bench::calendar`:
//!
//! * `calendar/1y_every_type`: every event type for the Sun..Pluto and Chiron in 2024;
//! * `calendar/peer_1y`: ingresses, stations and lunations in 2024 (the Python peer's work);
//! * `calendar/lunations_100y`: the four phases, 2000–2100;
//! * `calendar/eclipses_100y`: every solar and lunar eclipse, 2000–2100, from the library's
//!   own eclipse functions.
//!
//! `cargo bench -p orrery-bench --bench calendar`. CPU-time figures per type:
//! `cargo run --release -p orrery-bench --example calendar`.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use orrery_bench::calendar::{eclipses, lunations, one_year_calendar, peer_year};
use orrery_bench::open_ephemeris;

fn calendar(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let mut group = c.benchmark_group("calendar");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("1y_every_type", |b| {
        b.iter(|| black_box(one_year_calendar(&eph).expect("calendar")));
    });
    group.bench_function("peer_1y", |b| {
        b.iter(|| black_box(peer_year(&eph).expect("peer year")));
    });
    group.bench_function("lunations_100y", |b| {
        b.iter(|| black_box(lunations(&eph).expect("lunations")));
    });
    group.bench_function("eclipses_100y", |b| {
        b.iter(|| black_box(eclipses(&eph).expect("eclipses")));
    });
    group.finish();
}

criterion_group!(benches, calendar);
criterion_main!(benches);
