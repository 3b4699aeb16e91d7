//! How the bodies move, as the event searches need it: each body's scan step, declared from its
//! physics, and its longitude as a search [`Sample`].
//!
//! A step must be shorter than the shortest time between two turning points (stations) of the
//! body's longitude, so that the scan cannot step over a retrograde loop; the cubic check inside
//! each step is only a second line of defence. Within that limit the steps are as long as the
//! interpolant stays accurate to seconds, since samples cost ephemeris calls and the interpolant
//! only has to give each crossing a good first estimate (see [`crate::search::scan`]).
//!
//! The shortest times between stations below come from the Swiss Ephemeris: the planets, Chiron
//! and Pholus over 1900–2100 (sampled daily, Mercury every 6 hours), the asteroids over
//! 2000–2020, the lunar points over 2000–2004 (every 0.02 day).

use orrery_ephem::{Ephemeris, Equinox};

use super::nutation::InterpolatedNutation;
use crate::body::Body;
use crate::chart::{Center, ChartError, Frame, Via, position_via, search_position};
use crate::search::{Sample, ScanStep};
use crate::time::JulianDayUt;

const TENTH_OF_A_DAY: ScanStep = ScanStep::constant(0.1);
const ONE_DAY: ScanStep = ScanStep::constant(1.0);
const TWO_DAYS: ScanStep = ScanStep::constant(2.0);
const FOUR_DAYS: ScanStep = ScanStep::constant(4.0);
const EIGHT_DAYS: ScanStep = ScanStep::constant(8.0);
const SIXTEEN_DAYS: ScanStep = ScanStep::constant(16.0);

/// The geocentric scan step of `body`, and why.
fn geocentric_step(body: Body) -> ScanStep {
    match body {
        // Never turn back. The Sun moves at most 1.02°/day: 8 days keep the cubic's estimate
        // within 7 s. The Earth point is the Sun's antipode.
        Body::Sun | Body::Earth => EIGHT_DAYS,
        // Never turns back; at most 15.4°/day, so 31° per 2-day step, with the cubic's estimate
        // within 15 s.
        Body::Moon => TWO_DAYS,
        // Stations at least 19.5 days apart (10 steps); at most 2.2°/day.
        Body::Mercury => TWO_DAYS,
        // Stations at least 40 days apart.
        Body::Venus => FOUR_DAYS,
        // Stations at least 60 days apart.
        Body::Mars => EIGHT_DAYS,
        // Stations at least 117 days apart (Jupiter) to 156 days (Neptune, Pluto); Chiron and
        // Pholus at least 128 days. At 16 days the cubic's estimates are minutes off near a
        // station; these bodies have few events, and the solver polishes each.
        Body::Jupiter
        | Body::Saturn
        | Body::Uranus
        | Body::Neptune
        | Body::Pluto
        | Body::Chiron
        | Body::Pholus => SIXTEEN_DAYS,
        // The mean node and the mean apogee move steadily (0.053°/day back, 0.11°/day forward).
        Body::MeanNode | Body::MeanApogee => SIXTEEN_DAYS,
        // The true node wobbles with the Sun's and Moon's periods and turns twice within 0.14
        // days at times; at 0.1 day the cubic check inside each step watches for such pairs.
        // The osculating apogee moves up to 6.3°/day and turns within half a day.
        Body::TrueNode | Body::OsculatingApogee => TENTH_OF_A_DAY,
        // Turn at least 40 (apogee) and 47 (perigee) days apart; the perigee moves up to
        // 2.3°/day.
        Body::InterpolatedApogee => FOUR_DAYS,
        Body::InterpolatedPerigee => TWO_DAYS,
        // Stations at least 73 days (Juno) to 91 days (Ceres) apart; at most 0.6°/day.
        Body::Ceres | Body::Pallas | Body::Juno | Body::Vesta => FOUR_DAYS,
        // Any numbered minor planet, including near-Earth asteroids that can move degrees a day
        // at a close approach: one day. The scan reports a step too coarse for the motion
        // rather than alias it.
        Body::Asteroid(_) => ONE_DAY,
    }
}

