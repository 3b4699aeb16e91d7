//! `POST /v1/progressions` (see `orrery_api::progressions`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::progressions::{ProgressionsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// A snapshot with neither `age_years` nor `at` is taken now, and is then not cacheable.
#[utoipa::path(
    post,
    path = "/v1/progressions",
    tag = "Calculation",
    summary = "Secondary, tertiary, minor and solar-arc progressions: a snapshot or a window",
    request_body = orrery_api::progressions::ProgressionsRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::progressions::ProgressionsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn progressions(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<ProgressionsRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now())?;
    let used_now = input.used_now();
    state
        .calculate_json(input, used_now, move |eph, input| Ok(compute(eph, input)?))
        .await
}
