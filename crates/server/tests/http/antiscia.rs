//! `POST /v1/antiscia` over HTTP: the shape and the defaults, answers against the independent
//! reference of `fixtures/antiscia/cases.json` end to end, unknown names ignored (the spec),
//! `include_pairs`, and every 400.

use serde_json::{Value, json};

use crate::support::{
    DEMO_KEY, TestApp, assert_400, fixture_case, num, post_json, post_ok, post_refused,
};

/// Same library, same data files, same flags as the reference (see the golden test in
/// `crates/astro/tests/antiscia_fixture.rs`); a pair's orb depends on two longitudes.
const SAME_LIBRARY_DEG: f64 = 1e-7;
const PAIR_ORB_DEG: f64 = 2.0 * SAME_LIBRARY_DEG;

const PATH: &str = "/v1/antiscia";

/// Compares a response with a fixture case: the bodies, every point and mirror, the pairs.
fn assert_matches(response: &Value, case: &Value) {
    let label = &case["label"];
    assert!((num(&response["julian_day_ut"]) - num(&case["jd_ut"])).abs() < 1e-9);
    assert_eq!(response["settings"]["bodies"], case["known"], "{label}");
    assert_eq!(
        response["settings"]["ignored_bodies"], case["ignored"],
        "{label}"
    );
    let points = response["points"].as_object().unwrap();
    assert_eq!(points.len(), case["known"].as_array().unwrap().len());
    for (name, want) in case["points"].as_object().unwrap() {
        let got = &points[name];
        for part in [got, &got["antiscion"], &got["contra_antiscion"]] {
            assert!(part["sign"].is_string(), "{label} {name}");
        }
        for (g, w) in [
            (got, want),
            (&got["antiscion"], &want["antiscion"]),
            (&got["contra_antiscion"], &want["contra_antiscion"]),
        ] {
            assert_eq!(g["sign"], w["sign"], "{label} {name}");
            for field in ["longitude", "sign_degree"] {
                let d = (num(&g[field]) - num(&w[field])).abs();
                assert!(d <= SAME_LIBRARY_DEG, "{label} {name} {field}: {d}");
            }
        }
    }
    let got = response["pairs"].as_array().unwrap();
    let want = case["pairs"].as_array().unwrap();
    assert_eq!(got.len(), want.len(), "{label}: {got:?}");
    for (g, w) in got.iter().zip(want) {
        for field in ["first", "second", "mirror"] {
            assert_eq!(g[field], w[field], "{label}");
        }
        assert!(
            (num(&g["orb"]) - num(&w["orb"])).abs() <= PAIR_ORB_DEG,
            "{label}"
        );
    }
}

#[tokio::test]
async fn defaults_and_the_reference() {
    let app = TestApp::spawn().await;
    let response = post_json(&app, PATH, &json!({"datetime": "2024-01-01T00:00:00Z"})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["datetime_utc"], "2024-01-01T00:00:00Z");
    assert_eq!(body["ephemeris"], "swiss");
    let settings = &body["settings"];
    assert_eq!(settings["orb"], 1.0);
    assert_eq!(settings["include_pairs"], true);
    assert_eq!(settings["ignored_bodies"], json!([]));
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
            "mean_node",
            "true_node",
            "mean_apogee",
            "chiron"
        ])
    );
    let sun = body["points"]["sun"].as_object().unwrap();
    let mut keys: Vec<&str> = sun.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "antiscion",
            "contra_antiscion",
            "longitude",
            "sign",
            "sign_degree"
        ]
    );
    // The default orb is 1: the pairs of the reference case with orb 3 that lie within 1.
    let case = fixture_case("antiscia", "fixed_2024-01-01_orb_3.0");
    let within_one: Vec<&Value> = case["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| num(&p["orb"]) <= 1.0)
        .collect();
    assert!(!within_one.is_empty());
    assert_eq!(body["pairs"].as_array().unwrap().len(), within_one.len());

    let wide = post_ok(
        &app,
        PATH,
        &json!({"datetime": "2024-01-01T00:00:00Z", "orb": 3}),
    )
    .await;
    assert_eq!(wide["settings"]["orb"], 3.0);
    assert_matches(&wide, &case);
    app.cleanup().await;
}

