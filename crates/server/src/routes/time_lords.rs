//! `POST /v1/time-lords` (see `orrery_api::time_lords`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::time_lords::{TimeLordsInput, TimeLordsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/time-lords`: the firdaria and profections of a birth, the lords active at an instant
/// and their changes within a window.
#[utoipa::path(
    post,
    path = "/v1/time-lords",
    tag = "Calculation",
    summary = "Time-lords: firdaria in a named variant with sub-periods, and the stack at an instant",
    request_body = orrery_api::time_lords::TimeLordsRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::time_lords::TimeLordsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn time_lords(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<TimeLordsRequest>,
) -> Result<Response, ApiError> {
    let input = TimeLordsInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
