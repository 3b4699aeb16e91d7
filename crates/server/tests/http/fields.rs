//! `?fields=`: a calculation's answer trimmed to the parts named, checked against the untrimmed
//! answer of the same request (the same bytes with the other keys removed, in the same order),
//! with its own ETag, and refused with the names accepted when a name is unknown.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, error_body};

fn radix_request() -> Value {
    json!({
        "birth": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                  "location": {"latitude": 52.52, "longitude": 13.405}},
        "options": {"house_system": "placidus", "include": ["planets", "houses", "aspects"]}
    })
}

/// POST /v1/radix with `query`.
async fn radix_response(app: &TestApp, query: &str) -> reqwest::Response {
    app.post(&format!("/v1/radix{query}"))
        .header("X-API-Key", DEMO_KEY)
        .json(&radix_request())
        .send()
        .await
        .unwrap()
}

/// POST /v1/radix with `query`: status, ETag and body text.
async fn radix(app: &TestApp, query: &str) -> (u16, Option<String>, String) {
    let response = radix_response(app, query).await;
    let status = response.status().as_u16();
    let etag = response
        .headers()
        .get("etag")
        .map(|value| value.to_str().unwrap().to_owned());
    (status, etag, response.text().await.unwrap())
}

/// `object` with only the keys `keep` (and in the object's own order).
fn only(object: &Value, keep: &[&str]) -> Value {
    let mut object = object.as_object().unwrap().clone();
    object.retain(|key, _| keep.contains(&key.as_str()));
    Value::Object(object)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trimmed_answer_is_the_full_answer_with_the_other_parts_removed() {
    let app = TestApp::spawn().await;
    let (status, full_tag, full_text) = radix(&app, "").await;
    assert_eq!(status, 200, "{full_text}");
    let full: Value = serde_json::from_str(&full_text).unwrap();
    // Parsed and written again, the answer is the same text: the order and numbers are kept.
    assert_eq!(full.to_string(), full_text);

    // Top-level parts, named out of order: the answer's order, and the provenance kept.
    let (status, tag, text) = radix(&app, "?fields=houses,planets").await;
    assert_eq!(status, 200, "{text}");
    let want = only(&full, &["planets", "houses", "provenance"]);
    assert_eq!(text, want.to_string());
    assert!(text.starts_with(r#"{"planets":"#), "{text}");
    assert!(tag.is_some() && tag != full_tag, "{tag:?} {full_tag:?}");

    // Dotted paths: into an object, into every entry of a map and of a list.
    let (status, _, text) = radix(&app, "?fields=angles.mc,planets.sign,aspects.list.orb").await;
    assert_eq!(status, 200, "{text}");
    let mut want = only(&full, &["planets", "angles", "aspects", "provenance"]);
    want["angles"] = only(&full["angles"], &["mc"]);
    for planet in want["planets"].as_object_mut().unwrap().values_mut() {
        *planet = only(planet, &["sign"]);
    }
    let list: Vec<Value> = full["aspects"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|aspect| only(aspect, &["orb"]))
        .collect();
    want["aspects"] = json!({"list": list});
    assert_eq!(text, want.to_string());

    // The trimmed answer's tag revalidates it.
    let response = app
        .post("/v1/radix?fields=houses,planets")
        .header("X-API-Key", DEMO_KEY)
        .header("If-None-Match", tag.clone().unwrap())
        .json(&radix_request())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 304);
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fields_works_on_a_get_endpoint_too() {
    let app = TestApp::spawn().await;
    let target = "/v1/planets?datetime=2024-03-20T03:06:21Z";
    let get = |target: String| app.get(&target).header("X-API-Key", DEMO_KEY).send();
    let full = get(target.to_owned()).await.unwrap();
    assert_eq!(full.status(), 200);
    let full: Value = serde_json::from_str(&full.text().await.unwrap()).unwrap();
    let top: Vec<&String> = full.as_object().unwrap().keys().collect();
    let first = top[0].clone();
    let trimmed = get(format!("{target}&fields={first}")).await.unwrap();
    assert_eq!(trimmed.status(), 200);
    let mut keep = vec![first.as_str()];
    if full.get("provenance").is_some() {
        keep.push("provenance");
    }
    assert_eq!(
        trimmed.text().await.unwrap(),
        only(&full, &keep).to_string()
    );
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_field_is_refused_with_the_names_accepted_there() {
    let app = TestApp::spawn().await;
    let (status, _, text) = radix(&app, "").await;
    assert_eq!(status, 200);
    let full: Value = serde_json::from_str(&text).unwrap();
    let top_level: Vec<Value> = full
        .as_object()
        .unwrap()
        .keys()
        .map(|key| Value::String(key.clone()))
        .collect();

    for (query, named, accepted) in [
        ("?fields=planet", "\"planet\"", None),
        (
            "?fields=planets,angles.midheaven",
            "\"angles.midheaven\"",
            Some("angles.mc"),
        ),
        ("?fields=planets,,houses", "empty name", None),
    ] {
        let response = radix_response(&app, query).await;
        let body = error_body(response, 400).await;
        let error = &body["error"];
        assert_eq!(error["field"], "fields", "{body}");
        assert_eq!(error["code"], "unknown_name", "{body}");
        let message = error["message"].as_str().unwrap();
        assert!(message.starts_with("fields"), "{message}");
        assert!(message.contains(named), "{message}");
        let listed = error["details"]["accepted"].as_array().unwrap();
        match accepted {
            // The answer's own top-level names (every one of them is accepted).
            None => {
                for name in &top_level {
                    assert!(listed.contains(name), "{name} in {body}");
                }
            }
            Some(name) => assert!(listed.contains(&json!(name)), "{body}"),
        }
    }

    // A picture has no parts to pick.
    let wheel = app
        .post("/v1/chart-wheel?fields=planets")
        .header("X-API-Key", DEMO_KEY)
        .json(&json!({"kind": "natal", "radix": radix_request(), "format": "svg"}))
        .send()
        .await
        .unwrap();
    let body = error_body(wheel, 400).await;
    assert_eq!(body["error"]["field"], "fields", "{body}");
    app.cleanup().await;
}

/// A trimmed answer large enough to compress comes compressed as the client asked (the trimming
/// runs on the blocking pool, then compresses), and decodes to the uncompressed trimmed answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_trimmed_answer_is_compressed_as_asked() {
    use std::io::Read;

    let app = TestApp::spawn().await;
    let (status, _, plain) = radix(&app, "?fields=aspects").await;
    assert_eq!(status, 200, "{plain}");
    assert!(
        plain.len() >= 4 * 1024,
        "{} bytes: too small to compress",
        plain.len()
    );
    let gzip = app
        .post("/v1/radix?fields=aspects")
        .header("X-API-Key", DEMO_KEY)
        .header("Accept-Encoding", "gzip")
        .json(&radix_request())
        .send()
        .await
        .unwrap();
    assert_eq!(gzip.status(), 200);
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let packed = gzip.bytes().await.unwrap();
    assert!(packed.len() < plain.len());
    let mut decoded = String::new();
    flate2::read::GzDecoder::new(&packed[..])
        .read_to_string(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);
    app.cleanup().await;
}
