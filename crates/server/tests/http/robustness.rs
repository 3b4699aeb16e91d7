//! Bad input never gets a 500: every calculation endpoint, from a valid request, with each field
//! in turn removed or replaced by a value of the wrong type or an extreme one. Each answer must
//! be a 200 or a 400 with the error object (the request may still be valid: an extreme value
//! inside its range is answered). A 500, a 504, a dropped connection or a body that is not the
//! error object fails the test and names the request.

use std::sync::Arc;

use serde_json::{Value, json};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use crate::support::TestApp;

/// The playground's example for every POST calculation endpoint: valid requests the HTTP tests
/// already hold to a 200, small enough that the mutations that stay valid are cheap even in a
/// debug build.
fn base_requests() -> Vec<(String, Value)> {
    let examples: Vec<Value> =
        serde_json::from_str(include_str!("../../src/playground/examples.json")).unwrap();
    examples
        .into_iter()
        .filter(|e| e["method"] == "POST")
        .map(|e| (e["path"].as_str().unwrap().to_owned(), e["body"].clone()))
        .collect()
}

/// Replacements for a leaf of each JSON type (and for any leaf: `null` and removal).
fn replacements(leaf: &Value) -> Vec<Value> {
    let mut out = vec![Value::Null, json!({}), json!([]), json!(true)];
    match leaf {
        Value::Number(_) => out.extend([
            json!(0),
            json!(-1),
            json!(-0.0),
            json!(1e308),
            json!(-1e308),
            json!(5e-324),
            json!(360),
            json!(9_007_199_254_740_993_u64),
            json!("5"),
        ]),
        Value::String(_) => out.extend([
            json!(""),
            json!("x"),
            json!("0001-01-01T00:00:00Z"),
            json!("9999-12-31T23:59:59Z"),
            json!("2024-02-30T00:00:00Z"),
            json!("2024-03-31T02:30:00"),
            json!("\u{0}"),
            // A printf pattern and a wildcard: the star lookup of the library once read both.
            json!("%s"),
            json!("a%"),
            json!("é".repeat(2_000)),
            json!(5),
        ]),
        Value::Bool(_) => out.extend([json!("true"), json!(1)]),
        Value::Array(items) => {
            out.extend([json!(["no_such_name"]), json!([null]), json!(5)]);
            if let Some(first) = items.first() {
                out.push(Value::Array(vec![first.clone(); 500]));
            }
        }
        Value::Object(_) => out.push(json!("object")),
        Value::Null => {}
    }
    out
}

/// Every variant of `value` with one leaf (or one object member) removed or replaced.
fn mutations(value: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    match value {
        Value::Object(map) => {
            for (key, member) in map {
                let mut removed = map.clone();
                removed.remove(key);
                out.push(Value::Object(removed));
                for replacement in replacements(member) {
                    let mut changed = map.clone();
                    changed.insert(key.clone(), replacement);
                    out.push(Value::Object(changed));
                }
                for inner in mutations(member) {
                    let mut changed = map.clone();
                    changed.insert(key.clone(), inner);
                    out.push(Value::Object(changed));
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                for replacement in replacements(item).into_iter().chain(mutations(item)) {
                    let mut changed = items.clone();
                    changed[i] = replacement;
                    out.push(Value::Array(changed));
                }
            }
        }
        _ => {}
    }
    out
}

/// Sends `body` to `path`; `None` when the answer is acceptable, or what was wrong.
async fn check(client: &reqwest::Client, url: &str, key: &str, body: &Value) -> Option<String> {
    let path = url;
    let response = match client
        .post(url)
        .header("X-API-Key", key)
        .json(body)
        .send()
        .await
    {
        Ok(response) => response,
        Err(error) => return Some(format!("{path} {body}: no answer: {error}")),
    };
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    match status {
        200 => None,
        400 => {
            let parsed: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            let error = &parsed["error"];
            let well_formed = error["code"].is_string()
                && error["message"].as_str().is_some_and(|m| !m.is_empty())
                && error["request_id"].is_string();
            (!well_formed).then(|| format!("{path} {body}: 400 without the error object: {text}"))
        }
        _ => Some(format!("{path} {body}: status {status}: {text}")),
    }
}

#[tokio::test]
async fn no_mutation_of_a_valid_request_gets_a_500() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(1_000_000).await;
    let mut requests = Vec::new();
    for (path, base) in base_requests() {
        // The base itself must be answered, or its mutations test nothing.
        let response = app
            .post(&path)
            .header("X-API-Key", &key)
            .json(&base)
            .send()
            .await
            .unwrap();
        let status = response.status();
        assert_eq!(
            status,
            200,
            "{path} {base}: {}",
            response.text().await.unwrap()
        );
        requests.extend(
            mutations(&base)
                .into_iter()
                .map(|body| (path.clone(), body)),
        );
    }
    assert!(requests.len() > 1_000, "{} requests", requests.len());
    // Four at a time: the compute pool has two threads here.
    let permits = Arc::new(Semaphore::new(4));
    let mut tasks = JoinSet::new();
    for (path, body) in &requests {
        let (client, url, key) = (app.client.clone(), app.url(path), key.clone());
        let (body, permits) = (body.clone(), Arc::clone(&permits));
        tasks.spawn(async move {
            let _permit = permits.acquire_owned().await.unwrap();
            check(&client, &url, &key, &body).await
        });
    }
    let mut failures = Vec::new();
    while let Some(result) = tasks.join_next().await {
        if let Some(failure) = result.unwrap() {
            failures.push(failure);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} requests failed; the first: {:#?}",
        failures.len(),
        requests.len(),
        &failures[..failures.len().min(10)]
    );
    println!(
        "{} mutated requests, every one a 200 or a 400",
        requests.len()
    );
    app.cleanup().await;
}
