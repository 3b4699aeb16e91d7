//! `POST /v1/acg-lines` and `POST /v1/acg-near` over HTTP: lines and distances against the
//! independent Python reference of `fixtures/cartography/cases.json`, the defaults, aspect
//! lines, `max_km`, caching, and a 400 for every rule.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_invalid, post_ok, post_refused};

const LINES: &str = "/v1/acg-lines";
const NEAR: &str = "/v1/acg-near";

/// The service resolves the birth's date-time itself: its Julian day differs from the
/// reference's `swe.julday` by rounding (about 1e-10 day, 4e-8° of sidereal time), so points
/// agree to 1e-6° (see `crates/astro/tests/cartography_fixture.rs` for the same-input bound).
const POINT_DEG: f64 = 1e-6;
/// A distance moves with its line: 1e-6° is 0.1 m; the reference refines to rounding.
const DISTANCE_KM: f64 = 0.01;

/// The request of a fixture case for an endpoint.
fn request_of(case: &Value, near: bool) -> Value {
    let mut body = case["request"].clone();
    if near {
        body["location"] = case["place"].clone();
        if let Some(max) = case.get("max_km") {
            body["max_km"] = max.clone();
        }
    }
    body
}

/// The reference's points are the even hour-angle samples: each is one of the answer's, in
/// order, from the first point to the last (the answer adds the refinements between them that
/// keep a straight segment within 0.01° of the line).
fn assert_segments_match(at: &str, got: &Value, want: &Value) {
    let (got, want) = (got.as_array().unwrap(), want.as_array().unwrap());
    assert_eq!(got.len(), want.len(), "{at}: segments");
    for (g, w) in got.iter().zip(want) {
        let (g, w) = (g.as_array().unwrap(), w.as_array().unwrap());
        let apart = |p: &Value, q: &Value| {
            (num(&p[0]) - num(&q[0]))
                .abs()
                .max((num(&p[1]) - num(&q[1])).abs())
        };
        assert!(apart(&g[0], &w[0]) <= POINT_DEG, "{at}: starts at {}", g[0]);
        let mut ours = g.iter();
        for q in w {
            assert!(
                ours.any(|p| apart(p, q) <= POINT_DEG),
                "{at}: {q} missing or out of order"
            );
        }
        assert!(ours.next().is_none(), "{at}: points past the end");
    }
}

/// Checks every line of an acg-lines answer against the case; returns the lines compared.
fn assert_lines_match(answer: &Value, case: &Value) -> usize {
    let mut compared = 0;
    for want in case["lines"].as_array().unwrap() {
        let body = &answer["bodies"][want["body"].as_str().unwrap()];
        let line_type = want["line_type"].as_str().unwrap();
        let at = format!("{} {line_type} {}", want["body"], want["aspect"]);
        let got = if want["aspect"].is_null() {
            &body["lines"][line_type]
        } else {
            let offset = num(&want["aspect"]["offset"]);
            let line = body["aspect_lines"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["target"] == line_type && (num(&l["offset"]) - offset).abs() < 1e-9)
                .unwrap_or_else(|| panic!("{at} missing"));
            assert!(
                (num(&line["point_longitude"]) - num(&want["aspect"]["point_longitude"])).abs()
                    < POINT_DEG
            );
            &line["segments"]
        };
        assert_segments_match(&at, got, &want["segments"]);
        compared += 1;
    }
    compared
}

