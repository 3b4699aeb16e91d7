//! Traditional dignities against independent references (`fixtures/traditional/generate.py`):
//!
//! * flatlib 0.2.3's essential dignities at the middle of every degree and for the planets of
//!   36 births (pyswisseph 2.10.3.2 positions, the sect from the Sun's true altitude), under
//!   each of its bound tables. The lords of every degree must agree exactly. The scores agree
//!   exactly under `dorothean` (flatlib's own table: Dorothean triplicities, Egyptian bounds,
//!   Chaldean faces, Lilly's points without the peregrine debility); under `ptolemaic` and
//!   `lilly` they differ only by the named table differences, [`TRIPLICITY_BY_SECT`] and
//!   [`PEREGRINE_DEBILITY`], each counted.
//! * The planetary day and hour of 36 births by an own implementation of the rule on
//!   pyswisseph's sunrise and sunset.
//! * Firdaria of the same 36 births in the four variants against Stellium 0.22's engine
//!   (365.2425-day years) and against kerykeion 6.0.5 (Abu Ma'shar's order, 365.25-day years),
//!   every boundary within 1 s (`fixtures/traditional/generate_firdaria.py`).

mod common;

use common::{lon_diff, num};
use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::ephem::{HouseSystem, Observer};
use orrery_astro::techniques::lots::Sect;
use orrery_astro::techniques::traditional::firdaria::{
    FirdarMajor, FirdariaQuery, FirdariaVariant, GREGORIAN_YEAR_DAYS, firdaria,
};
use orrery_astro::techniques::traditional::hours::planetary_hour;
use orrery_astro::techniques::traditional::scheme::{
    Debility, Dignity, Lords, Scheme, essential_state,
};
use orrery_astro::techniques::traditional::tables::{Rulers, SEVEN};
use orrery_astro::techniques::traditional::{DignitiesQuery, dignities};
use orrery_astro::time::JulianDayUt;
use serde_json::Value;

/// Same library, same data files, same flags (as `lots_fixture.rs`).
const SAME_LIBRARY_DEG: f64 = 1e-7;
/// Sunrise and sunset from the same `swe_rise_trans` calls; the hours are twelfths of their
/// differences. The brief's tolerance for planetary hours.
const ONE_SECOND_DAYS: f64 = 1.0 / 86_400.0;
/// Firdaria boundaries: the brief's bound, once the year length is matched (the peers write
/// whole seconds, kerykeion rounding them).
const ONE_SECOND_MS: i64 = 1_000;

/// flatlib counts a triplicity for any of its three Dorothean lords, by day and by night,
/// whatever bound table is set; Ptolemy and Lilly give it to the lord of the chart's sect (and
/// to Mars alone in the water signs for Lilly, to Venus by day for Ptolemy).
const TRIPLICITY_BY_SECT: &str = "triplicity_by_sect";
/// flatlib has no points for a peregrine planet; Lilly takes 5 (p. 115).
const PEREGRINE_DEBILITY: &str = "peregrine_debility";

fn name(body: Body) -> String {
    body.name().into_owned()
}

fn opt(v: &Value) -> Option<String> {
    v.as_str().map(str::to_owned)
}

fn table_of(scheme: Scheme) -> &'static str {
    match scheme {
        Scheme::Dorothean => "egyptian",
        Scheme::Ptolemaic => "ptolemaic",
        Scheme::Lilly => "lilly",
    }
}

fn assert_lords(lords: &Lords, want: &Value, what: &str) {
    assert_eq!(name(lords.domicile), want["domicile"], "{what} domicile");
    assert_eq!(
        lords.exaltation.map(name),
        opt(&want["exaltation"]),
        "{what} exaltation"
    );
    assert_eq!(name(lords.bound), want["bound"], "{what} bound");
    assert_eq!(name(lords.face), want["face"], "{what} face");
    assert_eq!(name(lords.detriment), want["detriment"], "{what} detriment");
    assert_eq!(lords.fall.map(name), opt(&want["fall"]), "{what} fall");
}

/// A planet in a degree under a scheme, in a chart of a sect.
struct Placement<'a> {
    planet: Body,
    lon: Longitude,
    scheme: Scheme,
    sect: Sect,
    what: &'a str,
}

/// flatlib's score and peregrine flag of a placement.
struct FlatlibScore {
    score: i64,
    peregrine: bool,
}

