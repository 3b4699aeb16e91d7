//! Declination, right ascension and parallels of cast charts against
//! `fixtures/declination/charts.json`, which `generate.py` there made by asking pyswisseph
//! 2.10.3.2 for equatorial coordinates directly (`FLG_EQUATORIAL`), where Orrery turns its
//! ecliptic positions by the true obliquity; the parallels there are a Python implementation of
//! the written rule (docs/CONVENTIONS.md, "Declination").

mod common;

use orrery_astro::aspects::{
    Aspect, AspectConfig, DeclinationAspect, Orb, OrbSpec, ParallelConfig, ParallelHit,
};
use orrery_astro::body::Body;
use orrery_astro::chart::{Center, ChartInput, Frame, MissingData};
use orrery_astro::ephem::{AyanamsaId, HouseSystem, Observer, Zodiac};
use orrery_astro::equatorial::DeclinationOf;
use orrery_astro::techniques::cast::{CastInput, CastOptions, ChartParts, cast_chart};
use orrery_astro::time::JulianDayUt;
use serde_json::Value;

use common::{lon_diff, num};

/// Right ascension and declination: the brief's bound. The same library turns the same vector
/// both ways; the differences seen are about 1e-13°.
const SAME_LIBRARY_DEG: f64 = 1e-6;
/// Their speeds, degrees per day. The library turns the velocity with the same matrix, except
/// where it differentiates numerically, in each coordinate system apart: the mean node, the
/// topocentric positions (both up to ~1.1e-5°/day) and a sidereal zodiac, whose speed less
/// the ayanamsa's rate (ours a difference quotient) leaves ~5e-7°/day. 2e-5°/day is 0.07″ a day.
const NUMERICAL_SPEED_DEG_PER_DAY: f64 = 2e-5;
/// The same for fast topocentric speeds, relative. The library's topocentric speeds are
/// themselves ~1.5e-4 of the speed off the derivative of its own positions (the Moon at JD
/// 2459565.495536 from 28.4° N: declination speed 2.26912°/day the library's, 2.26920 ours,
/// 2.26883 the central difference of the library's declinations over ±1e-4 days); ours and
/// its differ by up to 3.5e-5 of the speed.
const NUMERICAL_SPEED_RELATIVE: f64 = 5e-5;
/// The topocentric speeds of the lunar nodes and apsides, relative: the library's are rough
/// there (the osculating apogee at JD 2459565.495536: RA speed 3.15234°/day the library's,
/// 3.13652 the central difference of its own right ascensions; declination speed 0.67184 the
/// library's, 0.67522 the difference, 0.67781 ours, 0.9 % from the library's).
const TOPOCENTRIC_LUNAR_POINT_SPEED_RELATIVE: f64 = 1.5e-2;
/// An orb of declination within this of the parallel orb's edge may fall either side.
const EDGE_DEG: f64 = 1e-9;
/// The smallest rate of change of a parallel's orb whose motion is compared: below it the
/// speeds' differences (up to 2e-5°/day, above) could flip the sign.
const SMALLEST_RATE_DEG_PER_DAY: f64 = 0.01;
/// exact_in_days = orb / rate: a rate within 2e-5°/day of at least 0.01°/day is within 0.2 %.
const EXACT_IN_DAYS_RELATIVE: f64 = 2e-3;

fn charts() -> Vec<Value> {
    common::fixture("declination/charts.json")
        .as_array()
        .expect("a list of charts")
        .clone()
}

fn frame(chart: &Value) -> Frame {
    let center = &chart["center"];
    let place = observer(chart);
    let center = match center["kind"].as_str().unwrap() {
        "geocentric" => Center::Geocentric,
        "topocentric" => Center::Topocentric(place),
        "heliocentric" => Center::Heliocentric,
        "barycentric" => Center::Barycentric,
        "planet_centric" => {
            Center::PlanetCentric(Body::parse(center["body"].as_str().unwrap()).unwrap())
        }
        other => panic!("unknown centre {other}"),
    };
    let zodiac = match chart["zodiac"]["kind"].as_str().unwrap() {
        "tropical" => Zodiac::Tropical,
        _ => {
            let mode = i32::try_from(chart["zodiac"]["mode"].as_i64().unwrap()).unwrap();
            Zodiac::Sidereal(AyanamsaId::all().find(|m| m.se_number() == mode).unwrap())
        }
    };
    Frame { center, zodiac }
}

