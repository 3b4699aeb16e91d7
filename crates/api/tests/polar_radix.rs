//! `/v1/radix` and the house-system catalogue inside the polar circles, against
//! fixtures/polar/charts.json (pyswisseph 2.10.3.2 and the written definition of the MC, see
//! fixtures/polar/generate.py): `angles.mc` is the MC on the upper meridian for every system,
//! the aspects use it, `house_system_note` says where a system puts the IC on its 10th cusp, and
//! the catalogue says what each system does there as the library does it.

use orrery_api::catalog::{PolarHousesDto, house_systems};
use orrery_api::radix::{RadixInput, RadixRequest, RadixResponse, compute};
use orrery_astro::house_system::HouseSystemName;
use orrery_ephem::{Ephemeris, HouseSystem};
use serde_json::{Value, json};

/// The request's instant goes through an ISO string of whole minutes; its Julian day can
/// differ from `swe_julday`'s in the last bit (4.7e-10 day), which moves the MC by 1.7e-7°.
const ROUND_TRIP_DEG: f64 = 1e-6;

fn fixture() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/polar/charts.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect(path)).expect("fixture parses")
}

fn wrapped(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs()
}

fn api_name(code: &str) -> &'static str {
    let letter = code.chars().next().expect("a letter");
    HouseSystemName::of(HouseSystem::from_code(letter).expect("library code")).name
}

fn radix(eph: &Ephemeris, chart: &Value, system: &str, sidereal: bool) -> RadixResponse {
    let mut options = json!({"house_system": system, "include": ["houses", "aspects"]});
    if sidereal {
        options["zodiac"] = "sidereal".into();
        options["ayanamsa"] = "lahiri".into();
    }
    let request: RadixRequest = serde_json::from_value(json!({
        "birth": {
            "datetime": chart["datetime"],
            "location": {"latitude": chart["lat_deg"], "longitude": chart["lon_deg"]},
        },
        "options": options,
    }))
    .expect("request parses");
    let input = RadixInput::try_from(&request).expect("valid request");
    compute(eph, &input).expect("chart computes")
}

/// Every (chart, sidereal?, true MC, rows) of the fixture.
fn cases(f: &Value) -> Vec<(&Value, bool, f64, &Vec<Value>)> {
    let mut out = Vec::new();
    for chart in f["charts"].as_array().expect("charts") {
        let rows = chart["systems"].as_array().expect("systems");
        out.push((chart, false, chart["true_mc"].as_f64().expect("mc"), rows));
        if let Some(s) = chart.get("sidereal") {
            let rows = s["systems"].as_array().expect("systems");
            out.push((chart, true, s["true_mc"].as_f64().expect("mc"), rows));
        }
    }
    out
}

#[test]
fn angles_mc_is_the_true_mc_for_every_system_and_the_note_says_where_the_cusps_turn() {
    let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe opens");
    let f = fixture();
    let mut notes = 0;
    for (chart, sidereal, true_mc, rows) in cases(&f) {
        for row in rows {
            let name = api_name(row["system"].as_str().expect("code"));
            let at = format!("{} {name} sidereal {sidereal}", chart["datetime"]);
            let answer = radix(&eph, chart, name, sidereal).chart;
            let mc = answer.angles.as_ref().expect("angles").mc.longitude;
            assert!(
                wrapped(mc, true_mc) < ROUND_TRIP_DEG,
                "{at}: {mc} vs {true_mc}"
            );
            let cusps = answer.houses.as_ref().expect("houses");
            let tenth = cusps.0.iter().find(|(k, _)| k == "10").expect("cusp 10").1;
            let library_ic = wrapped(row["ascmc"][1].as_f64().expect("mc"), true_mc) > 90.0;
            if row["error"].is_string() {
                assert_eq!(
                    answer.house_system_used.map(|used| used.as_str()),
                    Some("porphyry"),
                    "{at}"
                );
                assert_eq!(
                    answer.house_system_note.as_deref(),
                    row["error"].as_str(),
                    "{at}"
                );
            } else if library_ic {
                // The cusps stay the system's: the 10th is the IC, and the answer says so.
                assert!(wrapped(tenth, true_mc) > 179.9, "{at}");
                let note = answer.house_system_note.as_deref().expect("a note");
                assert!(
                    note.contains("IC on the 10th cusp")
                        && note.contains(answer.house_system_used.expect("used").as_str()),
                    "{at}: {note}"
                );
                notes += 1;
            } else {
                assert_eq!(answer.house_system_note, None, "{at}");
            }
        }
    }
    assert!(
        notes >= 60,
        "the fixture turns the 10th cusp often ({notes})"
    );
}

