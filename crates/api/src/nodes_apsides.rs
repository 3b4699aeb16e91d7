//! `POST /v1/nodes-apsides`: the orbital nodes and apsides of the Moon, the planets and the
//! asteroids at an instant.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `datetime` | required; ISO 8601 with `Z` or an offset (`2024-01-01T00:00:00Z`) |
//! | `bodies` | body names; default the Moon and Mercury..Pluto. Accepted: `moon`, `mercury`..`pluto`, `chiron`, `pholus`, `ceres`, `pallas`, `juno`, `vesta`, `asteroid_<number>`. The Sun, the Earth and the lunar nodes and apogees have no nodes of their own: a 400 that names them |
//! | `method` | `mean` (default) or `osculating`. Mean elements exist for the Moon and Mercury..Neptune only; Pluto, Chiron and the asteroids are always osculating, and each body says which method it got |
//! | `heliocentric` | `true`: the points seen from the Sun; default `false` (seen from the Earth) |
//!
//! # Response
//!
//! ```json
//! {
//!   "datetime_utc": "2024-01-01T00:00:00Z",
//!   "julian_day_ut": 2460310.5,
//!   "settings": {"bodies": ["moon", "mercury"], "method": "mean", "heliocentric": false},
//!   "nodes_apsides": {
//!     "moon": {
//!       "method_used": "mean",
//!       "ascending_node": {"longitude": 20.877, "sign": "aries", "sign_degree": 20.877,
//!                          "latitude": 0.0, "distance": 0.00246},
//!       "descending_node": {…}, "perigee": {…}, "apogee": {…}
//!     },
//!     "mercury": {"method_used": "mean", "ascending_node": {…}, "descending_node": {…},
//!                 "perihelion": {…}, "aphelion": {…}}
//!   }
//! }
//! ```
//!
//! * `nodes_apsides` is keyed by body, in the request's order (duplicates dropped).
//! * The Moon's apsides are `perigee` and `apogee`, every other body's `perihelion` and
//!   `aphelion`.
//! * Longitudes are tropical, apparent, of date, in `[0, 360)`; `sign` and `sign_degree` as in
//!   radix; `latitude` in degrees; `distance` in AU (the Moon's points too), the distance of the
//!   point on the orbit from the viewpoint.
//! * Geocentric nodes of a planet are not opposite each other (they are seen from the Earth,
//!   not from the Sun); heliocentric ones are.
//!
//! The definitions: [`orrery_astro::techniques::nodes_apsides`].
//!
//! # Errors
//!
//! A 400 names the field and the rule (`bodies[0]: sun has no orbital nodes and apsides: …`).
//! A body without data at the date (the data files cover 1200–4800; the numbered asteroids
//! 1500–2102) is a 400 that names the body and the date.

use jiff::Timestamp;
use orrery_astro::body::{Body, CATALOG};
use orrery_astro::techniques::nodes_apsides::{
    BodyNodesApsides, NodesApsidesError, NodesMethod, OrbitPoint, default_bodies, has_nodes,
    nodes_apsides_of,
};
use orrery_astro::time::{JulianDayUt, julian_day_ut};
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::common::{OrderedMap, ZodiacLongitudeDto, body_list};
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::names::BodyField;

/// The body names `bodies` refuses: those without an orbit of their own (`has_nodes`), so
/// that the request schema can leave them out.
#[must_use]
pub fn names_without_nodes() -> Vec<&'static str> {
    Body::ACCEPTED_NAMES
        .into_iter()
        .filter(|name| Body::parse(name).is_ok_and(|body| !has_nodes(body)))
        .collect()
}

/// `mean` or `osculating`.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = NodesApsidesMethod)]
pub enum MethodDto {
    #[default]
    Mean,
    Osculating,
}

impl From<NodesMethod> for MethodDto {
    fn from(method: NodesMethod) -> Self {
        match method {
            NodesMethod::Mean => MethodDto::Mean,
            NodesMethod::Osculating => MethodDto::Osculating,
        }
    }
}

