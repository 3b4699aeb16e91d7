//! `POST /v1/lots` over HTTP: the defaults and the shape, answers against the independent
//! reference of `fixtures/lots/cases.json` end to end (natal day and night, at the horizon,
//! polar; positions with the sect found or given, missing bodies), and every 400.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_json, post_ok, post_refused};

/// Same library, same data files (see `crates/astro/tests/lots_fixture.rs`): a lot sums up to
/// five longitudes.
const SAME_LIBRARY_DEG: f64 = 1e-7;
const LOT_DEG: f64 = 5.0 * SAME_LIBRARY_DEG;

const PATH: &str = "/v1/lots";

fn lon_diff(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}

fn assert_matches(response: &Value, case: &Value) {
    let label = &case["label"];
    assert_eq!(response["sect"]["sect"], case["sect"], "{label}");
    assert_eq!(
        response["sect"]["determined_by"], case["determined_by"],
        "{label}"
    );
    if let Some(alt) = case.get("sun_altitude_deg") {
        let d = (num(&response["sect"]["sun_altitude_deg"]) - num(alt)).abs();
        assert!(d <= 1e-7, "{label}: altitude {d}");
    }
    for (name, want) in case["positions"].as_object().unwrap() {
        let got = num(&response["points"][name]["longitude"]);
        assert!(
            lon_diff(got, num(want)) <= SAME_LIBRARY_DEG,
            "{label} {name}"
        );
    }
    let lots = response["lots"].as_object().unwrap();
    let want = case["lots"].as_object().unwrap();
    assert_eq!(
        lots.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>(),
        "{label}"
    );
    for (name, w) in want {
        let g = &lots[name];
        assert!(
            lon_diff(num(&g["longitude"]), num(&w["longitude"])) <= LOT_DEG,
            "{label} {name}"
        );
        assert_eq!(
            (&g["sign"], &g["formula"]),
            (&w["sign"], &w["formula"]),
            "{label} {name}"
        );
        assert!(g["description"].as_str().unwrap().starts_with("Lot of"));
    }
    let omitted = response.get("omitted").cloned().unwrap_or(json!([]));
    assert_eq!(omitted, case["omitted"], "{label}");
}

#[tokio::test]
async fn natal_charts_match_the_reference() {
    let app = TestApp::spawn().await;
    let case = fixture_case("lots", "day_berlin_1990");
    let response = post_json(&app, PATH, &case["request"]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["input"]["source"], "natal");
    assert_eq!(body["input"]["resolved"]["utc"], "1990-05-15T12:30:00Z");
    assert_eq!(body["settings"]["lots"].as_array().unwrap().len(), 14);
    assert_eq!(body["lots"]["fortune"]["reversal"], "at_night");
    assert_eq!(body["lots"]["basis"]["reversal"], "shorter_arc");
    assert_eq!(body["lots"]["siblings"]["reversal"], "never");
    assert!(body.get("omitted").is_none());
    assert_matches(&body, &case);
    for label in [
        "night_berlin_1990",
        "sunrise_berlin_before",
        "sunrise_berlin_after",
        "sunset_buenos_aires_before",
        "sunset_buenos_aires_after",
        "polar_night_tromso_noon",
        "midnight_sun_tromso",
        "hermetic_only",
    ] {
        let case = fixture_case("lots", label);
        assert_matches(&post_ok(&app, PATH, &case["request"]).await, &case);
    }
    app.cleanup().await;
}

#[tokio::test]
async fn positions_with_the_sect_found_or_given() {
    let app = TestApp::spawn().await;
    for label in [
        "positions_day_from_ascendant",
        "positions_night_from_ascendant",
        "positions_sect_given_night",
        "positions_sun_on_ascendant_is_night",
        "positions_across_the_seam",
        "positions_luminaries_only",
        "positions_wrapped_inputs",
        "positions_named_lots",
        "positions_basis_exactly_opposite",
    ] {
        let case = fixture_case("lots", label);
        let body = post_ok(&app, PATH, &case["request"]).await;
        assert_eq!(body["input"]["source"], "positions", "{label}");
        assert!(body["sect"].get("sun_altitude_deg").is_none());
        assert_matches(&body, &case);
    }
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let pos = json!({"sun": 10.0, "moon": 100.0, "ascendant": 200.0});
    let message = post_refused(
        &app,
        PATH,
        &json!({"positions": pos, "lots": ["fortune", "part_of_love"]}),
        "unknown_name",
        "lots[1]",
    )
    .await;
    assert!(
        message.starts_with("lots[1]: unknown lot `part_of_love`"),
        "{message}"
    );
    app.cleanup().await;
}
