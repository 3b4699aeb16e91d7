//! The chart endpoints over HTTP: planets, radix, aspects and the catalogues.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, SIGNS, TestApp, assert_400, assert_error};

async fn post(app: &TestApp, path: &str, body: &Value) -> reqwest::Response {
    app.post(path)
        .header("X-API-Key", DEMO_KEY)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn get(app: &TestApp, path: &str) -> reqwest::Response {
    app.get(path)
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap()
}

fn berlin_birth() -> Value {
    json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

#[tokio::test]
async fn planets_has_every_standard_point_and_caches() {
    let app = TestApp::spawn().await;
    let response = get(&app, "/v1/planets?datetime=2000-01-01T12:00:00Z").await;
    assert_eq!(response.status(), 200);
    let tag = response.headers()["etag"].to_str().unwrap().to_owned();
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["datetime_utc"], "2000-01-01T12:00:00Z");
    assert_eq!(body["julian_day_ut"], 2_451_545.0);
    assert_eq!(body["ephemeris"], "swiss");
    let planets = body["planets"].as_object().unwrap();
    let names: Vec<&str> = planets.keys().map(String::as_str).collect();
    for name in [
        "sun",
        "moon",
        "pluto",
        "mean_node",
        "true_node",
        "mean_apogee",
        "osculating_apogee",
        "earth",
        "chiron",
    ] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    for point in planets.values() {
        for field in [
            "longitude",
            "latitude",
            "distance",
            "longitude_speed",
            "latitude_speed",
            "distance_speed",
        ] {
            assert!(point[field].is_f64(), "{field} in {point}");
        }
    }
    // The Earth point is the Sun's antipode, never a row of zeros.
    let sun = planets["sun"]["longitude"].as_f64().unwrap();
    let earth = planets["earth"]["longitude"].as_f64().unwrap();
    assert!(((earth - sun).rem_euclid(360.0) - 180.0).abs() < 1e-9);

    let again = app
        .get("/v1/planets?datetime=2000-01-01T12:00:00Z")
        .header("X-API-Key", DEMO_KEY)
        .header("If-None-Match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    app.cleanup().await;
}

#[tokio::test]
async fn planets_refuses_what_it_cannot_answer() {
    let app = TestApp::spawn().await;
    let local = get(&app, "/v1/planets?datetime=2000-01-01T12:00:00").await;
    let error = crate::support::error_body(local, 400).await;
    assert_eq!(error["error"]["field"], "datetime");
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("datetime must be a UTC date-time")
    );
    // An unencoded `+` arrives as a space: the message says how to write it.
    let plus = get(&app, "/v1/planets?datetime=2000-01-01T12:00:00+01:00").await;
    assert!(assert_400(plus).await.contains("%2B"));
    let missing = get(&app, "/v1/planets").await;
    assert!(assert_400(missing).await.contains("datetime"));
    // Chiron has no data before 1200: it is left out and listed, never garbage.
    let early = get(&app, "/v1/planets?datetime=1100-06-01T00:00:00Z").await;
    assert_eq!(early.status(), 200);
    let early: Value = early.json().await.unwrap();
    assert_eq!(early["ephemeris"], "moshier");
    assert!(early["planets"].get("chiron").is_none());
    assert_eq!(
        early["omitted"],
        json!([{"body": "chiron", "reason": "outside_ephemeris_range",
                "valid_from": "1200-01-09", "valid_to": "4649-12-31"}])
    );
    // After 4800 nothing has data: a 400 naming the field and the Sun's range.
    let late = get(&app, "/v1/planets?datetime=4900-01-01T00:00:00Z").await;
    let message = assert_400(late).await;
    assert!(
        message.starts_with(
            "datetime: sun has no ephemeris data at 4900-01-01T00:00:00Z: its data cover \
             -003001-02-03 to 4799-12-31"
        ),
        "{message}"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn radix_full_chart() {
    let app = TestApp::spawn().await;
    let response = post(
        &app,
        "/v1/radix",
        &json!({"birth": berlin_birth(), "options": {"house_system": "placidus"}}),
    )
    .await;
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("etag"));
    let body: Value = response.json().await.unwrap();
    let input = &body["input"];
    assert_eq!(input["house_system"], "placidus");
    assert_eq!(input["resolved"]["utc"], "1990-05-15T12:30:00Z");
    assert_eq!(input["resolved"]["offset"], "+02:00");
    assert_eq!(input["resolved"]["offset_source"], "tz_database");
    assert_eq!(body["houses"].as_object().unwrap().len(), 12);
    assert_eq!(body["house_system_used"], "placidus");
    assert!(body["angles"]["ascendant"]["longitude"].is_f64());
    assert!(body["angles"]["mc"]["speed"].is_f64());
    let sun = &body["planets"]["sun"];
    assert_eq!(sun["sign"], "taurus");
    assert!(sun["house"].is_u64());
    let aspects = body["aspects"]["list"].as_array().unwrap();
    assert!(!aspects.is_empty());
    assert!(aspects.iter().any(|a| a["first"] == "ascendant"
        || a["second"] == "ascendant"
        || a["first"] == "mc"
        || a["second"] == "mc"));
    assert_eq!(body["aspects"]["settings"]["orbs"]["preset"], "classic");
    // Cusps and angles carry their sign and degree in the sign, by the rule (30° a sign from
    // 0° Aries), as the bodies do.
    let zodiac = |point: &Value| {
        let longitude = point["longitude"].as_f64().unwrap();
        assert_eq!(point["sign"], SIGNS[(longitude / 30.0) as usize], "{point}");
        let degree = point["sign_degree"].as_f64().unwrap();
        assert!((degree - longitude % 30.0).abs() < 1e-9, "{point}");
    };
    let cusps = body["house_cusps"].as_array().unwrap();
    assert_eq!(cusps.len(), 12);
    for (i, cusp) in cusps.iter().enumerate() {
        assert_eq!(cusp["house"], i + 1);
        assert_eq!(cusp["longitude"], body["houses"][(i + 1).to_string()]);
        zodiac(cusp);
    }
    for angle in body["angles"].as_object().unwrap().values() {
        if angle.is_object() {
            zodiac(angle);
        }
    }
    assert_eq!(body["angles"]["ascendant"]["sign"], "virgo");
    app.cleanup().await;
}

#[tokio::test]
async fn radix_options() {
    let app = TestApp::spawn().await;
    let only_planets: Value = post(
        &app,
        "/v1/radix",
        &json!({"birth": berlin_birth(), "options": {"include": ["planets"]}}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert!(only_planets.get("houses").is_none() && only_planets.get("aspects").is_none());
    assert!(only_planets["planets"].is_object());

    let no_axes: Value = post(&app, "/v1/radix", &json!({"birth": berlin_birth(), "options": {"include": ["aspects"], "aspects": {"include_axes": false}}})).await.json().await.unwrap();
    assert!(
        no_axes["aspects"]["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["first"] != "ascendant" && a["second"] != "mc")
    );

    let sidereal: Value = post(&app, "/v1/radix", &json!({"birth": berlin_birth(), "options": {"zodiac": "sidereal", "ayanamsa": "fagan_bradley", "include": ["planets"]}})).await.json().await.unwrap();
    let tropical_sun = only_planets["planets"]["sun"]["longitude"]
        .as_f64()
        .unwrap();
    let sidereal_sun = sidereal["planets"]["sun"]["longitude"].as_f64().unwrap();
    let ayanamsa = (tropical_sun - sidereal_sun).rem_euclid(360.0);
    assert!(
        (24.0..25.0).contains(&ayanamsa),
        "Fagan/Bradley in 1990 is about 24.6 degrees, got {ayanamsa}"
    );
    assert_eq!(sidereal["input"]["ayanamsa"], "fagan_bradley");

    let helio: Value = post(
        &app,
        "/v1/radix",
        &json!({"birth": berlin_birth(), "options": {"center": "heliocentric"}}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert!(helio["houses_omitted_reason"].is_string());
    assert!(helio.get("houses").is_none());
    assert!(helio["planets"].get("earth").is_some() && helio["planets"].get("sun").is_none());

    let polar: Value = post(&app, "/v1/radix", &json!({"birth": {"datetime": "1990-01-15T12:00:00Z", "location": {"latitude": 78.2, "longitude": 15.6}}, "options": {"house_system": "koch"}})).await.json().await.unwrap();
    assert_eq!(polar["house_system_used"], "porphyry");
    assert!(
        polar["house_system_note"]
            .as_str()
            .unwrap()
            .contains("polar")
    );

    let old: Value = post(&app, "/v1/radix", &json!({"birth": {"datetime": "1100-05-15T12:00:00Z", "location": {"latitude": 48.0, "longitude": 2.0}}, "options": {"bodies": ["sun", "moon"], "include": ["planets"]}})).await.json().await.unwrap();
    assert_eq!(
        old["ephemeris"], "moshier",
        "outside the files the analytical model is reported"
    );
    app.cleanup().await;
}

/// Columbus' landfall, 12 October 1492 (Julian, as the sources date it), local noon at San
/// Salvador: a default chart answers, with Chiron left out and listed, the planets from the
/// files, and the date read in the Julian calendar through the place's Local Mean Time.
#[tokio::test]
async fn a_chart_of_1492_in_the_julian_calendar() {
    let app = TestApp::spawn().await;
    let birth = json!({"datetime": "1492-10-12T12:00", "timezone": "America/Nassau",
                       "calendar": "julian",
                       "location": {"latitude": 24.05, "longitude": -74.5}});
    let response = post(&app, "/v1/radix", &json!({"birth": birth})).await;
    assert_eq!(response.status(), 200);
    let chart: Value = response.json().await.unwrap();
    let resolved = &chart["input"]["resolved"];
    assert_eq!(resolved["calendar"], "julian");
    assert_eq!(resolved["local"], "1492-10-21T12:00:00");
    assert_eq!(resolved["offset_source"], "local_mean_time");
    // Local Mean Time at 74.5 degrees west: -04:58:00.
    assert_eq!(resolved["utc"], "1492-10-21T16:58:00Z");
    assert_eq!(chart["ephemeris"], "swiss");
    assert!(
        chart["planets"].get("chiron").is_some(),
        "Chiron's data start in 1200"
    );
    assert!(chart.get("omitted").is_none());
    // Before 1200 the default Chiron is left out and the answer says why.
    let mut early = birth.clone();
    early["datetime"] = json!("1100-10-12T12:00");
    let chart: Value = post(&app, "/v1/radix", &json!({"birth": early}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(chart["ephemeris"], "moshier");
    assert!(chart["planets"].get("chiron").is_none());
    assert_eq!(
        chart["omitted"],
        json!([{"body": "chiron", "reason": "outside_ephemeris_range",
                "valid_from": "1200-01-09", "valid_to": "4649-12-31"}])
    );
    // Asked for by name, it is a 400 naming the field, the body and its range.
    let named = post(
        &app,
        "/v1/radix",
        &json!({"birth": early, "options": {"bodies": ["sun", "chiron"]}}),
    )
    .await;
    let message = assert_error(named, 400, "outside_ephemeris_range").await;
    assert!(
        message.starts_with("birth.datetime: chiron has no ephemeris data at 1100-10-19T16:58:00Z: its data cover 1200-01-09 to 4649-12-31"),
        "{message}"
    );
    // Outside every range (after 4800): a 400 naming the field.
    let mut late = birth.clone();
    late["datetime"] = json!("4900-01-01T12:00");
    late["calendar"] = json!("gregorian");
    let message = assert_error(
        post(&app, "/v1/radix", &json!({"birth": late})).await,
        400,
        "outside_ephemeris_range",
    )
    .await;
    assert!(
        message.starts_with("birth.datetime: sun has no ephemeris data"),
        "{message}"
    );
    // A calendar with an offset datetime: a 400 naming the calendar.
    let mut offset = birth.clone();
    offset["datetime"] = json!("1492-10-12T12:00-04:58");
    let message = assert_error(
        post(&app, "/v1/radix", &json!({"birth": offset})).await,
        400,
        "invalid_input",
    )
    .await;
    assert!(
        message.starts_with("birth.calendar julian applies to a local datetime"),
        "{message}"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn radix_civil_time_rules() {
    let app = TestApp::spawn().await;
    let birth = |datetime: &str, zone: &str, extra: Value| {
        let mut b = json!({"datetime": datetime, "timezone": zone, "location": {"latitude": 40.7, "longitude": -74.0}});
        if let Value::Object(extra) = extra {
            b.as_object_mut().unwrap().extend(extra);
        }
        json!({"birth": b, "options": {"include": ["planets"]}})
    };
    let gap = post(
        &app,
        "/v1/radix",
        &birth("2021-03-14T02:30:00", "America/New_York", json!({})),
    )
    .await;
    let message = assert_400(gap).await;
    assert!(
        message.contains("2021-03-14T06:30:00Z") && message.contains("birth.ambiguous_time"),
        "{message}"
    );
    let fold: Value = post(
        &app,
        "/v1/radix",
        &birth(
            "2021-11-07T01:30:00",
            "America/New_York",
            json!({"ambiguous_time": "later"}),
        ),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(fold["input"]["resolved"]["utc"], "2021-11-07T06:30:00Z");
    let amsterdam: Value = post(
        &app,
        "/v1/radix",
        &birth("1900-06-01T12:00:00", "Europe/Amsterdam", json!({})),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(amsterdam["input"]["resolved"]["offset"], "+00:19:32");
    let berlin_lmt = json!({"birth": {"datetime": "1880-05-15T12:00:00", "timezone": "Europe/Berlin", "location": {"latitude": 52.5, "longitude": 13.4}}, "options": {"include": ["planets"]}});
    let lmt: Value = post(&app, "/v1/radix", &berlin_lmt)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(lmt["input"]["resolved"]["offset_source"], "local_mean_time");
    assert_eq!(lmt["input"]["resolved"]["local_mean_time"], "birth_place");
    // 13.4 degrees east is 53 min 36 s ahead of Greenwich.
    assert_eq!(lmt["input"]["resolved"]["offset"], "+00:53:36");
    app.cleanup().await;
}

/// The error object over HTTP for a request its types refuse. Every rule and message:
/// `crates/api/tests/error_snapshots.rs`.
#[tokio::test]
async fn bad_bodies_get_400_with_the_field_path() {
    let app = TestApp::spawn().await;
    let body = json!({"birth": berlin_birth(), "options": {"house_system": "placidux"}});
    let error = crate::support::error_body(post(&app, "/v1/radix", &body).await, 400).await;
    assert_eq!(error["error"]["code"], "unknown_name");
    assert_eq!(error["error"]["field"], "options.house_system");
    assert_eq!(error["error"]["details"]["accepted"][0], "placidus");
    app.cleanup().await;
}

#[tokio::test]
async fn malformed_bodies_content_types_and_sizes() {
    let app = TestApp::spawn().await;
    let malformed = app
        .post("/v1/radix")
        .header("X-API-Key", DEMO_KEY)
        .header("Content-Type", "application/json")
        .body("{\"birth\": ")
        .send()
        .await
        .unwrap();
    assert!(assert_400(malformed).await.contains("not valid JSON"));
    let empty = app
        .post("/v1/radix")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert!(assert_400(empty).await.contains("body is required"));
    let text = app
        .post("/v1/radix")
        .header("X-API-Key", DEMO_KEY)
        .header("Content-Type", "text/plain")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_error(text, 415, "unsupported_media_type").await;
    let huge = format!(
        "{{\"birth\": {}, \"padding\": \"{}\"}}",
        berlin_birth(),
        "x".repeat(70 * 1024)
    );
    let too_large = app
        .post("/v1/radix")
        .header("X-API-Key", DEMO_KEY)
        .header("Content-Type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    assert_error(too_large, 413, "payload_too_large").await;
    app.cleanup().await;
}

#[tokio::test]
async fn aspects_in_every_mode() {
    let app = TestApp::spawn().await;
    let seam: Value = post(&app, "/v1/aspects", &json!({"positions": {"sun": {"longitude": 359.5, "speed": 1.0}, "moon": {"longitude": 0.5, "speed": 13.0}}})).await.json().await.unwrap();
    let hit = &seam["aspects"][0];
    assert_eq!(hit["aspect"], "conjunction");
    assert!((hit["orb"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    assert_eq!(
        hit["applying"], false,
        "the faster Moon is ahead: separating"
    );
    assert_eq!(seam["settings"]["mode"], "within");

    let cross: Value = post(&app, "/v1/aspects", &json!({"positions": {"sun": 10.0, "moon": 100.0}, "positions_b": {"venus": 130.0, "mars": 10.5}, "orbs": 2})).await.json().await.unwrap();
    assert_eq!(cross["settings"]["mode"], "cross");
    assert_eq!(cross["settings"]["orbs"]["preset"], "flat");
    let pairs: Vec<(String, String)> = cross["aspects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["first"].as_str().unwrap().to_owned(),
                a["second"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert!(
        pairs
            .iter()
            .all(|(a, b)| ["moon", "sun"].contains(&a.as_str())
                && ["mars", "venus"].contains(&b.as_str())),
        "{pairs:?}"
    );
    assert!(
        cross["aspects"][0]["applying"].is_null(),
        "no speeds, no applying"
    );

    let at: Value = post(
        &app,
        "/v1/aspects",
        &json!({"datetime": "2024-03-20T03:06:21Z", "aspect_types": ["major", "minor"]}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(at["datetime_utc"], "2024-03-20T03:06:21Z");
    assert!(
        at["aspects"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["applying"].is_boolean())
    );
    assert_eq!(at["settings"]["aspect_names"].as_array().unwrap().len(), 11);

    let now = app
        .post("/v1/aspects")
        .header("X-API-Key", DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(now.status(), 200);
    assert_eq!(now.headers()["cache-control"], "no-store");
    assert!(now.headers().get("etag").is_none());

    // The error object (every rule and message: crates/api/tests/error_snapshots.rs).
    let body = json!({"positions": {"sun": 1.0}, "orbs": "loose"});
    let error = crate::support::error_body(post(&app, "/v1/aspects", &body).await, 400).await;
    assert_eq!(error["error"]["code"], "unknown_name");
    assert_eq!(error["error"]["field"], "orbs");
    app.cleanup().await;
}

#[tokio::test]
async fn catalogues_list_every_name() {
    let app = TestApp::spawn().await;
    let bodies: Value = get(&app, "/v1/catalog/bodies").await.json().await.unwrap();
    assert!(
        bodies["bodies"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["name"] == "osculating_apogee")
    );
    let houses: Value = get(&app, "/v1/catalog/house-systems")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(houses["house_systems"].as_array().unwrap().len(), 25);
    let ayanamsas: Value = get(&app, "/v1/catalog/ayanamsas")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ayanamsas["ayanamsas"].as_array().unwrap().len(), 47);
    let aspects: Value = get(&app, "/v1/catalog/aspects").await.json().await.unwrap();
    assert_eq!(aspects["aspects"].as_array().unwrap().len(), 11);
    let presets: Value = get(&app, "/v1/catalog/orb-presets")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(presets["orb_presets"][0]["name"], "classic");
    let stars = get(&app, "/v1/catalog/fixed-stars").await;
    assert!(stars.headers().contains_key("etag"));
    let stars: Value = stars.json().await.unwrap();
    assert!(stars["count"].as_u64().unwrap() > 1000);
    app.cleanup().await;
}

/// Requests with different settings (zodiac, ayanamsa, observer) run concurrently on the
/// calculation threads, whose Swiss Ephemeris state is per thread: each answer must be
/// byte-identical to the same request answered alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_mixed_charts_equal_sequential_ones() {
    let app = TestApp::spawn().await;
    let mut bodies = Vec::new();
    for (i, ayanamsa) in [
        "lahiri",
        "fagan_bradley",
        "raman",
        "krishnamurti",
        "true_citra",
        "galcent_0sag",
    ]
    .iter()
    .enumerate()
    {
        let lat = -40.0 + 13.0 * i as f64;
        bodies.push(json!({"birth": {"datetime": format!("{}-0{}-1{}T0{}:15:00Z", 1955 + 7 * i, 1 + i, i, i), "location": {"latitude": lat, "longitude": 10.0 * i as f64}}, "options": {"zodiac": "sidereal", "ayanamsa": ayanamsa, "house_system": "placidus"}}));
        bodies.push(json!({"birth": {"datetime": format!("{}-1{}-0{}T1{}:45:00Z", 2004 + 3 * i, i % 3, 1 + i, i), "location": {"latitude": lat, "longitude": -20.0 * i as f64, "altitude": 100.0 * i as f64}}, "options": {"center": "topocentric"}}));
        bodies.push(json!({"birth": {"datetime": format!("{}-0{}-2{}T12:00:00Z", 1850 + 11 * i, 1 + i, i), "location": {"latitude": lat, "longitude": 5.0}}, "options": {"house_system": "koch"}}));
    }
    let mut alone = Vec::new();
    for body in &bodies {
        let response = post(&app, "/v1/radix", body).await;
        assert_eq!(response.status(), 200, "{body}");
        alone.push(response.bytes().await.unwrap());
    }
    for _ in 0..3 {
        let tasks: Vec<_> = bodies
            .iter()
            .cloned()
            .map(|body| {
                let client = app.client.clone();
                let url = app.url("/v1/radix");
                tokio::spawn(async move {
                    client
                        .post(url)
                        .header("X-API-Key", DEMO_KEY)
                        .json(&body)
                        .send()
                        .await
                        .unwrap()
                        .bytes()
                        .await
                        .unwrap()
                })
            })
            .collect();
        for (task, expected) in tasks.into_iter().zip(&alone) {
            assert_eq!(&task.await.unwrap(), expected);
        }
    }
    app.cleanup().await;
}
