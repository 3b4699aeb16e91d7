use crate::support::{DEMO_KEY, TestApp, assert_error, uuid_like};

#[tokio::test]
async fn health_answers_with_its_shape() {
    let app = TestApp::spawn().await;
    let response = app.get("/v1/health").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");
    let timestamp = body["timestamp"].as_str().unwrap();
    assert!(timestamp.parse::<jiff::Timestamp>().is_ok(), "{timestamp}");
    assert!(timestamp.ends_with('Z'));
    app.cleanup().await;
}

#[tokio::test]
async fn health_is_503_when_the_database_is_gone() {
    let app = TestApp::spawn().await;
    app.database.close().await;
    let response = app.get("/v1/health").send().await.unwrap();
    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["database"], "unreachable");
    assert!(body["timestamp"].is_string());
}

#[tokio::test]
async fn me_shows_client_plan_and_key() {
    let app = TestApp::spawn().await;
    let response = app
        .get("/v1/me")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["client"]["id"].is_i64());
    assert_eq!(body["client"]["name"], "Demo playground");
    assert_eq!(body["plan"]["code"], "demo");
    assert_eq!(body["plan"]["label"], "Demo (playground)");
    assert_eq!(body["plan"]["requests_per_hour"], 1000);
    assert_eq!(body["key"]["environment"], "test");
    app.cleanup().await;
}

#[tokio::test]
async fn unknown_paths_and_methods_get_the_error_object() {
    let app = TestApp::spawn().await;
    let message = assert_error(
        app.get("/v1/nothing").send().await.unwrap(),
        404,
        "not_found",
    )
    .await;
    assert!(message.contains("/v1/nothing"));
    let response = app.post("/v1/health").send().await.unwrap();
    assert_eq!(response.headers()["allow"], "GET,HEAD");
    assert_error(response, 405, "method_not_allowed").await;
    app.cleanup().await;
}

#[tokio::test]
async fn a_client_request_id_is_echoed_and_others_are_replaced() {
    let app = TestApp::spawn().await;
    let mine = "0b6e2c70-8a3e-4c53-9a59-4f0d2b5d7e11";
    let response = app
        .get("/v1/health")
        .header("X-Request-Id", mine)
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], mine);

    let response = app
        .get("/v1/nothing")
        .header("X-Request-Id", "not-a-uuid")
        .send()
        .await
        .unwrap();
    let id = response.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_ne!(id, "not-a-uuid");
    assert!(uuid_like(&id));
    app.cleanup().await;
}

#[tokio::test]
async fn metrics_are_served_only_on_their_own_listener() {
    let app = TestApp::spawn().await;
    app.get("/v1/health").send().await.unwrap();
    app.get("/v1/me").send().await.unwrap();
    let on_api = app.get("/metrics").send().await.unwrap();
    assert_error(on_api, 404, "not_found").await;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let metrics_address = listener.local_addr().unwrap();
    tokio::spawn(orrery_server::connections::serve_connections(
        listener,
        orrery_server::metrics::metrics_app(app.state.clone()),
        orrery_server::settings::ConnectionSettings::default(),
        std::future::pending(),
        std::time::Duration::ZERO,
    ));
    let response = app
        .client
        .get(format!("http://{metrics_address}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    let text = response.text().await.unwrap();
    assert!(
        text.contains(
            r#"orrery_http_requests_total{method="GET",route="/v1/health",status="200"} 1"#
        ),
        "{text}"
    );
    assert!(text.contains(r#"route="/v1/me",status="401""#), "{text}");
    assert!(text.contains("orrery_http_request_duration_seconds_bucket"));
    app.cleanup().await;
}

#[tokio::test]
async fn cors_exposes_the_headers_clients_need() {
    let app = TestApp::spawn().await;
    let response = app
        .get("/v1/me")
        .header("Origin", "https://example.org")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    let exposed = response.headers()["access-control-expose-headers"]
        .to_str()
        .unwrap()
        .to_owned();
    for header in [
        "etag",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
        "retry-after",
        "x-request-id",
    ] {
        assert!(exposed.contains(header), "{exposed}");
    }
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_over_the_time_limit_gets_the_timeout_error() {
    let app = TestApp::spawn_with(crate::support::Options {
        request_timeout: Some(std::time::Duration::from_millis(50)),
        ..Default::default()
    })
    .await;
    // 10000 samples of 12 bodies take far longer than 50 ms.
    let response = app
        .post("/v1/ephemeris")
        .header("X-API-Key", DEMO_KEY)
        .json(&serde_json::json!({
            "start": "2000-01-01T00:00:00Z", "end": "2000-01-07T22:39:00Z", "step_minutes": 1,
            "fields": ["longitude", "latitude", "distance", "speed", "declination"],
        }))
        .send()
        .await
        .unwrap();
    let message = assert_error(response, 504, "timeout").await;
    assert!(message.contains("did not finish"), "{message}");
    app.cleanup().await;
}