#[test]
fn aspects_to_the_mc_are_to_the_true_mc() {
    let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe opens");
    let f = fixture();
    let mut close = 0;
    for (chart, sidereal, true_mc, rows) in cases(&f) {
        if sidereal {
            continue;
        }
        let bodies = chart["bodies"].as_object().expect("bodies");
        for row in rows {
            let name = api_name(row["system"].as_str().expect("code"));
            let at = format!("{} {name}", chart["datetime"]);
            let answer = radix(&eph, chart, name, false).chart;
            let aspects = &answer.aspects.as_ref().expect("aspects").list;
            for (body, lon) in bodies {
                let sep = wrapped(lon.as_f64().expect("lon"), true_mc);
                let listed = aspects.iter().find(|a| {
                    (a.first == "mc" && &a.second == body) || (&a.first == body && a.second == "mc")
                });
                if let Some(a) = listed {
                    assert!(
                        (sep - a.angle).abs() - a.orb < ROUND_TRIP_DEG,
                        "{at} {body}: {sep} vs {}",
                        a.angle
                    );
                    assert!((sep - a.angle).abs() <= a.allowed_orb, "{at} {body}");
                }
                // Within 1° of the MC or the IC, a body is conjunct or opposite the MC.
                for (target, aspect) in [(0.0, "conjunction"), (180.0, "opposition")] {
                    if (sep - target).abs() < 1.0 {
                        close += 1;
                        let a = listed.unwrap_or_else(|| panic!("{at}: {body} {aspect} mc"));
                        assert_eq!(a.aspect, aspect, "{at}: {body}");
                    }
                }
            }
        }
    }
    assert!(close >= 25, "bodies close to the MC or IC ({close})");
}

#[test]
fn the_issue_chart_has_pluto_and_saturn_conjunct_the_mc_under_every_system() {
    let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe opens");
    let f = fixture();
    let chart = &f["charts"][0];
    assert_eq!(chart["datetime"], "2019-10-10T16:45:00Z");
    for name in [
        "regiomontanus",
        "campanus",
        "topocentric",
        "apc",
        "sunshine",
        "savard_a",
        "placidus",
    ] {
        let answer = radix(&eph, chart, name, false).chart;
        let aspects = &answer.aspects.as_ref().expect("aspects").list;
        for body in ["pluto", "saturn"] {
            let a = aspects
                .iter()
                .find(|a| {
                    (a.first == body && a.second == "mc") || (a.first == "mc" && a.second == body)
                })
                .unwrap_or_else(|| panic!("{name}: {body} and the MC"));
            assert_eq!(a.aspect, "conjunction", "{name}: {body}");
        }
    }
}

#[test]
fn the_catalogue_says_what_each_system_does_inside_the_polar_circles_as_pyswisseph_does() {
    let f = fixture();
    let catalogue = house_systems();
    for entry in &catalogue.house_systems {
        let (mut errors, mut computed, mut turned) = (0, 0, 0);
        for (_, sidereal, true_mc, rows) in cases(&f) {
            if sidereal {
                continue;
            }
            let row = rows
                .iter()
                .find(|r| api_name(r["system"].as_str().expect("code")) == entry.name.as_str())
                .expect("every catalogue system is in the fixture");
            if row["error"].is_string() {
                errors += 1;
            } else {
                computed += 1;
            }
            turned += usize::from(wrapped(row["ascmc"][1].as_f64().expect("mc"), true_mc) > 90.0);
        }
        let expected = match (errors, computed, turned) {
            (_, 0, _) => PolarHousesDto::Porphyry,
            (0, _, 0) => PolarHousesDto::Computed,
            (0, _, _) => PolarHousesDto::TenthCuspOnIcBelowHorizon,
            _ => PolarHousesDto::PorphyryWhileSunCircumpolar,
        };
        assert_eq!(entry.inside_polar_circles, expected, "{}", entry.name);
        let says_porphyry = entry.description.contains("Porphyry houses");
        assert_eq!(
            says_porphyry,
            errors > 0,
            "{}: {}",
            entry.name,
            entry.description
        );
    }
    for entry in &catalogue.house_systems {
        if matches!(
            entry.inside_polar_circles,
            PolarHousesDto::TenthCuspOnIcBelowHorizon | PolarHousesDto::PorphyryWhileSunCircumpolar
        ) {
            assert!(
                catalogue.polar_note.contains(entry.name.as_str()),
                "{}",
                entry.name
            );
        }
    }
    assert!(
        catalogue
            .polar_note
            .contains("Placidus, Koch and the Gauquelin sectors are undefined")
    );
}
