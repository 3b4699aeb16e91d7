//! `POST /v1/zodiacal-releasing` against an independent implementation of the rule
//! (`fixtures/releasing/generate.py`: the rule of docs/CONVENTIONS.md written again
//! in Python, in exact rational arithmetic). Each fixture case is a request as a client sends it;
//! the whole path (DTO, validation, `compute`) is run and every period compared: sign, units,
//! sub-index, markers exactly; times and lengths within rounding.

use jiff::Timestamp;
use orrery_api::releasing::{PeriodDto, ReleasingRequest, compute};
use serde_json::Value;

/// Period boundaries are sums of up to a few hundred lengths in days from a Julian day near
/// 2.4 million: f64 keeps them within about 1e-9 day; 1e-7 day is 9 ms.
const ROUNDING_DAYS: f64 = 1e-7;

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/releasing/cases.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("JSON")
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

/// Compares our periods with the reference's; returns the worst time difference in days.
fn compare(label: &str, got: &[PeriodDto], want: &Value) -> f64 {
    let want = want.as_array().expect("periods");
    assert_eq!(got.len(), want.len(), "{label}: number of periods");
    let mut worst = 0.0_f64;
    for (g, w) in got.iter().zip(want) {
        let at = format!("{label} level {} {}", g.level, g.sign);
        assert_eq!(u64::from(g.level), w["level"].as_u64().unwrap(), "{at}");
        assert_eq!(g.sign, w["sign"].as_str().unwrap(), "{at}");
        assert_eq!(u64::from(g.units), w["units"].as_u64().unwrap(), "{at}");
        assert_eq!(g.sub_index as u64, w["sub_index"].as_u64().unwrap(), "{at}");
        assert_eq!(g.is_peak, w["is_peak"].as_bool().unwrap(), "{at}");
        assert_eq!(g.is_lb_zone, w["is_lb_zone"].as_bool().unwrap(), "{at}");
        assert_eq!(
            g.is_loosing_of_the_bond,
            w["is_loosing_of_the_bond"].as_bool().unwrap(),
            "{at}"
        );
        for (ours, theirs) in [
            (g.start_jd, num(&w["start_jd"])),
            (g.end_jd, num(&w["end_jd"])),
            (g.length_days, num(&w["length_days"])),
        ] {
            let diff = (ours - theirs).abs();
            assert!(diff <= ROUNDING_DAYS, "{at}: {ours} vs {theirs}");
            worst = worst.max(diff);
        }
    }
    worst
}

#[test]
fn every_case_matches_the_independent_reference() {
    let fixture = fixture();
    let cases = fixture["cases"].as_array().expect("cases");
    assert!(cases.len() >= 30, "{} cases", cases.len());
    // Every request in the fixture names its target, so "now" is never used.
    let now: Timestamp = "2000-01-01T00:00:00Z".parse().unwrap();
    let (mut worst, mut sequences) = (0.0_f64, 0);
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let request: ReleasingRequest =
            serde_json::from_value(case["request"].clone()).expect("a valid request body");
        let input = request
            .validate(now)
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        assert!(!input.used_now);
        let response = compute(&input).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(
            response.settings.start_sign,
            case["start_sign"].as_str().unwrap(),
            "{label}"
        );
        worst = worst.max(compare(label, &response.periods, &case["periods"]));
        match (&response.l1_sequence, case.get("l1_sequence")) {
            (Some(ours), Some(theirs)) => {
                worst = worst.max(compare(label, ours, theirs));
                sequences += 1;
            }
            (None, None) => {}
            _ => panic!("{label}: the level-1 sequence is on one side only"),
        }
    }
    assert!(sequences >= 3);
    // The jump is exercised: periods reached after a loosing of the bond, and the jump itself.
    let jumps = cases
        .iter()
        .filter(|c| c["request"]["loosing_of_the_bond"] == "jump")
        .count();
    let loosed = cases
        .iter()
        .flat_map(|c| c["periods"].as_array().unwrap())
        .filter(|p| p["is_loosing_of_the_bond"] == true)
        .count();
    assert!(
        jumps >= 5 && loosed >= 2,
        "{jumps} jump cases, {loosed} jumped-to periods"
    );
    println!(
        "{} cases ({sequences} with the level-1 sequence): worst time difference {:.1e} days",
        cases.len(),
        worst
    );
}
