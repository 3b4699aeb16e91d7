//! `POST /v1/relationship` over HTTP: each method against the independent reference of
//! `fixtures/relationship/cases.json` end to end, the `kombin` alias, `include_natal_charts`,
//! the composite's cusp-order and polar-fallback reports, and every 400 with its field path.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_invalid, post_json, post_ok, post_refused};

/// Same library, same data files, same Julian day (see
/// `crates/api/tests/relationship_golden.rs`); a midpoint or an orb depends on two longitudes.
const SAME_LIBRARY_DEG: f64 = 1e-7;
const DERIVED_DEG: f64 = 2.0 * SAME_LIBRARY_DEG;
/// Two vector computations of the same great-circle midpoint: rounding only.
const PLACE_DEG: f64 = 1e-9;

const PATH: &str = "/v1/relationship";

fn lon_diff(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}

fn assert_lon(what: &str, got: &Value, want: &Value, tol: f64) {
    let d = lon_diff(num(got), num(want));
    assert!(d <= tol, "{what}: {got} vs {want}");
}

/// The aspects of a response against the reference: the same pairs in the same order.
fn assert_aspects(label: &str, got: &Value, want: &Value) {
    let (got, want) = (got.as_array().unwrap(), want.as_array().unwrap());
    assert_eq!(got.len(), want.len(), "{label}");
    for (g, w) in got.iter().zip(want) {
        for field in ["first", "second", "aspect", "applying"] {
            assert_eq!(g[field], w[field], "{label} {field}");
        }
        assert!((num(&g["orb"]) - num(&w["orb"])).abs() <= DERIVED_DEG);
    }
}

/// Planets, cusps and axes of a chart against the reference.
fn assert_chart(label: &str, got: &Value, want: &Value, tol: f64) {
    for (name, w) in want["planets"].as_object().unwrap() {
        let g = &got["planets"][name];
        assert_lon(
            &format!("{label} {name}"),
            &g["longitude"],
            &w["longitude"],
            tol,
        );
        assert_eq!(g.get("house").unwrap_or(&Value::Null), &w["house"]);
    }
    for (i, w) in want["cusps"].as_array().unwrap().iter().enumerate() {
        let key = (i + 1).to_string();
        assert_lon(&format!("{label} cusp {key}"), &got["houses"][&key], w, tol);
    }
    assert_lon(
        label,
        &got["angles"]["ascendant"]["longitude"],
        &want["ascendant"],
        tol,
    );
    assert_lon(label, &got["angles"]["mc"]["longitude"], &want["mc"], tol);
}

#[tokio::test]
async fn synastry_gives_cross_aspects_attributed_to_each_person() {
    let app = TestApp::spawn().await;
    let case = fixture_case("relationship", "synastry_defaults_berlin_new_york");
    let response = post_json(&app, PATH, &case["request"]).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("etag"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["method"], "synastry");
    assert_eq!(body["settings"]["house_system"], "koch");
    assert_eq!(body["settings"]["include_natal_charts"], false);
    assert_eq!(body["person_a"]["name"], "Ann");
    assert_eq!(body["person_a"]["timezone"], "Europe/Berlin");
    assert_eq!(body["person_a"]["resolved"]["utc"], "1990-05-15T12:30:00Z");
    assert_eq!(body["person_a"]["resolved"]["offset_source"], "tz_database");
    assert_eq!(body["person_b"]["name"], "Bob");
    assert_eq!(body["person_b"]["location"]["latitude"], 40.7128);
    assert!(body["person_a"].get("chart").is_none());
    let aspects = &body["aspects"];
    assert_eq!(
        (&aspects["first"], &aspects["second"]),
        (&json!("person_a"), &json!("person_b"))
    );
    assert_eq!(aspects["settings"]["mode"], "cross");
    assert_eq!(aspects["settings"]["orbs"]["preset"], "classic");
    assert_aspects("synastry", &aspects["list"], &case["expected"]["aspects"]);
    assert!(body.get("chart").is_none() && body.get("davison").is_none());
    app.cleanup().await;
}

