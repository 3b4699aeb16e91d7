//! `GET /docs/errors`: every error code with its status, what it means and what to do, one
//! anchor per code, generated from `orrery_api::error::ErrorCode` (the one list of codes), so the
//! page cannot drift from the codes the service answers with. Every error object's `doc_url`
//! links to its code's anchor here.

use axum::Router;
use orrery_api::error::ErrorCode;

use super::assets::{HTML, StaticFile, get_file};
use super::guides::frame;
use super::markdown::{escape, inline};
use crate::app::AppState;

/// Where the page is served.
pub(crate) const PAGE_PATH: &str = "/docs/errors";

static PAGE: StaticFile = StaticFile::made(HTML, || {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(render)
});

/// The `doc_url` of an error object: the code's anchor on the page, relative to the service's
/// origin (the error object's schema says why).
#[must_use]
pub(crate) fn doc_url(code: ErrorCode) -> String {
    format!("{PAGE_PATH}#{}", code.as_str())
}

pub(crate) fn router() -> Router<AppState> {
    Router::new().route(PAGE_PATH, get_file(&PAGE))
}

fn render() -> String {
    let mut body = String::from(
        "<h1>Error codes</h1>\n<p>Every error answer carries the error object \
         <code>{\"error\": {code, message, field, details, request_id, doc_url}}</code>. \
         <code>code</code> is one of the codes below (a client branches on it, never on the \
         message); <code>doc_url</code> links to its entry here. <code>field</code> names the \
         value at fault where one is, <code>details</code> carries what a client needs to \
         correct it, and <code>request_id</code> (also the <code>X-Request-Id</code> header) \
         identifies the request for support.</p>\n<table class=\"codes\">\n\
         <thead><tr><th>Code</th><th>Status</th><th>Meaning</th></tr></thead>\n<tbody>\n",
    );
    for code in ErrorCode::ALL {
        let name = escape(code.as_str());
        body.push_str(&format!(
            "<tr id=\"{name}\"><td><a href=\"#{name}\"><code>{name}</code></a></td>\
             <td>{}</td><td>{}</td></tr>\n",
            code.status(),
            inline(code.description())
        ));
    }
    body.push_str("</tbody>\n</table>\n");
    frame("Error codes", &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_an_anchored_entry_with_its_status_and_description() {
        let page = render();
        for code in ErrorCode::ALL {
            let url = doc_url(code);
            let anchor = url.strip_prefix("/docs/errors#").unwrap();
            assert_eq!(anchor, code.as_str());
            assert_eq!(
                page.matches(&format!("id=\"{anchor}\"")).count(),
                1,
                "{anchor}"
            );
            assert!(page.contains(&format!("<td>{}</td>", code.status())));
            assert!(code.description().len() > 40, "{anchor}");
        }
    }

    #[test]
    fn the_list_of_codes_is_every_code_of_the_schema() {
        // The schema's `enum` is generated from the type's variants, so it is complete.
        let schema = serde_json::to_value(<ErrorCode as utoipa::PartialSchema>::schema()).unwrap();
        let in_schema: Vec<&str> = schema["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let listed: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(listed, in_schema);
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
        }
    }
}
