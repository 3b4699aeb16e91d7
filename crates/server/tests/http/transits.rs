//! `POST /v1/transits` over HTTP: both modes, both natal sources, the defaults echoed, every 400,
//! caching, and a year of events against the independent reference of
//! `fixtures/transits/events.json`.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, assert_400};

const SECOND_DAYS: f64 = 1.0 / 86_400.0;
/// The issue's acceptance figure: each event within a minute of the reference.
const ISSUE_TOLERANCE_SECONDS: f64 = 60.0;
/// `exact_at` is `exact_at_jd` rounded to the second; the Julian day itself carries about 40 µs
/// of rounding.
const ROUNDED_TO_SECOND: f64 = 0.5 + 0.001;

async fn post(app: &TestApp, body: &Value) -> reqwest::Response {
    app.post("/v1/transits")
        .header("X-API-Key", DEMO_KEY)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn ok(app: &TestApp, body: &Value) -> Value {
    let response = post(app, body).await;
    let status = response.status();
    let text = response.text().await.unwrap();
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

async fn error(app: &TestApp, body: &Value) -> String {
    assert_400(post(app, body).await).await
}

fn berlin_birth() -> Value {
    json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

/// The UTC instant of a Julian day (UT), as a request writes it.
fn iso(jd: f64) -> String {
    #[allow(clippy::cast_possible_truncation, reason = "dates of the fixture")]
    let micros = ((jd - 2_440_587.5) * 86_400e6).round() as i64;
    jiff::Timestamp::from_microsecond(micros)
        .unwrap()
        .to_string()
}

/// Checks that `exact_at` is `exact_at_jd` to the second.
fn assert_exact_at_matches_jd(event: &Value) {
    let text = event["exact_at"].as_str().unwrap();
    assert!(text.ends_with('Z') && text.len() == 20, "{text}");
    let instant: jiff::Timestamp = text.parse().unwrap();
    #[allow(
        clippy::cast_precision_loss,
        reason = "seconds since 1970 fit in 53 bits"
    )]
    let jd = instant.as_second() as f64 / 86_400.0 + 2_440_587.5;
    let seconds = (jd - num(&event["exact_at_jd"])).abs() / SECOND_DAYS;
    assert!(seconds <= ROUNDED_TO_SECOND, "{event}: {seconds} s");
}

#[tokio::test]
async fn window_gives_every_pass_of_a_retrograde_loop() {
    let app = TestApp::spawn().await;
    // Pluto entered Aquarius in January 2024, turned back at 2°05' Aquarius in May, forward at
    // 29°37' Capricorn in October: 301° is passed forward, back and forward again.
    let body = ok(
        &app,
        &json!({
            "natal_positions": {"point": 301.0},
            "start": "2024-01-01T00:00:00Z", "end": "2025-06-01T00:00:00Z",
            "transit_points": ["pluto"], "aspects": ["conjunction"],
        }),
    )
    .await;
    assert_eq!(body["mode"], "window");
    assert_eq!(body["event_count"], 3);
    let events = body["events"].as_array().unwrap();
    assert_eq!(events.len(), 3);
    let flags: Vec<bool> = events
        .iter()
        .map(|e| e["retrograde"].as_bool().unwrap())
        .collect();
    assert_eq!(flags, [false, true, false], "{events:#?}");
    let mut previous = 0.0;
    for e in events {
        assert_eq!(e["transit_point"], "pluto");
        assert_eq!(e["natal_point"], "point");
        assert_eq!(e["aspect"], "conjunction");
        assert_eq!(e["angle"], 0.0);
        assert_eq!(e["arc"], 0.0);
        assert!((num(&e["transit_longitude"]) - 301.0).abs() < 1e-5, "{e}");
        let speed = num(&e["transit_speed"]);
        assert_eq!(e["retrograde"], speed < 0.0);
        assert_exact_at_matches_jd(e);
        let jd = num(&e["exact_at_jd"]);
        assert!(jd > previous, "sorted by time");
        previous = jd;
    }
    // The three passes, by year and month.
    let months: Vec<&str> = events
        .iter()
        .map(|e| &e["exact_at"].as_str().unwrap()[..7])
        .collect();
    assert!(months[0].starts_with("2024-0"), "{months:?}");
    assert!(months[1].starts_with("2024-"), "{months:?}");
    assert!(months[2] > months[1], "{months:?}");
    app.cleanup().await;
}

#[tokio::test]
async fn snapshot_shows_the_aspects_in_orb() {
    let app = TestApp::spawn().await;
    // A day before the 2024 March equinox (2024-03-20T03:06:21Z) the Sun is about 0.99° short of
    // 0° Aries and moving forward: a conjunction in the 1° orb, applying, exact in about a day.
    let at = "2024-03-19T03:06:21Z";
    let body = ok(
        &app,
        &json!({
            "natal_positions": {"aries_point": 0.0, "libra_point": 180.0},
            "at": at,
        }),
    )
    .await;
    assert_eq!(body["mode"], "snapshot");
    let settings = &body["settings"];
    assert_eq!(settings["start"], at);
    assert_eq!(settings["end"], at);
    assert!(settings["step_days"].is_null());
    assert_eq!(settings["orbs"]["preset"], "transit");
    assert_eq!(settings["orbs"]["max"], 1.0);
    assert_eq!(body["natal"]["source"], "natal_positions");
    assert!(body["natal"].get("resolved").is_none());
    let events = body["events"].as_array().unwrap();
    assert_eq!(body["event_count"], events.len());
    let fields = [
        "transit_point",
        "natal_point",
        "aspect",
        "angle",
        "separation",
        "orb",
        "allowed_orb",
        "applying",
        "exact_in_days",
        "transit_longitude",
        "transit_speed",
        "retrograde",
    ];
    for e in events {
        let keys: Vec<&str> = e.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), fields.len(), "{e}");
        for field in fields {
            assert!(keys.contains(&field), "{field} missing from {e}");
        }
        assert!(num(&e["orb"]) <= num(&e["allowed_orb"]));
        assert_eq!(e["allowed_orb"], 1.0);
    }
    assert!(
        events
            .windows(2)
            .all(|w| num(&w[0]["orb"]) <= num(&w[1]["orb"])),
        "closest first"
    );
    let sun = |natal: &str| {
        events
            .iter()
            .find(|e| e["transit_point"] == "sun" && e["natal_point"] == natal)
            .unwrap_or_else(|| panic!("sun to {natal} missing from {events:#?}"))
    };
    let conjunction = sun("aries_point");
    assert_eq!(conjunction["aspect"], "conjunction");
    assert!(
        (num(&conjunction["orb"]) - 0.99).abs() < 0.01,
        "{conjunction}"
    );
    assert_eq!(conjunction["applying"], true);
    assert!(
        (num(&conjunction["exact_in_days"]) - 1.0).abs() < 0.02,
        "{conjunction}"
    );
    assert_eq!(conjunction["retrograde"], false);
    let opposition = sun("libra_point");
    assert_eq!(opposition["aspect"], "opposition");
    assert!((num(&opposition["separation"]) - 179.01).abs() < 0.01);

    // Nothing in orb: no events. The Sun at 359° is 78.7° from 77.7°.
    let none = ok(
        &app,
        &json!({"natal_positions": {"nowhere": 77.7}, "at": at, "transit_points": ["sun"]}),
    )
    .await;
    assert_eq!(none["event_count"], 0);
    assert_eq!(none["events"], json!([]));
    app.cleanup().await;
}