/// Checks an acg-near answer against the case: the same lines, sorted, at the same distances.
fn assert_near_matches(answer: &Value, case: &Value) {
    let got = answer["lines"].as_array().unwrap();
    let want = case["near"].as_array().unwrap();
    assert_eq!(got.len(), want.len(), "{answer}");
    assert_eq!(num(&answer["line_count"]) as usize, got.len());
    assert!(
        got.windows(2)
            .all(|w| num(&w[0]["distance_km"]) <= num(&w[1]["distance_km"]))
    );
    for w in want {
        let g = got
            .iter()
            .find(|g| {
                g["body"] == w["body"]
                    && g["line_type"] == w["line_type"]
                    && match (g.get("aspect"), w["aspect"].is_null()) {
                        (None, true) => true,
                        (Some(a), false) => a["offset"] == w["aspect"]["offset"],
                        _ => false,
                    }
            })
            .unwrap_or_else(|| panic!("{w} missing from {answer}"));
        let d = (num(&g["distance_km"]) - num(&w["distance_km"])).abs();
        assert!(d <= DISTANCE_KM, "{g} vs {w}");
    }
}

#[tokio::test]
async fn lines_and_distances_match_the_reference() {
    let app = TestApp::spawn().await;
    let mut compared = 0;
    for label in [
        "j2000_default_bodies",
        "sun_mc_near_the_date_line",
        "moon_at_minus_28_7",
        "aspects_all_targets",
    ] {
        let case = fixture_case("cartography", label);
        let answer = post_ok(&app, LINES, &request_of(&case, false)).await;
        compared += assert_lines_match(&answer, &case);
        assert_eq!(
            num(&answer["line_count"]) as usize,
            case["lines"].as_array().unwrap().len()
        );
        assert_eq!(
            answer["input"]["resolved"]["offset_source"],
            "offset_in_input"
        );
        let near = post_ok(&app, NEAR, &request_of(&case, true)).await;
        assert_near_matches(&near, &case);
        assert_eq!(near["place"], case["place"]);
    }
    assert!(compared > 150);
    app.cleanup().await;
}

#[tokio::test]
async fn the_defaults_are_twelve_bodies_four_lines_half_degree_steps() {
    let app = TestApp::spawn().await;
    let birth = json!({"datetime": "1990-05-17T14:30:00", "timezone": "Europe/Berlin",
        "location": {"latitude": 52.52, "longitude": 13.405}});
    let answer = post_ok(&app, LINES, &json!({"birth": birth})).await;
    let settings = &answer["settings"];
    assert_eq!(
        settings["bodies"],
        json!([
            "sun",
            "moon",
            "mercury",
            "venus",
            "mars",
            "jupiter",
            "saturn",
            "uranus",
            "neptune",
            "pluto",
            "chiron",
            "true_node"
        ])
    );
    assert_eq!(settings["line_types"], json!(["mc", "ic", "ac", "dc"]));
    assert_eq!(settings["step_degrees"], json!(0.5));
    assert!(settings.get("aspects").is_none());
    assert_eq!(answer["input"]["resolved"]["utc"], "1990-05-17T12:30:00Z");
    assert_eq!(answer["input"]["resolved"]["offset_source"], "tz_database");
    assert_eq!(answer["line_count"], 48);
    let bodies = answer["bodies"].as_object().unwrap();
    assert_eq!(bodies.len(), 12);
    let mut points = 0;
    for (name, body) in bodies {
        assert!(body.get("aspect_lines").is_none(), "{name}");
        let lines = body["lines"].as_object().unwrap();
        // In the service's order (serde_json keeps it).
        assert_eq!(lines.keys().collect::<Vec<_>>(), ["mc", "ic", "ac", "dc"]);
        let count = |t: &str| -> usize {
            lines[t]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_array().unwrap().len())
                .sum()
        };
        // 361 samples per curve, both sides of a date-line crossing, and at most 16
        // refinements at this step (MAX_REFINEMENTS in the core's cartography::horizon).
        assert_eq!(count("mc"), 3);
        assert!((361..=363 + 16).contains(&count("ac")), "{name}");
        assert!((361..=363 + 16).contains(&count("dc")), "{name}");
        // The MC and IC meridians are half a circle apart.
        let (mc, ic) = (num(&lines["mc"][0][0][1]), num(&lines["ic"][0][0][1]));
        assert!(((mc - ic).abs() - 180.0).abs() < 1e-9, "{name}");
        points += count("mc") + count("ic") + count("ac") + count("dc");
    }
    assert_eq!(num(&answer["point_count"]) as usize, points);
    app.cleanup().await;
}