#[tokio::test]
async fn synastry_with_natal_charts_and_options() {
    let app = TestApp::spawn().await;
    for label in ["synastry_polar_natal_charts", "synastry_natal_charts"] {
        let case = fixture_case("relationship", label);
        let body = post_ok(&app, PATH, &case["request"]).await;
        assert_eq!(body["settings"]["include_natal_charts"], true);
        for who in ["person_a", "person_b"] {
            let chart = &body[who]["chart"];
            let want = &case["expected"]["natal_charts"][who];
            assert_chart(label, chart, want, SAME_LIBRARY_DEG);
            assert_eq!(
                chart["house_system_used"],
                case["expected"]["persons"][who]["house_system_used"]
            );
            assert!(!chart["aspects"]["list"].as_array().unwrap().is_empty());
        }
        assert_aspects(
            label,
            &body["aspects"]["list"],
            &case["expected"]["aspects"],
        );
    }
    // Longyearbyen: Koch is undefined there, radix's Porphyry fallback with its note.
    let case = fixture_case("relationship", "synastry_polar_natal_charts");
    let body = post_ok(&app, PATH, &case["request"]).await;
    assert_eq!(body["person_a"]["chart"]["house_system_used"], "porphyry");
    assert!(body["person_a"]["chart"]["house_system_note"].is_string());
    for label in [
        "synastry_custom_orbs_no_axes",
        "synastry_explicit_aspects_tight",
        "synastry_bodies",
    ] {
        let case = fixture_case("relationship", label);
        let body = post_ok(&app, PATH, &case["request"]).await;
        assert_aspects(
            label,
            &body["aspects"]["list"],
            &case["expected"]["aspects"],
        );
    }
    app.cleanup().await;
}

#[tokio::test]
async fn composite_is_the_midpoint_chart() {
    let app = TestApp::spawn().await;
    for label in [
        "composite_defaults",
        "composite_date_line",
        "composite_suns_nearly_opposite_long",
        "composite_ascendants_nearly_opposite",
    ] {
        let case = fixture_case("relationship", label);
        let body = post_ok(&app, PATH, &case["request"]).await;
        let want = &case["expected"]["chart"];
        assert_eq!(body["method"], "composite");
        assert_chart(label, &body["chart"], want, DERIVED_DEG);
        assert_eq!(body["chart"]["cusps_in_order"], want["cusps_in_order"]);
        assert_aspects(label, &body["chart"]["aspects"]["list"], &want["aspects"]);
        assert_eq!(body["chart"]["aspects"]["settings"]["mode"], "within");
        assert!(body.get("aspects").is_none() && body.get("davison").is_none());
    }
    app.cleanup().await;
}

#[tokio::test]
async fn composite_reports_exactly_opposite_cusps_and_polar_fallbacks() {
    let app = TestApp::spawn().await;
    // Whole-sign cusps from opposite signs: every pair exactly opposite, so cusps n and n + 6
    // both fall 90° ahead of the smaller longitude and the order is lost.
    let case = fixture_case("relationship", "composite_whole_sign_exactly_opposite");
    let body = post_ok(&app, PATH, &case["request"]).await;
    let chart = &body["chart"];
    assert_chart("whole sign", chart, &case["expected"]["chart"], DERIVED_DEG);
    assert_eq!(chart["cusps_in_order"], false);
    assert!(
        chart["cusp_order_note"]
            .as_str()
            .unwrap()
            .contains("opposite")
    );
    for n in 1..=6 {
        assert_eq!(
            chart["houses"][n.to_string()],
            chart["houses"][(n + 6).to_string()]
        );
    }
    for planet in chart["planets"].as_object().unwrap().values() {
        assert!(planet.get("house").is_none(), "{planet}");
    }

    // One natal chart inside the polar circle: its Koch cusps fell back to Porphyry.
    let case = fixture_case("relationship", "composite_polar_mixed_systems");
    let body = post_ok(&app, PATH, &case["request"]).await;
    let chart = &body["chart"];
    assert!(chart.get("house_system_used").is_none(), "{chart}");
    let note = chart["house_system_note"].as_str().unwrap();
    assert!(
        note.starts_with("person_a's natal cusps are porphyry"),
        "{note}"
    );
    assert_chart("polar", chart, &case["expected"]["chart"], DERIVED_DEG);
    assert_eq!(chart["cusps_in_order"], true);
    assert!(chart.get("cusp_order_note").is_none());
    app.cleanup().await;
}

