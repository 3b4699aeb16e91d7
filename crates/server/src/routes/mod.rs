//! One file per endpoint.

use axum::Router;

use crate::app::AppState;

pub(crate) mod health;
pub(crate) mod me;

/// The deterministic calculation endpoints: authenticated, rate-limited and HTTP-cached.
pub(crate) fn calculation_routes() -> Router<AppState> {
    Router::new()
}
