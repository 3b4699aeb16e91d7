//! Returns against an independent reference: `fixtures/returns/generate.py` samples each body
//! densely with pyswisseph 2.10.3.2 (the same C library and data files), bisects every sign
//! change of the wrapped difference to the target to 0.1 s and every station the same way, and
//! groups the crossings into clusters by the documented rule. It shares nothing with the Rust
//! search but the ephemeris: no interpolation, no Newton steps. For the Sun and the Moon the
//! fixture also holds the library's own `swe_solcross_ut`/`swe_mooncross_ut` answers, and these
//! tests call the same functions through our ephemeris wrapper.

mod common;

use common::{eph, num};

use std::time::Instant;

use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::chart::{Frame, Zodiac, position};
use orrery_astro::ephem::Ephemeris;
use orrery_astro::techniques::returns::{
    CrossingDirection, MAX_RETURNS, RETURN_BODIES, Return, ReturnError, ReturnSearch, find_returns,
    return_motion,
};
use orrery_astro::time::{Days, JulianDayUt};
use serde_json::Value;

const SECOND_DAYS: f64 = 1.0 / 86_400.0;
/// The issue's acceptance figure: every return within a second of the reference.
const ISSUE_TOLERANCE_SECONDS: f64 = 1.0;
/// What we actually promise: our crossings are within RETURN_TOLERANCE (0.5 s) of the exact
/// root and the reference's within 0.05 s (the midpoint of its 0.1 s bisection bracket); the
/// rest is the rounding of Julian days (40 µs).
const MATCH_SECONDS: f64 = 0.55 + 0.001;
/// The library's crossing functions iterate to 0.001″, so their times are exact to well under a
/// millisecond; ours are within 0.5 s.
const LIBRARY_MATCH_SECONDS: f64 = 0.5 + 0.001;

fn fixture() -> Value {
    common::fixture("returns/cases.json")
}

fn search_of(case: &Value) -> ReturnSearch {
    ReturnSearch {
        body: Body::parse(case["body"].as_str().unwrap()).unwrap(),
        natal_lon: Longitude::new(num(&case["natal_lon"])).unwrap(),
        target_angle_deg: num(&case["target_angle"]),
        from: JulianDayUt(num(&case["from_jd"])),
        count: usize::try_from(case["count"].as_u64().unwrap()).unwrap(),
        zodiac: Zodiac::Tropical,
    }
}

fn seconds_between(a: f64, b: f64) -> f64 {
    (a - b).abs() / SECOND_DAYS
}

/// Checks one case crossing for crossing; returns the worst difference in seconds and the
/// number of crossings compared.
fn compare(label: &str, ours: &[Return], reference: &Value) -> (f64, usize) {
    let reference = reference.as_array().unwrap();
    assert_eq!(ours.len(), reference.len(), "{label}: number of returns");
    let mut worst = 0.0_f64;
    let mut crossings = 0;
    for (k, (got, want)) in ours.iter().zip(reference).enumerate() {
        let seconds = seconds_between(got.exact_at.0, num(&want["exact_jd"]));
        assert!(
            seconds <= MATCH_SECONDS,
            "{label} return {k}: ours JD {}, the reference {} ({seconds:.3} s apart)",
            got.exact_at.0,
            want["exact_jd"]
        );
        worst = worst.max(seconds);
        let want_crossings = want["crossings"].as_array().unwrap();
        assert_eq!(
            got.crossings.len(),
            want_crossings.len(),
            "{label} return {k}: crossings {:?} vs {want_crossings:?}",
            got.crossings
        );
        for (c, w) in got.crossings.iter().zip(want_crossings) {
            let seconds = seconds_between(c.at.0, num(&w[0]));
            assert!(seconds <= MATCH_SECONDS, "{label} return {k}: {c:?} vs {w}");
            assert_eq!(c.direction.name(), w[1].as_str().unwrap(), "{label}");
            worst = worst.max(seconds);
            crossings += 1;
        }
    }
    (worst, crossings)
}