#[tokio::test]
async fn davison_and_its_kombin_alias() {
    let app = TestApp::spawn().await;
    let case = fixture_case("relationship", "davison_kombin_alias");
    let kombin = post_ok(&app, PATH, &case["request"]).await;
    let mut request = case["request"].clone();
    request["method"] = "davison".into();
    let davison = post_ok(&app, PATH, &request).await;
    assert_eq!(kombin["method"], "davison");
    assert_eq!(kombin, davison);
    for label in [
        "davison_kombin_alias",
        "davison_date_line",
        "davison_polar_place",
        "davison_nearly_antipodal",
    ] {
        let case = fixture_case("relationship", label);
        let body = post_ok(&app, PATH, &case["request"]).await;
        let (want, chart) = (&case["expected"], &body["chart"]);
        assert_chart(label, chart, &want["chart"], SAME_LIBRARY_DEG);
        assert_eq!(
            chart["house_system_used"],
            want["chart"]["house_system_used"]
        );
        assert_aspects(label, &chart["aspects"]["list"], &want["chart"]["aspects"]);
        let place = &body["davison"]["location"];
        for field in ["latitude", "longitude"] {
            let d = lon_diff(num(&place[field]), num(&want["davison"]["location"][field]));
            assert!(d <= PLACE_DEG, "{label} {field}");
        }
        assert!(body["davison"]["utc"].as_str().unwrap().ends_with('Z'));
        assert!(body.get("aspects").is_none());
    }
    // Sydney and Buenos Aires: the great circle passes near the South Pole, where Koch is
    // undefined.
    assert_eq!(kombin["chart"]["house_system_used"], "porphyry");
    assert!(num(&kombin["davison"]["location"]["latitude"]) < -66.6);
    app.cleanup().await;
}

#[tokio::test]
async fn the_davison_instant_is_the_mean_to_the_second() {
    let app = TestApp::spawn().await;
    let place = json!({"latitude": 0.0, "longitude": 10.0});
    let body = post_ok(
        &app,
        PATH,
        &json!({"method": "davison",
                "person_a": {"birth": {"datetime": "2000-01-01T00:00:00Z", "location": place}},
                "person_b": {"birth": {"datetime": "2000-01-03T12:00:00+02:00",
                                       "location": {"latitude": 0.0, "longitude": 50.0}}}}),
    )
    .await;
    // 2000-01-03T10:00Z and 2000-01-01T00:00Z: the mean is 2000-01-02T05:00Z, on the equator
    // halfway between 10° E and 50° E.
    assert_eq!(body["davison"]["utc"], "2000-01-02T05:00:00Z");
    let a = num(&body["person_a"]["resolved"]["julian_day_ut"]);
    let b = num(&body["person_b"]["resolved"]["julian_day_ut"]);
    assert!((num(&body["davison"]["julian_day_ut"]) - (a + b) / 2.0).abs() < 1e-9);
    assert!((num(&body["davison"]["location"]["longitude"]) - 30.0).abs() < 1e-9);
    assert!(num(&body["davison"]["location"]["latitude"]).abs() < 1e-9);
    app.cleanup().await;
}

fn birth(datetime: &str, latitude: f64, longitude: f64) -> Value {
    json!({"datetime": datetime, "location": {"latitude": latitude, "longitude": longitude}})
}

fn with(method: &str, a: &Value, b: &Value, options: Value) -> Value {
    json!({"method": method, "person_a": a, "person_b": b, "options": options})
}

