//! Helpers shared by the golden tests: the ephemeris handle, the fixture files, JSON numbers and
//! angle differences.
#![allow(dead_code, unreachable_pub)]

use std::path::Path;

use orrery_astro::ephem::Ephemeris;
use serde_json::Value;

/// The ephemeris over the repository's `ephe/` files.
pub fn eph() -> Ephemeris {
    Ephemeris::open(Ephemeris::default_data_dir()).expect("the ephemeris data directory")
}

/// The JSON file at `relative` under `fixtures/`, e.g. `antiscia/cases.json`.
pub fn fixture(relative: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not valid JSON: {e}", path.display()))
}

/// A JSON number, or a panic that shows the value.
pub fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

/// The difference of two longitudes in degrees on the circle, in [0, 180].
pub fn lon_diff(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}
