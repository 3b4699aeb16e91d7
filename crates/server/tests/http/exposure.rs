//! What the service shows and to whom: `nosniff` everywhere, the 401 challenge, keys taken
//! exactly as sent, `X-RateLimit-Reset`, the failed-authentication throttle per client address
//! (and `X-Forwarded-For` only from trusted proxies), liveness.

use orrery_server::client_address::TrustedProxies;
use orrery_server::settings::AuthSettings;

use crate::support::{DEMO_KEY, Options, TestApp, assert_error};

#[tokio::test]
async fn every_response_says_nosniff() {
    let app = TestApp::spawn().await;
    let answers = [
        app.get("/v1/health").send().await.unwrap(),
        app.get("/v1/health/live").send().await.unwrap(),
        app.get("/v1/me").send().await.unwrap(),
        app.get("/v1/me")
            .header("X-API-Key", DEMO_KEY)
            .send()
            .await
            .unwrap(),
        app.get("/playground").send().await.unwrap(),
        app.get("/no/such/path").send().await.unwrap(),
        app.post("/v1/planets")
            .header("X-API-Key", DEMO_KEY)
            .body("not json")
            .send()
            .await
            .unwrap(),
    ];
    for response in answers {
        assert_eq!(
            response.headers()["x-content-type-options"],
            "nosniff",
            "{}",
            response.url()
        );
    }
    app.cleanup().await;
}

#[tokio::test]
async fn liveness_answers_without_a_key() {
    let app = TestApp::spawn().await;
    let response = app.get("/v1/health/live").send().await.unwrap();
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    app.cleanup().await;
}

#[tokio::test]
async fn a_401_carries_the_api_key_challenge() {
    let app = TestApp::spawn().await;
    for key in [None, Some("some-key-we-never-issued")] {
        let mut request = app.get("/v1/me");
        if let Some(key) = key {
            request = request.header("X-API-Key", key);
        }
        let response = request.send().await.unwrap();
        assert_eq!(
            response.headers()["www-authenticate"],
            r#"ApiKey header="X-API-Key""#
        );
        assert_error(response, 401, "unauthorized").await;
    }
    app.cleanup().await;
}

/// HTTP/1.1 drops blanks around a header value (RFC 9110 §5.5) before the service sees it;
/// HTTP/2 carries them, and then they are part of the key, which is then another key.
#[tokio::test]
async fn keys_are_taken_exactly_as_sent() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(100).await;
    let http2 = reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .unwrap();
    let exact = http2
        .get(app.url("/v1/me"))
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    assert_eq!(exact.version(), reqwest::Version::HTTP_2);
    assert_eq!(exact.status(), 200);
    for padded in [format!(" {key}"), format!("{key} "), format!("{key}\t")] {
        let response = http2
            .get(app.url("/v1/me"))
            .header("X-API-Key", &padded)
            .send()
            .await
            .unwrap();
        assert_error(response, 401, "unauthorized").await;
    }
    app.cleanup().await;
}

#[tokio::test]
async fn rate_limit_reset_says_when_one_more_request_is_admitted() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(2).await;
    // `GET /v1/me` uses up nothing: a counted request.
    let me = || {
        app.get("/v1/catalog/bodies")
            .header("X-API-Key", &key)
            .send()
    };
    let first = me().await.unwrap();
    assert_eq!(first.headers()["x-ratelimit-remaining"], "1");
    // The time until the oldest counted request (this one) leaves the window, requests left or
    // not (docs/RATE-LIMITS.md).
    let first_reset: u64 = first.headers()["x-ratelimit-reset"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((3540..=3600).contains(&first_reset), "{first_reset}");
    let last = me().await.unwrap();
    assert_eq!(last.headers()["x-ratelimit-remaining"], "0");
    let last_reset: u64 = last.headers()["x-ratelimit-reset"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3600).contains(&last_reset), "{last_reset}");
    let refused = me().await.unwrap();
    let reset: u64 = refused.headers()["x-ratelimit-reset"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        refused.headers()["x-ratelimit-reset"],
        refused.headers()["retry-after"]
    );
    assert!((1..=3600).contains(&reset), "{reset}");
    assert_error(refused, 429, "rate_limited").await;
    // CORS exposes the header: `basics::cors_exposes_the_headers_clients_need`.
    app.cleanup().await;
}

