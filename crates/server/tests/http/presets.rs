//! `preset` over HTTP: the catalogue, a chart cast with a preset (echo and provenance), and the
//! refusals. The presets' values against their peers' charts are tested in
//! `crates/api/tests/presets_fixture.rs`.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, assert_error, post_json, post_ok};

fn columbus(preset: &str) -> Value {
    json!({"birth": {"datetime": "1492-10-12T12:00", "timezone": "America/Nassau",
                     "location": {"latitude": 24.05, "longitude": -74.5}},
           "preset": preset})
}

#[tokio::test]
async fn the_catalogue_lists_each_preset_with_what_it_fixes() {
    let app = TestApp::spawn().await;
    let response = app
        .get("/v1/catalog/presets")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let names: Vec<&str> = body["presets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|preset| preset["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["astrodienst", "kerykeion", "jagannatha_hora", "morinus"]
    );
    let astrodienst = &body["presets"][0];
    assert_eq!(astrodienst["house_system"], "placidus");
    assert_eq!(astrodienst["calendar"], "auto");
    assert!(
        astrodienst["bodies"]
            .as_array()
            .unwrap()
            .contains(&json!("true_node"))
    );
    app.cleanup().await;
}

#[tokio::test]
async fn a_historical_chart_with_the_astrodienst_preset() {
    let app = TestApp::spawn().await;
    let body = post_ok(&app, "/v1/radix", &columbus("astrodienst")).await;
    let input = &body["input"];
    assert_eq!(input["house_system"], "placidus");
    // `auto`: a date before 1582-10-15 is Julian; before standard time, the birth place's LMT.
    assert_eq!(input["resolved"]["calendar"], "julian");
    assert_eq!(input["resolved"]["offset_source"], "local_mean_time");
    assert_eq!(input["resolved"]["utc"], "1492-10-21T16:58:00Z");
    let fixed = input["preset"]["fixed"].as_object().unwrap();
    for field in [
        "birth.calendar",
        "birth.lmt",
        "options.house_system",
        "options.bodies",
        "options.aspects.aspects",
        "options.aspects.orbs",
        "options.zodiac",
    ] {
        assert!(fixed.contains_key(field), "{field} not in {fixed:?}");
    }
    assert!(body["planets"].get("true_node").is_some());
    assert!(body["planets"].get("mean_node").is_none());
    assert_eq!(body["provenance"]["preset"], "astrodienst");
    assert_eq!(body["provenance"]["instants"][0]["calendar"], "julian");
    // Another preset is another request: another ETag.
    let tags: Vec<String> = futures_tags(&app).await;
    assert_ne!(tags[0], tags[1]);
    app.cleanup().await;
}

async fn futures_tags(app: &TestApp) -> Vec<String> {
    let mut tags = Vec::new();
    for preset in ["astrodienst", "morinus"] {
        let response = post_json(app, "/v1/radix", &columbus(preset)).await;
        assert_eq!(response.status(), 200);
        tags.push(response.headers()["etag"].to_str().unwrap().to_owned());
    }
    tags
}

#[tokio::test]
async fn an_unknown_preset_is_a_400_naming_the_field_and_the_presets() {
    let app = TestApp::spawn().await;
    let response = post_json(&app, "/v1/radix", &columbus("solar_fire")).await;
    let body: Value = {
        let message = assert_error(response, 400, "unknown_name").await;
        assert!(
            message.starts_with("preset: unknown preset `solar_fire`"),
            "{message}"
        );
        json!(message)
    };
    assert!(body.as_str().unwrap().contains("astrodienst, kerykeion"));
    // A preset's Julian reading does not apply to an instant with an offset; an explicit
    // `calendar` there is refused as before.
    let response = post_json(
        &app,
        "/v1/radix",
        &json!({"birth": {"datetime": "1492-10-12T12:00-04:58", "calendar": "julian",
                          "location": {"latitude": 24.05, "longitude": -74.5}},
                "preset": "astrodienst"}),
    )
    .await;
    let message = assert_error(response, 400, "invalid_input").await;
    assert!(message.starts_with("birth.calendar"), "{message}");
    app.cleanup().await;
}

#[tokio::test]
async fn every_chart_request_takes_a_preset_for_its_births() {
    let app = TestApp::spawn().await;
    let birth = columbus("astrodienst")["birth"].clone();
    let later = json!({"datetime": "1564-02-15T15:30", "timezone": "Europe/Rome",
                       "location": {"latitude": 43.7167, "longitude": 10.4}});
    let cases = [
        (
            "/v1/transits",
            json!({"natal": birth, "at": "1500-01-01T00:00:00Z", "preset": "astrodienst"}),
            "natal.datetime",
        ),
        (
            "/v1/returns",
            json!({"natal": birth, "planet": "sun", "from": "1493-01-01T00:00:00Z",
                   "preset": "astrodienst"}),
            "natal.datetime",
        ),
        (
            "/v1/progressions",
            json!({"natal": birth, "age_years": 30, "preset": "astrodienst"}),
            "natal.datetime",
        ),
        (
            "/v1/relationship",
            json!({"method": "synastry", "person_a": {"birth": birth},
                   "person_b": {"birth": later}, "preset": "astrodienst"}),
            "person_b.birth.datetime",
        ),
    ];
    for (path, request, field) in cases {
        let body = post_ok(&app, path, &request).await;
        assert_eq!(body["provenance"]["preset"], "astrodienst", "{path}");
        let instant = body["provenance"]["instants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|instant| instant["field"] == field)
            .unwrap_or_else(|| panic!("{path}: no {field}"));
        // `auto`: both dates are before the Gregorian reform.
        assert_eq!(instant["calendar"], "julian", "{path}");
        let fixed = &body["settings"]["preset"]["fixed"];
        assert!(fixed.is_object(), "{path}: {body}");
    }
    app.cleanup().await;
}
