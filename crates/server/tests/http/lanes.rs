//! The lanes by route (docs/LOAD-SHEDDING.md): every authenticated operation of the served
//! document is called through the whole app, admission layer included. In this debug build each
//! calculation asserts that its request was admitted in the lane its input type declares
//! (`orrery_api::endpoint`), so a route registered with another endpoint's type answers 500 here.

use std::collections::BTreeSet;

use orrery_server::openapi::{documented_path, playground_examples};

use crate::support::{DEMO_KEY, TestApp};

#[tokio::test]
async fn every_authenticated_route_runs_in_the_lane_its_endpoint_declares() {
    let app = TestApp::spawn().await;
    let document: serde_json::Value = app
        .get("/v1/openapi.json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let paths = document["paths"].as_object().unwrap();
    let mut unwalked: BTreeSet<(String, String)> = paths
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .unwrap()
                .iter()
                .filter(|(_, operation)| operation.get("security").is_some())
                .map(|(method, _)| (method.to_uppercase(), path.clone()))
        })
        .collect();
    for example in playground_examples() {
        let target = example
            .path
            .split_once('?')
            .map_or(&*example.path, |(path, _)| path);
        let Some(path) = documented_path(paths.keys().map(String::as_str), target) else {
            continue;
        };
        if !unwalked.remove(&(example.method.clone(), path.to_owned())) {
            continue;
        }
        let request = match &example.body {
            Some(body) => app.post(&example.path).json(body),
            None => app.get(&example.path),
        };
        let response = request.header("X-API-Key", DEMO_KEY).send().await.unwrap();
        assert_eq!(response.status(), 200, "{}", example.key());
    }
    assert!(
        unwalked.is_empty(),
        "authenticated operations without a playground example to walk: {unwalked:?}"
    );
    app.cleanup().await;
}