/// The invariants of every return: its time is its cluster's last direct crossing (the last
/// crossing when none is direct), the directions alternate, and the body is on its target.
fn check_shape(eph: &Ephemeris, label: &str, search: &ReturnSearch, returns: &[Return]) {
    for r in returns {
        assert!(r.exact_at.0 >= search.from.0, "{label}: before the start");
        let last_direct = r
            .crossings
            .iter()
            .rev()
            .find(|c| c.direction == CrossingDirection::Direct)
            .or(r.crossings.last())
            .unwrap();
        assert_eq!(last_direct.at, r.exact_at, "{label}: {r:?}");
        assert!(
            r.crossings
                .windows(2)
                .all(|w| w[0].at.0 < w[1].at.0 && w[0].direction != w[1].direction),
            "{label}: {r:?}"
        );
        let p = position(eph, r.exact_at, r.body, &Frame::GEOCENTRIC_TROPICAL).unwrap();
        let off = (p.lon.degrees() - r.target_lon.degrees() + 180.0).rem_euclid(360.0) - 180.0;
        // The motion in half a second: 15.4°/day for the Moon at most, 9e-5°.
        assert!(off.abs() < 1e-4, "{label}: {off}° off the target");
        assert_eq!(r.retrograde_at_exact, r.speed_deg_per_day < 0.0);
        assert_eq!(
            r.retrograde_at_exact,
            r.body == Body::MeanNode,
            "{label}: only the mean node returns while retrograde"
        );
    }
    assert!(
        returns
            .windows(2)
            .all(|w| w[0].exact_at.0 < w[1].exact_at.0)
    );
}

#[test]
fn every_return_matches_the_independent_reference_crossing_for_crossing() {
    let fixture = fixture();
    let eph = eph();
    let cases = fixture["cases"].as_array().unwrap();
    let mut worst = (0.0_f64, String::new());
    let (mut returns_compared, mut crossings_compared, mut multi_pass) = (0, 0, 0);
    let mut bodies_seen: Vec<Body> = Vec::new();
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let search = search_of(case);
        let ours = find_returns(&eph, &search).unwrap_or_else(|e| panic!("{label}: {e}"));
        check_shape(&eph, label, &search, &ours);
        let (case_worst, crossings) = compare(label, &ours, &case["returns"]);
        returns_compared += ours.len();
        crossings_compared += crossings;
        multi_pass += ours.iter().filter(|r| r.crossings.len() > 1).count();
        if !bodies_seen.contains(&search.body) {
            bodies_seen.push(search.body);
        }
        if case_worst > worst.0 {
            worst = (case_worst, label.to_owned());
        }
    }
    println!(
        "{} cases, {returns_compared} returns ({multi_pass} with several passes), \
         {crossings_compared} crossings: worst {:.3} s ({})",
        cases.len(),
        worst.0,
        worst.1
    );
    assert!(worst.0 <= ISSUE_TOLERANCE_SECONDS);
    assert!(multi_pass >= 20, "the fixture has retrograde clusters");
    for body in RETURN_BODIES {
        assert!(bodies_seen.contains(&body), "no case for {body:?}");
    }
}

#[test]
fn the_fixture_covers_what_the_issue_asks_for() {
    let fixture = fixture();
    let cases = fixture["cases"].as_array().unwrap();
    let births_with = |body: &str| {
        let mut births: Vec<&str> = cases
            .iter()
            .filter(|c| c["body"] == body && c["target_angle"] == 0.0)
            .map(|c| c["birth"].as_str().unwrap())
            .collect();
        births.dedup();
        births
    };
    assert!(births_with("sun").len() >= 20);
    assert!(births_with("moon").len() >= 20);
    // Births from July to December, and the Sun near 0° Aries.
    let months: Vec<u32> = cases
        .iter()
        .filter(|c| c["body"] == "sun")
        .map(|c| c["birth_utc"].as_str().unwrap()[5..7].parse().unwrap())
        .collect();
    assert!((7..=12).all(|m| months.contains(&m)), "{months:?}");
    assert!(cases.iter().any(|c| c["body"] == "sun" && {
        let lon = num(&c["natal_lon"]);
        !(0.1..=359.9).contains(&lon)
    }));
    // Mercury returns in retrograde loops: triple passes.
    assert!(cases.iter().any(|c| {
        c["body"] == "mercury"
            && c["returns"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["crossings"].as_array().unwrap().len() == 3)
    }));
    // Demi returns.
    assert!(cases.iter().any(|c| c["target_angle"] == 180.0));
}

