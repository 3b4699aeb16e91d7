//! `POST /v1/ephemeris` over HTTP: shape, defaults, validation, limits, caching, body errors.
//! The values themselves are checked against pyswisseph in
//! `crates/api/tests/ephemeris_golden.rs`.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, SIGNS, TestApp, assert_400, assert_error};

const PATH: &str = "/v1/ephemeris";

async fn post(app: &TestApp, body: &Value) -> reqwest::Response {
    app.post(PATH)
        .header("X-API-Key", DEMO_KEY)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn ok_json(app: &TestApp, body: &Value) -> Value {
    let response = post(app, body).await;
    assert_eq!(response.status(), 200, "{body}");
    assert_eq!(response.headers()["content-type"], "application/json");
    response.json().await.unwrap()
}

/// The error message of a 400 `invalid_input`.
async fn invalid(app: &TestApp, body: &Value) -> String {
    assert_400(post(app, body).await).await
}

fn names(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_str().expect("a string"))
        .collect()
}

#[tokio::test]
async fn a_series_has_settings_source_and_samples() {
    let app = TestApp::spawn().await;
    let body = ok_json(
        &app,
        &json!({
            "start": "2024-03-20T00:00:00Z", "end": "2024-03-21T00:00:00Z", "step_hours": 6,
            "points": ["sun", "moon", "mean_lilith"],
            "fields": ["longitude", "latitude", "distance", "speed", "latitude_speed",
                       "distance_speed", "retrograde", "sign", "sign_degree", "declination"]
        }),
    )
    .await;
    let settings = &body["settings"];
    assert_eq!(settings["start"], "2024-03-20T00:00:00Z");
    assert_eq!(settings["end"], "2024-03-21T00:00:00Z");
    assert_eq!(settings["step_days"], 0.25);
    assert_eq!(settings["sample_count"], 5);
    assert_eq!(names(&settings["points"]), ["sun", "moon", "mean_apogee"]);
    assert_eq!(settings["zodiac"], "tropical");
    assert_eq!(settings["center"], "geocentric");
    assert!(settings.get("ayanamsa").is_none() && settings.get("observer").is_none());
    assert_eq!(body["ephemeris"], "swiss");

    let samples = body["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 5);
    assert_eq!(samples[0]["datetime"], "2024-03-20T00:00:00Z");
    assert_eq!(samples[1]["datetime"], "2024-03-20T06:00:00Z");
    assert_eq!(samples[4]["datetime"], "2024-03-21T00:00:00Z");
    assert_eq!(samples[0]["julian_day_ut"], 2_460_389.5);
    for sample in samples {
        let points = sample["points"].as_object().unwrap();
        assert_eq!(points.len(), 3);
        for (name, p) in points {
            assert_eq!(p.as_object().unwrap().len(), 10, "{name}: {p}");
            let lon = p["longitude"].as_f64().unwrap();
            assert!((0.0..360.0).contains(&lon));
            assert!(p["retrograde"].is_boolean());
            let sign = p["sign"].as_str().unwrap();
            let degree = p["sign_degree"].as_f64().unwrap();
            let index = SIGNS.iter().position(|s| *s == sign).unwrap();
            #[allow(clippy::cast_precision_loss, reason = "index < 12")]
            let rebuilt = index as f64 * 30.0 + degree;
            assert!((rebuilt - lon).abs() < 1e-9, "{name}: {p}");
            assert!(
                p["declination"].as_f64().unwrap().abs() <= 30.0,
                "{name}: {p}"
            );
        }
    }
    // The Sun at the March equinox: longitude near 0, declination near 0.
    let sun = &samples[0]["points"]["sun"];
    assert!(sun["longitude"].as_f64().unwrap() > 359.0);
    assert!(sun["declination"].as_f64().unwrap().abs() < 0.2);
    assert_eq!(sun["sign"], "pisces");
    app.cleanup().await;
}

#[tokio::test]
async fn defaults_are_the_standard_points_longitude_and_retrograde_daily() {
    let app = TestApp::spawn().await;
    let body = ok_json(
        &app,
        &json!({"start": "2000-01-01T00:00:00Z", "end": "2000-01-03T12:00:00Z"}),
    )
    .await;
    let settings = &body["settings"];
    let expected = [
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
        "mean_node",
        "chiron",
    ];
    assert_eq!(names(&settings["points"]), expected);
    assert_eq!(names(&settings["fields"]), ["longitude", "retrograde"]);
    assert_eq!(settings["step_days"], 1.0);
    assert_eq!(settings["sample_count"], 3);
    let samples = body["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 3);
    assert_eq!(samples[2]["datetime"], "2000-01-03T00:00:00Z");
    for sample in samples {
        let points = sample["points"].as_object().unwrap();
        assert_eq!(points.len(), expected.len());
        for p in points.values() {
            let keys: Vec<&String> = p.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["longitude", "retrograde"]);
        }
    }
    // The mean node always moves backwards.
    assert_eq!(samples[0]["points"]["mean_node"]["retrograde"], true);
    app.cleanup().await;
}

#[tokio::test]
async fn every_field_alone_gives_exactly_that_field() {
    let app = TestApp::spawn().await;
    let fields = [
        "longitude",
        "latitude",
        "distance",
        "speed",
        "latitude_speed",
        "distance_speed",
        "retrograde",
        "sign",
        "sign_degree",
        "declination",
    ];
    for field in fields {
        let body = ok_json(
            &app,
            &json!({
                "start": "2010-06-01T00:00:00Z", "end": "2010-06-02T00:00:00Z",
                "points": ["mars", "earth"], "fields": [field]
            }),
        )
        .await;
        assert_eq!(names(&body["settings"]["fields"]), [field]);
        for sample in body["samples"].as_array().unwrap() {
            for (name, p) in sample["points"].as_object().unwrap() {
                let object = p.as_object().unwrap();
                assert_eq!(object.len(), 1, "{field} {name}: {p}");
                let value = &object[field];
                match field {
                    "retrograde" => assert!(value.is_boolean()),
                    "sign" => assert!(value.is_string()),
                    _ => assert!(value.as_f64().is_some_and(f64::is_finite), "{value}"),
                }
            }
        }
    }
    app.cleanup().await;
}

#[tokio::test]
async fn minute_steps_and_sub_second_instants() {
    let app = TestApp::spawn().await;
    let body = ok_json(
        &app,
        &json!({
            "start": "2024-03-20T04:06:21.5+01:00", "end": "2024-03-20T03:36:21.5Z",
            "step_minutes": 7.5, "points": ["moon"]
        }),
    )
    .await;
    assert_eq!(body["settings"]["start"], "2024-03-20T03:06:21.5Z");
    let times: Vec<&str> = body["samples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["datetime"].as_str().unwrap())
        .collect();
    assert_eq!(
        times,
        [
            "2024-03-20T03:06:21.5Z",
            "2024-03-20T03:13:51.5Z",
            "2024-03-20T03:21:21.5Z",
            "2024-03-20T03:28:51.5Z",
            "2024-03-20T03:36:21.5Z",
        ]
    );
    app.cleanup().await;
}

#[tokio::test]
async fn more_than_10000_samples_are_refused_before_any_work() {
    let app = TestApp::spawn().await;
    // 2000-01-01 + 10000 minutes = 2000-01-07T22:40Z: 10001 samples.
    let message = invalid(
        &app,
        &json!({
            "start": "2000-01-01T00:00:00Z", "end": "2000-01-07T22:40:00Z", "step_minutes": 1
        }),
    )
    .await;
    assert!(
        message.starts_with("step_minutes = 1 is too small: there would be 10001 samples"),
        "{message}"
    );
    assert!(message.contains("at most 10000"), "{message}");

    // Six centuries in minutes (315 million samples, hours of work in any build) are refused
    // by the same count: that this answer comes at all shows the count is checked before any
    // position is computed (no clock needed, so no bound that a loaded machine can break).
    let message = invalid(
        &app,
        &json!({
            "start": "1800-01-01T00:00:00Z", "end": "2399-12-31T00:00:00Z", "step_minutes": 1
        }),
    )
    .await;
    assert!(message.contains("315567361 samples"), "{message}");

    // The default step is named as such.
    let message = invalid(
        &app,
        &json!({"start": "2000-01-01T00:00:00Z", "end": "2030-01-01T00:00:00Z"}),
    )
    .await;
    assert!(
        message.starts_with("step_days (default 1): there would be 10959 samples"),
        "{message}"
    );

    // Exactly 10000 is allowed.
    let body = ok_json(
        &app,
        &json!({
            "start": "2000-01-01T00:00:00Z", "end": "2000-01-07T22:39:00Z", "step_minutes": 1,
            "points": ["sun"], "fields": ["longitude"]
        }),
    )
    .await;
    assert_eq!(body["settings"]["sample_count"], 10_000);
    assert_eq!(body["samples"].as_array().unwrap().len(), 10_000);
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse. Every rule and message:
/// `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn validation_errors_name_the_field_and_the_rule() {
    let app = TestApp::spawn().await;
    let body = json!({"start": "2024-01-01T00:00:00Z", "end": "2024-01-05T00:00:00Z",
                      "points": ["sun", "vulcan"]});
    let error = crate::support::error_body(post(&app, &body).await, 400).await;
    assert_eq!(error["error"]["code"], "unknown_name");
    assert_eq!(error["error"]["field"], "points[1]");
    app.cleanup().await;
}

#[tokio::test]
async fn sidereal_and_topocentric_settings_are_echoed() {
    let app = TestApp::spawn().await;
    let span = json!({"start": "2024-01-01T00:00:00Z", "end": "2024-01-02T00:00:00Z"});
    let mut sidereal = span.clone();
    sidereal["zodiac"] = json!("sidereal");
    let body = ok_json(&app, &sidereal).await;
    assert_eq!(body["settings"]["zodiac"], "sidereal");
    assert_eq!(body["settings"]["ayanamsa"], "lahiri");
    let tropical = ok_json(&app, &span).await;
    let ayanamsa = tropical["samples"][0]["points"]["sun"]["longitude"]
        .as_f64()
        .unwrap()
        - body["samples"][0]["points"]["sun"]["longitude"]
            .as_f64()
            .unwrap();
    assert!(
        (24.0..24.3).contains(&ayanamsa),
        "Lahiri in 2024: {ayanamsa}"
    );

    let mut topocentric = span.clone();
    topocentric["center"] = json!("topocentric");
    topocentric["observer"] = json!({"latitude": 51.5, "longitude": -0.13});
    let body = ok_json(&app, &topocentric).await;
    assert_eq!(body["settings"]["center"], "topocentric");
    assert_eq!(
        body["settings"]["observer"],
        json!({"latitude": 51.5, "longitude": -0.13, "altitude": 0.0})
    );
    // The Moon's parallax is up to a degree.
    let parallax = (body["samples"][0]["points"]["moon"]["longitude"]
        .as_f64()
        .unwrap()
        - tropical["samples"][0]["points"]["moon"]["longitude"]
            .as_f64()
            .unwrap())
    .abs();
    assert!((0.01..1.1).contains(&parallax), "{parallax}");
    app.cleanup().await;
}

#[tokio::test]
async fn a_planet_centred_frame_drops_its_centre() {
    let app = TestApp::spawn().await;
    let body = ok_json(
        &app,
        &json!({
            "start": "2024-01-01T00:00:00Z", "end": "2024-01-02T00:00:00Z",
            "center": "planet:mars"
        }),
    )
    .await;
    assert_eq!(body["settings"]["center"], "planet:mars");
    let points = names(&body["settings"]["points"]);
    // The default points without Mars, and without the mean node (a point of the Moon's orbit
    // around the Earth).
    assert_eq!(
        points,
        [
            "sun", "moon", "mercury", "venus", "jupiter", "saturn", "uranus", "neptune", "pluto",
            "chiron"
        ]
    );
    for sample in body["samples"].as_array().unwrap() {
        let keys: Vec<&String> = sample["points"].as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), points.len());
        assert!(sample["points"].get("mars").is_none());
    }
    let body = ok_json(
        &app,
        &json!({
            "start": "2024-01-01T00:00:00Z", "end": "2024-01-02T00:00:00Z",
            "center": "heliocentric", "points": ["sun", "earth", "mars"]
        }),
    )
    .await;
    assert_eq!(names(&body["settings"]["points"]), ["earth", "mars"]);
    app.cleanup().await;
}

