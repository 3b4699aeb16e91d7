//! `POST /v1/transits`: snapshot and window transits (see `orrery_api::transits`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::transits::{TransitsInput, TransitsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates (the bounds on the work first, before any calculation), then computes on the pool.
#[utoipa::path(
    post,
    path = "/v1/transits",
    tag = "Calculation",
    summary = "Transits to a natal chart: a snapshot, or every exact aspect in a window",
    request_body = orrery_api::transits::TransitsRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::transits::TransitsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn transits(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<TransitsRequest>,
) -> Result<Response, ApiError> {
    let input = TransitsInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