#[tokio::test]
async fn natal_birth_gives_planets_nodes_and_angles() {
    let app = TestApp::spawn().await;
    let body = ok(
        &app,
        &json!({"natal": berlin_birth(), "at": "2024-06-01T00:00:00Z"}),
    )
    .await;
    let natal = &body["natal"];
    assert_eq!(natal["source"], "natal");
    assert_eq!(natal["resolved"]["utc"], "1990-05-15T12:30:00Z");
    assert_eq!(natal["resolved"]["offset_source"], "tz_database");
    // (`Value` sorts keys: the order of the response is checked in the api crate's tests.)
    let mut names: Vec<&str> = natal["points"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    names.sort_unstable();
    let mut want = [
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
        "ascendant",
        "mc",
    ];
    want.sort_unstable();
    assert_eq!(names, want);

    // The same birth's chart: the natal points are its positions and angles.
    let radix: Value = app
        .post("/v1/radix")
        .header("X-API-Key", DEMO_KEY)
        .json(&json!({"birth": berlin_birth()}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let points = &natal["points"];
    assert_eq!(points["sun"], radix["planets"]["sun"]["longitude"]);
    assert_eq!(points["chiron"], radix["planets"]["chiron"]["longitude"]);
    assert_eq!(
        points["ascendant"],
        radix["angles"]["ascendant"]["longitude"]
    );
    assert_eq!(points["mc"], radix["angles"]["mc"]["longitude"]);

    // A window over the same natal chart has events to the angles.
    let window = ok(
        &app,
        &json!({"natal": berlin_birth(), "start": "2024-06-01T00:00:00Z",
                "end": "2024-07-01T00:00:00Z", "transit_points": ["sun", "moon"]}),
    )
    .await;
    let events = window["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["natal_point"] == "ascendant"));
    assert!(events.iter().any(|e| e["natal_point"] == "mc"));
    assert_eq!(window["natal"]["resolved"]["utc"], "1990-05-15T12:30:00Z");
    app.cleanup().await;
}

#[tokio::test]
async fn defaults_are_echoed() {
    let app = TestApp::spawn().await;
    let natal = json!({"sun": 10.0, "ascendant": 200.0});
    let window = |extra: Value| {
        let mut body = json!({"natal_positions": natal, "start": "2024-01-01T00:00:00Z",
                              "end": "2024-02-01T00:00:00Z"});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let body = ok(&app, &window(json!({}))).await;
    let settings = &body["settings"];
    assert_eq!(settings["start"], "2024-01-01T00:00:00Z");
    assert_eq!(settings["end"], "2024-02-01T00:00:00Z");
    assert_eq!(
        settings["transit_points"],
        json!([
            "sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune",
            "pluto", "chiron"
        ])
    );
    assert_eq!(
        settings["aspect_names"],
        json!(["conjunction", "sextile", "square", "trine", "opposition"])
    );
    assert_eq!(settings["orbs"], json!({"preset": "transit", "max": 1.0}));
    // The spec's default step for the transit points: 0.25 with the Moon.
    assert_eq!(settings["step_days"], 0.25);
    assert_eq!(body["natal"]["points"], natal);
    for e in body["events"].as_array().unwrap() {
        assert_exact_at_matches_jd(e);
        assert!(
            (num(&e["angle"]) - num(&e["arc"]).abs()).abs() < 1e-12,
            "{e}"
        );
    }

    let steps = [
        (json!({"transit_points": ["mars", "pluto"]}), 0.5),
        (json!({"transit_points": ["jupiter", "saturn"]}), 1.0),
        (json!({"transit_points": ["mercury"], "step_days": 2}), 2.0),
    ];
    for (extra, want) in steps {
        let body = ok(&app, &window(extra.clone())).await;
        assert_eq!(body["settings"]["step_days"], want, "{extra}");
    }

    // A finer step finds the same events at the same seconds.
    let coarse = ok(&app, &window(json!({"transit_points": ["venus"]}))).await;
    let fine = ok(
        &app,
        &window(json!({"transit_points": ["venus"], "step_days": 0.1})),
    )
    .await;
    let summary = |body: &Value| -> Vec<String> {
        body["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                format!(
                    "{} {} {} {} {}",
                    e["transit_point"], e["natal_point"], e["aspect"], e["arc"], e["exact_at"]
                )
            })
            .collect()
    };
    assert!(!summary(&coarse).is_empty());
    assert_eq!(summary(&coarse), summary(&fine));

    // Aliases are answered with the catalogue name; minor aspects and explicit orbs are echoed.
    let body = ok(
        &app,
        &window(
            json!({"transit_points": ["mean_lilith"], "aspect_types": ["minor"],
                       "orbs": 0.5}),
        ),
    )
    .await;
    assert_eq!(body["settings"]["transit_points"], json!(["mean_apogee"]));
    assert_eq!(
        body["settings"]["orbs"],
        json!({"preset": "flat", "max": 0.5})
    );
    assert!(
        !body["settings"]["aspect_names"]
            .as_array()
            .unwrap()
            .contains(&json!("conjunction"))
    );
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let natal = json!({"sun": 10.0});
    let response = post(
        &app,
        &json!({"natal_positions": natal, "start": "2024-01-01T00:00:00Z",
                "end": "2124-01-03T00:00:00Z"}),
    )
    .await;
    let refused = crate::support::error_body(response, 400).await;
    assert_eq!(refused["error"]["code"], "limit_exceeded");
    assert_eq!(refused["error"]["field"], "end");

    // A longitude beyond the range of a number: JSON's grammar allows the text, the parser does
    // not (the api crate's tests check the finite rule behind it).
    let response = app
        .post("/v1/transits")
        .header("X-API-Key", DEMO_KEY)
        .header("content-type", "application/json")
        .body(r#"{"natal_positions": {"sun": 1e999}, "at": "2024-01-01T00:00:00Z"}"#)
        .send()
        .await
        .unwrap();
    let message = assert_400(response).await;
    assert!(message.contains("number out of range"), "{message}");

    // Data the service does not have: Chiron before 1200, as a transit point and in a birth.
    let message = error(
        &app,
        &json!({"natal_positions": natal, "start": "1100-01-01T00:00:00Z",
                "end": "1100-02-01T00:00:00Z", "transit_points": ["chiron"]}),
    )
    .await;
    assert!(
        message.starts_with("transit_points: chiron has no ephemeris data at 1100-"),
        "{message}"
    );
    // In a birth, Chiron is one of the fixed natal points: left out and listed.
    let old_birth = ok(
        &app,
        &json!({"natal": {"datetime": "1100-06-01T12:00:00Z",
                          "location": {"latitude": 48.0, "longitude": 2.0}},
                "at": "2024-01-01T00:00:00Z"}),
    )
    .await;
    assert!(old_birth["natal"]["points"].get("chiron").is_none());
    assert_eq!(old_birth["natal"]["omitted"][0]["body"], "chiron");
    assert_eq!(old_birth["natal"]["omitted"][0]["valid_from"], "1200-01-09");
    app.cleanup().await;
}

#[tokio::test]
async fn answers_are_deterministic_and_cached() {
    let app = TestApp::spawn().await;
    let request = json!({"natal": berlin_birth(), "start": "2024-01-01T00:00:00Z",
                         "end": "2024-03-01T00:00:00Z"});
    let first = post(&app, &request).await;
    assert_eq!(first.status(), 200);
    let tag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(
        first.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let first_body = first.text().await.unwrap();
    let second = post(&app, &request).await;
    assert_eq!(second.headers()["etag"].to_str().unwrap(), tag);
    assert_eq!(second.text().await.unwrap(), first_body);
    let again = app
        .post("/v1/transits")
        .header("X-API-Key", DEMO_KEY)
        .header("If-None-Match", &tag)
        .json(&request)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    app.cleanup().await;
}

/// Events keyed by (transit point, natal point, aspect, arc in whole degrees), times in order.
type Keyed = BTreeMap<(String, String, String, i64), Vec<f64>>;

#[allow(
    clippy::cast_possible_truncation,
    reason = "arcs are whole degrees in ±180"
)]
fn key(transit: &str, natal: &str, aspect: &str, arc_deg: f64) -> (String, String, String, i64) {
    (
        transit.to_owned(),
        natal.to_owned(),
        aspect.to_owned(),
        arc_deg.round() as i64,
    )
}

#[tokio::test]
async fn a_year_of_events_matches_the_independent_reference() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/transits/events.json"
    );
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    // new_york_1972: 2024, with Pluto's ingress into Aquarius and its loop.
    let chart = &fixture["charts"][1];
    assert_eq!(chart["name"], "new_york_1972");
    let app = TestApp::spawn().await;
    let body = ok(
        &app,
        &json!({
            "natal_positions": chart["natal_points"],
            "start": iso(num(&chart["start_jd"])),
            "end": iso(num(&chart["end_jd"])),
            "transit_points": fixture["transit_points"],
            "aspects": fixture["aspects"],
        }),
    )
    .await;
    assert_eq!(body["settings"]["start"], "2024-01-01T00:00:00Z");

    let mut reference = Keyed::new();
    for row in chart["events"].as_array().unwrap() {
        let s = |i: usize| row[i].as_str().unwrap();
        reference
            .entry(key(s(0), s(1), s(2), num(&row[3])))
            .or_default()
            .push(num(&row[4]));
    }
    let mut ours = Keyed::new();
    let events = body["events"].as_array().unwrap();
    for e in events {
        assert_exact_at_matches_jd(e);
        let s = |f: &str| e[f].as_str().unwrap();
        ours.entry(key(
            s("transit_point"),
            s("natal_point"),
            s("aspect"),
            num(&e["arc"]),
        ))
        .or_default()
        .push(num(&e["exact_at_jd"]));
    }
    let reference_count: usize = reference.values().map(Vec::len).sum();
    assert_eq!(body["event_count"], reference_count);
    assert_eq!(events.len(), reference_count);
    assert_eq!(
        ours.keys().collect::<Vec<_>>(),
        reference.keys().collect::<Vec<_>>()
    );
    let mut worst = 0.0_f64;
    for (k, want) in &reference {
        let got = &ours[k];
        assert_eq!(
            got.len(),
            want.len(),
            "{k:?}: ours {got:?}, reference {want:?}"
        );
        for (g, w) in got.iter().zip(want) {
            worst = worst.max((g - w).abs() / SECOND_DAYS);
        }
    }
    println!("{reference_count} events, worst difference {worst:.3} s");
    assert!(worst <= ISSUE_TOLERANCE_SECONDS, "worst {worst} s");
    app.cleanup().await;
}

#[tokio::test]
async fn a_default_transit_body_without_data_in_the_window_is_left_out_and_listed() {
    let app = TestApp::spawn().await;
    // Chiron, a default transit body, has no data before 1200; the natal chart is of 1150.
    let window = json!({
        "natal": {"datetime": "1150-05-15T12:00:00Z",
                  "location": {"latitude": 48.0, "longitude": 2.0}},
        "start": "1150-06-01T00:00:00Z", "end": "1150-07-01T00:00:00Z"
    });
    let answer = ok(&app, &window).await;
    assert_eq!(answer["omitted"][0]["body"], "chiron", "{answer}");
    assert_eq!(answer["omitted"][0]["valid_from"], "1200-01-09");
    // Before the files the positions are Moshier's, and the answer says so.
    assert_eq!(answer["ephemeris"], "moshier");
    let points = answer["settings"]["transit_points"].as_array().unwrap();
    assert!(!points.contains(&json!("chiron")));
    assert!(points.contains(&json!("sun")));
    assert!(answer["event_count"].as_u64().unwrap() > 0);
    // The natal side leaves it out too (`natal.omitted`).
    assert_eq!(answer["natal"]["omitted"][0]["body"], "chiron");
    // Named, it is a 400 naming its dates.
    let mut named = window.clone();
    named["transit_points"] = json!(["sun", "chiron"]);
    let message = error(&app, &named).await;
    assert!(message.contains("1200-01-09"), "{message}");
    app.cleanup().await;
}
