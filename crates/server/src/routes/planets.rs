use axum::extract::State;
use axum::response::Response;
use orrery_api::planets::{PlanetsInput, PlanetsQuery, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::QueryParams;

/// `GET /v1/planets?datetime=…`
#[utoipa::path(
    get,
    path = "/v1/planets",
    tag = "Calculation",
    summary = "Positions and speeds of the standard points at an instant",
    params(orrery_api::planets::PlanetsQuery),
    responses(
        (status = 200, description = "The result.", body = orrery_api::planets::PlanetsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn planets(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<PlanetsQuery>,
) -> Result<Response, ApiError> {
    let input = PlanetsInput::try_from(&query)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
