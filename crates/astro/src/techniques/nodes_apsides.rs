//! Orbital nodes and apsides: where a body's orbit crosses the ecliptic (the ascending and the
//! descending node) and its nearest and farthest points (perihelion and aphelion; perigee and
//! apogee for the Moon), each as an apparent ecliptic position of date.
//!
//! # Which bodies
//!
//! A body with an orbit of its own that is inclined to the ecliptic: the Moon, Mercury..Pluto,
//! Chiron, Pholus, Ceres, Pallas, Juno, Vesta and the numbered asteroids ([`has_nodes`]). The
//! others are refused with [`NodesApsidesError::NoNodes`], because the library answers for them
//! with garbage or not at all:
//!
//! * the Sun and the Earth: the ecliptic *is* the plane of the Earth's orbit, so that orbit
//!   meets it nowhere in particular; the library returns nodes of all zeros;
//! * the lunar nodes and apogees: they are points of the Moon's orbit, not bodies with orbits
//!   (the library refuses the mean and true node and the apogees, and returns NaN for the
//!   interpolated apogee and perigee). Their values are the Moon's nodes and apsides.
//!
//! # Mean and osculating
//!
//! [`NodesMethod::Mean`] uses the library's mean orbital elements, which exist for the Moon and
//! Mercury..Neptune only; for Pluto, the centaurs and the asteroids the library uses osculating
//! elements whatever is asked. [`method_used`] says which one a body actually gets, and each
//! result carries it. The Moon's mean ascending node is the mean node; its osculating node is
//! close to the true node. Osculating elements are those around the Sun (the Earth for the
//! Moon), as the library defines them without the barycentric option.
//!
//! # Geocentric and heliocentric
//!
//! The points are places in space (on the orbit, at the orbit's distance), seen from the Earth
//! or, with `heliocentric`, from the Sun. Seen from the Sun a planet's nodes are exactly
//! opposite; seen from the Earth they are not, and their distances differ. The Moon's points
//! seen from the Sun lie close to the Earth's own heliocentric direction.
//!
//! Longitudes are tropical, reduced to `[0, 360)`; latitudes in degrees; distances in AU.

use orrery_ephem::{EclipticPosition, EphemError, Ephemeris, NodApsMethod};

use crate::angle::Longitude;
use crate::body::Body;
use crate::chart::{ChartError, no_file_data};
use crate::time::JulianDayUt;

/// The default bodies: the Moon and Mercury..Pluto.
#[must_use]
pub fn default_bodies() -> Vec<Body> {
    Body::PLANETS
        .into_iter()
        .filter(|&b| b != Body::Sun)
        .collect()
}

/// Mean or osculating orbital elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodesMethod {
    /// Mean elements (the Moon and Mercury..Neptune only; see [`method_used`]).
    Mean,
    /// Osculating elements: the orbit the body would keep if nothing but its central body
    /// pulled it from now on.
    Osculating,
}

impl NodesMethod {
    /// `mean` or `osculating`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Mean => "mean",
            Self::Osculating => "osculating",
        }
    }
}

/// True for a body whose orbit has nodes and apsides (see the module documentation): the Moon,
/// Mercury..Pluto, the centaurs and the asteroids.
#[must_use]
pub fn has_nodes(body: Body) -> bool {
    !matches!(body, Body::Sun | Body::Earth) && !body.is_lunar_point()
}

/// The method the library actually applies to `body` when `requested` is asked for: mean
/// elements exist for the Moon and Mercury..Neptune only, every other body is osculating.
#[must_use]
pub fn method_used(body: Body, requested: NodesMethod) -> NodesMethod {
    let has_mean_elements = Body::PLANETS.contains(&body) && body != Body::Pluto;
    if has_mean_elements {
        requested
    } else {
        NodesMethod::Osculating
    }
}

/// Why a body has no nodes, for the message of [`NodesApsidesError::NoNodes`].
fn why_no_nodes(body: Body) -> &'static str {
    if body.is_lunar_point() {
        "it is a point of the Moon's orbit, not a body with an orbit; ask for moon, whose nodes \
         and apsides these points are"
    } else {
        "the ecliptic is the plane of the Earth's orbit (the Sun's apparent path), which therefore \
         has no nodes on it"
    }
}

/// Why nodes and apsides could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NodesApsidesError {
    /// The body has no orbit of its own inclined to the ecliptic.
    #[error("{body} has no orbital nodes and apsides: {reason}")]
    NoNodes {
        /// The body's API name.
        body: String,
        /// Why.
        reason: &'static str,
    },
    /// No data for the body at this date, or another failure of the ephemeris.
    #[error(transparent)]
    Ephemeris(#[from] ChartError),
}

impl NodesApsidesError {
    /// The error for a body without nodes; `None` for a body that has them.
    #[must_use]
    pub fn for_body(body: Body) -> Option<Self> {
        (!has_nodes(body)).then(|| Self::NoNodes {
            body: body.name().into_owned(),
            reason: why_no_nodes(body),
        })
    }
}

