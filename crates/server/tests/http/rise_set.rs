//! `POST /v1/rise-transit-set` over HTTP: next mode against the pyswisseph reference of
//! `fixtures/rise_set/cases.json`, series mode, missing events at a polar latitude, caching,
//! and a 400 for every rule.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_invalid, post_json, post_ok, post_refused};

const SECOND_DAYS: f64 = 1.0 / 86_400.0;
/// Next mode asks the library the reference's own question (see
/// `crates/astro/tests/rise_set_fixture.rs`).
const SAME_QUESTION_SECONDS: f64 = 0.01;
/// `time` is `time_jd` rounded to the second; the Julian day carries about 40 µs of rounding.
const ROUNDED_TO_SECOND: f64 = 0.5 + 0.001;

const PATH: &str = "/v1/rise-transit-set";

async fn post(app: &TestApp, body: &Value) -> reqwest::Response {
    post_json(app, PATH, body).await
}

async fn ok(app: &TestApp, body: &Value) -> Value {
    post_ok(app, PATH, body).await
}

async fn error(app: &TestApp, body: &Value) -> String {
    post_invalid(app, PATH, body).await
}

/// The request of a fixture case.
fn request_of(case: &Value) -> Value {
    let mut body = json!({
        "datetime": case["datetime"], "location": case["location"], "bodies": case["bodies"],
        "events": case["events"], "disc": case["disc"], "atmosphere": case["atmosphere"],
    });
    if !case["end"].is_null() {
        body["end"] = case["end"].clone();
    }
    body
}

fn assert_time_matches_jd(event: &Value) {
    let text = event["time"].as_str().unwrap();
    assert!(text.ends_with('Z') && text.len() == 20, "{text}");
    let instant: jiff::Timestamp = text.parse().unwrap();
    #[allow(clippy::cast_precision_loss, reason = "seconds of the fixture's years")]
    let jd = 2_440_587.5 + instant.as_second() as f64 / 86_400.0;
    let seconds = (jd - num(&event["time_jd"])).abs() / SECOND_DAYS;
    assert!(seconds <= ROUNDED_TO_SECOND, "{event}");
}

/// Checks the answer's events and missing entries against the fixture's pyswisseph reference.
fn assert_matches_reference(answer: &Value, case: &Value, tolerance_seconds: f64) -> usize {
    let mut compared = 0;
    for name in case["bodies"].as_array().unwrap() {
        let name = name.as_str().unwrap();
        let got = answer["bodies"][name]["events"].as_array().unwrap();
        let want = case["pyswisseph"][name]["events"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "{name}: {answer}");
        for (g, w) in got.iter().zip(want) {
            assert_eq!(g["event"], w["event"]);
            let seconds = (num(&g["time_jd"]) - num(&w["jd_ut"])).abs() / SECOND_DAYS;
            assert!(seconds <= tolerance_seconds, "{name} {g} vs {w}");
            assert_time_matches_jd(g);
            compared += 1;
        }
        for w in case["pyswisseph"][name]["missing"].as_array().unwrap() {
            assert!(
                answer["missing"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|m| m["body"] == name
                        && m["event"] == w["event"]
                        && m["reason"] == w["reason"]),
                "{name} {w} not in {}",
                answer["missing"]
            );
        }
    }
    compared
}

#[tokio::test]
async fn next_events_match_the_reference_and_echo_the_settings() {
    let app = TestApp::spawn().await;
    let case = fixture_case("rise_set", "berlin_equinox_next");
    let response = post(&app, &request_of(&case)).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("etag"));
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["mode"], "next");
    let settings = &body["settings"];
    assert_eq!(settings["start"], "2024-03-20T00:00:00Z");
    assert!((num(&settings["start_jd"]) - num(&case["start_jd_ut"])).abs() < 1e-9);
    assert!(settings.get("end").is_none());
    assert_eq!(settings["bodies"], json!(["sun", "moon"]));
    assert_eq!(settings["events"], case["events"]);
    assert_eq!(settings["disc"], "upper_limb");
    assert_eq!(
        settings["atmosphere"],
        json!({"pressure": 1013.25, "temperature": 15.0})
    );
    assert_eq!(settings["location"]["latitude"], 52.52);
    assert_eq!(body["bodies"]["sun"]["disc"], "upper_limb");
    assert_eq!(body["missing"], json!([]));
    let compared = assert_matches_reference(&body, &case, SAME_QUESTION_SECONDS);
    assert_eq!(compared, 8);
    assert_eq!(body["event_count"], 8);
    // Events of a body are in time order.
    let times: Vec<f64> = body["bodies"]["moon"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| num(&e["time_jd"]))
        .collect();
    assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
    app.cleanup().await;
}

