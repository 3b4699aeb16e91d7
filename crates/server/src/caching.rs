//! HTTP caching for the deterministic calculation endpoints, as one layer they opt into.
//!
//! The entity tag is computed from a canonical form of the request (method, path, sorted query,
//! JSON body with sorted keys) plus the service version and the ephemeris data version, before
//! any calculation: a matching `If-None-Match` is answered 304 at the cost of one hash. The
//! API design asks for 304 on POST too, where plain HTTP would answer 412 (docs/API-DESIGN.md, Caching).

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::app::AppState;
use crate::encoding;
use crate::error::ApiError;
use crate::json::BODY_LIMIT_BYTES;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Put into a response's extensions by a handler that used the current time because the client
/// left a time out: the answer changes with the clock, so it is `no-store` and has no tag.
#[derive(Debug, Clone, Copy)]
pub struct UsedNow;

/// What the tag depends on besides the request.
#[derive(Debug, Clone)]
pub struct CacheVersions {
    pub service: String,
    pub ephemeris_data: String,
    /// The bundled tz database's version: a new release can move historical offsets.
    pub tz_data: String,
    /// The atlas' gazetteer and zone boundaries: a new release can move a place or a border.
    pub atlas_data: String,
}

pub async fn cache_deterministic(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, BODY_LIMIT_BYTES).await else {
        return ApiError::payload_too_large(BODY_LIMIT_BYTES).into_response();
    };
    let coding = encoding::negotiate(&parts.headers);
    let tag =
        entity_tag(state.cache_versions(), &parts, &bytes).map(|tag| tag_for_coding(&tag, coding));
    let if_none_match = parts
        .headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    if let (Some(tag), Some(condition)) = (&tag, &if_none_match)
        && lists_tag(condition, tag)
    {
        return not_modified(tag);
    }

    let mut response = encoding::RESPONSE_CODING
        .scope(
            coding,
            next.run(Request::from_parts(parts, Body::from(bytes))),
        )
        .await;
    if response.status() != StatusCode::OK {
        return response;
    }
    // The answer depends on Accept-Encoding, compressed or not.
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if response.extensions().get::<UsedNow>().is_some() {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return response;
    }
    let Some(tag) = tag else {
        return response;
    };
    if if_none_match.as_deref().is_some_and(|c| c.trim() == "*") {
        return not_modified(&tag);
    }
    set_cache_headers(response.headers_mut(), &tag);
    response
}