fn observer(chart: &Value) -> Observer {
    let place = &chart["place"];
    Observer {
        lat_deg: num(&place["lat_deg"]),
        lon_deg: num(&place["lon_deg"]),
        alt_m: num(&place["alt_m"]),
    }
}

fn cast(
    chart: &Value,
    parallels: Option<ParallelConfig>,
) -> orrery_astro::techniques::cast::CastChart {
    let bodies: Vec<Body> = chart["bodies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| Body::parse(row["body"].as_str().unwrap()).unwrap())
        .collect();
    let frame = frame(chart);
    let aspects = parallels.map(|parallels| {
        AspectConfig::new([Aspect::Conjunction], OrbSpec::Flat(Orb::new(1.0).unwrap()))
            .unwrap()
            .with_parallels(parallels)
    });
    let input = CastInput::new(
        ChartInput {
            jd: JulianDayUt(num(&chart["jd_ut"])),
            place: observer(chart),
            bodies,
            frame,
            house_system: Some(HouseSystem::PLACIDUS),
        },
        MissingData::Refuse,
        CastOptions {
            parts: ChartParts::ALL,
            aspects,
            include_axes: true,
        },
    );
    cast_chart(&common::eph(), &input).expect("the chart casts")
}

#[test]
fn right_ascension_and_declination_match_the_library_s_equatorial_positions() {
    let charts = charts();
    assert!(charts.len() >= 30, "at least 30 charts");
    let mut worst = [0.0_f64; 4];
    for chart in &charts {
        let cast = cast(chart, None);
        let bodies = cast.bodies.expect("bodies");
        let rows = chart["bodies"].as_array().unwrap();
        assert_eq!(bodies.len(), rows.len());
        for (body, row) in bodies.iter().zip(rows) {
            let name = row["body"].as_str().unwrap();
            let at = format!("{name} at JD {} in {}", chart["jd_ut"], chart["center"]);
            let equatorial = body
                .equatorial
                .expect("every body of a cast chart has one")
                .body;
            let diffs = [
                lon_diff(
                    equatorial.right_ascension.degrees(),
                    num(&row["right_ascension"]),
                ),
                (equatorial.declination_deg - num(&row["declination"])).abs(),
                (equatorial.ra_speed_deg_per_day - num(&row["ra_speed"])).abs(),
                (equatorial.declination_speed_deg_per_day - num(&row["declination_speed"])).abs(),
            ];
            for (w, d) in worst.iter_mut().zip(diffs) {
                *w = w.max(d);
            }
            assert!(diffs[0] <= SAME_LIBRARY_DEG, "RA of {at}: {}", diffs[0]);
            assert!(
                diffs[1] <= SAME_LIBRARY_DEG,
                "declination of {at}: {}",
                diffs[1]
            );
            let topocentric_lunar_point =
                body.position.body.is_lunar_point() && chart["center"]["kind"] == "topocentric";
            let relative = if topocentric_lunar_point {
                TOPOCENTRIC_LUNAR_POINT_SPEED_RELATIVE
            } else {
                NUMERICAL_SPEED_RELATIVE
            };
            let speed_bound = |speed: f64| NUMERICAL_SPEED_DEG_PER_DAY.max(relative * speed.abs());
            assert!(
                diffs[2] <= speed_bound(num(&row["ra_speed"])),
                "RA speed of {at}: {}",
                diffs[2]
            );
            let bound = speed_bound(num(&row["declination_speed"]));
            assert!(diffs[3] <= bound, "declination speed of {at}: {}", diffs[3]);
            assert_eq!(
                equatorial.out_of_bounds,
                row["out_of_bounds"].as_bool().unwrap(),
                "out of bounds of {at}"
            );
        }
        let Some(angles) = chart.get("angles") else {
            continue;
        };
        let equator = cast.equator.expect("an equator");
        let houses = cast.houses.expect("houses").houses;
        for (name, point) in [
            ("ascendant", houses.angles.ascendant),
            ("mc", houses.angles.mc),
        ] {
            let lon = orrery_astro::angle::Longitude::new(point.lon_deg).unwrap();
            let ours = equator
                .point(lon, 0.0, point.speed_deg_per_day, 0.0)
                .expect("longitudes of date");
            let theirs = num(&angles[name]["declination"]);
            assert!(
                (ours.declination_deg - theirs).abs() <= SAME_LIBRARY_DEG,
                "{name} at JD {}: {} vs {theirs}",
                chart["jd_ut"],
                ours.declination_deg
            );
        }
    }
    eprintln!(
        "worst: RA {:e}°, dec {:e}°, RA speed {:e}°/d, dec speed {:e}°/d",
        worst[0], worst[1], worst[2], worst[3]
    );
}

fn same_parallels(chart: &Value, ours: &[ParallelHit], theirs: &[Value], form: &str) {
    let near_edge = |orb: f64| (orb - 1.0).abs() < EDGE_DEG;
    let ours: Vec<&ParallelHit> = ours.iter().filter(|h| !near_edge(h.orb_deg)).collect();
    let theirs: Vec<&Value> = theirs
        .iter()
        .filter(|h| !near_edge(num(&h["orb"])))
        .collect();
    let at = format!("JD {} ({form})", chart["jd_ut"]);
    // Sorted by names: pairs at the same orb (the Sun and the Earth point with a third body)
    // may come in either order.
    let pairs = |mut list: Vec<(String, String, String)>| {
        list.sort();
        list
    };
    let ours_pairs = pairs(
        ours.iter()
            .map(|h| {
                (
                    h.first.clone(),
                    h.second.clone(),
                    h.aspect.name().to_owned(),
                )
            })
            .collect(),
    );
    let theirs_pairs = pairs(
        theirs
            .iter()
            .map(|h| {
                (
                    h["first"].as_str().unwrap().to_owned(),
                    h["second"].as_str().unwrap().to_owned(),
                    h["aspect"].as_str().unwrap().to_owned(),
                )
            })
            .collect(),
    );
    assert_eq!(ours_pairs, theirs_pairs, "parallels at {at}");
    let key = |first: &str, second: &str| (first.to_owned(), second.to_owned());
    let mut ours = ours;
    ours.sort_by_key(|h| key(&h.first, &h.second));
    let mut theirs = theirs;
    theirs.sort_by_key(|h| key(h["first"].as_str().unwrap(), h["second"].as_str().unwrap()));
    for (hit, row) in ours.iter().zip(theirs) {
        assert_eq!(hit.first, row["first"].as_str().unwrap(), "{at}");
        assert_eq!(hit.second, row["second"].as_str().unwrap(), "{at}");
        assert_eq!(hit.aspect.name(), row["aspect"].as_str().unwrap(), "{at}");
        assert!(
            (hit.orb_deg - num(&row["orb"])).abs() <= SAME_LIBRARY_DEG,
            "{at}"
        );
        let Some(theirs_days) = row["exact_in_days"].as_f64() else {
            assert_eq!(hit.applying, None, "{at}: {} {}", hit.first, hit.second);
            continue;
        };
        // A rate near zero makes the motion a matter of the last digits.
        if num(&row["rate"]).abs() < SMALLEST_RATE_DEG_PER_DAY {
            continue;
        }
        assert_eq!(
            hit.applying,
            row["applying"].as_bool(),
            "{at}: {} {}",
            hit.first,
            hit.second
        );
        let days = hit.exact_in_days.expect("known with applying");
        assert!(
            (days - theirs_days).abs() <= EXACT_IN_DAYS_RELATIVE * theirs_days.abs().max(1.0),
            "{at}: {} {}: {days} vs {theirs_days}",
            hit.first,
            hit.second
        );
    }
}

#[test]
fn parallels_and_contraparallels_follow_the_written_rule() {
    let mut compared = 0;
    for chart in charts().iter().filter(|c| c.get("parallels").is_some()) {
        for (form, of) in [
            ("body", DeclinationOf::Body),
            ("ecliptic_degree", DeclinationOf::EclipticDegree),
        ] {
            let config = ParallelConfig::new(DeclinationAspect::ALL, Orb::new(1.0).unwrap())
                .unwrap()
                .with_declination_of(of);
            let cast = cast(chart, Some(config));
            let report = cast.aspects.expect("aspects");
            let theirs = chart["parallels"][form].as_array().unwrap();
            same_parallels(chart, &report.parallels, theirs, form);
            compared += theirs.len();
        }
    }
    assert!(compared > 300, "enough parallels compared ({compared})");
}
