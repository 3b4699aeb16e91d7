//! A database outage, on a PostgreSQL database of the test's own reached through a TCP proxy
//! the test controls (the machine's PostgreSQL is never touched): verified keys keep working,
//! readiness says 503 fast, an unverified key gets a fast 503 with `Retry-After`, and the
//! service recovers without a restart.

use std::time::Duration;
use tokio::net::TcpListener;

use orrery_server::{Settings, app, serve};
use orrery_store::testing::TestDatabase;
use orrery_store::{Environment, Plan};
use tokio::time::Instant;

#[path = "../common/db_proxy.rs"]
mod db_proxy;
use db_proxy::{Link, Proxy, host_and_port};

use crate::support::assert_error;

/// "Fast" for an answer that cannot reach the database: well under a second.
const FAST: Duration = Duration::from_millis(800);

struct Timed {
    status: u16,
    elapsed: Duration,
    response: reqwest::Response,
}

async fn timed(request: reqwest::RequestBuilder) -> Timed {
    let started = Instant::now();
    let response = request.send().await.unwrap();
    Timed {
        status: response.status().as_u16(),
        elapsed: started.elapsed(),
        response,
    }
}

/// The service with `settings`, as `orrery serve` prepares it, on a free loopback port.
async fn serve_on_a_free_port(settings: &Settings) -> std::net::SocketAddr {
    let (state, _database) = serve::prepare(settings).await.unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(orrery_server::connections::serve_connections(
        listener,
        app(state),
        settings.connections,
        std::future::pending(),
        Duration::ZERO,
    ));
    address
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(orrery_test_postgres),
    ignore = "needs PostgreSQL: set ORRERY_TEST_POSTGRES_URL when building the tests"
)]
async fn a_database_outage_keeps_verified_keys_working_and_recovers_without_restart() {
    let test_db = TestDatabase::postgres().await;
    let upstream = host_and_port(&test_db.url).to_owned();
    let proxy = Proxy::start(upstream.clone()).await;
    let proxied_url = test_db
        .url
        .replacen(&upstream, &proxy.address.to_string(), 1);

    let mut settings = Settings::with_database(&proxied_url);
    settings.compute_threads = Some(1);
    let address = serve_on_a_free_port(&settings).await;
    let client = reqwest::Client::new();
    let url = |path: &str| format!("http://{address}{path}");

    let direct = &test_db.database;
    direct
        .set_plan(&Plan {
            code: "outage".into(),
            label: "Outage test".into(),
            requests_per_hour: 1000,
        })
        .await
        .unwrap();
    let new_key = |client_name: &'static str| async move {
        direct
            .create_key(client_name, "outage", Environment::Test, 0)
            .await
            .unwrap()
            .secret
            .expose()
            .to_owned()
    };
    let verified = new_key("Verified").await;
    let unverified = new_key("Unverified").await;
    let me = |key: &str| client.get(url("/v1/me")).header("X-API-Key", key);

    assert_eq!(timed(me(&verified)).await.status, 200);
    assert_eq!(timed(client.get(url("/v1/health"))).await.status, 200);

    let mut slowest = Duration::ZERO;
    for link in [Link::Frozen, Link::Down] {
        proxy.set(link);
        // Past the key cache's lifetime, so that every key has to be looked up again.
        tokio::time::sleep(orrery_server::auth::KEY_CACHE_TTL + Duration::from_millis(200)).await;
        for attempt in 0..3 {
            let still = timed(me(&verified)).await;
            assert_eq!(still.status, 200, "{link:?} attempt {attempt}");
            assert!(
                still.elapsed < FAST,
                "{link:?}: verified key took {:?}",
                still.elapsed
            );

            let health = timed(client.get(url("/v1/health"))).await;
            assert_eq!(health.status, 503, "{link:?}");
            assert!(
                health.elapsed < FAST,
                "{link:?}: health took {:?}",
                health.elapsed
            );
            let live = timed(client.get(url("/v1/health/live"))).await;
            assert_eq!(live.status, 200, "{link:?}");

            let refused = timed(me(&unverified)).await;
            assert!(
                refused.elapsed < FAST,
                "{link:?}: unverified key took {:?}",
                refused.elapsed
            );
            slowest = slowest
                .max(still.elapsed)
                .max(health.elapsed)
                .max(refused.elapsed);
            assert!(
                refused.response.headers().contains_key("retry-after"),
                "{link:?}: no Retry-After"
            );
            assert_error(refused.response, 503, "service_unavailable").await;
            tokio::time::sleep(Duration::from_millis(700)).await;
        }
    }

    eprintln!("during the outage: slowest answer {slowest:?}");
    proxy.set(Link::Up);
    let back = Instant::now();
    let recovered_by = back + Duration::from_secs(15);
    loop {
        if timed(client.get(url("/v1/health"))).await.status == 200
            && timed(me(&unverified)).await.status == 200
        {
            eprintln!("recovered {:?} after the database's return", back.elapsed());
            break;
        }
        assert!(
            Instant::now() < recovered_by,
            "no recovery within 15 s of the database's return"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // With the database reachable, a revocation takes effect within the cache's lifetime.
    let key_id = direct
        .list_keys()
        .await
        .unwrap()
        .into_iter()
        .find(|key| key.client_name == "Verified")
        .unwrap()
        .key_id;
    direct.revoke_key(key_id, 1).await.unwrap();
    tokio::time::sleep(orrery_server::auth::KEY_CACHE_TTL + Duration::from_millis(200)).await;
    assert_error(me(&verified).send().await.unwrap(), 401, "unauthorized").await;

    test_db.cleanup().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(orrery_test_postgres, orrery_test_redis)),
    ignore = "needs PostgreSQL and Redis: set ORRERY_TEST_POSTGRES_URL and ORRERY_TEST_REDIS_URL when building the tests"
)]
async fn with_the_database_frozen_and_redis_gone_a_request_gets_503_within_2_s() {
    let test_db = TestDatabase::postgres().await;
    let upstream = host_and_port(&test_db.url).to_owned();
    let database_proxy = Proxy::start(upstream.clone()).await;
    let proxied_url = test_db
        .url
        .replacen(&upstream, &database_proxy.address.to_string(), 1);
    let redis_url = std::env::var("ORRERY_TEST_REDIS_URL").unwrap();
    let redis_proxy = Proxy::start(host_and_port(&redis_url).to_owned()).await;

    let mut settings = Settings::with_database(&proxied_url);
    settings.compute_threads = Some(1);
    settings.redis_url = Some(format!("redis://{}", redis_proxy.address));
    let address = serve_on_a_free_port(&settings).await;
    let client = reqwest::Client::new();
    test_db
        .database
        .set_plan(&Plan {
            code: "both_down".into(),
            label: "Both stores down".into(),
            requests_per_hour: 1000,
        })
        .await
        .unwrap();
    let key = test_db
        .database
        .create_key("Both down", "both_down", Environment::Test, 0)
        .await
        .unwrap()
        .secret
        .expose()
        .to_owned();
    let me = || {
        client
            .get(format!("http://{address}/v1/me"))
            .header("X-API-Key", &key)
    };
    assert_eq!(timed(me()).await.status, 200);

    database_proxy.set(Link::Frozen);
    redis_proxy.set(Link::Down);
    // Once within the key cache's lifetime (no lookup), once past it: the lookup waits for its
    // own deadline before the grace period answers, and the limiter then for its deadline.
    for wait in [Duration::ZERO, orrery_server::auth::KEY_CACHE_TTL] {
        tokio::time::sleep(wait).await;
        let refused = timed(me()).await;
        eprintln!(
            "database frozen, Redis gone: {} after {:?}",
            refused.status, refused.elapsed
        );
        assert!(
            refused.elapsed < Duration::from_secs(2),
            "the refusal took {:?}",
            refused.elapsed
        );
        assert!(refused.response.headers().contains_key("retry-after"));
        assert_error(refused.response, 503, "service_unavailable").await;
    }
    database_proxy.set(Link::Up);
    redis_proxy.set(Link::Up);
    test_db.cleanup().await.unwrap();
}
