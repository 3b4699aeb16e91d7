//! `POST /v1/zodiacal-releasing` over HTTP: a fixture case end to end (the full comparison is
//! `crates/api/tests/releasing_golden.rs`), "now" not cached, and the error object for bad input.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_json, post_ok, post_refused};

const PATH: &str = "/v1/zodiacal-releasing";

#[tokio::test]
async fn a_fixture_case_end_to_end() {
    let app = TestApp::spawn().await;
    for label in ["lot_134.2", "boundary_level3_offset0", "at_birth_level4"] {
        let case = fixture_case("releasing", label);
        let response = post_json(&app, PATH, &case["request"]).await;
        assert_eq!(response.status(), 200, "{label}");
        assert!(response.headers().contains_key("etag"), "{label}");
        let body: Value = response.json().await.unwrap();
        let want = case["periods"].as_array().unwrap();
        let got = body["periods"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "{label}");
        for (g, w) in got.iter().zip(want) {
            assert_eq!(g["sign"], w["sign"], "{label}");
            assert_eq!(g["sub_index"], w["sub_index"], "{label}");
            assert!(
                (num(&g["start_jd"]) - num(&w["start_jd"])).abs() < 1e-7,
                "{label}"
            );
            assert!(
                (num(&g["end_jd"]) - num(&w["end_jd"])).abs() < 1e-7,
                "{label}"
            );
            assert!(g["start"].as_str().unwrap().ends_with('Z'));
        }
        assert_eq!(
            body["l1_sequence"].as_array().map(Vec::len),
            case.get("l1_sequence")
                .and_then(Value::as_array)
                .map(Vec::len),
            "{label}"
        );
    }
    app.cleanup().await;
}

#[tokio::test]
async fn without_a_target_it_is_now_and_not_cacheable() {
    let app = TestApp::spawn().await;
    let response = post_json(
        &app,
        PATH,
        &json!({"birth_datetime": "1990-06-15T08:30:00Z", "start_sign": "leo"}),
    )
    .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert!(!response.headers().contains_key("etag"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["periods"].as_array().unwrap().len(), 3);
    assert!(num(&body["target_jd"]) > 2_460_000.0);
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse. Every rule and message:
/// `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let birth = "1990-06-15T08:30:00Z";
    post_refused(
        &app,
        PATH,
        &json!({"birth_datetime": birth, "start_sign": "lion"}),
        "unknown_name",
        "start_sign",
    )
    .await;
    let ok = post_ok(
        &app,
        PATH,
        &json!({"birth_datetime": birth, "start_sign": "leo", "target_datetime": birth,
                "max_level": 1}),
    )
    .await;
    assert_eq!(ok["periods"][0]["sign"], "leo");
    app.cleanup().await;
}
