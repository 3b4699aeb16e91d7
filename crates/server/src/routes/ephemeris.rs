//! `POST /v1/ephemeris`: time series of positions (see `orrery_api::ephemeris`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::ephemeris::{EphemerisInput, EphemerisRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates (the sample count first, before any calculation), then computes on the pool.
#[utoipa::path(
    post,
    path = "/v1/ephemeris",
    tag = "Calculation",
    summary = "Time series of positions (at most 10000 samples)",
    request_body = orrery_api::ephemeris::EphemerisRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::ephemeris::EphemerisResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn ephemeris(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<EphemerisRequest>,
) -> Result<Response, ApiError> {
    let input = EphemerisInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
