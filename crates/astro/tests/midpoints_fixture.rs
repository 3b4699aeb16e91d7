//! Midpoints against an independent reference: `fixtures/midpoints/generate.py` implements the
//! definitions in plain Python (its own midpoint formula from the forward arc, its own orb test
//! and ordering) over pyswisseph 2.10.3.2 positions (the same C library and data files). The
//! cases include natal charts (two inside the polar circles), midpoints across 0°/360°, exactly
//! opposite points, activations just inside and just outside the orb, orb 0 and 5, restricted
//! aspect angles and `points` restrictions.

mod common;

use common::{lon_diff, num};

use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::chart::{Frame, position};
use orrery_astro::ephem::{Ephemeris, HouseSystem, Zodiac};
use orrery_astro::techniques::midpoints::{
    MidpointAspect, MidpointOrb, activations, midpoints, tree,
};
use orrery_astro::techniques::transits::NatalPoint;
use orrery_astro::time::JulianDayUt;
use serde_json::Value;

/// Same library, same data files, same flags: the only differences come from the order in
/// which the library's cached intermediate results were computed. 1e-7° = 0.00036″.
const SAME_LIBRARY_DEG: f64 = 1e-7;
/// A midpoint, an arc or an orb is a sum or difference of two longitudes, each within
/// [`SAME_LIBRARY_DEG`] (given positions agree exactly; then only rounding is left).
const DERIVED_DEG: f64 = 2.0 * SAME_LIBRARY_DEG;

fn fixture() -> Value {
    common::fixture("midpoints/cases.json")
}

/// The natal points as the service computes them: bodies at the instant, the angles from equal
/// houses.
fn natal_points(eph: &Ephemeris, case: &Value) -> Vec<NatalPoint> {
    let natal = &case["natal"];
    let jd = JulianDayUt(num(&natal["jd_ut"]));
    let (lat, lon) = (num(&natal["latitude"]), num(&natal["longitude"]));
    let houses = eph
        .houses(jd, lat, lon, HouseSystem::EQUAL, Zodiac::Tropical)
        .unwrap();
    case["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let name = p[0].as_str().unwrap();
            let deg = match name {
                "ascendant" => houses.angles.ascendant.lon_deg,
                "mc" => houses.angles.mc.lon_deg,
                _ => {
                    let body = Body::parse(name).unwrap();
                    position(eph, jd, body, &Frame::GEOCENTRIC_TROPICAL)
                        .unwrap()
                        .lon
                        .degrees()
                }
            };
            NatalPoint::new(name, Longitude::new(deg).unwrap())
        })
        .collect()
}

