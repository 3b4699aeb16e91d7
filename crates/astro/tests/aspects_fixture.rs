//! The aspect finder against an independent reference: `fixtures/aspects/generate.py` implements
//! the documented definitions another way (floored-modulo separation, numeric differentiation for
//! applying, golden-section root search for the exact time) and wrote `fixtures/aspects/cases.json`.

mod common;

use std::collections::BTreeMap;

use orrery_astro::angle::Longitude;
use orrery_astro::aspects::{
    Aspect, AspectConfig, AspectHit, AspectPoint, CustomOrbs, Orb, OrbPreset, OrbSpec, find_cross,
    find_within,
};
use serde_json::Value;

/// Degrees (separation, orb, allowed orb): both sides subtract numbers below 360 a different way;
/// they can differ by a few ulps of 360 (6e-14°). 1e-9° is 4 micro-arcseconds.
const ANGLE_TOLERANCE_DEG: f64 = 1e-9;
/// The smallest allowed orb any case uses (flat and custom orbs are drawn from 0.5° up).
const SMALLEST_ALLOWED_ORB_DEG: f64 = 0.5;
/// strength = 1 − orb / allowed: an orb within ANGLE_TOLERANCE_DEG moves it by at most this.
const STRENGTH_TOLERANCE: f64 = ANGLE_TOLERANCE_DEG / SMALLEST_ALLOWED_ORB_DEG;
/// orb_percent = 100 × orb / allowed.
const ORB_PERCENT_TOLERANCE: f64 = 100.0 * STRENGTH_TOLERANCE;
/// exact_in_days: the reference finds the zero of the orb by golden-section search, whose
/// answer is limited by the rounding of the orb near its minimum (~1e-13°) over the relative
/// speed (the generator keeps it above 1e-3 °/day): ~1e-10 days; 1e-8 days is under a millisecond.
const EXACT_IN_DAYS_TOLERANCE: f64 = 1e-8;
/// total_strength sums at most 45 strengths (10 points within one list), each within
/// STRENGTH_TOLERANCE.
const TOTAL_STRENGTH_TOLERANCE: f64 = 45.0 * STRENGTH_TOLERANCE;

fn fixture() -> Value {
    common::fixture("aspects/cases.json")
}

