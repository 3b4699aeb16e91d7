//! `POST /v1/zodiacal-releasing` (see `orrery_api::releasing`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::releasing::{ReleasingRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/zodiacal-releasing`: `birth_datetime` and a start are required, so is a body. An
/// answer for "now" (no `target_datetime`) is marked so it is not cached.
#[utoipa::path(
    post,
    path = "/v1/zodiacal-releasing",
    tag = "Calculation",
    summary = "Zodiacal releasing: the periods running at a date, levels 1 to 4",
    request_body = orrery_api::releasing::ReleasingRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::releasing::ReleasingResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn zodiacal_releasing(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<ReleasingRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now())?;
    let used_now = input.used_now;
    state
        .calculate_json(input, used_now, move |_eph, input| Ok(compute(input)?))
        .await
}
