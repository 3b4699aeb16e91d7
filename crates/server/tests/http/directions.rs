//! `POST /v1/primary-directions` over HTTP: every case of the independent reference
//! `fixtures/directions/cases.json` end to end (each key, both modes, aspect sets, southern and
//! polar births with circumpolar points skipped), the defaults and the shape, and every 400.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_json, post_ok, post_refused};

/// See `crates/astro/tests/directions_fixture.rs`: the same library on both sides, the
/// reference's arcs found by bisection to 1e-12°.
const ARC_DEG: f64 = 1e-6;
/// Ages follow the arcs through the slowest key, 0.5°/year.
const AGE_YEARS: f64 = ARC_DEG / 0.5;
/// A date to the second may round the other way when the two instants straddle a half second.
const DATE_SECONDS: f64 = 1.0;
/// How near a half second an instant may round either way: the two Julian days differ by
/// microseconds, and a Julian day near 2.4e6 carries about 40 µs.
const HALF_SECOND_MARGIN_S: f64 = 0.01;

const PATH: &str = "/v1/primary-directions";

fn birth() -> Value {
    json!({"datetime": "1990-05-15T12:30:00Z",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

/// Each skipped point as `(point, role, aspect)`.
fn skipped_keys(list: &Value) -> Vec<(Value, Value, Option<f64>)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["point"].clone(),
                s["role"].clone(),
                s.get("aspect").map(num),
            )
        })
        .collect()
}

fn assert_matches(body: &Value, case: &Value) {
    let label = &case["label"];
    assert!((num(&body["sphere"]["armc_deg"]) - num(&case["armc_deg"])).abs() < 1e-9);
    let got = body["directions"].as_array().unwrap();
    let want = case["directions"].as_array().unwrap();
    assert_eq!(got.len(), want.len(), "{label}: count");
    for w in want {
        let g = got
            .iter()
            .find(|g| {
                g["promissor"] == w["promissor"]
                    && g["significator"] == w["significator"]
                    && (num(&g["aspect"]) - num(&w["aspect"])).abs() < 1e-12
            })
            .unwrap_or_else(|| panic!("{label}: missing {w}"));
        assert!(
            (num(&g["arc_deg"]) - num(&w["arc_deg"])).abs() < ARC_DEG,
            "{label}: {w}"
        );
        assert!(
            (num(&g["age_years"]) - num(&w["age_years"])).abs() < AGE_YEARS,
            "{label}: {w}"
        );
        let date_diff_s = (num(&g["date_jd"]) - num(&w["date_jd"])).abs() * 86_400.0;
        assert!(date_diff_s < DATE_SECONDS, "{label}: {w}");
        // The strings to the second agree unless the instant lies at a half second.
        let fraction_s = (num(&w["date_jd"]) * 86_400.0).rem_euclid(1.0);
        assert!(
            g["date"] == w["date_utc"] || (fraction_s - 0.5).abs() < HALF_SECOND_MARGIN_S,
            "{label}: {} {}",
            g["date"],
            w["date_utc"]
        );
    }
    let ages: Vec<f64> = got.iter().map(|d| num(&d["age_years"])).collect();
    assert!(ages.windows(2).all(|p| p[0] <= p[1]), "{label}: sorted");
    assert_eq!(
        skipped_keys(&body["skipped"]),
        skipped_keys(&case["skipped"]),
        "{label}: skipped"
    );
}

#[tokio::test]
async fn every_reference_case_end_to_end() {
    let app = TestApp::spawn().await;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/directions/cases.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 15);
    for case in cases {
        let body = post_ok(&app, PATH, &case["request"]).await;
        assert_matches(&body, case);
    }
    app.cleanup().await;
}

