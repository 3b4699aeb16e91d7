use axum::extract::State;
use axum::response::Response;
use orrery_api::cartography::{
    AcgLinesInput, AcgNearInput, AcgRequest, compute_lines, compute_near,
};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/acg-lines`
pub(crate) async fn acg_lines(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<AcgRequest>,
) -> Result<Response, ApiError> {
    let input = AcgLinesInput::try_from(&request)?;
    state
        .calculate_json(false, move |eph| Ok(compute_lines(eph, &request, &input)?))
        .await
}

/// `POST /v1/acg-near`
pub(crate) async fn acg_near(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<AcgRequest>,
) -> Result<Response, ApiError> {
    let input = AcgNearInput::try_from(&request)?;
    state
        .calculate_json(false, move |eph| Ok(compute_near(eph, &request, &input)?))
        .await
}
