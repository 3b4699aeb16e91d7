//! The catalogue endpoints: names and descriptions of everything the API accepts.

use axum::Json;
use axum::extract::State;
use orrery_api::catalog::{
    self, AspectsCatalog, AyanamsasCatalog, BodiesCatalog, FixedStarsCatalog, HouseSystemsCatalog,
    OrbPresetsCatalog,
};

use crate::app::AppState;
use crate::error::ApiError;

pub(crate) async fn bodies() -> Json<BodiesCatalog> {
    Json(catalog::bodies())
}

pub(crate) async fn house_systems() -> Json<HouseSystemsCatalog> {
    Json(catalog::house_systems())
}

pub(crate) async fn aspects() -> Json<AspectsCatalog> {
    Json(catalog::aspects())
}

pub(crate) async fn orb_presets() -> Json<OrbPresetsCatalog> {
    Json(catalog::orb_presets())
}

pub(crate) async fn ayanamsas(
    State(state): State<AppState>,
) -> Result<Json<AyanamsasCatalog>, ApiError> {
    let catalog = state
        .calculate(|eph| catalog::ayanamsas(eph).map_err(ApiError::from))
        .await?;
    Ok(Json(catalog))
}

pub(crate) async fn fixed_stars(
    State(state): State<AppState>,
) -> Result<Json<FixedStarsCatalog>, ApiError> {
    let catalog = state
        .calculate(|eph| catalog::fixed_stars(eph).map_err(ApiError::from))
        .await?;
    Ok(Json(catalog))
}
