//! Antiscia against an independent reference: `fixtures/antiscia/generate.py` implements the
//! definitions of docs/CONVENTIONS.md in plain Python over pyswisseph 2.10.3.2 positions (the same C
//! library and data files): mirrors, signs, the pairs within the orb (measured both ways round),
//! their order, and the near misses just outside the orb. The cases include pairs across the
//! 0°/360° seam and pairs just inside and just outside the orb's edge, at dates from 1800 to
//! 2399.

mod common;

use common::{lon_diff, num};

use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::ephem::Ephemeris;
use orrery_astro::techniques::antiscia::{AntisciaOrb, MirrorPoints, find_pairs, mirror_points};
use orrery_astro::time::JulianDayUt;
use serde_json::Value;

/// Same library, same data files, same flags: the only differences come from the order in
/// which the library's cached intermediate results were computed. 1e-7° = 0.00036″ (the ephem
/// crate's golden tests use the same bound).
const SAME_LIBRARY_DEG: f64 = 1e-7;
/// A mirror or a sign degree is one subtraction away from a longitude: the same bound.
const MIRROR_DEG: f64 = SAME_LIBRARY_DEG;
/// A pair's orb depends on two longitudes, each within [`SAME_LIBRARY_DEG`].
const PAIR_ORB_DEG: f64 = 2.0 * SAME_LIBRARY_DEG;

fn fixture() -> Value {
    common::fixture("antiscia/cases.json")
}

/// Checks a longitude with its sign against the reference; returns the difference.
fn check_zodiac(at: &str, got: Longitude, want: &Value, tolerance: f64) -> f64 {
    let d = lon_diff(got.degrees(), num(&want["longitude"]));
    assert!(
        d <= tolerance,
        "{at}: {got} vs {} ({d}°)",
        want["longitude"]
    );
    assert_eq!(got.sign().name(), want["sign"], "{at}");
    let d_sign = (got.degree_in_sign() - num(&want["sign_degree"])).abs();
    assert!(d_sign <= tolerance, "{at}: sign_degree off by {d_sign}");
    d
}

#[test]
fn every_case_matches_the_reference() {
    let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("the ephemeris data directory");
    let fixture = fixture();
    let cases = fixture["cases"].as_array().unwrap();
    let (mut worst_lon, mut worst_mirror, mut worst_orb) = (0.0_f64, 0.0_f64, 0.0_f64);
    let (mut pairs_compared, mut misses_checked) = (0, 0);
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let bodies: Vec<Body> = case["known"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| Body::parse(n.as_str().unwrap()).unwrap())
            .collect();
        let (points, _) = mirror_points(&eph, JulianDayUt(num(&case["jd_ut"])), &bodies)
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        for p in &points {
            let name = p.body.name();
            let want = &case["points"][name.as_ref()];
            let at = format!("{label} {name}");
            worst_lon = worst_lon.max(check_zodiac(&at, p.lon, want, SAME_LIBRARY_DEG));
            for (mirror, got) in [
                ("antiscion", p.antiscion),
                ("contra_antiscion", p.contra_antiscion),
            ] {
                let d = check_zodiac(&format!("{at} {mirror}"), got, &want[mirror], MIRROR_DEG);
                worst_mirror = worst_mirror.max(d);
            }
        }
        if !case["include_pairs"].as_bool().unwrap() {
            continue;
        }
        let orb = AntisciaOrb::new(num(&case["orb"])).unwrap();
        let found = find_pairs(&points, orb);
        let want = case["pairs"].as_array().unwrap();
        let summary = |p: &Value| format!("{} {} {}", p["first"], p["second"], p["mirror"]);
        assert_eq!(
            found.len(),
            want.len(),
            "{label}: {found:?} vs {:?}",
            want.iter().map(summary).collect::<Vec<_>>()
        );
        for (got, want) in found.iter().zip(want) {
            let at = format!("{label} {}", summary(want));
            assert_eq!(want["first"], got.first.name().as_ref(), "{at}");
            assert_eq!(want["second"], got.second.name().as_ref(), "{at}");
            assert_eq!(got.mirror.name(), want["mirror"], "{at}");
            let d = (got.orb_deg - num(&want["orb"])).abs();
            assert!(d <= PAIR_ORB_DEG, "{at}: orb {} ({d}°)", got.orb_deg);
            assert!(got.orb_deg <= orb.degrees(), "{at}");
            worst_orb = worst_orb.max(d);
            pairs_compared += 1;
        }
        for miss in case["near_misses"].as_array().unwrap() {
            let listed = found.iter().any(|p| {
                miss["first"] == p.first.name().as_ref()
                    && miss["second"] == p.second.name().as_ref()
                    && p.mirror.name() == miss["mirror"]
            });
            assert!(!listed, "{label}: {} is outside the orb", summary(miss));
            misses_checked += 1;
        }
    }
    assert!(cases.len() >= 20, "at least 20 dates");
    assert!(pairs_compared >= 40, "{pairs_compared} pairs");
    assert!(misses_checked >= 5, "{misses_checked} near misses");
    for prefix in ["seam_", "inside_edge_", "outside_edge_"] {
        assert!(
            cases
                .iter()
                .any(|c| c["label"].as_str().unwrap().starts_with(prefix)),
            "{prefix}"
        );
    }
    println!(
        "antiscia worst: longitude {worst_lon:.2e}°, mirror {worst_mirror:.2e}°, pair orb \
         {worst_orb:.2e}° over {pairs_compared} pairs, {misses_checked} near misses"
    );
}

#[test]
fn the_seam_cases_really_cross_the_seam() {
    // Guards the fixture itself: in each seam case some pair's mirror and partner lie on either
    // side of 0° Aries, so the seam is what the test above crossed.
    let fixture = fixture();
    for case in fixture["cases"].as_array().unwrap() {
        let label = case["label"].as_str().unwrap();
        if !label.starts_with("seam_") {
            continue;
        }
        let crosses = case["pairs"].as_array().unwrap().iter().any(|p| {
            let first = &case["points"][p["first"].as_str().unwrap()];
            let mirror = num(&first[p["mirror"].as_str().unwrap()]["longitude"]);
            let second = num(&case["points"][p["second"].as_str().unwrap()]["longitude"]);
            (mirror - second).abs() > 180.0
        });
        assert!(crosses, "{label}");
    }
}

#[test]
fn mirror_points_agree_with_the_definition_at_the_cardinal_points() {
    // 0° of each cardinal sign, and a hair either side: the definitions by hand.
    for (deg, antiscion, contra) in [
        (0.0, 180.0, 0.0),
        (90.0, 90.0, 270.0),
        (180.0, 0.0, 180.0),
        (270.0, 270.0, 90.0),
        (359.75, 180.25, 0.25),
        (0.25, 179.75, 359.75),
    ] {
        let p = MirrorPoints::new(Body::Sun, Longitude::new(deg).unwrap());
        assert!(
            lon_diff(p.antiscion.degrees(), antiscion) <= MIRROR_DEG,
            "{deg}"
        );
        assert!(
            lon_diff(p.contra_antiscion.degrees(), contra) <= MIRROR_DEG,
            "{deg}"
        );
    }
}
