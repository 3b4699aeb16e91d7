//! `GET /v1/openapi.json`: public, and true to the service. Every documented operation is
//! routed; every playground example uses only the documented method, path, query parameters and
//! request properties; its answer uses only properties (and JSON types) the 200 schema declares.

use orrery_server::openapi::{EXAMPLE_ANSWERS, documented_path, playground_examples};
use serde_json::Value;

use crate::support::{DEMO_KEY, TestApp};

const EXAMPLES_JSON: &str = include_str!("../../src/playground/examples.json");

async fn fetch_document(app: &TestApp) -> Value {
    let response = app.get("/v1/openapi.json").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    assert_eq!(response.headers()["cache-control"], "no-cache");
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_document_is_public_and_every_documented_operation_is_routed() {
    let app = TestApp::spawn().await;
    let document = fetch_document(&app).await;
    assert_eq!(document["openapi"], "3.1.0");
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let request = match method.as_str() {
                "get" => app.get(path),
                "post" => app.post(path),
                other => panic!("{other} {path}"),
            };
            let status = request.send().await.unwrap().status().as_u16();
            let expected = if operation.get("security").is_some() {
                401
            } else {
                200
            };
            assert_eq!(status, expected, "{method} {path}");
        }
    }
    app.cleanup().await;
}

