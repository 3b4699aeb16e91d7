//! The conventions a generated client expects: the key as `X-API-Key` or `Authorization: Bearer`
//! under the same rules, 304s and `GET /v1/me` free of quota in every limiter mode,
//! `X-RateLimit-Reset`, and `Orrery-Version` on every answer (docs/API-DESIGN.md,
//! docs/RATE-LIMITS.md, CHANGELOG.md).

use orrery_server::app::{API_VERSION, VERSION_HEADER};
use reqwest::header::HeaderValue;
use serde_json::Value;

use crate::support::{DEMO_KEY, Options, TestApp};

/// A cheap request that uses up the quota and answers with an `ETag`.
const COUNTED: &str = "/v1/catalog/bodies";

fn header_text(response: &reqwest::Response, name: &str) -> String {
    response.headers()[name].to_str().unwrap().to_owned()
}

/// Status, error code and `WWW-Authenticate` challenges of an answer.
async fn refusal(response: reqwest::Response) -> (u16, String, Vec<String>) {
    let status = response.status().as_u16();
    let challenges = response
        .headers()
        .get_all("www-authenticate")
        .iter()
        .map(|value| value.to_str().unwrap().to_owned())
        .collect();
    let body: Value = response.json().await.unwrap();
    (
        status,
        body["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        challenges,
    )
}

#[tokio::test]
async fn bearer_and_x_api_key_give_the_same_answers() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(100).await;
    for path in ["/v1/me", COUNTED] {
        let by_header = app
            .get(path)
            .header("X-API-Key", &key)
            .send()
            .await
            .unwrap();
        let by_bearer = app
            .get(path)
            .header("Authorization", format!("Bearer {key}"))
            .send()
            .await
            .unwrap();
        assert_eq!(by_header.status(), 200, "{path}");
        assert_eq!(by_bearer.status(), 200, "{path}");
        assert_eq!(
            by_header.text().await.unwrap(),
            by_bearer.text().await.unwrap(),
            "{path}"
        );
    }
    // The scheme in any case, and both headers with the same key.
    for authorization in [format!("bearer {key}"), format!("BEARER  {key}")] {
        let response = app
            .get("/v1/me")
            .header("Authorization", authorization)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
    let both = app
        .get("/v1/me")
        .header("X-API-Key", &key)
        .header("Authorization", format!("Bearer {key}"))
        .send()
        .await
        .unwrap();
    assert_eq!(both.status(), 200);
    // Another scheme (a proxy's Basic credentials) is not ours: the X-API-Key decides.
    let behind_basic_auth = app
        .get("/v1/me")
        .header("X-API-Key", &key)
        .header("Authorization", "Basic dXNlcjpwYXNz")
        .send()
        .await
        .unwrap();
    assert_eq!(behind_basic_auth.status(), 200);
    app.cleanup().await;
}

#[tokio::test]
async fn bearer_and_x_api_key_give_the_same_401s() {
    let app = TestApp::spawn().await;
    let mut typo = app.key_with_limit(100).await;
    typo.replace_range(10..11, if &typo[10..11] == "x" { "y" } else { "x" });
    let revoked = app.key_with_limit(100).await;
    let id = app.database.list_keys().await.unwrap()[0].key_id;
    app.database.revoke_key(id, 1).await.unwrap();

    let not_ascii = HeaderValue::from_bytes(b"caf\xe9").unwrap();
    let bearer_not_ascii = HeaderValue::from_bytes(b"Bearer caf\xe9").unwrap();
    let cases: [(&str, reqwest::RequestBuilder, reqwest::RequestBuilder); 4] = [
        (
            "wrong",
            app.get("/v1/me")
                .header("X-API-Key", "some-key-we-never-issued"),
            app.get("/v1/me")
                .header("Authorization", "Bearer some-key-we-never-issued"),
        ),
        (
            "typo",
            app.get("/v1/me").header("X-API-Key", &typo),
            app.get("/v1/me")
                .header("Authorization", format!("Bearer {typo}")),
        ),
        (
            "revoked",
            app.get("/v1/me").header("X-API-Key", &revoked),
            app.get("/v1/me")
                .header("Authorization", format!("Bearer {revoked}")),
        ),
        (
            "malformed",
            app.get("/v1/me").header("X-API-Key", not_ascii),
            app.get("/v1/me").header("Authorization", bearer_not_ascii),
        ),
    ];
    for (case, by_header, by_bearer) in cases {
        let by_header = refusal(by_header.send().await.unwrap()).await;
        let by_bearer = refusal(by_bearer.send().await.unwrap()).await;
        assert_eq!(by_header.0, 401, "{case}");
        assert_eq!(by_header, by_bearer, "{case}");
        assert_eq!(
            by_header.2,
            [r#"ApiKey header="X-API-Key""#, r#"Bearer realm="orrery""#],
            "{case}"
        );
    }

    // Missing: no key at all, an empty bearer token, a scheme that is not ours alone.
    let missing = refusal(app.get("/v1/me").send().await.unwrap()).await;
    assert_eq!((missing.0, missing.1.as_str()), (401, "unauthorized"));
    for authorization in ["Bearer", "Bearer ", "Basic dXNlcjpwYXNz"] {
        let response = app
            .get("/v1/me")
            .header("Authorization", authorization)
            .send()
            .await
            .unwrap();
        assert_eq!(refusal(response).await, missing, "{authorization:?}");
    }
    // Two headers that disagree: refused, whichever of them is valid.
    let key = app.key_with_limit(100).await;
    let disagree = app
        .get("/v1/me")
        .header("X-API-Key", &key)
        .header("Authorization", "Bearer some-other-key")
        .send()
        .await
        .unwrap();
    assert_eq!(disagree.status(), 401);
    let body: Value = disagree.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("different keys"),
        "{body}"
    );
    app.cleanup().await;
}

/// Three 304s and three `GET /v1/me` leave `remaining` where it was; a counted request then
/// takes it down by one. `source` is the limiter mode that must have decided.
async fn free_requests_leave_remaining_unchanged(app: &TestApp, key: &str, source: &str) {
    let first = app
        .get(COUNTED)
        .header("X-API-Key", key)
        .send()
        .await
        .unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(header_text(&first, "x-ratelimit-source"), source);
    let remaining = header_text(&first, "x-ratelimit-remaining");
    assert_eq!(remaining, "9");
    let tag = header_text(&first, "etag");
    for i in 0..3 {
        let again = app
            .get(COUNTED)
            .header("Authorization", format!("Bearer {key}"))
            .header("If-None-Match", &tag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "304 number {i}");
        assert_eq!(header_text(&again, "x-ratelimit-remaining"), remaining);
        let me = app
            .get("/v1/me")
            .header("X-API-Key", key)
            .send()
            .await
            .unwrap();
        assert_eq!(me.status(), 200);
        assert_eq!(header_text(&me, "x-ratelimit-remaining"), remaining);
        assert_eq!(header_text(&me, "x-ratelimit-source"), source);
    }
    let counted = app
        .get(COUNTED)
        .header("X-API-Key", key)
        .send()
        .await
        .unwrap();
    assert_eq!(header_text(&counted, "x-ratelimit-remaining"), "8");
}

/// Nothing listens on port 1 on loopback: with it as Redis, the database decides.
const NO_REDIS: &str = "redis://127.0.0.1:1";

/// Spawns the app with `options` and checks that free requests stay free in the mode `source`.
async fn free_in_mode(options: Options, source: &str) {
    let app = TestApp::spawn_with(options).await;
    let key = app.key_with_limit(10).await;
    free_requests_leave_remaining_unchanged(&app, &key, source).await;
    app.cleanup().await;
}

#[tokio::test]
async fn in_memory_304s_and_me_use_up_nothing() {
    free_in_mode(Options::default(), "memory").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn in_the_database_304s_and_me_use_up_nothing() {
    let redis_url = Some(NO_REDIS.into());
    free_in_mode(
        Options {
            redis_url,
            ..Options::default()
        },
        "database",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_postgres),
    ignore = "needs PostgreSQL: set ORRERY_TEST_POSTGRES_URL when building the tests"
)]
async fn in_postgres_304s_and_me_use_up_nothing() {
    let redis_url = Some(NO_REDIS.into());
    let options = Options {
        postgres: true,
        redis_url,
        ..Options::default()
    };
    free_in_mode(options, "database").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis),
    ignore = "needs Redis: set ORRERY_TEST_REDIS_URL when building the tests"
)]
async fn in_redis_304s_and_me_use_up_nothing() {
    let url = std::env::var("ORRERY_TEST_REDIS_URL")
        .expect("ORRERY_TEST_REDIS_URL was set when this test was built");
    let redis_url = Some(url.clone());
    let app = TestApp::spawn_with(Options {
        redis_url,
        ..Options::default()
    })
    .await;
    // Redis is shared by every test database, whose key ids all start at 1: keys made first
    // move this test's key past the ids other Redis tests use, and its own counter from an
    // earlier run is cleared.
    for _ in 0..40 {
        app.key_with_limit(10).await;
    }
    let key = app.key_with_limit(10).await;
    let id = app.database.list_keys().await.unwrap()[0].key_id;
    let client = redis::Client::open(url.as_str()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let _: () = redis::cmd("DEL")
        .arg(format!("orrery:ratelimit:{{{id}}}"))
        .query_async(&mut connection)
        .await
        .unwrap();
    free_requests_leave_remaining_unchanged(&app, &key, "redis").await;
    app.cleanup().await;
}

#[tokio::test]
async fn a_304_needs_room_when_it_arrives() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(1).await;
    let first = app
        .get(COUNTED)
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    let tag = header_text(&first, "etag");
    // The one request of the hour is used: a conditional request is refused like any other,
    // and `GET /v1/me` still answers (it only reads the window).
    let again = app
        .get(COUNTED)
        .header("X-API-Key", &key)
        .header("If-None-Match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 429);
    let me = app
        .get("/v1/me")
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);
    assert_eq!(header_text(&me, "x-ratelimit-remaining"), "0");
    app.cleanup().await;
}

