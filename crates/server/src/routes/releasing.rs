//! `POST /v1/zodiacal-releasing` (see `orrery_api::releasing`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::releasing::{ReleasingRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/zodiacal-releasing`: `birth_datetime` and a start are required, so is a body. An
/// answer for "now" (no `target_datetime`) is marked so it is not cached.
pub(crate) async fn zodiacal_releasing(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<ReleasingRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now())?;
    let used_now = input.used_now;
    state
        .calculate_json(used_now, move |_eph| Ok(compute(&input)?))
        .await
}
