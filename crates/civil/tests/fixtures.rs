//! Golden cases from `fixtures/civil/cases.json`, written by `fixtures/civil/generate.py` from
//! Python's `zoneinfo` over the host's Debian tz database (built with backzone): an independent
//! reading of the tz history and an independent implementation of the LMT, gap and fold rules.

use orrery_civil::{CivilError, CivilInput, FoldChoice, LmtKind, LmtPolicy, Resolved};
use serde::Deserialize;

const CASES: &str = include_str!("../../../fixtures/civil/cases.json");

#[derive(Debug, Deserialize)]
struct File {
    tz_version: String,
    cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
struct Case {
    id: String,
    why: String,
    datetime: String,
    timezone: Option<String>,
    longitude_deg: Option<f64>,
    lmt_policy: String,
    fold_choice: Option<String>,
    expect: Option<Expect>,
    expect_error: Option<ExpectError>,
}

#[derive(Debug, Deserialize)]
struct Expect {
    utc: String,
    offset_seconds: i32,
    source: String,
    lmt: Option<String>,
    abbreviation: Option<String>,
    notes: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct ExpectError {
    kind: String,
    earlier_utc: Option<String>,
    earlier_offset_seconds: Option<i32>,
    later_utc: Option<String>,
    later_offset_seconds: Option<i32>,
}

fn input(case: &Case) -> CivilInput<'_> {
    CivilInput {
        datetime: &case.datetime,
        timezone: case.timezone.as_deref(),
        longitude_deg: case.longitude_deg,
        lmt_policy: match case.lmt_policy.as_str() {
            "birth_place" => LmtPolicy::BirthPlace,
            "zone_reference" => LmtPolicy::ZoneReference,
            other => panic!("{}: unknown lmt_policy {other}", case.id),
        },
        fold_choice: case.fold_choice.as_deref().map(|c| match c {
            "earlier" => FoldChoice::Earlier,
            "later" => FoldChoice::Later,
            other => panic!("{}: unknown fold_choice {other}", case.id),
        }),
        calendar: orrery_civil::Calendar::Gregorian,
    }
}

fn error_kind(err: &CivilError) -> &'static str {
    match err {
        CivilError::Datetime { .. } => "datetime",
        CivilError::MissingTimezone { .. } => "missing_timezone",
        CivilError::UnknownTimezone { .. } => "unknown_timezone",
        CivilError::Longitude { .. } => "longitude",
        CivilError::Gap { .. } => "gap",
        CivilError::Fold { .. } => "fold",
        CivilError::NoCivilTime { .. } => "no_civil_time",
        _ => "other",
    }
}

fn check_ok(case: &Case, expect: &Expect, got: &Resolved) -> Vec<String> {
    let mut problems = Vec::new();
    let mut check = |what: &str, want: String, have: String| {
        if want != have {
            problems.push(format!("{}: {what}: expected {want}, got {have}", case.id));
        }
    };
    check("utc", expect.utc.clone(), got.utc().to_string());
    check(
        "offset_seconds",
        expect.offset_seconds.to_string(),
        got.offset_seconds().to_string(),
    );
    check(
        "source",
        expect.source.clone(),
        got.source().as_str().to_owned(),
    );
    check(
        "lmt",
        format!("{:?}", expect.lmt.as_deref()),
        format!("{:?}", got.lmt().map(LmtKind::as_str)),
    );
    check(
        "abbreviation",
        format!("{:?}", expect.abbreviation.as_deref()),
        format!("{:?}", got.abbreviation()),
    );
    check(
        "notes",
        format!("{:?}", expect.notes),
        format!(
            "{:?}",
            got.notes().iter().map(|n| n.code()).collect::<Vec<_>>()
        ),
    );
    problems
}

fn check_err(case: &Case, expect: &ExpectError, err: &CivilError) -> Vec<String> {
    let mut problems = Vec::new();
    if error_kind(err) != expect.kind {
        problems.push(format!(
            "{}: expected a {} error, got {err}",
            case.id, expect.kind
        ));
        return problems;
    }
    if let CivilError::Gap { earlier, later, .. } | CivilError::Fold { earlier, later, .. } = err {
        let pairs = [
            (
                &expect.earlier_utc,
                earlier.utc().to_string(),
                "earlier_utc",
            ),
            (&expect.later_utc, later.utc().to_string(), "later_utc"),
        ];
        for (want, have, what) in pairs {
            if want.as_deref() != Some(have.as_str()) {
                problems.push(format!(
                    "{}: {what}: expected {want:?}, got {have}",
                    case.id
                ));
            }
        }
        let offsets = [
            (
                expect.earlier_offset_seconds,
                earlier.offset().seconds(),
                "earlier_offset",
            ),
            (
                expect.later_offset_seconds,
                later.offset().seconds(),
                "later_offset",
            ),
        ];
        for (want, have, what) in offsets {
            if want != Some(have) {
                problems.push(format!(
                    "{}: {what}: expected {want:?}, got {have}",
                    case.id
                ));
            }
        }
        // The message names both candidates.
        let message = err.to_string();
        for candidate in [earlier.utc().to_string(), later.utc().to_string()] {
            if !message.contains(&candidate) {
                problems.push(format!("{}: message lacks {candidate}: {message}", case.id));
            }
        }
    }
    problems
}

#[test]
fn golden_cases_from_python_zoneinfo() {
    let file: File = serde_json::from_str(CASES).expect("cases.json parses");
    assert!(file.cases.len() >= 40, "only {} cases", file.cases.len());
    eprintln!(
        "fixture tz {} (host zoneinfo), bundled tz {}",
        file.tz_version,
        orrery_civil::tz_data_version()
    );
    let mut problems = Vec::new();
    for case in &file.cases {
        let result = input(case).resolve();
        match (&case.expect, &case.expect_error, &result) {
            (Some(expect), None, Ok(got)) => problems.extend(check_ok(case, expect, got)),
            (None, Some(expect), Err(err)) => problems.extend(check_err(case, expect, err)),
            (Some(_), None, Err(err)) => {
                problems.push(format!("{} ({}): error {err}", case.id, case.why))
            }
            (None, Some(expect), Ok(got)) => problems.push(format!(
                "{} ({}): expected a {} error, got {got:?}",
                case.id, case.why, expect.kind
            )),
            _ => problems.push(format!(
                "{}: a case needs exactly one of expect/expect_error",
                case.id
            )),
        }
    }
    assert!(
        problems.is_empty(),
        "{} mismatches:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
