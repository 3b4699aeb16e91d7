use crate::support::{Options, TestApp, assert_error};

/// A request that uses up the quota (`GET /v1/me` does not: it only reads it).
const COUNTED: &str = "/v1/catalog/bodies";

async fn limit_of_five_admits_five(app: &TestApp, source: &str) {
    let key = app.key_with_limit(5).await;
    for i in 0..5 {
        let response = app
            .get(COUNTED)
            .header("X-API-Key", &key)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "request {i}");
        let headers = response.headers();
        assert_eq!(headers["x-ratelimit-limit"], "5");
        assert_eq!(
            headers["x-ratelimit-remaining"],
            (4 - i).to_string().as_str()
        );
        assert_eq!(headers["x-ratelimit-source"], source);
        assert!(headers.get("retry-after").is_none());
    }
    let sixth = app
        .get(COUNTED)
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    let retry_after: i64 = sixth.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3600).contains(&retry_after), "{retry_after}");
    assert_eq!(sixth.headers()["x-ratelimit-remaining"], "0");
    assert_eq!(sixth.headers()["x-ratelimit-source"], source);
    let message = assert_error(sixth, 429, "rate_limited").await;
    assert!(message.contains("5 requests per hour"), "{message}");
}

async fn twenty_concurrent_against_ten_admit_ten(app: &TestApp) {
    let key = app.key_with_limit(10).await;
    let requests = (0..20).map(|_| app.get(COUNTED).header("X-API-Key", &key).send());
    let responses = futures_join_all(requests).await;
    let admitted = responses.iter().filter(|r| r.status() == 200).count();
    let refused = responses.iter().filter(|r| r.status() == 429).count();
    assert_eq!((admitted, refused), (10, 10));
}

async fn futures_join_all<
    F: std::future::Future<Output = reqwest::Result<reqwest::Response>> + Send + 'static,
>(
    requests: impl Iterator<Item = F>,
) -> Vec<reqwest::Response> {
    let tasks: Vec<_> = requests.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for task in tasks {
        out.push(task.await.unwrap().unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn in_process_limits() {
    let app = TestApp::spawn().await;
    limit_of_five_admits_five(&app, "memory").await;
    twenty_concurrent_against_ten_admit_ten(&app).await;
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis),
    ignore = "needs Redis: set ORRERY_TEST_REDIS_URL when building the tests"
)]
async fn redis_limits() {
    let url = std::env::var("ORRERY_TEST_REDIS_URL")
        .expect("ORRERY_TEST_REDIS_URL was set when this test was built");
    let app = TestApp::spawn_with(Options {
        redis_url: Some(url.clone()),
        ..Options::default()
    })
    .await;
    // Keys get fresh ids per database, and Redis outlives test runs: clear the counters an
    // earlier run of this test left for the same ids (not the fill's sentinel key: without it
    // Redis counts as flushed, and the database decides until Redis is refilled).
    flush_orrery_counters(&url).await;
    limit_of_five_admits_five(&app, "redis").await;
    twenty_concurrent_against_ten_admit_ten(&app).await;
    app.cleanup().await;
}

async fn flush_orrery_counters(url: &str) {
    let client = redis::Client::open(url).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg("orrery:ratelimit:{*")
        .query_async(&mut connection)
        .await
        .unwrap();
    if !keys.is_empty() {
        let _: () = redis::cmd("DEL")
            .arg(keys)
            .query_async(&mut connection)
            .await
            .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn unreachable_redis_falls_back_to_the_database() {
    let app = TestApp::spawn_with(Options {
        // Nothing listens on port 1: the connection is refused at once.
        redis_url: Some("redis://127.0.0.1:1".into()),
        ..Options::default()
    })
    .await;
    limit_of_five_admits_five(&app, "database").await;
    twenty_concurrent_against_ten_admit_ten(&app).await;
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_postgres),
    ignore = "needs PostgreSQL: set ORRERY_TEST_POSTGRES_URL when building the tests"
)]
async fn postgres_backed_service() {
    let app = TestApp::spawn_with(Options {
        postgres: true,
        ..Options::default()
    })
    .await;
    let me = app
        .get("/v1/me")
        .header("X-API-Key", crate::support::DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);
    limit_of_five_admits_five(&app, "memory").await;
    twenty_concurrent_against_ten_admit_ten(&app).await;
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_postgres),
    ignore = "needs PostgreSQL: set ORRERY_TEST_POSTGRES_URL when building the tests"
)]
async fn postgres_fallback_when_redis_is_unreachable() {
    let app = TestApp::spawn_with(Options {
        postgres: true,
        redis_url: Some("redis://127.0.0.1:1".into()),
        ..Options::default()
    })
    .await;
    limit_of_five_admits_five(&app, "database").await;
    twenty_concurrent_against_ten_admit_ten(&app).await;
    app.cleanup().await;
}
