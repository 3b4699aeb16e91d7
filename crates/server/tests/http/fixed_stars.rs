//! `POST /v1/fixed-stars` over HTTP: positions against pyswisseph's `fixstar2_ut`
//! (`fixtures/events/pyswisseph.json`), the magnitude selection, a natal chart's conjunctions,
//! the catalogue's new fields, and a 400 naming the field for every rule.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, num, post_invalid, post_json, post_ok, post_refused};

const PATH: &str = "/v1/fixed-stars";
/// Same library, same call: the bound.
const SAME_LIBRARY_DEG: f64 = 1e-6;

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/events/pyswisseph.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The UTC instant of a Julian day (UT), to the microsecond.
fn iso(jd: f64) -> String {
    #[allow(clippy::cast_possible_truncation, reason = "dates of the fixture")]
    let micros = ((jd - 2_440_587.5) * 86_400e6).round() as i64;
    jiff::Timestamp::from_microsecond(micros)
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn positions_match_fixstar2_ut() {
    let app = TestApp::spawn().await;
    let f = fixture();
    let rows = f["fixed_stars"].as_array().unwrap();
    // One instant, every star of the fixture at it.
    let jd = num(&rows[0]["jd"]);
    let at_jd: Vec<&Value> = rows.iter().filter(|r| r["jd"] == rows[0]["jd"]).collect();
    let names: Vec<&Value> = at_jd.iter().map(|r| &r["name"]).collect();
    let answer = post_ok(&app, PATH, &json!({"at": iso(jd), "stars": names})).await;
    let stars = answer["stars"].as_array().unwrap();
    assert_eq!(stars.len(), at_jd.len());
    for (star, row) in stars.iter().zip(at_jd) {
        let d =
            ((num(&star["longitude"]) - num(&row["lon"]) + 180.0).rem_euclid(360.0) - 180.0).abs();
        assert!(d <= SAME_LIBRARY_DEG, "{star} vs {row}");
        assert!((num(&star["latitude"]) - num(&row["lat"])).abs() <= SAME_LIBRARY_DEG);
        assert!((num(&star["magnitude"]) - num(&row["magnitude"])).abs() < 1e-9);
    }
    let aldebaran = post_ok(
        &app,
        PATH,
        &json!({"at": "2024-01-01T00:00:00Z", "stars": ["Aldebaran"]}),
    )
    .await;
    assert_eq!(aldebaran["stars"][0]["constellation"], "Taurus");
    assert_eq!(aldebaran["stars"][0]["sign"], "gemini");
}

#[tokio::test]
async fn a_magnitude_limit_and_a_natal_chart_s_conjunctions() {
    let app = TestApp::spawn().await;
    let answer = post_ok(
        &app,
        PATH,
        &json!({"at": "2024-01-01T00:00:00Z", "magnitude_limit": 1.0}),
    )
    .await;
    let stars = answer["stars"].as_array().unwrap();
    // The catalogue's stars of magnitude 1.0 or brighter, once each: Aldebaran, Antares,
    // Sirius, Spica, Rigel, Altair, Capella, Arcturus, Canopus, Rigil Kentaurus, Hadar,
    // Procyon, Acrux, Achernar, Vega, Betelgeuse.
    let names: Vec<&str> = stars.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 16, "{names:?}");
    assert!(stars.iter().all(|s| num(&s["magnitude"]) <= 1.0));
    let body = json!({
        "natal": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                  "location": {"latitude": 52.52, "longitude": 13.405}},
        "magnitude_limit": 3.0, "orb": 2.0,
    });
    let answer = post_ok(&app, PATH, &body).await;
    assert_eq!(answer["at"], "1990-05-15T12:30:00Z");
    let contacts = answer["conjunctions"].as_array().unwrap();
    assert!(!contacts.is_empty());
    for c in contacts {
        assert!(num(&c["orb"]).abs() <= 2.0, "{c}");
        let star = answer["stars"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == c["star"])
            .unwrap();
        assert!(star["longitude"].is_number());
    }
}

#[tokio::test]
async fn the_catalogue_lists_magnitudes_and_constellations() {
    let app = TestApp::spawn().await;
    let response = app
        .get("/v1/catalog/fixed-stars")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let catalogue: Value = response.json().await.unwrap();
    let first = &catalogue["fixed_stars"][0];
    assert_eq!(first["name"], "Aldebaran");
    assert!((num(&first["magnitude"]) - 0.86).abs() < 1e-9, "{first}");
    assert_eq!(first["constellation"], "Taurus");
}

