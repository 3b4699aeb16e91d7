//! What the atlas adds to a process at start: wall time and resident memory of loading the
//! gazetteer and the zone boundaries once, as `orrery serve` does before it listens.
//! Linux only (reads `/proc/self/status`). Run it optimised:
//! `cargo run --release -p orrery-atlas --example atlas_footprint`

use std::time::Instant;

/// The process' resident set size in kB (`VmRSS`), or 0 where `/proc` has none.
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find_map(|line| {
                line.strip_prefix("VmRSS:")
                    .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            })
        })
        .unwrap_or(0)
}

fn main() {
    let before = rss_kb();
    let start = Instant::now();
    let atlas = orrery_atlas::Gazetteer::bundled();
    let gazetteer = start.elapsed();
    let after_gazetteer = rss_kb();
    let start = Instant::now();
    orrery_atlas::zone_at::preload();
    let boundaries = start.elapsed();
    let after = rss_kb();
    println!(
        "gazetteer: {} places, {} indexed names, {:.0} ms, +{} MB resident",
        atlas.len(),
        atlas.indexed_names(),
        gazetteer.as_secs_f64() * 1e3,
        (after_gazetteer - before) / 1024
    );
    println!(
        "boundaries {}: {:.0} ms, +{} MB resident",
        orrery_atlas::boundaries_version(),
        boundaries.as_secs_f64() * 1e3,
        (after - after_gazetteer) / 1024
    );
    println!(
        "together: {:.0} ms, +{} MB resident",
        (gazetteer + boundaries).as_secs_f64() * 1e3,
        (after - before) / 1024
    );
}