impl From<MethodDto> for NodesMethod {
    fn from(method: MethodDto) -> Self {
        match method {
            MethodDto::Mean => NodesMethod::Mean,
            MethodDto::Osculating => NodesMethod::Osculating,
        }
    }
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NodesApsidesRequest {
    /// The instant.
    pub datetime: Instant,
    /// Body names, not empty (not the Sun, the Earth or the lunar points); default `moon`, `mercury`…`pluto`.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub bodies: Option<Vec<BodyField>>,
    /// `mean` (default) or `osculating`; Pluto and the asteroids are always osculating.
    #[serde(default)]
    pub method: Option<MethodDto>,
    /// Heliocentric instead of geocentric positions; default false.
    #[serde(default)]
    pub heliocentric: Option<bool>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct NodesApsidesInput {
    pub instant: Timestamp,
    pub jd: JulianDayUt,
    pub bodies: Vec<Body>,
    pub method: MethodDto,
    pub heliocentric: bool,
}

/// The accepted body names, for messages.
fn accepted_names() -> String {
    let mut names: Vec<&str> = CATALOG
        .iter()
        .filter(|e| has_nodes(e.body))
        .map(|e| e.name)
        .collect();
    names.push("asteroid_<number>");
    names.join(", ")
}

impl TryFrom<&NodesApsidesRequest> for NodesApsidesInput {
    type Error = ApiInputError;

    fn try_from(request: &NodesApsidesRequest) -> Result<Self, ApiInputError> {
        let instant = request.datetime.timestamp();
        let bodies = match &request.bodies {
            None => default_bodies(),
            Some(names) => {
                let bodies = body_list("bodies", names, None)?;
                for (i, BodyField(body)) in names.iter().enumerate() {
                    if let Some(error) = NodesApsidesError::for_body(*body) {
                        return Err(ApiInputError::labelled(
                            &format!("bodies[{i}]"),
                            format!("{error}; accepted names: {}", accepted_names()),
                        ));
                    }
                }
                bodies
            }
        };
        Ok(Self {
            instant,
            jd: julian_day_ut(instant),
            bodies,
            method: request.method.unwrap_or_default(),
            heliocentric: request.heliocentric.unwrap_or(false),
        })
    }
}

/// The request as understood.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = NodesApsidesSettings)]
pub struct NodesApsidesSettingsDto {
    /// The bodies, as resolved.
    pub bodies: Vec<BodyField>,
    /// The method asked for; each body says which one it got.
    pub method: MethodDto,
    /// Whether the positions are heliocentric (else geocentric).
    pub heliocentric: bool,
}

/// A node or an apsis.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = OrbitPoint)]
pub struct OrbitPointDto {
    #[serde(flatten)]
    pub position: ZodiacLongitudeDto,
    /// Ecliptic latitude, degrees.
    pub latitude: f64,
    /// From the viewpoint, AU.
    pub distance: f64,
}

impl From<&OrbitPoint> for OrbitPointDto {
    fn from(p: &OrbitPoint) -> Self {
        Self {
            position: p.lon.into(),
            latitude: p.lat_deg,
            distance: p.dist_au,
        }
    }
}

/// One body's nodes and apsides, the apsides under the names that fit the orbit's centre.
///
/// Two whole object shapes rather than a flattened enum of the apsides: the same JSON, but a
/// schema (`oneOf` two objects) that client generators can turn into types; `allOf` an object
/// and a `oneOf` is refused by some (openapi-python-client: "cannot take allOf a non-object").
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = BodyNodesApsides)]
#[serde(untagged)]
pub enum BodyNodesApsidesDto {
    /// A body orbiting the Sun.
    AroundTheSun(SunOrbitDto),
    /// The Moon.
    AroundTheEarth(EarthOrbitDto),
}

/// The nodes and apsides of a body orbiting the Sun.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = SunOrbit)]
pub struct SunOrbitDto {
    /// `mean` or `osculating`: the method applied to this body.
    pub method_used: MethodDto,
    pub ascending_node: OrbitPointDto,
    pub descending_node: OrbitPointDto,
    pub perihelion: OrbitPointDto,
    pub aphelion: OrbitPointDto,
}

/// The nodes and apsides of the Moon.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = EarthOrbit)]
pub struct EarthOrbitDto {
    /// `mean` or `osculating`: the method applied to this body.
    pub method_used: MethodDto,
    pub ascending_node: OrbitPointDto,
    pub descending_node: OrbitPointDto,
    pub perigee: OrbitPointDto,
    pub apogee: OrbitPointDto,
}