/// Our score less the named differences, which must equal flatlib's; counts how often each
/// difference was needed.
fn explained_score(
    placement: &Placement<'_>,
    flatlib: &Value,
    want: &FlatlibScore,
    counts: &mut [usize; 2],
) {
    let Placement {
        planet,
        lon,
        scheme,
        sect,
        what,
    } = *placement;
    let (want_score, peregrine_in_flatlib) = (want.score, want.peregrine);
    let ours = essential_state(planet, lon, scheme, Rulers::Traditional, sect);
    let weights = scheme.weights();
    let flatlib_trip = flatlib["triplicity"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| *l == name(planet));
    let ours_trip = ours.holds.contains(&Dignity::Triplicity);
    let mut explained = i64::from(ours.score);
    if ours_trip != flatlib_trip {
        assert_ne!(scheme, Scheme::Dorothean, "{what}: the triplicity differs");
        explained -=
            i64::from(weights.triplicity) * (i64::from(ours_trip) - i64::from(flatlib_trip));
        counts[0] += 1;
    }
    let ours_peregrine = ours.debilities.contains(&Debility::Peregrine);
    if ours_peregrine {
        explained -= i64::from(weights.peregrine);
        if weights.peregrine != 0 {
            counts[1] += 1;
        }
    }
    // flatlib's peregrine follows its own triplicity rule: equal unless the triplicity differs.
    if ours_trip == flatlib_trip {
        assert_eq!(ours_peregrine, peregrine_in_flatlib, "{what} peregrine");
    }
    assert_eq!(explained, want_score, "{what} score ({:?})", ours.holds);
}

