use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use orrery_api::aspects::{AspectSource, AspectsRequest, compute};

use crate::app::AppState;
use crate::caching::UsedNow;
use crate::error::ApiError;
use crate::json::OptionalJsonBody;

/// `POST /v1/aspects`; an empty body means the planets now (not cacheable).
pub(crate) async fn aspects(
    State(state): State<AppState>,
    OptionalJsonBody(request): OptionalJsonBody<AspectsRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now())?;
    let used_now = matches!(input.source, AspectSource::Instant { used_now: true, .. });
    let body = state
        .calculate(move |eph| compute(eph, &input).map_err(ApiError::from))
        .await?;
    let mut response = Json(body).into_response();
    if used_now {
        response.extensions_mut().insert(UsedNow);
    }
    Ok(response)
}
