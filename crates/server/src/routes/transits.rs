//! `POST /v1/transits`: snapshot and window transits (see `orrery_api::transits`).

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use orrery_api::transits::{TransitsInput, TransitsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates (the bounds on the work first, before any calculation), computes on the
/// calculation pool and writes the JSON there too: a long window has tens of thousands of
/// events, which should not be serialised on an async thread.
pub(crate) async fn transits(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<TransitsRequest>,
) -> Result<Response, ApiError> {
    let input = TransitsInput::try_from(&request)?;
    let body = state
        .calculate(move |eph| {
            let response = compute(eph, &input)?;
            serde_json::to_vec(&response).map_err(ApiError::internal)
        })
        .await?;
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response())
}
