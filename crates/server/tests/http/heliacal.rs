//! `POST /v1/heliacal` over HTTP: a library event, a rise/set configuration, a star by name and
//! by designation and the Moon against `fixtures/heliacal/cases.json`; caching; the latitude
//! limit; nothing found; and a 400 for every rule.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_invalid, post_json, post_ok, post_refused};

const SECOND_DAYS: f64 = 1.0 / 86_400.0;
/// The same library with the same parameters as the pyswisseph reference (see
/// `crates/astro/tests/heliacal_fixture.rs`): 1e-8 day = 0.9 ms.
const SAME_LIBRARY_DAYS: f64 = 1e-8;
/// Against skyfield/DE421: refraction, the Sun's horizon, Delta T and the ephemeris differ
/// (see `crates/astro/tests/heliacal_fixture.rs`, measured worst 13.4 s).
const SKYFIELD_SECONDS: f64 = 30.0;
/// `*_utc` is `*_jd` rounded to the second; the Julian day carries about 40 µs of rounding.
const ROUNDED_TO_SECOND: f64 = 0.5 + 0.001;

const PATH: &str = "/v1/heliacal";

async fn ok(app: &TestApp, body: &Value) -> Value {
    post_ok(app, PATH, body).await
}

async fn error(app: &TestApp, body: &Value) -> String {
    post_invalid(app, PATH, body).await
}

/// The request of a fixture case.
fn request_of(case: &Value) -> Value {
    json!({
        "datetime_start": case["datetime_start"], "object": case["object"],
        "event_type": case["event_type"], "location": case["location"],
        "atmosphere": case["atmosphere"], "observer": case["observer"],
    })
}

/// A valid request to break one rule at a time.
fn valid() -> Value {
    json!({
        "datetime_start": "2024-01-01T00:00:00Z", "object": "sirius",
        "event_type": "heliacal_rising",
        "location": {"latitude": 30.0444, "longitude": 31.2357, "altitude": 23.0},
        "atmosphere": {}, "observer": {},
    })
}

fn assert_utc_matches_jd(text: &Value, jd: &Value) {
    let text = text.as_str().unwrap();
    assert!(text.ends_with('Z') && text.len() == 20, "{text}");
    let instant: jiff::Timestamp = text.parse().unwrap();
    #[allow(clippy::cast_precision_loss, reason = "seconds of the fixture's years")]
    let from_text = 2_440_587.5 + instant.as_second() as f64 / 86_400.0;
    assert!(
        (from_text - num(jd)).abs() / SECOND_DAYS <= ROUNDED_TO_SECOND,
        "{text} vs {jd}"
    );
}

fn assert_library_answer(answer: &Value, case: &Value) {
    assert_eq!(answer["method"], "library", "{answer}");
    assert_eq!(answer["event_type"], case["event_type"]);
    let dret = case["pyswisseph"]["dret"].as_array().unwrap();
    for (key, want) in ["event", "optimum", "end"].into_iter().zip(dret) {
        let jd = &answer[format!("{key}_jd")];
        assert!(
            (num(jd) - num(want)).abs() <= SAME_LIBRARY_DAYS,
            "{key}: {answer}"
        );
        assert_utc_matches_jd(&answer[format!("{key}_utc")], jd);
    }
    assert_eq!(answer["missing"], json!([]));
    assert!(answer["configuration"].is_null());
}

#[tokio::test]
async fn a_star_s_heliacal_rising_matches_pyswisseph_and_is_cached() {
    let app = TestApp::spawn().await;
    let case = fixture_case("heliacal", "sirius_rising_cairo");
    let response = post_json(&app, PATH, &request_of(&case)).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("etag"));
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let body: Value = response.json().await.unwrap();
    assert_library_answer(&body, &case);
    assert_eq!(body["object"], "Sirius");
    assert_eq!(
        body["star"],
        json!({"name": "Sirius", "nomenclature": "alCMa"})
    );
    let settings = &body["settings"];
    assert_eq!(settings["datetime_start"], "2024-01-01T00:00:00Z");
    assert!((num(&settings["datetime_start_jd"]) - num(&case["start_jd_ut"])).abs() < 1e-9);
    assert_eq!(settings["location"], case["location"]);
    assert_eq!(settings["atmosphere"], case["atmosphere"]);
    assert_eq!(settings["observer"], case["observer"]);
    // The same star by its designation, with the library's leading comma or without: the
    // same answer.
    for name in ["alCMa", ",alcma"] {
        let mut request = request_of(&case);
        request["object"] = json!(name);
        let again = ok(&app, &request).await;
        assert_eq!(again["event_jd"], body["event_jd"], "{name}");
        assert_eq!(again["star"], body["star"]);
    }
    app.cleanup().await;
}

