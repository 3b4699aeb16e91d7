use axum::extract::State;
use axum::response::Response;
use orrery_api::aspects::{AspectSource, AspectsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::OptionalJsonBody;

/// `POST /v1/aspects`; an empty body means the planets now (not cacheable).
pub(crate) async fn aspects(
    State(state): State<AppState>,
    OptionalJsonBody(request): OptionalJsonBody<AspectsRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now())?;
    let used_now = matches!(input.source, AspectSource::Instant { used_now: true, .. });
    state
        .calculate_json(used_now, move |eph| Ok(compute(eph, &input)?))
        .await
}
