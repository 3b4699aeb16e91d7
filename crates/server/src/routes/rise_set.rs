//! `POST /v1/rise-transit-set`: rise, transit and set times (see `orrery_api::rise_set`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::rise_set::{RiseSetInput, RiseSetRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates (the window and the number of bodies bound the work), then computes on the pool.
/// `datetime` is required, so the answer never depends on "now" and is cacheable.
#[utoipa::path(
    post,
    path = "/v1/rise-transit-set",
    tag = "Calculation",
    summary = "Rise, upper and lower transit and set times",
    request_body = orrery_api::rise_set::RiseSetRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::rise_set::RiseSetResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn rise_transit_set(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<RiseSetRequest>,
) -> Result<Response, ApiError> {
    let input = RiseSetInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
