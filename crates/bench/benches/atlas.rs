//! The atlas: zone from coordinates, place search, and loading the data.
//!
//! * `zone_lookup/fixture_points`: `zone_at` over the 12,000 points of the zone fixture (random
//!   land points and points near borders), one point per iteration.
//! * `zone_lookup/xinjiang_overlap_points`: the fixture's points where two zones' boundaries
//!   overlap (Asia/Urumqi inside Asia/Shanghai), which take a second scan.
//! * `place_search/fixture_queries`: the 345 queries of the search fixture, one per iteration
//!   (limit 10).
//! * `place_search/widest_prefix_*`: the one-letter queries whose prefix range is the longest
//!   (the most expensive queries there are: every other query scans a sub-range of one of them).
//! * `load/gazetteer`, `load/boundaries`: what start-up pays once (decompress, parse, fold and
//!   sort 141,049 places' names; expand the boundary polygons).
//!
//! `cargo bench -p orrery-bench --bench atlas`
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use orrery_atlas::{Gazetteer, SearchQuery, zone_at};
use serde_json::Value;

fn fixture(path: &str) -> Value {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../atlas/tests/fixtures")
            .join(path),
    )
    .expect("atlas fixture");
    serde_json::from_str(&text).expect("json")
}

fn zone_lookup(c: &mut Criterion) {
    let points: Vec<(f64, f64)> = fixture("zone_points.json")["points"]
        .as_array()
        .expect("points")
        .iter()
        .map(|p| {
            (
                p["latitude"].as_f64().expect("lat"),
                p["longitude"].as_f64().expect("lon"),
            )
        })
        .collect();
    black_box(zone_at(0.0, 0.0));
    let mut group = c.benchmark_group("zone_lookup");
    group.bench_function("fixture_points", |b| {
        let mut i = 0;
        b.iter(|| {
            let (lat, lon) = points[i];
            i = (i + 1) % points.len();
            black_box(zone_at(black_box(lat), black_box(lon)))
        });
    });
    // The slowest points there are: inside Asia/Urumqi's area, which Asia/Shanghai's boundary
    // also covers, a second scan of every polygon at the point decides (docs/ATLAS.md).
    let overlap: Vec<(f64, f64)> = points
        .iter()
        .copied()
        .filter(|&(lat, lon)| zone_at(lat, lon).timezone == "Asia/Urumqi")
        .collect();
    assert!(!overlap.is_empty(), "the fixture has points in Xinjiang");
    group.bench_function("xinjiang_overlap_points", |b| {
        let mut i = 0;
        b.iter(|| {
            let (lat, lon) = overlap[i];
            i = (i + 1) % overlap.len();
            black_box(zone_at(black_box(lat), black_box(lon)))
        });
    });
    group.finish();
}

fn place_search(c: &mut Criterion) {
    let atlas = Gazetteer::bundled();
    let queries: Vec<String> = fixture("search_queries.json")["queries"]
        .as_array()
        .expect("queries")
        .iter()
        .map(|q| q["query"].as_str().expect("query").to_owned())
        .collect();
    let mut group = c.benchmark_group("place_search");
    group.bench_function("fixture_queries", |b| {
        let mut i = 0;
        b.iter(|| {
            let q = &queries[i];
            i = (i + 1) % queries.len();
            black_box(atlas.search(&SearchQuery::new(black_box(q))))
        });
    });
    let mut letters: Vec<(usize, String)> = ('a'..='z')
        .chain('0'..='9')
        .map(|c| (atlas.names_with_prefix(&c.to_string()), c.to_string()))
        .collect();
    letters.sort_unstable_by(|a, b| b.cmp(a));
    for (names, letter) in letters.iter().take(2) {
        println!(
            "prefix {letter:?} spans {names} of {} indexed names",
            atlas.indexed_names()
        );
        group.bench_function(format!("widest_prefix_{letter}"), |b| {
            b.iter(|| black_box(atlas.search(&SearchQuery::new(black_box(letter)))));
        });
    }
    group.finish();
}

fn load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("gazetteer", |b| {
        b.iter(|| black_box(Gazetteer::load_bundled().expect("bundled data")));
    });
    group.bench_function("boundaries", |b| {
        b.iter(|| black_box(orrery_atlas::zone_at::load_boundaries()));
    });
    group.finish();
}

criterion_group!(benches, zone_lookup, place_search, load);
criterion_main!(benches);