#[test]
fn solar_and_lunar_returns_match_the_library_crossing_functions() {
    let fixture = fixture();
    let eph = eph();
    let mut worst = 0.0_f64;
    let mut compared = 0;
    for case in fixture["cases"].as_array().unwrap() {
        let search = search_of(case);
        if !matches!(search.body, Body::Sun | Body::Moon) {
            continue;
        }
        let label = case["label"].as_str().unwrap();
        let ours = find_returns(&eph, &search).unwrap();
        let target = search.target_lon().unwrap().degrees();
        let mut start = search.from;
        for (r, want) in ours.iter().zip(case["returns"].as_array().unwrap()) {
            let library = if search.body == Body::Sun {
                eph.sun_crossing(target, start, Zodiac::Tropical)
            } else {
                eph.moon_crossing(target, start, Zodiac::Tropical)
            }
            .unwrap();
            // The same function, called from Python when the fixture was made.
            assert!(seconds_between(library.0, num(&want["library_jd"])) < 1e-3);
            let seconds = seconds_between(r.exact_at.0, library.0);
            assert!(seconds <= LIBRARY_MATCH_SECONDS, "{label}: {seconds} s");
            worst = worst.max(seconds);
            compared += 1;
            start = library + Days(1e-4);
        }
    }
    println!(
        "{compared} solar and lunar returns vs swe_solcross_ut/swe_mooncross_ut: worst {worst:.3} s"
    );
    assert!(compared >= 400);
}

#[test]
fn a_birthday_return_is_never_put_in_the_wrong_year() {
    // Births on December 31 and January 1: an hour before the return the search finds that
    // return, an hour after it the next year's, never one a year off.
    let fixture = fixture();
    let eph = eph();
    let cases = fixture["cases"].as_array().unwrap();
    let mut checked = 0;
    for case in cases {
        let label = case["label"].as_str().unwrap();
        if case["body"] != "sun" || !label.contains("_solar_from_an_hour_") {
            continue;
        }
        let search = search_of(case);
        let first = find_returns(&eph, &search).unwrap()[0].exact_at.0;
        let days = first - search.from.0;
        if label.ends_with("before") {
            assert!((days - 1.0 / 24.0).abs() < 1e-5, "{label}: {days} days");
        } else {
            assert!((days - 365.2422).abs() < 1.0, "{label}: {days} days");
        }
        checked += 1;
    }
    assert!(checked >= 40);
}

#[test]
fn the_declared_motion_bounds_hold_with_a_margin() {
    // The search skips time by the speed bound, closes clusters past the retrograde-arc bound
    // and looks back by the cluster bound: each must exceed what the ephemeris shows.
    let fixture = fixture();
    let measured = fixture["motion_bounds"].as_object().unwrap();
    assert_eq!(measured.len(), RETURN_BODIES.len());
    for (name, m) in measured {
        let body = Body::parse(name).unwrap();
        let declared = return_motion(body).unwrap();
        let speed = num(&m["max_speed_deg_per_day"]);
        let arc = num(&m["max_retrograde_arc_deg"]);
        let cluster = num(&m["longest_cluster_days"]);
        assert!(
            declared.max_speed_deg_per_day >= 1.03 * speed,
            "{name}: speed {speed}"
        );
        assert!(
            declared.max_retrograde_arc_deg >= 1.2 * arc,
            "{name}: arc {arc}"
        );
        assert!(
            declared.max_cluster_days >= 1.4 * cluster,
            "{name}: cluster {cluster}"
        );
        assert_eq!(arc == 0.0, declared.never_turns(), "{name}");
    }
}

