use axum::extract::State;
use axum::response::Response;
use orrery_api::aspects::{AspectSource, AspectsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::OptionalJsonBody;

/// `POST /v1/aspects`; an empty body means the planets now (not cacheable).
#[utoipa::path(
    post,
    path = "/v1/aspects",
    tag = "Calculation",
    summary = "Aspects between positions, across two lists (synastry), or between the planets at an instant",
    request_body(content = Option<orrery_api::aspects::AspectsRequest>, description = "May be left out as a whole."),
    responses(
        (status = 200, description = "The result.", body = orrery_api::aspects::AspectsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn aspects(
    State(state): State<AppState>,
    OptionalJsonBody(request): OptionalJsonBody<AspectsRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now())?;
    let used_now = matches!(input.source, AspectSource::Instant { used_now: true, .. });
    state
        .calculate_json(input, used_now, move |eph, input| Ok(compute(eph, input)?))
        .await
}
