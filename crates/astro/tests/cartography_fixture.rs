//! Astro-cartography against an independent reference: `fixtures/cartography/generate.py`
//! implements the documented definitions in Python over pyswisseph 2.10.3.2 (the same C library
//! and data files): the positions and sidereal time, every point of every line (MC/IC
//! meridians, AC/DC horizon curves, the date-line splits, the zodiacal aspect lines), and each
//! line's distance from a place by another method (the exact curve sampled every 0.01° and
//! refined by golden-section search, haversine distances). Cases include the Sun at the March
//! equinox (declination 8e-5°), the Moon at −28.7°, lines across the date line, steps from 0.1°
//! to 2°, places on a line, next to one, near the poles, and far from every line asked for.
//!
//! The reference's points are the even samples in hour angle: the polylines hold each of them,
//! in order, and add the refinements that keep every segment true to the line
//! ([`exact`] measures those against the root-solved lines of `generate_exact.py`).
//!
//! Also the library's own horizon: every point of an AC or DC line has the body at true
//! altitude 0 by `swe_azalt` (no refraction).

mod common;
#[path = "cartography_fixture/exact.rs"]
mod exact;

use common::{lon_diff, num};

use orrery_astro::body::Body;
use orrery_astro::ephem::{Atmosphere, Ephemeris, Observer, SkyPoint};
use orrery_astro::techniques::cartography::{
    AspectLines, CartographyInput, GeoPoint, Line, LineType, RaDec, Step, cartography, lines_near,
    sphere,
};
use orrery_astro::time::JulianDayUt;
use serde_json::Value;

/// Same library, same data files, same flags: positions and sidereal time agree to rounding in
/// the library's cached intermediate results. 1e-7° = 0.00036″ (the other golden tests' bound).
const SAME_LIBRARY_DEG: f64 = 1e-7;
/// A line's points are a few trigonometric steps from those numbers: 1e-6° (11 cm on the
/// ground) covers the amplification near the equator crossing of a low-declination body's
/// curve (`dφ/dδ` grows like `1/cos H` there).
const LINE_POINT_DEG: f64 = 1e-6;
/// The reference refines each distance to its minimum by golden-section search on the exact
/// curve: both methods are exact, so they agree to rounding (a few metres of slack).
const DISTANCE_KM: f64 = 0.01;
/// Where the minimum is flat (a place far from a line), its position is only as well defined
/// as the square root of the distance's rounding (the reference's search stops on the distance,
/// not on the point): the two nearest points agree to 50 m.
const NEAREST_POINT_KM: f64 = 0.05;
/// True altitude by `swe_azalt` at a line's point, from the body's own right ascension and
/// declination: the library's sidereal time and trigonometry against ours, 1e-6°.
const ALTITUDE_DEG: f64 = 1e-6;

fn fixture() -> Value {
    common::fixture("cartography/cases.json")
}

fn line_type(name: &Value) -> LineType {
    LineType::ALL
        .into_iter()
        .find(|t| t.name() == name.as_str().unwrap())
        .unwrap_or_else(|| panic!("line type {name}"))
}

fn names(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect()
}

fn input_of(case: &Value) -> CartographyInput {
    let request = &case["request"];
    let bodies = match request.get("bodies") {
        Some(list) => names(list)
            .into_iter()
            .map(|n| Body::parse(n).unwrap())
            .collect(),
        None => orrery_astro::techniques::cartography::default_bodies(),
    };
    let line_types = match request.get("line_types") {
        Some(list) => list.as_array().unwrap().iter().map(line_type).collect(),
        None => LineType::ALL.to_vec(),
    };
    let aspects = request.get("aspects").map(|a| AspectLines {
        angles_deg: a["angles"].as_array().unwrap().iter().map(num).collect(),
        targets: match a.get("targets") {
            Some(list) => list.as_array().unwrap().iter().map(line_type).collect(),
            None => LineType::ALL.to_vec(),
        },
    });
    CartographyInput {
        jd: JulianDayUt(num(&case["jd_ut"])),
        bodies,
        line_types,
        aspects,
        step: request
            .get("step_degrees")
            .map_or(Step::DEFAULT, |s| Step::new(num(s)).unwrap()),
        polylines: true,
    }
}

