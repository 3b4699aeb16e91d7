//! `POST /v1/relationship` against an independent implementation
//! (`fixtures/relationship/generate.py`: the definitions written again in Python over pyswisseph
//! 2.10.3.2 positions and houses, its own midpoint formula from the forward arc, its own
//! great-circle midpoint by the vector mean, its own aspect rule). Each fixture case is a request
//! as a client sends it; the whole path (DTO, validation, `compute`) is run and the response,
//! serialised as a client sees it, is compared: the instants, every position, cusp and angle,
//! the Davison instant and place, and every aspect (names, orb, applying, time to exact).

use orrery_api::relationship::{RelationshipInput, RelationshipRequest, compute};
use orrery_ephem::Ephemeris;
use serde_json::Value;

/// Same library, same data files, same Julian day (both sides compute it as
/// `2440587.5 + seconds / 86400`): positions differ only by the order of the library's cached
/// intermediate results. 1e-7° = 0.00036″.
const SAME_LIBRARY_DEG: f64 = 1e-7;
/// Speeds from the same library call, degrees per day.
const SAME_LIBRARY_DEG_PER_DAY: f64 = 1e-7;
/// A midpoint, a separation or an orb is a sum or difference of two longitudes, each within
/// [`SAME_LIBRARY_DEG`].
const DERIVED_DEG: f64 = 2.0 * SAME_LIBRARY_DEG;
/// The same formula on both sides; the Rust side goes through jiff's nanoseconds, Python's
/// through a float of seconds: an ulp of a Julian day near 2.4e6 is 4.7e-10 day (40 µs).
const JULIAN_DAY_ULPS_DAYS: f64 = 2e-9;
/// The great-circle midpoint by two vector computations: rounding in the last digits, amplified
/// by at most 1/sin of the distance from antipodal (0.3° in the closest case, about 200 times).
const PLACE_DEG: f64 = 1e-9;
/// `exact_in_days` is an arc over a relative speed: both within rounding, relative to the value.
const EXACT_IN_DAYS_REL: f64 = 1e-6;
/// The Davison instant is given to the second: within half a second of the exact mean.
const HALF_SECOND: f64 = 0.5;

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/relationship/cases.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("JSON")
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

fn lon_diff(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}

/// The worst differences seen, for the report.
#[derive(Debug, Default)]
struct Worst {
    position_deg: f64,
    cusp_deg: f64,
    derived_deg: f64,
    jd_days: f64,
    place_deg: f64,
    aspects: usize,
}

impl Worst {
    fn lon(&mut self, what: &str, got: &Value, want: &Value, tol: f64) -> f64 {
        let d = lon_diff(num(got), num(want));
        assert!(d <= tol, "{what}: {got} vs {want} ({d}°)");
        d
    }
}

fn compare_aspects(worst: &mut Worst, at: &str, got: &Value, want: &Value) {
    let (got, want) = (got.as_array().unwrap(), want.as_array().unwrap());
    let summary = |list: &[Value]| -> Vec<String> {
        list.iter()
            .map(|a| format!("{} {} {}", a["first"], a["aspect"], a["second"]))
            .collect()
    };
    assert_eq!(summary(got), summary(want), "{at}: aspects");
    for (g, w) in got.iter().zip(want) {
        let at = format!("{at} {} {} {}", w["first"], w["aspect"], w["second"]);
        assert_eq!(g["angle"], w["angle"], "{at}");
        for field in ["orb", "separation", "allowed_orb"] {
            let d = (num(&g[field]) - num(&w[field])).abs();
            assert!(
                d <= DERIVED_DEG,
                "{at} {field}: {} vs {}",
                g[field],
                w[field]
            );
            worst.derived_deg = worst.derived_deg.max(d);
        }
        assert_eq!(g["applying"], w["applying"], "{at}");
        match (g["exact_in_days"].as_f64(), w["exact_in_days"].as_f64()) {
            (Some(x), Some(y)) => {
                assert!(
                    (x - y).abs() <= EXACT_IN_DAYS_REL * y.abs().max(1.0),
                    "{at}: {x} vs {y}"
                );
            }
            (None, None) => {}
            other => panic!("{at}: exact_in_days {other:?}"),
        }
    }
    worst.aspects += got.len();
}

/// Planets (and their houses), cusps and the two axes of a chart against the reference.
fn compare_chart(worst: &mut Worst, at: &str, got: &Value, want: &Value, planet_tol: f64) {
    let planets = got["planets"].as_object().unwrap();
    let want_planets = want["planets"].as_object().unwrap();
    assert_eq!(
        planets.keys().collect::<Vec<_>>(),
        want_planets.keys().collect::<Vec<_>>(),
        "{at}"
    );
    for (name, w) in want_planets {
        let g = &planets[name];
        let at = format!("{at} {name}");
        let d = worst.lon(&at, &g["longitude"], &w["longitude"], planet_tol);
        worst.position_deg = worst.position_deg.max(d);
        assert!((num(&g["latitude"]) - num(&w["latitude"])).abs() <= planet_tol);
        let ds = (num(&g["longitude_speed"]) - num(&w["longitude_speed"])).abs();
        assert!(ds <= SAME_LIBRARY_DEG_PER_DAY, "{at} speed");
        assert_eq!(
            g.get("house").unwrap_or(&Value::Null),
            &w["house"],
            "{at} house"
        );
    }
    let cusps = got["houses"].as_object().unwrap();
    let want_cusps = want["cusps"].as_array().unwrap();
    assert_eq!(cusps.len(), want_cusps.len(), "{at}");
    for (i, w) in want_cusps.iter().enumerate() {
        let key = (i + 1).to_string();
        let d = worst.lon(&format!("{at} cusp {key}"), &cusps[&key], w, planet_tol);
        worst.cusp_deg = worst.cusp_deg.max(d);
    }
    for axis in ["ascendant", "mc"] {
        let d = worst.lon(
            &format!("{at} {axis}"),
            &got["angles"][axis]["longitude"],
            &want[axis],
            planet_tol,
        );
        worst.cusp_deg = worst.cusp_deg.max(d);
    }
}

