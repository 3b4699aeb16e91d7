//! `GET /playground`: a page to try every endpoint with the demo key. Public: the page carries
//! nothing but the demo key, which `orrery serve` prints at start anyway. The page is one
//! self-contained file (no scripts, styles or fonts from elsewhere), rendered once at start.

use axum::extract::State;
use axum::response::Html;

use crate::app::AppState;

/// One example request per endpoint, as the page offers them. The HTTP tests send every one and
/// expect a 200, so the examples cannot go stale.
pub(crate) const EXAMPLES_JSON: &str = include_str!("../playground/examples.json");

const PAGE: &str = include_str!("../playground/index.html");

/// The page with the demo key and the examples filled in. Both go inside `<script>` elements,
/// so both are JSON with `</` escaped: nothing in them can end the element.
pub(crate) fn render(demo_key: &str) -> String {
    let script_safe = |json: String| json.replace("</", "<\\/");
    let key = serde_json::to_string(demo_key).unwrap_or_else(|_| "\"\"".to_owned());
    PAGE.replace("\"/*DEMO_KEY*/\"", &script_safe(key))
        .replace("/*EXAMPLES*/", &script_safe(EXAMPLES_JSON.to_owned()))
}

#[utoipa::path(
    get,
    path = "/playground",
    tag = "General",
    summary = "An interactive page with an example request for every endpoint (public)",
    responses((status = 200, description = "The page.", content_type = "text/html", body = String)),
)]
pub(crate) async fn playground(State(state): State<AppState>) -> Html<String> {
    Html(state.playground_page().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_and_the_examples_are_filled_in_and_cannot_end_the_script() {
        let page = render("orr_test_</script><b>x");
        assert!(!page.contains("/*DEMO_KEY*/") && !page.contains("/*EXAMPLES*/"));
        assert!(page.contains(r#"const demoKey = "orr_test_<\/script><b>x";"#));
        assert_eq!(page.matches("</script>").count(), 2);
        let examples: serde_json::Value = serde_json::from_str(EXAMPLES_JSON).unwrap();
        assert!(examples.as_array().is_some_and(|e| e.len() > 20));
    }
}
