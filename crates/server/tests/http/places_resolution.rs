//! A birth's `place` over HTTP: a sample of the real queries of `fixtures/places/places.json`
//! (outcomes derived from GeoNames by an independent implementation of docs/ATLAS.md's rule)
//! resolved or refused as the rule says, the chosen place echoed with its division and country,
//! and the new refusals as error snapshots.

use serde_json::{Value, json};

use crate::support::{TestApp, error_body, post_json};

/// Every `SAMPLE_EVERY`-th query of the fixture goes through the API (the atlas test runs all).
const SAMPLE_EVERY: usize = 5;

fn fixture() -> Vec<Value> {
    let text = include_str!("../../../../fixtures/places/places.json");
    let fixture: Value = serde_json::from_str(text).expect("fixture");
    fixture["queries"].as_array().expect("queries").clone()
}

fn birth_of(query: &Value) -> Value {
    let mut birth = json!({"datetime": "1990-06-01T12:00", "place": query["query"]});
    for field in ["country", "region"] {
        if let Some(value) = query.get(field) {
            birth[field] = value.clone();
        }
    }
    birth
}

#[tokio::test]
async fn a_sample_of_real_queries_resolves_or_asks_as_the_rule_says() {
    let app = TestApp::spawn().await;
    let queries = fixture();
    let mut checked = 0;
    for query in queries.iter().step_by(SAMPLE_EVERY) {
        let body = json!({"birth": birth_of(query)});
        let response = post_json(&app, "/v1/radix", &body).await;
        let expected = query["place_id"].as_u64().expect("place_id");
        match query["outcome"].as_str().expect("outcome") {
            "resolved" => {
                assert_eq!(response.status().as_u16(), 200, "{query}");
                let chart: Value = response.json().await.unwrap();
                let place = &chart["input"]["resolved"]["place"];
                assert_eq!(place["place_id"], expected, "{query}");
                assert_eq!(place["match_quality"], "exact", "{query}");
                let label = place["label"].as_str().expect("label");
                assert!(
                    label.starts_with(place["name"].as_str().unwrap()),
                    "{label}"
                );
                assert!(place["country"].is_string() || place["country_code"].is_string());
            }
            outcome => {
                let code = if outcome == "ambiguous" {
                    "ambiguous_place"
                } else {
                    "unknown_place"
                };
                let error = error_body(response, 400).await;
                assert_eq!(error["error"]["code"], code, "{query}: {error}");
                assert_eq!(error["error"]["field"], "birth.place", "{error}");
                let candidates = error["error"]["details"]["candidates"]
                    .as_array()
                    .expect("candidates");
                if query["listed"] == true {
                    assert!(
                        candidates.iter().any(|c| c["place_id"] == expected),
                        "{query}: {error}"
                    );
                }
                for candidate in candidates {
                    for field in ["label", "timezone", "latitude", "longitude", "population"] {
                        assert!(!candidate[field].is_null(), "{field}: {candidate}");
                    }
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 30, "{checked}");
    app.cleanup().await;
}

#[tokio::test]
async fn country_and_region_beside_place() {
    let app = TestApp::spawn().await;
    let birth = json!({"datetime": "1990-06-01T12:00", "place": "Portland",
        "country": "us", "region": "Maine"});
    let chart: Value = post_json(&app, "/v1/radix", &json!({"birth": birth}))
        .await
        .json()
        .await
        .unwrap();
    let place = &chart["input"]["resolved"]["place"];
    assert_eq!(place["admin1_code"], "ME", "{chart}");
    assert_eq!(place["label"], "Portland, Maine, United States", "{place}");
    assert_eq!(place["country"], "United States");
    for (birth, field) in [
        (
            json!({"datetime": "1990-06-01T12:00", "place": "Portland", "country": "XX"}),
            "birth.country",
        ),
        (
            json!({"datetime": "1990-06-01T12:00", "country": "US",
                "location": {"latitude": 1, "longitude": 1}, "timezone": "UTC"}),
            "birth.country",
        ),
        (
            json!({"datetime": "1990-06-01T12:00", "place": "Portland", "region": " - "}),
            "birth.region",
        ),
    ] {
        let response = post_json(&app, "/v1/radix", &json!({"birth": birth})).await;
        let body = error_body(response, 400).await;
        assert_eq!(body["error"]["field"], field, "{body}");
    }
    app.cleanup().await;
}

#[tokio::test]
async fn place_refusals_snapshot() {
    let app = TestApp::spawn().await;
    let mut cases = Vec::new();
    for birth in [
        json!({"datetime": "1990-06-01T12:00", "place": "Grazz"}),
        json!({"datetime": "1990-06-01T12:00", "place": "Qqqxqqq"}),
        json!({"datetime": "1990-06-01T12:00", "place": "Paris, Qqqland"}),
        json!({"datetime": "1990-06-01T12:00", "place": "Portland", "region": "Qqq"}),
        json!({"datetime": "1990-06-01T12:00", "place": "a, b, c, d"}),
        json!({"datetime": "1990-06-01T12:00", "place": "Sidney"}),
        json!({"datetime": "1990-06-01T12:00", "place": "Melbourn"}),
        json!({"datetime": "1990-06-01T12:00", "place": "Springfield", "country": "US"}),
    ] {
        let request = json!({"birth": birth});
        let response = post_json(&app, "/v1/radix", &request).await;
        let body = error_body(response, 400).await;
        cases.push(json!({"request": request, "error": body["error"]}));
    }
    // Keys sorted, as the snapshot was written before serde_json kept their order.
    insta::with_settings!({sort_maps => true}, {
        insta::assert_json_snapshot!("place_refusals", cases,
            {"[].error.request_id" => "[request_id]"});
    });
    app.cleanup().await;
}
