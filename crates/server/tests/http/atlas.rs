//! The atlas over HTTP: `GET /v1/places`, `GET /v1/places/{place_id}`, `GET /v1/timezone`
//! (the searches and zones themselves are tested against their references in `crates/atlas`).

use serde_json::Value;

use crate::support::{DEMO_KEY, TestApp, assert_400, assert_error, error_body};

async fn get(app: &TestApp, path: &str) -> reqwest::Response {
    app.get(path)
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap()
}

async fn get_ok(app: &TestApp, path: &str) -> (reqwest::header::HeaderMap, Value) {
    let response = get(app, path).await;
    let status = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    assert_eq!(status, 200, "{text}");
    (headers, serde_json::from_str(&text).unwrap())
}

#[tokio::test]
async fn places_are_searched_and_looked_up() {
    let app = TestApp::spawn().await;
    let (headers, body) = get_ok(&app, "/v1/places?q=graz&country=AT&limit=2").await;
    assert!(headers.get("etag").is_some());
    let first = &body["results"][0];
    assert_eq!(first["place_id"], 2_778_067);
    assert_eq!(first["name"], "Graz");
    assert_eq!(first["country_code"], "AT");
    assert_eq!(first["admin1"], "Steiermark");
    assert_eq!(first["timezone"], "Europe/Vienna");
    assert_eq!(first["matched_name"], "Graz");
    assert!(body["results"].as_array().unwrap().len() <= 2);
    for q in ["M%C3%BCnchen", "Munchen", "Muenchen", "Munich"] {
        let (_, body) = get_ok(&app, &format!("/v1/places?q={q}&limit=1")).await;
        assert_eq!(body["results"][0]["place_id"], 2_867_714, "{q}");
    }
    let (_, graz) = get_ok(&app, "/v1/places/2778067").await;
    assert_eq!(graz["name"], "Graz");
    assert!(graz.get("matched_name").is_none());
    app.cleanup().await;
}

#[tokio::test]
async fn bad_place_requests_name_the_field() {
    let app = TestApp::spawn().await;
    let long = "a".repeat(101);
    for (path, field) in [
        ("/v1/places".to_owned(), None),
        ("/v1/places?q=".to_owned(), Some("q")),
        (format!("/v1/places?q={long}"), Some("q")),
        ("/v1/places?q=graz&limit=0".to_owned(), Some("limit")),
        ("/v1/places?q=graz&limit=51".to_owned(), Some("limit")),
        ("/v1/places?q=graz&country=XX".to_owned(), Some("country")),
        ("/v1/places?q=graz&town=1".to_owned(), None),
        ("/v1/places/graz".to_owned(), Some("place_id")),
    ] {
        let response = get(&app, &path).await;
        let body = error_body(response, 400).await;
        if let Some(field) = field {
            assert_eq!(body["error"]["field"], field, "{path}: {body}");
        }
    }
    let missing = get(&app, "/v1/places/1").await;
    let body = error_body(missing, 404).await;
    assert_eq!(body["error"]["code"], "not_found");
    assert_eq!(body["error"]["field"], "place_id");
    let (_, nothing) = get_ok(&app, "/v1/places?q=qqqxqqq").await;
    assert_eq!(nothing["results"], serde_json::json!([]));
    app.cleanup().await;
}