#[tokio::test]
async fn every_playground_example_and_its_answer_match_the_document() {
    let app = TestApp::spawn().await;
    let document = fetch_document(&app).await;
    let examples: Vec<Value> = serde_json::from_str(EXAMPLES_JSON).unwrap();
    for example in &examples {
        let method = example["method"].as_str().unwrap();
        let target = example["path"].as_str().unwrap();
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let paths = document["paths"].as_object().unwrap();
        let path = documented_path(paths.keys().map(String::as_str), path).unwrap_or(path);
        let operation = &document["paths"][path][method.to_lowercase()];
        assert!(operation.is_object(), "{method} {path} is not documented");

        let parameters: Vec<&str> = operation["parameters"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter(|p| p["in"] == "query")
                    .map(|p| p["name"].as_str().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let name = pair.split('=').next().unwrap();
            assert!(parameters.contains(&name), "{target}: query {name}");
        }

        let request = if method == "POST" {
            let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
            let problems = mismatches(&document, schema, &example["body"], "body");
            assert!(problems.is_empty(), "{method} {path}: {problems:?}");
            app.post(target).json(&example["body"])
        } else {
            app.get(target)
        };
        let response = request.header("X-API-Key", DEMO_KEY).send().await.unwrap();
        assert_eq!(response.status(), 200, "{method} {target}");
        // A picture is checked against its declared media type, not a JSON schema.
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        if content_type != "application/json" {
            assert!(
                operation["responses"]["200"]["content"][&content_type].is_object(),
                "{method} {target}: {content_type} is not declared"
            );
            continue;
        }
        let answer: Value = response.json().await.unwrap();
        let schema = &operation["responses"]["200"]["content"]["application/json"]["schema"];
        let problems = mismatches(&document, schema, &answer, "answer");
        assert!(problems.is_empty(), "{method} {target}: {problems:?}");
    }
    app.cleanup().await;
}

/// The examples with no stored answer that have one to show: the health answers, as sent
/// (field order too), with the time they carry redacted.
#[tokio::test]
async fn the_health_examples_answer_as_snapshotted() {
    let app = TestApp::spawn().await;
    let mut shown = 0;
    for example in playground_examples() {
        let name = match example.path.as_str() {
            "/v1/health" => "example_health",
            "/v1/health/live" => "example_health_live",
            _ => continue,
        };
        let response = app.get(&example.path).send().await.unwrap();
        assert_eq!(response.status(), 200, "{}", example.key());
        let mut answer = response.text().await.unwrap();
        let parsed: Value = serde_json::from_str(&answer).unwrap();
        if let Some(now) = parsed.get("timestamp") {
            answer = answer.replacen(&now.to_string(), "\"[now]\"", 1);
        }
        insta::assert_snapshot!(name, answer);
        shown += 1;
    }
    assert_eq!(shown, 2, "both health examples");
    app.cleanup().await;
}

/// The answers the document shows are the service's live answers, byte for byte, one per
/// playground example and no other: they are one insta snapshot, `src/example_answers.snap`
/// (one line per example, its key and its answer as sent), which the service reads too
/// ([`EXAMPLE_ANSWERS`]: the document's and the playground's examples). After an answer changed
/// on purpose: `INSTA_UPDATE=always cargo test -p orrery-server --test http openapi` (or
/// `cargo insta review`), and review the diff.
#[tokio::test]
async fn every_example_answer_is_the_live_answer() {
    let app = TestApp::spawn().await;
    // The health answers carry the time, and the document cannot hold itself: those examples
    // have no stored answer.
    let examples: Vec<_> = playground_examples()
        .into_iter()
        .filter(|example| {
            !["/v1/health", "/v1/health/live", "/v1/openapi.json"].contains(&example.path.as_str())
        })
        .collect();
    let mut live = Vec::new();
    for example in &examples {
        let request = match &example.body {
            Some(body) => app.post(&example.path).json(body),
            None => app.get(&example.path),
        };
        let response = request.header("X-API-Key", DEMO_KEY).send().await.unwrap();
        assert_eq!(response.status(), 200, "{}", example.key());
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        let bytes = response.bytes().await.unwrap();
        let answer = if content_type == "application/json" {
            String::from_utf8(bytes.to_vec()).unwrap()
        } else {
            // A picture is stored as its type, length and hash: still byte for byte.
            use sha2::Digest;
            let hash: String = sha2::Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            serde_json::json!({"content_type": content_type, "bytes": bytes.len(), "sha256": hash})
                .to_string()
        };
        live.push((example.key(), answer));
    }
    let entries: Vec<String> = live
        .iter()
        .map(|(key, answer)| format!("{}: {answer}", serde_json::to_string(key).unwrap()))
        .collect();
    let stored = format!("{{\n{}\n}}", entries.join(",\n"));
    insta::with_settings!({
        snapshot_path => "../../src",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("example_answers", stored);
    });
    // What the service read at build time is what was stored.
    assert_eq!(
        EXAMPLE_ANSWERS.trim_end(),
        stored,
        "rebuild after updating the answers"
    );

    // The document shows them: the example request and its answer, on the operation.
    let document = fetch_document(&app).await;
    let mut seen = std::collections::HashSet::new();
    for (example, (_, answer)) in examples.iter().zip(&live) {
        let (path, query) = example.path.split_once('?').unwrap_or((&example.path, ""));
        let paths = document["paths"].as_object().unwrap();
        let path = documented_path(paths.keys().map(String::as_str), path).unwrap_or(path);
        let operation = &document["paths"][path][example.method.to_lowercase()];
        if !seen.insert((path, &example.method)) {
            continue;
        }
        let shown = &operation["responses"]["200"]["content"]["application/json"]["example"];
        let answer: Value = serde_json::from_str(answer).unwrap();
        if answer.get("sha256").is_some() && shown.is_null() {
            // A picture: the document shows no answer (it is not JSON).
            continue;
        }
        assert!(same_json(shown, &answer), "{}: {shown}", example.key());
        if let Some(body) = &example.body {
            assert_eq!(
                &operation["requestBody"]["content"]["application/json"]["example"],
                body
            );
        }
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap();
            let parameter = operation["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["name"] == name)
                .unwrap();
            assert_eq!(parameter["example"], value, "{}", example.key());
        }
    }
    app.cleanup().await;
}

/// Equal JSON, numbers within a few units in the last place: the document holds the answers
/// parsed into `serde_json::Value`, whose float parser may round the last digit differently.
fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= 4.0 * f64::EPSILON * x.abs().max(y.abs())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

#[tokio::test]
async fn the_check_notices_undeclared_properties_and_wrong_types() {
    let app = TestApp::spawn().await;
    let document = fetch_document(&app).await;
    let schema = |name: &str| serde_json::json!({ "$ref": format!("#/components/schemas/{name}") });
    let birth = serde_json::json!({"datetime": "2000-01-01T00:00:00Z", "location": {"latitude": 1.0, "longitude": 2.0}});
    let good = serde_json::json!({ "birth": birth, "options": {"aspects": {"orbs": {"max": 8.0, "trine": 6.0}}} });
    assert_eq!(
        mismatches(&document, &schema("RadixRequest"), &good, "body"),
        Vec::<String>::new()
    );
    for bad in [
        serde_json::json!({ "birth": birth, "bogus": 1 }),
        serde_json::json!({ "birth": {"datetime": 1, "location": {"latitude": 1.0, "longitude": 2.0}} }),
        serde_json::json!({ "birth": birth, "options": {"aspects": {"orbs": {"trine": "wide"}}} }),
    ] {
        assert_eq!(
            mismatches(&document, &schema("RadixRequest"), &bad, "body").len(),
            1,
            "{bad}"
        );
    }
    assert_eq!(
        mismatches(
            &document,
            &schema("RadixRequest"),
            &serde_json::json!({"options": {}}),
            "body"
        ),
        vec!["body.birth is required but missing".to_owned()]
    );
    // The Moon's entry of the stored nodes-apsides answer, with one property too many.
    let stored: Value = serde_json::from_str(EXAMPLE_ANSWERS).unwrap();
    let mut flattened = stored["POST /v1/nodes-apsides"]["nodes_apsides"]["moon"].clone();
    flattened["extra"] = 1.into();
    assert_eq!(
        mismatches(&document, &schema("BodyNodesApsides"), &flattened, "answer"),
        vec!["answer.extra is not declared".to_owned()]
    );
    app.cleanup().await;
}

/// The places where `value` uses a property name the schema does not declare, lacks one it
/// requires, or has a JSON type it does not allow. `$ref`, `allOf` (all parts together), `oneOf` (any one alternative),
/// `properties`, `additionalProperties` and `items` are followed.
fn mismatches(document: &Value, schema: &Value, value: &Value, at: &str) -> Vec<String> {
    let schema = resolve(document, schema);
    if let Some(alternatives) = schema["oneOf"].as_array() {
        let mut best: Option<Vec<String>> = None;
        for alternative in alternatives {
            let found = mismatches(document, alternative, value, at);
            if found.is_empty() {
                return found;
            }
            if best.as_ref().is_none_or(|b| found.len() < b.len()) {
                best = Some(found);
            }
        }
        return best.unwrap_or_default();
    }
    // An object schema with its own properties keeps its cross-field rules in `allOf`
    // (`openapi/request_rules.rs`): constraints on the declared fields, not more fields, so
    // the object is checked by its own properties.
    let rules_only = schema.get("properties").is_some();
    let parts: Vec<&Value> = match schema["allOf"].as_array() {
        Some(parts) if !rules_only => parts.iter().map(|part| resolve(document, part)).collect(),
        _ => vec![schema],
    };
    if !rules_only
        && parts
            .iter()
            .any(|part| part["allOf"].is_array() || part["oneOf"].is_array())
    {
        // A flattened part that is itself composite: check each part on its own, counting a
        // property as declared when any part declares it.
        return nested_parts(document, &parts, value, at);
    }
    let mut found = Vec::new();
    if let Some(kind) = parts.iter().find_map(|part| part.get("type"))
        && !type_allows(kind, value)
    {
        found.push(format!("{at}: {value} is not {kind}"));
        return found;
    }
    match value {
        Value::Object(map) => {
            for part in &parts {
                for key in part["required"].as_array().into_iter().flatten() {
                    if let Some(key) = key.as_str()
                        && !map.contains_key(key)
                    {
                        found.push(format!("{at}.{key} is required but missing"));
                    }
                }
            }
            for (key, item) in map {
                let at = format!("{at}.{key}");
                let declared = parts.iter().find_map(|part| part["properties"].get(key));
                let additional = parts.iter().find_map(|part| {
                    part.get("additionalProperties")
                        .filter(|extra| extra.is_object())
                });
                let free_form = parts.iter().all(|part| {
                    part.get("properties").is_none() && part.get("additionalProperties").is_none()
                });
                match declared.or(additional) {
                    Some(inner) => found.extend(mismatches(document, inner, item, &at)),
                    None if free_form => {}
                    None => found.push(format!("{at} is not declared")),
                }
            }
        }
        Value::Array(items) => {
            if let Some(inner) = parts.iter().find_map(|part| part.get("items")) {
                for (i, item) in items.iter().enumerate() {
                    found.extend(mismatches(document, inner, item, &format!("{at}[{i}]")));
                }
            }
        }
        _ => {}
    }
    found
}

/// An `allOf` with a composite part (a flattened untagged enum, or an answer with its
/// `provenance` beside a flattened one): each property of `value` must be declared by some
/// part, at any depth of `allOf`/`oneOf`, with a value that part accepts; and every property a
/// plain part requires must be there.
fn nested_parts(document: &Value, parts: &[&Value], value: &Value, at: &str) -> Vec<String> {
    let Value::Object(map) = value else {
        return vec![format!("{at}: {value} is not an object")];
    };
    let mut found = Vec::new();
    for part in parts {
        let part = resolve(document, part);
        // A part with its own properties keeps only cross-field rules in `allOf` (as in
        // `mismatches`): its `required` counts.
        if part.get("properties").is_none()
            && (part["allOf"].is_array() || part["oneOf"].is_array())
        {
            continue;
        }
        for key in part["required"].as_array().into_iter().flatten() {
            if let Some(key) = key.as_str()
                && !map.contains_key(key)
            {
                found.push(format!("{at}.{key} is required but missing"));
            }
        }
    }
    for (key, item) in map {
        let accepted = parts
            .iter()
            .any(|part| part_accepts(document, part, key, item, at));
        if !accepted {
            found.push(format!(
                "{at}.{key} is not declared (or has the wrong type)"
            ));
        }
    }
    found
}

/// Whether `part` (or, for a composite part, one of its parts) declares `key` with a schema
/// that accepts `item`.
fn part_accepts(document: &Value, part: &Value, key: &str, item: &Value, at: &str) -> bool {
    let part = resolve(document, part);
    // Rules in the `allOf` of a part with its own properties declare no field.
    for composite in ["allOf", "oneOf"]
        .into_iter()
        .filter(|_| part.get("properties").is_none())
    {
        if let Some(inner) = part[composite].as_array() {
            return inner
                .iter()
                .any(|inner| part_accepts(document, inner, key, item, at));
        }
    }
    match part["properties"].get(key).or_else(|| {
        part.get("additionalProperties")
            .filter(|extra| extra.is_object())
    }) {
        Some(schema) => mismatches(document, schema, item, &format!("{at}.{key}")).is_empty(),
        None => false,
    }
}

fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference
                .strip_prefix("#/components/schemas/")
                .unwrap_or_else(|| panic!("{reference}"));
            let target = &document["components"]["schemas"][name];
            assert!(target.is_object(), "{reference} is not in the document");
            resolve(document, target)
        }
        None => schema,
    }
}

fn type_allows(kind: &Value, value: &Value) -> bool {
    let allows = |name: &str| match value {
        Value::Null => name == "null",
        Value::Bool(_) => name == "boolean",
        Value::Number(n) => name == "number" || (name == "integer" && !n.is_f64()),
        Value::String(_) => name == "string",
        Value::Array(_) => name == "array",
        Value::Object(_) => name == "object",
    };
    match kind {
        Value::String(name) => allows(name),
        Value::Array(names) => names.iter().filter_map(Value::as_str).any(allows),
        _ => true,
    }
}
