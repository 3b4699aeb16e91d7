//! `POST /v1/returns` and its alias `POST /v1/mercury-return` (see `orrery_api::returns`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::returns::{ReturnsEndpoint, ReturnsInput, ReturnsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::{JsonBody, OptionalJsonBody};

/// `POST /v1/returns`: a body is required (`planet` and the natal data are).
pub(crate) async fn returns(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<ReturnsRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now(), ReturnsEndpoint::Returns)?;
    respond(&state, input).await
}

/// `POST /v1/mercury-return`: `/v1/returns` with the planet fixed to Mercury. The body may be
/// left out as a whole (the spec says so); a return still needs natal data, so an empty body is
/// a 400 that says which fields are missing.
pub(crate) async fn mercury_return(
    State(state): State<AppState>,
    OptionalJsonBody(request): OptionalJsonBody<ReturnsRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now(), ReturnsEndpoint::MercuryReturn)?;
    respond(&state, input).await
}

/// Computes on the calculation pool and writes the JSON there too (fifty returns with their
/// charts are a large body). An answer from "now" is marked so it is not cached.
async fn respond(state: &AppState, input: ReturnsInput) -> Result<Response, ApiError> {
    let used_now = input.used_now;
    state
        .calculate_json(used_now, move |eph| Ok(compute(eph, &input)?))
        .await
}