#[tokio::test]
async fn defaults_and_the_shape() {
    let app = TestApp::spawn().await;
    let case = fixture_case("directions", "defaults_berlin_1990");
    let response = post_json(&app, PATH, &case["request"]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["input"]["resolved"]["utc"], "1990-05-15T12:30:00Z");
    assert_eq!(
        body["input"]["resolved"]["offset_source"],
        "offset_in_input"
    );
    let settings = &body["settings"];
    assert_eq!(settings["method"], "placidus_semi_arc");
    assert_eq!(settings["direction"], "direct");
    assert_eq!(
        settings["key"],
        json!({"name": "naibod", "deg_per_year": 0.985_647_33})
    );
    assert_eq!(settings["mode"], "zodiacal");
    assert_eq!(
        settings["promissors"],
        json!([
            "sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn"
        ])
    );
    assert_eq!(
        settings["significators"],
        json!({"angles": ["asc", "mc", "dsc", "ic"], "bodies": ["sun", "moon"]})
    );
    assert_eq!(settings["aspects"], json!([0.0]));
    assert_eq!(
        (&settings["age_start"], &settings["age_end"]),
        (&json!(0.0), &json!(90.0))
    );
    assert_eq!(settings["year_days"], json!(365.242_19));
    assert_eq!(body["sphere"]["latitude_deg"], json!(52.52));
    assert_eq!(body["skipped"], json!([]));
    let first = &body["directions"][0];
    for field in [
        "promissor",
        "aspect",
        "significator",
        "arc_deg",
        "age_years",
        "date",
        "date_jd",
    ] {
        assert!(first.get(field).is_some(), "{field} in {first}");
    }
    assert!(first["date"].as_str().unwrap().ends_with('Z'));
    assert_matches(&body, &case);
    app.cleanup().await;
}

#[tokio::test]
async fn each_key_gives_the_same_arcs_at_its_own_rate() {
    let app = TestApp::spawn().await;
    let mut arcs_by_key = Vec::new();
    for (key, name, rate) in [
        (json!("naibod"), "naibod", 0.985_647_33),
        (json!("ptolemy"), "ptolemy", 1.0),
        (json!(1.5), "custom", 1.5),
        (json!(0.5), "custom", 0.5),
    ] {
        let body = post_ok(
            &app,
            PATH,
            &json!({"birth": birth(), "options": {"key": key, "age_end": 120}}),
        )
        .await;
        assert_eq!(body["settings"]["key"]["name"], name);
        assert_eq!(body["settings"]["key"]["deg_per_year"], json!(rate));
        let mut arcs = Vec::new();
        for d in body["directions"].as_array().unwrap() {
            let (arc, age) = (num(&d["arc_deg"]), num(&d["age_years"]));
            assert!((age * rate - arc).abs() < 1e-9, "{name}: {d}");
            assert!(age <= 120.0);
            arcs.push((d["promissor"].clone(), d["significator"].clone(), arc));
        }
        arcs_by_key.push(arcs);
    }
    // The slowest key reaches the fewest arcs in 120 years, and those are the same arcs.
    let slowest = &arcs_by_key[3];
    assert!(!slowest.is_empty() && slowest.len() < arcs_by_key[2].len());
    for a in slowest {
        assert!(arcs_by_key[2].contains(a), "{a:?}");
    }
    app.cleanup().await;
}

