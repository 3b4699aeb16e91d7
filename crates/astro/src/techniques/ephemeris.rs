//! The points of an ephemeris series and the frame rules that choose them: a point of the Moon's
//! orbit exists only around the Earth, and the body at the centre of the frame is left out.

use crate::body::Body;
use crate::chart::{Center, Frame};

/// The points of a series that names none: the planets, the mean node and Chiron.
pub const DEFAULT_POINTS: [Body; 12] = Body::CORE_POINTS;

/// Why a series' points cannot be chosen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeriesPointsError {
    /// The frame is centred on a point of the Moon's orbit, which is not a body.
    #[error("must name a body, not a point of the Moon's orbit (got planet:{})", .0.name())]
    LunarPointCenter(Body),
    /// A point named has no position in the frame.
    #[error("{} {}", .body.name(), LUNAR_POINT_OFF_EARTH)]
    Unseen {
        /// Its place in the points named.
        index: usize,
        body: Body,
    },
    /// An asteroid number outside the minor-planet numbers.
    #[error("must be a minor-planet number from 1 to 999999 (got {number})")]
    AsteroidNumber {
        /// Its place in the numbers given.
        index: usize,
        number: u32,
    },
    /// No point is left (the only one named is the frame's centre).
    #[error("must name at least one point (with asteroids){}", center.map_or_else(String::new, |body| format!(" once the centre of the frame ({}) is left out", body.name())))]
    Empty {
        /// The body at the centre of the frame, if that is what was left out.
        center: Option<Body>,
    },
}

/// The rule a point of the Moon's orbit breaks outside an Earth-centred frame.
const LUNAR_POINT_OFF_EARTH: &str = "is a point of the Moon's orbit around the Earth: it exists \
                                     only for center = \"geocentric\" or \"topocentric\"";

/// Whether `body` has no position in `frame`: a point of the Moon's orbit seen from anywhere but
/// the Earth.
#[must_use]
pub fn unseen_from(body: Body, frame: &Frame) -> bool {
    match frame.center {
        Center::Geocentric | Center::Topocentric(_) => false,
        _ => body.is_lunar_point(),
    }
}

/// The body at the centre of the frame, which the points leave out.
#[must_use]
pub fn central_body(frame: &Frame) -> Option<Body> {
    match frame.center {
        Center::PlanetCentric(body) => Some(body),
        Center::Heliocentric => Some(Body::Sun),
        _ => None,
    }
}

/// The points of a series in `frame`, in order and once each: the points named (or
/// [`DEFAULT_POINTS`] less those the frame cannot see), then the asteroids by number, without
/// the frame's central body.
///
/// # Errors
/// [`SeriesPointsError`]: a frame centred on a lunar point, a named point the frame cannot
/// see, an asteroid number out of range, or no point left.
pub fn series_points(
    frame: &Frame,
    named: Option<&[Body]>,
    asteroids: &[u32],
) -> Result<Vec<Body>, SeriesPointsError> {
    if let Center::PlanetCentric(body) = frame.center
        && body.is_lunar_point()
    {
        return Err(SeriesPointsError::LunarPointCenter(body));
    }
    let center = central_body(frame);
    let mut points = Vec::with_capacity(DEFAULT_POINTS.len() + asteroids.len());
    let push = |points: &mut Vec<Body>, body: Body| {
        if Some(body) != center && !points.contains(&body) {
            points.push(body);
        }
    };
    match named {
        None => {
            for body in DEFAULT_POINTS {
                if !unseen_from(body, frame) {
                    push(&mut points, body);
                }
            }
        }
        Some(bodies) => {
            for (index, &body) in bodies.iter().enumerate() {
                if unseen_from(body, frame) {
                    return Err(SeriesPointsError::Unseen { index, body });
                }
                push(&mut points, body);
            }
        }
    }
    for (index, &number) in asteroids.iter().enumerate() {
        let body = Body::parse(&format!("asteroid_{number}"))
            .map_err(|_| SeriesPointsError::AsteroidNumber { index, number })?;
        push(&mut points, body);
    }
    if points.is_empty() {
        return Err(SeriesPointsError::Empty { center });
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lunar_points_exist_only_around_the_earth() {
        let helio = Frame {
            center: Center::Heliocentric,
            ..Frame::GEOCENTRIC_TROPICAL
        };
        let got = series_points(&helio, None, &[]).unwrap();
        assert!(!got.iter().any(|b| b.is_lunar_point()));
        assert!(!got.contains(&Body::Sun), "the centre is left out");
        assert_eq!(
            series_points(&helio, Some(&[Body::Moon, Body::MeanNode]), &[]),
            Err(SeriesPointsError::Unseen {
                index: 1,
                body: Body::MeanNode
            })
        );
        let geo = series_points(&Frame::GEOCENTRIC_TROPICAL, None, &[]).unwrap();
        assert_eq!(geo, DEFAULT_POINTS);
    }

    #[test]
    fn the_centre_alone_leaves_nothing() {
        let marscentric = Frame {
            center: Center::PlanetCentric(Body::Mars),
            ..Frame::GEOCENTRIC_TROPICAL
        };
        let error = series_points(&marscentric, Some(&[Body::Mars]), &[]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "must name at least one point (with asteroids) once the centre of the frame (mars) \
             is left out"
        );
        let lunar = Frame {
            center: Center::PlanetCentric(Body::MeanNode),
            ..Frame::GEOCENTRIC_TROPICAL
        };
        assert_eq!(
            series_points(&lunar, None, &[]),
            Err(SeriesPointsError::LunarPointCenter(Body::MeanNode))
        );
        assert!(matches!(
            series_points(&Frame::GEOCENTRIC_TROPICAL, None, &[0]),
            Err(SeriesPointsError::AsteroidNumber {
                index: 0,
                number: 0
            })
        ));
    }
}
