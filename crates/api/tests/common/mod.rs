//! What the preset fixture tests share: the committed fixtures of `parity/presets/` and the
//! angular distance they are compared by.

use orrery_astro::angle::{Longitude, separation};
use serde_json::Value;

/// `fixtures/presets/{name}.json`, as written by its generator in `parity/presets/`.
pub(crate) fn preset_fixture(name: &str) -> Value {
    let path = format!(
        "{}/../../fixtures/presets/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).expect(&path)).expect("fixture parses")
}

/// Degrees between two longitudes along the shorter arc (the library's own [`separation`]).
pub(crate) fn arc_between(a: f64, b: f64) -> f64 {
    let longitude = |degrees: f64| Longitude::new(degrees).expect("a finite longitude");
    separation(longitude(a), longitude(b))
}
