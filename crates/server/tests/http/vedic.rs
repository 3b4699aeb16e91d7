//! `POST /v1/vedic` over HTTP: every case of the independent reference
//! (`fixtures/vedic/cases.json`) end to end with its ayanamsa, vargas and dasha levels; the
//! defaults and the shape; `include` subsets; the trimming of periods at birth and at 120
//! years; and every 400.

use serde_json::{Value, json};

use crate::support::{TestApp, fixture_case, num, post_json, post_ok, post_refused};

/// Same library, same data files, same flags as the reference (see the golden test in
/// `crates/astro/tests/vedic_fixture.rs`).
const SAME_LIBRARY_DEG: f64 = 1e-7;
/// Dasha bounds are written to the second.
const ONE_SECOND_DAYS: f64 = 1.0 / 86_400.0;

const PATH: &str = "/v1/vedic";

fn fixture_cases() -> Vec<Value> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/vedic/cases.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    fixture["cases"].as_array().unwrap().clone()
}

/// The request of a fixture case.
fn request(case: &Value) -> Value {
    let mut body = json!({
        "birth": case["birth"],
        "ayanamsa": case["ayanamsa"],
        "dasha_levels": case["dasha_levels"],
    });
    if !case["vargas_requested"].is_null() {
        body["vargas"] = case["vargas_requested"].clone();
    }
    body
}

fn assert_positions(response: &Value, case: &Value) {
    let label = &case["label"];
    let got = response["positions"].as_object().unwrap();
    // Both maps are sorted by key here (the order of the raw text: `defaults_and_the_shape`).
    let names: Vec<&String> = got.keys().collect();
    let want_names: Vec<&String> = case["positions"].as_object().unwrap().keys().collect();
    assert_eq!(names, want_names, "{label}");
    for (name, want) in case["positions"].as_object().unwrap() {
        let g = &got[name];
        let d = (num(&g["longitude"]) - num(&want["longitude"])).abs();
        assert!(d <= SAME_LIBRARY_DEG, "{label} {name}: {d}");
        let d = (num(&g["sign_degree"]) - num(&want["sign_degree"])).abs();
        assert!(d <= SAME_LIBRARY_DEG, "{label} {name}: {d}");
        for field in [
            "sign",
            "nakshatra",
            "nakshatra_index",
            "pada",
            "nakshatra_lord",
            "retrograde",
        ] {
            assert_eq!(g.get(field), want.get(field), "{label} {name} {field}");
        }
        assert!(g["rashi"].is_string(), "{label} {name}");
        match want.get("speed") {
            Some(speed) => {
                assert!((num(&g["longitude_speed"]) - num(speed)).abs() <= SAME_LIBRARY_DEG);
            }
            None => assert!(g.get("longitude_speed").is_none(), "{label} {name}"),
        }
    }
}

fn assert_period(at: &str, got: &Value, want: &Value) {
    assert_eq!(got["lord"], want["lord"], "{at}");
    assert!(
        (num(&got["years"]) - num(&want["years"])).abs() < 1e-9,
        "{at}"
    );
    for bound in ["start", "end"] {
        let d = (num(&got[format!("{bound}_jd")]) - num(&want[format!("{bound}_jd")])).abs();
        assert!(d <= ONE_SECOND_DAYS, "{at} {bound}: {} s", d * 86_400.0);
        let text = got[bound].as_str().unwrap();
        assert!(text.len() == 20 && text.ends_with('Z'), "{at}: {text}");
    }
    // A period cut at birth or at the window's end says so and shows its nominal bound.
    let birth_cut = num(&want["nominal_start_jd"]) < num(&want["start_jd"]);
    let end_cut = num(&want["nominal_end_jd"]) > num(&want["end_jd"]);
    match (birth_cut, end_cut) {
        (true, _) => {
            assert_eq!(got["trimmed"], "before_birth", "{at}");
            let d = (num(&got["nominal_start_jd"]) - num(&want["nominal_start_jd"])).abs();
            assert!(d <= ONE_SECOND_DAYS, "{at}");
        }
        (false, true) => {
            assert_eq!(got["trimmed"], "after_120_years", "{at}");
            let d = (num(&got["nominal_end_jd"]) - num(&want["nominal_end_jd"])).abs();
            assert!(d <= ONE_SECOND_DAYS, "{at}");
        }
        (false, false) => {
            assert!(got.get("trimmed").is_none(), "{at}");
            assert!(got.get("nominal_start").is_none(), "{at}");
        }
    }
}