#[tokio::test]
async fn timezone_of_a_point_at_a_moment_and_now() {
    let app = TestApp::spawn().await;
    let (headers, graz) = get_ok(
        &app,
        "/v1/timezone?latitude=47.07&longitude=15.44&datetime=1890-06-01T12:00",
    )
    .await;
    assert!(headers.get("etag").is_some());
    assert_eq!(graz["timezone"], "Europe/Vienna");
    assert_eq!(graz["offset_source"], "local_mean_time");
    assert_eq!(graz["offset"], graz["lmt_offset"]);
    assert_eq!(graz["at_sea"], false);
    let (_, summer) = get_ok(
        &app,
        "/v1/timezone?latitude=47.07&longitude=15.44&datetime=2024-07-01T12:00:00Z",
    )
    .await;
    assert_eq!(summer["offset"], "+02:00");
    assert_eq!(summer["offset_seconds"], 7200);
    assert_eq!(summer["dst"], true);
    assert_eq!(summer["abbreviation"], "CEST");
    assert_eq!(summer["local"], "2024-07-01T14:00:00");
    let (headers, sea) = get_ok(&app, "/v1/timezone?latitude=-30&longitude=-20").await;
    assert_eq!(headers["cache-control"], "no-store");
    assert!(headers.get("etag").is_none());
    assert_eq!(sea["timezone"], "Etc/GMT+1");
    assert_eq!(sea["at_sea"], true);
    let gap = get(
        &app,
        "/v1/timezone?latitude=48.2&longitude=16.37&datetime=2021-03-28T02:30",
    )
    .await;
    assert_400(gap).await;
    for (path, field) in [
        ("/v1/timezone?latitude=91&longitude=0", "latitude"),
        ("/v1/timezone?latitude=0&longitude=-181", "longitude"),
        ("/v1/timezone?latitude=0", "longitude"),
        (
            "/v1/timezone?latitude=0&longitude=0&datetime=yesterday",
            "datetime",
        ),
    ] {
        let body = error_body(get(&app, path).await, 400).await;
        assert_eq!(body["error"]["field"], field, "{path}: {body}");
    }
    let unauthenticated = app.get("/v1/timezone?latitude=0&longitude=0").send().await;
    assert_error(unauthenticated.unwrap(), 401, "unauthorized").await;
    app.cleanup().await;
}

/// Places found by name, their zone found from their coordinates, the offset at a historical
/// moment: against `fixtures/atlas_offsets/cases.json` (Python zoneinfo on the same TZif bytes).
#[tokio::test]
async fn historical_offsets_of_places_found_by_name() {
    let app = TestApp::spawn().await;
    let fixture: Value = serde_json::from_str(include_str!(
        "../../../../fixtures/atlas_offsets/cases.json"
    ))
    .unwrap();
    for case in fixture["cases"].as_array().unwrap() {
        let label = format!("{} {}", case["query"], case["datetime"]);
        let query = case["query"].as_str().unwrap().replace(' ', "%20");
        let country = case["country"].as_str().unwrap();
        let (_, found) = get_ok(
            &app,
            &format!("/v1/places?q={query}&country={country}&limit=1"),
        )
        .await;
        let place = &found["results"][0];
        assert_eq!(place["place_id"], case["place_id"], "{label}");
        let (_, clock) = get_ok(
            &app,
            &format!(
                "/v1/timezone?latitude={}&longitude={}&datetime={}",
                place["latitude"],
                place["longitude"],
                case["datetime"].as_str().unwrap()
            ),
        )
        .await;
        for field in [
            "offset_seconds",
            "abbreviation",
            "dst",
            "offset_source",
            "utc",
        ] {
            assert_eq!(clock[field], case[field], "{label}: {field} in {clock}");
        }
        assert_eq!(clock["timezone"], case["timezone"], "{label}");
        assert_eq!(clock["at_sea"], false, "{label}");
    }
    app.cleanup().await;
}

/// Graz as the atlas has it (GeoNames 2778067).
const GRAZ_ID: u64 = 2_778_067;

/// A change to a birth object.
type BirthRewrite<'a> = dyn Fn(&mut serde_json::Map<String, Value>) + 'a;

/// Every birth object (under a `birth` or `natal` key, with a `location`) of `body`, rewritten
/// by `rewrite`; how many there were.
fn rewrite_births(body: &mut Value, rewrite: &BirthRewrite) -> usize {
    match body {
        Value::Object(map) => map
            .iter_mut()
            .map(|(key, value)| match value {
                Value::Object(birth)
                    if (key == "birth" || key == "natal") && birth.contains_key("location") =>
                {
                    rewrite(birth);
                    1
                }
                other => rewrite_births(other, rewrite),
            })
            .sum(),
        Value::Array(items) => items.iter_mut().map(|v| rewrite_births(v, rewrite)).sum(),
        _ => 0,
    }
}

/// The answer without what only echoes how the place and zone were given.
fn without_echo_of_the_source(answer: &mut Value) {
    match answer {
        Value::Object(map) => {
            for key in ["place", "timezone_from", "at_sea"] {
                map.remove(key);
            }
            if map.contains_key("datetime") {
                map.remove("timezone");
            }
            map.values_mut().for_each(without_echo_of_the_source);
        }
        Value::Array(items) => items.iter_mut().for_each(without_echo_of_the_source),
        _ => {}
    }
}