/// The identity of a line as the fixture writes it.
fn key_of(line: &Line) -> String {
    let aspect = line
        .aspect
        .map_or(String::new(), |a| format!(" {:+}", a.offset_deg));
    format!("{} {}{aspect}", line.body.name(), line.line_type.name())
}

fn fixture_key(line: &Value) -> String {
    let aspect = if line["aspect"].is_null() {
        String::new()
    } else {
        format!(" {:+}", num(&line["aspect"]["offset"]))
    };
    format!(
        "{} {}{aspect}",
        line["body"].as_str().unwrap(),
        line["line_type"].as_str().unwrap()
    )
}

#[derive(Default)]
struct Worst {
    position_deg: f64,
    point_deg: f64,
    distance_km: f64,
    nearest_km: f64,
    points: usize,
    distances: usize,
}

fn check_lines(label: &str, got: &[Line], want: &[Value], worst: &mut Worst) {
    assert_eq!(got.len(), want.len(), "{label}: line count");
    for (g, w) in got.iter().zip(want) {
        let key = key_of(g);
        assert_eq!(key, fixture_key(w), "{label}: line order");
        if let Some(a) = g.aspect {
            let d = lon_diff(a.point.degrees(), num(&w["aspect"]["point_longitude"]));
            assert!(d <= SAME_LIBRARY_DEG, "{label} {key}: aspect point {d}");
            assert!((a.angle_deg - num(&w["aspect"]["angle"])).abs() < 1e-12);
        }
        let segments = w["segments"].as_array().unwrap();
        assert_eq!(g.segments.len(), segments.len(), "{label} {key}: segments");
        for (gs, ws) in g.segments.iter().zip(segments) {
            let ws = ws.as_array().unwrap();
            // The reference's points are the even hour-angle samples: each is one of ours, in
            // order (ours add the refinements between them, see cartography_exact.rs), and the
            // segment starts and ends on the same points.
            let mut ours = gs.iter();
            for q in ws {
                // The date line's two sides are distinct on the map: compare without wrapping.
                let apart = |p: &GeoPoint| {
                    (p.lat_deg - num(&q[0]))
                        .abs()
                        .max((p.lon_deg - num(&q[1])).abs())
                };
                let p = ours
                    .by_ref()
                    .find(|p| apart(p) <= LINE_POINT_DEG)
                    .unwrap_or_else(|| panic!("{label} {key}: {q} missing or out of order"));
                worst.point_deg = worst.point_deg.max(apart(p));
                worst.points += 1;
            }
            assert!(ours.next().is_none(), "{label} {key}: points past the end");
            let first =
                (gs[0].lat_deg - num(&ws[0][0])).abs() + (gs[0].lon_deg - num(&ws[0][1])).abs();
            assert!(
                first <= LINE_POINT_DEG,
                "{label} {key}: points before the start"
            );
        }
    }
}

fn check_near(label: &str, case: &Value, lines: &[Line], worst: &mut Worst) {
    let place = GeoPoint {
        lat_deg: num(&case["place"]["latitude"]),
        lon_deg: num(&case["place"]["longitude"]),
    };
    let max_km = case.get("max_km").map(num);
    let got = lines_near(lines, place, max_km);
    let want = case["near"].as_array().unwrap();
    assert_eq!(got.len(), want.len(), "{label}: lines within max_km");
    assert!(
        got.windows(2)
            .all(|w| w[0].nearest.distance_km <= w[1].nearest.distance_km),
        "{label}: sorted"
    );
    for w in want {
        let key = fixture_key(w);
        let g = got
            .iter()
            .find(|g| key_of(g.line) == key)
            .unwrap_or_else(|| panic!("{label}: {key} missing"));
        let d = (g.nearest.distance_km - num(&w["distance_km"])).abs();
        assert!(d <= DISTANCE_KM, "{label} {key}: {g:?} vs {w} ({d} km)");
        let reference = GeoPoint {
            lat_deg: num(&w["nearest"][0]),
            lon_deg: num(&w["nearest"][1]),
        };
        let apart = sphere::distance_km(g.nearest.point, reference);
        assert!(
            apart <= NEAREST_POINT_KM,
            "{label} {key}: nearest points {apart} km apart"
        );
        worst.distance_km = worst.distance_km.max(d);
        worst.nearest_km = worst.nearest_km.max(apart);
        worst.distances += 1;
    }
}

