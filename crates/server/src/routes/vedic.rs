//! `POST /v1/vedic` (see `orrery_api::vedic`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::vedic::{VedicInput, VedicRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/vedic`: `birth` is required.
#[utoipa::path(
    post,
    path = "/v1/vedic",
    tag = "Calculation",
    summary = "Sidereal positions with nakshatras, Vimshottari dashas and vargas",
    request_body = orrery_api::vedic::VedicRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::vedic::VedicResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn vedic(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<VedicRequest>,
) -> Result<Response, ApiError> {
    let input = VedicInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
