//! Shared helpers of the integration tests: the data directory, fixture loading, and a tracker
//! of the worst difference per quantity.
#![allow(dead_code, unreachable_pub)]

use std::path::PathBuf;

use orrery_ephem::{BodyId, Ephemeris, Position};

/// The Sun, the Moon and the planets to Pluto.
pub const SUN_TO_PLUTO: [BodyId; 10] = [
    BodyId::SUN,
    BodyId::MOON,
    BodyId::MERCURY,
    BodyId::VENUS,
    BodyId::MARS,
    BodyId::JUPITER,
    BodyId::SATURN,
    BodyId::URANUS,
    BodyId::NEPTUNE,
    BodyId::PLUTO,
];

pub fn ephemeris() -> Ephemeris {
    Ephemeris::open(Ephemeris::default_data_dir()).expect("the repository's ephe/ directory opens")
}

pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/pyswisseph"
    ))
    .join(name)
}

pub fn load<T: serde::de::DeserializeOwned>(name: &str) -> T {
    let text = std::fs::read_to_string(fixture_path(name)).expect("fixture file readable");
    serde_json::from_str(&text).expect("fixture parses")
}

/// A position as the library's six numbers: two angles, the distance, their three speeds.
pub fn six(position: &Position) -> [f64; 6] {
    match position {
        Position::Ecliptic(p) => [
            p.lon_deg,
            p.lat_deg,
            p.dist_au,
            p.lon_speed_deg_per_day,
            p.lat_speed_deg_per_day,
            p.dist_speed_au_per_day,
        ],
        Position::Equatorial(p) => [
            p.ra_deg,
            p.dec_deg,
            p.dist_au,
            p.ra_speed_deg_per_day,
            p.dec_speed_deg_per_day,
            p.dist_speed_au_per_day,
        ],
    }
}

/// Difference of two angles in degrees, across the 0/360 seam.
pub fn angle_diff_deg(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}

/// The largest difference seen for one quantity, where it occurred, and its tolerance.
#[derive(Debug)]
pub struct Worst {
    pub name: &'static str,
    pub tolerance: f64,
    pub max: f64,
    pub at: String,
    pub checked: usize,
}

impl Worst {
    pub fn new(name: &'static str, tolerance: f64) -> Self {
        Worst {
            name,
            tolerance,
            max: 0.0,
            at: String::new(),
            checked: 0,
        }
    }

    fn record(&mut self, diff: f64, at: &dyn Fn() -> String) {
        self.checked += 1;
        assert!(!diff.is_nan(), "{}: NaN difference at {}", self.name, at());
        if diff > self.max {
            self.max = diff;
            self.at = at();
        }
        assert!(
            diff <= self.tolerance,
            "{}: difference {diff:e} > tolerance {:e} at {}",
            self.name,
            self.tolerance,
            at()
        );
    }

    /// Plain absolute difference.
    pub fn abs(&mut self, got: f64, want: f64, at: &dyn Fn() -> String) {
        self.record((got - want).abs(), at);
    }

    /// Angle difference across the 0/360 seam.
    pub fn angle(&mut self, got: f64, want: f64, at: &dyn Fn() -> String) {
        self.record(angle_diff_deg(got, want), at);
    }

    /// Relative difference (distances that range from 0.002 AU to 10^7 AU).
    pub fn rel(&mut self, got: f64, want: f64, at: &dyn Fn() -> String) {
        self.record((got - want).abs() / want.abs().max(1.0), at);
    }

    pub fn report(&self) {
        eprintln!(
            "{:<34} worst {:>10.3e} (tolerance {:.0e}) over {:>6} values{}",
            self.name,
            self.max,
            self.tolerance,
            self.checked,
            if self.at.is_empty() {
                String::new()
            } else {
                format!(" at {}", self.at)
            }
        );
    }
}