/// The scan step for `body`'s longitude in `frame`.
///
/// Geocentric steps follow the body's motion (see the source for each reason). A topocentric
/// frame adds the daily parallax (up to a degree for the Moon, and a daily wiggle that can add
/// turning points near a planet's station): at most 0.1 day. A planet-centred frame gives other
/// loops than the geocentric ones: at most 1 day. Heliocentric and barycentric longitudes of the
/// planets never turn back, so the geocentric steps are more than fine.
#[must_use]
pub fn scan_step(body: Body, frame: &Frame) -> ScanStep {
    let step = geocentric_step(body);
    match frame.center {
        Center::Topocentric(_) => step.min(TENTH_OF_A_DAY),
        Center::PlanetCentric(_) => step.min(ONE_DAY),
        Center::Geocentric | Center::Heliocentric | Center::Barycentric => step,
    }
}

/// `body`'s longitude and its speed at `jd_ut` in `frame`, as a search sample (whose time axis
/// is the Julian day UT as a bare number), from the library: for a longitude shown as such.
///
/// # Errors
/// As [`crate::chart::position`].
pub fn longitude_sample(
    eph: &Ephemeris,
    body: Body,
    frame: &Frame,
    jd_ut: f64,
) -> Result<Sample, ChartError> {
    sample_from(eph, body, frame, jd_ut, Via::Library)
}

/// As [`longitude_sample`], from the position cache where it holds the answer
/// ([`search_position`]): for the dense evaluations of a search and the details of the events
/// it finds (docs/CACHE.md).
///
/// # Errors
/// As [`crate::chart::position`].
pub fn search_sample(
    eph: &Ephemeris,
    body: Body,
    frame: &Frame,
    jd_ut: f64,
) -> Result<Sample, ChartError> {
    sample_from(eph, body, frame, jd_ut, Via::Cache)
}

fn sample_from(
    eph: &Ephemeris,
    body: Body,
    frame: &Frame,
    jd_ut: f64,
    via: Via,
) -> Result<Sample, ChartError> {
    let p = position_via(eph, JulianDayUt(jd_ut), body, frame, Equinox::True, via)?;
    Ok(Sample {
        t_day: jd_ut,
        value_deg: p.lon.degrees(),
        rate_deg_per_day: p.lon_speed_deg_per_day,
    })
}

/// As [`longitude_sample`], from the mean equinox plus `nutation`'s interpolated nutation in
/// longitude: the same value to 1e-8° and rate to 1e-5°/day at a third of the cost, for the
/// dense evaluations of a search (see [`super::nutation`]). Only for a frame where
/// [`super::nutation::applies_to`] holds.
///
/// # Errors
/// As [`crate::chart::position`].
pub fn longitude_sample_interpolated(
    eph: &Ephemeris,
    body: Body,
    frame: &Frame,
    jd_ut: f64,
    nutation: &mut InterpolatedNutation,
) -> Result<Sample, ChartError> {
    let p = search_position(eph, JulianDayUt(jd_ut), body, frame, Equinox::Mean)?;
    let (nutation_deg, nutation_rate) = nutation.at(eph, jd_ut)?;
    Ok(Sample {
        t_day: jd_ut,
        value_deg: p.lon.degrees() + nutation_deg,
        rate_deg_per_day: p.lon_speed_deg_per_day + nutation_rate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::CATALOG;
    use orrery_ephem::Observer;

    #[test]
    fn every_body_has_a_step_and_frames_only_refine_it() {
        let topocentric = Frame {
            center: Center::Topocentric(Observer {
                lat_deg: 51.5,
                lon_deg: 0.0,
                alt_m: 0.0,
            }),
            ..Frame::GEOCENTRIC_TROPICAL
        };
        let from_mars = Frame {
            center: Center::PlanetCentric(Body::Mars),
            ..Frame::GEOCENTRIC_TROPICAL
        };
        let bodies = CATALOG
            .iter()
            .map(|e| e.body)
            .chain([Body::Asteroid(136_199)]);
        for body in bodies {
            let geocentric = scan_step(body, &Frame::GEOCENTRIC_TROPICAL).days();
            assert!(geocentric > 0.0 && geocentric <= 16.0, "{body:?}");
            assert!(scan_step(body, &topocentric).days() <= 0.1);
            assert!(scan_step(body, &from_mars).days() <= 1.0);
        }
    }
}
