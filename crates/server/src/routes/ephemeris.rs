//! `POST /v1/ephemeris`: time series of positions (see `orrery_api::ephemeris`).

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use orrery_api::ephemeris::{EphemerisInput, EphemerisRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates (the sample count first, before any calculation), computes on the calculation
/// pool and writes the JSON there too: a full series is several megabytes, which should not be
/// serialised on an async thread.
pub(crate) async fn ephemeris(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<EphemerisRequest>,
) -> Result<Response, ApiError> {
    let input = EphemerisInput::try_from(&request)?;
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
