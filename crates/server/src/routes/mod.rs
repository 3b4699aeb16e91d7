//! One file per endpoint.

use axum::Router;
use axum::routing::{get, post};

use crate::app::AppState;

pub(crate) mod antiscia;
pub(crate) mod aspects;
pub(crate) mod cartography;
pub(crate) mod catalog;
pub(crate) mod directions;
pub(crate) mod docs;
pub(crate) mod ephemeris;
pub(crate) mod health;
pub(crate) mod heliacal;
pub(crate) mod lots;
pub(crate) mod me;
pub(crate) mod midpoints;
pub(crate) mod nodes_apsides;
pub(crate) mod planets;
pub(crate) mod playground;
pub(crate) mod progressions;
pub(crate) mod radix;
pub(crate) mod relationship;
pub(crate) mod releasing;
pub(crate) mod returns;
pub(crate) mod rise_set;
pub(crate) mod transits;
pub(crate) mod vedic;

/// The deterministic calculation endpoints: authenticated, rate-limited and HTTP-cached.
pub(crate) fn calculation_routes() -> Router<AppState> {
    Router::new()
        .route("/v1/planets", get(planets::planets))
        .route("/v1/aspects", post(aspects::aspects))
        .route("/v1/radix", post(radix::radix))
        .route("/v1/acg-lines", post(cartography::acg_lines))
        .route("/v1/acg-near", post(cartography::acg_near))
        .route("/v1/returns", post(returns::returns))
        .route("/v1/mercury-return", post(returns::mercury_return))
        .route("/v1/transits", post(transits::transits))
        .route("/v1/rise-transit-set", post(rise_set::rise_transit_set))
        .route("/v1/heliacal", post(heliacal::heliacal))
        .route("/v1/ephemeris", post(ephemeris::ephemeris))
        .route("/v1/progressions", post(progressions::progressions))
        .route(
            "/v1/primary-directions",
            post(directions::primary_directions),
        )
        .route("/v1/nodes-apsides", post(nodes_apsides::nodes_apsides))
        .route("/v1/antiscia", post(antiscia::antiscia))
        .route("/v1/midpoints", post(midpoints::midpoints))
        .route("/v1/lots", post(lots::lots))
        .route("/v1/vedic", post(vedic::vedic))
        .route("/v1/relationship", post(relationship::relationship))
        .route(
            "/v1/zodiacal-releasing",
            post(releasing::zodiacal_releasing),
        )
        .route("/v1/catalog/bodies", get(catalog::bodies))
        .route("/v1/catalog/house-systems", get(catalog::house_systems))
        .route("/v1/catalog/ayanamsas", get(catalog::ayanamsas))
        .route("/v1/catalog/aspects", get(catalog::aspects))
        .route("/v1/catalog/orb-presets", get(catalog::orb_presets))
        .route("/v1/catalog/fixed-stars", get(catalog::fixed_stars))
}
