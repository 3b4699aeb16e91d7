//! `GET /playground`: a page to try every endpoint with the demo key, its script, styles and
//! examples, and `GET /`, which sends a visitor there. Public: the page carries nothing but the
//! demo key, which `orrery serve` prints at start anyway.
//!
//! The page and its files are served under a strict Content-Security-Policy (no inline script
//! or style, nothing from another origin), so each lives in a file of its own, embedded in the
//! binary. The page is rendered once at start with the demo key in a `<meta>` element.

use std::sync::OnceLock;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{MethodRouter, get};
use sha2::{Digest, Sha256};

use crate::app::AppState;

/// What the playground and the API reference may load: their own files and the API, nothing
/// inline, nothing from elsewhere. `data:` images are Swagger UI's icons.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
frame-ancestors 'none'; form-action 'none'";

pub(crate) const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
pub(crate) const CSS: &str = "text/css; charset=utf-8";
pub(crate) const JSON: &str = "application/json";
pub(crate) const PLAIN_TEXT: &str = "text/plain; charset=utf-8";

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
    PAGE.replace("{{DEMO_KEY}}", &escape_attribute(demo_key))
}

fn escape_attribute(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            c => escaped.push(c),
        }
    }
    escaped
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

/// Adds the Content-Security-Policy to a page or a file of one.
pub(crate) fn with_policy(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    response
}

/// `GET` of one embedded file.
pub(crate) fn get_file(file: &'static StaticFile) -> MethodRouter<AppState> {
    get(move |request_headers: HeaderMap| async move { file.respond(&request_headers) })
}

/// A file served as it is embedded in the binary, revalidated by its tag on every use: a new
/// release's page never runs with the previous release's script from a browser's cache.
pub(crate) struct StaticFile {
    content_type: &'static str,
    body: &'static str,
    tag: OnceLock<String>,
}

impl StaticFile {
    pub(crate) const fn new(content_type: &'static str, body: &'static str) -> Self {
        Self {
            content_type,
            body,
            tag: OnceLock::new(),
        }
    }

    fn tag(&self) -> &str {
        self.tag.get_or_init(|| {
            let digest = Sha256::digest(self.body.as_bytes());
            let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
            format!("\"{hex}\"")
        })
    }

    /// 200 with the file, or 304 when `If-None-Match` lists its tag.
    pub(crate) fn respond(&self, request_headers: &HeaderMap) -> Response {
        let tag = self.tag();
        let matches = request_headers
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .any(|listed| listed.trim() == tag || listed.trim() == "*");
        let mut response = if matches {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            ([(header::CONTENT_TYPE, self.content_type)], self.body).into_response()
        };
        let headers = response.headers_mut();
        if let Ok(value) = HeaderValue::from_str(tag) {
            headers.insert(header::ETAG, value);
        }
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        with_policy(response)
    }
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

    #[test]
    fn a_file_is_not_sent_again_when_the_client_has_it() {
        let tag = APP_CSS.tag().to_owned();
        let fresh = APP_CSS.respond(&HeaderMap::new());
        assert_eq!(fresh.status(), StatusCode::OK);
        assert_eq!(fresh.headers()[header::ETAG], tag.as_str());
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"other\", {tag}")).unwrap(),
        );
        let cached = APP_CSS.respond(&headers);
        assert_eq!(cached.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(cached.headers()[header::ETAG], tag.as_str());
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"other\""));
        assert_eq!(APP_CSS.respond(&headers).status(), StatusCode::OK);
    }
}
