//! The position cache built ahead at start (`ORRERY_POSITION_CACHE_PREFILL`, docs/CACHE.md)
//! delays nothing and changes no answer: the service answers its health check within 2 s of
//! being started while the cache is still being built, and a transit search answered meanwhile
//! is byte for byte the one an instance without the prefill gives.

use std::time::{Duration, Instant};

use crate::process::{DEMO_KEY, Service};

/// CPU time of the idle process that shows the cache is being built (start-up and idle
/// threads use a few milliseconds).
const PREFILL_WORK_SEEN: Duration = Duration::from_millis(100);
/// How long the test waits for that work before it fails. The cache's thread runs at
/// `SCHED_IDLE`, only on CPU that nothing else wants: beside another test's load (the production
/// tests run two at a time) it waits until that load ends, up to about a minute.
const PREFILL_WORK_WAIT: Duration = Duration::from_secs(120);
/// `SCHED_IDLE` in the `policy` field of `/proc/PID/task/TID/stat`.
const SCHED_IDLE: u32 = 5;

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
#[ignore = "a start-up time bound, meaningful for an optimised build: .ci/run runs it with \
            `cargo test --release -p orrery-server --test production -- --ignored`"]
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

    // The cache is built below the heavy lane: at nice 19 it took turns with the heavy lane's
    // threads (nice 19 too), and a heavy request then ran at half speed while it was built.
    let policies = with.thread_policies();
    let prefill = policies
        .iter()
        .find(|(name, _)| name.starts_with("orrery-cache-pr"))
        .unwrap_or_else(|| panic!("no position cache thread among {policies:?}"));
    assert_eq!(
        prefill.1, SCHED_IDLE,
        "the position cache's thread runs at SCHED_IDLE: {policies:?}"
    );

    // The cache really is being built: the otherwise idle process keeps using CPU. Its thread
    // gets only what nothing else wants: wait for the work to show (bounded), rather than
    // expecting it within a fixed half second.
    let before = with.cpu_time();
    let watching = Instant::now();
    while with.cpu_time().saturating_sub(before) < PREFILL_WORK_SEEN {
        assert!(
            watching.elapsed() < PREFILL_WORK_WAIT,
            "no prefill work seen: {:?} of CPU in {PREFILL_WORK_WAIT:?}",
            with.cpu_time().saturating_sub(before)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "prefill: {PREFILL_WORK_SEEN:?} of building seen within {} ms",
        watching.elapsed().as_millis()
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
