//! `preset` on `POST /v1/vedic` over HTTP: the echo of what a sidereal preset fixes (ayanamsa,
//! dasha year), a tropical preset giving only its civil time, provenance, the ETag, and the
//! refusals of `dasha_year_days`. The values against PyJHora are tested in
//! `crates/api/tests/vedic_preset_fixture.rs`.

use serde_json::{Value, json};

use crate::support::{TestApp, assert_error, post_json, post_ok};

const PATH: &str = "/v1/vedic";

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/presets/jagannatha_hora.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The birth of PyJHora's Vimshottari test, with its fixed offset.
fn chennai() -> Value {
    let birth = &fixture()["vimshottari"]["birth"];
    json!({"datetime": format!("{}{}", birth["datetime"].as_str().unwrap(),
                               birth["utc_offset"].as_str().unwrap()),
           "location": {"latitude": birth["latitude"], "longitude": birth["longitude"]}})
}

#[tokio::test]
async fn jagannatha_hora_fixes_the_ayanamsa_and_the_dasha_year() {
    let app = TestApp::spawn().await;
    let year_days = fixture()["vimshottari"]["pyjhora_mean_sidereal_year_days"]
        .as_f64()
        .unwrap();
    let body = post_ok(
        &app,
        PATH,
        &json!({"birth": chennai(), "preset": "jagannatha_hora"}),
    )
    .await;
    let preset = &body["settings"]["preset"];
    assert_eq!(preset["name"], "jagannatha_hora");
    assert_eq!(
        preset["fixed"],
        json!({"ayanamsa": "lahiri", "dasha_year_days": year_days})
    );
    assert_eq!(body["settings"]["ayanamsa"], "lahiri");
    assert_eq!(body["settings"]["dasha_year_days"], json!(year_days));
    assert_eq!(body["dashas"]["year_days"], json!(year_days));
    assert_eq!(body["dashas"]["first_lord"], "rahu");
    assert_eq!(body["provenance"]["preset"], "jagannatha_hora");

    // The request's own options win and are not echoed as fixed.
    let own = post_ok(
        &app,
        PATH,
        &json!({"birth": chennai(), "preset": "jagannatha_hora", "ayanamsa": "raman",
                "dasha_year_days": 360}),
    )
    .await;
    assert_eq!(own["settings"]["preset"]["fixed"], json!({}));
    assert_eq!(own["settings"]["ayanamsa"], "raman");
    assert_eq!(own["dashas"]["year_days"], json!(360.0));

    // Without the preset: Orrery's defaults, nothing echoed; another answer, another ETag.
    let tags = {
        let mut tags = Vec::new();
        for body in [
            json!({"birth": chennai(), "preset": "jagannatha_hora"}),
            json!({"birth": chennai()}),
        ] {
            let response = post_json(&app, PATH, &body).await;
            assert_eq!(response.status(), 200);
            tags.push(response.headers()["etag"].to_str().unwrap().to_owned());
        }
        tags
    };
    assert_ne!(tags[0], tags[1]);
    let plain = post_ok(&app, PATH, &json!({"birth": chennai()})).await;
    assert!(plain["settings"].get("preset").is_none());
    assert!(plain["settings"].get("dasha_year_days").is_none());
    assert_eq!(plain["dashas"]["year_days"], json!(365.25));
    assert!(plain["provenance"].get("preset").is_none_or(Value::is_null));
    app.cleanup().await;
}

#[tokio::test]
async fn a_tropical_preset_gives_only_its_civil_time() {
    let app = TestApp::spawn().await;
    // Columbus's landfall as the radix preset test reads it with astro.com's conventions:
    // Julian before 1582-10-15, the birth place's Local Mean Time.
    let body = post_ok(
        &app,
        PATH,
        &json!({"birth": {"datetime": "1492-10-12T12:00", "timezone": "America/Nassau",
                          "location": {"latitude": 24.05, "longitude": -74.5}},
                "preset": "astrodienst", "include": ["dashas"]}),
    )
    .await;
    assert_eq!(body["input"]["resolved"]["utc"], "1492-10-21T16:58:00Z");
    assert_eq!(body["input"]["resolved"]["calendar"], "julian");
    assert_eq!(
        body["settings"]["preset"]["fixed"],
        json!({"birth.calendar": "auto", "birth.lmt": "birth_place"})
    );
    assert_eq!(body["settings"]["ayanamsa"], "lahiri");
    assert_eq!(body["dashas"]["year_days"], json!(365.25));
    assert_eq!(body["provenance"]["preset"], "astrodienst");
    app.cleanup().await;
}

#[tokio::test]
async fn a_bad_dasha_year_or_preset_is_a_400_naming_the_field() {
    let app = TestApp::spawn().await;
    for (extra, code, expected) in [
        (
            json!({"dasha_year_days": 400}),
            "invalid_input",
            "dasha_year_days must be a number of days from 360 to 366 (got 400)",
        ),
        (
            json!({"dasha_year_days": 0}),
            "invalid_input",
            "dasha_year_days must be a number of days from 360 to 366 (got 0)",
        ),
        (
            json!({"preset": "solar_fire"}),
            "unknown_name",
            "preset: unknown preset `solar_fire`",
        ),
    ] {
        let mut body = json!({"birth": chennai()});
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        let response = post_json(&app, PATH, &body).await;
        let message = assert_error(response, 400, code).await;
        assert!(message.starts_with(expected), "{extra}: {message}");
    }
    app.cleanup().await;
}
