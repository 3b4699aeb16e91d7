//! `POST /v1/antiscia` (see `orrery_api::antiscia`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::antiscia::{AntisciaInput, AntisciaRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/antiscia`: `datetime` is required, so is a body.
pub(crate) async fn antiscia(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<AntisciaRequest>,
) -> Result<Response, ApiError> {
    let input = AntisciaInput::try_from(&request)?;
    state
        .calculate_json(false, move |eph| Ok(compute(eph, &input)?))
        .await
}