#[tokio::test]
async fn reset_counts_to_the_oldest_counted_request_and_is_0_with_none() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(5).await;
    let me = app
        .get("/v1/me")
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    assert_eq!(header_text(&me, "x-ratelimit-remaining"), "5");
    assert_eq!(header_text(&me, "x-ratelimit-reset"), "0");
    let counted = app
        .get(COUNTED)
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    let reset: i64 = header_text(&counted, "x-ratelimit-reset").parse().unwrap();
    // The request's minute leaves the hour-long window 3541 to 3600 seconds from now.
    assert!((3541..=3600).contains(&reset), "{reset}");
    let me = app
        .get("/v1/me")
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    let later: i64 = header_text(&me, "x-ratelimit-reset").parse().unwrap();
    assert!(
        (reset - 2..=reset).contains(&later),
        "{later} after {reset}"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn every_answer_carries_the_interface_version() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(100).await;
    let answers = [
        ("health", app.get("/v1/health")),
        ("live", app.get("/v1/health/live")),
        ("openapi", app.get("/v1/openapi.json")),
        ("docs", app.get("/docs")),
        ("playground", app.get("/playground")),
        ("not found", app.get("/v1/nowhere")),
        ("method not allowed", app.post("/v1/health")),
        ("unauthorized", app.get("/v1/me")),
        ("me", app.get("/v1/me").header("X-API-Key", &key)),
        (
            "bad request",
            app.post("/v1/radix")
                .header("X-API-Key", &key)
                .header("Content-Type", "application/json")
                .body("{"),
        ),
        (
            "preflight",
            app.client
                .request(reqwest::Method::OPTIONS, app.url("/v1/me"))
                .header("Origin", "https://example.com")
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "authorization"),
        ),
    ];
    for (name, request) in answers {
        let response = request.send().await.unwrap();
        assert_eq!(
            response
                .headers()
                .get(VERSION_HEADER)
                .map(|v| v.to_str().unwrap()),
            Some(API_VERSION),
            "{name}: {}",
            response.status()
        );
        if name == "preflight" {
            let allowed = header_text(&response, "access-control-allow-headers");
            assert!(allowed.contains("authorization"), "{allowed}");
        }
    }
    let first = app
        .get(COUNTED)
        .header("X-API-Key", DEMO_KEY)
        .header("Origin", "https://example.com")
        .send()
        .await
        .unwrap();
    let exposed = header_text(&first, "access-control-expose-headers");
    assert!(exposed.contains(VERSION_HEADER), "{exposed}");
    let not_modified = app
        .get(COUNTED)
        .header("X-API-Key", DEMO_KEY)
        .header("If-None-Match", header_text(&first, "etag"))
        .send()
        .await
        .unwrap();
    assert_eq!(not_modified.status(), 304);
    assert_eq!(header_text(&not_modified, VERSION_HEADER), API_VERSION);
    app.cleanup().await;
}

#[test]
fn the_changelog_leads_with_the_interface_version() {
    let changelog =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../CHANGELOG.md"))
            .expect("CHANGELOG.md at the repository root");
    // The first release entry, `## [1.2.3] - date` (the policy above it is a `## ` section too).
    let top = changelog
        .lines()
        .find_map(|line| line.strip_prefix("## ["))
        .expect("a `## [version]` entry");
    let version = top.split(']').next().unwrap();
    assert_eq!(version, API_VERSION, "top entry: {top}");
}
