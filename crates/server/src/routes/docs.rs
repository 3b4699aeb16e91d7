//! `GET /docs`: the API reference, Swagger UI over `/v1/openapi.json`, with the demo key filled
//! in, and the pages beside it (`/docs/getting-started`, `/docs/errors`, `/docs/changelog`).
//! Swagger UI's files are vendored from the npm package `swagger-ui-dist`
//! (`src/docs/swagger-ui/PROVENANCE.md`, written by `src/docs/vendor-swagger-ui`, which also
//! writes the bundle's compressed forms) and embedded in the binary: no CDN, and it works
//! offline. The pages run under the same strict Content-Security-Policy as the playground.
//!
//! Why Swagger UI and not Scalar: `@scalar/api-reference` 1.46 (which has search and code
//! samples built in) is a 3.57 MB script, 0.99 MB gzipped on its own, that injects `<style>`
//! elements (the policy would need `style-src 'unsafe-inline'`) and loads its fonts from
//! `fonts.scalar.com` by default. Swagger UI 5 is 1.73 MB, 0.36 MB in Brotli, runs under the
//! strict policy, and its plugin interface gives the search over summaries (`docs.js`); the
//! code samples are written into each operation's description by `openapi.rs`.

use axum::Router;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;

use super::assets::{CSS, JAVASCRIPT, PLAIN_TEXT, StaticFile, get_file, with_policy};
use crate::app::AppState;

const PAGE: &str = include_str!("../docs/index.html");

static INITIALIZER: StaticFile = StaticFile::new(JAVASCRIPT, include_str!("../docs/docs.js"));
static PAGE_CSS: StaticFile = StaticFile::new(CSS, include_str!("../docs/docs.css"));
static BUNDLE: StaticFile = StaticFile::precompressed(
    JAVASCRIPT,
    include_str!("../docs/swagger-ui/swagger-ui-bundle.js"),
    include_bytes!("../docs/swagger-ui/swagger-ui-bundle.js.br"),
    include_bytes!("../docs/swagger-ui/swagger-ui-bundle.js.gz"),
);
static BUNDLE_CSS: StaticFile = StaticFile::precompressed(
    CSS,
    include_str!("../docs/swagger-ui/swagger-ui.css"),
    include_bytes!("../docs/swagger-ui/swagger-ui.css.br"),
    include_bytes!("../docs/swagger-ui/swagger-ui.css.gz"),
);
static LICENSE: StaticFile =
    StaticFile::new(PLAIN_TEXT, include_str!("../docs/swagger-ui/LICENSE"));
static NOTICE: StaticFile = StaticFile::new(PLAIN_TEXT, include_str!("../docs/swagger-ui/NOTICE"));
static BUNDLED_LICENSES: StaticFile = StaticFile::new(
    PLAIN_TEXT,
    include_str!("../docs/swagger-ui/swagger-ui-bundle.js.LICENSE.txt"),
);

/// The reference page with the demo key and the name of the key's security scheme filled in,
/// as the content of `<meta>` elements (escaped like the playground's).
pub(crate) fn render(demo_key: &str) -> String {
    PAGE.replace("{{DEMO_KEY}}", &super::markdown::escape(demo_key))
        .replace("{{KEY_SCHEME}}", crate::openapi::API_KEY_SCHEME)
}

/// The page, its files, the pages beside it and Swagger UI's licences (Apache-2.0 asks that
/// they travel with it).
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
        .merge(super::error_codes::router())
        .merge(super::guides::router())
}

async fn docs(State(state): State<AppState>) -> Response {
    with_policy(Html(state.docs_page().to_owned()).into_response())
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    #[test]
    fn the_compressed_bundle_is_the_bundle() {
        for file in [&BUNDLE, &BUNDLE_CSS] {
            let (brotli, gzip) = file.ready().unwrap();
            let mut back = Vec::new();
            brotli::Decompressor::new(brotli, 4096)
                .read_to_end(&mut back)
                .unwrap();
            assert_eq!(back, file.body().as_bytes());
            let mut back = Vec::new();
            flate2::read::GzDecoder::new(gzip)
                .read_to_end(&mut back)
                .unwrap();
            assert_eq!(back, file.body().as_bytes());
        }
    }

    #[test]
    fn the_key_and_its_scheme_are_filled_in() {
        let page = render("orr_test_\"x");
        assert!(page.contains(r#"<meta name="orrery-demo-key" content="orr_test_&quot;x">"#));
        assert!(page.contains(r#"<meta name="orrery-key-scheme" content="api_key">"#));
        assert!(!page.contains("{{"));
    }
}
