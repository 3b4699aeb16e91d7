//! The atlas over HTTP: `GET /v1/places`, `GET /v1/places/{place_id}`, `GET /v1/timezone`
//! (the searches and zones themselves are tested against their references in `crates/atlas`).

use serde_json::Value;

use crate::support::{DEMO_KEY, TestApp, assert_400, assert_error, error_body};

async fn get(app: &TestApp, path: &str) -> reqwest::Response {
    app.get(path)
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap()
}

async fn get_ok(app: &TestApp, path: &str) -> (reqwest::header::HeaderMap, Value) {
    let response = get(app, path).await;
    let status = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    assert_eq!(status, 200, "{text}");
    (headers, serde_json::from_str(&text).unwrap())
}

#[tokio::test]
async fn places_are_searched_and_looked_up() {
    let app = TestApp::spawn().await;
    let (headers, body) = get_ok(&app, "/v1/places?q=graz&country=AT&limit=2").await;
    assert!(headers.get("etag").is_some());
    let first = &body["results"][0];
    assert_eq!(first["place_id"], 2_778_067);
    assert_eq!(first["name"], "Graz");
    assert_eq!(first["country_code"], "AT");
    assert_eq!(first["admin1"], "Steiermark");
    assert_eq!(first["timezone"], "Europe/Vienna");
    assert_eq!(first["matched_name"], "Graz");
    assert!(body["results"].as_array().unwrap().len() <= 2);
    for q in ["M%C3%BCnchen", "Munchen", "Muenchen", "Munich"] {
        let (_, body) = get_ok(&app, &format!("/v1/places?q={q}&limit=1")).await;
        assert_eq!(body["results"][0]["place_id"], 2_867_714, "{q}");
    }
    let (_, graz) = get_ok(&app, "/v1/places/2778067").await;
    assert_eq!(graz["name"], "Graz");
    assert!(graz.get("matched_name").is_none());
    app.cleanup().await;
}

#[tokio::test]
async fn bad_place_requests_name_the_field() {
    let app = TestApp::spawn().await;
    let long = "a".repeat(101);
    for (path, field) in [
        ("/v1/places".to_owned(), None),
        ("/v1/places?q=".to_owned(), Some("q")),
        (format!("/v1/places?q={long}"), Some("q")),
        ("/v1/places?q=graz&limit=0".to_owned(), Some("limit")),
        ("/v1/places?q=graz&limit=51".to_owned(), Some("limit")),
        ("/v1/places?q=graz&country=XX".to_owned(), Some("country")),
        ("/v1/places?q=graz&town=1".to_owned(), None),
        ("/v1/places/graz".to_owned(), Some("place_id")),
    ] {
        let response = get(&app, &path).await;
        let body = error_body(response, 400).await;
        if let Some(field) = field {
            assert_eq!(body["error"]["field"], field, "{path}: {body}");
        }
    }
    let missing = get(&app, "/v1/places/1").await;
    let body = error_body(missing, 404).await;
    assert_eq!(body["error"]["code"], "not_found");
    assert_eq!(body["error"]["field"], "place_id");
    let (_, nothing) = get_ok(&app, "/v1/places?q=qqqxqqq").await;
    assert_eq!(nothing["results"], serde_json::json!([]));
    app.cleanup().await;
}

#[tokio::test]
async fn timezone_of_a_point_at_a_moment_and_now() {
    let app = TestApp::spawn().await;
    let (headers, graz) = get_ok(
        &app,
        "/v1/timezone?latitude=47.07&longitude=15.44&datetime=1890-06-01T12:00",
    )
    .await;
    assert!(headers.get("etag").is_some());
    assert_eq!(graz["timezone"], "Europe/Vienna");
    assert_eq!(graz["offset_source"], "local_mean_time");
    assert_eq!(graz["offset"], graz["lmt_offset"]);
    assert_eq!(graz["at_sea"], false);
    let (_, summer) = get_ok(
        &app,
        "/v1/timezone?latitude=47.07&longitude=15.44&datetime=2024-07-01T12:00:00Z",
    )
    .await;
    assert_eq!(summer["offset"], "+02:00");
    assert_eq!(summer["offset_seconds"], 7200);
    assert_eq!(summer["dst"], true);
    assert_eq!(summer["abbreviation"], "CEST");
    assert_eq!(summer["local"], "2024-07-01T14:00:00");
    let (headers, sea) = get_ok(&app, "/v1/timezone?latitude=-30&longitude=-20").await;
    assert_eq!(headers["cache-control"], "no-store");
    assert!(headers.get("etag").is_none());
    assert_eq!(sea["timezone"], "Etc/GMT+1");
    assert_eq!(sea["at_sea"], true);
    let gap = get(
        &app,
        "/v1/timezone?latitude=48.2&longitude=16.37&datetime=2021-03-28T02:30",
    )
    .await;
    assert_400(gap).await;
    for (path, field) in [
        ("/v1/timezone?latitude=91&longitude=0", "latitude"),
        ("/v1/timezone?latitude=0&longitude=-181", "longitude"),
        ("/v1/timezone?latitude=0", "longitude"),
        (
            "/v1/timezone?latitude=0&longitude=0&datetime=yesterday",
            "datetime",
        ),
    ] {
        let body = error_body(get(&app, path).await, 400).await;
        assert_eq!(body["error"]["field"], field, "{path}: {body}");
    }
    let unauthenticated = app.get("/v1/timezone?latitude=0&longitude=0").send().await;
    assert_error(unauthenticated.unwrap(), 401, "unauthorized").await;
    app.cleanup().await;
}

/// Places found by name, their zone found from their coordinates, the offset at a historical
/// moment: against `fixtures/atlas_offsets/cases.json` (Python zoneinfo on the same TZif bytes).
#[tokio::test]
async fn historical_offsets_of_places_found_by_name() {
    let app = TestApp::spawn().await;
    let fixture: Value = serde_json::from_str(include_str!(
        "../../../../fixtures/atlas_offsets/cases.json"
    ))
    .unwrap();
    for case in fixture["cases"].as_array().unwrap() {
        let label = format!("{} {}", case["query"], case["datetime"]);
        let query = case["query"].as_str().unwrap().replace(' ', "%20");
        let country = case["country"].as_str().unwrap();
        let (_, found) = get_ok(
            &app,
            &format!("/v1/places?q={query}&country={country}&limit=1"),
        )
        .await;
        let place = &found["results"][0];
        assert_eq!(place["place_id"], case["place_id"], "{label}");
        let (_, clock) = get_ok(
            &app,
            &format!(
                "/v1/timezone?latitude={}&longitude={}&datetime={}",
                place["latitude"],
                place["longitude"],
                case["datetime"].as_str().unwrap()
            ),
        )
        .await;
        for field in [
            "offset_seconds",
            "abbreviation",
            "dst",
            "offset_source",
            "utc",
        ] {
            assert_eq!(clock[field], case[field], "{label}: {field} in {clock}");
        }
        assert_eq!(clock["timezone"], case["timezone"], "{label}");
        assert_eq!(clock["at_sea"], false, "{label}");
    }
    app.cleanup().await;
}
