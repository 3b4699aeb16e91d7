//! The error object's codes, fields and details: one request for each 400 code, and the mended
//! messages (413, a body that is not an object, a `+` in a query). The tables in the endpoint
//! files check every rule's message; these pin what a client branches on.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, error_body, post_json};

/// The error object of a 400 for `body` at `path`.
async fn error_of(app: &TestApp, path: &str, body: &Value) -> Value {
    error_body(post_json(app, path, body).await, 400).await["error"].clone()
}

fn birth(datetime: &str) -> Value {
    json!({"datetime": datetime, "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

#[tokio::test]
async fn each_400_code_has_its_field_and_details() {
    let app = TestApp::spawn().await;

    let gap = error_of(
        &app,
        "/v1/radix",
        &json!({"birth": birth("2021-03-28T02:30:00")}),
    )
    .await;
    assert_eq!(gap["code"], "nonexistent_local_time", "{gap}");
    assert_eq!(gap["field"], "birth.datetime");
    assert_eq!(
        gap["details"],
        json!({"candidates": [{"utc": "2021-03-28T00:30:00Z", "offset": "+02:00"},
                              {"utc": "2021-03-28T01:30:00Z", "offset": "+01:00"}]})
    );

    let fold = error_of(
        &app,
        "/v1/radix",
        &json!({"birth": birth("2021-10-31T02:30:00")}),
    )
    .await;
    assert_eq!(fold["code"], "ambiguous_local_time", "{fold}");
    assert_eq!(fold["field"], "birth.datetime");
    assert_eq!(
        fold["details"],
        json!({"candidates": [{"utc": "2021-10-31T00:30:00Z", "offset": "+02:00"},
                              {"utc": "2021-10-31T01:30:00Z", "offset": "+01:00"}]})
    );

    let body = json!({"birth": birth("1990-05-15T14:30:00"),
                      "options": {"bodies": ["sun", "moon", "vulcan"]}});
    let unknown = error_of(&app, "/v1/radix", &body).await;
    assert_eq!(unknown["code"], "unknown_name", "{unknown}");
    assert_eq!(unknown["field"], "options.bodies[2]");
    let accepted = unknown["details"]["accepted"].as_array().unwrap();
    assert!(accepted.contains(&json!("sun")) && accepted.contains(&json!("mean_node")));

    let body = json!({"start": "2000-01-01T00:00:00Z", "end": "2020-01-01T00:00:00Z",
                      "step_hours": 1});
    let limit = error_of(&app, "/v1/ephemeris", &body).await;
    assert_eq!(limit["code"], "limit_exceeded", "{limit}");
    assert_eq!(limit["field"], "step_hours");
    assert_eq!(
        limit["details"],
        json!({"limit": 10000, "requested": 175_321})
    );

    let early = error_of(
        &app,
        "/v1/radix",
        &json!({"birth": birth("1100-05-15T14:30:00"), "options": {"bodies": ["sun", "chiron"]}}),
    )
    .await;
    assert_eq!(early["code"], "outside_ephemeris_range", "{early}");
    assert_eq!(early["field"], "birth.datetime");
    assert_eq!(
        early["details"],
        json!({"body": "chiron", "valid_from": "1200-01-09", "valid_to": "4649-12-31"})
    );
    let message = early["message"].as_str().unwrap();
    assert!(message.contains("1200-01-09 to 4649-12-31"), "{message}");
    assert!(!message.contains(".se1"), "no data file names: {message}");

    let range = error_of(
        &app,
        "/v1/radix",
        &json!({"birth": {"datetime": "2000-01-01T00:00:00Z",
        "location": {"latitude": 91, "longitude": 0}}}),
    )
    .await;
    assert_eq!(range["code"], "invalid_input", "{range}");
    assert_eq!(range["field"], "birth.location.latitude");
    assert!(range.get("details").is_none(), "{range}");

    let both = error_of(
        &app,
        "/v1/aspects",
        &json!({"positions": {"sun": 1}, "datetime": "2000-01-01T00:00:00Z"}),
    )
    .await;
    assert_eq!(both["code"], "invalid_input", "{both}");
    assert!(
        both.get("field").is_none(),
        "no single field is to blame: {both}"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn serde_errors_name_the_field_path() {
    let app = TestApp::spawn().await;
    let wrong_type = json!({"birth": {"datetime": "2000-01-01T00:00:00Z",
        "location": {"latitude": "north", "longitude": 0}}});
    let error = error_of(&app, "/v1/radix", &wrong_type).await;
    assert_eq!(error["field"], "birth.location.latitude", "{error}");
    let missing =
        json!({"birth": {"datetime": "2000-01-01T00:00:00Z", "location": {"latitude": 1}}});
    let error = error_of(&app, "/v1/radix", &missing).await;
    assert_eq!(error["field"], "birth.location.longitude", "{error}");
    let error = error_of(&app, "/v1/radix", &json!({})).await;
    assert_eq!(error["field"], "birth", "{error}");

    let response = app
        .get("/v1/planets")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    let error = error_body(response, 400).await["error"].clone();
    assert_eq!(error["code"], "invalid_input");
    assert_eq!(error["field"], "datetime", "{error}");
    app.cleanup().await;
}

#[tokio::test]
async fn mended_messages() {
    let app = TestApp::spawn().await;

    // serde would read an array as the struct's fields in order; no client means that.
    let error = error_of(&app, "/v1/aspects", &json!([null, null])).await;
    assert_eq!(error["code"], "invalid_input");
    assert_eq!(
        error["message"],
        "the request body must be a JSON object ({...}), not an array"
    );

    // An unencoded `+` in a query reads as a space.
    let response = app
        .get("/v1/planets?datetime=2024-03-20T04:06:21+01:00")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    let error = error_body(response, 400).await["error"].clone();
    assert_eq!(error["field"], "datetime");
    assert!(
        error["message"].as_str().unwrap().contains("%2B"),
        "{error}"
    );

    let big = json!({"note": "x".repeat(70_000)});
    let error = error_body(post_json(&app, "/v1/aspects", &big).await, 413).await["error"].clone();
    assert_eq!(error["code"], "payload_too_large");
    assert!(
        error["message"].as_str().unwrap().contains("64 KiB"),
        "{error}"
    );
    app.cleanup().await;
}

/// A number JSON's grammar allows but a 64-bit float cannot hold (`1e400`) is the value's
/// fault: a 400 naming its field, like any other bad value.
#[tokio::test]
async fn a_number_out_of_range_names_its_field() {
    let app = TestApp::spawn().await;
    let send = |body: &'static str| {
        app.post("/v1/radix")
            .header("X-API-Key", DEMO_KEY)
            .header("Content-Type", "application/json")
            .body(body)
            .send()
    };
    for (body, field) in [
        (
            r#"{"birth": {"datetime": "2000-01-01T00:00:00Z", "location": {"latitude": 1e400, "longitude": 0}}}"#,
            "birth.location.latitude",
        ),
        (
            r#"{"birth": {"datetime": "2000-01-01T00:00:00Z", "location": {"latitude": 1, "longitude": -1e999}}}"#,
            "birth.location.longitude",
        ),
    ] {
        let error = error_body(send(body).await.unwrap(), 400).await["error"].clone();
        assert_eq!(error["code"], "invalid_input", "{error}");
        assert_eq!(error["field"], field, "{error}");
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{field} must be a number within the range")),
            "{error}"
        );
    }
    app.cleanup().await;
}

/// A body must say it is JSON: without `Content-Type` it is a 415 with the error object, as is
/// any type but `application/json` (parameters allowed) or `application/*+json`.
#[tokio::test]
async fn a_body_without_a_json_content_type_is_a_415() {
    let app = TestApp::spawn().await;
    let body = r#"{"birth": {"datetime": "2000-01-01T00:00:00Z", "location": {"latitude": 1, "longitude": 2}}}"#;
    let send = |content_type: Option<&'static str>| {
        let request = app
            .post("/v1/radix")
            .header("X-API-Key", DEMO_KEY)
            .body(body);
        match content_type {
            Some(value) => request.header("Content-Type", value),
            None => request,
        }
        .send()
    };
    let refused = error_body(send(None).await.unwrap(), 415).await["error"].clone();
    assert_eq!(refused["code"], "unsupported_media_type", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("Content-Type: application/json (got no Content-Type header)"),
        "{refused}"
    );
    for other in ["text/plain", "application/x-www-form-urlencoded"] {
        let refused = error_body(send(Some(other)).await.unwrap(), 415).await["error"].clone();
        assert_eq!(refused["code"], "unsupported_media_type", "{refused}");
    }
    for json in [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON;charset=UTF-8",
    ] {
        let response = send(Some(json)).await.unwrap();
        assert_eq!(response.status(), 200, "{json}");
    }
    // An endpoint whose body is optional: no body needs no type.
    let response = app
        .post("/v1/aspects")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    app.cleanup().await;
}
