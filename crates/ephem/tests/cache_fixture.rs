//! The position cache against pyswisseph 2.10.3.2 (fixtures/cache/generate.py): 2,000
//! instants 1800–2399, the 13 cached bodies, from the true and the mean equinox of date. Every
//! row is asked through `Ephemeris::calc_cached` and must be within the cache's promised bounds
//! (docs/CACHE.md) of the library's answer computed by another program.

mod common;

use std::path::PathBuf;

use common::Worst;
use orrery_ephem::{BodyId, CalcRequest, EphemerisSource, Equinox, JulianDayUt};
use serde::Deserialize;

/// The promised bounds (docs/CACHE.md), as in tests/cache.rs: 0.001″ in angles, the Moon's
/// 0.0015″ (the library's own noise).
const ANGLE_DEG: f64 = 0.001 / 3600.0;
const MOON_ANGLE_DEG: f64 = 0.0015 / 3600.0;
/// 1e-8 AU in distance.
const DIST_AU: f64 = 1e-8;
/// 1e-6°/day in speeds, the Moon's 5e-6°/day.
const SPEED_DEG_PER_DAY: f64 = 1e-6;
const MOON_SPEED_DEG_PER_DAY: f64 = 5e-6;
/// 1e-7 AU/day in the speed in distance.
const DIST_SPEED_AU_PER_DAY: f64 = 1e-7;

#[derive(Deserialize)]
struct BodyRow {
    body: i32,
    x: [f64; 6],
}

#[derive(Deserialize)]
struct Row {
    jd_ut: f64,
    equinox: String,
    positions: Vec<BodyRow>,
}

#[derive(Deserialize)]
struct Fixture {
    rows: Vec<Row>,
}

#[test]
fn cached_positions_match_pyswisseph_at_2000_instants() {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/cache/positions.json"
    ));
    let text = std::fs::read_to_string(path).expect("fixture readable");
    let fixture: Fixture = serde_json::from_str(&text).expect("fixture parses");
    assert_eq!(fixture.rows.len(), 2000);
    let eph = common::ephemeris();
    let mut angle = Worst::new("angle °", ANGLE_DEG);
    let mut moon_angle = Worst::new("Moon angle °", MOON_ANGLE_DEG);
    let mut dist = Worst::new("distance AU", DIST_AU);
    let mut speed = Worst::new("speed °/day", SPEED_DEG_PER_DAY);
    let mut moon_speed = Worst::new("Moon speed °/day", MOON_SPEED_DEG_PER_DAY);
    let mut dist_speed = Worst::new("distance speed AU/day", DIST_SPEED_AU_PER_DAY);
    for row in &fixture.rows {
        let equinox = match row.equinox.as_str() {
            "true" => Equinox::True,
            "mean" => Equinox::Mean,
            other => panic!("unknown equinox {other}"),
        };
        assert_eq!(row.positions.len(), 13);
        for want in &row.positions {
            let body = BodyId::from_se_number(want.body).expect("a cached body");
            let at = || format!("body {} ({equinox:?}) at JD {}", want.body, row.jd_ut);
            let request = CalcRequest {
                equinox,
                ..CalcRequest::new(body)
            };
            let got = eph
                .calc_cached(JulianDayUt(row.jd_ut), &request)
                .expect("cached");
            assert_eq!(got.source, EphemerisSource::Swiss, "{}", at());
            let p = got.ecliptic().expect("ecliptic");
            let (angles, speeds) = if body == BodyId::MOON {
                (&mut moon_angle, &mut moon_speed)
            } else {
                (&mut angle, &mut speed)
            };
            angles.angle(p.lon_deg, want.x[0], &at);
            angles.abs(p.lat_deg, want.x[1], &at);
            dist.abs(p.dist_au, want.x[2], &at);
            speeds.abs(p.lon_speed_deg_per_day, want.x[3], &at);
            speeds.abs(p.lat_speed_deg_per_day, want.x[4], &at);
            dist_speed.abs(p.dist_speed_au_per_day, want.x[5], &at);
        }
    }
    for w in [&angle, &moon_angle, &dist, &speed, &moon_speed, &dist_speed] {
        w.report();
    }
}
