//! `GET /v1/timezone`: the zone of a point and its clock at a moment (see
//! `orrery_api::timezone`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::timezone::{TimezoneQuery, compute};

use crate::app::{AppState, RunOn};
use crate::error::ApiError;
use crate::json::QueryParams;

/// `GET /v1/timezone?latitude=47.07&longitude=15.44&datetime=1890-06-01T12:00`
#[utoipa::path(
    get,
    path = "/v1/timezone",
    tag = "Atlas",
    summary = "The time zone at a point and its UTC offset at a moment (now when left out)",
    params(orrery_api::timezone::TimezoneQuery),
    responses(
        (status = 200, description = "The zone and its clock; at sea the nautical zone (`at_sea: true`). Without `datetime` the answer is `Cache-Control: no-store`.", body = orrery_api::timezone::TimezoneResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn timezone(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<TimezoneQuery>,
) -> Result<Response, ApiError> {
    let now = state.now();
    let uses_now = query.uses_now();
    // One zone lookup (under 2 µs, `cargo bench -p orrery-bench --bench atlas`) and a few
    // offsets: less work than handing it to a calculation thread.
    state
        .calculate_json_on(RunOn::Here, uses_now, move |_| Ok(compute(&query, now)?))
        .await
}