#[test]
fn every_case_matches_the_independent_reference() {
    let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("the ephemeris data directory");
    let fixture = fixture();
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 20, "{} cases", cases.len());
    let mut worst = Worst::default();
    let mut methods = std::collections::BTreeSet::new();
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let want = &case["expected"];
        let request: RelationshipRequest = serde_json::from_value(case["request"].clone()).unwrap();
        let input =
            RelationshipInput::try_from(&request).unwrap_or_else(|e| panic!("{label}: {e}"));
        let response = compute(&eph, &input).unwrap_or_else(|e| panic!("{label}: {e}"));
        let got = serde_json::to_value(&response).unwrap();
        assert_eq!(got["method"], want["method"], "{label}");
        methods.insert(case["request"]["method"].as_str().unwrap().to_owned());

        for who in ["person_a", "person_b"] {
            let (g, w) = (&got[who], &want["persons"][who]);
            let d = (num(&g["resolved"]["julian_day_ut"]) - num(&w["jd_ut"])).abs();
            assert!(d <= JULIAN_DAY_ULPS_DAYS, "{label} {who}: {d} days");
            worst.jd_days = worst.jd_days.max(d);
            assert_eq!(g["resolved"]["utc"], w["utc"], "{label} {who}");
            assert_eq!(g["name"], case["request"][who]["name"], "{label} {who}");
        }

        let at = label.to_owned();
        match want["method"].as_str().unwrap() {
            "synastry" => {
                let aspects = &got["aspects"];
                assert_eq!(
                    (&aspects["first"], &aspects["second"]),
                    (&"person_a".into(), &"person_b".into())
                );
                assert_eq!(aspects["settings"]["mode"], "cross");
                compare_aspects(&mut worst, &at, &aspects["list"], &want["aspects"]);
                match want.get("natal_charts") {
                    Some(natal) => {
                        for who in ["person_a", "person_b"] {
                            let chart = &got[who]["chart"];
                            compare_chart(&mut worst, &at, chart, &natal[who], SAME_LIBRARY_DEG);
                            assert!(chart["aspects"]["list"].is_array());
                            assert_eq!(
                                chart["house_system_used"],
                                want["persons"][who]["house_system_used"],
                                "{label}"
                            );
                        }
                    }
                    None => assert!(got["person_a"].get("chart").is_none()),
                }
                assert!(got.get("chart").is_none());
            }
            method => {
                let (chart, want_chart) = (&got["chart"], &want["chart"]);
                let tol = if method == "composite" {
                    DERIVED_DEG
                } else {
                    SAME_LIBRARY_DEG
                };
                compare_chart(&mut worst, &at, chart, want_chart, tol);
                compare_aspects(
                    &mut worst,
                    &at,
                    &chart["aspects"]["list"],
                    &want_chart["aspects"],
                );
                assert_eq!(
                    chart.get("house_system_used").unwrap_or(&Value::Null),
                    &want_chart["house_system_used"],
                    "{label}"
                );
                if method == "composite" {
                    assert_eq!(
                        chart["cusps_in_order"], want_chart["cusps_in_order"],
                        "{label}"
                    );
                    assert_eq!(
                        chart.get("cusp_order_note").is_some(),
                        want_chart["cusps_in_order"] == false,
                        "{label}"
                    );
                    let fell_back = ["person_a", "person_b"]
                        .iter()
                        .any(|who| want["persons"][who]["house_system_used"] != "koch")
                        && case["request"]["options"]["house_system"].is_null();
                    if fell_back {
                        assert!(chart["house_system_note"].is_string(), "{label}");
                    }
                } else {
                    let (g, w) = (&got["davison"], &want["davison"]);
                    let d = (num(&g["julian_day_ut"]) - num(&w["julian_day_ut"])).abs();
                    assert!(d <= JULIAN_DAY_ULPS_DAYS, "{label}: {d} days");
                    worst.jd_days = worst.jd_days.max(d);
                    let utc: jiff::Timestamp = g["utc"].as_str().unwrap().parse().unwrap();
                    let exact: jiff::Timestamp = w["utc_exact"].as_str().unwrap().parse().unwrap();
                    let off = utc.duration_since(exact).as_secs_f64().abs();
                    assert!(off <= HALF_SECOND, "{label}: {utc} vs {exact}");
                    assert_eq!(utc.subsec_nanosecond(), 0, "{label}: to the second");
                    for field in ["latitude", "longitude"] {
                        let d = lon_diff(num(&g["location"][field]), num(&w["location"][field]));
                        assert!(d <= PLACE_DEG, "{label} {field}: {d}°");
                        worst.place_deg = worst.place_deg.max(d);
                    }
                    assert!(
                        (num(&w["distance_to_each_deg"]) - num(&w["places_arc_deg"]) / 2.0).abs()
                            < 1e-9,
                        "{label}: the reference's midpoint is halfway"
                    );
                    assert!(chart.get("cusps_in_order").is_none());
                }
                assert!(got.get("aspects").is_none());
            }
        }
    }
    assert_eq!(
        methods.into_iter().collect::<Vec<_>>(),
        ["composite", "davison", "kombin", "synastry"]
    );
    println!("{} cases; worst: {worst:?}", cases.len());
}
