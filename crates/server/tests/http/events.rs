//! `POST /v1/events` over HTTP: every type against the references of `fixtures/events/` (see
//! `crates/astro/tests/events_fixture.rs` for the full sweeps), the sorting, the shapes, and a
//! 400 naming the field for every rule (unknown type, start after end, over the window limit,
//! a missing or unused location).

use serde_json::{Value, json};

use crate::support::{TestApp, num, post_invalid, post_json, post_ok};

const PATH: &str = "/v1/events";
const SECOND_DAYS: f64 = 1.0 / 86_400.0;
/// Same library: half a second by us, 0.01 s by the reference (`events_fixture.rs`).
const SAME_LIBRARY_EVENT_DAYS: f64 = SECOND_DAYS;
/// A station's time: a minute (the speed crosses zero slowly).
const STATION_DAYS: f64 = 60.0 * SECOND_DAYS;
/// 2024-01-01T00:00:00Z and 2025-01-01T00:00:00Z.
const JD_2024: f64 = 2_460_310.5;
const JD_2025: f64 = 2_460_676.5;

fn fixture(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/events")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

async fn events(app: &TestApp, body: &Value) -> Vec<Value> {
    let answer = post_ok(app, PATH, body).await;
    answer["events"].as_array().unwrap().clone()
}

/// The fixture's rows in [JD_2024, JD_2025).
fn rows_2024<'a>(rows: &'a Value, time: impl Fn(&Value) -> f64 + 'a) -> Vec<&'a Value> {
    rows.as_array()
        .unwrap()
        .iter()
        .filter(|r| (JD_2024..JD_2025).contains(&time(r)))
        .collect()
}

fn year_2024(types: Value) -> Value {
    json!({"start": "2024-01-01T00:00:00Z", "end": "2025-01-01T00:00:00Z", "types": types})
}

#[tokio::test]
async fn ingresses_and_stations_of_2024_match_the_dense_search() {
    let app = TestApp::spawn().await;
    let f = fixture("pyswisseph.json");
    let mut body = year_2024(json!(["ingress", "station"]));
    body["bodies"] = json!(["mercury", "saturn"]);
    let got = events(&app, &body).await;
    let times: Vec<f64> = got.iter().map(|e| num(&e["exact_at_jd"])).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "sorted by time");
    for name in ["mercury", "saturn"] {
        let want = rows_2024(&f["ingresses"][name], |r| num(&r[0]));
        let mine: Vec<&Value> = got
            .iter()
            .filter(|e| e["type"] == "ingress" && e["body"] == name)
            .collect();
        assert_eq!(mine.len(), want.len(), "{name}");
        for (e, row) in mine.iter().zip(want) {
            assert!((num(&e["exact_at_jd"]) - num(&row[0])).abs() <= SAME_LIBRARY_EVENT_DAYS);
            assert_eq!(e["retrograde"], row[2], "{e}");
            assert!(e["exact_at"].as_str().unwrap().ends_with('Z'));
        }
        let want = rows_2024(&f["stations"][name], |r| num(&r[0]));
        let mine: Vec<&Value> = got
            .iter()
            .filter(|e| e["type"] == "station" && e["body"] == name)
            .collect();
        assert_eq!(mine.len(), want.len(), "{name}");
        for (e, row) in mine.iter().zip(want) {
            assert!(
                (num(&e["exact_at_jd"]) - num(&row[0])).abs() <= STATION_DAYS,
                "{e}"
            );
            assert_eq!(e["direction"], row[1], "{e}");
        }
    }
}

#[tokio::test]
async fn retrograde_periods_carry_their_shadows() {
    let app = TestApp::spawn().await;
    let f = fixture("pyswisseph.json");
    let mut body = year_2024(json!(["retrograde_period"]));
    body["bodies"] = json!(["mercury"]);
    let got = events(&app, &body).await;
    let shadows = f["shadows"]["mercury"].as_array().unwrap();
    // Periods overlapping 2024, listed whole: the one that began in December 2023 too.
    assert!(num(&got[0]["start_jd"]) < JD_2024, "{}", got[0]);
    for e in &got {
        let row = shadows
            .iter()
            .find(|r| (num(&r[0]) - num(&e["start_jd"])).abs() <= STATION_DAYS)
            .unwrap_or_else(|| panic!("no reference for {e}"));
        assert!(
            (num(&e["end_jd"]) - num(&row[1])).abs() <= STATION_DAYS,
            "{e}"
        );
        assert!(
            (num(&e["shadow_start"]["jd"]) - num(&row[2])).abs() <= STATION_DAYS,
            "{e}"
        );
        assert!(
            (num(&e["shadow_end"]["jd"]) - num(&row[3])).abs() <= STATION_DAYS,
            "{e}"
        );
        assert!(num(&e["station_retrograde"]["longitude"]) > 0.0);
    }
}

