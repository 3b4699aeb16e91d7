//! One file per endpoint.

use axum::Router;
use axum::routing::get;

use crate::app::AppState;

pub(crate) mod health;
pub(crate) mod me;
pub(crate) mod planets;

/// The deterministic calculation endpoints: authenticated, rate-limited and HTTP-cached.
pub(crate) fn calculation_routes() -> Router<AppState> {
    Router::new().route("/v1/planets", get(planets::planets))
}