#[tokio::test]
async fn unknown_names_are_ignored_and_echoed() {
    let app = TestApp::spawn().await;
    let case = fixture_case("antiscia", "unknown_names_and_aliases");
    let response = post_ok(
        &app,
        PATH,
        &json!({"datetime": "1991-05-15T12:30:00Z", "bodies": case["bodies"], "orb": case["orb"]}),
    )
    .await;
    assert_eq!(
        response["settings"]["ignored_bodies"],
        json!(["vulcan", "Sun"])
    );
    assert_matches(&response, &case);

    // Nothing known: not an error (the spec), an empty answer that says what was ignored.
    let nothing = post_ok(
        &app,
        PATH,
        &json!({"datetime": "1991-05-15T12:30:00Z", "bodies": ["vulcan", "lilith"]}),
    )
    .await;
    assert_eq!(nothing["settings"]["bodies"], json!([]));
    assert_eq!(
        nothing["settings"]["ignored_bodies"],
        json!(["vulcan", "lilith"])
    );
    assert_eq!(nothing["points"], json!({}));
    assert_eq!(nothing["pairs"], json!([]));
    app.cleanup().await;
}

#[tokio::test]
async fn include_pairs_false_gives_the_mirrors_only() {
    let app = TestApp::spawn().await;
    let case = fixture_case("antiscia", "mirrors_only");
    let response = post_ok(
        &app,
        PATH,
        &json!({"datetime": "1991-05-15T12:30:00Z", "include_pairs": false}),
    )
    .await;
    assert_eq!(response["settings"]["include_pairs"], false);
    assert!(response.get("pairs").is_none(), "{response}");
    assert!((num(&response["julian_day_ut"]) - num(&case["jd_ut"])).abs() < 1e-9);
    for (name, want) in case["points"].as_object().unwrap() {
        let got = &response["points"][name]["contra_antiscion"]["longitude"];
        let d = (num(got) - num(&want["contra_antiscion"]["longitude"])).abs();
        assert!(d <= SAME_LIBRARY_DEG, "{name}: {d}");
    }
    // Orb 0 is allowed: exact mirrors only.
    let exact = post_ok(
        &app,
        PATH,
        &json!({"datetime": "1991-05-15T12:30:00Z", "orb": 0}),
    )
    .await;
    assert_eq!(exact["settings"]["orb"], 0.0);
    assert_eq!(exact["pairs"], json!([]));
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let at = "2024-01-01T00:00:00Z";
    post_refused(
        &app,
        PATH,
        &json!({"datetime": at, "orb": 3.5}),
        "invalid_input",
        "orb",
    )
    .await;
    // Chiron, a default body, has no data before 1200: left out and listed.
    let early = post_json(&app, PATH, &json!({"datetime": "1100-01-01T00:00:00Z"})).await;
    assert_eq!(early.status(), 200);
    let early: serde_json::Value = early.json().await.unwrap();
    assert!(early["points"].get("chiron").is_none());
    assert_eq!(early["omitted"][0]["body"], "chiron");
    assert_eq!(early["ephemeris"], "moshier");
    // Named, it is a 400 with its dates.
    let message = assert_400(
        post_json(
            &app,
            PATH,
            &json!({"datetime": "1100-01-01T00:00:00Z", "bodies": ["sun", "chiron"]}),
        )
        .await,
    )
    .await;
    assert!(
        message.starts_with("chiron has no ephemeris data at 1100-01-01T00:00:00Z: its data cover 1200-01-09 to 4649-12-31"),
        "{message}"
    );
    let empty = app
        .post("/v1/antiscia")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_400(empty).await;
    app.cleanup().await;
}
