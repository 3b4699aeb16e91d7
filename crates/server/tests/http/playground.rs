//! `GET /playground` and `GET /docs`: the pages are public and carry no inline script or style;
//! every file they load is served with its type and the strict Content-Security-Policy; the
//! playground offers an example for every endpoint the router serves, and every example is
//! answered (a stale example would fail here).

use serde_json::Value;

use crate::support::{DEMO_KEY, TestApp};

const EXAMPLES_JSON: &str = include_str!("../../src/playground/examples.json");

const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'; \
form-action 'none'";

/// The paths a page loads from this server: every `src="/..."` and `href="/..."`.
fn local_references(page: &str) -> Vec<String> {
    let mut references = Vec::new();
    for attribute in ["src=\"/", "href=\"/"] {
        for rest in page.split(attribute).skip(1) {
            let end = rest.find('"').unwrap();
            references.push(format!("/{}", &rest[..end]));
        }
    }
    references
}

/// What a browser would refuse under the policy, or load from elsewhere.
fn inline_code_or_outside_loads(page: &str) -> Vec<String> {
    let lower = page.to_lowercase();
    let mut problems = Vec::new();
    for script in lower.split("<script").skip(1) {
        let tag = &script[..script.find('>').unwrap()];
        if !tag.contains("src=\"/") {
            problems.push(format!("inline <script{tag}>"));
        }
    }
    for forbidden in [
        "<style",
        " style=",
        "javascript:",
        "src=\"http",
        "href=\"http",
        "//cdn",
    ] {
        if lower.contains(forbidden) {
            problems.push(forbidden.to_owned());
        }
    }
    // Event handler attributes (onclick=, onload=, ...).
    for attribute in lower.split(" on").skip(1) {
        let name: String = attribute
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        if !name.is_empty() && attribute[name.len()..].starts_with('=') {
            problems.push(format!("on{name}="));
        }
    }
    problems
}

fn expected_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        _ if path.starts_with("/docs/swagger-ui/") => "text/plain; charset=utf-8",
        _ => "text/html; charset=utf-8",
    }
}

/// Fetches a page, checks its type, its policy and that it has no inline code, then every file
/// it refers to on this server: its type, the policy, and a 304 for a matching `If-None-Match`.
async fn check_page_and_its_files(app: &TestApp, page_path: &str) -> String {
    let response = app.get(page_path).send().await.unwrap();
    assert_eq!(response.status(), 200, "{page_path}");
    assert_eq!(response.headers()["content-type"], expected_type(page_path));
    assert_eq!(response.headers()["content-security-policy"], POLICY);
    let page = response.text().await.unwrap();
    assert_eq!(
        inline_code_or_outside_loads(&page),
        Vec::<String>::new(),
        "{page_path}"
    );
    let files: Vec<String> = local_references(&page)
        .into_iter()
        .filter(|path| path.starts_with("/playground/") || path.starts_with("/docs/"))
        .collect();
    assert!(files.len() >= 2, "{page_path}: {files:?}");
    for file in files {
        let response = app.get(&file).send().await.unwrap();
        assert_eq!(response.status(), 200, "{file}");
        let headers = response.headers().clone();
        assert_eq!(headers["content-type"], expected_type(&file), "{file}");
        assert_eq!(headers["content-security-policy"], POLICY, "{file}");
        assert_eq!(headers["cache-control"], "no-cache", "{file}");
        assert!(!response.bytes().await.unwrap().is_empty(), "{file}");
        let again = app
            .get(&file)
            .header("If-None-Match", headers["etag"].clone())
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{file}");
    }
    page
}

#[tokio::test]
async fn the_playground_is_public_carries_the_demo_key_and_loads_only_its_own_files() {
    let app = TestApp::spawn().await;
    let page = check_page_and_its_files(&app, "/playground").await;
    assert!(page.contains(&format!(
        "<meta name=\"orrery-demo-key\" content=\"{DEMO_KEY}\">"
    )));
    assert!(page.contains("src=\"/playground/app.js\""));
    assert!(page.contains("src=\"/playground/places.js\""));
    assert!(page.contains("href=\"/playground/app.css\""));
    assert!(page.contains("href=\"/docs\""));
    // The script reads the examples from their own file, byte for byte the repository's.
    let examples = app.get("/playground/examples.json").send().await.unwrap();
    assert_eq!(examples.text().await.unwrap(), EXAMPLES_JSON);
    app.cleanup().await;
}

#[tokio::test]
async fn the_api_reference_is_swagger_ui_over_the_document_from_this_server() {
    let app = TestApp::spawn().await;
    let page = check_page_and_its_files(&app, "/docs").await;
    assert!(page.contains("src=\"/docs/swagger-ui-bundle.js\""));
    assert!(page.contains("src=\"/docs/docs.js\""));
    let initializer = app.get("/docs/docs.js").send().await.unwrap();
    assert!(
        initializer
            .text()
            .await
            .unwrap()
            .contains("url: \"/v1/openapi.json\"")
    );
    let license = app.get("/docs/swagger-ui/LICENSE").send().await.unwrap();
    assert!(license.text().await.unwrap().contains("Apache License"));
    app.cleanup().await;
}

#[tokio::test]
async fn the_root_sends_a_visitor_to_the_playground() {
    let app = TestApp::spawn().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let response = client.get(app.url("/")).send().await.unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(response.headers()["location"], "/playground");
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
    // Every operation the router serves (the OpenAPI document lists exactly those: the unit
    // tests of `openapi.rs` check it) has an example, except the page itself and the operator's
    // metrics.
    let document: Value = app
        .get("/v1/openapi.json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut operations = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        if path == "/playground" || path == "/metrics" {
            continue;
        }
        for method in item.as_object().unwrap().keys() {
            operations += 1;
            let method = method.to_uppercase();
            assert!(
                examples.iter().any(|e| e["method"] == method.as_str()
                    && e["path"]
                        .as_str()
                        .unwrap()
                        .split('?')
                        .next()
                        .is_some_and(|p| {
                            orrery_server::openapi::path_template_matches(path, p)
                        })),
                "no example for {method} {path}"
            );
        }
    }
    assert!(operations > 20, "{operations}");
    app.cleanup().await;
}

#[test]
fn the_inline_code_check_finds_what_a_strict_policy_refuses() {
    let clean = r#"<link rel="stylesheet" href="/a.css"><script src="/a.js" defer></script>
        <p class="lead">Only one thing</p>"#;
    assert_eq!(inline_code_or_outside_loads(clean), Vec::<String>::new());
    for bad in [
        "<script>alert(1)</script>",
        "<style>p{}</style>",
        r#"<p style="color:red">"#,
        r#"<button onclick="go()">"#,
        r#"<script src="https://cdn.example/x.js"></script>"#,
    ] {
        assert!(!inline_code_or_outside_loads(bad).is_empty(), "{bad}");
    }
}