#[tokio::test]
async fn lunations_eclipses_and_the_void_moon_match_their_references() {
    let app = TestApp::spawn().await;
    let f = fixture("pyswisseph.json");
    let mut body = year_2024(json!(["lunation", "eclipse"]));
    body["lunation_phases"] = json!("eight");
    let got = events(&app, &body).await;
    let lunations: Vec<&Value> = got.iter().filter(|e| e["type"] == "lunation").collect();
    let want = rows_2024(&f["lunations"], |r| num(&r[0]));
    assert_eq!(lunations.len(), want.len());
    let phases = [
        "new",
        "waxing_crescent",
        "first_quarter",
        "waxing_gibbous",
        "full",
        "waning_gibbous",
        "last_quarter",
        "waning_crescent",
    ];
    for (e, row) in lunations.iter().zip(want) {
        assert!((num(&e["exact_at_jd"]) - num(&row[0])).abs() <= SAME_LIBRARY_EVENT_DAYS);
        assert_eq!(
            e["phase"],
            phases[usize::try_from(row[1].as_u64().unwrap()).unwrap()]
        );
        assert!(e["moon"]["sign"].is_string() && e["moon"]["degree"].is_number());
    }
    let eclipses: Vec<&Value> = got.iter().filter(|e| e["type"] == "eclipse").collect();
    let mut want: Vec<(f64, &Value)> = rows_2024(&f["solar_eclipses"], |r| num(&r["greatest_jd"]))
        .into_iter()
        .chain(rows_2024(&f["lunar_eclipses"], |r| num(&r["greatest_jd"])))
        .map(|r| (num(&r["greatest_jd"]), r))
        .collect();
    want.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(eclipses.len(), want.len());
    for (e, (jd, row)) in eclipses.iter().zip(want) {
        assert!(
            (num(&e["exact_at_jd"]) - jd).abs() <= SAME_LIBRARY_EVENT_DAYS,
            "{e}"
        );
        assert_eq!(e["eclipse_type"], row["type"], "{e}");
        assert_eq!(e["saros_series"], row["saros"][0], "{e}");
        assert_eq!(e["greatest_at"], e["exact_at"]);
    }

    let v = fixture("void_of_course.json");
    let body = json!({"start": "2024-03-01T00:00:00Z", "end": "2024-04-01T00:00:00Z",
                      "types": ["void_of_course"]});
    let got = events(&app, &body).await;
    let (s, e) = (2_460_370.5, 2_460_401.5);
    let want: Vec<&Value> = v["periods"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| num(&p["start_jd"]) <= e && num(&p["end_jd"]) >= s)
        .collect();
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!((num(&g["start_jd"]) - num(&w["start_jd"])).abs() <= SAME_LIBRARY_EVENT_DAYS);
        assert!((num(&g["end_jd"]) - num(&w["end_jd"])).abs() <= SAME_LIBRARY_EVENT_DAYS);
        assert_eq!(g["last_aspect"], w["aspect"]);
        assert_eq!(g["last_aspect_body"], w["body"]);
        assert_eq!(g["next_sign"], w["next_sign"]);
    }
}

#[tokio::test]
async fn local_eclipses_apsides_and_aspects_answer() {
    let app = TestApp::spawn().await;
    let f = fixture("pyswisseph.json");
    let place = &f["local_eclipses"]["new_york"];
    let body = json!({
        "start": "2024-01-01T00:00:00Z", "end": "2025-01-01T00:00:00Z",
        "types": ["local_eclipse", "perigee", "apogee", "perihelion", "aphelion"],
        "bodies": ["moon", "mercury"],
        "location": {"latitude": place["lat"], "longitude": place["lon"], "altitude": place["alt_m"]},
    });
    let got = events(&app, &body).await;
    let local: Vec<&Value> = got
        .iter()
        .filter(|e| e["type"] == "local_eclipse")
        .collect();
    let mut want = rows_2024(&place["eclipses"], |r| num(&r["maximum_jd"]));
    want.sort_by(|a, b| num(&a["maximum_jd"]).total_cmp(&num(&b["maximum_jd"])));
    assert_eq!(local.len(), want.len());
    for (e, row) in local.iter().zip(want) {
        assert!(
            (num(&e["exact_at_jd"]) - num(&row["maximum_jd"])).abs() <= SAME_LIBRARY_EVENT_DAYS
        );
        assert_eq!(e["kind"], row["kind"]);
    }
    let perigees = got.iter().filter(|e| e["type"] == "perigee").count();
    let perihelia = got.iter().filter(|e| e["type"] == "perihelion").count();
    // 13 or 14 anomalistic months (27.55 days) a year; Mercury's 88-day year.
    assert!((13..=14).contains(&perigees), "{perigees}");
    assert!((4..=5).contains(&perihelia), "{perihelia}");

    let mut body = year_2024(json!(["aspect"]));
    body["bodies"] = json!(["jupiter", "saturn", "uranus"]);
    body["aspects"] = json!(["square", "sextile"]);
    let got = events(&app, &body).await;
    // The times are checked against a dense search in `events_fixture.rs`; here the shape.
    assert!(!got.is_empty());
    for e in &got {
        assert_eq!(e["type"], "aspect");
        assert!(
            matches!(e["aspect"].as_str(), Some("square" | "sextile")),
            "{e}"
        );
        let arc = num(&e["arc"]).abs();
        assert!(
            (arc - 60.0).abs() < 1e-9 || (arc - 90.0).abs() < 1e-9,
            "{e}"
        );
    }
}