#[tokio::test]
async fn points_without_data_are_a_400_that_says_so() {
    let app = TestApp::spawn().await;
    // The last sample is tried first: the message names 2105-01-01, not 2102-05-14 (the first
    // sample past the data), which a walk from the start would have met first.
    let message = invalid(
        &app,
        &json!({
            "start": "2100-01-01T00:00:00Z", "end": "2105-01-01T00:00:00Z",
            "points": ["sun"], "asteroids": [136199]
        }),
    )
    .await;
    assert!(
        message
            .starts_with("points: asteroid_136199 has no ephemeris data at 2105-01-01T00:00:00Z"),
        "{message}"
    );
    assert!(message.contains("1500-01-12 to 2102-05-13"), "{message}");

    let message = invalid(
        &app,
        &json!({
            "start": "1190-01-01T00:00:00Z", "end": "1201-01-01T00:00:00Z", "step_days": 365,
            "points": ["chiron"]
        }),
    )
    .await;
    assert!(
        message.starts_with("points: chiron has no ephemeris data at 1190-01-01T00:00:00Z"),
        "{message}"
    );
    assert!(message.contains("1200-01-09 to 4649-12-31"), "{message}");
    assert!(!message.contains("PATH"), "{message}");

    // Before the files the planets come from the analytical model, and the response says so.
    let body = ok_json(
        &app,
        &json!({
            "start": "1100-01-01T00:00:00Z", "end": "1100-01-02T00:00:00Z", "points": ["sun"]
        }),
    )
    .await;
    assert_eq!(body["ephemeris"], "moshier");
    app.cleanup().await;
}

