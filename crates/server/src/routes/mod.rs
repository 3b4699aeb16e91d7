//! One file per endpoint.

use std::collections::BTreeMap;

use axum::Router;
use orrery_api::endpoint::{CostClass, Endpoint};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

use crate::app::AppState;

pub(crate) mod antiscia;
pub(crate) mod aspects;
pub(crate) mod assets;
pub(crate) mod cartography;
pub(crate) mod catalog;
pub(crate) mod chart_wheel;
pub(crate) mod dignities;
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
pub(crate) mod panchanga;
pub(crate) mod places;
pub(crate) mod planets;
pub(crate) mod playground;
pub(crate) mod progressions;
pub(crate) mod radix;
pub(crate) mod relationship;
pub(crate) mod releasing;
pub(crate) mod returns;
pub(crate) mod rise_set;
pub(crate) mod time_lords;
pub(crate) mod timezone;
pub(crate) mod transits;
pub(crate) mod vedic;

/// The deterministic calculation endpoints: authenticated, rate-limited and HTTP-cached.
///
/// Each endpoint is declared once, by its handler: `routes!` reads the handler's
/// `#[utoipa::path]` for both the route (method and path) and the OpenAPI operation, so the
/// router and the document cannot drift apart. It is registered with the type that declares its
/// cost class in its `api` module (its validated input; see `orrery_api::endpoint`), so that the
/// admission layer knows the lane of every route before the body is read.
/// Its playground example, request and answer, is found by method and path in
/// `playground/examples.json` (see `openapi::PlaygroundExamples`).
pub(crate) fn calculation_endpoints() -> Endpoints {
    use orrery_api as api;
    Endpoints::default()
        .add::<api::planets::PlanetsInput>(routes!(planets::planets))
        .add::<api::aspects::AspectsInput>(routes!(aspects::aspects))
        .add::<api::radix::RadixInput>(routes!(radix::radix))
        .add::<api::cartography::AcgLinesInput>(routes!(cartography::acg_lines))
        .add::<api::cartography::AcgNearInput>(routes!(cartography::acg_near))
        .add::<api::returns::ReturnsInput>(routes!(returns::returns))
        .add::<api::returns::ReturnsInput>(routes!(returns::mercury_return))
        .add::<api::transits::TransitsInput>(routes!(transits::transits))
        .add::<api::rise_set::RiseSetInput>(routes!(rise_set::rise_transit_set))
        .add::<api::heliacal::HeliacalInput>(routes!(heliacal::heliacal))
        .add::<api::ephemeris::EphemerisInput>(routes!(ephemeris::ephemeris))
        .add::<api::progressions::ProgressionsInput>(routes!(progressions::progressions))
        .add::<api::directions::DirectionsRequestInput>(routes!(directions::primary_directions))
        .add::<api::nodes_apsides::NodesApsidesInput>(routes!(nodes_apsides::nodes_apsides))
        .add::<api::antiscia::AntisciaInput>(routes!(antiscia::antiscia))
        .add::<api::midpoints::MidpointsInput>(routes!(midpoints::midpoints))
        .add::<api::lots::LotsInput>(routes!(lots::lots))
        .add::<api::dignities::DignitiesInput>(routes!(dignities::dignities))
        .add::<api::time_lords::TimeLordsInput>(routes!(time_lords::time_lords))
        .add::<api::vedic::VedicInput>(routes!(vedic::vedic))
        .add::<api::panchanga::PanchangaInput>(routes!(panchanga::panchanga))
        .add::<api::relationship::RelationshipInput>(routes!(relationship::relationship))
        .add::<api::releasing::ReleasingInput>(routes!(releasing::zodiacal_releasing))
        .add::<api::catalog::Catalogue>(routes!(catalog::bodies))
        .add::<api::catalog::Catalogue>(routes!(catalog::house_systems))
        .add::<api::catalog::Catalogue>(routes!(catalog::ayanamsas))
        .add::<api::catalog::Catalogue>(routes!(catalog::aspects))
        .add::<api::catalog::Catalogue>(routes!(catalog::orb_presets))
        .add::<api::catalog::Catalogue>(routes!(catalog::presets))
        .add::<api::catalog::Catalogue>(routes!(catalog::fixed_stars))
        .add::<api::catalog::Catalogue>(routes!(catalog::dignity_schemes))
        .add::<api::places::PlacesInput>(routes!(places::places))
        .add::<api::places::PlaceDto>(routes!(places::place))
        .add::<api::timezone::TimezoneQuery>(routes!(timezone::timezone))
        .add::<api::events::EventsInput>(routes!(events::events))
        .add::<api::fixed_stars::FixedStarsInput>(routes!(fixed_stars::fixed_stars))
        .add::<api::chart_wheel::ChartWheelInput>(routes!(chart_wheel::chart_wheel))
        .add::<api::ephemeris_graph::EphemerisGraphInput>(routes!(ephemeris_graph::ephemeris_graph))
}

