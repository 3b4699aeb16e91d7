//! `GET /playground`: the page is public, carries the demo key and an example for every
//! endpoint, and every example it offers is answered (a stale example would fail here).

use serde_json::Value;

use crate::support::{DEMO_KEY, TestApp};

const EXAMPLES_JSON: &str = include_str!("../../src/playground/examples.json");

#[tokio::test]
async fn the_page_is_public_and_carries_the_demo_key() {
    let app = TestApp::spawn().await;
    let response = app.get("/playground").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let page = response.text().await.unwrap();
    assert!(page.contains(&format!("const demoKey = \"{DEMO_KEY}\";")));
    // Self-contained: nothing is loaded from another origin.
    for outside in ["src=\"http", "href=\"http", "@import", "//cdn"] {
        assert!(!page.contains(outside), "{outside}");
    }
    app.cleanup().await;
}

#[tokio::test]
async fn every_example_is_answered_and_every_endpoint_has_one() {
    let app = TestApp::spawn().await;
    let examples: Vec<Value> = serde_json::from_str(EXAMPLES_JSON).unwrap();
    for example in &examples {
        let (method, path) = (
            example["method"].as_str().unwrap(),
            example["path"].as_str().unwrap(),
        );
        let request = match method {
            "GET" => app.get(path),
            "POST" => app.post(path).json(&example["body"]),
            other => panic!("{other}"),
        };
        let response = request.header("X-API-Key", DEMO_KEY).send().await.unwrap();
        let status = response.status();
        assert_eq!(
            status,
            200,
            "{method} {path}: {}",
            response.text().await.unwrap()
        );
    }
    // Every calculation endpoint of the interface has an example.
    for path in [
        "/v1/planets",
        "/v1/aspects",
        "/v1/radix",
        "/v1/transits",
        "/v1/progressions",
        "/v1/returns",
        "/v1/mercury-return",
        "/v1/ephemeris",
        "/v1/rise-transit-set",
        "/v1/acg-lines",
        "/v1/acg-near",
        "/v1/nodes-apsides",
        "/v1/zodiacal-releasing",
        "/v1/antiscia",
        "/v1/heliacal",
        "/v1/primary-directions",
        "/v1/midpoints",
        "/v1/vedic",
        "/v1/relationship",
        "/v1/lots",
        "/v1/me",
    ] {
        assert!(
            examples
                .iter()
                .any(|e| e["path"].as_str().unwrap().split('?').next() == Some(path)),
            "no example for {path}"
        );
    }
    app.cleanup().await;
}
