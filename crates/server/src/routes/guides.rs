//! `GET /docs/getting-started` and `GET /docs/changelog`: the repository's
//! `docs/GETTING-STARTED.md` and `CHANGELOG.md` as pages, rendered once per process, and the
//! frame every page under `/docs` shares (the site's links, its stylesheet).

use std::sync::OnceLock;

use axum::Router;

use super::assets::{HTML, StaticFile, get_file};
use super::markdown::{escape, to_html};
use crate::app::AppState;

/// The getting-started guide: the common app flow, every example runnable as written (the HTTP
/// test `docs_guide` sends each one).
pub(crate) const GETTING_STARTED: &str = include_str!("../../../../docs/GETTING-STARTED.md");
const CHANGELOG: &str = include_str!("../../../../CHANGELOG.md");

static GUIDE_PAGE: StaticFile = StaticFile::made(HTML, || {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| frame("Getting started", &to_html(GETTING_STARTED)))
});
static CHANGELOG_PAGE: StaticFile = StaticFile::made(HTML, || {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| frame("Changelog", &to_html(CHANGELOG)))
});

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/docs/getting-started", get_file(&GUIDE_PAGE))
        .route("/docs/changelog", get_file(&CHANGELOG_PAGE))
}

/// A page under `/docs`: its title and body inside the site's header, with no inline script
/// or style (the pages' Content-Security-Policy forbids both).
#[must_use]
pub(crate) fn frame(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{} · Orrery</title>\n<link rel=\"stylesheet\" href=\"/docs/docs.css\">\n\
         </head>\n<body>\n{}<main class=\"prose\">\n{body}</main>\n</body>\n</html>\n",
        escape(title),
        SITE_HEADER
    )
}

/// The links every page under `/docs` carries (the reference page has them in its own file).
const SITE_HEADER: &str = "<header class=\"site\">\n  <strong>Orrery</strong>\n  \
<a href=\"/docs\">API reference</a>\n  <a href=\"/docs/getting-started\">Getting started</a>\n  \
<a href=\"/docs/errors\">Error codes</a>\n  <a href=\"/docs/changelog\">Changelog</a>\n  \
<a href=\"/playground\">Playground</a>\n</header>\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_page_carries_the_same_links() {
        let page = include_str!("../docs/index.html");
        // The reference page does not link to itself.
        let others = SITE_HEADER
            .lines()
            .filter(|l| l.contains("<a ") && !l.contains("href=\"/docs\""));
        for line in others {
            assert!(page.contains(line.trim()), "{line}");
        }
    }
}
