//! The position cache built ahead at start (`ORRERY_POSITION_CACHE_PREFILL`, docs/CACHE.md)
//! delays nothing and changes no answer: the service answers its health check within 2 s of
//! being started while the cache is still being built, and a transit search answered meanwhile
//! is byte for byte the one an instance without the prefill gives.

use std::time::{Duration, Instant};

use crate::process::{DEMO_KEY, Service};

/// A year of transits to a natal chart: thousands of cached positions.
fn transit_year() -> serde_json::Value {
    serde_json::json!({
        "natal": {
            "datetime": "1990-05-15T14:30:00",
            "timezone": "Europe/Berlin",
            "location": {"latitude": 52.52, "longitude": 13.405}
        },
        "start": "2024-01-01T00:00:00Z",
        "end": "2025-01-01T00:00:00Z"
    })
}

async fn transits(client: &reqwest::Client, service: &Service) -> Vec<u8> {
    let response = client
        .post(service.url("/v1/transits"))
        .header("X-API-Key", DEMO_KEY)
        .json(&transit_year())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.bytes().await.unwrap().to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cache_built_at_start_delays_nothing_and_changes_no_answer() {
    let dir = tempfile::tempdir().unwrap();
    let database = |name: &str| format!("sqlite://{}", dir.path().join(name).display());
    let client = reqwest::Client::new();

    let spawned = Instant::now();
    let with = Service::start(
        &database("with.db"),
        &[("ORRERY_POSITION_CACHE_PREFILL", "1950-2050".to_owned())],
    );
    loop {
        let healthy = client
            .get(with.url("/v1/health"))
            .send()
            .await
            .is_ok_and(|response| response.status() == 200);
        if healthy {
            break;
        }
        assert!(
            spawned.elapsed() < Duration::from_secs(2),
            "no healthy answer within 2 s of start"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    eprintln!(
        "prefill: healthy {} ms after start",
        spawned.elapsed().as_millis()
    );

    // The cache really is being built: the otherwise idle process keeps a core busy.
    let before = with.cpu_time();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let building = with.cpu_time().saturating_sub(before);
    assert!(
        building >= Duration::from_millis(100),
        "no prefill work seen: {building:?} of CPU in 0.5 s"
    );

    let during_the_prefill = transits(&client, &with).await;
    let without = Service::start(&database("without.db"), &[]);
    let without_a_prefill = transits(&client, &without).await;
    assert!(
        during_the_prefill == without_a_prefill,
        "the answer depends on the prefill ({} vs {} bytes)",
        during_the_prefill.len(),
        without_a_prefill.len()
    );
    with.stop();
    without.stop();
}