#[test]
fn every_case_matches_the_reference() {
    let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("the ephemeris data directory");
    let fixture = fixture();
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 15);
    let mut worst = Worst::default();
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let got = cartography(&eph, &input_of(case)).unwrap_or_else(|e| panic!("{label}: {e}"));
        let d = lon_diff(got.sidereal_time.degrees(), num(&case["sidereal_time"]));
        assert!(d <= SAME_LIBRARY_DEG, "{label}: sidereal time {d}");
        let d = (got.true_obliquity_deg - num(&case["true_obliquity"])).abs();
        assert!(d <= SAME_LIBRARY_DEG, "{label}: obliquity {d}");
        for body in &got.bodies {
            let name = body.body.name();
            let want = &case["bodies"][name.as_ref()];
            let d = lon_diff(body.equatorial.ra.degrees(), num(&want["ra"]))
                .max((body.equatorial.dec_deg - num(&want["dec"])).abs())
                .max(lon_diff(body.lon.degrees(), num(&want["lon"])));
            assert!(d <= SAME_LIBRARY_DEG, "{label} {name}: position {d}");
            worst.position_deg = worst.position_deg.max(d);
        }
        check_lines(
            label,
            &got.lines,
            case["lines"].as_array().unwrap(),
            &mut worst,
        );
        if case.get("place").is_some() {
            check_near(label, case, &got.lines, &mut worst);
        }
    }
    println!(
        "{} cases, {} points, {} distances; worst: position {:e}°, point {:e}°, distance {:e} km, nearest point {:e} km",
        cases.len(),
        worst.points,
        worst.distances,
        worst.position_deg,
        worst.point_deg,
        worst.distance_km,
        worst.nearest_km
    );
    assert!(worst.points > 10_000 && worst.distances > 100);
}

#[test]
fn the_library_puts_the_body_on_the_horizon_at_every_point_of_its_ac_and_dc_lines() {
    let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("the ephemeris data directory");
    let fixture = fixture();
    let mut checked = 0;
    let mut worst = 0.0_f64;
    for case in fixture["cases"].as_array().unwrap() {
        let input = input_of(case);
        let got = cartography(&eph, &input).unwrap();
        for line in &got.lines {
            let sky = match line.aspect {
                Some(a) => RaDec::of_ecliptic_point(a.point, got.true_obliquity_deg),
                None => {
                    got.bodies
                        .iter()
                        .find(|b| b.body == line.body)
                        .unwrap()
                        .equatorial
                }
            };
            for p in line.segments.iter().flatten() {
                let observer = Observer {
                    lat_deg: p.lat_deg,
                    lon_deg: p.lon_deg,
                    alt_m: 0.0,
                };
                let point = SkyPoint::Equatorial {
                    ra_deg: sky.ra.degrees(),
                    dec_deg: sky.dec_deg,
                };
                let h = eph
                    .azalt(input.jd, &observer, &Atmosphere::default(), point)
                    .unwrap();
                let want = match line.line_type {
                    LineType::Ac | LineType::Dc => 0.0,
                    // On a meridian the altitude is 90° less the distance from the body's
                    // declination (upper culmination) or from its mirror (lower).
                    LineType::Mc => 90.0 - (p.lat_deg - sky.dec_deg).abs(),
                    LineType::Ic => (p.lat_deg + sky.dec_deg).abs() - 90.0,
                };
                let d = (h.true_altitude_deg - want).abs();
                assert!(d <= ALTITUDE_DEG, "{} {p:?}: {h:?}", key_of(line));
                worst = worst.max(d);
                checked += 1;
            }
        }
    }
    println!("{checked} points, worst altitude {worst:e}°");
}
