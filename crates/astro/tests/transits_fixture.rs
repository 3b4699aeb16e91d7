//! Transit events against an independent reference: `fixtures/transits/generate.py` samples each
//! body every 0.05 day with pyswisseph 2.10.3.2 (the same C library and data files), finds sign
//! changes of the wrapped difference to each natal point and aspect, and bisects them to 0.1 s.
//! It shares nothing with the Rust search but the ephemeris: no interpolation, no stations, no
//! Newton steps. Six charts, a year each, sun..pluto and chiron against twelve natal points
//! (incl. ascendant and MC), the major aspects; and four real retrograde loops.

mod common;

use common::{eph, num};

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use orrery_astro::angle::{Longitude, SignedAngle};
use orrery_astro::aspects::{Aspect, AspectCategory, AspectConfig, OrbPreset, OrbSpec};
use orrery_astro::body::Body;
use orrery_astro::chart::Frame;
use orrery_astro::ephem::Ephemeris;
use orrery_astro::techniques::transits::{
    DEFAULT_TRANSIT_BODIES, EVENT_TOLERANCE, NatalPoint, TransitEvent, TransitWindow,
    transit_snapshot, transit_window,
};
use orrery_astro::time::{Days, JulianDayUt};
use serde_json::Value;

const SECOND_DAYS: f64 = 1.0 / 86_400.0;
/// The issue's acceptance figure: each event within a minute of the reference.
const ISSUE_TOLERANCE_SECONDS: f64 = 60.0;
/// What we actually promise: our events are within EVENT_TOLERANCE (0.5 s) of the exact root
/// and the reference's within 0.05 s (the midpoint of its 0.1 s bisection bracket); the rest is
/// rounding of Julian days (40 µs).
const MATCH_SECONDS: f64 = 0.55 + 0.001;
/// A refined event's speed against the library's at the reference's time: the library's own
/// ways of getting the nutation's rate differ by up to 6.3e-6°/day (see
/// `crates/ephem/tests/equinox.rs`), and half a second at the Moon's largest acceleration
/// (about 0.5°/day²) moves the speed by 3e-6°/day.
const SPEED_DEG_PER_DAY: f64 = 1e-5;
/// A refined event's longitude is on its target to within the motion in the tolerance: at most
/// 15.4°/day × 0.5 s for the Moon = 9e-5°; 1e-4° (0.36") covers it.
const ON_TARGET_DEG: f64 = 1e-4;

fn fixture() -> Value {
    common::fixture("transits/events.json")
}

fn natal_points(v: &Value) -> Vec<NatalPoint> {
    v.as_object()
        .expect("natal points")
        .iter()
        .map(|(name, lon)| NatalPoint::new(name, Longitude::new(num(lon)).unwrap()))
        .collect()
}

fn majors() -> AspectConfig {
    AspectConfig::new(
        Aspect::of_categories(&[AspectCategory::Major]),
        OrbSpec::Preset(OrbPreset::Transit),
    )
    .unwrap()
}

/// Events keyed by (transit point, natal point, aspect, arc in whole degrees): (time, speed in
/// longitude) in time order.
type Keyed = BTreeMap<(String, String, String, i32), Vec<(f64, f64)>>;

#[allow(
    clippy::cast_possible_truncation,
    reason = "arcs are whole degrees in ±180"
)]
fn key(transit: &str, natal: &str, aspect: &str, arc_deg: f64) -> (String, String, String, i32) {
    (
        transit.to_owned(),
        natal.to_owned(),
        aspect.to_owned(),
        arc_deg.round() as i32,
    )
}

fn reference_events(events: &Value) -> Keyed {
    let mut keyed = Keyed::new();
    for row in events.as_array().expect("events") {
        let s = |i: usize| row[i].as_str().expect("a name");
        keyed
            .entry(key(s(0), s(1), s(2), num(&row[3])))
            .or_default()
            .push((num(&row[4]), num(&row[5])));
    }
    keyed
}