fn assert_dashas(response: &Value, case: &Value, levels: u64) {
    let label = case["label"].as_str().unwrap();
    let got = &response["dashas"];
    let want = &case["dashas"];
    assert_eq!(got["system"], "vimshottari");
    assert_eq!(got["year_days"], 365.25);
    assert_eq!(got["levels"], levels);
    assert_eq!(got["first_lord"], want["first_lord"], "{label}");
    assert_eq!(
        got["moon_nakshatra"],
        case["positions"]["moon"]["nakshatra"]
    );
    assert!((num(&got["balance_years"]) - num(&want["balance_years"])).abs() < 1e-6);
    assert_eq!(got["start"], case["utc"], "{label}");
    assert!((num(&got["end_jd"]) - num(&want["window_end_jd"])).abs() <= ONE_SECOND_DAYS);
    let mahas = got["mahadashas"].as_array().unwrap();
    let want_mahas = want["mahadashas"].as_array().unwrap();
    assert_eq!(mahas.len(), want_mahas.len(), "{label}");
    for (i, (g, w)) in mahas.iter().zip(want_mahas).enumerate() {
        let at = format!("{label} mahadasha {i}");
        assert_period(&at, g, w);
        match (levels, w.get("antardashas")) {
            (2, Some(subs)) => {
                let got_subs = g["antardashas"].as_array().unwrap();
                let subs = subs.as_array().unwrap();
                assert_eq!(got_subs.len(), subs.len(), "{at}");
                for (j, (gs, ws)) in got_subs.iter().zip(subs).enumerate() {
                    assert_period(&format!("{at} antardasha {j}"), gs, ws);
                }
            }
            _ => assert!(g.get("antardashas").is_none(), "{at}"),
        }
    }
}

fn assert_vargas(response: &Value, case: &Value, codes: &[&str]) {
    let got = response["vargas"].as_object().unwrap();
    let mut keys: Vec<&str> = got.keys().map(String::as_str).collect();
    let mut want = codes.to_vec();
    keys.sort_unstable();
    want.sort_unstable();
    assert_eq!(keys, want, "{}", case["label"]);
    for code in codes {
        assert_eq!(
            got[*code], case["vargas"][*code],
            "{} {code}",
            case["label"]
        );
    }
}

#[tokio::test]
async fn every_reference_case_end_to_end() {
    let app = TestApp::spawn().await;
    let cases = fixture_cases();
    assert!(cases.len() >= 20);
    for case in &cases {
        let response = post_ok(&app, PATH, &request(case)).await;
        let label = &case["label"];
        assert_eq!(response["input"]["resolved"]["utc"], case["utc"], "{label}");
        assert_eq!(
            response["settings"]["ayanamsa"], case["ayanamsa"],
            "{label}"
        );
        let d = (num(&response["settings"]["ayanamsa_deg"]) - num(&case["ayanamsa_deg"])).abs();
        assert!(d <= SAME_LIBRARY_DEG, "{label}");
        assert_positions(&response, case);
        assert_dashas(&response, case, case["dasha_levels"].as_u64().unwrap());
        let codes: Vec<&str> = match case["vargas_requested"].as_array() {
            Some(codes) => {
                // Repeats count once, in the order given.
                let mut seen = Vec::new();
                for c in codes {
                    let c = c.as_str().unwrap();
                    if !seen.contains(&c) {
                        seen.push(c);
                    }
                }
                seen
            }
            None => vec!["D1", "D9"],
        };
        assert_vargas(&response, case, &codes);
    }
    app.cleanup().await;
}

#[tokio::test]
async fn defaults_and_the_shape() {
    let app = TestApp::spawn().await;
    let case = fixture_case("vedic", "mumbai_local_time");
    let response = post_json(
        &app,
        PATH,
        &json!({"birth": case["birth"], "vargas": ["D9", "D1"]}),
    )
    .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let text = response.text().await.unwrap();
    // Points in the traditional order, the lagna last; vargas in the request's order.
    let at = |key: &str| {
        text.find(&format!("\"{key}\":{{"))
            .unwrap_or_else(|| panic!("{key}"))
    };
    let order = [
        "sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu", "ketu", "lagna",
    ];
    for pair in order.windows(2) {
        assert!(at(pair[0]) < at(pair[1]), "{pair:?}");
    }
    assert!(at("D9") < at("D1"));
    let body: Value = serde_json::from_str(&text).unwrap();
    let mut keys: Vec<&str> = body
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "dashas",
            "ephemeris",
            "input",
            "positions",
            "provenance",
            "settings",
            "vargas"
        ]
    );
    assert_eq!(body["ephemeris"], "swiss");
    let resolved = &body["input"]["resolved"];
    assert_eq!(resolved["utc"], "1985-07-13T08:50:00Z");
    assert_eq!(resolved["offset"], "+05:30");
    assert_eq!(resolved["offset_source"], "tz_database");
    assert_eq!(body["input"]["timezone"], "Asia/Kolkata");
    assert_eq!(
        body["settings"],
        json!({"zodiac": "sidereal", "ayanamsa": "lahiri",
               "ayanamsa_deg": body["settings"]["ayanamsa_deg"],
               "include": ["positions", "dashas", "vargas"], "vargas": ["D9", "D1"],
               "dasha_levels": 1})
    );
    // The fixture case is lahiri at level 1, as the defaults.
    assert_positions(&body, &case);
    assert_dashas(&body, &case, 1);
    assert_vargas(&body, &case, &["D1", "D9"]);
    let lagna = body["positions"]["lagna"].as_object().unwrap();
    assert!(!lagna.contains_key("retrograde") && !lagna.contains_key("longitude_speed"));
    for node in ["rahu", "ketu"] {
        assert_eq!(body["positions"][node]["retrograde"], true);
    }
    let rahu = num(&body["positions"]["rahu"]["longitude"]);
    let ketu = num(&body["positions"]["ketu"]["longitude"]);
    assert!(((ketu - rahu).rem_euclid(360.0) - 180.0).abs() < 1e-9);
    app.cleanup().await;
}