/// A person without a name.
fn someone(datetime: &str, latitude: f64, longitude: f64) -> Value {
    json!({"birth": birth(datetime, latitude, longitude)})
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let a = json!({"name": "Ann", "birth": birth("1990-05-15T12:30:00Z", 52.52, 13.405)});
    let b = json!({"birth": birth("1988-11-02T13:15:00Z", 40.7128, -74.006)});
    post_refused(
        &app,
        PATH,
        &with("synastry", &a, &b, json!({"house_system": "kotch"})),
        "unknown_name",
        "options.house_system",
    )
    .await;
    // Chiron, a default body, has no data before 1200: left out of both charts (so that they
    // have the same bodies) and listed.
    let with_1100 = |options: Value| {
        with(
            "synastry",
            &someone("1100-01-01T00:00:00Z", 52.0, 13.0),
            &b,
            options,
        )
    };
    let early = post_ok(&app, PATH, &with_1100(json!({}))).await;
    assert_eq!(early["omitted"][0]["body"], "chiron", "{early}");
    assert_eq!(early["omitted"][0]["valid_from"], "1200-01-09");
    let bodies = early["settings"]["bodies"].as_array().unwrap();
    assert!(!bodies.contains(&json!("chiron")) && bodies.contains(&json!("sun")));
    let aspects = early["aspects"]["list"].as_array().unwrap();
    assert!(
        aspects
            .iter()
            .all(|a| a["first"] != "chiron" && a["second"] != "chiron")
    );
    // Named, it is a 400 naming the person and the dates.
    let message = post_invalid(&app, PATH, &with_1100(json!({"bodies": ["sun", "chiron"]}))).await;
    assert!(
        message.starts_with("person_a.birth: chiron has no ephemeris data at 1100-01-01T00:00:00Z"),
        "{message}"
    );
    // The antipodal case for the other methods is fine: they need no midpoint of the places.
    let antipodes = with(
        "composite",
        &someone("1990-05-15T12:30:00Z", 10.0, 20.0),
        &someone("1991-05-15T12:30:00Z", -10.0, -160.0),
        json!({}),
    );
    post_ok(&app, PATH, &antipodes).await;
    // Historical births work once Chiron is left out.
    let old = with(
        "davison",
        &someone("1150-01-01T00:00:00Z", 52.0, 13.0),
        &someone("1160-01-01T00:00:00Z", 48.0, 2.0),
        json!({"bodies": ["sun", "moon", "saturn"]}),
    );
    let body = post_ok(&app, PATH, &old).await;
    // 3652 days apart (1152 and 1156 are leap years, proleptic Gregorian): the mean is 1826
    // days after the first.
    assert_eq!(body["davison"]["utc"], "1155-01-01T00:00:00Z");
    app.cleanup().await;
}

#[tokio::test]
async fn extreme_inputs_are_answered_never_with_a_500() {
    let app = TestApp::spawn().await;
    let pole = someone("1990-05-15T12:30:00Z", 90.0, 0.0);
    let south_pole = someone("1990-05-15T12:30:00Z", -90.0, 0.0);
    let parallel_east = someone("1990-05-15T12:30:00Z", 45.0, 0.0);
    let parallel_west = someone("2020-05-15T12:30:00Z", 45.0, 180.0);
    let ancient = someone("0100-01-01T00:00:00Z", 0.0, 0.0);
    let far = someone("9000-01-01T00:00:00Z", 0.0, 0.0);
    let named = json!({"name": "é".repeat(100), "birth": birth("1990-05-15T12:30:00Z", 0.0, 0.0)});
    let bodies = json!({"bodies": ["sun", "moon"]});
    for method in ["synastry", "composite", "davison"] {
        for (a, b, options) in [
            (&pole, &pole, json!({})),
            (&pole, &parallel_east, json!({"house_system": "placidus"})),
            (&parallel_east, &parallel_west, json!({})),
            (
                &south_pole,
                &parallel_east,
                json!({"house_system": "gauquelin"}),
            ),
            (&ancient, &far, bodies.clone()),
            (&ancient, &far, json!({})),
            (
                &named,
                &parallel_west,
                json!({"house_system": "whole_sign"}),
            ),
        ] {
            let body = with(method, a, b, options);
            let status = post_json(&app, PATH, &body).await.status().as_u16();
            assert!(status == 200 || status == 400, "{status} for {body}");
        }
    }
    // Two places on the 45th parallel, 180° of longitude apart: the great circle runs over the
    // North Pole, and the Davison chart is cast there (Koch undefined: Porphyry).
    let body = post_ok(
        &app,
        PATH,
        &with("davison", &parallel_east, &parallel_west, json!({})),
    )
    .await;
    assert!((num(&body["davison"]["location"]["latitude"]) - 90.0).abs() < 1e-9);
    assert_eq!(body["chart"]["house_system_used"], "porphyry");
    // A name of 100 two-byte characters is within the limit (characters, not bytes).
    let body = post_ok(&app, PATH, &with("composite", &named, &pole, json!({}))).await;
    assert_eq!(body["person_a"]["name"], named["name"]);
    app.cleanup().await;
}
