//! `POST /v1/panchanga` against drik-panchanga 2.0.0 (`fixtures/panchanga/cases.json`, written
//! by `fixtures/panchanga/generate.py`): for 32 civil days at places on five continents, the
//! sunrise, sunset and next sunrise, the vara, rahu kala, yamaganda and gulika kala, and each of
//! tithi, nakshatra, yoga and karana at sunrise with its end (and the "skipped" one that begins
//! and ends within the day), and the starts (the previous day's ends). The request asks for
//! drik-panchanga's conventions: Lahiri, the Sun's disc centre without refraction.

use serde_json::{Value, json};

use crate::support::{TestApp, num, post_ok, post_refused};

const PATH: &str = "/v1/panchanga";

/// The bound the brief sets for an end instant: drik-panchanga interpolates each end from
/// samples a quarter day apart (inverse Lagrange), Orrery root-solves it.
const SIXTY_SECONDS_DAYS: f64 = 60.0 / 86_400.0;
/// Sunrise and sunset: the same library call, drik-panchanga's geocentric
/// (`BIT_GEOCTR_NO_ECL_LAT`) against Orrery's topocentric: the solar parallax (8.8″) is up to
/// 1.5 s of rising time in the set (Reykjavik).
const SUNRISE_DAYS: f64 = 3.0 / 86_400.0;

const LIMBS: [&str; 4] = ["tithi", "nakshatra", "yoga", "karana"];

fn cases() -> Vec<Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/panchanga/cases.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(fixture["reference"], "drik-panchanga 2.0.0");
    assert_eq!(fixture["ayanamsa"], "lahiri");
    fixture["cases"].as_array().unwrap().clone()
}

fn request(case: &Value) -> Value {
    json!({
        "date": case["date"],
        "timezone": case["timezone"],
        "location": {"latitude": case["latitude"], "longitude": case["longitude"]},
        "ayanamsa": "lahiri",
        "disc": "center",
        "refraction": false,
    })
}

fn parts(limb: &str) -> i64 {
    match limb {
        "tithi" => 30,
        "karana" => 60,
        _ => 27,
    }
}

#[tokio::test]
async fn drik_panchangas_elements_and_their_bounds() {
    let app = TestApp::spawn().await;
    let cases = cases();
    assert!(cases.len() >= 30);
    let (mut ends, mut starts, mut skipped) = (0, 0, 0);
    let (mut worst_end, mut worst_sun): (f64, f64) = (0.0, 0.0);
    for case in &cases {
        let label = case["label"].as_str().unwrap();
        let body = post_ok(&app, PATH, &request(case)).await;
        assert_eq!(body["settings"]["mode"], "civil_day", "{label}");
        let day = &body["day"];
        for (ours, theirs) in [
            ("sunrise_jd", "sunrise_jd"),
            ("sunset_jd", "sunset_jd"),
            ("next_sunrise_jd", "next_sunrise_jd"),
        ] {
            let d = (num(&day[ours]) - num(&case[theirs])).abs();
            worst_sun = worst_sun.max(d);
            assert!(d <= SUNRISE_DAYS, "{label} {ours}: {} s", d * 86_400.0);
        }
        assert_eq!(day["vara"]["number"], case["vara"], "{label}");
        for kala in ["rahu_kala", "yamaganda", "gulika_kala"] {
            for (i, key) in ["start_jd", "end_jd"].iter().enumerate() {
                let d = (num(&day[kala][key]) - num(&case[kala][i])).abs();
                assert!(
                    d <= SUNRISE_DAYS,
                    "{label} {kala} {key}: {} s",
                    d * 86_400.0
                );
            }
        }
        for limb in LIMBS {
            let ours = body[limb].as_array().unwrap();
            let theirs = case[limb].as_array().unwrap();
            // drik-panchanga's list (at sunrise, then the skipped one) is a prefix of ours,
            // which goes on to the part in force at the next sunrise.
            // (drik-panchanga gives only the karana at sunrise, never a second one.)
            assert!(
                ours.len() >= theirs.len() && (limb == "karana" || ours.len() <= theirs.len() + 1),
                "{label} {limb}: ours {ours:?}, drik-panchanga {theirs:?}"
            );
            if limb != "karana" {
                // drik-panchanga lists a second part only when one is skipped.
                let skips = ours
                    .iter()
                    .filter(|p| {
                        num(&p["start_jd"]) > num(&day["sunrise_jd"])
                            && num(&p["end_jd"]) < num(&day["next_sunrise_jd"])
                    })
                    .count();
                assert_eq!(
                    skips + 1,
                    theirs.len(),
                    "{label} {limb}: {ours:?} {theirs:?}"
                );
            }
            skipped += theirs.len() - 1;
            for (p, t) in ours.iter().zip(theirs) {
                assert_eq!(p["number"], t[0], "{label} {limb}");
                let d = (num(&p["end_jd"]) - num(&t[1])).abs();
                worst_end = worst_end.max(d);
                assert!(
                    d <= SIXTY_SECONDS_DAYS,
                    "{label} {limb} end: {} s",
                    d * 86_400.0
                );
                ends += 1;
            }
            // Starts: the previous day's part just before ours ends when ours begins.
            let first = ours[0]["number"].as_i64().unwrap();
            let before = (first - 2).rem_euclid(parts(limb)) + 1;
            if let Some(t) = case["previous_day"][limb]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t[0].as_i64() == Some(before))
            {
                let d = (num(&ours[0]["start_jd"]) - num(&t[1])).abs();
                worst_end = worst_end.max(d);
                assert!(
                    d <= SIXTY_SECONDS_DAYS,
                    "{label} {limb} start: {} s",
                    d * 86_400.0
                );
                starts += 1;
            }
            // Consecutive parts meet.
            for w in ours.windows(2) {
                assert_eq!(w[0]["end_jd"], w[1]["start_jd"], "{label} {limb}");
            }
        }
    }
    eprintln!(
        "panchanga vs drik-panchanga: {} days, {ends} ends, {starts} starts, {skipped} skipped parts; \
         worst bound {:.1} s, worst sunrise/sunset {:.2} s",
        cases.len(),
        worst_end * 86_400.0,
        worst_sun * 86_400.0
    );
    assert!(ends >= 128 && starts >= 90, "{ends} {starts}");
}