fn our_events(events: &[TransitEvent]) -> Keyed {
    let mut keyed = Keyed::new();
    for e in events {
        keyed
            .entry(key(
                &e.transit_point.name(),
                &e.natal_point,
                e.aspect.name(),
                e.arc_deg,
            ))
            .or_default()
            .push((e.exact_at.0, e.transit_speed_deg_per_day));
    }
    keyed
}

/// The worst differences of a comparison, and where they were.
#[derive(Debug, Default)]
struct Worst {
    seconds: f64,
    seconds_at: String,
    speed: f64,
    speed_at: String,
}

impl Worst {
    fn merge(&mut self, other: Worst) {
        if other.seconds > self.seconds {
            (self.seconds, self.seconds_at) = (other.seconds, other.seconds_at);
        }
        if other.speed > self.speed {
            (self.speed, self.speed_at) = (other.speed, other.speed_at);
        }
    }

    fn assert_within(&self, label: &str) {
        assert!(self.seconds <= ISSUE_TOLERANCE_SECONDS);
        assert!(
            self.seconds <= MATCH_SECONDS,
            "{label}: worst {} s at {}",
            self.seconds,
            self.seconds_at
        );
        assert!(
            self.speed <= SPEED_DEG_PER_DAY,
            "{label}: speed off by {}°/day at {}",
            self.speed,
            self.speed_at
        );
    }
}

/// Compares event for event: time and speed.
fn compare(ours: &Keyed, reference: &Keyed, label: &str) -> Worst {
    let mut worst = Worst::default();
    for (k, want) in reference {
        let got = ours.get(k).map_or(&[][..], Vec::as_slice);
        assert_eq!(
            got.len(),
            want.len(),
            "{label} {k:?}: {} events, the reference has {}: ours {got:?}, reference {want:?}",
            got.len(),
            want.len()
        );
        for ((g, g_speed), (w, w_speed)) in got.iter().zip(want) {
            let seconds = (g - w).abs() / SECOND_DAYS;
            if seconds > worst.seconds {
                worst.seconds = seconds;
                worst.seconds_at = format!("{label} {k:?} at JD {w}");
            }
            let speed = (g_speed - w_speed).abs();
            if speed > worst.speed {
                worst.speed = speed;
                worst.speed_at = format!("{label} {k:?} at JD {w}");
            }
        }
    }
    for k in ours.keys() {
        assert!(
            reference.contains_key(k),
            "{label}: we found {k:?} {:?}, the reference did not",
            ours[k]
        );
    }
    worst
}