/// The calculation endpoints' routes and operations, as `openapi::document` merges them.
pub(crate) fn calculation_api() -> OpenApiRouter<AppState> {
    calculation_endpoints().api
}

/// The class of every authenticated route `app` serves: the calculation endpoints' (`costs`)
/// and that of `/v1/me`, which `app` routes itself.
pub(crate) fn with_account_routes(mut costs: RouteCosts) -> RouteCosts {
    costs.declare::<me::Me>("/v1/me");
    costs
}

/// Routes registered each with the type that declares its endpoint ([`Endpoint`]), and the
/// cost class of every route they hold.
#[derive(Default)]
pub(crate) struct Endpoints {
    api: OpenApiRouter<AppState>,
    costs: RouteCosts,
}

impl Endpoints {
    /// Adds the route (or routes) of a handler, with the cost class `E` declares.
    fn add<E: Endpoint>(mut self, route: UtoipaMethodRouter<AppState>) -> Self {
        for path in route.1.paths.keys() {
            self.costs.0.insert(path.clone(), E::COST);
        }
        self.api = self.api.routes(route);
        self
    }

    /// The router, and the cost class of each of its routes.
    pub(crate) fn into_parts(self) -> (Router<AppState>, RouteCosts) {
        (self.api.split_for_parts().0, self.costs)
    }
}

/// The cost class of each authenticated route, by its route template (`/v1/places/{place_id}`),
/// as the endpoints declare them: what the admission layer reads before the body
/// (`compute::admit`).
#[derive(Debug, Clone, Default)]
pub(crate) struct RouteCosts(BTreeMap<String, CostClass>);

impl RouteCosts {
    /// The class of a matched route; `None` for a route no endpoint declared.
    pub(crate) fn of(&self, route: &str) -> Option<CostClass> {
        self.0.get(route).copied()
    }

    /// Declares the class of a route routed outside [`Endpoints`] (`/v1/me`), as `E` declares
    /// it.
    pub(crate) fn declare<E: Endpoint>(&mut self, route: &str) {
        self.0.insert(route.to_owned(), E::COST);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route_costs() -> RouteCosts {
        with_account_routes(calculation_endpoints().into_parts().1)
    }

    /// Walks every route of the OpenAPI document (which a test of `openapi` checks against the
    /// router): each authenticated one has the cost class its endpoint declares, so the
    /// admission layer never falls back on a guess, and no class is declared for a route that
    /// is not served.
    #[test]
    fn every_authenticated_route_has_a_declared_cost_class() {
        let costs = route_costs();
        let document = serde_json::to_value(crate::openapi::document()).unwrap();
        let paths = document["paths"].as_object().unwrap();
        for (path, item) in paths {
            let authenticated = item
                .as_object()
                .unwrap()
                .values()
                .any(|operation| operation.get("security").is_some());
            assert_eq!(
                costs.of(path).is_some(),
                authenticated,
                "{path}: an authenticated route needs a cost class, a public one has none"
            );
        }
        for route in costs.0.keys() {
            assert!(
                paths.contains_key(route),
                "{route} is declared but not served"
            );
        }
    }

    /// The lane of every route, under a snapshot: a change of lane (a new endpoint's, or a
    /// declaration changed) shows up in review.
    #[test]
    fn the_lanes_of_the_routes() {
        let lanes: Vec<String> = route_costs()
            .0
            .iter()
            .map(|(route, cost)| format!("{route}: {cost:?}"))
            .collect();
        insta::assert_snapshot!(lanes.join("\n"));
    }
}