/// What an endpoint computed: a JSON answer without the echo of where the place came from, or a
/// picture (a chart wheel) byte for byte.
async fn answer_of(app: &TestApp, path: &str, body: &Value) -> Result<Value, Vec<u8>> {
    let response = crate::support::post_json(app, path, body).await;
    assert_eq!(response.status(), 200, "{path}");
    let json = response
        .headers()
        .get("content-type")
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    let bytes = response.bytes().await.unwrap().to_vec();
    if json {
        let mut answer: Value = serde_json::from_slice(&bytes).unwrap();
        without_echo_of_the_source(&mut answer);
        Ok(answer)
    } else {
        Err(bytes)
    }
}

/// Every endpoint that takes a birth, natal or person takes it by `place_id`, by `place` and
/// with `timezone: "auto"`, and computes what it computes for the same coordinates and zone given
/// explicitly.
#[tokio::test]
async fn every_birth_accepts_a_place_and_an_automatic_zone() {
    let app = TestApp::spawn().await;
    let (_, graz) = get_ok(&app, &format!("/v1/places/{GRAZ_ID}")).await;
    let explicit_location = serde_json::json!({
        "latitude": graz["latitude"], "longitude": graz["longitude"], "altitude": graz["elevation_m"],
    });
    let mut endpoints = 0;
    for example in orrery_server::openapi::playground_examples() {
        let Some(body) = example.body.clone() else {
            continue;
        };
        let explicit = |map: &mut serde_json::Map<String, Value>| {
            map.insert("location".into(), explicit_location.clone());
            map.insert("timezone".into(), "Europe/Vienna".into());
        };
        let mut reference = body.clone();
        if rewrite_births(&mut reference, &explicit) == 0 {
            continue;
        }
        endpoints += 1;
        let variants: [&BirthRewrite<'_>; 3] = [
            &|map| {
                map.remove("location");
                map.remove("timezone");
                map.insert("place_id".into(), GRAZ_ID.into());
            },
            &|map| {
                map.remove("location");
                map.remove("timezone");
                map.insert("place".into(), "Graz".into());
            },
            &|map| {
                explicit(map);
                map.insert("timezone".into(), "auto".into());
            },
        ];
        let expected = answer_of(&app, &example.path, &reference).await;
        for (i, variant) in variants.iter().enumerate() {
            let mut request = body.clone();
            rewrite_births(&mut request, *variant);
            let answer = answer_of(&app, &example.path, &request).await;
            assert_eq!(answer, expected, "{} variant {i}", example.path);
        }
    }
    assert!(endpoints >= 10, "{endpoints}");
    app.cleanup().await;
}

/// A chart requested by place name and local time only (the README's example), with the echo
/// that shows what was computed; an ambiguous name is a 400 listing the candidates.
#[tokio::test]
async fn a_chart_by_place_name_and_local_time() {
    let app = TestApp::spawn().await;
    let body = serde_json::json!({"birth": {"datetime": "1890-06-01T12:00", "place": "Graz"}});
    let chart = crate::support::post_ok(&app, "/v1/radix", &body).await;
    let resolved = &chart["input"]["resolved"];
    assert_eq!(resolved["place"]["place_id"], GRAZ_ID);
    assert_eq!(resolved["place"]["matched_name"], "Graz");
    assert_eq!(resolved["timezone"], "Europe/Vienna");
    assert_eq!(resolved["timezone_from"], "place");
    assert_eq!(resolved["offset_source"], "local_mean_time");
    assert_eq!(resolved["utc"], "1890-06-01T10:58:12Z");
    assert_eq!(chart["input"]["location"]["longitude"], 15.45);
    let ambiguous =
        serde_json::json!({"birth": {"datetime": "1990-06-01T12:00", "place": "Springfield"}});
    let response = crate::support::post_json(&app, "/v1/radix", &ambiguous).await;
    let body = error_body(response, 400).await;
    assert_eq!(body["error"]["code"], "ambiguous_place");
    assert_eq!(body["error"]["field"], "birth.place");
    assert!(
        body["error"]["details"]["candidates"]
            .as_array()
            .unwrap()
            .len()
            >= 2
    );
    for (birth, field) in [
        (
            serde_json::json!({"datetime": "1990-06-01T12:00", "place_id": 1}),
            "birth.place_id",
        ),
        (
            serde_json::json!({"datetime": "1990-06-01T12:00", "place": "Qqqxqqq"}),
            "birth.place",
        ),
        (
            serde_json::json!({"datetime": "1990-06-01T12:00", "place": ""}),
            "birth.place",
        ),
        (
            serde_json::json!({"datetime": "1990-06-01T12:00", "timezone": "auto",
            "location": {"latitude": 95, "longitude": 0}}),
            "birth.location.latitude",
        ),
    ] {
        let response =
            crate::support::post_json(&app, "/v1/radix", &serde_json::json!({"birth": birth}))
                .await;
        let body = error_body(response, 400).await;
        assert_eq!(body["error"]["field"], field, "{body}");
    }
    app.cleanup().await;
}

