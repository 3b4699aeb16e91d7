//! Clients that hurt an instance without sending much: ones that never read their answers,
//! thousands of connections that never finish a request, and a kept-alive connection whose
//! request the server answers before reading its body. Each talks to one instance directly
//! (no nginx in front), over raw TCP where the point is what goes over the connection.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::process::{Service, key_with_limit, percentile};

/// One HTTP/1.1 response read off a raw connection.
#[derive(Debug)]
struct RawResponse {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl RawResponse {
    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then_some(value.trim())
        })
    }
}

/// Reads until the end of the head (`\r\n\r\n`); returns the head and what came after it.
async fn read_head(stream: &mut TcpStream) -> std::io::Result<(String, Vec<u8>)> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(end) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
            let rest = buffer.split_off(end + 4);
            return Ok((String::from_utf8_lossy(&buffer).into_owned(), rest));
        }
        let read = stream.read(&mut chunk).await?;
        if read == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buffer.extend_from_slice(&chunk[..read]);
    }
}

fn status_of(head: &str) -> u16 {
    head.split_whitespace()
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or(0)
}

/// Reads one whole response with a `Content-Length` body.
async fn read_response(stream: &mut TcpStream) -> std::io::Result<RawResponse> {
    let (head, mut body) = read_head(stream).await?;
    let mut response = RawResponse {
        status: status_of(&head),
        head,
        body: Vec::new(),
    };
    let length: usize = response
        .header("content-length")
        .and_then(|value| value.parse().ok())
        .unwrap_or(0);
    while body.len() < length {
        let mut chunk = vec![0u8; length - body.len()];
        let read = stream.read(&mut chunk).await?;
        if read == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        body.extend_from_slice(&chunk[..read]);
    }
    response.body = body;
    Ok(response)
}

fn post(path: &str, key: Option<&str>, body: &str) -> String {
    let key = key.map_or_else(String::new, |key| format!("X-API-Key: {key}\r\n"));
    format!(
        "POST {path} HTTP/1.1\r\nHost: orrery\r\n{key}Content-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// The request's head, then its body after a pause (as a client that writes them separately
/// may, on a connection without Nagle's delay), then a second request on the same connection.
async fn two_requests_on_one_connection(
    service: &Service,
    first_head: &str,
    first_body: &str,
) -> (RawResponse, std::io::Result<RawResponse>) {
    let mut stream = TcpStream::connect(("127.0.0.1", service.port))
        .await
        .unwrap();
    stream.write_all(first_head.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    // The server may have closed by now (that is the fault): a failed write shows in the reads.
    let _ = stream.write_all(first_body.as_bytes()).await;
    let first = tokio::time::timeout(Duration::from_secs(10), read_response(&mut stream))
        .await
        .expect("the first answer in time")
        .expect("the first answer");
    let second = async {
        stream
            .write_all(b"GET /v1/health/live HTTP/1.1\r\nHost: orrery\r\n\r\n")
            .await?;
        read_response(&mut stream).await
    };
    let second = tokio::time::timeout(Duration::from_secs(10), second)
        .await
        .expect("the second answer or a close in time");
    (first, second)
}

#[tokio::test]
async fn an_answer_before_the_body_was_read_keeps_the_connection_usable_or_says_close() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("orrery.db").display());
    let service = Service::start(&database, &[]);
    let body = r#"{"positions":{"sun":10,"moon":100}}"#;
    let head_of = |request: &str| request[..request.len() - body.len()].to_owned();

    // A POST without a key (401 from the authentication, before the body is read) and a POST
    // to a GET-only path (405): the next request on the connection is answered.
    for (path, status) in [("/v1/aspects", 401), ("/v1/health", 405)] {
        let request = post(path, None, body);
        let (first, second) =
            two_requests_on_one_connection(&service, &head_of(&request), body).await;
        assert_eq!(first.status, status, "{path}: {}", first.head);
        let second = second.unwrap_or_else(|error| {
            panic!(
                "{path}: the connection was closed after a {} without `Connection: close` ({error}); head: {}",
                first.status, first.head
            )
        });
        assert_eq!(second.status, 200, "{path}: {}", second.head);
        assert_ne!(first.header("connection"), Some("close"), "{path}");
    }

    // A body past the limit is not read: the answer says that the connection closes.
    let oversized = format!("[{}]", "1,".repeat(40_000) + "1");
    let request = post("/v1/aspects", None, &oversized);
    let (first, second) =
        two_requests_on_one_connection(&service, &head_of(&request), &oversized).await;
    assert!(first.status == 401 || first.status == 413, "{}", first.head);
    if second.is_err() {
        assert_eq!(first.header("connection"), Some("close"), "{}", first.head);
    }
    service.stop();
}

/// The largest valid astro-cartography request: 16 bodies, 6 aspect angles to all four angles,
/// the finest step (crates/api/src/cartography.rs, "Size").
fn largest_cartography_request() -> String {
    serde_json::json!({
        "birth": {"datetime": "1990-05-15T14:30:00Z", "location": {"latitude": 52.52, "longitude": 13.405}},
        "bodies": ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus",
                   "neptune", "pluto", "chiron", "true_node", "mean_node", "ceres", "pallas", "juno"],
        "aspects": {"angles": [30, 45, 60, 90, 120, 150], "targets": ["mc", "ic", "ac", "dc"]},
        "step_degrees": 0.1
    })
    .to_string()
}

