//! `POST /v1/vedic` with `include: ["kp"]` against kpastro 0.3.3 (`fixtures/kp/cases.json`,
//! written by `fixtures/kp/generate.py`): for 32 births with the KP ayanamsa
//! (`krishnamurti_vp291`), the nine grahas and the twelve Placidus cusps, their sidereal
//! longitudes and their sign, star, sub and sub-sub lords.
//!
//! Named differences: kpastro subtracts the mean ayanamsa (`get_ayanamsa_ut`) from true-equinox
//! longitudes, Orrery's sidereal positions take the ayanamsa with nutation, so every longitude
//! of a chart differs by the nutation in longitude (up to 18″ in the set); kpastro reads its
//! UTC birth as UT1 through `utc_to_jd` (under a second, up to 15″ for a cusp). A lord is
//! compared where the point lies farther from a sub-sub bound than the two longitudes differ.
//! kpastro's own sub-sub lord starts from the wrong lord (see the generator): the comparison
//! uses kpastro's tables started at the sub lord (`sub_sub_lord_from_sub`).

use serde_json::{Value, json};

use crate::support::{TestApp, num, post_ok};

const PATH: &str = "/v1/vedic";

/// Nutation in longitude (≤ 18″ in the set) plus a second of UT1 − UTC for a cusp (15″).
const LONGITUDE_DEG: f64 = 40.0 / 3600.0;

fn lon_diff(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}

#[tokio::test]
async fn kpastros_lords_of_grahas_and_placidus_cusps() {
    let app = TestApp::spawn().await;
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/kp/cases.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(fixture["reference"], "kpastro 0.3.3");
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 30);
    let (mut compared, mut skipped) = (0, 0);
    let mut worst: f64 = 0.0;
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let body = post_ok(
            &app,
            PATH,
            &json!({"birth": {"datetime": case["utc"],
                              "location": {"latitude": case["latitude"],
                                           "longitude": case["longitude"]}},
                    "ayanamsa": "krishnamurti_vp291",
                    "include": ["positions", "kp"]}),
        )
        .await;
        let kp = &body["kp"];
        assert_eq!(kp["house_system"], "placidus", "{label}");
        for p in case["points"].as_array().unwrap() {
            let name = p["point"].as_str().unwrap();
            let (lon, lords) = match name.strip_prefix("cusp_") {
                Some(house) => {
                    let house = house.parse::<usize>().unwrap();
                    let cusp = &kp["cusps"][house - 1];
                    assert_eq!(cusp["house"], house, "{label}");
                    (num(&cusp["longitude"]), cusp)
                }
                None => (
                    num(&body["positions"][name]["longitude"]),
                    &kp["points"][name],
                ),
            };
            let d = lon_diff(lon, num(&p["longitude"]));
            worst = worst.max(d);
            assert!(d <= LONGITUDE_DEG, "{label} {name}: {}″", d * 3600.0);
            if num(&p["margin_deg"]) <= d + 1e-7 {
                skipped += 1;
                continue;
            }
            for (ours, theirs) in [
                ("sign_lord", "sign_lord"),
                ("star_lord", "star_lord"),
                ("sub_lord", "sub_lord"),
                ("sub_sub_lord", "sub_sub_lord_from_sub"),
            ] {
                assert_eq!(lords[ours], p[theirs], "{label} {name} {ours}");
            }
            compared += 1;
        }
    }
    eprintln!(
        "kp vs kpastro 0.3.3: {compared} points compared, {skipped} nearer a sub-sub bound than \
         the longitudes differ; worst longitude difference {:.1}″",
        worst * 3600.0
    );
    assert!(compared >= 600, "{compared}");
}
