//! `POST /v1/antiscia` (see `orrery_api::antiscia`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::antiscia::{AntisciaInput, AntisciaRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/antiscia`: `datetime` is required, so is a body.
#[utoipa::path(
    post,
    path = "/v1/antiscia",
    tag = "Calculation",
    summary = "Antiscia and contra-antiscia, and the pairs of bodies in them",
    request_body = orrery_api::antiscia::AntisciaRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::antiscia::AntisciaResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn antiscia(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<AntisciaRequest>,
) -> Result<Response, ApiError> {
    let input = AntisciaInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