#[tokio::test]
async fn modes_and_a_local_birth_time() {
    let app = TestApp::spawn().await;
    let local = json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                       "location": {"latitude": 52.52, "longitude": 13.405}});
    let zodiacal = post_ok(&app, PATH, &json!({"birth": local})).await;
    assert_eq!(zodiacal["input"]["resolved"]["utc"], "1990-05-15T12:30:00Z");
    assert_eq!(
        zodiacal["input"]["resolved"]["offset_source"],
        "tz_database"
    );
    let case = fixture_case("directions", "defaults_berlin_1990");
    assert_matches(&zodiacal, &case);
    // The Moon alone to the angles with the fastest key: arcs up to 240° are in the window.
    let moon = |mode: &str| {
        json!({"birth": local, "options": {"mode": mode, "promissors": ["moon"], "key": 2.0,
               "age_end": 120, "significators": {"bodies": []}}})
    };
    let by_angle = |body: &Value| -> Vec<(String, f64)> {
        body["directions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                (
                    d["significator"].as_str().unwrap().to_owned(),
                    num(&d["arc_deg"]),
                )
            })
            .collect()
    };
    let zodiacal = post_ok(&app, PATH, &moon("zodiacal")).await;
    let mundo = post_ok(&app, PATH, &moon("in_mundo")).await;
    assert_eq!(mundo["settings"]["mode"], "in_mundo");
    // The Moon's latitude (a few degrees) moves its right ascension and declination: every
    // angle reached in both modes is reached at another arc.
    let mut shared = 0;
    for (angle, arc) in by_angle(&zodiacal) {
        if let Some((_, other)) = by_angle(&mundo).iter().find(|(a, _)| *a == angle) {
            assert!((arc - other).abs() > 1e-3, "{angle}: {arc} {other}");
            shared += 1;
        }
    }
    assert!(shared >= 2, "{shared}");
    app.cleanup().await;
}

#[tokio::test]
async fn circumpolar_points_are_skipped_with_a_reason() {
    let app = TestApp::spawn().await;
    let case = fixture_case("directions", "tromso_in_mundo_1985");
    let body = post_ok(&app, PATH, &case["request"]).await;
    assert_matches(&body, &case);
    let skipped = body["skipped"].as_array().unwrap();
    assert!(!skipped.is_empty());
    for s in skipped {
        let reason = s["reason"].as_str().unwrap();
        assert!(
            reason.starts_with("circumpolar: at latitude 69.6492"),
            "{reason}"
        );
        assert!(reason.contains("has no semi-arc"), "{reason}");
        assert!(s["declination_deg"].is_number());
        // In mundo a promissor is skipped once, whatever its aspects.
        assert!(s.get("aspect").is_none());
        for d in body["directions"].as_array().unwrap() {
            assert_ne!(d[s["role"].as_str().unwrap()], s["point"], "{d}");
        }
    }
    // Zodiacal: per aspect point.
    let case = fixture_case("directions", "tromso_zodiacal_1985");
    let body = post_ok(&app, PATH, &case["request"]).await;
    assert_matches(&body, &case);
    assert!(
        body["skipped"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["role"] == "promissor" && s["aspect"].is_number())
    );
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    post_refused(
        &app,
        PATH,
        &json!({"birth": birth(), "options": {"promissors": ["sun", "vulcan"]}}),
        "unknown_name",
        "options.promissors[1]",
    )
    .await;
    post_refused(
        &app,
        PATH,
        &json!({"birth": birth(), "options": {"promissors": vec!["sun"; 13]}}),
        "limit_exceeded",
        "options.promissors",
    )
    .await;
    app.cleanup().await;
}

#[tokio::test]
async fn extreme_dates_and_places_never_fail_with_500() {
    let app = TestApp::spawn().await;
    for (datetime, latitude) in [
        ("2000-01-01T12:00:00Z", 90.0),
        ("2000-01-01T12:00:00Z", -90.0),
        ("2000-01-01T12:00:00Z", 0.0),
        ("0100-01-01T00:00:00Z", 66.5),
        ("-009999-01-01T00:00:00Z", 10.0),
        ("9950-01-01T00:00:00Z", 10.0),
        ("9999-12-31T23:59:59Z", 10.0),
    ] {
        let body = json!({"birth": {"datetime": datetime,
                                    "location": {"latitude": latitude, "longitude": 0}},
                          "options": {"key": 2.0, "age_end": 120, "aspects": [0, 90, -90, 180],
                                      "promissors": ["sun", "moon", "mean_node", "chiron"]}});
        let response = post_json(&app, PATH, &body).await;
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        assert!(
            status == 200 || status == 400,
            "{datetime} {latitude}: {status} {text}"
        );
        if status == 400 {
            assert!(
                text.contains("\"message\":\"birth.datetime"),
                "{datetime}: {text}"
            );
        }
    }
    app.cleanup().await;
}