const NON_READING_CLIENTS: usize = 60;
/// The issue's bound: an instance with 60 clients holding the largest answers unread stays
/// under its idle memory plus this.
const MEMORY_HEADROOM_BYTES: u64 = 300 * 1024 * 1024;
const WRITE_TIMEOUT: Duration = Duration::from_secs(5);
const NON_READING_TIME: Duration = Duration::from_secs(25);

#[derive(Debug, Default)]
struct NonReadingOutcomes {
    /// Answers held unread, and of those how many the server cut before their end.
    held: usize,
    cut: usize,
    overloaded: usize,
    other: Vec<String>,
}

/// One client: sends the request, reads the status line; on 503 reads the answer and tries
/// again a second later; on 200 reads nothing more for the write timeout and a margin, then
/// reads what it can to see whether the server cut the answer. Repeats until `stop`.
async fn non_reading_client(
    port: u16,
    request: Arc<String>,
    stop: Arc<AtomicBool>,
) -> NonReadingOutcomes {
    let mut outcomes = NonReadingOutcomes::default();
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)).await else {
            outcomes.other.push("connect failed".into());
            continue;
        };
        if stream.write_all(request.as_bytes()).await.is_err() {
            outcomes.other.push("request not sent".into());
            continue;
        }
        let (head, _) = match read_head(&mut stream).await {
            Ok(head) => head,
            Err(error) => {
                outcomes.other.push(format!("no answer: {error}"));
                continue;
            }
        };
        match status_of(&head) {
            200 => {
                outcomes.held += 1;
                let length: usize = head
                    .lines()
                    .find_map(|line| {
                        line.to_ascii_lowercase()
                            .strip_prefix("content-length:")
                            .map(|v| v.trim().to_owned())
                    })
                    .and_then(|value| value.parse().ok())
                    .unwrap_or(usize::MAX);
                tokio::time::sleep(WRITE_TIMEOUT + Duration::from_secs(4)).await;
                let mut received = 0usize;
                let mut chunk = vec![0u8; 1 << 16];
                let drained = tokio::time::timeout(Duration::from_secs(10), async {
                    loop {
                        match stream.read(&mut chunk).await {
                            Ok(0) | Err(_) => break,
                            Ok(read) => received += read,
                        }
                    }
                })
                .await;
                if drained.is_ok() && received < length {
                    outcomes.cut += 1;
                }
            }
            503 => {
                outcomes.overloaded += 1;
                let _ = stream.shutdown().await;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            status => outcomes.other.push(format!("status {status}: {head}")),
        }
    }
    outcomes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a memory bound under load, meaningful for an optimised build: .ci/run runs it with \
            `cargo test --release -p orrery-server --test production -- --ignored`"]
