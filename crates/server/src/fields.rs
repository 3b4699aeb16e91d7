//! `?fields=`: trims a calculation's answer to the parts the client names (docs/API-DESIGN.md,
//! "Trimming an answer").
//!
//! `fields=planets,houses,aspects.list.orb` keeps the top-level `planets` and `houses` and, of
//! `aspects`, only `list` with only each aspect's `orb`. A path goes through objects by property
//! name and through a list or a map of named entries (`planets.sun`, `houses.1`) into every
//! entry: `planets.longitude` keeps each planet's longitude. `provenance` is always kept. The
//! names are checked against the answer's schema in the OpenAPI document before any calculation:
//! an unknown one is a 400 `unknown_name` that lists the names accepted at that place.
//!
//! The answer keeps its order (serde_json's `preserve_order`) and its spacing (compact); its ETag
//! is the trimmed answer's, because the tag is made from the request, `fields` included
//! (`caching`).

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::body::Body;
use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use orrery_api::ApiInputError;
use serde_json::Value;

use crate::encoding::{self, RESPONSE_CODING};
use crate::error::ApiError;

/// The query parameter's name.
pub const PARAMETER: &str = "fields";

/// The property kept whatever `fields` names.
const ALWAYS_KEPT: &str = "provenance";

/// How deep the schema is followed (properties, references and unions each count one): deeper
/// than any answer's nesting. A schema that contains itself stops at its own reference.
const MAX_DEPTH: usize = 48;

/// The query parameter as the OpenAPI document describes it (`openapi::add_conventions`).
pub const DESCRIPTION: &str = "Trims the answer to the parts named, comma-separated: top-level \
    properties (`planets`) or dotted paths into them (`houses`, `aspects.list.orb`). A path goes \
    through a list or a map of named entries into every entry (`planets.longitude` keeps each \
    planet's longitude). `provenance` is always kept, and the answer keeps its order. An unknown \
    name is a 400 `unknown_name` whose `details.accepted` lists the names accepted there. The \
    ETag is the trimmed answer's. The answer's schema describes the whole answer: a trimmed one \
    holds only the parts named, so properties marked required there may be absent.";

/// The parts of an answer that `fields` can name, from its schema.
#[derive(Debug, Default)]
pub(crate) struct Shape {
    /// The named properties, in the schema's order: name, dotted path from the root, their
    /// own parts.
    parts: Vec<(String, String, Shape)>,
    /// True when the object is a map of named entries (`planets`), whose every value has
    /// `parts`, rather than an object with these properties.
    keyed: bool,
}

impl Shape {
    fn part(&self, name: &str) -> Option<&Self> {
        self.parts
            .iter()
            .find(|(part, _, _)| part == name)
            .map(|(_, _, shape)| shape)
    }

    fn paths(&self) -> Vec<&str> {
        self.parts
            .iter()
            .map(|(_, path, _)| path.as_str())
            .collect()
    }

    /// Adds `other`'s parts (an alternative of a `oneOf`, a part of an `allOf`).
    fn merge(&mut self, other: Self) {
        self.keyed |= other.keyed && self.parts.is_empty();
        for (name, path, shape) in other.parts {
            match self.parts.iter_mut().find(|(part, _, _)| *part == name) {
                Some((_, _, existing)) => existing.merge(shape),
                None => self.parts.push((name, path, shape)),
            }
        }
    }
}

/// The parts `fields` asked for: the whole value, or some of its parts.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    Whole,
    Parts(Vec<(&'static str, Pick)>),
}

/// The shape of the 200 JSON answer of every operation in the document, by method and route.
static SHAPES: LazyLock<HashMap<(Method, String), Shape>> = LazyLock::new(|| {
    serde_json::to_value(crate::openapi::document())
        .map(|document| shapes(&document))
        .unwrap_or_default()
});

/// Builds the answer shapes of `document`'s operations that answer JSON.
pub(crate) fn shapes(document: &Value) -> HashMap<(Method, String), Shape> {
    let mut shapes = HashMap::new();
    for (path, item) in document["paths"].as_object().into_iter().flatten() {
        for (method, name) in [(Method::GET, "get"), (Method::POST, "post")] {
            let Some(schema) =
                item[name].pointer("/responses/200/content/application~1json/schema")
            else {
                continue;
            };
            let shape = shape_of(document, schema, "", &mut Vec::new());
            if !shape.parts.is_empty() {
                shapes.insert((method, path.clone()), shape);
            }
        }
    }
    shapes
}

/// The parts of `schema`, whose own path is `prefix` (empty at the root); `within` holds the
/// schemas being followed (the references by name), so that one containing itself ends there.
fn shape_of<'d>(
    document: &'d Value,
    schema: &'d Value,
    prefix: &str,
    within: &mut Vec<&'d str>,
) -> Shape {
    let shape = Shape::default();
    if within.len() > MAX_DEPTH {
        return shape;
    }
    if let Some(reference) = schema["$ref"].as_str() {
        let target = reference
            .strip_prefix("#/components/schemas/")
            .and_then(|name| document["components"]["schemas"].get(name));
        if let Some(target) = target
            && !within.contains(&reference)
        {
            within.push(reference);
            let shape = shape_of(document, target, prefix, within);
            within.pop();
            return shape;
        }
        return shape;
    }
    within.push("");
    let shape = parts_of(document, schema, prefix, within, shape);
    within.pop();
    shape
}

