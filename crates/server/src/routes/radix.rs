use axum::Json;
use axum::extract::State;
use orrery_api::radix::{RadixInput, RadixRequest, RadixResponse, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/radix`
pub(crate) async fn radix(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<RadixRequest>,
) -> Result<Json<RadixResponse>, ApiError> {
    let input = RadixInput::try_from(&request)?;
    let response = state
        .calculate(move |eph| compute(eph, &request, &input).map_err(ApiError::from))
        .await?;
    Ok(Json(response))
}
