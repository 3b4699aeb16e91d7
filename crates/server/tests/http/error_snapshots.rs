//! The errors a client receives from the endpoints whose rules are not snapshot-tested at the
//! type level (`crates/api/tests/error_snapshots.rs`): events, chart-wheel, ephemeris-graph,
//! fixed-stars, places and timezone, each over HTTP with the typical mistakes (a missing field,
//! a wrong type, a value out of range, an unknown name with its suggestion, a rule across
//! fields). Each case shows the request, the status and the error object (its request id
//! redacted), so a changed code, field path or wording shows up in review as a snapshot diff.
//!
//! Update after an intended change with `INSTA_UPDATE=always cargo test -p orrery-server --test
//! http error_snapshots` and review the diff.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, error_body, post_json};

/// The error object of a refused request, as a snapshot entry: every case must be refused with
/// a 4xx that names the field it is about.
async fn refused(request: Value, response: reqwest::Response) -> Value {
    let status = response.status().as_u16();
    assert!((400..500).contains(&status), "{request}: {status}");
    let body = error_body(response, status).await;
    assert!(body["error"]["field"].is_string(), "{request}: {body}");
    json!({"request": request, "status": status, "error": body["error"]})
}

/// Each body POSTed to `path` with the demo key must be refused; snapshots them under `name`.
async fn post_cases(name: &str, path: &str, bodies: Vec<Value>) {
    let app = TestApp::spawn().await;
    let mut cases = Vec::new();
    for body in bodies {
        let response = post_json(&app, path, &body).await;
        cases.push(refused(body, response).await);
    }
    snapshot(name, &cases);
    app.cleanup().await;
}

/// Each target (path and query) fetched with the demo key must be refused; snapshots them
/// under `name`.
async fn get_cases(name: &str, targets: &[&str]) {
    let app = TestApp::spawn().await;
    let mut cases = Vec::new();
    for target in targets {
        let response = app
            .get(target)
            .header("X-API-Key", DEMO_KEY)
            .send()
            .await
            .unwrap();
        cases.push(refused(json!(format!("GET {target}")), response).await);
    }
    snapshot(name, &cases);
    app.cleanup().await;
}

/// The cases under the snapshot `name`, the request ids redacted.
/// Keys sorted, as the snapshots were written before serde_json kept their order.
fn snapshot(name: &str, cases: &[Value]) {
    insta::with_settings!({sort_maps => true}, {
        insta::assert_json_snapshot!(name, cases, {"[].error.request_id" => "[request_id]"});
    });
}

fn natal() -> Value {
    json!({
        "datetime": "1990-05-15T14:30:00",
        "timezone": "Europe/Berlin",
        "location": {"latitude": 52.52, "longitude": 13.405}
    })
}

#[tokio::test]
async fn events_errors() {
    post_cases(
        "events_errors",
        "/v1/events",
        vec![
            json!({"start": "2027-02-01T00:00:00Z", "types": ["eclipse"]}),
            json!({"start": 2027, "end": "2027-03-01T00:00:00Z"}),
            json!({"start": "2027-02-01T00:00:00Z", "end": "2027-03-01T00:00:00Z", "types": "eclipse"}),
            json!({"start": "2027-02-01T00:00:00Z", "end": "2027-03-01T00:00:00Z", "types": ["eclipses"]}),
            json!({"start": "2027-02-01T00:00:00Z", "end": "2027-03-01T00:00:00Z", "bodies": ["marz"]}),
            json!({"start": "2027-03-01T00:00:00Z", "end": "2027-02-01T00:00:00Z", "types": ["eclipse"]}),
            json!({"start": "-020000-01-01T00:00:00Z", "end": "-019999-12-01T00:00:00Z", "types": ["eclipse"]}),
            json!({"start": "2027-02-30T00:00:00Z", "end": "2027-03-01T00:00:00Z"}),
            json!({"start": "2027-02-01T00:00:00Z", "end": "2027-03-01T00:00:00Z", "typ": ["eclipse"]}),
        ],
    )
    .await;
}

