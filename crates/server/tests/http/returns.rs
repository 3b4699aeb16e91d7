//! `POST /v1/returns` and `POST /v1/mercury-return` over HTTP: the shapes, `include` subsets,
//! crossings, the defaults (a start of "now" is not cacheable), the alias, the count limits,
//! every 400, and returns against the independent reference of `fixtures/returns/cases.json`.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, assert_400};

const SECOND_DAYS: f64 = 1.0 / 86_400.0;
/// The issue's acceptance figure: every return within a second of the reference.
const ISSUE_TOLERANCE_SECONDS: f64 = 1.0;
/// `exact_at` is `exact_at_jd` rounded to the second; the Julian day itself carries about 40 µs
/// of rounding.
const ROUNDED_TO_SECOND: f64 = 0.5 + 0.001;

async fn post(app: &TestApp, path: &str, body: &Value) -> reqwest::Response {
    app.post(path)
        .header("X-API-Key", DEMO_KEY)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn ok(app: &TestApp, path: &str, body: &Value) -> Value {
    let response = post(app, path, body).await;
    let status = response.status();
    let text = response.text().await.unwrap();
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

async fn error(app: &TestApp, path: &str, body: &Value) -> String {
    assert_400(post(app, path, body).await).await
}

fn berlin_birth() -> Value {
    json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

fn fixture() -> Value {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/returns/cases.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn fixture_case(label: &str) -> Value {
    fixture()["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["label"] == label)
        .unwrap_or_else(|| panic!("no fixture case {label}"))
        .clone()
}

/// The UTC instant of a Julian day (UT), as a request writes it.
fn iso(jd: f64) -> String {
    #[allow(clippy::cast_possible_truncation, reason = "dates of the fixture")]
    let micros = ((jd - 2_440_587.5) * 86_400e6).round() as i64;
    jiff::Timestamp::from_microsecond(micros)
        .unwrap()
        .to_string()
}

/// Checks that an `exact_at` is its `exact_at_jd` to the second.
fn assert_exact_at_matches_jd(item: &Value) {
    let text = item["exact_at"].as_str().unwrap();
    assert!(text.ends_with('Z') && text.len() == 20, "{text}");
    let instant: jiff::Timestamp = text.parse().unwrap();
    let jd = 2_440_587.5 + instant.as_second() as f64 / 86_400.0;
    let seconds = (jd - num(&item["exact_at_jd"])).abs() / SECOND_DAYS;
    assert!(seconds <= ROUNDED_TO_SECOND, "{item}");
}

#[tokio::test]
async fn a_solar_return_with_its_chart() {
    let app = TestApp::spawn().await;
    let body = json!({"natal": berlin_birth(), "planet": "sun", "from": "2024-01-01T00:00:00Z"});
    let response = post(&app, "/v1/returns", &body).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("etag"));
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let body: Value = response.json().await.unwrap();

    let settings = &body["settings"];
    assert_eq!(settings["planets"], json!(["sun"]));
    assert_eq!(settings["from"], "2024-01-01T00:00:00Z");
    assert_eq!(settings["from_source"], "request");
    assert_eq!(settings["count"], 1);
    assert_eq!(settings["target_angle"], 0.0);
    assert_eq!(settings["include"], json!(["chart", "houses", "aspects"]));
    assert_eq!(settings["house_system"], "koch");
    assert_eq!(settings["location"]["latitude"], 52.52);
    assert_eq!(body["natal"]["source"], "natal");
    assert_eq!(body["natal"]["resolved"]["utc"], "1990-05-15T12:30:00Z");
    let natal_sun = num(&body["natal"]["longitudes"]["sun"]);

    let returns = body["returns"]["sun"].as_array().unwrap();
    assert_eq!(returns.len(), 1);
    let r = &returns[0];
    assert_eq!(r["planet"], "sun");
    // The same number, echoed.
    assert_eq!(r["natal_longitude"], body["natal"]["longitudes"]["sun"]);
    assert_eq!(r["target_longitude"], body["natal"]["longitudes"]["sun"]);
    // 1990-05-15T12:30Z; in 2024 (a leap year) the Sun is back on the evening of May 14 UTC.
    assert!(
        r["exact_at"]
            .as_str()
            .unwrap()
            .starts_with("2024-05-14T17:5"),
        "{r}"
    );
    assert_exact_at_matches_jd(r);
    assert_eq!(r["retrograde_at_exact"], false);
    assert_eq!(r["ephemeris"], "swiss");
    assert!(num(&r["longitude_speed"]) > 0.9);
    assert!(
        r.get("crossings").is_none(),
        "crossings are not in the default"
    );

    let chart = &r["chart"];
    assert_eq!(chart["ephemeris"], "swiss");
    assert_eq!(chart["house_system_used"], "koch");
    let sun = &chart["planets"]["sun"];
    assert!((num(&sun["longitude"]) - natal_sun).abs() < 1e-4, "{sun}");
    assert!(sun["house"].is_u64());
    assert_eq!(chart["planets"].as_object().unwrap().len(), 15);
    assert_eq!(chart["houses"].as_object().unwrap().len(), 12);
    assert!(chart["angles"]["ascendant"]["longitude"].is_f64());
    assert!(chart["angles"]["mc"]["longitude"].is_f64());
    assert!(chart["aspects"]["list"].is_array());
    assert!(chart["aspects"]["settings"]["aspect_names"].is_array());

    // Deterministic: the same request again is 304 with its tag.
    let tag = app
        .post("/v1/returns")
        .header("X-API-Key", DEMO_KEY)
        .json(&json!({"natal": berlin_birth(), "planet": "sun", "from": "2024-01-01T00:00:00Z"}))
        .send()
        .await
        .unwrap()
        .headers()["etag"]
        .to_str()
        .unwrap()
        .to_owned();
    let again = app
        .post("/v1/returns")
        .header("X-API-Key", DEMO_KEY)
        .header("If-None-Match", &tag)
        .json(&json!({"natal": berlin_birth(), "planet": "sun", "from": "2024-01-01T00:00:00Z"}))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    app.cleanup().await;
}

#[tokio::test]
async fn solar_and_lunar_returns_match_the_reference_end_to_end() {
    // The natal data as a client sends it (the birth instant), the times as the fixture's
    // independent search and the library's crossing functions found them.
    let app = TestApp::spawn().await;
    let mut compared = 0;
    for label in [
        "dec_31_2330_solar_from_an_hour_before",
        "dec_31_2330_solar_from_an_hour_after",
        "jan_01_0015_solar_three",
        "mar_20_before_equinox_solar_three",
        "sep_23_lunar_year",
    ] {
        let case = fixture_case(label);
        let body = json!({
            "natal": {"datetime": iso(num(&case["birth_jd_ut"])),
                      "location": {"latitude": 0.0, "longitude": 0.0}},
            "planet": case["body"],
            "from": iso(num(&case["from_jd"])),
            "count": case["count"],
            "include": [],
        });
        let response = ok(&app, "/v1/returns", &body).await;
        let natal = num(&response["natal"]["longitudes"][case["body"].as_str().unwrap()]);
        assert!((natal - num(&case["natal_lon"])).abs() < 1e-6, "{label}");
        let got = response["returns"][case["body"].as_str().unwrap()]
            .as_array()
            .unwrap();
        let want = case["returns"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "{label}");
        for (g, w) in got.iter().zip(want) {
            assert!(g.get("chart").is_none(), "include [] gives the times only");
            assert_exact_at_matches_jd(g);
            for reference in [&w["exact_jd"], &w["library_jd"]] {
                let seconds = (num(&g["exact_at_jd"]) - num(reference)).abs() / SECOND_DAYS;
                assert!(seconds <= ISSUE_TOLERANCE_SECONDS, "{label}: {g} vs {w}");
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 2 + 1 + 3 + 3 + 13);
    app.cleanup().await;
}

#[tokio::test]
async fn crossings_list_every_pass_of_a_retrograde_return() {
    let app = TestApp::spawn().await;
    let case = fixture_case("mercury_triple_1950-04-05_next_three");
    let body = json!({
        "natal_positions": {"mercury": case["natal_lon"], "ascendant": 12.0},
        "planet": "mercury",
        "from": iso(num(&case["from_jd"])),
        "count": 3,
        "include": ["crossings"],
    });
    let response = ok(&app, "/v1/returns", &body).await;
    assert_eq!(response["natal"]["source"], "natal_positions");
    assert!(response["natal"].get("resolved").is_none());
    assert!(response["settings"].get("location").is_none());
    let got = response["returns"]["mercury"].as_array().unwrap();
    let want = case["returns"].as_array().unwrap();
    assert_eq!(got.len(), 3);
    let mut triples = 0;
    for (g, w) in got.iter().zip(want) {
        assert!(g.get("chart").is_none());
        let crossings = g["crossings"].as_array().unwrap();
        let reference = w["crossings"].as_array().unwrap();
        assert_eq!(crossings.len(), reference.len(), "{g}");
        for (c, r) in crossings.iter().zip(reference) {
            assert_exact_at_matches_jd(c);
            assert_eq!(c["direction"], r[1]);
            let seconds = (num(&c["exact_at_jd"]) - num(&r[0])).abs() / SECOND_DAYS;
            assert!(seconds <= ISSUE_TOLERANCE_SECONDS, "{c} vs {r}");
        }
        // The reported time is the last direct pass.
        let last_direct = crossings
            .iter()
            .rev()
            .find(|c| c["direction"] == "direct")
            .unwrap();
        assert_eq!(last_direct["exact_at_jd"], g["exact_at_jd"]);
        if crossings.len() == 3 {
            triples += 1;
            let directions: Vec<&str> = crossings
                .iter()
                .map(|c| c["direction"].as_str().unwrap())
                .collect();
            assert_eq!(directions, ["direct", "retrograde", "direct"]);
        }
    }
    assert!(triples >= 1);
    app.cleanup().await;
}

#[tokio::test]
async fn include_selects_the_parts_of_the_chart() {
    let app = TestApp::spawn().await;
    let request = |include: Value| {
        json!({"natal": berlin_birth(), "planet": "moon", "from": "2024-01-01T00:00:00Z",
               "include": include})
    };
    let first = |body: &Value| body["returns"]["moon"][0].clone();

    let houses = first(&ok(&app, "/v1/returns", &request(json!(["houses"]))).await);
    let chart = &houses["chart"];
    assert!(chart.get("planets").is_none() && chart.get("aspects").is_none());
    assert_eq!(chart["houses"].as_object().unwrap().len(), 12);
    assert!(chart["angles"].is_object());

    let planets = first(&ok(&app, "/v1/returns", &request(json!(["chart"]))).await);
    let chart = &planets["chart"];
    assert!(chart.get("houses").is_none() && chart.get("angles").is_none());
    assert!(chart.get("aspects").is_none());
    // The planets still carry their houses.
    assert!(chart["planets"]["moon"]["house"].is_u64());

    let aspects = first(&ok(&app, "/v1/returns", &request(json!(["aspects"]))).await);
    let chart = &aspects["chart"];
    assert!(chart.get("planets").is_none() && chart.get("houses").is_none());
    assert!(chart["aspects"]["list"].is_array());

    let everything = first(
        &ok(
            &app,
            "/v1/returns",
            &request(json!(["chart", "houses", "aspects", "crossings"])),
        )
        .await,
    );
    assert!(everything["chart"]["planets"].is_object());
    assert_eq!(everything["crossings"].as_array().unwrap().len(), 1);
    assert_eq!(everything["crossings"][0]["direction"], "direct");

    let times_only = first(&ok(&app, "/v1/returns", &request(json!([]))).await);
    assert!(times_only.get("chart").is_none() && times_only.get("crossings").is_none());
    app.cleanup().await;
}

#[tokio::test]
async fn several_planets_a_demi_return_and_a_chart_elsewhere() {
    let app = TestApp::spawn().await;
    let body = json!({
        "natal": berlin_birth(), "planet": ["moon", "sun", "mean_lilith", "mean_node"],
        "from": "2024-01-01T00:00:00Z", "target_angle": 180, "count": 2,
        "location": {"latitude": -33.87, "longitude": 151.21},
        "house_system": "placidus", "include": ["houses"],
    });
    let response = ok(&app, "/v1/returns", &body).await;
    assert_eq!(
        response["settings"]["planets"],
        json!(["moon", "sun", "mean_apogee", "mean_node"])
    );
    let keys: Vec<&String> = response["returns"].as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 4);
    assert_eq!(response["settings"]["location"]["latitude"], -33.87);
    assert_eq!(response["settings"]["house_system"], "placidus");
    for (name, returns) in response["returns"].as_object().unwrap() {
        let returns = returns.as_array().unwrap();
        assert_eq!(returns.len(), 2, "{name}");
        for r in returns {
            let natal = num(&r["natal_longitude"]);
            let target = num(&r["target_longitude"]);
            assert!(((target - natal).rem_euclid(360.0) - 180.0).abs() < 1e-9);
            assert_eq!(r["chart"]["house_system_used"], "placidus");
            // Only the mean node is retrograde at its returns.
            assert_eq!(r["retrograde_at_exact"], name == "mean_node", "{name}");
        }
        assert!(num(&returns[0]["exact_at_jd"]) < num(&returns[1]["exact_at_jd"]));
    }
    app.cleanup().await;
}

#[tokio::test]
async fn a_start_of_now_is_not_cacheable() {
    let app = TestApp::spawn().await;
    let response = post(
        &app,
        "/v1/returns",
        &json!({"natal": berlin_birth(), "planet": "moon", "include": []}),
    )
    .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert!(!response.headers().contains_key("etag"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["settings"]["from_source"], "now");
    let from: jiff::Timestamp = body["settings"]["from"].as_str().unwrap().parse().unwrap();
    let age = jiff::Timestamp::now().duration_since(from).as_secs_f64();
    assert!((0.0..60.0).contains(&age), "{from}");
    let first: jiff::Timestamp = body["returns"]["moon"][0]["exact_at"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let ahead_days = first.duration_since(from).as_secs_f64() / 86_400.0;
    assert!((0.0..27.6).contains(&ahead_days), "{ahead_days}");
    app.cleanup().await;
}

#[tokio::test]
async fn mercury_return_is_returns_with_the_planet_fixed() {
    let app = TestApp::spawn().await;
    let base = json!({"natal": berlin_birth(), "from": "2024-01-01T00:00:00Z", "count": 2,
                      "include": ["chart", "crossings"]});
    let alias = ok(&app, "/v1/mercury-return", &base).await;
    let mut with_planet = base.clone();
    with_planet["planet"] = json!("mercury");
    let general = ok(&app, "/v1/returns", &with_planet).await;
    assert_eq!(alias, general);
    assert_eq!(alias["returns"]["mercury"].as_array().unwrap().len(), 2);
    // Naming the planet is allowed on the alias when it is mercury.
    assert_eq!(ok(&app, "/v1/mercury-return", &with_planet).await, general);

    // A cacheable answer, and "now" when `from` is left out.
    let now = post(
        &app,
        "/v1/mercury-return",
        &json!({"natal": berlin_birth(), "include": []}),
    )
    .await;
    assert_eq!(now.status(), 200);
    assert_eq!(now.headers()["cache-control"], "no-store");

    // The body may be left out, but a return needs natal data: a 400 that says so.
    let empty = app
        .post("/v1/mercury-return")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    let message = assert_400(empty).await;
    assert!(
        message.starts_with("natal or natal_positions is required"),
        "{message}"
    );
    let message = error(
        &app,
        "/v1/mercury-return",
        &json!({"natal": berlin_birth(), "planet": "venus"}),
    )
    .await;
    assert!(
        message.starts_with("planet is fixed to mercury"),
        "{message}"
    );
    // /v1/returns itself needs a body.
    let empty = app
        .post("/v1/returns")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_400(empty).await;
    app.cleanup().await;
}

#[tokio::test]
async fn count_runs_from_one_to_fifty() {
    let app = TestApp::spawn().await;
    let body = |count: Value| {
        json!({"natal": berlin_birth(), "planet": ["moon", "mercury"], "count": count,
               "from": "2024-01-01T00:00:00Z", "include": ["crossings"]})
    };
    let fifty = ok(&app, "/v1/returns", &body(json!(50))).await;
    for planet in ["moon", "mercury"] {
        let returns = fifty["returns"][planet].as_array().unwrap();
        assert_eq!(returns.len(), 50, "{planet}");
        assert!(
            returns
                .windows(2)
                .all(|w| num(&w[0]["exact_at_jd"]) < num(&w[1]["exact_at_jd"]))
        );
    }
    for (count, expected) in [
        (json!(0), "count must be between 1 and 50 (got 0)"),
        (json!(51), "count must be between 1 and 50 (got 51)"),
        (json!(-3), "count must be between 1 and 50 (got -3)"),
        (json!(2.5), "count: invalid type"),
        (json!("3"), "count: invalid type"),
    ] {
        let message = error(&app, "/v1/returns", &body(count.clone())).await;
        assert!(message.starts_with(expected), "{count}: {message}");
    }
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let body = json!({"natal": berlin_birth(), "planet": "sun", "house_system": "koch2"});
    let response = post(&app, "/v1/returns", &body).await;
    let error = crate::support::error_body(response, 400).await;
    assert_eq!(error["error"]["code"], "unknown_name");
    assert_eq!(error["error"]["field"], "house_system");
    app.cleanup().await;
}

#[tokio::test]
async fn a_return_outside_the_data_files_is_a_400_that_says_so() {
    let app = TestApp::spawn().await;
    let message = error(
        &app,
        "/v1/returns",
        &json!({"natal_positions": {"chiron": 100.0}, "planet": "chiron",
                "from": "4649-06-01T00:00:00Z", "include": []}),
    )
    .await;
    assert!(
        message.starts_with("chiron has no ephemeris data"),
        "{message}"
    );
    // The planets before 1200 come from the library's analytical model, and say so.
    let early = json!({"natal_positions": {"sun": 100.0}, "planet": "sun",
                       "from": "1100-01-01T00:00:00Z", "include": []});
    let response = ok(&app, "/v1/returns", &early).await;
    assert_eq!(response["returns"]["sun"][0]["ephemeris"], "moshier");
    // A return chart holds Chiron, as radix charts do, only in its default list: before its
    // data start (1200) it is left out and listed.
    let mut with_chart = early.clone();
    with_chart["include"] = json!(["chart"]);
    with_chart["location"] = json!({"latitude": 0, "longitude": 0});
    let response = ok(&app, "/v1/returns", &with_chart).await;
    let chart = &response["returns"]["sun"][0]["chart"];
    assert!(chart["planets"].get("chiron").is_none(), "{chart}");
    assert_eq!(chart["omitted"][0]["body"], "chiron", "{chart}");
    assert_eq!(chart["omitted"][0]["valid_from"], "1200-01-09", "{chart}");
    // Beyond the model's years: a 400.
    let message = error(
        &app,
        "/v1/returns",
        &json!({"natal_positions": {"pluto": 100.0}, "planet": "pluto",
                "from": "4700-01-01T00:00:00Z", "count": 2, "include": []}),
    )
    .await;
    assert!(
        message.starts_with("pluto has no ephemeris data"),
        "{message}"
    );
    let message = error(
        &app,
        "/v1/returns",
        &json!({"natal": {"datetime": "1100-01-01T12:00:00Z",
                          "location": {"latitude": 0, "longitude": 0}},
                "planet": "ceres", "from": "2000-01-01T00:00:00Z"}),
    )
    .await;
    assert!(
        message.starts_with("ceres has no ephemeris data"),
        "{message}"
    );
    app.cleanup().await;
}