/// One node or apsis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrbitPoint {
    pub lon: Longitude,
    pub lat_deg: f64,
    pub dist_au: f64,
}

/// A body's nodes and apsides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyNodesApsides {
    pub body: Body,
    /// The method applied ([`method_used`]).
    pub method: NodesMethod,
    pub ascending_node: OrbitPoint,
    pub descending_node: OrbitPoint,
    /// The nearest point of the orbit to its centre: the perihelion (the perigee for the Moon).
    pub periapsis: OrbitPoint,
    /// The farthest point: the aphelion (the apogee for the Moon).
    pub apoapsis: OrbitPoint,
}

impl BodyNodesApsides {
    /// True when the apsides are a perigee and an apogee (the Moon orbits the Earth), false
    /// for a perihelion and an aphelion.
    #[must_use]
    pub fn orbits_the_earth(&self) -> bool {
        self.body == Body::Moon
    }
}

fn orbit_point(body: Body, p: &EclipticPosition) -> Result<OrbitPoint, ChartError> {
    let lon = Longitude::new(p.lon_deg).map_err(|_| EphemError::Library {
        function: "swe_nod_aps_ut",
        message: format!(
            "a node or apsis of {} is not a finite longitude",
            body.name()
        ),
    })?;
    Ok(OrbitPoint {
        lon,
        lat_deg: p.lat_deg,
        dist_au: p.dist_au,
    })
}

/// The nodes and apsides of each of `bodies` at `jd`, in their order ([`nodes_apsides`]).
///
/// # Errors
/// The first body's error, as [`nodes_apsides`].
pub fn nodes_apsides_of(
    eph: &Ephemeris,
    jd: JulianDayUt,
    bodies: &[Body],
    method: NodesMethod,
    heliocentric: bool,
) -> Result<Vec<BodyNodesApsides>, NodesApsidesError> {
    bodies
        .iter()
        .map(|&body| nodes_apsides(eph, jd, body, method, heliocentric))
        .collect()
}

/// The nodes and apsides of `body` at `jd`.
///
/// # Errors
/// [`NodesApsidesError::NoNodes`] for a body without them (see [`has_nodes`]);
/// [`NodesApsidesError::Ephemeris`] with [`ChartError::NoData`] when the data files do not
/// cover the body at that date, or another failure of the library.
pub fn nodes_apsides(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    method: NodesMethod,
    heliocentric: bool,
) -> Result<BodyNodesApsides, NodesApsidesError> {
    if let Some(error) = NodesApsidesError::for_body(body) {
        return Err(error);
    }
    let used = method_used(body, method);
    let library_method = match used {
        NodesMethod::Mean => NodApsMethod::Mean,
        NodesMethod::Osculating => NodApsMethod::Osculating,
    };
    let raw = eph
        .nodes_apsides(jd, body.body_id(), library_method, heliocentric)
        .map_err(|e| no_file_data(body, jd, e))?;
    Ok(BodyNodesApsides {
        body,
        method: used,
        ascending_node: orbit_point(body, &raw.ascending_node)?,
        descending_node: orbit_point(body, &raw.descending_node)?,
        periapsis: orbit_point(body, &raw.perihelion)?,
        apoapsis: orbit_point(body, &raw.aphelion)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::CATALOG;

    #[test]
    fn the_sun_the_earth_and_the_lunar_points_have_no_nodes() {
        for entry in CATALOG {
            let refused =
                matches!(entry.body, Body::Sun | Body::Earth) || entry.body.is_lunar_point();
            assert_eq!(has_nodes(entry.body), !refused, "{}", entry.name);
            assert_eq!(
                NodesApsidesError::for_body(entry.body).is_some(),
                refused,
                "{}",
                entry.name
            );
        }
        assert!(has_nodes(Body::Asteroid(136_199)));
        assert_eq!(default_bodies().len(), 9);
        assert_eq!(default_bodies()[0], Body::Moon);
        let message = NodesApsidesError::for_body(Body::MeanNode)
            .unwrap()
            .to_string();
        assert!(
            message.starts_with("mean_node has no orbital nodes and apsides: it is a point"),
            "{message}"
        );
    }

    #[test]
    fn only_the_moon_and_mercury_to_neptune_have_mean_elements() {
        for body in CATALOG
            .map(|e| e.body)
            .into_iter()
            .filter(|&b| has_nodes(b))
        {
            let mean = method_used(body, NodesMethod::Mean);
            let expected = if matches!(body, Body::Pluto | Body::Chiron | Body::Pholus)
                || matches!(body, Body::Ceres | Body::Pallas | Body::Juno | Body::Vesta)
            {
                NodesMethod::Osculating
            } else {
                NodesMethod::Mean
            };
            assert_eq!(mean, expected, "{}", body.name());
            assert_eq!(
                method_used(body, NodesMethod::Osculating),
                NodesMethod::Osculating
            );
        }
    }
}
