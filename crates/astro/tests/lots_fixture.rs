//! Lots against an independent reference: `fixtures/lots/generate.py` implements the lot
//! formulas and the sect rules in plain Python over pyswisseph 2.10.3.2 positions, ascendants
//! and `swe_azalt` altitudes (the same C library and data files). The cases include day and
//! night charts, the Sun 15 seconds before and after sunrise and sunset, polar night and
//! midnight sun, dates from 1820 to 2100, and positions-only charts with the sect from the
//! positions or given, the Sun exactly on the ascendant and the descendant, lots across 0°/360°
//! and missing bodies.

mod common;

use common::{lon_diff, num};

use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::ephem::Observer;
use orrery_astro::techniques::lots::{
    LOT_BODIES, Lot, LotPositions, LotTerm, Sect, cast_lot, natal_lot_positions,
    sect_from_ascendant,
};
use orrery_astro::time::JulianDayUt;
use serde_json::Value;

/// Same library, same data files, same flags: the only differences come from the order in
/// which the library's cached intermediate results were computed. 1e-7° = 0.00036″.
const SAME_LIBRARY_DEG: f64 = 1e-7;
/// A lot is a sum of up to five longitudes (Eros: the ascendant twice, Venus, the Sun, the
/// Moon), each within [`SAME_LIBRARY_DEG`].
const LOT_DEG: f64 = 5.0 * SAME_LIBRARY_DEG;
/// The Sun's altitude from the same position and the same `swe_azalt` call.
const ALTITUDE_DEG: f64 = 1e-7;

fn fixture() -> Value {
    common::fixture("lots/cases.json")
}

/// The positions of a positions-only case.
fn given(case: &Value) -> LotPositions {
    let map = case["positions"].as_object().unwrap();
    LotPositions {
        ascendant: Longitude::new(num(&map["ascendant"])).unwrap(),
        bodies: LOT_BODIES
            .iter()
            .filter_map(|(b, name)| {
                map.get(*name)
                    .map(|v| (*b, Longitude::new(num(v)).unwrap()))
            })
            .collect(),
    }
}

#[test]
fn every_case_matches_the_reference() {
    let eph =
        orrery_astro::ephem::Ephemeris::open(orrery_astro::ephem::Ephemeris::default_data_dir())
            .expect("the ephemeris data directory");
    let fixture = fixture();
    let cases = fixture["cases"].as_array().unwrap();
    let (mut worst_pos, mut worst_alt, mut worst_lot) = (0.0_f64, 0.0_f64, 0.0_f64);
    let (mut lots_compared, mut days, mut nights) = (0, 0, 0);
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let (positions, sect) = if case.get("jd_ut").is_some() {
            let place = Observer {
                lat_deg: num(&case["latitude"]),
                lon_deg: num(&case["longitude"]),
                alt_m: 0.0,
            };
            let (positions, alt_deg) =
                natal_lot_positions(&eph, JulianDayUt(num(&case["jd_ut"])), place)
                    .unwrap_or_else(|e| panic!("{label}: {e}"));
            let d = (alt_deg - num(&case["sun_altitude_deg"])).abs();
            assert!(d <= ALTITUDE_DEG, "{label}: altitude {alt_deg} ({d}°)");
            worst_alt = worst_alt.max(d);
            let want = &case["positions"];
            let mut pairs: Vec<(&str, Longitude)> = positions
                .bodies
                .iter()
                .map(|(b, l)| (LotTerm::Body(*b).name(), *l))
                .collect();
            pairs.push(("ascendant", positions.ascendant));
            for (name, lon) in pairs {
                let d = lon_diff(lon.degrees(), num(&want[name]));
                assert!(d <= SAME_LIBRARY_DEG, "{label} {name}: {d}°");
                worst_pos = worst_pos.max(d);
            }
            (positions, Sect::from_sun_altitude(alt_deg))
        } else {
            let positions = given(case);
            let sect = match case["request"]["sect"].as_str() {
                Some("day") => Sect::Day,
                Some("night") => Sect::Night,
                _ => sect_from_ascendant(positions.body(Body::Sun).unwrap(), positions.ascendant),
            };
            (positions, sect)
        };
        assert_eq!(sect.name(), case["sect"], "{label}");
        match sect {
            Sect::Day => days += 1,
            Sect::Night => nights += 1,
        }
        let want_lots = case["lots"].as_object().unwrap();
        let want_omitted: Vec<&str> = case["omitted"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["lot"].as_str().unwrap())
            .collect();
        for lot in Lot::ALL {
            let Some(want) = want_lots.get(lot.name()) else {
                if want_omitted.contains(&lot.name()) {
                    assert!(
                        cast_lot(lot, &positions, sect).is_err(),
                        "{label} {}",
                        lot.name()
                    );
                }
                continue;
            };
            let at = format!("{label} {}", lot.name());
            let cast = cast_lot(lot, &positions, sect).unwrap_or_else(|e| panic!("{at}: {e}"));
            let d = lon_diff(cast.lon.degrees(), num(&want["longitude"]));
            assert!(
                d <= LOT_DEG,
                "{at}: {} vs {} ({d}°)",
                cast.lon,
                want["longitude"]
            );
            assert_eq!(cast.lon.sign().name(), want["sign"], "{at}");
            assert_eq!(
                format!("ascendant + {} - {}", cast.to.name(), cast.from.name()),
                want["formula"].as_str().unwrap(),
                "{at}"
            );
            worst_lot = worst_lot.max(d);
            lots_compared += 1;
        }
    }
    assert!(cases.len() >= 20, "{} cases", cases.len());
    assert!(
        days >= 8 && nights >= 8,
        "{days} day and {nights} night charts"
    );
    println!(
        "lots worst: position {worst_pos:.2e}°, sun altitude {worst_alt:.2e}°, lot \
         {worst_lot:.2e}° over {lots_compared} lots"
    );
}

#[test]
fn the_horizon_cases_are_close_to_the_horizon() {
    // Guards the fixture: each sunrise/sunset pair straddles the horizon within 0.1°, so the
    // sect really is decided by the sign of a small altitude.
    let fixture = fixture();
    let near: Vec<&Value> = fixture["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| {
            let label = c["label"].as_str().unwrap();
            label.ends_with("_before") || label.ends_with("_after")
        })
        .collect();
    assert!(near.len() >= 6);
    for c in near {
        let alt = num(&c["sun_altitude_deg"]);
        assert!(alt.abs() < 0.1, "{}: {alt}", c["label"]);
        assert_eq!(c["sect"], if alt > 0.0 { "day" } else { "night" });
    }
}
