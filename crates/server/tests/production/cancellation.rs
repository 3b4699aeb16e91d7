//! A request past its time limit, or whose client went away, stops costing CPU: at most 50 ms
//! more after its 504 (measured from `/proc`), for every endpoint's longest job, a heliacal
//! search that is one library call included.

use std::time::Duration;

use crate::process::{DEMO_KEY, Service};

/// The CPU a cancelled calculation may still spend.
pub(crate) const CPU_AFTER_CANCEL: Duration = Duration::from_millis(50);

/// A transit search over 40 years: seven seconds of one core in a test build, so it is still
/// computing when its one-second limit comes.
pub(crate) fn long_transit_search() -> serde_json::Value {
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

/// A heliacal rising of Venus in hazy air (meteorological range 2 km, a sensible value for
/// haze): the planet never shows through it, so the library looks for it day by day over five
/// synodic periods (eight years) in one call of about six seconds in a test build, which only
/// our patch of the library can interrupt.
fn hazy_heliacal_search() -> serde_json::Value {
    serde_json::json!({
        "datetime_start": "2024-01-01T00:00:00Z",
        "object": "venus",
        "event_type": "heliacal_rising",
        "location": {"latitude": 30.0444, "longitude": 31.2357, "altitude": 23.0},
        "atmosphere": {"meteo_range_km": 2}
    })
}

/// One long request of each endpoint that runs past a one-second limit in a test build (each
/// near the largest its limits accept; the times are of one run on an idle machine): the
/// endpoints not listed answer their largest requests well within the limit.
fn long_jobs() -> Vec<(&'static str, serde_json::Value)> {
    let natal = serde_json::json!({
        "datetime": "1990-05-15T14:30:00",
        "timezone": "Europe/Berlin",
        "location": {"latitude": 52.52, "longitude": 13.405}
    });
    let all_points: Vec<&str> = "sun moon mercury venus mars jupiter saturn uranus neptune pluto \
                                 chiron mean_node true_node"
        .split_whitespace()
        .collect();
    vec![
        // About 7 s.
        ("/v1/transits", long_transit_search()),
        // About 6 s, in one library call.
        ("/v1/heliacal", hazy_heliacal_search()),
        // 20,000 progressed charts, about 4 s.
        (
            "/v1/progressions",
            serde_json::json!({"natal": natal, "method": "secondary", "age_start": 0,
                               "age_end": 120, "step_years": 0.006}),
        ),
        // Ten years of every event type, about 3 s.
        (
            "/v1/events",
            serde_json::json!({"start": "2020-01-01T00:00:00Z", "end": "2029-12-31T00:00:00Z",
                               "types": ["ingress", "station", "retrograde_period", "lunation",
                                         "void_of_course", "eclipse"]}),
        ),
        // 9,740 samples of 13 points, about 2 s.
        (
            "/v1/ephemeris",
            serde_json::json!({"start": "1900-01-01T00:00:00Z", "end": "2100-01-01T00:00:00Z",
                               "step_hours": 180, "points": all_points}),
        ),
        // Fifty return charts, about 1 s.
        (
            "/v1/mercury-return",
            serde_json::json!({"natal": natal, "from": "1900-01-01T00:00:00Z", "count": 50}),
        ),
    ]
}

/// CPU the idle service spends in `span` (its background tasks), measured before the test.
pub(crate) async fn idle_cpu(service: &Service, span: Duration) -> Duration {
    let before = service.cpu_time();
    tokio::time::sleep(span).await;
    service.cpu_time().saturating_sub(before)
}

/// Waits until the service's CPU time stops growing, and returns how much it grew after `since`.
pub(crate) async fn cpu_after(service: &Service, since: Duration, settle: Duration) -> Duration {
    tokio::time::sleep(settle).await;
    service.cpu_time().saturating_sub(since)
}

/// Every long job of [`long_jobs`], past a one-second limit: its 504, then the CPU the service
/// still spends. A job that answers within the limit on this machine is reported and skipped.
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

    let mut measured = Vec::new();
    for (path, body) in long_jobs() {
        let response = client
            .post(service.url(path))
            .header("X-API-Key", DEMO_KEY)
            .json(&body)
            .send()
            .await
            .unwrap();
        let at_timeout = service.cpu_time();
        let status = response.status();
        let answer: serde_json::Value = response.json().await.unwrap();
        if status == 200 {
            eprintln!("cancellation: {path} answered within its 1 s limit; not measured");
            continue;
        }
        assert_eq!(status, 504, "{path}: {answer}");
        assert_eq!(answer["error"]["code"], "timeout");
        let spent = cpu_after(&service, at_timeout, Duration::from_secs(1)).await;
        eprintln!(
            "cancellation: {path}: CPU after the 504: {} ms (idle service: {} ms per second)",
            spent.as_millis(),
            idle.as_millis()
        );
        measured.push((path, spent));
    }
    for required in ["/v1/transits", "/v1/heliacal"] {
        assert!(
            measured.iter().any(|(path, _)| *path == required),
            "{required} must outlast its limit to be measured"
        );
    }
    for (path, spent) in measured {
        assert!(
            spent <= CPU_AFTER_CANCEL + idle,
            "{path} kept computing: {spent:?} of CPU after its 504"
        );
    }
    service.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_whose_client_left_stops_computing() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("orrery.db").display());
    let service = Service::start(&database, &[]);
    let idle = idle_cpu(&service, Duration::from_secs(1)).await;

    for (path, body) in [
        ("/v1/transits", long_transit_search()),
        ("/v1/heliacal", hazy_heliacal_search()),
    ] {
        // The client gives up after half a second and closes its connection.
        let client = reqwest::Client::builder()
            .timeout(Duration::from_millis(500))
            .build()
            .unwrap();
        let result = client
            .post(service.url(path))
            .header("X-API-Key", DEMO_KEY)
            .json(&body)
            .send()
            .await;
        assert!(
            result.is_err(),
            "{path}: the search must outlast the client's patience"
        );
        drop(client);
        let at_disconnect = service.cpu_time();

        let spent = cpu_after(&service, at_disconnect, Duration::from_secs(1)).await;
        eprintln!(
            "cancellation: {path}: CPU after the client left: {} ms (idle service: {} ms per \
             second)",
            spent.as_millis(),
            idle.as_millis()
        );
        assert!(
            spent <= CPU_AFTER_CANCEL + idle,
            "{path} kept computing: {spent:?} of CPU after its client left"
        );
    }
    service.stop();
}

