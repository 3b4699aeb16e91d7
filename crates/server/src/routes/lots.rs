//! `POST /v1/lots` (see `orrery_api::lots`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::lots::{LotsInput, LotsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/lots`: `natal` or `positions` is required.
#[utoipa::path(
    post,
    path = "/v1/lots",
    tag = "Calculation",
    summary = "Classical lots (Fortune, Spirit, ...) with the day/night rule",
    request_body = orrery_api::lots::LotsRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::lots::LotsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn lots(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<LotsRequest>,
) -> Result<Response, ApiError> {
    let input = LotsInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
