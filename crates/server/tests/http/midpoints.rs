//! `POST /v1/midpoints` over HTTP: the defaults and the shape, answers against the independent
//! reference of `fixtures/midpoints/cases.json` end to end (natal and positions), `include`,
//! and every 400.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_invalid, post_json, post_ok, post_refused};

/// Same library, same data files (see `crates/astro/tests/midpoints_fixture.rs`); a midpoint
/// or an orb depends on two longitudes.
const SAME_LIBRARY_DEG: f64 = 1e-7;
const DERIVED_DEG: f64 = 2.0 * SAME_LIBRARY_DEG;

const PATH: &str = "/v1/midpoints";

fn lon_diff(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}

/// Compares a response with a fixture case: the points, and each part present.
fn assert_matches(response: &Value, case: &Value) {
    let label = &case["label"];
    let points = response["points"].as_object().unwrap();
    let want_points = case["points"].as_array().unwrap();
    let names: Vec<&str> = want_points.iter().map(|p| p[0].as_str().unwrap()).collect();
    assert_eq!(response["settings"]["points"], json!(names), "{label}");
    assert_eq!(points.len(), names.len());
    for p in want_points {
        let got = &points[p[0].as_str().unwrap()];
        assert!(
            lon_diff(num(&got["longitude"]), num(&p[1])) <= SAME_LIBRARY_DEG,
            "{label}"
        );
        assert!(got["sign"].is_string());
    }
    if let Some(list) = response.get("list") {
        let want = case["list"].as_array().unwrap();
        let list = list.as_array().unwrap();
        assert_eq!(list.len(), want.len(), "{label}");
        for (g, w) in list.iter().zip(want) {
            assert_eq!(
                (&g["first"], &g["second"], &g["sign"]),
                (&w["first"], &w["second"], &w["sign"])
            );
            assert!(lon_diff(num(&g["longitude"]), num(&w["longitude"])) <= DERIVED_DEG);
            assert!((num(&g["arc"]) - num(&w["arc"])).abs() <= DERIVED_DEG);
        }
    }
    let same_hits = |got: &Value, want: &Value| {
        let (got, want) = (got.as_array().unwrap(), want.as_array().unwrap());
        assert_eq!(got.len(), want.len(), "{label}: {got:?}");
        for (g, w) in got.iter().zip(want) {
            for field in ["point", "first", "second", "midpoint", "aspect", "angle"] {
                assert_eq!(g[field], w[field], "{label} {field}");
            }
            assert!(
                (num(&g["orb"]) - num(&w["orb"])).abs() <= DERIVED_DEG,
                "{label}"
            );
            let d = lon_diff(num(&g["midpoint_longitude"]), num(&w["midpoint_longitude"]));
            assert!(d <= DERIVED_DEG, "{label}");
        }
    };
    if let Some(activated) = response.get("activated") {
        same_hits(activated, &case["activated"]);
    }
    if let Some(tree) = response.get("tree") {
        let tree = tree.as_object().unwrap();
        assert_eq!(tree.len(), names.len());
        for name in names {
            same_hits(&tree[name], &case["tree"][name]);
        }
    }
}

#[tokio::test]
async fn natal_defaults_match_the_reference() {
    let app = TestApp::spawn().await;
    let case = fixture_case("midpoints", "natal_berlin_1990");
    let response = post_json(&app, PATH, &case["request"]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["input"]["source"], "natal");
    assert_eq!(body["input"]["resolved"]["utc"], "1990-05-15T12:30:00Z");
    assert_eq!(body["input"]["location"]["latitude"], 52.52);
    let settings = &body["settings"];
    assert_eq!(settings["orb"], 1.5);
    assert_eq!(
        settings["aspect_angles"],
        json!([0.0, 45.0, 90.0, 135.0, 180.0])
    );
    assert_eq!(settings["include"], json!(["list", "activated", "tree"]));
    assert_eq!(body["list"].as_array().unwrap().len(), 91);
    assert_matches(&body, &case);
    for label in [
        "natal_tromso_polar",
        "natal_points_restricted",
        "natal_conjunction_only",
        "natal_tokyo_2024_orb_3",
    ] {
        let case = fixture_case("midpoints", label);
        assert_matches(&post_ok(&app, PATH, &case["request"]).await, &case);
    }
    app.cleanup().await;
}

#[tokio::test]
async fn positions_and_include() {
    let app = TestApp::spawn().await;
    for label in [
        "seam_midpoints",
        "exact_opposition",
        "exact_opposition_conjunction_only",
        "orb_edge_inside",
        "orb_edge_outside",
        "orb_zero_exact_only",
        "names_and_order",
        "points_restriction",
        "wrapped_inputs",
    ] {
        let case = fixture_case("midpoints", label);
        let body = post_ok(&app, PATH, &case["request"]).await;
        assert_eq!(body["input"]["source"], "positions", "{label}");
        assert!(body["input"].get("resolved").is_none());
        assert_matches(&body, &case);
    }
    // include ["activated"]: the list and the tree are left out.
    let case = fixture_case("midpoints", "natal_hard_angles_orb_0_5");
    let body = post_ok(&app, PATH, &case["request"]).await;
    assert!(
        body.get("list").is_none() && body.get("tree").is_none(),
        "{body}"
    );
    assert_eq!(body["settings"]["aspect_angles"], json!([90.0, 180.0]));
    assert_matches(&body, &case);
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let pos = json!({"sun": 10.0, "moon": 100.0, "mars": 200.0});
    post_refused(
        &app,
        PATH,
        &json!({"positions": pos, "orb": 5.5}),
        "invalid_input",
        "orb",
    )
    .await;
    // Chiron named, before its data: a 400 naming it.
    let message = post_invalid(
        &app,
        PATH,
        &json!({"natal": {"datetime": "1100-01-01T00:00:00Z",
                          "location": {"latitude": 52, "longitude": 13}},
                "points": ["sun", "chiron"]}),
    )
    .await;
    assert!(
        message.starts_with("chiron has no ephemeris data at 1100-01-01T00:00:00Z: its data cover 1200-01-09 to 4649-12-31"),
        "{message}"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn a_historical_birth_leaves_chiron_out_with_a_note() {
    let app = TestApp::spawn().await;
    let body = post_ok(
        &app,
        PATH,
        &json!({"natal": {"datetime": "1100-01-01T00:00:00Z",
                          "location": {"latitude": 52, "longitude": 13}},
                "include": ["list"]}),
    )
    .await;
    assert!(body["points"].get("chiron").is_none());
    assert_eq!(body["points"].as_object().unwrap().len(), 13);
    let notes = body["input"]["notes"].as_array().unwrap();
    assert!(
        notes[0]
            .as_str()
            .unwrap()
            .starts_with("chiron has no ephemeris data")
    );
    app.cleanup().await;
}
