//! `POST /v1/dignities` (see `orrery_api::dignities`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::dignities::{DignitiesInput, DignitiesRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/dignities`: the essential dignities, condition, receptions, dispositors,
/// almutens and planetary hour of a birth under a named scheme.
#[utoipa::path(
    post,
    path = "/v1/dignities",
    tag = "Calculation",
    summary = "Essential dignities under a named scheme, sect and condition, receptions, almutens, planetary hour",
    request_body = orrery_api::dignities::DignitiesRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::dignities::DignitiesResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn dignities(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<DignitiesRequest>,
) -> Result<Response, ApiError> {
    let input = DignitiesInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