async fn clients_that_do_not_read_their_answers_cannot_take_the_memory() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("orrery.db").display());
    let key = key_with_limit(&database, "non_reading", 10_000_000);
    let service = Arc::new(Service::start(
        &database,
        &[(
            "ORRERY_WRITE_TIMEOUT_SECS",
            WRITE_TIMEOUT.as_secs().to_string(),
        )],
    ));
    let client = reqwest::Client::new();
    let planets = |client: &reqwest::Client| {
        client
            .get(service.url("/v1/planets?datetime=2024-03-20T03:06:21Z"))
            .header("X-API-Key", &key)
            .send()
    };
    assert_eq!(planets(&client).await.unwrap().status(), 200);
    let idle_memory = service.resident_bytes();

    let body = largest_cartography_request();
    let request = Arc::new(format!(
        "POST /v1/acg-lines HTTP/1.1\r\nHost: orrery\r\nX-API-Key: {key}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    ));
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..NON_READING_CLIENTS)
        .map(|_| {
            tokio::spawn(non_reading_client(
                service.port,
                Arc::clone(&request),
                Arc::clone(&stop),
            ))
        })
        .collect();

    // The resident memory while they run, and a light request now and then: it is served.
    let started = Instant::now();
    let mut peak_memory = idle_memory;
    let mut light_statuses = Vec::new();
    while started.elapsed() < NON_READING_TIME {
        peak_memory = peak_memory.max(service.resident_bytes());
        if peak_memory >= idle_memory + MEMORY_HEADROOM_BYTES {
            // No need to watch it grow further.
            break;
        }
        if light_statuses.len() < (started.elapsed().as_secs() as usize) {
            let status = tokio::time::timeout(Duration::from_secs(5), planets(&client))
                .await
                .map_or(0, |sent| {
                    sent.map_or(0, |response| response.status().as_u16())
                });
            light_statuses.push(status);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let grown_past = peak_memory >= idle_memory + MEMORY_HEADROOM_BYTES;
    let mut total = NonReadingOutcomes::default();
    if !grown_past {
        for task in clients {
            let outcomes = tokio::time::timeout(Duration::from_secs(60), task)
                .await
                .expect("the clients finish")
                .unwrap();
            total.held += outcomes.held;
            total.cut += outcomes.cut;
            total.overloaded += outcomes.overloaded;
            total.other.extend(outcomes.other);
        }
    }
    eprintln!(
        "non-reading clients: {} answers held unread ({} cut by the server), {} x 503 overloaded, \
         {} other; light requests {:?}; resident memory idle {} MB, peak {} MB",
        total.held,
        total.cut,
        total.overloaded,
        total.other.len(),
        light_statuses,
        idle_memory / (1024 * 1024),
        peak_memory / (1024 * 1024),
    );
    assert!(
        !grown_past,
        "resident memory grew from {} MB past {} MB with {NON_READING_CLIENTS} clients not reading",
        idle_memory / (1024 * 1024),
        (idle_memory + MEMORY_HEADROOM_BYTES) / (1024 * 1024)
    );
    assert!(
        total.other.is_empty(),
        "other outcomes: {:?}",
        &total.other[..total.other.len().min(5)]
    );
    assert!(total.held > 0, "some answers were sent");
    assert_eq!(
        total.cut, total.held,
        "every answer left unread is cut after the write timeout"
    );
    assert!(
        light_statuses.iter().all(|&status| status == 200),
        "{light_statuses:?}"
    );
    Arc::into_inner(service).expect("clients finished").stop();
}

const SLOW_CONNECTIONS: usize = 2000;
const NORMAL_TIME: Duration = Duration::from_secs(12);
const NORMAL_INTERVAL: Duration = Duration::from_millis(25);
/// The issue's bound for a normal client's p99 beside the slow connections.
const NORMAL_P99_LIMIT: Duration = Duration::from_millis(100);

/// Makes sure this process (and the service it starts, which inherits it) may open `needed`
/// files: raises the soft limit up to the hard one with `prlimit` when it is lower.
fn allow_open_files(needed: u64) {
    let limits = std::fs::read_to_string("/proc/self/limits").expect("/proc/self/limits");
    let soft = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))
        .and_then(|line| line.split_whitespace().nth(3)?.parse::<u64>().ok())
        .unwrap_or(0);
    if soft >= needed {
        return;
    }
    let raised = std::process::Command::new("prlimit")
        .args(["--pid", &std::process::id().to_string()])
        .arg(format!("--nofile={needed}:"))
        .status();
    assert!(
        raised.is_ok_and(|status| status.success()),
        "this test needs {needed} open files (soft limit {soft}); raise it with `ulimit -n {needed}`"
    );
}

