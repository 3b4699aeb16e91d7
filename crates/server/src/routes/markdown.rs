//! Markdown to HTML for the pages the service serves from the repository's own documents (the
//! getting-started guide, the changelog) and for the error codes' descriptions: the subset those
//! documents use (`#` headings with anchors, paragraphs, `-` and `1.` lists, fenced code,
//! `code`, **strong**, *emphasis* and [links](url)). Every character of the text is escaped, so
//! nothing in a document becomes markup it did not ask for; the pages run under a
//! Content-Security-Policy that forbids inline script and style anyway.

/// The HTML of a whole document.
#[must_use]
pub(crate) fn to_html(markdown: &str) -> String {
    let mut html = String::with_capacity(markdown.len() * 2);
    let mut paragraph: Vec<&str> = Vec::new();
    let mut list: Option<&'static str> = None;
    let mut lines = markdown.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if let Some(language) = trimmed.strip_prefix("```") {
            flush(&mut html, &mut paragraph, &mut list);
            let class = language.trim();
            if class.is_empty() {
                html.push_str("<pre><code>");
            } else {
                html.push_str(&format!("<pre><code class=\"language-{}\">", escape(class)));
            }
            for code in lines.by_ref() {
                if code.trim_start().starts_with("```") {
                    break;
                }
                html.push_str(&escape(code));
                html.push('\n');
            }
            html.push_str("</code></pre>\n");
        } else if trimmed.is_empty() {
            flush(&mut html, &mut paragraph, &mut list);
        } else if let Some((level, title)) = heading(trimmed) {
            flush(&mut html, &mut paragraph, &mut list);
            let id = slug(title);
            html.push_str(&format!(
                "<h{level} id=\"{id}\"><a href=\"#{id}\">{}</a></h{level}>\n",
                inline(title)
            ));
        } else if let Some((kind, item)) = list_item(trimmed) {
            if !paragraph.is_empty() || list != Some(kind) {
                flush(&mut html, &mut paragraph, &mut list);
                html.push_str(&format!("<{kind}>\n"));
                list = Some(kind);
            }
            // The item's continuation lines are indented under it.
            let mut text = item.to_owned();
            while let Some(next) = lines.peek() {
                let more = next.trim_start();
                if next.starts_with("  ") && !more.is_empty() && list_item(more).is_none() {
                    text.push(' ');
                    text.push_str(more);
                    lines.next();
                } else {
                    break;
                }
            }
            html.push_str(&format!("<li>{}</li>\n", inline(&text)));
        } else {
            if list.is_some() {
                flush(&mut html, &mut paragraph, &mut list);
            }
            paragraph.push(trimmed);
        }
    }
    flush(&mut html, &mut paragraph, &mut list);
    html
}

/// Ends the open paragraph or list.
fn flush(html: &mut String, paragraph: &mut Vec<&str>, list: &mut Option<&'static str>) {
    if !paragraph.is_empty() {
        html.push_str(&format!("<p>{}</p>\n", inline(&paragraph.join(" "))));
        paragraph.clear();
    }
    if let Some(kind) = list.take() {
        html.push_str(&format!("</{kind}>\n"));
    }
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.bytes().take_while(|b| *b == b'#').count();
    let title = line[level..].strip_prefix(' ')?;
    (1..=4).contains(&level).then_some((level, title.trim()))
}

fn list_item(line: &str) -> Option<(&'static str, &str)> {
    if let Some(item) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some(("ul", item));
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let item = line[digits..].strip_prefix(". ")?;
    (digits > 0).then_some(("ol", item))
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

/// The inline markup of one paragraph's text.
#[must_use]
pub(crate) fn inline(text: &str) -> String {
    let mut html = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '`'
            && let Some(end) = rest[1..].find('`')
        {
            html.push_str(&format!("<code>{}</code>", escape(&rest[1..=end])));
            rest = &rest[end + 2..];
            continue;
        }
        if rest.starts_with("**")
            && let Some(end) = rest[2..].find("**")
        {
            html.push_str(&format!("<strong>{}</strong>", inline(&rest[2..end + 2])));
            rest = &rest[end + 4..];
            continue;
        }
        if c == '*'
            && let Some(end) = rest[1..].find('*')
            && end > 0
        {
            html.push_str(&format!("<em>{}</em>", inline(&rest[1..=end])));
            rest = &rest[end + 2..];
            continue;
        }
        if c == '['
            && let Some((label, target, after)) = link(rest)
        {
            html.push_str(&format!(
                "<a href=\"{}\">{}</a>",
                escape(target),
                inline(label)
            ));
            rest = after;
            continue;
        }
        html.push_str(&escape(&rest[..c.len_utf8()]));
        rest = &rest[c.len_utf8()..];
    }
    html
}

/// `[label](target)` at the start of `text`: the label, the target and the text after it.
fn link(text: &str) -> Option<(&str, &str, &str)> {
    let close = text.find("](")?;
    let end = text[close + 2..].find(')')? + close + 2;
    let target = &text[close + 2..end];
    // Only links to pages (no `javascript:` or other schemes a click would run).
    let allowed = target.starts_with('/')
        || target.starts_with('#')
        || target.starts_with("https://")
        || target.starts_with("http://");
    allowed.then(|| (&text[1..close], target, &text[end + 1..]))
}

/// Text escaped for HTML content and attribute values.
#[must_use]
pub(crate) fn escape(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blocks_of_a_document() {
        let html = to_html(
            "# Getting started\n\nFirst *line*\nsecond **line**.\n\n- one `a<b`\n  continued\n- \
             [two](/docs)\n\n1. first\n2. second\n\n```bash\ncurl \"$URL\" <x>\n```\n## Next step\n",
        );
        assert_eq!(
            html,
            "<h1 id=\"getting-started\"><a href=\"#getting-started\">Getting started</a></h1>\n\
             <p>First <em>line</em> second <strong>line</strong>.</p>\n\
             <ul>\n<li>one <code>a&lt;b</code> continued</li>\n<li><a href=\"/docs\">two</a></li>\n</ul>\n\
             <ol>\n<li>first</li>\n<li>second</li>\n</ol>\n\
             <pre><code class=\"language-bash\">curl &quot;$URL&quot; &lt;x&gt;\n</code></pre>\n\
             <h2 id=\"next-step\"><a href=\"#next-step\">Next step</a></h2>\n"
        );
    }

    #[test]
    fn nothing_becomes_markup_it_did_not_ask_for() {
        assert_eq!(
            inline("<script>x</script> [a](javascript:alert(1)) 2 * 3"),
            "&lt;script&gt;x&lt;/script&gt; [a](javascript:alert(1)) 2 * 3"
        );
        assert_eq!(inline("a `b` c"), "a <code>b</code> c");
        assert_eq!(slug("1.0.0 — 2026-11-26"), "100--2026-11-26");
    }
}
