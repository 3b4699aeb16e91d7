//! The natal points of a birth that the timing techniques (transits, progressions) measure
//! against: chosen bodies' geocentric tropical longitudes, then the ascendant and the MC.
//!
//! The angles come from equal houses: the ascendant and the MC do not depend on the house
//! system, and equal houses exist at every latitude, so a polar birth still has its angles
//! (where the ecliptic meets the horizon at all).

use orrery_ephem::{Ephemeris, HouseSystem, Observer, Zodiac};

use super::transits::NatalPoint;
use crate::angle::Longitude;
use crate::body::Body;
use crate::chart::{ChartError, Frame, position};
use crate::time::JulianDayUt;

pub use crate::chart::MissingData;

/// The natal points of a birth.
#[derive(Debug, Clone, PartialEq)]
pub struct BirthPoints {
    /// The bodies in the order asked for, then `ascendant` and `mc`.
    pub points: Vec<NatalPoint>,
    /// The bodies left out for lack of data ([`MissingData::LeaveOut`]).
    pub left_out: Vec<Body>,
}

/// Why a birth has no natal points.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BirthPointsError {
    /// A body could not be computed.
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// The library gave no finite angle (it does not happen for a valid place; kept as an
    /// error, never a panic).
    #[error("the {angle} is undefined at latitude {latitude_deg} (got {lon_deg})")]
    UndefinedAngle {
        angle: &'static str,
        latitude_deg: f64,
        lon_deg: f64,
    },
}

/// The natal points of a birth at `jd` and `place`: each of `bodies`, then the ascendant and
/// the MC.
///
/// # Errors
/// A body that cannot be computed (without data and [`MissingData::Refuse`], or a library
/// failure), or an angle the library leaves undefined.
pub fn birth_points(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: Observer,
    bodies: &[Body],
    missing: MissingData,
) -> Result<BirthPoints, BirthPointsError> {
    let frame = Frame::GEOCENTRIC_TROPICAL;
    let mut points = Vec::with_capacity(bodies.len() + 2);
    let mut left_out = Vec::new();
    for &body in bodies {
        match position(eph, jd, body, &frame) {
            Ok(p) => points.push(NatalPoint::new(body.name(), p.lon)),
            Err(ChartError::NoData { .. }) if missing.leaves_out_at(jd) => {
                left_out.push(body);
            }
            Err(error) => return Err(error.into()),
        }
    }
    let houses = eph
        .houses(
            jd,
            place.lat_deg,
            place.lon_deg,
            HouseSystem::EQUAL,
            Zodiac::Tropical,
        )
        .map_err(ChartError::from)?;
    for (angle, lon_deg) in [
        ("ascendant", houses.angles.ascendant.lon_deg),
        ("mc", houses.angles.mc.lon_deg),
    ] {
        let lon = Longitude::new(lon_deg).map_err(|_| BirthPointsError::UndefinedAngle {
            angle,
            latitude_deg: place.lat_deg,
            lon_deg,
        })?;
        points.push(NatalPoint::new(angle, lon));
    }
    Ok(BirthPoints { points, left_out })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ephemeris() -> Ephemeris {
        Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens")
    }

    fn berlin() -> Observer {
        Observer {
            lat_deg: 52.52,
            lon_deg: 13.405,
            alt_m: 0.0,
        }
    }

    #[test]
    fn the_bodies_then_the_angles_as_a_chart_has_them() {
        let eph = ephemeris();
        let jd = JulianDayUt(2_448_027.0);
        let got = birth_points(
            &eph,
            jd,
            berlin(),
            &[Body::Sun, Body::Moon],
            MissingData::Refuse,
        )
        .unwrap();
        let names: Vec<&str> = got.points.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["sun", "moon", "ascendant", "mc"]);
        let koch = eph
            .houses(jd, 52.52, 13.405, HouseSystem::KOCH, Zodiac::Tropical)
            .unwrap();
        assert!(
            (got.points[2].lon.degrees() - koch.angles.ascendant.lon_deg).abs() < 1e-12,
            "the angles do not depend on the house system"
        );
        let sun = position(&eph, jd, Body::Sun, &Frame::GEOCENTRIC_TROPICAL).unwrap();
        assert_eq!(got.points[0].lon, sun.lon);
        assert!(got.left_out.is_empty());
    }

    #[test]
    fn a_body_without_data_is_refused_or_left_out() {
        let eph = ephemeris();
        // 1100: Chiron's data start in 1200.
        let jd = JulianDayUt(2_122_826.5);
        let refused = birth_points(
            &eph,
            jd,
            berlin(),
            &[Body::Sun, Body::Chiron],
            MissingData::Refuse,
        );
        assert!(matches!(
            refused,
            Err(BirthPointsError::Chart(ChartError::NoData { .. }))
        ));
        let left = birth_points(
            &eph,
            jd,
            berlin(),
            &[Body::Sun, Body::Chiron],
            MissingData::LeaveOut,
        )
        .unwrap();
        assert_eq!(left.left_out, [Body::Chiron]);
        assert_eq!(left.points.len(), 3);
    }
}
