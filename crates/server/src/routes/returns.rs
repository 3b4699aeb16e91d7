//! `POST /v1/returns` and its alias `POST /v1/mercury-return` (see `orrery_api::returns`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::returns::{ReturnsEndpoint, ReturnsInput, ReturnsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::{JsonBody, OptionalJsonBody};

/// `POST /v1/returns`: a body is required (`planet` and the natal data are).
#[utoipa::path(
    post,
    path = "/v1/returns",
    tag = "Calculation",
    summary = "The next returns of bodies to their natal longitude (plus a target angle), with the return charts",
    request_body = orrery_api::returns::ReturnsRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::returns::ReturnsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
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
#[utoipa::path(
    post,
    path = "/v1/mercury-return",
    tag = "Calculation",
    summary = "`/v1/returns` with the planet fixed to Mercury",
    request_body(content = Option<orrery_api::returns::ReturnsRequest>, description = "May be left out as a whole."),
    responses(
        (status = 200, description = "The result.", body = orrery_api::returns::ReturnsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
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
        .calculate_json(input, used_now, move |eph, input| Ok(compute(eph, input)?))
        .await
}
