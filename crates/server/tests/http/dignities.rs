//! `POST /v1/dignities` and `GET /v1/catalog/dignity-schemes` over HTTP: the answer against
//! flatlib 0.2.3 and pyswisseph (`fixtures/traditional/flatlib.json`) and the planetary hour
//! against the rule on pyswisseph's sunrises (`fixtures/traditional/hours.json`) end to end,
//! the settings echo, the catalogue, and a 400 naming the field.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, num, post_json, post_ok, post_refused};

const PATH: &str = "/v1/dignities";
/// Same library, same data files (see `crates/astro/tests/traditional_fixture.rs`).
const SAME_LIBRARY_DEG: f64 = 1e-7;

fn fixture(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/traditional")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn birth(case: &Value) -> Value {
    json!({
        "datetime": case["utc"],
        "location": {"latitude": case["latitude"], "longitude": case["longitude"]},
    })
}

#[tokio::test]
async fn the_dorothean_scheme_is_flatlibs_table() {
    let app = TestApp::spawn().await;
    let flatlib = fixture("flatlib.json");
    for chart in flatlib["charts"].as_array().unwrap().iter().take(6) {
        let label = &chart["label"];
        let response = post_json(
            &app,
            PATH,
            &json!({"birth": birth(chart), "scheme": "dorothean"}),
        )
        .await;
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["sect"]["sect"], chart["sect"], "{label}");
        assert_eq!(body["settings"]["bounds"], "egyptian");
        assert_eq!(body["settings"]["weights"]["peregrine"], 0);
        let planets = body["planets"].as_object().unwrap();
        // The answer's order, Sun to Saturn (serde_json keeps it).
        assert_eq!(
            planets.keys().collect::<Vec<_>>(),
            [
                "sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn"
            ]
        );
        for (name, got) in planets {
            let want = &chart["planets"][name];
            let d = (num(&got["longitude"]) - num(&want["longitude"])).abs();
            assert!(d.min(360.0 - d) <= SAME_LIBRARY_DEG, "{label} {name}");
            let f = &want["flatlib"]["egyptian"];
            // Under this scheme flatlib's score and ours are the same sum.
            assert_eq!(got["score"], f["score"], "{label} {name}");
            for key in ["domicile", "bound", "face", "detriment"] {
                assert_eq!(got["lords"][key], f[key], "{label} {name} {key}");
            }
            let trip = [
                &got["lords"]["triplicity_day"],
                &got["lords"]["triplicity_night"],
                &got["lords"]["triplicity_participating"],
            ];
            assert_eq!(json!(trip), f["triplicity"], "{label} {name}");
            let peregrine = got["debilities"]
                .as_array()
                .unwrap()
                .contains(&json!("peregrine"));
            assert_eq!(json!(peregrine), f["peregrine"], "{label} {name}");
        }
    }
    app.cleanup().await;
}

#[tokio::test]
async fn the_planetary_hour_follows_the_rule() {
    let app = TestApp::spawn().await;
    let hours = fixture("hours.json");
    for case in hours["cases"].as_array().unwrap().iter().take(6) {
        let label = &case["label"];
        let body = post_ok(&app, PATH, &json!({"birth": birth(case)})).await;
        let hour = &body["planetary_hour"];
        assert_eq!(hour["weekday"], case["weekday"], "{label}");
        assert_eq!(hour["day_ruler"], case["day_ruler"], "{label}");
        assert_eq!(hour["period"], case["period"], "{label}");
        assert_eq!(hour["hour"], case["hour"], "{label}");
        assert_eq!(hour["hour_ruler"], case["hour_ruler"], "{label}");
        assert!(body.get("planetary_hour_missing").is_none());
    }
    app.cleanup().await;
}

#[tokio::test]
async fn the_settings_and_the_relations_are_echoed() {
    let app = TestApp::spawn().await;
    let body = post_ok(
        &app,
        PATH,
        &json!({
            "birth": {"datetime": "1990-05-15T12:30:00Z",
                      "location": {"latitude": 52.52, "longitude": 13.405}},
            "rulers": "modern",
            "house_system": "regiomontanus",
            "almuten_of": [19.0, 62.0],
        }),
    )
    .await;
    let settings = &body["settings"];
    assert_eq!(settings["scheme"], "lilly");
    assert_eq!(settings["rulers"], "modern");
    assert_eq!(settings["triplicities"], "lilly");
    assert_eq!(settings["bounds"], "lilly");
    assert_eq!(settings["weights"]["peregrine"], -5);
    assert_eq!(settings["house_system"], "regiomontanus");
    assert_eq!(
        settings["solar_phase_thresholds"],
        json!({"cazimi_deg": 17.0 / 60.0, "combust_deg": 8.5, "under_the_beams_deg": 15.0})
    );
    // Modern rulers: the outer planets take part in the dispositor chains.
    assert!(
        body["dispositors"]["chains"]
            .as_object()
            .unwrap()
            .contains_key("pluto")
    );
    assert!(body["planets"]["sun"].get("solar_phase").is_none());
    assert!(body["planets"]["moon"]["solar_phase"].is_string());
    // Aries 19° by day under Lilly: the Sun (exaltation 4, triplicity 3, face 1).
    let almutens = body["almutens"].as_array().unwrap();
    assert_eq!(almutens[0]["winners"], json!(["sun"]));
    assert_eq!(almutens[0]["points"], 8);
    assert_eq!(
        body["almuten_figuris"]["places"].as_array().unwrap().len(),
        4
    );
    app.cleanup().await;
}

#[tokio::test]
async fn the_catalogue_lists_every_table_with_its_source() {
    let app = TestApp::spawn().await;
    let response = app
        .get("/v1/catalog/dignity-schemes")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let catalog: Value = response.json().await.unwrap();
    let names: Vec<&Value> = catalog["schemes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["name"])
        .collect();
    assert_eq!(
        names,
        [&json!("ptolemaic"), &json!("dorothean"), &json!("lilly")]
    );
    assert_eq!(catalog["bounds"].as_array().unwrap().len(), 3);
    assert_eq!(catalog["faces"]["aries"], json!(["mars", "sun", "venus"]));
    assert_eq!(catalog["domiciles_modern"]["scorpio"], "pluto");
    for table in catalog["bounds"].as_array().unwrap() {
        assert!(!table["source"].as_str().unwrap().is_empty());
    }
    app.cleanup().await;
}

#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let birth = json!({"datetime": "1990-05-15T12:30:00Z",
                       "location": {"latitude": 52.52, "longitude": 13.405}});
    post_refused(
        &app,
        PATH,
        &json!({"birth": birth, "scheme": "hellenistic"}),
        "invalid_input",
        "scheme",
    )
    .await;
    let message = post_refused(
        &app,
        PATH,
        &json!({"birth": birth, "almuten_of": vec![0.0_f64; 13]}),
        "invalid_input",
        "almuten_of",
    )
    .await;
    assert!(message.contains("at most 12"), "{message}");
    app.cleanup().await;
}
