//! `POST /v1/relationship` (see `orrery_api::relationship`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::relationship::{RelationshipInput, RelationshipRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/relationship`
#[utoipa::path(
    post,
    path = "/v1/relationship",
    tag = "Partnership",
    summary = "Synastry, composite or Davison chart of two people",
    request_body = orrery_api::relationship::RelationshipRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::relationship::RelationshipResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn relationship(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<RelationshipRequest>,
) -> Result<Response, ApiError> {
    let input = RelationshipInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
