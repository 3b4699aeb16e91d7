//! `POST /v1/chart-wheel`: every kind as a picture, cached and refused like the JSON endpoints.

use orrery_server::openapi::playground_examples;
use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, post_invalid, post_json, post_ok};

const PATH: &str = "/v1/chart-wheel";

fn example(kind: &str) -> Value {
    playground_examples()
        .into_iter()
        .find(|e| e.path == PATH && e.variant.as_deref() == Some(kind))
        .and_then(|e| e.body)
        .unwrap_or_else(|| panic!("no chart-wheel example for {kind}"))
}

const KINDS: [&str; 7] = [
    "natal",
    "transits",
    "progressions",
    "synastry",
    "composite",
    "davison",
    "return",
];

#[tokio::test]
async fn every_kind_answers_an_svg_with_an_etag_and_304_on_a_match() {
    let app = TestApp::spawn().await;
    for kind in KINDS {
        let body = example(kind);
        let response = post_json(&app, PATH, &body).await;
        assert_eq!(response.status(), 200, "{kind}");
        let headers = response.headers().clone();
        assert_eq!(headers["content-type"], "image/svg+xml", "{kind}");
        assert!(headers.contains_key("x-ratelimit-remaining"), "{kind}");
        assert!(headers.contains_key("x-request-id"), "{kind}");
        let tag = headers["etag"].to_str().unwrap().to_owned();
        let svg = response.text().await.unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\""));
        assert!(svg.contains("data-body=\"sun\""), "{kind}");
        let two_rings = matches!(kind, "transits" | "progressions" | "synastry");
        assert_eq!(svg.contains("data-ring=\"outer\""), two_rings, "{kind}");

        let again = app
            .post(PATH)
            .header("X-API-Key", DEMO_KEY)
            .header("If-None-Match", &tag)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{kind}");
        assert_eq!(again.headers()["etag"].to_str().unwrap(), tag);
        assert!(again.headers().contains_key("x-ratelimit-remaining"));
    }
    app.cleanup().await;
}

#[tokio::test]
async fn a_png_is_exactly_size_pixels_wide() {
    let app = TestApp::spawn().await;
    let mut body = example("synastry");
    body["format"] = json!("png");
    body["size"] = json!(300);
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    let png = response.bytes().await.unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width then height, big-endian, from byte 16.
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    assert_eq!(width, 300);
    app.cleanup().await;
}

#[tokio::test]
async fn the_natal_wheel_draws_the_radix_chart() {
    let app = TestApp::spawn().await;
    let body = example("natal");
    let radix = post_ok(&app, "/v1/radix", &body["radix"]).await;
    let svg = post_json(&app, PATH, &body).await.text().await.unwrap();
    for (name, planet) in radix["planets"].as_object().unwrap() {
        let longitude = planet["longitude"].as_f64().unwrap();
        let needle = format!("data-body=\"{name}\" data-longitude=\"{longitude:.4}\"");
        assert!(svg.contains(&needle), "{needle}");
    }
    for (number, cusp) in radix["houses"].as_object().unwrap() {
        let needle = format!(
            "data-cusp=\"{number}\" data-longitude=\"{:.4}\"",
            cusp.as_f64().unwrap()
        );
        assert!(svg.contains(&needle), "{needle}");
    }
    let aspects = radix["aspects"]["list"].as_array().unwrap().len();
    assert_eq!(svg.matches("<line class=\"aspect\"").count(), aspects);
    // The budget for a natal wheel with its aspects (here 15 bodies, 51 aspects).
    assert!(svg.len() <= 60_000, "{} bytes", svg.len());
    app.cleanup().await;
}

#[tokio::test]
async fn bad_input_is_a_400_naming_the_field() {
    let app = TestApp::spawn().await;
    let natal = example("natal");
    let with = |field: &str, value: Value| {
        let mut body = natal.clone();
        body[field] = value;
        body
    };
    let cases = [
        (with("size", json!(299)), "size"),
        (with("size", json!(4001)), "size"),
        (with("size", json!(800.5)), "size"),
        (with("theme", json!("pink")), "theme"),
        (with("kind", json!("horary")), "kind"),
        (with("format", json!("gif")), "format"),
        (json!({"kind": "natal"}), "radix"),
        (with("transits", json!({})), "transits"),
        (
            json!({"kind": "natal", "radix": {"birth": {"datetime": "1990-05-15T14:30:00Z",
                "location": {"latitude": 91, "longitude": 0}}}}),
            "radix.birth.location.latitude",
        ),
        (
            json!({"kind": "transits", "transits": {"natal": natal["radix"]["birth"],
                "start": "2025-01-01T00:00:00Z", "end": "2025-02-01T00:00:00Z"}}),
            "transits.start",
        ),
    ];
    for (body, field) in cases {
        let response = post_json(&app, PATH, &body).await;
        assert_eq!(response.status(), 400, "{body}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["field"], field, "{body}: {error}");
    }
    let message = post_invalid(&app, PATH, &with("theme", json!("pink"))).await;
    assert!(message.contains("light"), "{message}");
    app.cleanup().await;
}

#[tokio::test]
async fn a_return_searched_from_now_is_not_cached() {
    let app = TestApp::spawn().await;
    let mut body = example("return");
    body["returns"].as_object_mut().unwrap().remove("from");
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert!(!response.headers().contains_key("etag"));
    app.cleanup().await;
}
