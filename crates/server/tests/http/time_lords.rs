//! `POST /v1/time-lords` over HTTP: the firdaria against Stellium 0.22 and kerykeion 6.0.5
//! (`fixtures/traditional/firdaria.json`) end to end, the stack at an instant, and a 400
//! naming the field.

use serde_json::{Value, json};

use crate::support::{TestApp, post_json, post_ok, post_refused};

const PATH: &str = "/v1/time-lords";
/// The brief's bound for period boundaries, once the year length is matched.
const ONE_SECOND_MS: i64 = 1_000;

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/traditional/firdaria.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn millis(text: &Value) -> i64 {
    let text = text.as_str().unwrap();
    let text = if text.ends_with('Z') {
        text.to_owned()
    } else {
        format!("{text}Z")
    };
    text.parse::<jiff::Timestamp>().unwrap().as_millisecond()
}

fn assert_periods(got: &Value, want: &Value, what: &str) {
    let got = got.as_array().unwrap();
    let want = want.as_array().unwrap();
    // The fixture lays out 76 years; the request asks for the same.
    assert_eq!(got.len(), want.len(), "{what}");
    for (g, w) in got.iter().zip(want) {
        assert_eq!(g["lord"], w[0], "{what}");
        assert!(
            (millis(&g["start"]) - millis(&w[1])).abs() <= ONE_SECOND_MS,
            "{what}"
        );
        assert!(
            (millis(&g["end"]) - millis(&w[2])).abs() <= ONE_SECOND_MS,
            "{what}"
        );
        let subs = g["sub_periods"].as_array().unwrap();
        let want_subs = w[3].as_array().unwrap();
        assert_eq!(subs.len(), want_subs.len(), "{what}");
        for (s, ws) in subs.iter().zip(want_subs) {
            assert_eq!(s["lord"], ws[0], "{what}");
            assert!(
                (millis(&s["start"]) - millis(&ws[1])).abs() <= ONE_SECOND_MS,
                "{what}"
            );
        }
    }
}

#[tokio::test]
async fn firdaria_match_stellium_and_kerykeion() {
    let app = TestApp::spawn().await;
    let fixture = fixture();
    for case in fixture["cases"].as_array().unwrap().iter().take(4) {
        let label = case["label"].as_str().unwrap();
        let birth = json!({"datetime": case["utc"],
                           "location": {"latitude": case["latitude"], "longitude": case["longitude"]}});
        for variant in ["abu_mashar", "al_biruni", "bonatti", "no_nodes"] {
            let response = post_json(
                &app,
                PATH,
                &json!({"birth": birth, "at": "2026-01-01T00:00:00Z", "variant": variant,
                        "until_age_years": fixture["until_age_years"]}),
            )
            .await;
            assert_eq!(response.status(), 200);
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["sect"], case["sect"], "{label}");
            assert_eq!(body["settings"]["year_days"], 365.2425);
            assert_periods(
                &body["firdaria"],
                &case["stellium"][variant],
                &format!("{label} {variant}"),
            );
        }
        let body = post_ok(
            &app,
            PATH,
            &json!({"birth": birth, "at": "2026-01-01T00:00:00Z", "year": "julian",
                    "until_age_years": fixture["until_age_years"]}),
        )
        .await;
        assert_periods(&body["firdaria"], &case["kerykeion"]["periods"], label);
    }
    app.cleanup().await;
}

#[tokio::test]
async fn the_stack_names_the_lords_at_the_instant() {
    let app = TestApp::spawn().await;
    // A day birth (Berlin, 12:30 UTC in May): the Sun's ten years, then Venus' eight.
    let body = post_ok(
        &app,
        PATH,
        &json!({"birth": {"datetime": "1990-05-15T12:30:00Z",
                          "location": {"latitude": 52.52, "longitude": 13.405}},
                "at": "2001-01-01T00:00:00Z"}),
    )
    .await;
    assert_eq!(body["sect"], "day");
    assert_eq!(body["settings"]["variant"], "abu_mashar");
    assert_eq!(body["settings"]["sequence"][0], "sun");
    let stack = &body["stack"];
    assert_eq!(stack["firdaria_major"]["lord"], "venus");
    // Venus' sub-periods: Venus, Mercury, … each 8/7 years from age 10; 2001-01-01 is at age
    // 10.63, in the first.
    assert_eq!(stack["firdaria_sub"]["lord"], "venus");
    app.cleanup().await;
}

