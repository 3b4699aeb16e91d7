//! Julian and `auto` calendar dates against `fixtures/calendar/cases.json`, written by
//! `fixtures/calendar/generate.py` from convertdate and pyswisseph's `swe_julday` (which agree
//! with each other there): the Gregorian day each date names, the calendar it was read in, and
//! the dates a calendar does not have.

use orrery_civil::{Calendar, CivilError, CivilInput, DatetimeProblem, IsoDateTime};
use serde::Deserialize;

const CASES: &str = include_str!("../../../fixtures/calendar/cases.json");

#[derive(Debug, Deserialize)]
struct Case {
    datetime: String,
    calendar: String,
    note: String,
    used: Option<String>,
    gregorian: Option<String>,
    #[serde(default)]
    error: bool,
}

fn calendar(name: &str) -> Calendar {
    match name {
        "gregorian" => Calendar::Gregorian,
        "julian" => Calendar::Julian,
        "auto" => Calendar::Auto,
        other => panic!("unknown calendar {other}"),
    }
}

#[test]
fn every_date_names_the_day_convertdate_and_the_swiss_ephemeris_name() {
    let cases: Vec<Case> = serde_json::from_str(CASES).expect("fixture parses");
    assert!(cases.len() > 80);
    for case in &cases {
        let at = || format!("{} as {} ({})", case.datetime, case.calendar, case.note);
        let parsed = IsoDateTime::parse_in(&case.datetime, calendar(&case.calendar));
        if case.error {
            let Err(CivilError::Datetime { problem, .. }) = parsed else {
                panic!("{}: accepted as {parsed:?}", at());
            };
            assert!(
                matches!(
                    problem,
                    DatetimeProblem::NoSuchDay { .. } | DatetimeProblem::ReformGap { .. }
                ),
                "{}: {problem}",
                at()
            );
            continue;
        }
        let parsed = parsed.unwrap_or_else(|e| panic!("{}: {e}", at()));
        assert_eq!(
            Some(parsed.local().date().to_string()),
            case.gregorian,
            "{}",
            at()
        );
        assert_eq!(
            Some(parsed.calendar().as_str()),
            case.used.as_deref(),
            "{}",
            at()
        );
        assert_eq!(parsed.local().time().to_string(), "12:00:00", "{}", at());
    }
}

#[test]
fn a_calendar_with_an_offset_is_refused_naming_the_calendar() {
    for calendar in [Calendar::Julian, Calendar::Auto] {
        let error = CivilInput::new("1492-10-12T12:00Z")
            .with_calendar(calendar)
            .resolve()
            .unwrap_err();
        assert_eq!(error.field(), orrery_civil::Field::Calendar);
        assert!(error.to_string().starts_with("calendar "), "{error}");
    }
    // Gregorian is what the offset already means: nothing to refuse.
    let resolved = CivilInput::new("1492-10-12T12:00Z")
        .with_calendar(Calendar::Gregorian)
        .resolve()
        .unwrap();
    assert_eq!(resolved.utc().to_string(), "1492-10-12T12:00:00Z");
}

#[test]
fn a_julian_local_time_goes_through_the_zone_rules_and_echoes_its_calendar() {
    // Nuremberg, 1492: no standard time yet, so the birth place's Local Mean Time, on the
    // Gregorian day the Julian date names (1492-10-12 Julian = 1492-10-21 Gregorian).
    let resolved = CivilInput::new("1492-10-12T12:00")
        .with_timezone("Europe/Berlin")
        .with_longitude_deg(11.0775)
        .with_calendar(Calendar::Julian)
        .resolve()
        .unwrap();
    assert_eq!(resolved.local().to_string(), "1492-10-21T12:00:00");
    assert_eq!(resolved.calendar().as_str(), "julian");
    assert_eq!(resolved.source(), orrery_civil::OffsetSource::LocalMeanTime);
    let gregorian = CivilInput::new("1492-10-21T12:00")
        .with_timezone("Europe/Berlin")
        .with_longitude_deg(11.0775)
        .resolve()
        .unwrap();
    assert_eq!(
        resolved.utc(),
        gregorian.utc(),
        "the same day, the same rules"
    );
    assert_eq!(gregorian.calendar().as_str(), "gregorian");
}