#[tokio::test]
async fn etag_and_304_on_this_endpoint() {
    let app = TestApp::spawn().await;
    let first = app
        .post(PATH)
        .header("X-API-Key", DEMO_KEY)
        .header("Content-Type", "application/json")
        .body(r#"{"start":"2024-01-01T00:00:00Z","end":"2024-01-03T00:00:00Z","points":["sun"]}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(
        first.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let tag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(!first.bytes().await.unwrap().is_empty());

    // The same request, keys in another order.
    let again = app
        .post(PATH)
        .header("X-API-Key", DEMO_KEY)
        .header("Content-Type", "application/json")
        .header("If-None-Match", &tag)
        .body(r#"{"points":["sun"], "end":"2024-01-03T00:00:00Z", "start":"2024-01-01T00:00:00Z"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], tag.as_str());
    assert!(again.bytes().await.unwrap().is_empty());

    // Another request: another tag.
    let other = app
        .post(PATH)
        .header("X-API-Key", DEMO_KEY)
        .header("If-None-Match", &tag)
        .json(
            &json!({"start":"2024-01-01T00:00:00Z","end":"2024-01-04T00:00:00Z","points":["sun"]}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);
    assert_ne!(other.headers()["etag"], tag.as_str());

    // Errors are not cached.
    let error = post(&app, &json!({"start": "x", "end": "y"})).await;
    assert!(error.headers().get("etag").is_none());
    assert_400(error).await;
    app.cleanup().await;
}

#[tokio::test]
async fn body_errors_get_the_error_object() {
    let app = TestApp::spawn().await;
    let send = |content_type: &'static str, body: String| {
        app.post(PATH)
            .header("X-API-Key", DEMO_KEY)
            .header("Content-Type", content_type)
            .body(body)
            .send()
    };

    let message = assert_error(
        send(
            "application/json",
            r#"{"start": "2024-01-01T00:00:00Z", "#.into(),
        )
        .await
        .unwrap(),
        400,
        "invalid_input",
    )
    .await;
    assert!(message.contains("not valid JSON"), "{message}");

    let message = assert_error(
        send(
            "application/json",
            r#"{"start":"2024-01-01T00:00:00Z","end":"2024-01-02T00:00:00Z","step_days":"x"}"#
                .into(),
        )
        .await
        .unwrap(),
        400,
        "invalid_input",
    )
    .await;
    assert!(message.starts_with("step_days: invalid type"), "{message}");

    let message = assert_error(
        send(
            "application/json",
            r#"{"start":"2024-01-01T00:00:00Z"}"#.into(),
        )
        .await
        .unwrap(),
        400,
        "invalid_input",
    )
    .await;
    assert!(message.starts_with("end is required"), "{message}");

    let message = assert_error(
        send("application/json", String::new()).await.unwrap(),
        400,
        "invalid_input",
    )
    .await;
    assert!(
        message.contains("JSON request body is required"),
        "{message}"
    );

    assert_error(
        send(
            "text/plain",
            r#"{"start":"2024-01-01T00:00:00Z","end":"2024-01-02T00:00:00Z"}"#.into(),
        )
        .await
        .unwrap(),
        415,
        "unsupported_media_type",
    )
    .await;

    // Over 64 KiB: a long list of points.
    let huge = format!(
        r#"{{"start":"2024-01-01T00:00:00Z","end":"2024-01-02T00:00:00Z","points":[{}"sun"]}}"#,
        r#""moon","#.repeat(10_000)
    );
    assert!(huge.len() > 64 * 1024);
    assert_error(
        send("application/json", huge).await.unwrap(),
        413,
        "payload_too_large",
    )
    .await;
    app.cleanup().await;
}

#[tokio::test]
async fn the_endpoint_needs_a_key_and_a_post() {
    let app = TestApp::spawn().await;
    let response = app
        .post(PATH)
        .json(&json!({"start": "2024-01-01T00:00:00Z", "end": "2024-01-02T00:00:00Z"}))
        .send()
        .await
        .unwrap();
    assert_error(response, 401, "unauthorized").await;
    let response = app
        .get(PATH)
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_error(response, 405, "method_not_allowed").await;
    app.cleanup().await;
}