#[tokio::test]
async fn aspect_lines_and_max_km() {
    let app = TestApp::spawn().await;
    let case = fixture_case("cartography", "aspects_mc_ac_targets");
    // The fixture lists every line within 1500 km of Montreal.
    let near = post_ok(&app, NEAR, &request_of(&case, true)).await;
    assert_near_matches(&near, &case);
    assert_eq!(near["settings"]["max_km"], json!(1500.0));
    assert!(
        near["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l.get("aspect").is_some())
    );
    // Without max_km every line is rated: 2 bodies x (4 own lines + 6 angles x 2 sides x 2
    // targets, 180 not among them).
    let mut all = request_of(&case, true);
    all.as_object_mut().unwrap().remove("max_km");
    let every = post_ok(&app, NEAR, &all).await;
    assert_eq!(every["line_count"], 56);
    let lines = post_ok(&app, LINES, &request_of(&case, false)).await;
    assert_lines_match(&lines, &case);
    assert_eq!(
        lines["settings"]["aspects"],
        json!({"angles": [30.0, 45.0, 72.0, 135.0, 150.0, 144.0], "targets": ["mc", "ac"]})
    );
    // A place far from every line asked for: nothing within max_km.
    let far = fixture_case("cartography", "far_from_every_line");
    let answer = post_ok(&app, NEAR, &request_of(&far, true)).await;
    assert_eq!(answer["lines"], json!([]));
    assert_eq!(answer["line_count"], 0);
    // A place on a line is at distance 0 from it.
    let on = fixture_case("cartography", "place_on_the_sun_mc");
    let answer = post_ok(&app, NEAR, &request_of(&on, true)).await;
    assert_eq!(answer["lines"][0]["line_type"], "mc");
    assert!(num(&answer["lines"][0]["distance_km"]) < 1e-3, "{answer}");
    app.cleanup().await;
}

#[tokio::test]
async fn answers_are_cacheable() {
    let app = TestApp::spawn().await;
    let body = request_of(&fixture_case("cartography", "place_on_the_sun_mc"), true);
    let response = crate::support::post_json(&app, NEAR, &body).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("etag"));
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let b =
        json!({"datetime": "2000-01-01T12:00:00Z", "location": {"latitude": 0, "longitude": 0}});
    for path in [LINES, NEAR] {
        post_refused(
            &app,
            path,
            &json!({"birth": b, "bodies": ["sun", "vulcan"]}),
            "unknown_name",
            "bodies[1]",
        )
        .await;
    }
    post_refused(
        &app,
        NEAR,
        &json!({"birth": b}),
        "invalid_input",
        "location",
    )
    .await;
    // Valid, but outside the ephemeris files: a 400 naming the body, never a 500.
    let message = post_invalid(
        &app,
        LINES,
        &json!({"birth": {"datetime": "1100-01-01T00:00:00Z", "location": {"latitude": 0, "longitude": 0}}, "bodies": ["chiron"]}),
    )
    .await;
    assert!(
        message.starts_with("bodies: chiron has no ephemeris data"),
        "{message}"
    );
    // In the default list, Chiron is left out and listed instead.
    let early = post_ok(
        &app,
        LINES,
        &json!({"birth": {"datetime": "1100-01-01T00:00:00Z", "location": {"latitude": 0, "longitude": 0}}}),
    )
    .await;
    assert!(early["bodies"].get("chiron").is_none());
    assert_eq!(early["omitted"][0]["body"], "chiron");
    assert_eq!(early["omitted"][0]["valid_to"], "4649-12-31");
    let message = post_invalid(
        &app,
        NEAR,
        &json!({"birth": b, "location": {"latitude": 10, "longitude": 20}, "bodies": ["sun", "asteroid_433"]}),
    )
    .await;
    assert!(message.starts_with("bodies: asteroid_433"), "{message}");
    app.cleanup().await;
}