/// The parts of a schema that is not a reference, added to `shape`.
fn parts_of<'d>(
    document: &'d Value,
    schema: &'d Value,
    prefix: &str,
    within: &mut Vec<&'d str>,
    mut shape: Shape,
) -> Shape {
    for (name, property) in schema["properties"].as_object().into_iter().flatten() {
        let path = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}.{name}")
        };
        let part = shape_of(document, property, &path, within);
        shape.parts.push((name.clone(), path, part));
    }
    for combinator in ["allOf", "oneOf", "anyOf"] {
        for alternative in schema[combinator].as_array().into_iter().flatten() {
            shape.merge(shape_of(document, alternative, prefix, within));
        }
    }
    // A list: its items' parts, picked in every item.
    if let Some(items) = schema.get("items") {
        shape.merge(shape_of(document, items, prefix, within));
    }
    // A map of named entries: its values' parts, picked in every entry.
    if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object())
        && shape.parts.is_empty()
    {
        let mut values = shape_of(document, values, prefix, within);
        values.keyed = true;
        shape.merge(values);
    }
    shape
}

/// Reads `fields` against the answer's `shape`: every name must be a part of the answer there.
///
/// # Errors
/// An empty name, or a name the answer has no part of, with the names accepted at that place.
pub(crate) fn parse(spec: &str, shape: &'static Shape) -> Result<Pick, ApiInputError> {
    let mut picked = Pick::Parts(Vec::new());
    for path in spec.split(',').map(str::trim) {
        if path.is_empty() || path.split('.').any(str::is_empty) {
            return Err(ApiInputError::field(
                PARAMETER,
                format!(
                    "has an empty name in {spec:?}: names are separated by commas, paths by dots"
                ),
            )
            .unknown(&shape.paths()));
        }
        let mut at: &'static Shape = shape;
        let mut names: Vec<&'static str> = Vec::new();
        for name in path.split('.') {
            let Some((name, _, part)) = at.parts.iter().find(|(part, _, _)| part == name) else {
                let whose = if names.is_empty() {
                    "the answer".to_owned()
                } else {
                    format!("{:?}", names.join("."))
                };
                let rule = if at.parts.is_empty() {
                    format!("names {path:?}, but {whose} has no parts to pick from")
                } else {
                    format!(
                        "names {path:?}, which is not a part of {whose}: accepted there are {}",
                        at.paths().join(", ")
                    )
                };
                return Err(ApiInputError::field(PARAMETER, rule).unknown(&at.paths()));
            };
            names.push(name.as_str());
            at = part;
        }
        insert(&mut picked, &names);
    }
    if let Some((name, _, _)) = shape.parts.iter().find(|(name, _, _)| name == ALWAYS_KEPT) {
        insert(&mut picked, &[name.as_str()]);
    }
    Ok(picked)
}