#[tokio::test]
async fn the_defaults_are_the_spec_s() {
    let app = TestApp::spawn().await;
    // The fixture case uses the defaults; leaving them out gives the same answer.
    let case = fixture_case("heliacal", "sirius_setting_cairo");
    let mut request = request_of(&case);
    request.as_object_mut().unwrap().remove("atmosphere");
    request.as_object_mut().unwrap().remove("observer");
    request["location"]
        .as_object_mut()
        .unwrap()
        .remove("altitude");
    let body = ok(&app, &request).await;
    assert_eq!(
        body["settings"]["atmosphere"],
        json!({"pressure": 1013.25, "temperature": 15.0, "humidity": 50.0, "meteo_range_km": 25.0})
    );
    assert_eq!(
        body["settings"]["observer"],
        json!({"age": 36.0, "eyes": 2, "magnification": 1.0, "aperture_mm": 0.0, "transmission": 1.0})
    );
    assert_eq!(body["settings"]["location"]["altitude"], 0.0);
    // Sea level instead of 23 m moves the event by well under a minute.
    let want = num(&case["pyswisseph"]["dret"][0]);
    assert!(
        (num(&body["event_jd"]) - want).abs() < 60.0 * SECOND_DAYS,
        "{body}"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn the_moon_and_an_instrument_match_pyswisseph() {
    let app = TestApp::spawn().await;
    for label in [
        "moon_evening_first_mecca",
        "sirius_rising_cairo_telescope_one_eye",
        "mercury_evening_first_santiago_clear",
    ] {
        let case = fixture_case("heliacal", label);
        let body = ok(&app, &request_of(&case)).await;
        assert_library_answer(&body, &case);
    }
    app.cleanup().await;
}

#[tokio::test]
async fn acronychal_rising_is_a_rise_set_configuration_matching_skyfield() {
    let app = TestApp::spawn().await;
    for (label, sun_event, object_event) in [
        ("mars_acronychal_rising_cairo", "sunset", "rise"),
        ("sirius_cosmical_setting_cairo", "sunrise", "set"),
        ("moon_acronychal_setting_mecca", "sunset", "set"),
    ] {
        let case = fixture_case("heliacal", label);
        let body = ok(&app, &request_of(&case)).await;
        assert_eq!(body["method"], "rise_set_configuration", "{body}");
        let want = &case["skyfield"]["found"];
        let seconds = (num(&body["event_jd"]) - num(&want["object_jd"])).abs() / SECOND_DAYS;
        assert!(seconds <= SKYFIELD_SECONDS, "{label}: {body}");
        assert_utc_matches_jd(&body["event_utc"], &body["event_jd"]);
        let c = &body["configuration"];
        assert_eq!(c["sun_event"], sun_event);
        assert_eq!(c["object_event"], object_event);
        let seconds = (num(&c["sun_jd"]) - num(&want["sun_jd"])).abs() / SECOND_DAYS;
        assert!(seconds <= SKYFIELD_SECONDS, "{label}: {body}");
        assert_utc_matches_jd(&c["sun_utc"], &c["sun_jd"]);
        let minutes = (num(&body["event_jd"]) - num(&c["sun_jd"])) * 1_440.0;
        assert!((num(&c["object_minus_sun_minutes"]) - minutes).abs() < 1e-6);
        // Not a period of visibility: no optimum, no end, and why.
        for key in ["optimum_utc", "optimum_jd", "end_utc", "end_jd"] {
            assert!(body[key].is_null(), "{key}: {body}");
        }
        let missing: Vec<&str> = body["missing"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["field"].as_str().unwrap())
            .collect();
        assert_eq!(missing, ["optimum_utc", "end_utc"]);
        assert!(body["notes"].as_array().is_some_and(|n| !n.is_empty()));
    }
    app.cleanup().await;
}

#[tokio::test]
async fn nothing_found_is_a_400_that_says_why() {
    let app = TestApp::spawn().await;
    let circumpolar = request_of(&fixture_case(
        "heliacal",
        "capella_setting_edinburgh_circumpolar",
    ));
    // The same star's configuration: it never sets at 55° N either.
    let mut never_sets = circumpolar.clone();
    never_sets["event_type"] = json!("cosmical_setting");
    let hazy = request_of(&fixture_case("heliacal", "mercury_rising_cairo_hazy"));
    for (request, starts, says) in [
        (
            circumpolar,
            "no heliacal_setting of Capella found within 1830 days",
            "never crosses the horizon at latitude 55.9533",
        ),
        (
            never_sets,
            "no cosmical_setting of Capella found within 403 days",
            "never crosses the horizon",
        ),
        (
            hazy,
            "no heliacal_rising of mercury found within 579 days",
            "meteo_range_km",
        ),
    ] {
        let message = error(&app, &request).await;
        assert!(
            message.starts_with(starts) && message.contains(says),
            "{message}"
        );
    }
    app.cleanup().await;
}

#[tokio::test]
async fn beyond_60_degrees_of_latitude_is_a_400_with_the_reason() {
    let app = TestApp::spawn().await;
    for (latitude, event) in [(65.0, "heliacal_rising"), (-60.5, "acronychal_rising")] {
        let mut body = valid();
        body["location"]["latitude"] = json!(latitude);
        body["event_type"] = json!(event);
        assert_eq!(
            error(&app, &body).await,
            format!(
                "location.latitude must be between -60 and 60 for heliacal events: the Swiss \
                 Ephemeris visibility model is valid only there (got {latitude})"
            )
        );
    }
    app.cleanup().await;
}

#[tokio::test]
async fn events_that_do_not_exist_say_what_to_ask_instead() {
    let app = TestApp::spawn().await;
    for (object, event, says) in [
        (
            "moon",
            "heliacal_rising",
            "evening_first_visible (the new crescent)",
        ),
        ("mars", "evening_first_visible", "ask for heliacal_rising"),
        ("sirius", "morning_last_visible", "ask for heliacal_setting"),
        ("venus", "acronychal_rising", "never rise as the Sun sets"),
        ("mercury", "cosmical_setting", "never rise as the Sun sets"),
    ] {
        let mut body = valid();
        body["object"] = json!(object);
        body["event_type"] = json!(event);
        let message = error(&app, &body).await;
        assert!(
            message.starts_with(&format!(
                "event_type: {event} does not exist for {object}: "
            )) && message.contains(says),
            "{message}"
        );
    }
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let mut body = valid();
    body["event_type"] = json!("heliacal_dawn");
    post_refused(&app, PATH, &body, "invalid_input", "event_type").await;
    // A star the catalogue lacks, and a date outside the files: found while calculating.
    let mut body = valid();
    body["object"] = json!("Nostar");
    let message = error(&app, &body).await;
    assert!(message.starts_with("object"), "{message}");
    // Search patterns are not names (the library's lookup would read `%` as a wildcard), and a
    // misspelt name is told the nearest.
    for (name, hint) in [
        ("%s", "search patterns (`%`)"),
        ("a%", "search patterns (`%`)"),
        ("Siriuss", "did you mean `Sirius`"),
    ] {
        body["object"] = json!(name);
        let message = post_refused(&app, PATH, &body, "unknown_name", "object").await;
        assert!(message.contains(hint), "{message}");
    }
    let mut body = valid();
    body["datetime_start"] = json!("4900-01-01T00:00:00Z");
    let message = error(&app, &body).await;
    assert!(message.starts_with("datetime_start: "), "{message}");
    app.cleanup().await;
}
