//! `POST /v1/midpoints` (see `orrery_api::midpoints`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::midpoints::{MidpointsInput, MidpointsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/midpoints`: `natal` or `positions` is required.
#[utoipa::path(
    post,
    path = "/v1/midpoints",
    tag = "Calculation",
    summary = "Midpoints, and the points standing on them",
    request_body = orrery_api::midpoints::MidpointsRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::midpoints::MidpointsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn midpoints(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<MidpointsRequest>,
) -> Result<Response, ApiError> {
    let input = MidpointsInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
