//! A birth given in the Julian, Gregorian or `auto` calendar resolves to the Julian day
//! pyswisseph's `swe_julday` gives for that calendar date (and convertdate agrees:
//! fixtures/calendar/generate.py); a date the calendar does not have is a 400 at
//! `birth.datetime`, and `calendar` with an offset datetime a 400 at `birth.calendar`.

use orrery_api::common::BirthDto;
use orrery_api::parse::json_value;
use serde::Deserialize;
use serde_json::json;

const CASES: &str = include_str!("../../../fixtures/calendar/cases.json");

/// 1e-9 day = 86 µs: the instant goes through nanoseconds since 1970 and back to a Julian day
/// in f64, whose last bit near JD 2.4e6 is 4.7e-10 day.
const JD_TOLERANCE_DAYS: f64 = 1e-9;

#[derive(Debug, Deserialize)]
struct Case {
    datetime: String,
    calendar: String,
    note: String,
    used: Option<String>,
    jd_ut: Option<f64>,
    #[serde(default)]
    error: bool,
}

fn birth(datetime: &str, calendar: &str) -> BirthDto {
    json_value(json!({
        "datetime": datetime, "timezone": "Etc/UTC", "calendar": calendar,
        "location": {"latitude": 0, "longitude": 0}
    }))
    .unwrap_or_else(|e| panic!("{datetime} {calendar}: {e}"))
}

#[test]
fn every_calendar_date_resolves_to_the_julian_day_of_swe_julday() {
    let cases: Vec<Case> = serde_json::from_str(CASES).expect("fixture parses");
    let mut worst = 0.0_f64;
    for case in &cases {
        let at = || format!("{} as {} ({})", case.datetime, case.calendar, case.note);
        let result = birth(&case.datetime, &case.calendar).resolve("birth");
        if case.error {
            let error = result.expect_err(&at());
            assert_eq!(error.field.as_deref(), Some("birth.datetime"), "{}", at());
            assert!(
                error.message.starts_with("birth.datetime "),
                "{}",
                error.message
            );
            continue;
        }
        let resolved = result.unwrap_or_else(|e| panic!("{}: {e}", at()));
        let want = case.jd_ut.expect("a Julian day");
        let diff = (resolved.jd.0 - want).abs();
        worst = worst.max(diff);
        assert!(
            diff <= JD_TOLERANCE_DAYS,
            "{}: {} vs {want}",
            at(),
            resolved.jd.0
        );
        assert_eq!(
            Some(resolved.resolved.calendar().as_str()),
            case.used.as_deref(),
            "{}",
            at()
        );
    }
    println!(
        "{} cases, worst Julian-day difference {worst:.2e} day",
        cases.len()
    );
}

#[test]
fn a_calendar_with_an_offset_datetime_is_a_400_naming_the_calendar() {
    let error = birth("1492-10-12T12:00Z", "julian")
        .resolve("birth")
        .unwrap_err();
    assert_eq!(error.field.as_deref(), Some("birth.calendar"));
    assert_eq!(error.code.as_str(), "invalid_input");
    assert!(
        error
            .message
            .starts_with("birth.calendar julian applies to a local datetime"),
        "{}",
        error.message
    );
}
