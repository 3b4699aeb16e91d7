use axum::Json;
use axum::extract::State;
use orrery_api::planets::{PlanetsInput, PlanetsQuery, PlanetsResponse, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::QueryParams;

/// `GET /v1/planets?datetime=…`
pub(crate) async fn planets(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<PlanetsQuery>,
) -> Result<Json<PlanetsResponse>, ApiError> {
    let input = PlanetsInput::try_from(&query)?;
    let response = state
        .calculate(move |eph| compute(eph, &input).map_err(ApiError::from))
        .await?;
    Ok(Json(response))
}
