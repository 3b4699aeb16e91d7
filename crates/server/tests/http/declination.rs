//! Declination over HTTP (issue 26): the equatorial fields of a chart's bodies, parallels and
//! contra-parallels on request in `/v1/aspects` and in a chart's aspects, and their 400s. The
//! values themselves are checked against pyswisseph in
//! `crates/astro/tests/declination_fixture.rs`.

use serde_json::{Value, json};

use crate::support::{TestApp, error_body, post_json as post, post_ok as ok};

/// 1990-05-15 14:30 in Berlin, given in UTC.
fn berlin_birth() -> Value {
    json!({"datetime": "1990-05-15T12:30:00Z", "location": {"latitude": 52.52, "longitude": 13.405}})
}

#[tokio::test]
async fn chart_bodies_carry_their_declination_and_the_moon_goes_out_of_bounds() {
    let app = TestApp::spawn().await;
    let radix = ok(&app, "/v1/radix", &json!({"birth": berlin_birth()})).await;
    let planets = radix["planets"].as_object().unwrap();
    for (name, body) in planets {
        let declination = body["declination"].as_f64().unwrap();
        assert!((-90.0..=90.0).contains(&declination), "{name}");
        let ra = body["right_ascension"].as_f64().unwrap();
        assert!((0.0..360.0).contains(&ra), "{name}");
        assert!(body["declination_speed"].is_number(), "{name}");
        assert!(body["out_of_bounds"].is_boolean(), "{name}");
    }
    // The Sun never leaves the band; on 1990-05-15 it is at about +19°.
    let sun = &planets["sun"];
    assert_eq!(sun["out_of_bounds"], false);
    assert!((sun["declination"].as_f64().unwrap() - 19.0).abs() < 0.5);

    // Near the major standstill of 2006 the Moon passes ±28.7°, beyond the obliquity.
    let standstill = json!({"birth": {"datetime": "2006-09-15T03:00:00Z",
        "location": {"latitude": 0.0, "longitude": 0.0}}});
    let chart = ok(&app, "/v1/radix", &standstill).await;
    let moon = &chart["planets"]["moon"];
    assert_eq!(moon["out_of_bounds"], true, "{moon}");
    assert!(moon["declination"].as_f64().unwrap().abs() > 23.44);
    app.cleanup().await;
}

#[tokio::test]
async fn parallels_come_only_when_asked_for() {
    let app = TestApp::spawn().await;
    let plain = ok(
        &app,
        "/v1/aspects",
        &json!({"datetime": "2000-01-01T12:00:00Z"}),
    )
    .await;
    assert!(
        plain.get("parallels").is_none(),
        "a default answer is unchanged"
    );

    let with = ok(
        &app,
        "/v1/aspects",
        &json!({"datetime": "2000-01-01T12:00:00Z", "parallels": {}}),
    )
    .await;
    let parallels = &with["parallels"];
    assert_eq!(parallels["settings"]["orb"], 1.0);
    assert_eq!(parallels["settings"]["declination_of"], "body");
    assert_eq!(
        parallels["settings"]["aspect_names"],
        json!(["parallel", "contraparallel"])
    );
    for hit in parallels["list"].as_array().unwrap() {
        let (d1, d2) = (
            hit["first_declination"].as_f64().unwrap(),
            hit["second_declination"].as_f64().unwrap(),
        );
        let orb = match hit["aspect"].as_str().unwrap() {
            "parallel" => (d1 - d2).abs(),
            "contraparallel" => (d1 + d2).abs(),
            other => panic!("unexpected aspect {other}"),
        };
        assert!(orb <= 1.0 && (orb - hit["orb"].as_f64().unwrap()).abs() < 1e-12);
    }

    // Given declinations: a parallel closing at 0.25°/day, exact in 2 days.
    let given = ok(
        &app,
        "/v1/aspects",
        &json!({"positions": {
            "a": {"longitude": 10.0, "declination": 10.0, "declination_speed": 0.05},
            "b": {"longitude": 200.0, "declination": 9.5, "declination_speed": 0.3},
            "c": 100.0},
            "parallels": {"aspects": ["parallel"], "orb": 0.6}}),
    )
    .await;
    let list = given["parallels"]["list"].as_array().unwrap();
    assert_eq!(list.len(), 1, "c has no declination: {list:?}");
    assert_eq!(list[0]["aspect"], "parallel");
    assert_eq!(list[0]["applying"], true);
    assert!((list[0]["exact_in_days"].as_f64().unwrap() - 2.0).abs() < 1e-9);
    app.cleanup().await;
}

#[tokio::test]
async fn a_chart_lists_parallels_in_its_aspects_with_the_axes() {
    let app = TestApp::spawn().await;
    let chart = ok(
        &app,
        "/v1/radix",
        &json!({"birth": berlin_birth(),
                "options": {"aspects": {"parallels": {"orb": 2, "declination_of": "ecliptic_degree"}}}}),
    )
    .await;
    let parallels = &chart["aspects"]["parallels"];
    assert_eq!(parallels["settings"]["orb"], 2.0);
    assert_eq!(parallels["settings"]["declination_of"], "ecliptic_degree");
    let list = parallels["list"].as_array().unwrap();
    assert!(!list.is_empty());
    assert!(
        list.iter().all(|hit| hit["orb"].as_f64().unwrap() <= 2.0),
        "{list:?}"
    );
    let plain = ok(&app, "/v1/radix", &json!({"birth": berlin_birth()})).await;
    assert!(plain["aspects"].get("parallels").is_none());
    app.cleanup().await;
}

#[tokio::test]
async fn bad_parallel_options_are_400s_naming_the_field() {
    let app = TestApp::spawn().await;
    for (body, field) in [
        (
            json!({"positions": {"a": 1.0}, "parallels": {"orb": 0}}),
            "parallels.orb",
        ),
        (
            json!({"positions": {"a": 1.0}, "parallels": {"orb": 31}}),
            "parallels.orb",
        ),
        (
            json!({"positions": {"a": 1.0}, "parallels": {"aspects": []}}),
            "parallels.aspects",
        ),
        (
            json!({"positions": {"a": 1.0}, "parallels": {"aspects": ["antiparallel"]}}),
            "parallels.aspects[0]",
        ),
        (
            json!({"positions": {"a": {"longitude": 1.0, "declination": 91.0}}}),
            "positions.a.declination",
        ),
        (
            json!({"positions": {"a": {"longitude": 1.0, "declination_speed": 0.1}}}),
            "positions.a.declination_speed",
        ),
        (
            json!({"positions": {"a": 1.0}, "parallels": {"declination_of": "equator"}}),
            "parallels.declination_of",
        ),
    ] {
        let error = error_body(post(&app, "/v1/aspects", &body).await, 400).await;
        assert_eq!(error["error"]["field"], field, "{body}: {error}");
    }
    app.cleanup().await;
}
