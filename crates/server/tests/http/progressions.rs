//! `POST /v1/progressions` over HTTP: snapshots, windows in each aspect frame, phases with the
//! progressed angles, the transit cap, and the 400s.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, assert_error};

async fn post(app: &TestApp, body: &Value) -> reqwest::Response {
    app.post("/v1/progressions")
        .header("X-API-Key", DEMO_KEY)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn ok(app: &TestApp, body: &Value) -> Value {
    let response = post(app, body).await;
    assert_eq!(response.status(), 200, "{body}");
    response.json().await.unwrap()
}

fn berlin() -> Value {
    json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

fn arc(a: f64, b: f64) -> f64 {
    (a - b + 180.0).rem_euclid(360.0) - 180.0
}

/// The keys appear in this order in the object after `marker` in the raw JSON (the parsed
/// `Value` sorts its keys).
fn assert_keys_in_order(text: &str, marker: &str, keys: &[&str]) {
    let object = &text[text
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in {text}"))..];
    let places: Vec<usize> = keys
        .iter()
        .map(|k| {
            object
                .find(&format!("\"{k}\":"))
                .unwrap_or_else(|| panic!("no {k} after {marker}"))
        })
        .collect();
    assert!(
        places.windows(2).all(|w| w[0] < w[1]),
        "{keys:?} out of order: {object}"
    );
}

fn is_utc_second(text: &Value) -> bool {
    let text = text.as_str().unwrap_or("");
    text.len() == 20 && text.ends_with('Z') && text.as_bytes()[10] == b'T'
}

#[tokio::test]
async fn a_secondary_snapshot_has_progressed_positions_angles_and_aspects() {
    let app = TestApp::spawn().await;
    let response = post(&app, &json!({"natal": berlin(), "age_years": 33.5})).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("etag"));
    assert!(
        response.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    let text = response.text().await.unwrap();
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(body["mode"], "snapshot");
    assert_eq!(body["method"], "secondary");
    assert_eq!(body["ephemeris"], "swiss");
    assert_eq!(body["settings"]["age_years"], 33.5);
    assert!(
        is_utc_second(&body["settings"]["at"]),
        "{}",
        body["settings"]
    );
    let birth_jd = num(&body["natal"]["birth_jd"]);
    assert!((num(&body["settings"]["progressed_jd"]) - (birth_jd + 33.5)).abs() < 1e-9);
    assert!(
        (num(&body["settings"]["at_jd"]) - (birth_jd + 33.5 * 365.242_19)).abs() < 1e-6,
        "{}",
        body["settings"]
    );
    assert_eq!(body["natal"]["source"], "natal");
    assert_eq!(body["natal"]["points"].as_object().unwrap().len(), 13);

    let positions = body["positions"].as_object().unwrap();
    assert_keys_in_order(
        &text,
        "\"positions\"",
        &[
            "sun",
            "moon",
            "mercury",
            "venus",
            "mars",
            "jupiter",
            "saturn",
            "uranus",
            "neptune",
            "pluto",
            "chiron",
            "ascendant",
            "mc",
        ],
    );
    assert_eq!(positions.len(), 13);
    // The progressed Sun moves about a degree a year.
    let sun = &positions["sun"];
    let moved = arc(num(&sun["longitude"]), num(&body["natal"]["points"]["sun"]));
    assert!((31.0..34.0).contains(&moved), "{moved}");
    assert!((num(&sun["motion_per_year"]) - num(&sun["longitude_speed"])).abs() < 1e-12);
    // The progressed MC has moved by about the Sun's arc in right ascension.
    let mc_moved = arc(
        num(&positions["mc"]["longitude"]),
        num(&body["natal"]["points"]["mc"]),
    );
    assert!((28.0..38.0).contains(&mc_moved), "{mc_moved}");
    for aspect in body["aspects"].as_array().unwrap() {
        assert!(num(&aspect["orb"]) <= 1.0, "{aspect}");
        assert!(aspect["exact_in_years"].is_f64() || aspect["exact_in_years"].is_null());
    }

    // `at` is the same snapshot as the age of that date.
    let at = body["settings"]["at"].clone();
    let by_date = ok(&app, &json!({"natal": berlin(), "at": at})).await;
    assert!((num(&by_date["settings"]["age_years"]) - 33.5).abs() < 1e-7);
    app.cleanup().await;
}

#[tokio::test]
async fn a_snapshot_without_a_time_is_now_and_not_cacheable() {
    let app = TestApp::spawn().await;
    let response = post(&app, &json!({"natal": berlin()})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert!(!response.headers().contains_key("etag"));
    let body: Value = response.json().await.unwrap();
    assert!(num(&body["settings"]["age_years"]) > 34.0);
    app.cleanup().await;
}

#[tokio::test]
async fn a_solar_arc_snapshot_directs_every_natal_point() {
    let app = TestApp::spawn().await;
    let body = ok(
        &app,
        &json!({"natal": berlin(), "method": "solar_arc", "age_years": 40}),
    )
    .await;
    assert_eq!(body["method"], "solar_arc");
    let solar_arc = num(&body["solar_arc"]);
    assert!((38.0..42.0).contains(&solar_arc), "{solar_arc}");
    let natal = body["natal"]["points"].as_object().unwrap();
    let positions = body["positions"].as_object().unwrap();
    assert_eq!(positions.len(), natal.len());
    for (name, lon) in natal {
        let directed = num(&positions[name]["longitude"]);
        assert!(
            arc(directed, num(lon) + solar_arc).abs() < 1e-9,
            "{name}: {directed}"
        );
    }

    // natal_positions: every given point is directed, named or not.
    let body = ok(
        &app,
        &json!({"natal_positions": {"sun": 54.0, "mc": 300.0, "lot_of_fortune": 12.5},
                "birth_jd": num(&body["natal"]["birth_jd"]),
                "method": "solar_arc", "age_years": 40, "moving_points": ["sun", "mc"]}),
    )
    .await;
    let positions = body["positions"].as_object().unwrap();
    assert_eq!(positions.len(), 3, "{positions:?}");
    let lot = num(&positions["lot_of_fortune"]["longitude"]);
    assert!((arc(lot, 12.5) - solar_arc).abs() < 1e-9);
    app.cleanup().await;
}

#[tokio::test]
async fn a_window_lists_exact_progressed_to_natal_events() {
    let app = TestApp::spawn().await;
    let body = ok(
        &app,
        &json!({"natal": berlin(), "age_start": 0, "age_end": 90}),
    )
    .await;
    assert_eq!(body["mode"], "window");
    let settings = &body["settings"];
    assert_eq!(settings["age_start"], 0.0);
    assert_eq!(settings["age_end"], 90.0);
    assert!(settings["step_years"].is_null(), "{settings}");
    assert_eq!(settings["aspect_frame"], "progressed_natal");
    let events = body["events"].as_array().unwrap();
    assert_eq!(num(&body["event_count"]) as usize, events.len());
    assert!(events.len() > 300, "{}", events.len());
    assert!(body.get("truncated").is_none());
    let mut last = -1.0;
    for e in events {
        for field in [
            "moving_point",
            "natal_point",
            "aspect",
            "angle",
            "exact_at_years",
            "exact_at",
            "moving_longitude",
            "retrograde",
        ] {
            assert!(e.get(field).is_some(), "{field} in {e}");
        }
        assert!(is_utc_second(&e["exact_at"]), "{e}");
        let age = num(&e["exact_at_years"]);
        assert!((0.0..=90.0).contains(&age) && age >= last);
        last = age;
        let off = arc(
            num(&e["moving_longitude"]) - num(&e["natal_longitude"]),
            num(&e["arc"]),
        );
        assert!(off.abs() < 1e-4, "{e}");
    }

    // A step cap adds samples, not events.
    let capped = ok(
        &app,
        &json!({"natal": berlin(), "age_start": 0, "age_end": 90, "step_years": 0.1}),
    )
    .await;
    assert_eq!(capped["settings"]["step_years"], 0.1);
    let capped_events = capped["events"].as_array().unwrap();
    assert_eq!(capped_events.len(), events.len());
    for (a, b) in events.iter().zip(capped_events) {
        assert_eq!(
            (&a["moving_point"], &a["natal_point"], &a["aspect"]),
            (&b["moving_point"], &b["natal_point"], &b["aspect"])
        );
        // Both within half a second of progressed time of the exact instant.
        let seconds = (num(&a["exact_at_years"]) - num(&b["exact_at_years"])).abs() * 86_400.0;
        assert!(seconds <= 1.0, "{a} vs {b}");
    }
    app.cleanup().await;
}

#[tokio::test]
async fn each_aspect_frame_and_method_answers() {
    let app = TestApp::spawn().await;
    let body = ok(
        &app,
        &json!({"natal": berlin(), "age_start": 0, "age_end": 60,
                "aspect_frame": "progressed_progressed"}),
    )
    .await;
    let moving: Vec<&str> = body["settings"]["moving_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let events = body["events"].as_array().unwrap();
    assert!(!events.is_empty());
    for e in events {
        assert!(moving.contains(&e["natal_point"].as_str().unwrap()), "{e}");
        assert_ne!(e["moving_point"], e["natal_point"]);
    }

    let body = ok(
        &app,
        &json!({"natal": berlin(), "age_start": 30, "age_end": 30.25,
                "aspect_frame": "transit_progressed", "moving_points": ["sun", "moon", "mars"]}),
    )
    .await;
    assert_eq!(body["truncated"], false);
    assert_eq!(body["event_limit"], 8000);
    assert_eq!(
        body["settings"]["transit_points"],
        json!(["sun", "moon", "mars"])
    );
    let events = body["events"].as_array().unwrap();
    assert!(events.len() > 30, "{}", events.len());
    // The transiting Moon is fast: it makes most of the events.
    assert!(events.iter().any(|e| e["moving_point"] == "moon"));

    for method in ["tertiary", "minor", "solar_arc"] {
        let body = ok(
            &app,
            &json!({"natal": berlin(), "method": method, "age_start": 20, "age_end": 25,
                    "moving_points": ["sun", "moon", "venus"]}),
        )
        .await;
        assert_eq!(body["method"], method);
        assert!(
            !body["events"].as_array().unwrap().is_empty(),
            "{method}: {body}"
        );
    }

    // Solar arc with the directed angles as moving points.
    let body = ok(
        &app,
        &json!({"natal": berlin(), "method": "solar_arc", "age_start": 0, "age_end": 90,
                "moving_points": ["ascendant", "mc"]}),
    )
    .await;
    let events = body["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["moving_point"] == "mc"));
    app.cleanup().await;
}

#[tokio::test]
async fn the_transit_cap_is_reported_not_silent() {
    let app = TestApp::spawn().await;
    let body = ok(
        &app,
        &json!({"natal": berlin(), "age_start": 0, "age_end": 90,
                "aspect_frame": "transit_progressed"}),
    )
    .await;
    assert_eq!(body["truncated"], true);
    assert_eq!(body["event_limit"], 8000);
    assert_eq!(body["event_count"], 8000);
    let events = body["events"].as_array().unwrap();
    assert_eq!(events.len(), 8000);
    let until = num(&body["complete_until_years"]);
    assert!((until - num(&events[7999]["exact_at_years"])).abs() < 1e-12);
    assert!(until < 90.0);
    assert!(is_utc_second(&body["complete_until"]));
    let note = body["notes"][0].as_str().unwrap();
    assert!(note.contains("8000"), "{note}");
    app.cleanup().await;
}

#[tokio::test]
async fn phases_give_ingresses_stations_and_axis_ingresses() {
    let app = TestApp::spawn().await;
    let body = ok(
        &app,
        &json!({"natal": berlin(), "age_start": 0, "age_end": 90,
                "phases": ["ingress", "station", "axis"]}),
    )
    .await;
    assert!(body.get("events").is_none());
    let ingresses = body["ingresses"].as_array().unwrap();
    let stations = body["stations"].as_array().unwrap();
    let axis = body["axis_ingresses"].as_array().unwrap();
    assert!(!ingresses.is_empty() && !stations.is_empty() && !axis.is_empty());
    assert_eq!(
        num(&body["event_count"]) as usize,
        ingresses.len() + stations.len() + axis.len()
    );
    for i in ingresses.iter().chain(axis) {
        let lon = num(&i["longitude"]);
        let in_sign = lon.rem_euclid(30.0);
        assert!(!(1e-4..30.0 - 1e-4).contains(&in_sign), "{i}");
        assert_ne!(i["sign"], i["from_sign"]);
        assert!(is_utc_second(&i["exact_at"]));
    }
    for s in stations {
        assert!(
            s["station"] == "retrograde" || s["station"] == "direct",
            "{s}"
        );
    }
    assert!(axis.iter().any(|i| i["point"] == "mc"));
    assert!(axis.iter().any(|i| i["point"] == "ascendant"));

    // Only what was asked for.
    let body = ok(
        &app,
        &json!({"natal": berlin(), "method": "solar_arc", "age_start": 0, "age_end": 30,
                "phases": ["ingress"]}),
    )
    .await;
    assert!(body["ingresses"].is_array());
    assert!(body.get("stations").is_none() && body.get("axis_ingresses").is_none());
    app.cleanup().await;
}

#[tokio::test]
async fn natal_positions_with_birth_jd_work_for_snapshots_and_windows() {
    let app = TestApp::spawn().await;
    let natal = json!({"sun": 54.2, "moon": 190.7, "ascendant": 165.0, "mc": 75.3});
    let response = post(
        &app,
        &json!({"natal_positions": natal, "birth_jd": 2_448_026.937_5,
                "age_start": 0, "age_end": 40}),
    )
    .await;
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(body["natal"]["source"], "natal_positions");
    assert_eq!(body["natal"]["birth_utc"], "1990-05-15T10:30:00Z");
    assert_eq!(body["natal"]["points"].as_object().unwrap().len(), 4);
    assert_keys_in_order(&text, "\"points\"", &["sun", "moon", "ascendant", "mc"]);
    let events = body["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["natal_point"] == "mc"));
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let body = json!({"natal": berlin(), "moving_points": ["sun", "pluto", "nibiru"]});
    let response = post(&app, &body).await;
    let error = crate::support::error_body(response, 400).await;
    assert_eq!(error["error"]["code"], "unknown_name");
    assert_eq!(error["error"]["field"], "moving_points[2]");

    // Valid, but not searchable: the progressed ascendant's sign changes inside the polar
    // circles, where it jumps by 180° as the progressed MC crosses the horizon.
    let polar = json!({"natal": {"datetime": "1990-05-15T12:00:00Z",
                                 "location": {"latitude": 69.65, "longitude": 18.96}},
                       "age_start": 0, "age_end": 30, "phases": ["axis"]});
    let error = crate::support::error_body(post(&app, &polar).await, 400).await;
    assert_eq!(error["error"]["field"], "natal.location.latitude");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("polar circles") && message.contains("jumps by 180°"),
        "{message}"
    );
    // A polar snapshot gives both progressed angles.
    let body = ok(&app, &json!({"natal": polar["natal"], "age_years": 10})).await;
    assert!(body["positions"]["mc"]["longitude"].is_number(), "{body}");
    assert!(
        body["positions"]["ascendant"]["longitude"].is_number(),
        "{body}"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn a_birth_before_chirons_data_progresses_without_chiron_and_says_so() {
    let app = TestApp::spawn().await;
    let natal = json!({"datetime": "1156-01-27T20:00:00", "timezone": "Europe/Vienna",
                       "location": {"latitude": 47.8, "longitude": 13.04}});
    // Chiron as a moving point has no data: a 400 that names it.
    let message = assert_error(
        post(&app, &json!({"natal": natal, "age_years": 20})).await,
        400,
        "outside_ephemeris_range",
    )
    .await;
    assert!(message.contains("chiron"), "{message}");
    // Without it, the chart progresses, and the natal points say why Chiron is missing.
    let moving = json!([
        "sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn"
    ]);
    let body = ok(
        &app,
        &json!({"natal": natal, "age_start": 0, "age_end": 35, "moving_points": moving}),
    )
    .await;
    assert!(body["natal"]["points"].get("chiron").is_none());
    // Before 1200 the library's analytical model answers, and the response says so.
    assert_eq!(body["ephemeris"], "moshier");
    assert!(body["notes"][0].as_str().unwrap().contains("chiron"));
    assert!(!body["events"].as_array().unwrap().is_empty());
    app.cleanup().await;
}