#[tokio::test]
async fn errors_come_as_the_error_object() {
    let app = TestApp::spawn().await;
    let birth = json!({"datetime": "1990-05-15T12:30:00Z",
                       "location": {"latitude": 52.52, "longitude": 13.405}});
    // Each request's extra fields, the field blamed, and a phrase of the message.
    let cases = [
        (json!({"variant": "valens"}), "variant", "valens"),
        (
            json!({"until_age_years": 500}),
            "until_age_years",
            "between 1 and 150",
        ),
        (
            json!({"profections": {"months": "lunar"}}),
            "profections.months",
            "lunar",
        ),
        (json!({"techniques": []}), "techniques", "at least one"),
        (
            json!({"window": {"start": "2001-01-01T00:00:00Z", "end": "2000-01-01T00:00:00Z"}}),
            "window.end",
            "before",
        ),
        (
            json!({"window": {"start": "1801-01-01T00:00:00Z", "end": "2001-01-01T00:00:00Z"}}),
            "window",
            "150 years",
        ),
    ];
    for (extra, field, phrase) in cases {
        let mut request = json!({"birth": birth, "at": "2001-01-01T00:00:00Z"});
        for (key, value) in extra.as_object().unwrap() {
            request[key] = value.clone();
        }
        let message = post_refused(&app, PATH, &request, "invalid_input", field).await;
        assert!(message.contains(phrase), "{message}");
    }
    app.cleanup().await;
}

fn profections_fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/traditional/profections.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The local date, in `zone`, of a UTC instant the service wrote.
fn local_date(utc: &Value, zone: &str) -> String {
    let at: jiff::Timestamp = utc.as_str().unwrap().parse().unwrap();
    at.to_zoned(jiff::tz::TimeZone::get(zone).unwrap())
        .date()
        .to_string()
}

fn changes<'a>(body: &'a Value, level: &str) -> Vec<&'a Value> {
    body["stack"]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["level"] == level)
        .collect()
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

/// Annual profections of 36 births against kerykeion 6.0.5 (signs, lords, the birthdays as local
/// dates) and Stellium 0.22 (signs, lords, the planets in the house), in whole signs and in
/// Placidus houses.
#[tokio::test]
async fn annual_profections_match_kerykeion_and_stellium() {
    let app = TestApp::spawn().await;
    let fixture = profections_fixture();
    let ages = fixture["ages"].as_u64().unwrap() as usize;
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 30);
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let zone = case["timezone"].as_str().unwrap();
        let birth = json!({"datetime": case["local"], "timezone": zone,
                           "location": {"latitude": case["latitude"], "longitude": case["longitude"]}});
        let utc: jiff::Timestamp = case["stellium"]["utc"].as_str().unwrap().parse().unwrap();
        let end = utc + jiff::SignedDuration::from_hours(24 * 366 * ages as i64);
        for (houses, key) in [("whole_sign", "whole_sign"), ("placidus", "placidus")] {
            let body = post_ok(
                &app,
                PATH,
                &json!({"birth": birth, "at": "2026-01-01T00:00:00Z",
                        "techniques": ["profections"], "profections": {"houses": houses},
                        "window": {"start": utc.to_string(), "end": end.to_string()}}),
            )
            .await;
            let what = format!("{label} {houses}");
            assert_eq!(body["settings"]["profections"]["birthday_zone"], zone);
            let chart = &body["profection_chart"]["houses"];
            let years = changes(&body, "profection_year");
            let kerykeion = case["kerykeion"][key].as_array().unwrap();
            let stellium = case["stellium"][key]["annual"].as_array().unwrap();
            for age in 0..ages {
                let k = &kerykeion[age];
                let s = &stellium[age];
                let house = &chart[age % 12];
                assert_eq!(house["house"], k[1], "{what} age {age}");
                assert_eq!(house["sign"], k[2], "{what} age {age} kerykeion");
                assert_eq!(house["lord"], k[3], "{what} age {age} kerykeion");
                assert_eq!(house["sign"], s[1], "{what} age {age} stellium");
                assert_eq!(house["lord"], s[2], "{what} age {age} stellium");
                assert_eq!(
                    strings(&house["planets"]),
                    strings(&s[3]),
                    "{what} age {age}"
                );
                // The year of `age` begins on kerykeion's birthday, a local date (the window
                // opens at the birth, so the year of age 0 is listed first).
                let year = years[age];
                assert_eq!(local_date(&year["at"], zone), k[4], "{what} age {age}");
                assert_eq!(local_date(&year["end"], zone), k[5], "{what} age {age}");
                assert_eq!(year["sign"], k[2], "{what} age {age}");
                assert_eq!(year["lord"], k[3], "{what} age {age}");
            }
        }
    }
    app.cleanup().await;
}