fn not_modified(tag: &str) -> Response {
    let mut response = StatusCode::NOT_MODIFIED.into_response();
    set_cache_headers(response.headers_mut(), tag);
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// The tag of the answer in `coding`: a compressed answer is another representation of the same
/// result, so its strong tag differs (`"<hash>-br"`), and a cache revalidating it sends that.
fn tag_for_coding(tag: &str, coding: Option<encoding::ContentCoding>) -> String {
    match coding {
        Some(coding) => format!("{}-{}\"", tag.trim_end_matches('"'), coding.token()),
        None => tag.to_owned(),
    }
}

fn set_cache_headers(headers: &mut axum::http::HeaderMap, tag: &str) {
    if let Ok(value) = HeaderValue::from_str(tag) {
        headers.insert(header::ETAG, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
}

/// True when an `If-None-Match` value lists the tag (weak comparison, as RFC 9110 asks for
/// `If-None-Match`). `*` is handled by the caller: it matches only a successful answer.
fn lists_tag(condition: &str, tag: &str) -> bool {
    condition
        .split(',')
        .map(|candidate| candidate.trim().trim_start_matches("W/"))
        .any(|candidate| candidate == tag)
}

/// The strong tag of a request, or `None` when the body is not JSON (the handler's 400 follows).
///
/// Computed for every request before any work, so it is written without a `format!` per piece.
fn entity_tag(versions: &CacheVersions, parts: &Parts, body: &[u8]) -> Option<String> {
    // The body re-written compactly with object keys sorted at every depth, so that key order
    // and spacing do not change the tag.
    let canonical_body = if body.iter().all(u8::is_ascii_whitespace) {
        Vec::new()
    } else {
        let value: serde_json::Value = serde_json::from_slice(body).ok()?;
        let mut canonical = Vec::with_capacity(body.len());
        write_sorted(&value, &mut canonical);
        canonical
    };
    let mut query: Vec<(std::borrow::Cow<'_, str>, std::borrow::Cow<'_, str>)> =
        form_urlencoded::parse(parts.uri.query().unwrap_or("").as_bytes()).collect();
    query.sort_unstable();

    let mut hasher = Sha256::new();
    for piece in [
        versions.service.as_str(),
        versions.ephemeris_data.as_str(),
        versions.tz_data.as_str(),
        versions.atlas_data.as_str(),
        parts.method.as_str(),
        parts.uri.path(),
    ] {
        hasher.update(piece.as_bytes());
        hasher.update([0]);
    }
    for (key, value) in &query {
        hasher.update(key.as_bytes());
        hasher.update([1]);
        hasher.update(value.as_bytes());
        hasher.update([0]);
    }
    hasher.update(&canonical_body);
    let digest = hasher.finalize();
    let mut tag = String::with_capacity(2 + 32 + 8);
    tag.push('"');
    tag.push_str(&hex::encode(&digest[..16]));
    tag.push('"');
    Some(tag)
}

/// `value` as compact JSON with the keys of every object in byte order: what serde_json writes
/// with a map sorted by key, whichever order the value's maps keep (its `preserve_order` feature
/// is on in this workspace, so that answers keep their order when parsed).
fn write_sorted(value: &serde_json::Value, out: &mut Vec<u8>) {
    match value {
        serde_json::Value::Object(map) => {
            let mut entries: Vec<(&String, &serde_json::Value)> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push(b'{');
            for (index, (key, value)) in entries.into_iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                write_scalar(key, out);
                out.push(b':');
                write_sorted(value, out);
            }
            out.push(b'}');
        }
        serde_json::Value::Array(items) => {
            out.push(b'[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                write_sorted(item, out);
            }
            out.push(b']');
        }
        scalar => write_scalar(scalar, out),
    }
}

/// A key, string, number, boolean or null as serde_json writes it.
fn write_scalar<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    // Writing a scalar value to a vector cannot fail.
    let _ = serde_json::to_writer(&mut *out, value);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(uri: &str) -> Parts {
        axum::http::Request::post(uri)
            .body(())
            .unwrap()
            .into_parts()
            .0
    }

    fn versions() -> CacheVersions {
        CacheVersions {
            service: "1".into(),
            ephemeris_data: "a".into(),
            tz_data: "2026b".into(),
            atlas_data: "geonames-2023-03-05 2026f".into(),
        }
    }

    #[test]
    fn key_order_and_query_order_do_not_change_the_tag() {
        let a = entity_tag(
            &versions(),
            &parts("/v1/x?b=2&a=1"),
            br#"{"x":1,"y":{"p":1,"q":2}}"#,
        );
        let b = entity_tag(
            &versions(),
            &parts("/v1/x?a=1&b=2"),
            br#"{ "y":{"q":2,"p":1}, "x":1 }"#,
        );
        assert_eq!(a, b);
        assert!(a.is_some());
    }

    #[test]
    fn content_and_versions_change_the_tag() {
        let base = entity_tag(&versions(), &parts("/v1/x"), br#"{"x":1}"#);
        assert_ne!(
            base,
            entity_tag(&versions(), &parts("/v1/x"), br#"{"x":2}"#)
        );
        assert_ne!(
            base,
            entity_tag(&versions(), &parts("/v1/y"), br#"{"x":1}"#)
        );
        let newer = CacheVersions {
            ephemeris_data: "b".into(),
            ..versions()
        };
        assert_ne!(base, entity_tag(&newer, &parts("/v1/x"), br#"{"x":1}"#));
        let moved = CacheVersions {
            atlas_data: "geonames-2026-01-01 2026f".into(),
            ..versions()
        };
        assert_ne!(base, entity_tag(&moved, &parts("/v1/x"), br#"{"x":1}"#));
    }

    /// The canonical form is the one serde_json wrote while its maps were sorted by key (the
    /// tags of earlier versions' answers are computed the same way).
    #[test]
    fn the_canonical_body_sorts_keys_at_every_depth() {
        let value: serde_json::Value = serde_json::from_str(
            r#"{"z": [{"b": 1, "a": "\u00e9\"x"}, null, 2.5e-7], "a": {"y": true, "x": {}}}"#,
        )
        .unwrap();
        let mut canonical = Vec::new();
        write_sorted(&value, &mut canonical);
        assert_eq!(
            String::from_utf8(canonical).unwrap(),
            r#"{"a":{"x":{},"y":true},"z":[{"a":"é\"x","b":1},null,2.5e-7]}"#
        );
    }

    #[test]
    fn bodies_that_are_not_json_get_no_tag() {
        assert_eq!(entity_tag(&versions(), &parts("/v1/x"), b"{nope"), None);
    }

    #[test]
    fn if_none_match_lists() {
        assert!(lists_tag("\"a\", \"b\"", "\"b\""));
        assert!(lists_tag("W/\"b\"", "\"b\""));
        assert!(!lists_tag("\"a\"", "\"b\""));
        assert!(!lists_tag("*", "\"b\""));
    }
}