#[tokio::test]
async fn chart_wheel_errors() {
    let radix = json!({"birth": natal()});
    post_cases(
        "chart_wheel_errors",
        "/v1/chart-wheel",
        vec![
            json!({"radix": radix}),
            json!({"kind": "natl", "radix": radix}),
            json!({"kind": "natal"}),
            json!({"kind": "natal", "radix": radix, "size": "800"}),
            json!({"kind": "natal", "radix": radix, "size": 10}),
            json!({"kind": "natal", "radix": radix, "theme": "darkk"}),
            json!({"kind": "natal", "radix": radix, "format": "jpeg"}),
            json!({"kind": "natal", "radix": {"birth": {
                "datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                "location": {"latitude": 91, "longitude": 13.405}
            }}}),
            json!({"kind": "transits", "transits": {"natal": natal(), "at": "2025-13-01T00:00:00Z"}}),
            json!({"kind": "synastry", "relationship": {
                "method": "composite",
                "person_a": {"birth": natal()}, "person_b": {"birth": natal()}
            }}),
        ],
    )
    .await;
}

#[tokio::test]
async fn ephemeris_graph_errors() {
    post_cases(
        "ephemeris_graph_errors",
        "/v1/ephemeris-graph",
        vec![
            json!({"end": "2026-01-01T00:00:00Z"}),
            json!({"start": true, "end": "2026-01-01T00:00:00Z"}),
            json!({"start": "2025-01-01T00:00:00Z", "end": "2026-01-01T00:00:00Z", "dial": "ninty"}),
            json!({"start": "2026-01-01T00:00:00Z", "end": "2025-01-01T00:00:00Z"}),
            json!({"start": "2025-01-01T00:00:00Z", "end": "2225-01-01T00:00:00Z"}),
            json!({"start": "2025-01-01T00:00:00Z", "end": "2026-01-01T00:00:00Z",
                   "natal": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlim",
                             "location": {"latitude": 52.52, "longitude": 13.405}}}),
            json!({"start": "2025-01-01T00:00:00Z", "end": "2026-01-01T00:00:00Z",
                   "natal": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                             "location": {"latitude": 52.52, "longitude": 190}}}),
        ],
    )
    .await;
}

#[tokio::test]
async fn fixed_stars_errors() {
    let at = "2024-01-01T00:00:00Z";
    post_cases(
        "fixed_stars_errors",
        "/v1/fixed-stars",
        vec![
            json!({}),
            json!({"at": at, "natal": natal()}),
            json!({"at": at, "stars": "Sirius"}),
            json!({"at": at, "stars": ["Siruis"]}),
            json!({"natal": natal(), "magnitude_limit": 20}),
            json!({"natal": natal(), "orb": "1.5"}),
            json!({"natal": natal(), "orb": -1}),
            json!({"at": at, "parans": true}),
        ],
    )
    .await;
}

#[tokio::test]
async fn places_errors() {
    get_cases(
        "places_errors",
        &[
            "/v1/places",
            "/v1/places?q=",
            "/v1/places?q=graz&limit=abc",
            "/v1/places?q=graz&limit=0",
            "/v1/places?q=graz&limit=1000",
            "/v1/places?q=graz&country=Austria",
            "/v1/places/abc",
            "/v1/places/999999999",
        ],
    )
    .await;
}

#[tokio::test]
async fn timezone_errors() {
    get_cases(
        "timezone_errors",
        &[
            "/v1/timezone?longitude=15.44&datetime=1890-06-01T12:00",
            "/v1/timezone?latitude=north&longitude=15.44&datetime=1890-06-01T12:00",
            "/v1/timezone?latitude=91&longitude=15.44&datetime=1890-06-01T12:00",
            "/v1/timezone?latitude=47.07&longitude=15.44&datetime=1890-13-01T12:00",
            "/v1/timezone?latitude=47.07&longitude=15.44&datetime=1890-06-01T12:00&ambiguous_time=earliest",
            "/v1/timezone?latitude=47.07&longitude=15.44&datetime=1890-06-01T12:00Z&calendar=julian",
        ],
    )
    .await;
}