fn num(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` is not a number in {v}"))
}

fn points(list: &Value) -> Vec<AspectPoint> {
    list.as_array()
        .expect("a point list")
        .iter()
        .map(|p| {
            let lon = Longitude::new(num(p, "lon")).expect("finite longitude");
            AspectPoint::new(
                p["name"].as_str().expect("a name"),
                lon,
                p["speed"].as_f64(),
            )
            .expect("valid point")
        })
        .collect()
}

fn orbs(v: &Value) -> OrbSpec {
    if let Some(preset) = v.get("preset") {
        let preset: OrbPreset = preset.as_str().expect("a name").parse().expect("a preset");
        return OrbSpec::Preset(preset);
    }
    if let Some(flat) = v.get("flat") {
        return OrbSpec::Flat(Orb::new(flat.as_f64().expect("a number")).expect("valid orb"));
    }
    let custom = &v["custom"];
    let per_aspect = custom["per_aspect"]
        .as_object()
        .expect("per_aspect object")
        .iter()
        .map(|(name, orb)| {
            let aspect: Aspect = name.parse().expect("an aspect");
            (aspect, orb.as_f64().expect("a number"))
        });
    OrbSpec::Custom(CustomOrbs::new(custom["max"].as_f64(), per_aspect).expect("valid custom"))
}

fn close(got: f64, want: f64, tolerance: f64) -> bool {
    (got - want).abs() <= tolerance
}

/// Compares one hit with the reference; returns a description of every difference.
fn differences(got: &AspectHit, want: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |field: &str, got: f64, tolerance: f64| {
        let want = num(want, field);
        if !close(got, want, tolerance) {
            out.push(format!("{field}: got {got}, reference {want}"));
        }
    };
    check("angle", got.angle_deg, 0.0);
    check("separation", got.actual_separation_deg, ANGLE_TOLERANCE_DEG);
    check("orb", got.orb_deg, ANGLE_TOLERANCE_DEG);
    check("allowed_orb", got.allowed_orb_deg, ANGLE_TOLERANCE_DEG);
    check("orb_percent", got.orb_percent, ORB_PERCENT_TOLERANCE);
    check("strength", got.strength, STRENGTH_TOLERANCE);
    if got.aspect.name() != want["aspect"] {
        out.push(format!(
            "aspect: got {}, reference {}",
            got.aspect, want["aspect"]
        ));
    }
    if got.applying != want["applying"].as_bool() {
        out.push(format!(
            "applying: got {:?}, reference {}",
            got.applying, want["applying"]
        ));
    }
    match (got.exact_in_days, want["exact_in_days"].as_f64()) {
        (None, None) => {}
        (Some(g), Some(w)) if close(g, w, EXACT_IN_DAYS_TOLERANCE) => {}
        (g, w) => out.push(format!("exact_in_days: got {g:?}, reference {w:?}")),
    }
    out
}

#[test]
fn aspect_finder_agrees_with_the_independent_reference() {
    let fixture = fixture();
    let cases = fixture["cases"].as_array().expect("cases");
    assert!(
        cases.len() >= 200,
        "expected about 200 cases, found {}",
        cases.len()
    );

    let mut failures = Vec::new();
    let mut hits_compared = 0;
    for case in cases {
        let id = case["id"].as_str().expect("an id");
        let aspects = case["aspects"]
            .as_array()
            .expect("aspect names")
            .iter()
            .map(|a| {
                a.as_str()
                    .expect("a name")
                    .parse::<Aspect>()
                    .expect("an aspect")
            });
        let config = AspectConfig::new(aspects, orbs(&case["orbs"])).expect("valid config");
        let list_a = points(&case["points"]);
        let report = match case["mode"].as_str() {
            Some("within") => find_within(&list_a, &config),
            Some("cross") => find_cross(&list_a, &points(&case["points_b"]), &config),
            other => panic!("{id}: unknown mode {other:?}"),
        };

        // The order is ours to check (the reference may order equal orbs by a rounding).
        for pair in report.aspects.windows(2) {
            if pair[0].orb_deg > pair[1].orb_deg {
                failures.push(format!("{id}: not sorted by orb: {pair:?}"));
            }
        }
        let expected = &case["expected"];
        let want: BTreeMap<(&str, &str), &Value> = expected["aspects"]
            .as_array()
            .expect("expected aspects")
            .iter()
            .map(|h| {
                let key = (
                    h["first"].as_str().expect("name"),
                    h["second"].as_str().expect("name"),
                );
                (key, h)
            })
            .collect();
        let got: BTreeMap<(&str, &str), &AspectHit> = report
            .aspects
            .iter()
            .map(|h| ((h.first.as_str(), h.second.as_str()), h))
            .collect();
        for key in want.keys().filter(|k| !got.contains_key(*k)) {
            failures.push(format!("{id}: missing {key:?}, reference {}", want[key]));
        }
        for key in got.keys().filter(|k| !want.contains_key(*k)) {
            failures.push(format!("{id}: extra {key:?}: {:?}", got[key]));
        }
        for (key, hit) in &got {
            if let Some(reference) = want.get(key) {
                hits_compared += 1;
                for diff in differences(hit, reference) {
                    failures.push(format!("{id} {key:?}: {diff}"));
                }
            }
        }
        let total = num(expected, "total_strength");
        if !close(report.total_strength, total, TOTAL_STRENGTH_TOLERANCE) {
            failures.push(format!(
                "{id}: total_strength {}, reference {total}",
                report.total_strength
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} differences over {} cases:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    assert!(hits_compared > 400, "only {hits_compared} aspects compared");
}