/// With one heavy thread and a 1 s limit, a long search runs past its limit (504) while the
/// requests queued behind it cannot start within half the limit: they get 503 `overloaded` with
/// `Retry-After`, never a 504 for having waited.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_cannot_start_in_time_gets_503_not_504() {
    for waited in queued_behind_a_long_search().await {
        eprintln!("cancellation: a queued request was refused after {waited:?}");
    }
}

/// The same, timed: the queued requests are refused at half the limit (0.5 s), before the
/// limit itself. A wall-clock bound, meaningful for an optimised build.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a latency bound, meaningful for an optimised build: .ci/run runs it with \
            `cargo test --release -p orrery-server --test production -- --ignored`"]
async fn a_request_that_cannot_start_in_time_is_refused_before_the_limit() {
    for waited in queued_behind_a_long_search().await {
        assert!(
            waited < Duration::from_secs(1),
            "refused before the time limit, not at it: {waited:?}"
        );
    }
}

/// Sends a long search and two more behind it to a service with one heavy thread and a 1 s
/// limit; checks that one ran past its limit (504 `timeout`) and the others got 503
/// `overloaded` with `Retry-After`, and returns how long each refused one waited.
async fn queued_behind_a_long_search() -> Vec<Duration> {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("orrery.db").display());
    // Different keys, so that no key's share of the heavy lane is what refuses them.
    let keys: Vec<String> = (0..3)
        .map(|i| crate::process::key_with_limit(&database, &format!("queued_{i}"), 1000))
        .collect();
    let service = std::sync::Arc::new(Service::start(
        &database,
        &[
            ("ORRERY_REQUEST_TIMEOUT_SECS", "1".to_owned()),
            ("ORRERY_COMPUTE_THREADS", "1".to_owned()),
        ],
    ));
    let client = reqwest::Client::new();
    let send = |key: String| {
        let (client, service) = (client.clone(), std::sync::Arc::clone(&service));
        tokio::spawn(async move {
            let sent = std::time::Instant::now();
            let response = client
                .post(service.url("/v1/transits"))
                .header("X-API-Key", &key)
                .json(&long_transit_search())
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let retry_after = response.headers().contains_key("retry-after");
            let body: serde_json::Value = response.json().await.unwrap();
            (
                status,
                retry_after,
                body["error"]["code"].clone(),
                sent.elapsed(),
            )
        })
    };
    let first = send(keys[0].clone());
    // The first one should take the only heavy thread before the others arrive; on a loaded
    // machine another may overtake it, so the answers are told apart by status, not by order.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let later: Vec<_> = keys[1..].iter().cloned().map(send).collect();
    let mut answers = vec![first.await.unwrap()];
    for handle in later {
        answers.push(handle.await.unwrap());
    }
    let (ran, refused): (Vec<_>, Vec<_>) =
        answers.into_iter().partition(|(status, ..)| *status == 504);
    assert!(!ran.is_empty(), "no search ran past its limit");
    assert!(!refused.is_empty(), "every search got the heavy thread");
    for (_, _, code, _) in &ran {
        assert_eq!(code, "timeout", "a search past its limit");
    }
    let mut waits = Vec::new();
    for (status, retry_after, code, waited) in refused {
        assert_eq!(status, 503, "a queued request that could not start: {code}");
        assert_eq!(code, "overloaded");
        assert!(retry_after, "503 overloaded carries Retry-After");
        waits.push(waited);
    }
    std::sync::Arc::into_inner(service)
        .expect("requests finished")
        .stop();
    waits
}
