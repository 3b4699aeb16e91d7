//! `GET /playground`: a page to try every endpoint with the demo key, its script, styles and
//! examples, and `GET /`, which sends a visitor there. Public: the page carries nothing but the
//! demo key, which `orrery serve` prints at start anyway.
//!
//! The page and its files are served under a strict Content-Security-Policy (no inline script
//! or style, nothing from another origin), so each lives in a file of its own, embedded in the
//! binary. The page is rendered once at start with the demo key in a `<meta>` element.

use axum::Router;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;

use super::assets::{CSS, JAVASCRIPT, JSON, StaticFile, get_file, with_policy};
use crate::app::AppState;

/// One example request per endpoint, as the page offers them. The HTTP tests send every one and
/// expect a 200, so the examples cannot go stale.
pub(crate) const EXAMPLES_JSON: &str = include_str!("../playground/examples.json");

const PAGE: &str = include_str!("../playground/index.html");

static APP_JS: StaticFile = StaticFile::new(JAVASCRIPT, include_str!("../playground/app.js"));
static WHEEL_JS: StaticFile = StaticFile::new(JAVASCRIPT, include_str!("../playground/wheel.js"));
static PLACES_JS: StaticFile = StaticFile::new(JAVASCRIPT, include_str!("../playground/places.js"));
static APP_CSS: StaticFile = StaticFile::new(CSS, include_str!("../playground/app.css"));
static EXAMPLES: StaticFile = StaticFile::new(JSON, EXAMPLES_JSON);

/// The page with the demo key filled in, as the content of a `<meta>` element: escaped for an
/// HTML attribute, so nothing in the key can end the attribute or the element.
pub(crate) fn render(demo_key: &str) -> String {
    PAGE.replace("{{DEMO_KEY}}", &super::markdown::escape(demo_key))
}

/// `/`, the page's files and its examples. (`/playground` itself is in the public router.)
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(root))
        .route("/playground/app.js", get_file(&APP_JS))
        .route("/playground/wheel.js", get_file(&WHEEL_JS))
        .route("/playground/places.js", get_file(&PLACES_JS))
        .route("/playground/app.css", get_file(&APP_CSS))
        .route("/playground/examples.json", get_file(&EXAMPLES))
}

/// `GET /`: there is no home page; the playground links to the API reference.
async fn root() -> Redirect {
    Redirect::to("/playground")
}

#[utoipa::path(
    get,
    path = "/playground",
    tag = "General",
    summary = "An interactive page with an example request for every endpoint (public)",
    responses((status = 200, description = "The page.", content_type = "text/html", body = String)),
)]
pub(crate) async fn playground(State(state): State<AppState>) -> Response {
    with_policy(Html(state.playground_page().to_owned()).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_filled_in_and_cannot_end_the_attribute() {
        let page = render("orr_test_\"><script>x</script>&'");
        assert!(!page.contains("{{DEMO_KEY}}"));
        assert!(page.contains(
            r#"<meta name="orrery-demo-key" content="orr_test_&quot;&gt;&lt;script&gt;x&lt;/script&gt;&amp;&#39;">"#
        ));
        let examples: serde_json::Value = serde_json::from_str(EXAMPLES_JSON).unwrap();
        assert!(examples.as_array().is_some_and(|e| e.len() > 20));
    }
}
