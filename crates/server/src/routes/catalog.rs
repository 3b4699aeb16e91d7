//! The catalogue endpoints: names and descriptions of everything the API accepts.

use axum::Json;
use axum::extract::State;
use orrery_api::catalog::{
    self, AspectsCatalog, AyanamsasCatalog, BodiesCatalog, FixedStarsCatalog, HouseSystemsCatalog,
    OrbPresetsCatalog,
};

use crate::app::AppState;
use crate::error::ApiError;

#[utoipa::path(
    get,
    path = "/v1/catalog/bodies",
    operation_id = "catalog_bodies",
    tag = "Catalog",
    summary = "The body names the API accepts",
    responses(
        (status = 200, description = "The result.", body = orrery_api::catalog::BodiesCatalog),
        crate::openapi::CatalogResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn bodies() -> Json<BodiesCatalog> {
    Json(catalog::bodies())
}

#[utoipa::path(
    get,
    path = "/v1/catalog/house-systems",
    operation_id = "catalog_house_systems",
    tag = "Catalog",
    summary = "The house systems",
    responses(
        (status = 200, description = "The result.", body = orrery_api::catalog::HouseSystemsCatalog),
        crate::openapi::CatalogResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn house_systems() -> Json<HouseSystemsCatalog> {
    Json(catalog::house_systems())
}

#[utoipa::path(
    get,
    path = "/v1/catalog/aspects",
    operation_id = "catalog_aspects",
    tag = "Catalog",
    summary = "The aspects and their categories",
    responses(
        (status = 200, description = "The result.", body = orrery_api::catalog::AspectsCatalog),
        crate::openapi::CatalogResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn aspects() -> Json<AspectsCatalog> {
    Json(catalog::aspects())
}

#[utoipa::path(
    get,
    path = "/v1/catalog/orb-presets",
    operation_id = "catalog_orb_presets",
    tag = "Catalog",
    summary = "The orb presets and their tables",
    responses(
        (status = 200, description = "The result.", body = orrery_api::catalog::OrbPresetsCatalog),
        crate::openapi::CatalogResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn orb_presets() -> Json<OrbPresetsCatalog> {
    Json(catalog::orb_presets())
}

#[utoipa::path(
    get,
    path = "/v1/catalog/presets",
    operation_id = "catalog_presets",
    tag = "Catalog",
    summary = "The presets: each peer program's conventions",
    responses(
        (status = 200, description = "The result.", body = orrery_api::presets::PresetsCatalog),
        crate::openapi::CatalogResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn presets() -> Json<orrery_api::presets::PresetsCatalog> {
    Json(orrery_api::presets::catalog())
}

#[utoipa::path(
    get,
    path = "/v1/catalog/ayanamsas",
    operation_id = "catalog_ayanamsas",
    tag = "Catalog",
    summary = "The ayanamsas (sidereal modes)",
    responses(
        (status = 200, description = "The result.", body = orrery_api::catalog::AyanamsasCatalog),
        crate::openapi::CatalogResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn ayanamsas(
    State(state): State<AppState>,
) -> Result<Json<AyanamsasCatalog>, ApiError> {
    let catalog = state
        .calculate(|eph| catalog::ayanamsas(eph).map_err(ApiError::from))
        .await?;
    Ok(Json(catalog))
}

#[utoipa::path(
    get,
    path = "/v1/catalog/fixed-stars",
    operation_id = "catalog_fixed_stars",
    tag = "Catalog",
    summary = "The fixed stars of the catalogue file",
    responses(
        (status = 200, description = "The result.", body = orrery_api::catalog::FixedStarsCatalog),
        crate::openapi::CatalogResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn fixed_stars(
    State(state): State<AppState>,
) -> Result<Json<FixedStarsCatalog>, ApiError> {
    let catalog = state
        .calculate(|eph| catalog::fixed_stars(eph).map_err(ApiError::from))
        .await?;
    Ok(Json(catalog))
}

#[utoipa::path(
    get,
    path = "/v1/catalog/dignity-schemes",
    operation_id = "catalog_dignity_schemes",
    tag = "Catalog",
    summary = "The schemes of essential dignity: every table with its source",
    responses(
        (status = 200, description = "The result.", body = orrery_api::dignities::DignitySchemesCatalog),
        crate::openapi::CatalogResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn dignity_schemes() -> Json<orrery_api::dignities::DignitySchemesCatalog> {
    Json(orrery_api::dignities::schemes_catalog())
}
