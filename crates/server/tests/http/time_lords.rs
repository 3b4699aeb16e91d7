//! `POST /v1/time-lords` over HTTP: the firdaria against Stellium 0.22 and kerykeion 6.0.5
//! (`fixtures/traditional/firdaria.json`) end to end, the stack at an instant, and a 400
//! naming the field.

use serde_json::{Value, json};

use crate::support::{TestApp, post_json, post_ok, post_refused};

const PATH: &str = "/v1/time-lords";
/// The brief's bound for period boundaries, once the year length is matched.
const ONE_SECOND_MS: i64 = 1_000;

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/traditional/firdaria.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn millis(text: &Value) -> i64 {
    let text = text.as_str().unwrap();
    let text = if text.ends_with('Z') {
        text.to_owned()
    } else {
        format!("{text}Z")
    };
    text.parse::<jiff::Timestamp>().unwrap().as_millisecond()
}

fn assert_periods(got: &Value, want: &Value, what: &str) {
    let got = got.as_array().unwrap();
    let want = want.as_array().unwrap();
    // The fixture lays out 76 years; the request asks for the same.
    assert_eq!(got.len(), want.len(), "{what}");
    for (g, w) in got.iter().zip(want) {
        assert_eq!(g["lord"], w[0], "{what}");
        assert!(
            (millis(&g["start"]) - millis(&w[1])).abs() <= ONE_SECOND_MS,
            "{what}"
        );
        assert!(
            (millis(&g["end"]) - millis(&w[2])).abs() <= ONE_SECOND_MS,
            "{what}"
        );
        let subs = g["sub_periods"].as_array().unwrap();
        let want_subs = w[3].as_array().unwrap();
        assert_eq!(subs.len(), want_subs.len(), "{what}");
        for (s, ws) in subs.iter().zip(want_subs) {
            assert_eq!(s["lord"], ws[0], "{what}");
            assert!(
                (millis(&s["start"]) - millis(&ws[1])).abs() <= ONE_SECOND_MS,
                "{what}"
            );
        }
    }
}

#[tokio::test]
async fn firdaria_match_stellium_and_kerykeion() {
    let app = TestApp::spawn().await;
    let fixture = fixture();
    for case in fixture["cases"].as_array().unwrap().iter().take(4) {
        let label = case["label"].as_str().unwrap();
        let birth = json!({"datetime": case["utc"],
                           "location": {"latitude": case["latitude"], "longitude": case["longitude"]}});
        for variant in ["abu_mashar", "al_biruni", "bonatti", "no_nodes"] {
            let response = post_json(
                &app,
                PATH,
                &json!({"birth": birth, "at": "2026-01-01T00:00:00Z", "variant": variant,
                        "until_age_years": fixture["until_age_years"]}),
            )
            .await;
            assert_eq!(response.status(), 200);
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["sect"], case["sect"], "{label}");
            assert_eq!(body["settings"]["year_days"], 365.2425);
            assert_periods(
                &body["firdaria"],
                &case["stellium"][variant],
                &format!("{label} {variant}"),
            );
        }
        let body = post_ok(
            &app,
            PATH,
            &json!({"birth": birth, "at": "2026-01-01T00:00:00Z", "year": "julian",
                    "until_age_years": fixture["until_age_years"]}),
        )
        .await;
        assert_periods(&body["firdaria"], &case["kerykeion"]["periods"], label);
    }
    app.cleanup().await;
}

#[tokio::test]
async fn the_stack_names_the_lords_at_the_instant() {
    let app = TestApp::spawn().await;
    // A day birth (Berlin, 12:30 UTC in May): the Sun's ten years, then Venus' eight.
    let body = post_ok(
        &app,
        PATH,
        &json!({"birth": {"datetime": "1990-05-15T12:30:00Z",
                          "location": {"latitude": 52.52, "longitude": 13.405}},
                "at": "2001-01-01T00:00:00Z"}),
    )
    .await;
    assert_eq!(body["sect"], "day");
    assert_eq!(body["settings"]["variant"], "abu_mashar");
    assert_eq!(body["settings"]["sequence"][0], "sun");
    let stack = &body["stack"];
    assert_eq!(stack["firdaria_major"]["lord"], "venus");
    // Venus' sub-periods: Venus, Mercury, … each 8/7 years from age 10; 2001-01-01 is at age
    // 10.63, in the first.
    assert_eq!(stack["firdaria_sub"]["lord"], "venus");
    app.cleanup().await;
}

#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let birth = json!({"datetime": "1990-05-15T12:30:00Z",
                       "location": {"latitude": 52.52, "longitude": 13.405}});
    post_refused(
        &app,
        PATH,
        &json!({"birth": birth, "at": "2001-01-01T00:00:00Z", "variant": "valens"}),
        "invalid_input",
        "variant",
    )
    .await;
    let message = post_refused(
        &app,
        PATH,
        &json!({"birth": birth, "at": "2001-01-01T00:00:00Z", "until_age_years": 500}),
        "invalid_input",
        "until_age_years",
    )
    .await;
    assert!(message.contains("between 1 and 150"), "{message}");
    app.cleanup().await;
}