/// Solar-return years, Stellium's months at the Sun's sign ingresses and Valens' months at each 30°
/// of the Sun: the instants within a second of Stellium 0.22's own search, the month signs as its
/// `monthly`.
#[tokio::test]
async fn solar_years_and_ingress_months_match_stellium() {
    let app = TestApp::spawn().await;
    let fixture = profections_fixture();
    let month_age = fixture["month_age"].as_u64().unwrap();
    for case in fixture["cases"].as_array().unwrap() {
        let label = case["label"].as_str().unwrap();
        let stellium = &case["stellium"];
        let birth = json!({"datetime": case["local"], "timezone": case["timezone"],
                           "location": {"latitude": case["latitude"], "longitude": case["longitude"]}});
        let returns = &stellium["solar_returns"];
        let first: jiff::Timestamp = returns["1"].as_str().unwrap().parse().unwrap();
        let last: jiff::Timestamp = returns[month_age.to_string()]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let window = |start: jiff::Timestamp, days: i64| {
            json!({"start": (start - jiff::SignedDuration::from_hours(24)).to_string(),
                   "end": (start + jiff::SignedDuration::from_hours(24 * days)).to_string()})
        };
        let options = json!({"year_start": "solar_return", "months": "sun_ingress"});
        // Ages 1 and 2: the first two returns.
        let body = post_ok(
            &app,
            PATH,
            &json!({"birth": birth, "at": "2026-01-01T00:00:00Z", "techniques": ["profections"],
                    "profections": options, "window": window(first, 380)}),
        )
        .await;
        let years = changes(&body, "profection_year");
        assert_eq!(years.len(), 2, "{label}");
        for (year, n) in years.iter().zip(["1", "2"]) {
            assert!(
                (millis(&year["at"]) - millis(&returns[n])).abs() <= ONE_SECOND_MS,
                "{label} return {n}"
            );
        }
        // The year of `month_age`: its return and its eleven ingresses.
        let body = post_ok(
            &app,
            PATH,
            &json!({"birth": birth, "at": "2026-01-01T00:00:00Z", "techniques": ["profections"],
                    "profections": options, "window": window(last, 362)}),
        )
        .await;
        let years = changes(&body, "profection_year");
        assert!(
            (millis(&years[0]["at"]) - millis(&returns[month_age.to_string()])).abs()
                <= ONE_SECOND_MS,
            "{label} return {month_age}"
        );
        let months = changes(&body, "profection_month");
        let want = stellium["month_starts"].as_array().unwrap();
        assert_eq!(months.len(), want.len(), "{label}");
        let monthly = stellium["whole_sign"]["monthly"].as_array().unwrap();
        assert_eq!(years[0]["sign"], monthly[0][0], "{label} month 0");
        for (k, (got, want)) in months.iter().zip(want).enumerate() {
            assert!(
                (millis(&got["at"]) - millis(want)).abs() <= ONE_SECOND_MS,
                "{label} month {}",
                k + 1
            );
            assert_eq!(got["sign"], monthly[k + 1][0], "{label} month {}", k + 1);
            assert_eq!(got["lord"], monthly[k + 1][1], "{label} month {}", k + 1);
        }
        // Valens' months: each 30° of the Sun past its natal longitude.
        let body = post_ok(
            &app,
            PATH,
            &json!({"birth": birth, "at": "2026-01-01T00:00:00Z", "techniques": ["profections"],
                    "profections": {"year_start": "solar_return", "months": "sun_arc"},
                    "window": window(last, 362)}),
        )
        .await;
        let months = changes(&body, "profection_month");
        let want = stellium["arc_month_starts"].as_array().unwrap();
        assert_eq!(months.len(), want.len(), "{label}");
        for (got, want) in months.iter().zip(want) {
            assert!(
                (millis(&got["at"]) - millis(want)).abs() <= ONE_SECOND_MS,
                "{label} arc"
            );
        }
    }
    app.cleanup().await;
}