#[test]
fn every_degree_matches_flatlib_up_to_the_named_differences() {
    let fixture = common::fixture("traditional/flatlib.json");
    let mut counts = [0usize; 2];
    let mut compared = 0;
    for case in fixture["sweep"].as_array().unwrap() {
        let lon = Longitude::new(num(&case["longitude"])).unwrap();
        for scheme in Scheme::ALL {
            let want = &case["flatlib"][table_of(scheme)];
            let what = format!("{} at {}", scheme.name(), lon.degrees());
            for sect in [Sect::Day, Sect::Night] {
                let lords = Lords::at(lon, scheme, Rulers::Traditional);
                assert_lords(&lords, want, &what);
                if scheme == Scheme::Dorothean {
                    let t = lords.triplicity;
                    let trip = [Some(t.day), Some(t.night), t.participating].map(|l| l.map(name));
                    let want_trip: Vec<Option<String>> = want["triplicity"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(opt)
                        .collect();
                    assert_eq!(trip.to_vec(), want_trip, "{what}");
                }
                for planet in SEVEN {
                    let p = name(planet);
                    let peregrine = want["peregrine"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|x| *x == p);
                    explained_score(
                        &Placement {
                            planet,
                            lon,
                            scheme,
                            sect,
                            what: &format!("{what} {p} {}", sect.name()),
                        },
                        want,
                        &FlatlibScore {
                            score: want["scores"][&p].as_i64().unwrap(),
                            peregrine,
                        },
                        &mut counts,
                    );
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 360 * 3 * 2 * 7);
    // Both differences occur (the test would pass vacuously otherwise).
    assert!(
        counts[0] > 0 && counts[1] > 0,
        "{TRIPLICITY_BY_SECT}: {}, {PEREGRINE_DEBILITY}: {}",
        counts[0],
        counts[1]
    );
}

#[test]
fn birth_charts_match_flatlib_on_pyswisseph_positions() {
    let eph = common::eph();
    let fixture = common::fixture("traditional/flatlib.json");
    let charts = fixture["charts"].as_array().unwrap();
    assert!(charts.len() >= 30);
    let mut counts = [0usize; 2];
    for chart in charts {
        let label = chart["label"].as_str().unwrap();
        for scheme in Scheme::ALL {
            let report = dignities(
                &eph,
                &DignitiesQuery {
                    jd: JulianDayUt(num(&chart["jd_ut"])),
                    place: Observer {
                        lat_deg: num(&chart["latitude"]),
                        lon_deg: num(&chart["longitude"]),
                        alt_m: 0.0,
                    },
                    scheme,
                    rulers: Rulers::Traditional,
                    house_system: HouseSystem::WHOLE_SIGN,
                    almuten_of: Vec::new(),
                },
            )
            .unwrap();
            assert_eq!(report.sect.name(), chart["sect"], "{label}");
            assert!((report.sun_altitude_deg - num(&chart["sun_altitude_deg"])).abs() < 1e-7);
            for p in &report.planets {
                let pname = name(p.planet);
                let want = &chart["planets"][&pname];
                let what = format!("{label} {} {pname}", scheme.name());
                assert!(
                    lon_diff(p.lon.degrees(), num(&want["longitude"])) <= SAME_LIBRARY_DEG,
                    "{what}"
                );
                let flatlib = &want["flatlib"][table_of(scheme)];
                assert_lords(&p.essential.lords, flatlib, &what);
                explained_score(
                    &Placement {
                        planet: p.planet,
                        lon: p.lon,
                        scheme,
                        sect: report.sect,
                        what: &what,
                    },
                    flatlib,
                    &FlatlibScore {
                        score: flatlib["score"].as_i64().unwrap(),
                        peregrine: flatlib["peregrine"].as_bool().unwrap(),
                    },
                    &mut counts,
                );
            }
        }
    }
    eprintln!(
        "{TRIPLICITY_BY_SECT}: {}, {PEREGRINE_DEBILITY}: {}",
        counts[0], counts[1]
    );
}

#[test]
fn planetary_hours_match_the_rule_on_pyswisseph_sunrises() {
    let eph = common::eph();
    let fixture = common::fixture("traditional/hours.json");
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 30);
    let (mut days, mut nights) = (0, 0);
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let hour = planetary_hour(
            &eph,
            JulianDayUt(num(&case["jd_ut"])),
            Observer {
                lat_deg: num(&case["latitude"]),
                lon_deg: num(&case["longitude"]),
                alt_m: 0.0,
            },
        )
        .unwrap();
        let weekdays = [
            "sunday",
            "monday",
            "tuesday",
            "wednesday",
            "thursday",
            "friday",
            "saturday",
        ];
        assert_eq!(
            weekdays[usize::from(hour.weekday)],
            case["weekday"],
            "{label}"
        );
        assert_eq!(name(hour.day_ruler), case["day_ruler"], "{label}");
        assert_eq!(hour.daytime, case["period"] == "day", "{label}");
        assert_eq!(
            u64::from(hour.hour),
            case["hour"].as_u64().unwrap(),
            "{label}"
        );
        assert_eq!(name(hour.hour_ruler), case["hour_ruler"], "{label}");
        for (got, key) in [
            (hour.sunrise, "sunrise_jd"),
            (hour.hour_start, "hour_start_jd"),
            (hour.hour_end, "hour_end_jd"),
        ] {
            assert!(
                (got.0 - num(&case[key])).abs() <= ONE_SECOND_DAYS,
                "{label} {key}"
            );
        }
        if hour.daytime {
            days += 1;
        } else {
            nights += 1;
        }
    }
    assert!(days > 5 && nights > 5, "{days} days, {nights} nights");
}

/// A period's boundary from the fixture (`Z` or a bare UTC wall clock, as kerykeion writes it)
/// against ours.
fn assert_same_instant(ours: JulianDayUt, theirs: &Value, what: &str) {
    let text = theirs.as_str().unwrap();
    let text = if text.ends_with('Z') {
        text.to_owned()
    } else {
        format!("{text}Z")
    };
    let theirs: jiff::Timestamp = text.parse().unwrap();
    let ours = orrery_astro::time::timestamp_of(ours).unwrap();
    let millis = (ours.as_millisecond() - theirs.as_millisecond()).abs();
    assert!(millis <= ONE_SECOND_MS, "{what}: {ours} vs {theirs}");
}

/// Our periods against a peer's `[lord, start, end, [[sub lord, sub start], ...]]`.
fn assert_same_periods(ours: &[FirdarMajor], theirs: &Value, what: &str) {
    let theirs = theirs.as_array().unwrap();
    assert_eq!(ours.len(), theirs.len(), "{what}: number of periods");
    for (k, (major, want)) in ours.iter().zip(theirs).enumerate() {
        let what = format!("{what} period {k}");
        assert_eq!(major.period.lord.name(), want[0], "{what}");
        assert_same_instant(major.period.start, &want[1], &what);
        assert_same_instant(major.period.end, &want[2], &what);
        let subs = want[3].as_array().unwrap();
        assert_eq!(major.sub_periods.len(), subs.len(), "{what}: sub-periods");
        for (sub, want_sub) in major.sub_periods.iter().zip(subs) {
            assert_eq!(sub.lord.name(), want_sub[0], "{what}");
            assert_same_instant(sub.start, &want_sub[1], &what);
        }
    }
}

#[test]
fn firdaria_match_stellium_and_kerykeion() {
    let fixture = common::fixture("traditional/firdaria.json");
    let until = num(&fixture["until_age_years"]);
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 30);
    let (mut days, mut nights) = (0, 0);
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let sect = if case["sect"] == "day" {
            days += 1;
            Sect::Day
        } else {
            nights += 1;
            Sect::Night
        };
        let birth = JulianDayUt(num(&case["jd_ut"]));
        for variant in FirdariaVariant::ALL {
            let ours = firdaria(&FirdariaQuery {
                birth,
                sect,
                variant,
                year_days: GREGORIAN_YEAR_DAYS,
                until_age_years: until,
            });
            assert_same_periods(
                &ours,
                &case["stellium"][variant.name()],
                &format!("{label} stellium {}", variant.name()),
            );
        }
        // kerykeion: Abu Ma'shar's order, the Julian year, its own sect (the same here).
        let kerykeion = &case["kerykeion"];
        assert_eq!(kerykeion["sect"], case["sect"], "{label}");
        let ours = firdaria(&FirdariaQuery {
            birth,
            sect,
            variant: FirdariaVariant::AbuMashar,
            year_days: 365.25,
            until_age_years: until,
        });
        assert_same_periods(&ours, &kerykeion["periods"], &format!("{label} kerykeion"));
    }
    assert!(days > 5 && nights > 5, "{days} days, {nights} nights");
}
