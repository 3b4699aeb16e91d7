//! `Ephemeris::calc_true_position` is the body where it is at the instant: seen from the Sun,
//! the plain position at `t` is the true one at `t` minus the light time (the light that left
//! the planet then arrives at the Sun at `t`), up to the Sun's own motion meanwhile. A rule of
//! light, not a reference program.

mod common;

use orrery_ephem::{BodyId, CalcRequest, Center, JulianDayUt};

/// The speed of light in AU per day (IAU 2012: 299,792,458 m/s, 1 AU = 149,597,870,700 m).
const LIGHT_AU_PER_DAY: f64 = 299_792_458.0 * 86_400.0 / 149_597_870_700.0;
/// The library's light time is measured from the Sun's place at `t` and its position at
/// `t - τ` from the Sun's at `t - τ`: the Sun's own motion about the barycentre over the light
/// time (up to 1.6e-6 AU over Neptune's four hours) separates the two. The planet itself moves
/// at least 80 times farther in that time (Neptune), so the seen position must lie at least
/// this many times closer to the true one a light time earlier than to the true one now.
const CLOSER_BY: f64 = 20.0;
const SUN_MOTION_OVER_LIGHT_TIME_AU: f64 = 2e-6;

#[test]
fn the_plain_heliocentric_position_is_the_true_one_a_light_time_earlier() {
    let eph = common::ephemeris();
    for body in [
        BodyId::EARTH,
        BodyId::MARS,
        BodyId::JUPITER,
        BodyId::NEPTUNE,
    ] {
        let request = CalcRequest {
            center: Center::Heliocentric,
            ..CalcRequest::new(body)
        };
        for jd in [2_415_020.5, 2_451_545.0, 2_460_400.25] {
            let t = JulianDayUt(jd);
            let seen = eph.calc(t, &request).unwrap();
            let seen = seen.ecliptic().unwrap();
            let light_days = seen.dist_au / LIGHT_AU_PER_DAY;
            let then = eph
                .calc_true_position(JulianDayUt(jd - light_days), &request)
                .unwrap();
            let then = then.ecliptic().unwrap();
            let now = eph.calc_true_position(t, &request).unwrap();
            let now = now.ecliptic().unwrap();
            let off_then = (seen.lon_deg - then.lon_deg).abs();
            let off_now = (seen.lon_deg - now.lon_deg).abs();
            assert!(
                off_then * CLOSER_BY < off_now,
                "{body:?} {jd}: {off_then} vs {off_now}"
            );
            assert!(
                (seen.dist_au - then.dist_au).abs() < SUN_MOTION_OVER_LIGHT_TIME_AU,
                "{body:?} {jd}"
            );
        }
    }
}
