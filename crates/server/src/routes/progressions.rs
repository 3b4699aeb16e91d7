//! `POST /v1/progressions`: progressed positions at an age, or the events of a span of ages (see
//! `orrery_api::progressions`).

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use orrery_api::progressions::{ProgressionsRequest, compute};

use crate::app::AppState;
use crate::caching::UsedNow;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates, then computes on the calculation pool. A snapshot without `age_years`, `at` or a
/// window is taken now and is not cacheable.
pub(crate) async fn progressions(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<ProgressionsRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now())?;
    let used_now = input.used_now();
    let body = state
        .calculate(move |eph| compute(eph, &input).map_err(ApiError::from))
        .await?;
    let mut response = Json(body).into_response();
    if used_now {
        response.extensions_mut().insert(UsedNow);
    }
    Ok(response)
}
