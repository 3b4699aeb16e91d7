use axum::extract::State;
use axum::response::Response;
use orrery_api::cartography::{
    AcgLinesInput, AcgNearInput, AcgRequest, compute_lines, compute_near,
};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/acg-lines`
#[utoipa::path(
    post,
    path = "/v1/acg-lines",
    tag = "Cartography",
    summary = "Astro-cartography lines (MC, IC, AC, DC and aspect lines) of a birth",
    request_body = orrery_api::cartography::AcgRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::cartography::AcgLinesResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn acg_lines(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<AcgRequest>,
) -> Result<Response, ApiError> {
    let input = AcgLinesInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| {
            Ok(compute_lines(eph, &request, input)?)
        })
        .await
}

/// `POST /v1/acg-near`
#[utoipa::path(
    post,
    path = "/v1/acg-near",
    tag = "Cartography",
    summary = "Astro-cartography lines rated by their distance from a place, nearest first",
    request_body = orrery_api::cartography::AcgRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::cartography::AcgNearResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn acg_near(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<AcgRequest>,
) -> Result<Response, ApiError> {
    let input = AcgNearInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| {
            Ok(compute_near(eph, &request, input)?)
        })
        .await
}
