//! `POST /v1/fixed-stars`: star positions and a natal chart's conjunctions with them (see
//! `orrery_api::fixed_stars`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::fixed_stars::{FixedStarsInput, FixedStarsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates, then computes on the heavy lane.
#[utoipa::path(
    post,
    path = "/v1/fixed-stars",
    tag = "Calculation",
    summary = "Fixed stars: positions, magnitudes and constellations, and a natal chart's conjunctions",
    request_body = orrery_api::fixed_stars::FixedStarsRequest,
    responses(
        (status = 200, description = "The result.", body = orrery_api::fixed_stars::FixedStarsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn fixed_stars(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<FixedStarsRequest>,
) -> Result<Response, ApiError> {
    let input = FixedStarsInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