#[test]
fn every_case_matches_the_reference() {
    let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("the ephemeris data directory");
    let fixture = fixture();
    let cases = fixture["cases"].as_array().unwrap();
    let (mut worst_point, mut worst_mid, mut worst_orb) = (0.0_f64, 0.0_f64, 0.0_f64);
    let (mut hits, mut misses) = (0, 0);
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let points = if case["kind"] == "natal" {
            natal_points(&eph, case)
        } else {
            case["points"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    NatalPoint::new(p[0].as_str().unwrap(), Longitude::new(num(&p[1])).unwrap())
                })
                .collect()
        };
        for (got, want) in points.iter().zip(case["points"].as_array().unwrap()) {
            assert_eq!(got.name, want[0].as_str().unwrap(), "{label}");
            let d = lon_diff(got.lon.degrees(), num(&want[1]));
            assert!(d <= SAME_LIBRARY_DEG, "{label} {}: {d}°", got.name);
            worst_point = worst_point.max(d);
        }
        let aspects: Vec<MidpointAspect> = case["aspect_angles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| MidpointAspect::from_angle(num(a)).unwrap())
            .collect();
        let orb = MidpointOrb::new(num(&case["orb"])).unwrap();

        let list = midpoints(&points);
        let want_list = case["list"].as_array().unwrap();
        assert_eq!(list.len(), want_list.len(), "{label}");
        for (m, want) in list.iter().zip(want_list) {
            let at = format!("{label} {}/{}", want["first"], want["second"]);
            assert_eq!(
                points[m.first].name,
                want["first"].as_str().unwrap(),
                "{at}"
            );
            assert_eq!(
                points[m.second].name,
                want["second"].as_str().unwrap(),
                "{at}"
            );
            let d = lon_diff(m.lon.degrees(), num(&want["longitude"]));
            assert!(
                d <= DERIVED_DEG,
                "{at}: {} vs {} ({d}°)",
                m.lon,
                want["longitude"]
            );
            assert_eq!(m.lon.sign().name(), want["sign"], "{at}");
            assert!((m.lon.degree_in_sign() - num(&want["sign_degree"])).abs() <= DERIVED_DEG);
            assert!((m.arc_deg - num(&want["arc"])).abs() <= DERIVED_DEG, "{at}");
            worst_mid = worst_mid.max(d);
        }

        let found = activations(&points, &list, &aspects, orb);
        let want_hits = case["activated"].as_array().unwrap();
        let summary = |point: &str, m: usize| {
            format!(
                "{point} on {}/{}",
                points[list[m].first].name, points[list[m].second].name
            )
        };
        assert_eq!(
            found.len(),
            want_hits.len(),
            "{label}: {:?}",
            found
                .iter()
                .map(|a| summary(&points[a.point].name, a.midpoint))
                .collect::<Vec<_>>()
        );
        for (a, want) in found.iter().zip(want_hits) {
            let m = &list[a.midpoint];
            let at = format!("{label} {}", summary(&points[a.point].name, a.midpoint));
            assert_eq!(
                points[a.point].name,
                want["point"].as_str().unwrap(),
                "{at}"
            );
            assert_eq!(
                points[m.first].name,
                want["first"].as_str().unwrap(),
                "{at}"
            );
            assert_eq!(
                points[m.second].name,
                want["second"].as_str().unwrap(),
                "{at}"
            );
            assert_eq!(a.aspect.aspect().name(), want["aspect"], "{at}");
            assert!((a.aspect.angle_deg() - num(&want["angle"])).abs() < f64::EPSILON);
            let d = (a.orb_deg - num(&want["orb"])).abs();
            assert!(d <= DERIVED_DEG, "{at}: orb {} ({d}°)", a.orb_deg);
            assert!(a.orb_deg <= orb.degrees(), "{at}");
            worst_orb = worst_orb.max(d);
            hits += 1;
        }
        for miss in case["near_misses"].as_array().unwrap() {
            let listed = found.iter().any(|a| {
                let m = &list[a.midpoint];
                miss["point"] == points[a.point].name.as_str()
                    && miss["first"] == points[m.first].name.as_str()
                    && miss["second"] == points[m.second].name.as_str()
            });
            assert!(!listed, "{label}: {miss} is outside the orb");
            misses += 1;
        }

        let branches = tree(points.len(), &found);
        let want_tree = case["tree"].as_object().unwrap();
        assert_eq!(want_tree.len(), points.len(), "{label}");
        for (branch, p) in branches.iter().zip(&points) {
            let want = want_tree[&p.name].as_array().unwrap();
            assert_eq!(branch.len(), want.len(), "{label} tree {}", p.name);
            for (a, w) in branch.iter().zip(want) {
                let m = &list[a.midpoint];
                assert_eq!(points[m.first].name, w["first"].as_str().unwrap());
                assert_eq!(points[m.second].name, w["second"].as_str().unwrap());
            }
        }
    }
    assert!(cases.len() >= 20, "{} cases", cases.len());
    assert!(hits >= 300, "{hits} activations");
    assert!(misses >= 10, "{misses} near misses");
    println!(
        "midpoints worst: point {worst_point:.2e}°, midpoint {worst_mid:.2e}°, orb \
         {worst_orb:.2e}° over {hits} activations, {misses} near misses"
    );
}

#[test]
fn the_fixture_has_its_awkward_cases() {
    // Guards the fixture itself: a midpoint across the seam (its points more than 180° apart in
    // raw longitude), an exactly opposite pair, and polar charts.
    let fixture = fixture();
    let cases = fixture["cases"].as_array().unwrap();
    let mut seam = false;
    let mut opposite = false;
    for case in cases {
        let points = case["points"].as_array().unwrap();
        let lon_of = |name: &Value| {
            points
                .iter()
                .find(|p| &p[0] == name)
                .map(|p| num(&p[1]))
                .unwrap()
        };
        for m in case["list"].as_array().unwrap() {
            let (a, b) = (lon_of(&m["first"]), lon_of(&m["second"]));
            seam |= (a - b).abs() > 180.0 && num(&m["arc"]) < 180.0;
            opposite |= (num(&m["arc"]) - 180.0).abs() < f64::EPSILON;
        }
    }
    assert!(seam && opposite);
    let polar = cases
        .iter()
        .filter(|c| c["kind"] == "natal" && num(&c["natal"]["latitude"]).abs() > 66.6)
        .count();
    assert!(polar >= 2);
}