#[tokio::test]
async fn every_rule_is_a_400_naming_its_field() {
    let app = TestApp::spawn().await;
    let base = || year_2024(json!(["ingress"]));
    let cases: Vec<(Value, &str)> = vec![
        (
            {
                let mut b = base();
                b["types"] = json!(["eclipses"]);
                b
            },
            "types",
        ),
        (
            {
                let mut b = base();
                b["types"] = json!([]);
                b
            },
            "types",
        ),
        (
            {
                let mut b = base();
                b["end"] = json!("2023-01-01T00:00:00Z");
                b
            },
            "end",
        ),
        (
            {
                let mut b = base();
                b["start"] = json!("2024-01-01T00:00:00");
                b
            },
            "start",
        ),
        (
            {
                let mut b = base();
                b["bodies"] = json!(["vulcan"]);
                b
            },
            "bodies",
        ),
        (
            {
                let mut b = base();
                b["ayanamsa"] = json!("lahiri");
                b
            },
            "ayanamsa",
        ),
        (
            {
                let mut b = base();
                b["types"] = json!(["local_eclipse"]);
                b
            },
            "location",
        ),
        (
            {
                let mut b = base();
                b["location"] = json!({"latitude": 1.0, "longitude": 2.0});
                b
            },
            "location",
        ),
        (
            {
                let mut b = base();
                b["lunation_phases"] = json!("six");
                b
            },
            "lunation_phases",
        ),
        (
            {
                let mut b = base();
                b["colour"] = json!("red");
                b
            },
            "colour",
        ),
    ];
    for (body, field) in cases {
        let message = post_invalid(&app, PATH, &body).await;
        assert!(message.contains(field), "{field}: {message}");
    }
    // Over the window: 10 years for lunations, 200 for ingresses; refused before any work.
    let body = json!({"start": "2000-01-01T00:00:00Z", "end": "2011-01-01T00:00:00Z",
                      "types": ["ingress", "lunation"]});
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 400);
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["error"]["code"], "limit_exceeded", "{error}");
    assert_eq!(error["error"]["field"], "end", "{error}");
    assert_eq!(error["error"]["details"]["limit"], 10, "{error}");
    let body = json!({"start": "1850-01-01T00:00:00Z", "end": "2060-01-01T00:00:00Z",
                      "types": ["station"]});
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 400);
    // Chiron outside its file's years: a 400, not a 500.
    let body = json!({"start": "1100-01-01T00:00:00Z", "end": "1101-01-01T00:00:00Z",
                      "types": ["ingress"], "bodies": ["chiron"]});
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn a_calendar_is_cached_like_every_calculation() {
    let app = TestApp::spawn().await;
    let body = json!({"start": "2027-02-01T00:00:00Z", "end": "2027-03-01T00:00:00Z",
                      "types": ["lunation", "eclipse"]});
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 200);
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let again = app
        .post(PATH)
        .header("X-API-Key", crate::support::DEMO_KEY)
        .header("If-None-Match", &etag)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
}

#[tokio::test]
async fn a_default_body_without_data_in_the_window_is_left_out_and_listed() {
    let app = TestApp::spawn().await;
    // Chiron, a default body, has no data before 1200.
    let window = json!({"start": "1100-01-01T00:00:00Z", "end": "1100-03-01T00:00:00Z",
                        "types": ["ingress"]});
    let answer = post_ok(&app, PATH, &window).await;
    assert_eq!(answer["omitted"][0]["body"], "chiron", "{answer}");
    assert_eq!(answer["omitted"][0]["reason"], "outside_ephemeris_range");
    assert_eq!(answer["omitted"][0]["valid_from"], "1200-01-09");
    // Before the files the positions are Moshier's, and the answer says so.
    assert_eq!(answer["ephemeris"], "moshier");
    let events = answer["events"].as_array().unwrap();
    assert!(!events.is_empty(), "the Moon changes sign in two months");
    assert!(events.iter().all(|e| e["body"] != "chiron"));
    // In the files' years nothing is left out, and the field is absent.
    let modern = json!({"start": "2024-01-01T00:00:00Z", "end": "2024-03-01T00:00:00Z",
                        "types": ["ingress"]});
    let modern = post_ok(&app, PATH, &modern).await;
    assert!(modern.get("omitted").is_none());
    assert_eq!(modern["ephemeris"], "swiss");
    // Named, it is a 400 naming its dates.
    let mut named = window.clone();
    named["bodies"] = json!(["moon", "chiron"]);
    let response = post_json(&app, PATH, &named).await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "outside_ephemeris_range", "{body}");
    app.cleanup().await;
}