/// Adds the path `names` to `pick`: its end is wanted whole, and a path under a part already
/// wanted whole adds nothing.
fn insert(pick: &mut Pick, names: &[&'static str]) {
    let Some((first, rest)) = names.split_first() else {
        *pick = Pick::Whole;
        return;
    };
    let Pick::Parts(parts) = pick else {
        return;
    };
    let index = match parts.iter().position(|(part, _)| part == first) {
        Some(index) => index,
        None => {
            parts.push((first, Pick::Parts(Vec::new())));
            parts.len() - 1
        }
    };
    insert(&mut parts[index].1, rest);
}

/// Keeps the parts of `value` that `pick` names, in `value`'s order.
pub(crate) fn trim(value: &mut Value, pick: &Pick, shape: &Shape) {
    let Pick::Parts(parts) = pick else {
        return;
    };
    match value {
        Value::Array(items) => {
            for item in items {
                trim(item, pick, shape);
            }
        }
        Value::Object(map) if shape.keyed => {
            for entry in map.values_mut() {
                keep(entry, parts, shape);
            }
        }
        other => keep(other, parts, shape),
    }
}

/// Keeps `parts` of an object with the properties of `shape` (of each item, in a list).
fn keep(value: &mut Value, parts: &[(&'static str, Pick)], shape: &Shape) {
    match value {
        Value::Array(items) => {
            for item in items {
                keep(item, parts, shape);
            }
        }
        Value::Object(map) => {
            map.retain(|key, _| parts.iter().any(|(part, _)| part == key));
            for (key, entry) in map.iter_mut() {
                if let (Some((_, part_pick)), Some(part_shape)) =
                    (parts.iter().find(|(part, _)| part == key), shape.part(key))
                {
                    trim(entry, part_pick, part_shape);
                }
            }
        }
        _ => {}
    }
}

/// The value of `fields` in a query (several are joined), and the query without it.
fn split_query(query: &str) -> (Option<String>, String) {
    let mut fields: Option<String> = None;
    let mut rest = form_urlencoded::Serializer::new(String::new());
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        if name == PARAMETER {
            match &mut fields {
                Some(fields) => {
                    fields.push(',');
                    fields.push_str(&value);
                }
                None => fields = Some(value.into_owned()),
            }
        } else {
            rest.append_pair(&name, &value);
        }
    }
    (fields, rest.finish())
}

/// The layer of the calculation endpoints: a request with `fields` is checked before the
/// calculation, sent on without it, and its 200 JSON answer trimmed (and compressed afterwards
/// if the client accepts it).
pub(crate) async fn trim_to_fields(request: Request, next: Next) -> Response {
    let Some((Some(spec), rest_of_query)) = request.uri().query().map(split_query) else {
        return next.run(request).await;
    };
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(String::new, |path| path.as_str().to_owned());
    let Some(shape) = SHAPES.get(&(request.method().clone(), route.clone())) else {
        return ApiError::from(ApiInputError::field(
            PARAMETER,
            format!(
                "applies to JSON answers; {} {route} answers something else",
                request.method()
            ),
        ))
        .into_response();
    };
    let pick = match parse(&spec, shape) {
        Ok(pick) => pick,
        Err(error) => return ApiError::from(error).into_response(),
    };

    let (mut parts, body) = request.into_parts();
    let path = parts.uri.path();
    let target = if rest_of_query.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{rest_of_query}")
    };
    if let Ok(uri) = target.parse::<Uri>() {
        parts.uri = uri;
    }
    // The answer is trimmed uncompressed, then compressed as the client asked.
    let coding = RESPONSE_CODING.try_with(|coding| *coding).ok().flatten();
    parts.headers.remove(header::ACCEPT_ENCODING);
    let response = RESPONSE_CODING
        .scope(None, next.run(Request::from_parts(parts, body)))
        .await;
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if response.status() != StatusCode::OK || !is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return ApiError::internal("the answer could not be read to trim it").into_response();
    };
    // Parsing, trimming, writing and compressing grow with the answer (a long series is
    // megabytes): off the async threads, as the calculation's own JSON is.
    let trimmed = tokio::task::spawn_blocking(move || {
        let mut value = serde_json::from_slice::<Value>(&bytes)
            .map_err(|_| ApiError::internal("the answer to trim is not JSON"))?;
        trim(&mut value, &pick, shape);
        // Writing a JSON value cannot fail.
        let trimmed = serde_json::to_vec(&value).unwrap_or_default();
        let compressed = coding
            .filter(|_| trimmed.len() >= encoding::MIN_COMPRESSED_BYTES)
            .and_then(|coding| Some((coding, encoding::compress(coding, &trimmed).ok()?)));
        Ok::<_, ApiError>((trimmed, compressed))
    })
    .await;
    let (trimmed, compressed) = match trimmed {
        Ok(Ok(done)) => done,
        Ok(Err(error)) => return error.into_response(),
        Err(_) => return ApiError::internal("trimming the answer failed").into_response(),
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    let trimmed = match compressed {
        Some((coding, compressed)) => {
            parts.headers.insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(coding.token()),
            );
            compressed
        }
        None => trimmed,
    };
    Response::from_parts(parts, Body::from(trimmed))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn document() -> Value {
        json!({
            "paths": {"/v1/x": {"post": {"responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/X"}}}}}}}},
            "components": {"schemas": {
                "X": {"allOf": [
                    {"type": "object", "properties": {
                        "planets": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/P"}},
                        "houses": {"type": "object", "properties": {"system": {"type": "string"}, "cusps": {"type": "array", "items": {"type": "number"}}}},
                        "list": {"type": "array", "items": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/P"}]}}
                    }},
                    {"type": "object", "properties": {"provenance": {"type": "object"}}}
                ]},
                "P": {"type": "object", "properties": {"longitude": {"type": "number"}, "sign": {"type": "string"}}}
            }}
        })
    }

    fn shape() -> &'static Shape {
        let shapes = shapes(&document());
        let shape = shapes.into_iter().next().unwrap().1;
        Box::leak(Box::new(shape))
    }

    fn answer() -> Value {
        serde_json::from_str(
            r#"{"planets":{"sun":{"longitude":1.5,"sign":"aries"},"moon":{"longitude":2.5,"sign":"leo"}},
                "houses":{"system":"placidus","cusps":[1,2]},
                "list":[{"longitude":3,"sign":"virgo"},null],
                "provenance":{"engine":"orrery"}}"#,
        )
        .unwrap()
    }

    fn trimmed(spec: &str) -> String {
        let shape = shape();
        let pick = parse(spec, shape).unwrap();
        let mut value = answer();
        trim(&mut value, &pick, shape);
        value.to_string()
    }

    #[test]
    fn the_shape_follows_references_unions_lists_and_maps() {
        let shape = shape();
        assert_eq!(
            shape.paths(),
            ["planets", "houses", "list", "provenance"],
            "in the schema's order"
        );
        assert!(shape.part("planets").unwrap().keyed);
        assert_eq!(
            shape.part("list").unwrap().paths(),
            ["list.longitude", "list.sign"]
        );
        assert!(
            shape
                .part("houses")
                .unwrap()
                .part("cusps")
                .unwrap()
                .parts
                .is_empty()
        );
    }

    #[test]
    fn top_level_and_dotted_paths_keep_the_answer_order_and_the_provenance() {
        assert_eq!(
            trimmed("houses,planets"),
            r#"{"planets":{"sun":{"longitude":1.5,"sign":"aries"},"moon":{"longitude":2.5,"sign":"leo"}},"houses":{"system":"placidus","cusps":[1,2]},"provenance":{"engine":"orrery"}}"#
        );
        assert_eq!(
            trimmed("houses.cusps, planets.sign ,list.longitude"),
            r#"{"planets":{"sun":{"sign":"aries"},"moon":{"sign":"leo"}},"houses":{"cusps":[1,2]},"list":[{"longitude":3},null],"provenance":{"engine":"orrery"}}"#
        );
        // A shorter path asks for the whole part, in either order.
        assert_eq!(trimmed("houses.cusps,houses"), trimmed("houses"));
        assert_eq!(trimmed("houses,houses.cusps"), trimmed("houses"));
        assert_eq!(
            trimmed("provenance"),
            r#"{"provenance":{"engine":"orrery"}}"#
        );
    }

    #[test]
    fn an_unknown_or_empty_name_is_refused_with_the_names_accepted_there() {
        let shape = shape();
        let error = parse("planets,house", shape).unwrap_err();
        assert_eq!(error.field.as_ref().unwrap().as_str(), "fields");
        assert!(error.message.as_str().contains("\"house\""), "{error}");
        assert_eq!(
            error.details,
            Some(orrery_api::error::ErrorDetails::Accepted {
                accepted: vec!["planets", "houses", "list", "provenance"]
            })
        );
        let error = parse("houses.cusp", shape).unwrap_err();
        assert!(
            error
                .message
                .as_str()
                .contains("accepted there are houses.system, houses.cusps"),
            "{error}"
        );
        let error = parse("houses.cusps.first", shape).unwrap_err();
        assert!(error.message.as_str().contains("no parts"), "{error}");
        for empty in ["", "planets,", "houses..cusps"] {
            assert!(parse(empty, shape).is_err(), "{empty:?}");
        }
    }

    #[test]
    fn fields_is_taken_out_of_the_query() {
        assert_eq!(
            split_query("a=1&fields=houses&b=x+y&fields=planets"),
            (Some("houses,planets".to_owned()), "a=1&b=x+y".to_owned())
        );
        assert_eq!(split_query("a=1"), (None, "a=1".to_owned()));
    }
}
