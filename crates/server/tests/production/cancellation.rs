//! A request past its time limit, or whose client went away, stops costing CPU: at most 50 ms
//! more after its 504 (measured from `/proc`).

use std::time::Duration;

use crate::process::{DEMO_KEY, Service};

/// The CPU a cancelled calculation may still spend.
const CPU_AFTER_CANCEL: Duration = Duration::from_millis(50);

/// A transit search over 40 years: seven seconds of one core in a test build, so it is still
/// computing when its one-second limit comes.
fn long_transit_search() -> serde_json::Value {
    serde_json::json!({
        "natal": {
            "datetime": "1990-05-15T14:30:00",
            "timezone": "Europe/Berlin",
            "location": {"latitude": 52.52, "longitude": 13.405}
        },
        "start": "1980-01-01T00:00:00Z",
        "end": "2020-01-01T00:00:00Z"
    })
}

/// CPU the idle service spends in `span` (its background tasks), measured before the test.
async fn idle_cpu(service: &Service, span: Duration) -> Duration {
    let before = service.cpu_time();
    tokio::time::sleep(span).await;
    service.cpu_time().saturating_sub(before)
}

/// Waits until the service's CPU time stops growing, and returns how much it grew after `since`.
async fn cpu_after(service: &Service, since: Duration, settle: Duration) -> Duration {
    tokio::time::sleep(settle).await;
    service.cpu_time().saturating_sub(since)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_past_its_time_limit_stops_computing() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("orrery.db").display());
    let service = Service::start(
        &database,
        &[("ORRERY_REQUEST_TIMEOUT_SECS", "1".to_owned())],
    );
    let client = reqwest::Client::new();
    let idle = idle_cpu(&service, Duration::from_secs(1)).await;

    let response = client
        .post(service.url("/v1/transits"))
        .header("X-API-Key", DEMO_KEY)
        .json(&long_transit_search())
        .send()
        .await
        .unwrap();
    let at_timeout = service.cpu_time();
    assert_eq!(response.status(), 504, "the search must outlast its limit");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "timeout");

    let spent = cpu_after(&service, at_timeout, Duration::from_secs(1)).await;
    eprintln!(
        "cancellation: CPU after the 504: {} ms (idle service: {} ms per second)",
        spent.as_millis(),
        idle.as_millis()
    );
    assert!(
        spent <= CPU_AFTER_CANCEL + idle,
        "the calculation kept computing: {spent:?} of CPU after its 504"
    );
    service.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_whose_client_left_stops_computing() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("orrery.db").display());
    let service = Service::start(&database, &[]);
    let idle = idle_cpu(&service, Duration::from_secs(1)).await;

    // The client gives up after half a second and closes its connection.
    let client = reqwest::Client::builder()
        .timeout(Duration::from_millis(500))
        .build()
        .unwrap();
    let result = client
        .post(service.url("/v1/transits"))
        .header("X-API-Key", DEMO_KEY)
        .json(&long_transit_search())
        .send()
        .await;
    assert!(
        result.is_err(),
        "the search must outlast the client's patience"
    );
    drop(client);
    let at_disconnect = service.cpu_time();

    let spent = cpu_after(&service, at_disconnect, Duration::from_secs(1)).await;
    eprintln!(
        "cancellation: CPU after the client left: {} ms (idle service: {} ms per second)",
        spent.as_millis(),
        idle.as_millis()
    );
    assert!(
        spent <= CPU_AFTER_CANCEL + idle,
        "the calculation kept computing: {spent:?} of CPU after its client left"
    );
    service.stop();
}