#[tokio::test]
async fn include_subsets() {
    let app = TestApp::spawn().await;
    let case = fixture_case("vedic", "buenos_aires_lahiri");
    for (include, parts) in [
        (json!(["positions"]), vec!["positions"]),
        (json!(["dashas"]), vec!["dashas"]),
        (json!(["vargas", "positions"]), vec!["vargas", "positions"]),
        (json!(["dashas", "dashas"]), vec!["dashas"]),
    ] {
        let response = post_ok(
            &app,
            PATH,
            &json!({"birth": case["birth"], "include": include, "vargas": ["D3", "D12"]}),
        )
        .await;
        assert_eq!(response["settings"]["include"], json!(parts));
        for part in ["positions", "dashas", "vargas"] {
            assert_eq!(
                response.get(part).is_some(),
                parts.contains(&part),
                "{include} {part}"
            );
        }
        if parts.contains(&"vargas") {
            assert_vargas(&response, &case, &["D3", "D12"]);
        }
        if parts.contains(&"dashas") {
            assert_dashas(&response, &case, 1);
        }
    }
    app.cleanup().await;
}

#[tokio::test]
async fn antardashas_are_trimmed_at_birth_and_at_120_years() {
    let app = TestApp::spawn().await;
    // The Moon a few thousandths of a degree before the end of Shatabhisha: Rahu's 18 years
    // are nearly over at birth.
    let case = fixture_case("vedic", "moon_before_boundary_0");
    let response = post_ok(&app, PATH, &request(&case)).await;
    assert_dashas(&response, &case, 2);
    let mahas = response["dashas"]["mahadashas"].as_array().unwrap();
    let first = &mahas[0];
    assert_eq!(first["lord"], "rahu");
    assert_eq!(first["trimmed"], "before_birth");
    assert_eq!(first["start"], case["utc"]);
    let subs = first["antardashas"].as_array().unwrap();
    // Rahu's last antardasha (Mars, 1.05 years) outlasts the balance of 0.004 years.
    let want_subs = case["dashas"]["mahadashas"][0]["antardashas"]
        .as_array()
        .unwrap();
    assert_eq!(subs.len(), 1, "only the last antardasha is left: {subs:?}");
    assert_eq!(want_subs.len(), 1);
    assert_eq!(subs[0]["lord"], "mars");
    assert_eq!(subs[0]["trimmed"], "before_birth");
    assert_eq!(subs[0]["start"], case["utc"]);
    assert_eq!(subs[0]["end"], first["end"]);
    let last = mahas.last().unwrap();
    assert_eq!(last["lord"], "rahu");
    assert_eq!(last["trimmed"], "after_120_years");
    assert_eq!(last["end"], response["dashas"]["end"]);
    for maha in mahas {
        let subs = maha["antardashas"].as_array().unwrap();
        assert_eq!(subs[0]["start"], maha["start"]);
        assert_eq!(subs.last().unwrap()["end"], maha["end"]);
        for pair in subs.windows(2) {
            assert_eq!(pair[0]["end_jd"], pair[1]["start_jd"]);
        }
    }
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse, and the errors that only a
/// calculation finds. Every rule and message: `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let birth = json!({"datetime": "2000-01-01T12:00:00Z",
                       "location": {"latitude": 28.6, "longitude": 77.2}});
    post_refused(
        &app,
        PATH,
        &json!({"birth": birth, "ayanamsa": "lahari"}),
        "unknown_name",
        "ayanamsa",
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
        ("0100-01-01T00:00:00Z", 10.0),
        ("-005000-01-01T00:00:00Z", 10.0),
        ("-009999-01-01T00:00:00Z", 10.0),
        ("9950-01-01T00:00:00Z", 10.0),
        ("9999-12-31T23:59:59Z", 10.0),
    ] {
        let body = json!({"birth": {"datetime": datetime,
                                    "location": {"latitude": latitude, "longitude": 0}},
                          "dasha_levels": 2, "vargas": ["D1", "D2", "D3", "D7", "D9", "D10", "D12"]});
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
