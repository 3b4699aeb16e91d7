//! Markdown to HTML for the pages the service serves from the repository's own documents (the
//! getting-started guide, the changelog) and for the error codes' descriptions, with
//! pulldown-cmark (CommonMark; docs/DEPENDENCIES.md). Two rules of ours on top: every heading gets
//! an anchor made from its text (as GitHub makes them), so the pages can be linked into; and
//! nothing in a document becomes markup it did not ask for (raw HTML is shown as text, and a link
//! goes only to a page: `/…`, `#…`, `http(s)://…`). The pages also run under a
//! Content-Security-Policy that forbids inline script and style.

use pulldown_cmark::{CowStr, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd, html};

/// The HTML of a whole document.
#[must_use]
pub(crate) fn to_html(markdown: &str) -> String {
    let mut events = Vec::new();
    // A heading's events are held until its end, when its text (and so its anchor) is known.
    let mut heading: Option<(HeadingLevel, Vec<Event<'_>>)> = None;
    for event in safe(Parser::new_ext(markdown, Options::ENABLE_TABLES)) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => heading = Some((level, Vec::new())),
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, inner)) = heading.take() {
                    let id = slug(&plain_text(&inner));
                    events.push(Event::Start(Tag::Heading {
                        level,
                        id: Some(CowStr::from(id.clone())),
                        classes: Vec::new(),
                        attrs: Vec::new(),
                    }));
                    events.push(Event::Start(Tag::Link {
                        link_type: LinkType::Inline,
                        dest_url: CowStr::from(format!("#{id}")),
                        title: CowStr::from(""),
                        id: CowStr::from(""),
                    }));
                    events.extend(inner);
                    events.push(Event::End(TagEnd::Link));
                    events.push(Event::End(TagEnd::Heading(level)));
                }
            }
            other => match &mut heading {
                Some((_, inner)) => inner.push(other),
                None => events.push(other),
            },
        }
    }
    let mut out = String::with_capacity(markdown.len() * 2);
    html::push_html(&mut out, events.into_iter());
    out
}

/// The inline markup of one paragraph's text (no enclosing `<p>`).
#[must_use]
pub(crate) fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    html::push_html(
        &mut out,
        safe(Parser::new(text)).filter(|event| {
            !matches!(
                event,
                Event::Start(Tag::Paragraph) | Event::End(TagEnd::Paragraph)
            )
        }),
    );
    out.truncate(out.trim_end().len());
    out
}

/// The events of a document with raw HTML turned into text and links to anything but a page
/// (a `javascript:` URL, say) turned into their label.
fn safe<'a>(events: impl Iterator<Item = Event<'a>>) -> impl Iterator<Item = Event<'a>> {
    // Links do not nest, so one flag pairs a dropped start with its end.
    let mut dropped_link = false;
    events.filter_map(move |event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
        Event::Start(Tag::Link { ref dest_url, .. }) if !is_page(dest_url) => {
            dropped_link = true;
            None
        }
        Event::End(TagEnd::Link) if dropped_link => {
            dropped_link = false;
            None
        }
        Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => None,
        other => Some(other),
    })
}

fn is_page(target: &str) -> bool {
    target.starts_with('/')
        || target.starts_with('#')
        || target.starts_with("https://")
        || target.starts_with("http://")
}

/// The text of a heading's events, for its anchor.
fn plain_text(events: &[Event<'_>]) -> String {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Text(text) | Event::Code(text) => Some(text.as_ref()),
            _ => None,
        })
        .collect()
}

/// A heading's anchor: its words in lower case joined by `-` (as GitHub makes them).
#[must_use]
pub(crate) fn slug(title: &str) -> String {
    let mut slug = String::new();
    for c in title.chars() {
        if c.is_alphanumeric() || c == '_' || c == '-' {
            slug.extend(c.to_lowercase());
        } else if c == ' ' {
            slug.push('-');
        }
    }
    slug
}

/// Text escaped for HTML content and attribute values.
#[must_use]
pub(crate) fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    // Writing into a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut escaped, text);
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blocks_of_a_document() {
        let html = to_html(
            "# Getting started\n\nFirst *line*\nsecond **line**.\n\n- one `a<b`\n  continued\n- \
             [two](/docs)\n\n1. first\n2. second\n\n```bash\ncurl \"$URL\" <x>\n```\n## Next `step`\n",
        );
        assert_eq!(
            html,
            "<h1 id=\"getting-started\"><a href=\"#getting-started\">Getting started</a></h1>\n\
             <p>First <em>line</em>\nsecond <strong>line</strong>.</p>\n\
             <ul>\n<li>one <code>a&lt;b</code>\ncontinued</li>\n<li><a href=\"/docs\">two</a></li>\n</ul>\n\
             <ol>\n<li>first</li>\n<li>second</li>\n</ol>\n\
             <pre><code class=\"language-bash\">curl \"$URL\" &lt;x&gt;\n</code></pre>\n\
             <h2 id=\"next-step\"><a href=\"#next-step\">Next <code>step</code></a></h2>\n"
        );
    }

    #[test]
    fn nothing_becomes_markup_it_did_not_ask_for() {
        assert_eq!(
            inline("<script>x</script> 2 * 3"),
            "&lt;script&gt;x&lt;/script&gt; 2 * 3"
        );
        assert_eq!(
            inline("see [a](javascript:alert) and <b>b</b> [c](/docs)"),
            "see a and &lt;b&gt;b&lt;/b&gt; <a href=\"/docs\">c</a>"
        );
        assert_eq!(
            to_html("<div onclick=\"x()\">hi</div>\n"),
            "&lt;div onclick=\"x()\"&gt;hi&lt;/div&gt;\n"
        );
        assert_eq!(inline("a `b` c"), "a <code>b</code> c");
        assert_eq!(slug("1.0.0 — 2026-11-26"), "100--2026-11-26");
    }
}