/// Equal months and the days of a month (twelfths, and one sign a day) against an own
/// implementation of the written rules in the generator (Python's zoneinfo for the birthdays).
#[tokio::test]
async fn equal_months_and_days_match_the_written_rule() {
    let app = TestApp::spawn().await;
    let fixture = profections_fixture();
    for case in fixture["cases"].as_array().unwrap() {
        let label = case["label"].as_str().unwrap();
        let own = &case["own"];
        let birth = json!({"datetime": case["local"], "timezone": case["timezone"],
                           "location": {"latitude": case["latitude"], "longitude": case["longitude"]}});
        let start: jiff::Timestamp = own["year"][0].as_str().unwrap().parse().unwrap();
        let hour = jiff::SignedDuration::from_hours(1);
        let window = json!({"start": (start - hour).to_string(),
                            "end": (start + jiff::SignedDuration::from_hours(24 * 364)).to_string()});
        for (days, key) in [
            ("twelfths", "fourth_month_twelfths"),
            ("sign_per_day", "fourth_month_days"),
        ] {
            let body = post_ok(
                &app,
                PATH,
                &json!({"birth": birth, "at": own["month_starts"][2], "techniques": ["profections"],
                        "profections": {"days": days}, "window": window}),
            )
            .await;
            assert_eq!(body["settings"]["profections"]["months"], "equal");
            let year = changes(&body, "profection_year")[0];
            assert!((millis(&year["at"]) - millis(&own["year"][0])).abs() <= ONE_SECOND_MS);
            assert!((millis(&year["end"]) - millis(&own["year"][1])).abs() <= ONE_SECOND_MS);
            let months = changes(&body, "profection_month");
            let want = own["month_starts"].as_array().unwrap();
            assert_eq!(months.len(), want.len(), "{label}");
            for (got, want) in months.iter().zip(want) {
                assert!(
                    (millis(&got["at"]) - millis(want)).abs() <= ONE_SECOND_MS,
                    "{label}"
                );
            }
            // `at` is the fourth month's start: the stack holds it and its first day.
            let stack = &body["stack"]["profections"];
            assert_eq!(stack["month"]["month"], 3, "{label}");
            let fourth = &own[key];
            assert_eq!(stack["day"]["sign"], fourth[0][1], "{label} {days}");
            let day_changes: Vec<&Value> = changes(&body, "profection_day")
                .into_iter()
                .filter(|d| millis(&d["at"]) > millis(&fourth[0][0]) - ONE_SECOND_MS)
                .collect();
            assert!(
                day_changes.len() >= fourth.as_array().unwrap().len() - 1,
                "{label}"
            );
            for (got, want) in day_changes
                .iter()
                .zip(fourth.as_array().unwrap().iter().skip(1))
            {
                assert!(
                    (millis(&got["at"]) - millis(&want[0])).abs() <= ONE_SECOND_MS,
                    "{label} {days}"
                );
                assert_eq!(got["sign"], want[1], "{label} {days}");
            }
        }
    }
    app.cleanup().await;
}