/// A connection that sends part of a request's headers, then one more header line a second,
/// never finishing them; reopened at once whenever the server closes it.
async fn slow_connection(port: u16, stop: Arc<AtomicBool>, reopened: Arc<AtomicUsize>) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)).await else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        if stream
            .write_all(b"GET /v1/health/live HTTP/1.1\r\nHost: orrery\r\n")
            .await
            .is_err()
        {
            continue;
        }
        let mut byte = [0u8; 1];
        loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            tokio::select! {
                // Closed by the server (or reset).
                _ = stream.read(&mut byte) => break,
                () = tokio::time::sleep(Duration::from_secs(1)) => {
                    if stream.write_all(b"X-Slow: 1\r\n").await.is_err() {
                        break;
                    }
                }
            }
        }
        reopened.fetch_add(1, Ordering::Relaxed);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a latency bound under load, meaningful for an optimised build: .ci/run runs it with \
            `cargo test --release -p orrery-server --test production -- --ignored`"]
async fn normal_clients_get_in_beside_two_thousand_slow_connections() {
    allow_open_files(SLOW_CONNECTIONS as u64 + 1024);
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("orrery.db").display());
    let key = key_with_limit(&database, "normal", 10_000_000);
    let service = Arc::new(Service::start(&database, &[]));

    let stop = Arc::new(AtomicBool::new(false));
    let reopened = Arc::new(AtomicUsize::new(0));
    let slow: Vec<_> = (0..SLOW_CONNECTIONS)
        .map(|_| {
            tokio::spawn(slow_connection(
                service.port,
                Arc::clone(&stop),
                Arc::clone(&reopened),
            ))
        })
        .collect();
    // Let them all connect and fill the connection cap.
    tokio::time::sleep(Duration::from_secs(3)).await;

    // The normal client: a new connection for every request (none kept alive), as a client
    // that connects anew would, so each one goes through the accept queue.
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();
    let mut latencies = Vec::new();
    let mut failures = Vec::new();
    let started = Instant::now();
    let mut second = 0;
    while started.elapsed() < NORMAL_TIME {
        second = (second + 1) % 60;
        let sent_at = Instant::now();
        let response = tokio::time::timeout(
            Duration::from_secs(15),
            client
                .get(service.url(&format!(
                    "/v1/planets?datetime=2024-03-20T03:06:{second:02}Z"
                )))
                .header("X-API-Key", &key)
                .send(),
        )
        .await;
        let latency = sent_at.elapsed();
        match response {
            Ok(Ok(response)) if response.status() == 200 => {
                let _ = response.bytes().await;
                latencies.push(latency);
            }
            Ok(Ok(response)) => failures.push(format!("status {}", response.status())),
            Ok(Err(error)) => failures.push(format!("{error}")),
            Err(_) => failures.push("no answer within 15 s".into()),
        }
        tokio::time::sleep(NORMAL_INTERVAL.saturating_sub(latency)).await;
    }
    stop.store(true, Ordering::Relaxed);
    for task in slow {
        task.abort();
    }

    latencies.sort();
    let p50 = percentile(&latencies, 0.50);
    let p99 = percentile(&latencies, 0.99);
    eprintln!(
        "slow connections: {SLOW_CONNECTIONS} held, {} closed by the server and reopened; normal \
         client: {} requests, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms, {} failed",
        reopened.load(Ordering::Relaxed),
        latencies.len(),
        p50.as_secs_f64() * 1000.0,
        p99.as_secs_f64() * 1000.0,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
        failures.len(),
    );
    assert!(failures.is_empty(), "normal requests failed: {failures:?}");
    assert!(
        p99 < NORMAL_P99_LIMIT,
        "normal client p99 {p99:?} beside {SLOW_CONNECTIONS} slow connections (limit {NORMAL_P99_LIMIT:?})"
    );
    Arc::into_inner(service).expect("clients finished").stop();
}
