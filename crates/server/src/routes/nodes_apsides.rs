//! `POST /v1/nodes-apsides` (see `orrery_api::nodes_apsides`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::nodes_apsides::{NodesApsidesInput, NodesApsidesRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/nodes-apsides`: `datetime` is required, so is a body.
#[utoipa::path(
    post,
    path = "/v1/nodes-apsides",
    tag = "Calculation",
    summary = "Nodes and apsides of planets and asteroids",
    request_body = orrery_api::nodes_apsides::NodesApsidesRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::nodes_apsides::NodesApsidesResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn nodes_apsides(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<NodesApsidesRequest>,
) -> Result<Response, ApiError> {
    let input = NodesApsidesInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
