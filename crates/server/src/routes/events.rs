//! `POST /v1/events`: the sky's calendar between two instants (see `orrery_api::events`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::events::{EventsInput, EventsRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// Validates (the window against its types' limit first, before any calculation), then
/// computes on the heavy lane.
#[utoipa::path(
    post,
    path = "/v1/events",
    tag = "Calculation",
    summary = "The sky's calendar: ingresses, stations, retrograde periods, lunations, void of course, aspects, eclipses, apsides",
    request_body = orrery_api::events::EventsRequest,
    responses(
        (status = 200, description = "The events, sorted by time.", body = orrery_api::events::EventsResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn events(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<EventsRequest>,
) -> Result<Response, ApiError> {
    let input = EventsInput::try_from(&request)?;
    state
        .calculate_json(input, false, move |eph, input| Ok(compute(eph, input)?))
        .await
}
