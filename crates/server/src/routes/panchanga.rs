//! `POST /v1/panchanga` (see `orrery_api::panchanga`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::panchanga::{PanchangaInput, PanchangaRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/panchanga`: `location` and `datetime` (or `date` with `timezone`) are required.
#[utoipa::path(
    post,
    path = "/v1/panchanga",
    tag = "Calculation",
    summary = "Panchanga: tithi, nakshatra, yoga, karana and vara with their bounds, and rahu kala",
    request_body = orrery_api::panchanga::PanchangaRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::panchanga::PanchangaResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn panchanga(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<PanchangaRequest>,
) -> Result<Response, ApiError> {
    let input = PanchangaInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
