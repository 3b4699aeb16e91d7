//! The caching layer, on a router built from the real layer and state (the calculation endpoints
//! have their own caching tests).

use axum::Router;
use axum::http::StatusCode;
use axum::middleware::from_fn_with_state;
use axum::response::IntoResponse;
use axum::routing::post;
use orrery_server::caching::{UsedNow, cache_deterministic};

use crate::support::TestApp;

async fn echo(body: String) -> impl IntoResponse {
    (StatusCode::OK, format!("{{\"echo\":{}}}", body.len()))
}

async fn uses_now() -> impl IntoResponse {
    let mut response = (StatusCode::OK, "{}").into_response();
    response.extensions_mut().insert(UsedNow);
    response
}

async fn spawn_router(app: &TestApp) -> String {
    let router = Router::new()
        .route("/echo", post(echo))
        .route("/now", post(uses_now))
        .route_layer(from_fn_with_state(app.state.clone(), cache_deterministic))
        .with_state(app.state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

#[tokio::test]
async fn etag_round_trip() {
    let app = TestApp::spawn().await;
    let base = spawn_router(&app).await;
    let client = reqwest::Client::new();
    let first = client
        .post(format!("{base}/echo"))
        .body(r#"{"a":1,"b":2}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(
        first.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let tag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(tag.starts_with('"') && tag.ends_with('"'));

    // Same request with keys in another order: same tag, 304 without a body.
    let again = client
        .post(format!("{base}/echo"))
        .body(r#"{"b":2, "a":1}"#)
        .header("If-None-Match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], tag.as_str());
    assert_eq!(
        again.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(again.bytes().await.unwrap().is_empty());

    // A list of tags, and *.
    let listed = client
        .post(format!("{base}/echo"))
        .body(r#"{"a":1,"b":2}"#)
        .header("If-None-Match", format!("\"other\", {tag}"))
        .send()
        .await
        .unwrap();
    assert_eq!(listed.status(), 304);
    let star = client
        .post(format!("{base}/echo"))
        .body(r#"{"a":1,"b":2}"#)
        .header("If-None-Match", "*")
        .send()
        .await
        .unwrap();
    assert_eq!(star.status(), 304);

    // Another request: another tag, full answer.
    let other = client
        .post(format!("{base}/echo"))
        .body(r#"{"a":2}"#)
        .header("If-None-Match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);
    assert_ne!(other.headers()["etag"], tag.as_str());
    app.cleanup().await;
}

#[tokio::test]
async fn a_response_that_used_now_is_not_cacheable() {
    let app = TestApp::spawn().await;
    let base = spawn_router(&app).await;
    let response = reqwest::Client::new()
        .post(format!("{base}/now"))
        .header("If-None-Match", "*")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert!(response.headers().get("etag").is_none());
    app.cleanup().await;
}

/// A long answer comes compressed in the coding the client prefers (`br`, else `gzip`), decodes
/// to the identity answer byte for byte, and has a tag of its own that revalidates with 304.
#[tokio::test]
async fn long_answers_are_compressed_with_their_own_tag() {
    use std::io::Read;

    let app = TestApp::spawn().await;
    let body = serde_json::json!({"start": "2024-01-01T00:00:00Z", "end": "2024-03-01T00:00:00Z"});
    let fetch = |accept: Option<&'static str>, if_none_match: Option<String>| {
        let mut request = app
            .post("/v1/ephemeris")
            .header("X-API-Key", crate::support::DEMO_KEY)
            .json(&body);
        if let Some(accept) = accept {
            request = request.header("Accept-Encoding", accept);
        }
        if let Some(tag) = if_none_match {
            request = request.header("If-None-Match", tag);
        }
        request.send()
    };

    let identity = fetch(None, None).await.unwrap();
    assert_eq!(identity.status(), 200);
    assert!(identity.headers().get("content-encoding").is_none());
    assert_eq!(identity.headers()["vary"], "accept-encoding");
    let identity_tag = identity.headers()["etag"].to_str().unwrap().to_owned();
    let plain = identity.bytes().await.unwrap();
    assert!(plain.len() > 10_000, "{}", plain.len());

    let brotli = fetch(Some("gzip, deflate, br"), None).await.unwrap();
    assert_eq!(brotli.headers()["content-encoding"], "br");
    let brotli_tag = brotli.headers()["etag"].to_str().unwrap().to_owned();
    assert_ne!(brotli_tag, identity_tag);
    let packed = brotli.bytes().await.unwrap();
    assert!(
        packed.len() * 5 < plain.len(),
        "{} of {}",
        packed.len(),
        plain.len()
    );
    let mut decoded = Vec::new();
    brotli::Decompressor::new(&packed[..], 4096)
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);

    let gzip = fetch(Some("gzip"), None).await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let packed = gzip.bytes().await.unwrap();
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(&packed[..])
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);

    // Each representation revalidates with its own tag only.
    let same = fetch(Some("br"), Some(brotli_tag.clone())).await.unwrap();
    assert_eq!(same.status(), 304);
    assert_eq!(same.headers()["vary"], "accept-encoding");
    let other = fetch(Some("br"), Some(identity_tag)).await.unwrap();
    assert_eq!(other.status(), 200);

    // A short answer (an error, here) is sent as it is.
    let short = app
        .post("/v1/ephemeris")
        .header("X-API-Key", crate::support::DEMO_KEY)
        .header("Accept-Encoding", "br")
        .json(&serde_json::json!({"start": "2024-01-01T00:00:00Z"}))
        .send()
        .await
        .unwrap();
    assert_eq!(short.status(), 400);
    assert!(short.headers().get("content-encoding").is_none());
    app.cleanup().await;
}

/// A chart wheel's SVG is text and comes compressed like JSON; its PNG is sent as it is.
#[tokio::test]
async fn svg_pictures_are_compressed_and_png_are_not() {
    use std::io::Read;

    let app = TestApp::spawn().await;
    let wheel = |format: &str| {
        serde_json::json!({
            "kind": "natal",
            "radix": {"birth": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                                "location": {"latitude": 52.52, "longitude": 13.405}}},
            "format": format,
        })
    };
    let fetch = |body: serde_json::Value, accept: Option<&'static str>| {
        let mut request = app
            .post("/v1/chart-wheel")
            .header("X-API-Key", crate::support::DEMO_KEY)
            .json(&body);
        if let Some(accept) = accept {
            request = request.header("Accept-Encoding", accept);
        }
        request.send()
    };
    let plain = fetch(wheel("svg"), None)
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let packed = fetch(wheel("svg"), Some("br")).await.unwrap();
    assert_eq!(packed.headers()["content-type"], "image/svg+xml");
    assert_eq!(packed.headers()["content-encoding"], "br");
    let packed = packed.bytes().await.unwrap();
    assert!(
        packed.len() * 2 < plain.len(),
        "{} of {}",
        packed.len(),
        plain.len()
    );
    let mut decoded = Vec::new();
    brotli::Decompressor::new(&packed[..], 4096)
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);

    let png = fetch(wheel("png"), Some("br")).await.unwrap();
    assert_eq!(png.headers()["content-type"], "image/png");
    assert!(png.headers().get("content-encoding").is_none());
    app.cleanup().await;
}
