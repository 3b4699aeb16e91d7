//! `GET /docs`: the API reference, Swagger UI over `/v1/openapi.json`. Swagger UI's files are
//! vendored from the npm package `swagger-ui-dist` (`src/docs/swagger-ui/PROVENANCE.md`, written by
//! `src/docs/vendor-swagger-ui`) and embedded in the binary: no CDN, and it works offline. The
//! page runs under the same strict Content-Security-Policy as the playground.

use axum::Router;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;

use super::playground::{CSS, JAVASCRIPT, PLAIN_TEXT, StaticFile, get_file, with_policy};
use crate::app::AppState;

const PAGE: &str = include_str!("../docs/index.html");

static INITIALIZER: StaticFile = StaticFile::new(JAVASCRIPT, include_str!("../docs/docs.js"));
static PAGE_CSS: StaticFile = StaticFile::new(CSS, include_str!("../docs/docs.css"));
static BUNDLE: StaticFile = StaticFile::new(
    JAVASCRIPT,
    include_str!("../docs/swagger-ui/swagger-ui-bundle.js"),
);
static BUNDLE_CSS: StaticFile =
    StaticFile::new(CSS, include_str!("../docs/swagger-ui/swagger-ui.css"));
static LICENSE: StaticFile =
    StaticFile::new(PLAIN_TEXT, include_str!("../docs/swagger-ui/LICENSE"));
static NOTICE: StaticFile = StaticFile::new(PLAIN_TEXT, include_str!("../docs/swagger-ui/NOTICE"));
static BUNDLED_LICENSES: StaticFile = StaticFile::new(
    PLAIN_TEXT,
    include_str!("../docs/swagger-ui/swagger-ui-bundle.js.LICENSE.txt"),
);

/// The page, its files and Swagger UI's licences (Apache-2.0 asks that they travel with it).
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/docs", get(docs))
        .route("/docs/docs.js", get_file(&INITIALIZER))
        .route("/docs/docs.css", get_file(&PAGE_CSS))
        .route("/docs/swagger-ui-bundle.js", get_file(&BUNDLE))
        .route("/docs/swagger-ui.css", get_file(&BUNDLE_CSS))
        .route("/docs/swagger-ui/LICENSE", get_file(&LICENSE))
        .route("/docs/swagger-ui/NOTICE", get_file(&NOTICE))
        .route(
            "/docs/swagger-ui/swagger-ui-bundle.js.LICENSE.txt",
            get_file(&BUNDLED_LICENSES),
        )
}

async fn docs() -> Response {
    with_policy(Html(PAGE).into_response())
}