#[tokio::test]
async fn an_instant_gets_the_parts_in_force_then() {
    let app = TestApp::spawn().await;
    let case = &cases()[0];
    let day = post_ok(&app, PATH, &request(case)).await;
    for limb in LIMBS {
        let part = &day[limb][0];
        // The middle of the part's time within the Hindu day.
        let from = num(&part["start_jd"]).max(num(&day["day"]["sunrise_jd"]));
        let until = num(&part["end_jd"]).min(num(&day["day"]["next_sunrise_jd"]));
        let mid = (from + until) / 2.0;
        let unix = ((mid - 2_440_587.5) * 86_400.0).round() as i64;
        let at = jiff::Timestamp::from_second(unix).unwrap().to_string();
        let body = post_ok(
            &app,
            PATH,
            &json!({"datetime": at, "location": request(case)["location"],
                    "disc": "center", "refraction": false}),
        )
        .await;
        assert_eq!(body["settings"]["mode"], "instant");
        let got = body[limb].as_array().unwrap();
        assert_eq!(got.len(), 1, "{limb}");
        assert_eq!(got[0]["number"], part["number"], "{limb}");
        for key in ["start_jd", "end_jd"] {
            assert!(
                (num(&got[0][key]) - num(&part[key])).abs() < 1.0 / 86_400.0,
                "{limb} {key}"
            );
        }
        assert_eq!(body["day"]["sunrise"], day["day"]["sunrise"]);
    }
}

#[tokio::test]
async fn the_preset_gives_jhoras_hindu_sunrise() {
    let app = TestApp::spawn().await;
    let case = &cases()[0];
    let body = post_ok(
        &app,
        PATH,
        &json!({"date": case["date"], "timezone": case["timezone"],
                "location": request(case)["location"], "preset": "jagannatha_hora"}),
    )
    .await;
    let settings = &body["settings"];
    assert_eq!(settings["disc"], "center");
    assert_eq!(settings["refraction"], false);
    assert_eq!(settings["ayanamsa"], "lahiri");
    assert_eq!(settings["preset"]["name"], "jagannatha_hora");
    let d = (num(&body["day"]["sunrise_jd"]) - num(&case["sunrise_jd"])).abs();
    assert!(d <= SUNRISE_DAYS);
}

#[tokio::test]
async fn bad_requests_name_the_field() {
    let app = TestApp::spawn().await;
    let place = json!({"latitude": 28.6, "longitude": 77.2});
    post_refused(
        &app,
        PATH,
        &json!({"location": place}),
        "invalid_input",
        "datetime",
    )
    .await;
    post_refused(
        &app,
        PATH,
        &json!({"date": "2024-03-20", "location": place}),
        "invalid_input",
        "timezone",
    )
    .await;
    // Outside the ephemeris files (1200–4800): the date is blamed.
    let message = post_refused(
        &app,
        PATH,
        &json!({"date": "1100-03-20", "timezone": "Asia/Kolkata", "location": place}),
        "outside_ephemeris_range",
        "date",
    )
    .await;
    assert!(message.starts_with("date"), "{message}");
    post_refused(
        &app,
        PATH,
        &json!({"datetime": "5000-03-20T00:00:00Z", "location": place}),
        "outside_ephemeris_range",
        "datetime",
    )
    .await;
    // Polar night: no sunrise at 80° N in December.
    post_refused(
        &app,
        PATH,
        &json!({"date": "2024-12-21", "timezone": "Arctic/Longyearbyen",
                "location": {"latitude": 80.0, "longitude": 15.0}}),
        "invalid_input",
        "location",
    )
    .await;
}