/// Rewrites every place object that is not a birth's (`location` of rise/set, returns,
/// heliacal, acg-near and local eclipses, a topocentric `observer`); returns how many.
fn rewrite_locations(body: &mut Value, place: &Value) -> usize {
    match body {
        Value::Object(map) => {
            let in_birth = map.contains_key("datetime");
            map.iter_mut()
                .map(|(key, value)| match value {
                    Value::Object(location)
                        if !in_birth
                            && (key == "location" || key == "observer")
                            && location.contains_key("latitude") =>
                    {
                        *value = place.clone();
                        1
                    }
                    other => rewrite_locations(other, place),
                })
                .sum()
        }
        Value::Array(items) => items.iter_mut().map(|v| rewrite_locations(v, place)).sum(),
        _ => 0,
    }
}

/// Every place that is not a birth's takes a place of the atlas, by id or by name, and computes
/// what it computes for the place's coordinates and elevation given explicitly.
#[tokio::test]
async fn every_location_accepts_a_place() {
    let app = TestApp::spawn().await;
    let (_, graz) = get_ok(&app, &format!("/v1/places/{GRAZ_ID}")).await;
    let explicit = serde_json::json!({
        "latitude": graz["latitude"], "longitude": graz["longitude"], "altitude": graz["elevation_m"],
    });
    let mut endpoints = 0;
    for example in orrery_server::openapi::playground_examples() {
        let Some(body) = example.body.clone() else {
            continue;
        };
        let mut reference = body.clone();
        if rewrite_locations(&mut reference, &explicit) == 0 {
            continue;
        }
        endpoints += 1;
        let expected = answer_of(&app, &example.path, &reference).await;
        for place in [
            serde_json::json!({"place_id": GRAZ_ID}),
            serde_json::json!({"place": "Graz"}),
        ] {
            let mut request = body.clone();
            rewrite_locations(&mut request, &place);
            let answer = answer_of(&app, &example.path, &request).await;
            assert_eq!(answer, expected, "{} with {place}", example.path);
        }
    }
    // Rise/set, heliacal and acg-near among the examples; the others share the same type.
    assert!(endpoints >= 3, "{endpoints}");

    // A place and coordinates together, half a pair, and a birth's location with a place: 400s
    // naming the field.
    for (body, field) in [
        (
            serde_json::json!({"datetime": "2024-03-20T00:00:00Z",
                               "location": {"place_id": GRAZ_ID, "latitude": 1, "longitude": 2}}),
            "location.place_id",
        ),
        (
            serde_json::json!({"datetime": "2024-03-20T00:00:00Z", "location": {"latitude": 1}}),
            "location.longitude",
        ),
    ] {
        let response = crate::support::post_json(&app, "/v1/rise-transit-set", &body).await;
        let error = crate::support::error_body(response, 400).await;
        assert_eq!(error["error"]["field"], field, "{error}");
    }
    let body = serde_json::json!({"birth": {"datetime": "1990-05-15T14:30:00",
                                            "location": {"place_id": GRAZ_ID}}});
    let response = crate::support::post_json(&app, "/v1/radix", &body).await;
    let error = crate::support::error_body(response, 400).await;
    assert_eq!(
        error["error"]["field"], "birth.location.place_id",
        "{error}"
    );
    app.cleanup().await;
}