#[tokio::test]
async fn the_defaults_are_sun_and_moon_rise_transit_set() {
    let app = TestApp::spawn().await;
    let body = ok(
        &app,
        &json!({"datetime": "2024-03-20T00:00:00Z",
                "location": {"latitude": 52.52, "longitude": 13.405}}),
    )
    .await;
    assert_eq!(body["settings"]["bodies"], json!(["sun", "moon"]));
    assert_eq!(
        body["settings"]["events"],
        json!(["rise", "transit", "set"])
    );
    for name in ["sun", "moon"] {
        let kinds: Vec<&str> = body["bodies"][name]["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["event"].as_str().unwrap())
            .collect();
        let mut sorted = kinds.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ["rise", "set", "transit"], "{name}");
    }
    app.cleanup().await;
}

#[tokio::test]
async fn a_series_window_lists_every_event() {
    let app = TestApp::spawn().await;
    let case = fixture_case("rise_set", "new_zealand_planets_series");
    let body = ok(&app, &request_of(&case)).await;
    assert_eq!(body["mode"], "series");
    assert_eq!(body["settings"]["end"], "2024-03-10T00:00:00Z");
    assert_eq!(body["bodies"]["mars"]["disc"], "center");
    // The library's answer for one event depends on where its iteration starts (see the core's
    // golden test): up to 0.5 s for the Moon.
    let compared = assert_matches_reference(&body, &case, 1.0);
    assert_eq!(body["event_count"], compared);
    assert!(compared > 100);
    app.cleanup().await;
}

#[tokio::test]
async fn polar_day_and_night_are_missing_not_errors() {
    let app = TestApp::spawn().await;
    let summer = fixture_case("rise_set", "tromso_midnight_sun_next");
    let body = ok(&app, &request_of(&summer)).await;
    assert_matches_reference(&body, &summer, SAME_QUESTION_SECONDS);
    let missing = body["missing"].as_array().unwrap();
    let sun_rise = missing
        .iter()
        .find(|m| m["body"] == "sun" && m["event"] == "rise")
        .unwrap_or_else(|| panic!("{missing:?}"));
    assert_eq!(sun_rise["reason"], "above_horizon");
    assert_eq!(sun_rise["searched_until"], "2024-06-22T02:00:00Z");
    assert!(
        sun_rise["message"]
            .as_str()
            .unwrap()
            .contains("above the horizon")
    );
    // The Sun still culminates.
    assert!(
        body["bodies"]["sun"]["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "transit")
    );

    let june = fixture_case("rise_set", "tromso_june_series");
    let body = ok(&app, &request_of(&june)).await;
    assert_matches_reference(&body, &june, 1.0);
    assert_eq!(body["missing"].as_array().unwrap().len(), 2);

    let night = fixture_case("rise_set", "tromso_polar_night_next");
    let body = ok(&app, &request_of(&night)).await;
    assert!(
        body["missing"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["reason"] == "below_horizon")
    );
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let d = "2024-03-20T00:00:00Z";
    let p = json!({"latitude": 52.52, "longitude": 13.405});
    post_refused(
        &app,
        PATH,
        &json!({"datetime": d, "location": p, "bodies": ["sun", "true_node"]}),
        "invalid_input",
        "bodies[1]",
    )
    .await;
    // Valid, but outside the ephemeris files: a 400 naming the body, never a 500.
    for (body, expected) in [
        (
            json!({"datetime": "1100-01-01T00:00:00Z", "location": p, "bodies": ["sun"]}),
            "bodies: sun: ",
        ),
        (
            json!({"datetime": "2024-01-01T00:00:00Z", "location": p, "bodies": ["asteroid_433"]}),
            "bodies: asteroid_433: ",
        ),
    ] {
        let message = error(&app, &body).await;
        assert!(message.contains(expected), "{body}: {message}");
    }
    app.cleanup().await;
}
