//! The `provenance` of calculation answers: engine, ephemeris actually used, tz database,
//! preset and the resolved input instants with ΔT, checked against pyswisseph's ΔT and the
//! answer's own echo; in the `Orrery-Provenance` header of a picture.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, post_json, post_ok};

/// pyswisseph 2.10.3.2's `deltat_ex` at a few instants (`fixtures/pyswisseph/generate.py`).
fn pyswisseph_delta_t() -> Vec<(f64, f64)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/pyswisseph/misc.json"
    ))
    .unwrap();
    let misc: Value = serde_json::from_str(&text).unwrap();
    misc["earth"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["jd_ut"].as_f64().unwrap(),
                entry["deltat_days"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn iso_of(jd_ut: f64) -> String {
    let nanos = ((jd_ut - 2_440_587.5) * 86_400e9).round();
    #[allow(clippy::cast_possible_truncation, reason = "within ±1e20 ns")]
    let nanos = nanos as i128;
    jiff::Timestamp::from_nanosecond(nanos).unwrap().to_string()
}

fn sources(provenance: &Value) -> Vec<&str> {
    provenance["ephemeris"]
        .as_array()
        .unwrap()
        .iter()
        .map(|source| source["source"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_chart_names_engine_files_tz_and_its_birth_instant() {
    let app = TestApp::spawn().await;
    let body = post_ok(
        &app,
        "/v1/radix",
        &json!({"birth": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                          "location": {"latitude": 52.52, "longitude": 13.405}}}),
    )
    .await;
    let provenance = &body["provenance"];
    assert_eq!(provenance["engine"]["name"], "orrery");
    assert_eq!(provenance["engine"]["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(provenance["engine"]["swiss_ephemeris"], "2.10.03");
    assert_eq!(sources(provenance), ["swiss_ephemeris_files"]);
    let files = &provenance["ephemeris"][0];
    assert_eq!(files["valid_from"], "1200-01-09");
    assert_eq!(files["valid_to"], "4799-12-31");
    assert!(
        files["data_version"]
            .as_str()
            .unwrap()
            .starts_with("se-2.10.03+de")
    );
    assert_eq!(provenance["tz_database"], orrery_api::tz_data_version());
    assert_eq!(provenance["preset"], Value::Null);
    let instants = provenance["instants"].as_array().unwrap();
    assert_eq!(instants.len(), 1);
    let birth = &instants[0];
    assert_eq!(birth["field"], "birth.datetime");
    assert_eq!(birth["utc"], "1990-05-15T12:30:00Z");
    assert_eq!(birth["utc"], body["input"]["resolved"]["utc"]);
    assert_eq!(
        birth["julian_day_ut"],
        body["input"]["resolved"]["julian_day_ut"]
    );
    assert_eq!(birth["calendar"], "gregorian");
    // Its value is checked against pyswisseph below.
    assert!(birth["delta_t_seconds"].is_f64());
    app.cleanup().await;
}

#[tokio::test]
async fn delta_t_is_the_librarys_as_pyswisseph_gives_it() {
    let app = TestApp::spawn().await;
    for (jd, delta_t_days) in pyswisseph_delta_t() {
        let response = app
            .get(&format!("/v1/planets?datetime={}", iso_of(jd)))
            .header("X-API-Key", DEMO_KEY)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{jd}");
        let body: Value = response.json().await.unwrap();
        let instant = &body["provenance"]["instants"][0];
        assert_eq!(instant["field"], "datetime");
        let reported = instant["delta_t_seconds"].as_f64().unwrap();
        let expected = delta_t_days * 86_400.0;
        // The instant went through an ISO string rounded to the nanosecond: ΔT changes by
        // far less than a microsecond over it.
        assert!(
            (reported - expected).abs() < 1e-6,
            "JD {jd}: {reported} s, pyswisseph {expected} s"
        );
    }
    app.cleanup().await;
}

#[tokio::test]
async fn the_ephemeris_actually_used_follows_the_dates() {
    let app = TestApp::spawn().await;
    // Before 1200 the planets come from the Moshier model, and only from it.
    let medieval = post_ok(
        &app,
        "/v1/radix",
        &json!({"birth": {"datetime": "1100-10-12T12:00", "calendar": "julian",
                          "timezone": "Europe/Rome",
                          "location": {"latitude": 41.9, "longitude": 12.5}}}),
    )
    .await;
    assert_eq!(sources(&medieval["provenance"]), ["moshier"]);
    let moshier = &medieval["provenance"]["ephemeris"][0];
    assert_eq!(moshier["valid_to"], "1200-01-08");
    assert!(moshier["accuracy"].as_str().unwrap().contains("Pluto"));
    assert_eq!(medieval["provenance"]["instants"][0]["calendar"], "julian");
    // A transit window across 1200 uses both.
    let across = post_ok(
        &app,
        "/v1/transits",
        &json!({"natal_positions": {"sun": 10.0},
                "start": "1199-12-01T00:00:00Z", "end": "1200-02-01T00:00:00Z",
                "transit_points": ["sun", "mars"]}),
    )
    .await;
    assert_eq!(
        sources(&across["provenance"]),
        ["swiss_ephemeris_files", "moshier"]
    );
    let fields: Vec<&str> = across["provenance"]["instants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|instant| instant["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["start", "end"]);
    // An answer without positions names no ephemeris: zodiacal releasing is arithmetic on
    // the given dates.
    let releasing = post_ok(
        &app,
        "/v1/zodiacal-releasing",
        &json!({"birth_datetime": "1990-05-15T12:30:00Z", "target_datetime": "2024-01-01T00:00:00Z",
                "lot_longitude": 100.0}),
    )
    .await;
    assert_eq!(sources(&releasing["provenance"]), Vec::<&str>::new());
    app.cleanup().await;
}

#[tokio::test]
async fn a_picture_carries_its_provenance_in_a_header() {
    let app = TestApp::spawn().await;
    let response = post_json(
        &app,
        "/v1/chart-wheel",
        &json!({"kind": "natal", "radix": {
                "birth": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                          "location": {"latitude": 52.52, "longitude": 13.405}}}}),
    )
    .await;
    assert_eq!(response.status(), 200);
    let header = response.headers()["orrery-provenance"].to_str().unwrap();
    let provenance: Value = serde_json::from_str(header).unwrap();
    assert_eq!(sources(&provenance), ["swiss_ephemeris_files"]);
    assert_eq!(provenance["instants"][0]["utc"], "1990-05-15T12:30:00Z");
    app.cleanup().await;
}
