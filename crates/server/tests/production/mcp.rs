//! An MCP client in the fault and overload tests: a `tools/call` to `/mcp` is held to the same
//! plan limit, lane, time limit and cancellation as the REST request it stands for, on the real
//! process (CPU measured from `/proc`, as `cancellation.rs` measures REST).
//!
//! The endpoint is stateless (docs/MCP.md): a call is cancelled by closing its HTTP request, as
//! a REST call is. A `notifications/cancelled` arrives as another POST, which in stateless mode
//! has no session through which to reach the call; so it is not what these tests send.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::cancellation::{CPU_AFTER_CANCEL, cpu_after, idle_cpu, long_transit_search};
use crate::process::{Service, key_with_limit};

/// `tools/call` of `tool` with `arguments`, as a Streamable HTTP client sends it.
fn tools_call(
    client: &reqwest::Client,
    service: &Service,
    key: &str,
    tool: &str,
    arguments: &Value,
) -> reqwest::RequestBuilder {
    let message = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                         "params": {"name": tool, "arguments": arguments}});
    client
        .post(service.url("/mcp"))
        .header("X-API-Key", key)
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2025-06-18")
        .json(&message)
}

/// The tool result of an answered call: its HTTP status (`_meta`) and REST error code.
async fn outcome(response: reqwest::Response) -> (u64, Value) {
    assert_eq!(response.status(), 200, "the MCP request itself is answered");
    let answer: Value = response.json().await.unwrap();
    let result = &answer["result"];
    let status = result["_meta"]["orrery/status"].as_u64().unwrap_or(0);
    (status, result["structuredContent"]["error"]["code"].clone())
}

fn database(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("orrery.db").display())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcp_call_whose_client_left_stops_computing() {
    let dir = tempfile::tempdir().unwrap();
    let service = Service::start(&database(&dir), &[]);
    let idle = idle_cpu(&service, Duration::from_secs(1)).await;
    let key = crate::process::DEMO_KEY;
    // The client gives up after half a second and closes its connection.
    let client = reqwest::Client::builder()
        .timeout(Duration::from_millis(500))
        .build()
        .unwrap();
    let result = tools_call(&client, &service, key, "transits", &long_transit_search())
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
        "mcp: transits: CPU after the client left: {} ms (idle service: {} ms per second)",
        spent.as_millis(),
        idle.as_millis()
    );
    assert!(
        spent <= CPU_AFTER_CANCEL + idle,
        "the MCP call kept computing: {spent:?} of CPU after its client left"
    );
    service.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcp_call_past_its_time_limit_stops_computing() {
    let dir = tempfile::tempdir().unwrap();
    let service = Service::start(
        &database(&dir),
        &[("ORRERY_REQUEST_TIMEOUT_SECS", "1".to_owned())],
    );
    let idle = idle_cpu(&service, Duration::from_secs(1)).await;
    let client = reqwest::Client::new();
    let response = tools_call(
        &client,
        &service,
        crate::process::DEMO_KEY,
        "transits",
        &long_transit_search(),
    )
    .send()
    .await
    .unwrap();
    let at_timeout = service.cpu_time();
    let (status, code) = outcome(response).await;
    assert_eq!((status, code), (504, json!("timeout")));
    let spent = cpu_after(&service, at_timeout, Duration::from_secs(1)).await;
    eprintln!(
        "mcp: transits: CPU after the 504: {} ms (idle service: {} ms per second)",
        spent.as_millis(),
        idle.as_millis()
    );
    assert!(
        spent <= CPU_AFTER_CANCEL + idle,
        "the MCP call kept computing: {spent:?} of CPU after its 504"
    );
    service.stop();
}

/// With one heavy thread and a 1 s limit, an MCP transit search and a REST one share the heavy
/// lane: one runs (to its 504), the other cannot start and gets 503 `overloaded`, whichever
/// arrives first; a light REST request meanwhile is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_heavy_mcp_call_takes_the_heavy_lane_as_rest_does() {
    let dir = tempfile::tempdir().unwrap();
    let database = database(&dir);
    // Different keys, so that no key's share of the heavy lane is what refuses them.
    let mcp_key = key_with_limit(&database, "mcp_client", 1000);
    let rest_key = key_with_limit(&database, "rest_client", 1000);
    let service = Arc::new(Service::start(
        &database,
        &[
            ("ORRERY_REQUEST_TIMEOUT_SECS", "1".to_owned()),
            ("ORRERY_COMPUTE_THREADS", "1".to_owned()),
        ],
    ));
    let client = reqwest::Client::new();
    let mcp = {
        let (client, service) = (client.clone(), Arc::clone(&service));
        tokio::spawn(async move {
            let response = tools_call(
                &client,
                &service,
                &mcp_key,
                "transits",
                &long_transit_search(),
            )
            .send()
            .await
            .unwrap();
            outcome(response).await
        })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let rest = {
        let (client, service, key) = (client.clone(), Arc::clone(&service), rest_key.clone());
        tokio::spawn(async move {
            let response = client
                .post(service.url("/v1/transits"))
                .header("X-API-Key", &key)
                .json(&long_transit_search())
                .send()
                .await
                .unwrap();
            let status = u64::from(response.status().as_u16());
            let body: Value = response.json().await.unwrap();
            (status, body["error"]["code"].clone())
        })
    };
    let light = client
        .get(service.url("/v1/planets?datetime=2024-03-20T03:06:21Z"))
        .header("X-API-Key", &rest_key)
        .send()
        .await
        .unwrap();
    assert_eq!(light.status(), 200, "the light lane is free");
    let mut outcomes = vec![mcp.await.unwrap(), rest.await.unwrap()];
    outcomes.sort_by_key(|(status, _)| *status);
    assert_eq!(
        outcomes,
        [(503, json!("overloaded")), (504, json!("timeout"))],
        "one search ran, the other found the heavy lane taken"
    );
    Arc::into_inner(service).expect("requests finished").stop();
}

/// A plan of 3 requests an hour: MCP calls and REST calls count in one window, the protocol's
/// own messages count nothing, and past the limit a call is a tool error with REST's 429.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp_calls_count_against_the_plan_limit_as_rest_calls_do() {
    let dir = tempfile::tempdir().unwrap();
    let database = database(&dir);
    let key = key_with_limit(&database, "three_an_hour", 3);
    let service = Service::start(&database, &[]);
    let client = reqwest::Client::new();
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    for _ in 0..3 {
        let response = client
            .post(service.url("/mcp"))
            .header("X-API-Key", &key)
            .header("Accept", "application/json, text/event-stream")
            .json(&list)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
    let planets = json!({"datetime": "2024-03-20T03:06:21Z"});
    for _ in 0..2 {
        let response = tools_call(&client, &service, &key, "planet_positions", &planets)
            .send()
            .await
            .unwrap();
        assert_eq!(outcome(response).await.0, 200);
    }
    let rest = |client: reqwest::Client, url: String, key: String| async move {
        client
            .get(url)
            .header("X-API-Key", key)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    };
    let url = service.url("/v1/planets?datetime=2024-03-20T03:06:21Z");
    assert_eq!(rest(client.clone(), url.clone(), key.clone()).await, 200);
    let response = tools_call(&client, &service, &key, "planet_positions", &planets)
        .send()
        .await
        .unwrap();
    assert_eq!(outcome(response).await, (429, json!("rate_limited")));
    assert_eq!(rest(client.clone(), url, key.clone()).await, 429);
    service.stop();
}