async fn spawn_with_auth(auth: AuthSettings) -> TestApp {
    TestApp::spawn_with(Options {
        auth: Some(auth),
        ..Options::default()
    })
    .await
}

/// Sends bad-key requests (with the given `X-Forwarded-For`) until the first 429; returns how
/// many 401s came before it, or panics after `most`.
async fn failures_until_throttled(
    app: &TestApp,
    forwarded_for: Option<&str>,
    most: usize,
) -> usize {
    for sent in 0..most {
        let mut request = app.get("/v1/me").header("X-API-Key", "made-up-key-000000");
        if let Some(forwarded_for) = forwarded_for {
            request = request.header("X-Forwarded-For", forwarded_for);
        }
        let response = request.send().await.unwrap();
        match response.status().as_u16() {
            401 => {}
            429 => {
                let retry_after: u64 = response.headers()["retry-after"]
                    .to_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(retry_after >= 1);
                assert_error(response, 429, "rate_limited").await;
                return sent;
            }
            other => panic!("unexpected status {other}"),
        }
    }
    panic!("no 429 after {most} failed authentications");
}

#[tokio::test]
async fn failed_authentications_are_throttled_per_address_but_valid_keys_are_not() {
    let app = spawn_with_auth(AuthSettings {
        failures_per_sec: 1,
        failure_burst: 10,
        ..AuthSettings::default()
    })
    .await;
    let allowed = failures_until_throttled(&app, None, 50).await;
    // The burst, plus at most a few refilled at one per second while the test ran.
    assert!((10..=13).contains(&allowed), "{allowed}");
    // A missing key counts as a failure too.
    let missing = app.get("/v1/me").send().await.unwrap();
    assert_eq!(missing.status(), 429);
    // A valid key from the same address is limited only by its plan.
    let valid = app
        .get("/v1/me")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(valid.status(), 200);
    // Without trusted proxies, X-Forwarded-For changes nothing: the peer is throttled.
    let spoofed = app
        .get("/v1/me")
        .header("X-Forwarded-For", "203.0.113.7")
        .send()
        .await
        .unwrap();
    assert_eq!(spoofed.status(), 429);
    app.cleanup().await;
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_address_is_throttled() {
    let app = spawn_with_auth(AuthSettings {
        failures_per_sec: 1,
        failure_burst: 5,
        trusted_proxies: TrustedProxies::parse("127.0.0.1").unwrap(),
        ..AuthSettings::default()
    })
    .await;
    let first = failures_until_throttled(&app, Some("203.0.113.7"), 50).await;
    assert!((5..=7).contains(&first), "{first}");
    // Another client behind the same proxy has its own allowance.
    let other = app
        .get("/v1/me")
        .header("X-Forwarded-For", "203.0.113.8")
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 401);
    // A client cannot escape by prepending its own entry: the proxy's appended one counts.
    let prepended = app
        .get("/v1/me")
        .header("X-Forwarded-For", "198.51.100.1, 203.0.113.7")
        .send()
        .await
        .unwrap();
    assert_eq!(prepended.status(), 429);
    app.cleanup().await;
}

/// The real binary: `/metrics` only on `ORRERY_METRICS_LISTEN`, announced at start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_metrics_on_its_own_listener_only() {
    let mut served = crate::hygiene::Served::start(&[("ORRERY_METRICS_LISTEN", "127.0.0.1:0")]);
    assert!(served.next_line().starts_with("demo API key: "));
    let line = served.next_line();
    let metrics_url = line
        .strip_prefix("metrics on ")
        .unwrap_or_else(|| panic!("unexpected line {line:?}"))
        .to_owned();
    let client = reqwest::Client::new();
    let on_api = client
        .get(format!("http://{}/metrics", served.address))
        .send()
        .await
        .unwrap();
    assert_eq!(on_api.status(), 404);
    let metrics = client.get(&metrics_url).send().await.unwrap();
    assert_eq!(metrics.status(), 200);
    assert!(
        metrics.text().await.unwrap().contains(
            r#"orrery_http_requests_total{method="GET",route="unmatched",status="404"} 1"#
        )
    );
}
