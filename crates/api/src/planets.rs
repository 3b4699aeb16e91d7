//! `GET /v1/planets`: geocentric positions of every standard point at an instant.

use jiff::Timestamp;
use orrery_astro::body::Body;
use orrery_astro::chart::MissingData;
use orrery_astro::techniques::cast::{CastError, CastInput, cast_chart};
use orrery_astro::time::JulianDayUt;
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::closed_sets::EphemerisName;
use crate::common::{OrderedMap, PositionDto, ephemeris_name};
use crate::datetime::Instant;
use crate::ephemeris_range::{OmittedBodyDto, omitted_dtos};
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
    /// The instant, UTC, ISO 8601.
    pub datetime_utc: String,
    /// The instant as a Julian day (UT).
    pub julian_day_ut: f64,
    /// `swiss` (the data files) or `moshier` (the analytical fallback before 1200).
    pub ephemeris: EphemerisName,
    /// Geocentric tropical positions by point name (longitude and latitude in degrees,
    /// distance in astronomical units, speeds per day).
    #[schema(value_type = BTreeMap<String, PositionDto>)]
    pub planets: OrderedMap<PositionDto>,
    /// The points without data at this instant (Chiron before 1200), left out, with the dates
    /// they have data for; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

/// Computes every standard point.
///
/// # Errors
/// The points are a fixed list, none asked for by name: one without data at the date (Chiron
/// before 1200) is left out and listed in `omitted`. A date where the Sun has no data (after
/// 4800) is a 400 naming it.
pub fn compute(eph: &Ephemeris, input: &PlanetsInput) -> Result<PlanetsResponse, CalcFailure> {
    let sky = CastInput::sky(
        input.jd,
        Body::STANDARD.to_vec(),
        MissingData::LeaveOut,
        true,
        None,
    );
    let chart = cast_chart(eph, &sky).map_err(|error| match error {
        CastError::Chart(error) => crate::ephemeris_range::chart_failure_at("datetime", error),
        CastError::Aspect(error) => CalcFailure::Internal(error.to_string()),
    })?;
    Ok(PlanetsResponse {
        datetime_utc: input.instant.to_string(),
        julian_day_ut: input.jd.0,
        ephemeris: ephemeris_name(chart.ephemeris),
        planets: OrderedMap(
            chart
                .bodies
                .iter()
                .flatten()
                .map(|b| {
                    let p = &b.position;
                    (p.body.name().into_owned(), PositionDto::from(p))
                })
                .collect(),
        ),
        omitted: omitted_dtos(&chart.omitted),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::PlanetsInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for PlanetsInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for PlanetsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::utc("datetime", self.jd)]
        }
    }
}