impl From<&BodyNodesApsides> for BodyNodesApsidesDto {
    fn from(found: &BodyNodesApsides) -> Self {
        let (near, far) = ((&found.periapsis).into(), (&found.apoapsis).into());
        let (method_used, ascending_node, descending_node) = (
            found.method.into(),
            (&found.ascending_node).into(),
            (&found.descending_node).into(),
        );
        if found.orbits_the_earth() {
            Self::AroundTheEarth(EarthOrbitDto {
                method_used,
                ascending_node,
                descending_node,
                perigee: near,
                apogee: far,
            })
        } else {
            Self::AroundTheSun(SunOrbitDto {
                method_used,
                ascending_node,
                descending_node,
                perihelion: near,
                aphelion: far,
            })
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NodesApsidesResponse {
    /// The instant of the positions, UTC, ISO 8601 to the second.
    pub datetime_utc: String,
    /// `datetime_utc` as a Julian day (UT).
    pub julian_day_ut: f64,
    pub settings: NodesApsidesSettingsDto,
    /// Keyed by body, in the request's order.
    #[schema(value_type = BTreeMap<String, BodyNodesApsidesDto>)]
    pub nodes_apsides: OrderedMap<BodyNodesApsidesDto>,
}

fn failure(error: NodesApsidesError) -> CalcFailure {
    match error {
        NodesApsidesError::NoNodes { .. } => {
            CalcFailure::Input(ApiInputError::new(error.to_string()))
        }
        NodesApsidesError::Ephemeris(inner) => inner.into(),
    }
}

/// Computes every body's nodes and apsides: one core call, [`nodes_apsides_of`].
///
/// # Errors
/// A body without data at the date is a 400 that says so; a failure of the library a 500.
pub fn compute(
    eph: &Ephemeris,
    input: &NodesApsidesInput,
) -> Result<NodesApsidesResponse, CalcFailure> {
    let found = nodes_apsides_of(
        eph,
        input.jd,
        &input.bodies,
        input.method.into(),
        input.heliocentric,
    )
    .map_err(failure)?;
    let found = OrderedMap(
        input
            .bodies
            .iter()
            .zip(&found)
            .map(|(body, result)| (body.name().into_owned(), BodyNodesApsidesDto::from(result)))
            .collect(),
    );
    Ok(NodesApsidesResponse {
        datetime_utc: input.instant.to_string(),
        julian_day_ut: input.jd.0,
        settings: NodesApsidesSettingsDto {
            bodies: input.bodies.iter().copied().map(BodyField).collect(),
            method: input.method,
            heliocentric: input.heliocentric,
        },
        nodes_apsides: found,
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::NodesApsidesInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for NodesApsidesInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for NodesApsidesInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::utc("datetime", self.jd)]
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn validate(value: serde_json::Value) -> Result<NodesApsidesInput, ApiInputError> {
        let request: NodesApsidesRequest = crate::parse::json_value(value)?;
        NodesApsidesInput::try_from(&request)
    }

    #[test]
    fn defaults() {
        let input = validate(json!({"datetime": "2024-01-01T00:00:00Z"})).unwrap();
        assert_eq!(input.bodies, default_bodies());
        assert_eq!(input.method, MethodDto::Mean);
        assert!(!input.heliocentric);
    }

    #[test]
    fn every_rule_names_the_field() {
        for (body, expected) in [
            (json!({}), "datetime is required"),
            (
                json!({"datetime": "2024-01-01T00:00:00"}),
                "datetime must be a UTC date-time",
            ),
            (
                json!({"datetime": "2024-01-01T00:00:00Z", "bodies": []}),
                "bodies must name at least one body",
            ),
            (
                json!({"datetime": "2024-01-01T00:00:00Z", "bodies": ["moon", "vulcan"]}),
                "bodies[1]: unknown body `vulcan`; accepted names: sun",
            ),
            (
                json!({"datetime": "2024-01-01T00:00:00Z", "bodies": ["moon", "sun"]}),
                "bodies[1]: sun has no orbital nodes and apsides: the ecliptic is the plane",
            ),
            (
                json!({"datetime": "2024-01-01T00:00:00Z", "bodies": ["mean_lilith"]}),
                "bodies[0]: mean_apogee has no orbital nodes and apsides: it is a point of the Moon's orbit",
            ),
        ] {
            let message = validate(body.clone()).unwrap_err().message;
            assert!(message.starts_with(expected), "{body}: {message}");
        }
        let message = validate(json!({"datetime": "2024-01-01T00:00:00Z", "bodies": ["earth"]}))
            .unwrap_err()
            .message;
        assert!(
            message.ends_with("accepted names: moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto, chiron, pholus, ceres, pallas, juno, vesta, asteroid_<number>"),
            "{message}"
        );
    }
}