#[test]
fn a_return_in_progress_at_the_start_lists_its_earlier_passes() {
    // Start between the passes of a triple-pass Mercury return: the return is still ahead
    // (its last direct pass), and its first passes, before the start, are listed with it.
    let fixture = fixture();
    let eph = eph();
    let case = fixture["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["label"].as_str().unwrap().starts_with("mercury_triple_"))
        .unwrap();
    let want = &case["returns"][0];
    let crossings = want["crossings"].as_array().unwrap();
    assert_eq!(crossings.len(), 3);
    let between = 0.5 * (num(&crossings[1][0]) + num(&crossings[2][0]));
    let search = ReturnSearch {
        from: JulianDayUt(between),
        count: 1,
        ..search_of(case)
    };
    let ours = find_returns(&eph, &search).unwrap();
    assert_eq!(ours.len(), 1);
    assert!(seconds_between(ours[0].exact_at.0, num(&want["exact_jd"])) <= MATCH_SECONDS);
    assert_eq!(ours[0].crossings.len(), 3);
    assert!(ours[0].crossings[0].at.0 < between);
}

#[test]
fn fifty_lunar_and_fifty_mercury_returns() {
    let eph = eph();
    let natal = Longitude::new(123.456).unwrap();
    let from = JulianDayUt(2_460_310.5); // 2024-01-01
    for (body, min_gap_days, max_gap_days) in
        [(Body::Moon, 27.0, 27.7), (Body::Mercury, 200.0, 500.0)]
    {
        let search = ReturnSearch {
            body,
            natal_lon: natal,
            target_angle_deg: 0.0,
            from,
            count: MAX_RETURNS,
            zodiac: Zodiac::Tropical,
        };
        let started = Instant::now();
        let returns = find_returns(&eph, &search).unwrap();
        let elapsed = started.elapsed();
        assert_eq!(returns.len(), MAX_RETURNS);
        check_shape(&eph, &format!("{body:?}"), &search, &returns);
        for w in returns.windows(2) {
            let gap = w[1].exact_at.0 - w[0].exact_at.0;
            assert!(
                (min_gap_days..=max_gap_days).contains(&gap),
                "{body:?}: {gap}"
            );
        }
        let passes: usize = returns.iter().map(|r| r.crossings.len()).sum();
        println!("50 {body:?} returns ({passes} crossings) in {elapsed:?}");
    }
}

#[test]
fn searches_that_cannot_be_made_are_errors() {
    let eph = eph();
    let base = ReturnSearch {
        body: Body::Sun,
        natal_lon: Longitude::new(10.0).unwrap(),
        target_angle_deg: 0.0,
        from: JulianDayUt(2_460_310.5),
        count: 1,
        zodiac: Zodiac::Tropical,
    };
    let error = find_returns(
        &eph,
        &ReturnSearch {
            body: Body::TrueNode,
            ..base
        },
    )
    .unwrap_err();
    assert!(matches!(error, ReturnError::Body { .. }));
    assert!(error.to_string().contains("mean_apogee"), "{error}");
    for count in [0, MAX_RETURNS + 1] {
        assert_eq!(
            find_returns(&eph, &ReturnSearch { count, ..base }),
            Err(ReturnError::Count { count })
        );
    }
    assert!(matches!(
        find_returns(
            &eph,
            &ReturnSearch {
                target_angle_deg: f64::NAN,
                ..base
            }
        ),
        Err(ReturnError::TargetAngle { .. })
    ));
    // Chiron's data end in 4650: a typed error that names the body, never garbage.
    let late = ReturnSearch {
        body: Body::Chiron,
        from: JulianDayUt(3_419_406.5), // 4649-12-01
        ..base
    };
    let error = find_returns(&eph, &late).unwrap_err();
    assert!(
        matches!(error, ReturnError::Chart(_)) && error.to_string().starts_with("chiron"),
        "{error}"
    );
}
