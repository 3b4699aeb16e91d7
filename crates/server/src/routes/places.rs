//! `GET /v1/places` and `GET /v1/places/{place_id}`: the offline atlas (see
//! `orrery_api::places`, docs/ATLAS.md).

use axum::extract::{Path, State};
use axum::response::Response;
use orrery_api::places::{PlacesInput, PlacesQuery, place_by_id, search};

use crate::app::{AppState, RunOn};
use crate::error::ApiError;
use crate::json::QueryParams;

/// `GET /v1/places?q=graz&country=AT&limit=10`
#[utoipa::path(
    get,
    path = "/v1/places",
    tag = "Atlas",
    summary = "Search the offline atlas (GeoNames places of at least 1,000 inhabitants) by name or its beginning",
    params(orrery_api::places::PlacesQuery),
    responses(
        (status = 200, description = "The best matches: exact before prefix, then by population.", body = orrery_api::places::PlacesResponse),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn places(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<PlacesQuery>,
) -> Result<Response, ApiError> {
    let input = PlacesInput::try_from(&query)?;
    state.lookup_json(false, move |_| Ok(search(&input))).await
}

/// `GET /v1/places/{place_id}`
#[utoipa::path(
    get,
    path = "/v1/places/{place_id}",
    tag = "Atlas",
    summary = "One place of the atlas by its GeoNames id",
    params(("place_id" = u32, Path, description = "The GeoNames id (`2778067` is Graz).")),
    responses(
        (status = 200, description = "The place.", body = orrery_api::places::PlaceDto),
        (status = 404, description = "No place of the atlas has this id (`field`: `place_id`).", body = crate::error::ErrorObject),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn place(
    State(state): State<AppState>,
    Path(place_id): Path<String>,
) -> Result<Response, ApiError> {
    // A lookup by id in memory: less work than handing it to a calculation thread.
    state
        .calculate_json_on(RunOn::Here, false, move |_| Ok(place_by_id(&place_id)?))
        .await
}
