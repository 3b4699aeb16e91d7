//! `POST /v1/primary-directions` (see `orrery_api::directions`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::directions::{DirectionsRequest, DirectionsRequestInput, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/primary-directions`: `birth` is required.
#[utoipa::path(
    post,
    path = "/v1/primary-directions",
    tag = "Calculation",
    summary = "Primary directions by the Placidus semi-arc method",
    request_body = orrery_api::directions::DirectionsRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::directions::DirectionsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn primary_directions(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<DirectionsRequest>,
) -> Result<Response, ApiError> {
    let input = DirectionsRequestInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| {
            Ok(compute(eph, &request, input)?)
        })
        .await
}