#[test]
fn a_year_of_transits_matches_the_independent_reference_event_for_event() {
    let fixture = fixture();
    let eph = eph();
    let bodies: Vec<Body> = fixture["transit_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| Body::parse(b.as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(bodies, DEFAULT_TRANSIT_BODIES, "the default transit points");
    let charts = fixture["charts"].as_array().unwrap();
    assert!(charts.len() >= 5, "the issue asks for at least 5 charts");
    let mut worst = Worst::default();
    let mut total = 0;
    for chart in charts {
        let name = chart["name"].as_str().unwrap();
        let natal = natal_points(&chart["natal_points"]);
        assert_eq!(natal.len(), 12);
        let input = TransitWindow {
            bodies: bodies.clone(),
            natal: natal.clone(),
            aspects: majors(),
            start: JulianDayUt(num(&chart["start_jd"])),
            end: JulianDayUt(num(&chart["end_jd"])),
            frame: Frame::GEOCENTRIC_TROPICAL,
            step_cap: None,
        };
        let events = transit_window(&eph, &input).unwrap();
        let reference = reference_events(&chart["events"]);
        let reference_count: usize = reference.values().map(Vec::len).sum();
        assert_eq!(events.len(), reference_count, "{name}: event count");
        total += events.len();

        // Sorted by time; each on its target, with the retrograde flag from the speed.
        assert!(
            events
                .windows(2)
                .all(|w| w[0].exact_at.0 <= w[1].exact_at.0)
        );
        for e in &events {
            let natal_lon = natal.iter().find(|p| p.name == e.natal_point).unwrap().lon;
            let off = SignedAngle::new(e.transit_lon.degrees() - natal_lon.degrees() - e.arc_deg)
                .unwrap()
                .degrees();
            assert!(off.abs() < ON_TARGET_DEG, "{e:?} is {off}° off its target");
            assert_eq!(e.retrograde, e.transit_speed_deg_per_day < 0.0);
            assert!((e.angle_deg - e.arc_deg.abs()).abs() < 1e-12);
        }

        let chart_worst = compare(&our_events(&events), &reference, name);
        println!(
            "{name}: {} events, worst {:.3} s ({}), speed {:.1e}°/day",
            events.len(),
            chart_worst.seconds,
            chart_worst.seconds_at,
            chart_worst.speed
        );
        worst.merge(chart_worst);
    }
    println!(
        "all charts: {total} events, worst difference {:.3} s at {}; speed {:.2e}°/day at {}",
        worst.seconds, worst.seconds_at, worst.speed, worst.speed_at
    );
    worst.assert_within("all charts");
    assert!(EVENT_TOLERANCE.days() <= 0.5 * SECOND_DAYS);
}

/// Runs the window for one station case's body and one natal point, conjunctions only.
fn loop_events(eph: &Ephemeris, case: &Value, point: &str) -> Vec<TransitEvent> {
    let body = Body::parse(case["transit_point"].as_str().unwrap()).unwrap();
    let lon = Longitude::new(num(&case["natal_points"][point])).unwrap();
    let input = TransitWindow {
        bodies: vec![body],
        natal: vec![NatalPoint::new(point, lon)],
        aspects: AspectConfig::new([Aspect::Conjunction], OrbSpec::Preset(OrbPreset::Transit))
            .unwrap(),
        start: JulianDayUt(num(&case["start_jd"])),
        end: JulianDayUt(num(&case["end_jd"])),
        frame: Frame::GEOCENTRIC_TROPICAL,
        step_cap: None,
    };
    transit_window(eph, &input).unwrap()
}

#[test]
fn retrograde_loops_give_every_pass_and_near_misses_none() {
    let fixture = fixture();
    let eph = eph();
    for case in fixture["station_cases"].as_array().unwrap() {
        let body = case["transit_point"].as_str().unwrap();
        let station_r = num(&case["retrograde_station_jd"]);
        let station_d = num(&case["direct_station_jd"]);
        let reference = reference_events(&case["events"]);

        // Inside the loop: direct, retrograde, direct again.
        let inside = loop_events(&eph, case, "inside_loop");
        let flags: Vec<bool> = inside.iter().map(|e| e.retrograde).collect();
        assert_eq!(
            flags,
            [false, true, false],
            "{body}: triple pass {inside:?}"
        );

        // A ten-thousandth of a degree inside the station: the same three passes, the first two
        // within a day and a half of the station.
        let grazing = loop_events(&eph, case, "just_inside_station");
        let flags: Vec<bool> = grazing.iter().map(|e| e.retrograde).collect();
        assert_eq!(
            flags,
            [false, true, false],
            "{body}: grazing pass {grazing:?}"
        );
        for e in &grazing[..2] {
            assert!((e.exact_at.0 - station_r).abs() < 1.5, "{body}: {e:?}");
        }

        // A ten-thousandth of a degree beyond the station: the body turns back 0.36" short, so
        // nothing until it comes back after its direct station.
        let near_miss = loop_events(&eph, case, "just_beyond_station");
        assert!(
            near_miss.iter().all(|e| e.exact_at.0 > station_d),
            "{body}: near miss {near_miss:?}"
        );

        let mut ours = our_events(&inside);
        ours.extend(our_events(&grazing));
        ours.extend(our_events(&near_miss));
        let worst = compare(&ours, &reference, body);
        println!(
            "{body} loop: worst {:.3} s ({}), speed {:.1e}°/day",
            worst.seconds, worst.seconds_at, worst.speed
        );
        worst.assert_within(body);
    }
}

#[test]
fn the_snapshot_at_an_exact_event_shows_it_exact() {
    let fixture = fixture();
    let eph = eph();
    let chart = &fixture["charts"][0];
    let natal = natal_points(&chart["natal_points"]);
    // The first Saturn event of the first chart.
    let row = chart["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row[0] == "saturn")
        .unwrap();
    let (natal_point, aspect) = (row[1].as_str().unwrap(), row[2].as_str().unwrap());
    let at = JulianDayUt(num(&row[4]));
    let aspects = transit_snapshot(
        &eph,
        at,
        &DEFAULT_TRANSIT_BODIES,
        &natal,
        &majors(),
        &Frame::GEOCENTRIC_TROPICAL,
    )
    .unwrap();
    let hit = aspects
        .iter()
        .find(|a| a.hit.first == "saturn" && a.hit.second == natal_point)
        .unwrap_or_else(|| panic!("saturn {aspect} {natal_point} missing from {aspects:?}"));
    assert_eq!(hit.hit.aspect.name(), aspect);
    // Saturn moves at most 0.13°/day: 0.05 s of the reference's error is 1e-7°.
    assert!(hit.hit.orb_deg < 1e-6, "{hit:?}");
    assert_eq!(hit.retrograde, hit.transit_speed_deg_per_day < 0.0);
    // Natal points do not move: applying/separating comes from Saturn's speed.
    assert!(hit.hit.applying.is_some());
    // Every aspect listed is within the transit orb (1°), closest first.
    assert!(aspects.iter().all(|a| a.hit.orb_deg <= 1.0));
    assert!(
        aspects
            .windows(2)
            .all(|w| w[0].hit.orb_deg <= w[1].hit.orb_deg)
    );
}

#[test]
fn windows_that_run_backwards_are_refused() {
    let eph = eph();
    let input = TransitWindow {
        bodies: vec![Body::Sun],
        natal: vec![NatalPoint::new("sun", Longitude::ZERO)],
        aspects: majors(),
        start: JulianDayUt(2_460_000.0),
        end: JulianDayUt(2_459_000.0),
        frame: Frame::GEOCENTRIC_TROPICAL,
        step_cap: None,
    };
    let message = transit_window(&eph, &input).unwrap_err().to_string();
    assert!(message.contains("must run forward"), "{message}");
}

#[test]
fn chiron_outside_its_data_is_an_error_not_a_gap() {
    let eph = eph();
    let input = TransitWindow {
        bodies: vec![Body::Chiron],
        natal: vec![NatalPoint::new("sun", Longitude::ZERO)],
        aspects: majors(),
        // 1100: before Chiron's data (1200-4650).
        start: JulianDayUt(2_122_826.5),
        end: JulianDayUt(2_123_191.5),
        frame: Frame::GEOCENTRIC_TROPICAL,
        step_cap: None,
    };
    let message = transit_window(&eph, &input).unwrap_err().to_string();
    assert!(message.contains("chiron"), "{message}");
}

#[test]
#[ignore = "timing: cargo test --release -p orrery-astro --test transits_fixture -- --ignored --nocapture"]
fn timing_of_a_year_of_default_transits() {
    let fixture = fixture();
    let eph = eph();
    let chart = &fixture["charts"][1];
    let input = TransitWindow {
        bodies: DEFAULT_TRANSIT_BODIES.to_vec(),
        natal: natal_points(&chart["natal_points"]),
        aspects: majors(),
        start: JulianDayUt(num(&chart["start_jd"])),
        end: JulianDayUt(num(&chart["end_jd"])),
        frame: Frame::GEOCENTRIC_TROPICAL,
        step_cap: None,
    };
    let mut best = Duration::MAX;
    let mut count = 0;
    for _ in 0..20 {
        let started = Instant::now();
        count = transit_window(&eph, &input).unwrap().len();
        best = best.min(started.elapsed());
    }
    println!(
        "1-year window, 11 bodies x 12 points, major aspects: {count} events, best of 20: {best:?}"
    );
    let ten_years = TransitWindow {
        end: input.start + Days(3652.5),
        ..input
    };
    let started = Instant::now();
    let count = transit_window(&eph, &ten_years).unwrap().len();
    println!("10-year window: {count} events in {:?}", started.elapsed());
}
