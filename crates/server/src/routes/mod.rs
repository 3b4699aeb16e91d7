//! One file per endpoint.

use axum::Router;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;

pub(crate) mod antiscia;
pub(crate) mod aspects;
pub(crate) mod assets;
pub(crate) mod cartography;
pub(crate) mod catalog;
pub(crate) mod chart_wheel;
pub(crate) mod directions;
pub(crate) mod docs;
pub(crate) mod ephemeris;
pub(crate) mod ephemeris_graph;
pub(crate) mod error_codes;
pub(crate) mod events;
pub(crate) mod fixed_stars;
pub(crate) mod guides;
pub(crate) mod health;
pub(crate) mod heliacal;
pub(crate) mod lots;
pub(crate) mod markdown;
pub(crate) mod me;
pub(crate) mod midpoints;
pub(crate) mod nodes_apsides;
pub(crate) mod places;
pub(crate) mod planets;
pub(crate) mod playground;
pub(crate) mod progressions;
pub(crate) mod radix;
pub(crate) mod relationship;
pub(crate) mod releasing;
pub(crate) mod returns;
pub(crate) mod rise_set;
pub(crate) mod timezone;
pub(crate) mod transits;
pub(crate) mod vedic;

/// The deterministic calculation endpoints: authenticated, rate-limited and HTTP-cached.
///
/// Each endpoint is declared once, by its handler: `routes!` reads the handler's
/// `#[utoipa::path]` for both the route (method and path) and the OpenAPI operation, so the
/// router and the document cannot drift apart. Its playground example, request and answer, is
/// found by method and path in `playground/examples.json` (see `openapi::PlaygroundExamples`).
pub(crate) fn calculation_api() -> OpenApiRouter<AppState> {
    OpenApiRouter::default()
        .routes(routes!(planets::planets))
        .routes(routes!(aspects::aspects))
        .routes(routes!(radix::radix))
        .routes(routes!(cartography::acg_lines))
        .routes(routes!(cartography::acg_near))
        .routes(routes!(returns::returns))
        .routes(routes!(returns::mercury_return))
        .routes(routes!(transits::transits))
        .routes(routes!(rise_set::rise_transit_set))
        .routes(routes!(heliacal::heliacal))
        .routes(routes!(ephemeris::ephemeris))
        .routes(routes!(progressions::progressions))
        .routes(routes!(directions::primary_directions))
        .routes(routes!(nodes_apsides::nodes_apsides))
        .routes(routes!(antiscia::antiscia))
        .routes(routes!(midpoints::midpoints))
        .routes(routes!(lots::lots))
        .routes(routes!(vedic::vedic))
        .routes(routes!(relationship::relationship))
        .routes(routes!(releasing::zodiacal_releasing))
        .routes(routes!(catalog::bodies))
        .routes(routes!(catalog::house_systems))
        .routes(routes!(catalog::ayanamsas))
        .routes(routes!(catalog::aspects))
        .routes(routes!(catalog::orb_presets))
        .routes(routes!(catalog::presets))
        .routes(routes!(catalog::fixed_stars))
        .routes(routes!(places::places))
        .routes(routes!(places::place))
        .routes(routes!(timezone::timezone))
        .routes(routes!(events::events))
        .routes(routes!(fixed_stars::fixed_stars))
        .routes(routes!(chart_wheel::chart_wheel))
        .routes(routes!(ephemeris_graph::ephemeris_graph))
}

/// The router of [`calculation_api`], as `app` mounts it behind authentication and caching.
pub(crate) fn calculation_routes() -> Router<AppState> {
    calculation_api().split_for_parts().0
}
