use axum::extract::State;
use axum::response::Response;
use orrery_api::planets::{PlanetsInput, PlanetsQuery, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::QueryParams;

/// `GET /v1/planets?datetime=…`
pub(crate) async fn planets(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<PlanetsQuery>,
) -> Result<Response, ApiError> {
    let input = PlanetsInput::try_from(&query)?;
    state
        .calculate_json(false, move |eph| Ok(compute(eph, &input)?))
        .await
}