#[tokio::test]
async fn every_rule_is_a_400_naming_its_field() {
    let app = TestApp::spawn().await;
    let at = "2024-01-01T00:00:00Z";
    let response = post_json(
        &app,
        PATH,
        &json!({"at": at, "stars": ["Sirius", "Vulcanus"]}),
    )
    .await;
    assert_eq!(response.status(), 400);
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["error"]["code"], "unknown_name", "{error}");
    assert_eq!(error["error"]["field"], "stars[1]", "{error}");
    let natal = json!({"datetime": "1990-05-15T14:30:00Z", "location": {"latitude": 1.0, "longitude": 2.0}});
    let cases: Vec<(Value, &str)> = vec![
        (json!({"stars": ["Sirius"]}), "at"),
        (json!({"at": at, "natal": natal}), "at"),
        (
            json!({"at": at, "stars": ["Sirius"], "magnitude_limit": 2.0}),
            "magnitude_limit",
        ),
        (json!({"at": at, "magnitude_limit": 9.0}), "magnitude_limit"),
        (json!({"at": at, "orb": 1.0}), "orb"),
        (json!({"at": at, "stars": []}), "stars"),
        (json!({"at": at, "stars": [""]}), "stars"),
        (json!({"at": at, "ayanamsa": "lahiri"}), "ayanamsa"),
        (
            json!({"at": "2024-01-01T00:00:00", "stars": ["Sirius"]}),
            "at",
        ),
    ];
    for (body, field) in cases {
        let message = post_invalid(&app, PATH, &body).await;
        assert!(message.contains(field), "{field}: {message}");
    }
}

/// Same library calls (`swe_rise_trans`, disc centre, no refraction) as the reference.
const SAME_LIBRARY_DAYS: f64 = 1e-8;

#[tokio::test]
async fn parans_match_an_independent_pairing_over_the_library_s_rise_and_transit_times() {
    let app = TestApp::spawn().await;
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/events/parans.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for case in fixture["cases"].as_array().unwrap() {
        let answer = post_ok(
            &app,
            PATH,
            &json!({
                "natal": {"datetime": iso(num(&case["jd"])),
                          "location": {"latitude": case["latitude"], "longitude": case["longitude"]}},
                "stars": case["stars"],
                "parans": true,
            }),
        )
        .await;
        let got = answer["parans"].as_array().unwrap();
        let want = case["parans"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "{}: {got:?}", case["label"]);
        for (g, w) in got.iter().zip(want) {
            for key in ["star", "star_event", "planet", "planet_event"] {
                assert_eq!(g[key], w[key], "{}: {g} vs {w}", case["label"]);
            }
            assert!((num(&g["star_at_jd"]) - num(&w["star_jd"])).abs() <= SAME_LIBRARY_DAYS);
            assert!((num(&g["planet_at_jd"]) - num(&w["planet_jd"])).abs() <= SAME_LIBRARY_DAYS);
            assert!(num(&g["gap_minutes"]).abs() <= 4.0);
        }
    }
    let message = post_invalid(
        &app,
        PATH,
        &json!({"at": "2024-01-01T00:00:00Z", "parans": true}),
    )
    .await;
    assert!(message.contains("parans"), "{message}");
}

/// A star's name goes to the library only if the catalogue has it: a search pattern (`%`, once
/// a 500 for `%s` and `%%`, and a wildcard match for `%` and `a%`) or a line number is an
/// unknown name, a 400 at its place in `stars`, in every use of the names (parans included),
/// and a misspelt name is told the nearest ones.
#[tokio::test]
async fn only_catalogue_names_reach_the_library() {
    let app = TestApp::spawn().await;
    let at = "2024-01-01T00:00:00Z";
    let natal = json!({"datetime": "1990-05-15T14:30:00Z",
                       "location": {"latitude": 48.0, "longitude": 2.0}});
    for name in ["%s", "%%", "%", "a%", "Alde%", "1", "42", ",", "%d%n%s"] {
        for body in [
            json!({"at": at, "stars": [name]}),
            json!({"at": at, "stars": ["Sirius", name]}),
            json!({"stars": ["Sirius", name], "natal": natal, "parans": true}),
        ] {
            let index = body["stars"].as_array().unwrap().len() - 1;
            let message = post_refused(
                &app,
                PATH,
                &body,
                "unknown_name",
                &format!("stars[{index}]"),
            )
            .await;
            assert!(message.contains("/v1/catalog/fixed-stars"), "{message}");
            assert!(message.contains("search patterns (`%`)"), "{message}");
        }
    }
    let message = post_refused(
        &app,
        PATH,
        &json!({"at": at, "stars": ["Aldebaren"]}),
        "unknown_name",
        "stars[0]",
    )
    .await;
    assert!(message.contains("did you mean `Aldebaran`"), "{message}");
    // The forms the catalogue's names take, case ignored.
    let answer = post_ok(
        &app,
        PATH,
        &json!({"at": at, "stars": ["aldebaran", ",alTau", "ALTAU", "Aldebaran,alTau"]}),
    )
    .await;
    for star in answer["stars"].as_array().unwrap() {
        assert_eq!(star["name"], "Aldebaran", "{star}");
    }
    app.cleanup().await;
}
