use axum::extract::State;
use axum::response::Response;
use orrery_api::radix::{RadixInput, RadixRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/radix`
#[utoipa::path(
    post,
    path = "/v1/radix",
    tag = "Calculation",
    summary = "A natal chart: planets, houses, angles and aspects",
    request_body = orrery_api::radix::RadixRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::radix::RadixResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn radix(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<RadixRequest>,
) -> Result<Response, ApiError> {
    let input = RadixInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
