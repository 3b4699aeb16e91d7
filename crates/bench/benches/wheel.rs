//! The cost of drawing (issue 14), beyond the chart's own calculation:
//!
//! * `wheel/svg_natal`: the SVG of the natal wheel of the playground's example (15 bodies,
//!   12 cusps, 51 aspects with the grid), from the computed chart data;
//! * `wheel/png_natal_800px`: the same SVG rendered to an 800 px PNG (resvg), and
//!   `wheel/svg_and_png_natal_800px` both together;
//! * `wheel/natal_calculation_and_svg`: radix's calculation and the SVG, what a request costs;
//! * `graph/svg_one_year_ten_bodies`: a one-year graphic ephemeris of Sun..Pluto with natal
//!   lines, from its samples (800 per body), and `graph/samples_one_year_ten_bodies`: the
//!   sampling itself (8,010 chart calculations).
//!
//! `cargo bench -p orrery-bench --bench wheel`; the figures are in the README.
#![forbid(unsafe_code)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use orrery_api::chart_wheel::{ChartWheelRequest, wheel_chart};
use orrery_api::ephemeris_graph::{EphemerisGraphInput, EphemerisGraphRequest, graph_data};
use orrery_api::parse::json_value;
use orrery_bench::open_ephemeris;
use orrery_wheel::{GraphOptions, Theme, WheelOptions, draw_graph, draw_wheel, svg_to_png};
use serde_json::json;

fn natal() -> serde_json::Value {
    json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

fn wheel(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let request: ChartWheelRequest = json_value(json!({
        "kind": "natal", "radix": {"birth": natal(), "options": {"house_system": "placidus"}}
    }))
    .expect("request");
    let input = request
        .validate(jiff::Timestamp::UNIX_EPOCH)
        .expect("valid");
    let chart = wheel_chart(&eph, &input.chart).expect("chart");
    let options = WheelOptions::default();
    let svg = draw_wheel(&chart, &options).expect("svg");
    eprintln!(
        "natal wheel: {} bodies, {} aspects, SVG {} bytes",
        chart.inner.bodies.len(),
        chart.aspects.len(),
        svg.len()
    );

    let mut group = c.benchmark_group("wheel");
    group.bench_function("svg_natal", |b| {
        b.iter(|| black_box(draw_wheel(black_box(&chart), &options).expect("svg")));
    });
    group.bench_function("png_natal_800px", |b| {
        b.iter(|| black_box(svg_to_png(black_box(&svg)).expect("png")));
    });
    group.bench_function("svg_and_png_natal_800px", |b| {
        b.iter(|| {
            let svg = draw_wheel(black_box(&chart), &options).expect("svg");
            black_box(svg_to_png(&svg).expect("png"))
        });
    });
    group.bench_function("natal_calculation_and_svg", |b| {
        b.iter(|| {
            let chart = wheel_chart(&eph, black_box(&input.chart)).expect("chart");
            black_box(draw_wheel(&chart, &options).expect("svg"))
        });
    });
    group.finish();
}

fn graph(c: &mut Criterion) {
    let eph = open_ephemeris().expect("ephemeris data directory");
    let request: EphemerisGraphRequest = json_value(json!({
        "start": "2025-01-01T00:00:00Z", "end": "2026-01-01T00:00:00Z", "natal": natal()
    }))
    .expect("request");
    let input = EphemerisGraphInput::try_from(&request).expect("valid");
    let data = graph_data(&eph, &input).expect("samples");
    let options = GraphOptions {
        size_px: 800,
        theme: Theme::light(),
    };
    let svg = draw_graph(&data, &options).expect("svg");
    eprintln!(
        "graph: {} bodies, {} samples each, SVG {} bytes",
        data.series.len(),
        data.series[0].samples.len(),
        svg.len()
    );
    let mut group = c.benchmark_group("graph");
    group.bench_function("svg_one_year_ten_bodies", |b| {
        b.iter(|| black_box(draw_graph(black_box(&data), &options).expect("svg")));
    });
    group.sample_size(10);
    group.bench_function("samples_one_year_ten_bodies", |b| {
        b.iter(|| black_box(graph_data(&eph, black_box(&input)).expect("samples")));
    });
    group.finish();
}

criterion_group!(benches, wheel, graph);
criterion_main!(benches);
