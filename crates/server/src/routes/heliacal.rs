//! `POST /v1/heliacal`: heliacal and acronychal events (see `orrery_api::heliacal`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::heliacal::{HeliacalInput, HeliacalRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates, then computes on the pool. `datetime_start` is required, so the answer never
/// depends on "now" and is cacheable.
#[utoipa::path(
    post,
    path = "/v1/heliacal",
    tag = "Calculation",
    summary = "Heliacal and acronychal rising and setting of a planet or a fixed star",
    request_body = orrery_api::heliacal::HeliacalRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::heliacal::HeliacalResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn heliacal(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<HeliacalRequest>,
) -> Result<Response, ApiError> {
    let input = HeliacalInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
