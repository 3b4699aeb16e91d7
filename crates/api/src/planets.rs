//! `GET /v1/planets`: geocentric positions of every standard point at an instant.

use jiff::Timestamp;
use orrery_astro::body::Body;
use orrery_astro::chart::{Frame, position};
use orrery_astro::time::JulianDayUt;
use orrery_ephem::{Ephemeris, EphemerisSource};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::common::{OrderedMap, PositionDto, ephemeris_name};
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};

#[derive(Debug, Clone, Deserialize, ToSchema, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PlanetsQuery {
    /// The instant.
    pub datetime: Instant,
}

/// A validated request.
#[derive(Debug, Clone, Copy)]
pub struct PlanetsInput {
    pub instant: Timestamp,
    pub jd: JulianDayUt,
}

impl TryFrom<&PlanetsQuery> for PlanetsInput {
    type Error = ApiInputError;

    fn try_from(query: &PlanetsQuery) -> Result<Self, ApiInputError> {
        Ok(Self {
            instant: query.datetime.timestamp(),
            jd: query.datetime.julian_day(),
        })
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlanetsResponse {
    pub datetime_utc: String,
    pub julian_day_ut: f64,
    /// `swiss` (the data files) or `moshier` (the analytical fallback outside 1800-2400).
    pub ephemeris: &'static str,
    #[schema(value_type = BTreeMap<String, PositionDto>)]
    pub planets: OrderedMap<PositionDto>,
}

/// Computes every standard point.
///
/// # Errors
/// A body without data at the date (Chiron outside 1800-2400) is a 400 that says so.
pub fn compute(eph: &Ephemeris, input: &PlanetsInput) -> Result<PlanetsResponse, CalcFailure> {
    let mut planets = OrderedMap::default();
    let mut source = EphemerisSource::Swiss;
    for body in Body::STANDARD {
        let p = position(eph, input.jd, body, &Frame::GEOCENTRIC_TROPICAL)
            .map_err(|e| CalcFailure::from(e).at_field("datetime"))?;
        if p.source == EphemerisSource::Moshier {
            source = EphemerisSource::Moshier;
        }
        planets
            .0
            .push((body.name().into_owned(), PositionDto::from(&p)));
    }
    Ok(PlanetsResponse {
        datetime_utc: input.instant.to_string(),
        julian_day_ut: input.jd.0,
        ephemeris: ephemeris_name(source),
        planets,
    })
}
