//! A tool's input schema, taken from the OpenAPI document's operation (its request body, or its
//! query parameters) and made self-contained: every `#/components/schemas/X` it reaches is copied
//! under `$defs` and the references rewritten to point there. The request types stay the one
//! declaration; MCP clients get a plain JSON Schema (2020-12, as OpenAPI 3.1 writes it) with an
//! object at its root, as the protocol asks.

use serde_json::{Map, Value};

const COMPONENT_PREFIX: &str = "#/components/schemas/";
const DEFS_PREFIX: &str = "#/$defs/";

/// Why an operation gave no input schema: a fault in the tool table or the document, which a
/// test of every tool catches.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SchemaError {
    #[error("the OpenAPI document has no {method} {path}")]
    NoOperation { method: &'static str, path: String },
    #[error("{method} {path} has no application/json request body")]
    NoRequestBody { method: &'static str, path: String },
    #[error("the OpenAPI document has no component schema {0}")]
    UnknownComponent(String),
}

/// The schema of `POST path`'s JSON request body, self-contained.
///
/// # Errors
/// When the document has no such operation or body, or a reference leads nowhere.
pub(crate) fn request_body_schema(
    document: &Value,
    path: &str,
) -> Result<Map<String, Value>, SchemaError> {
    let operation = operation(document, "post", path)?;
    let body = operation
        .pointer("/requestBody/content/application~1json/schema")
        .ok_or_else(|| SchemaError::NoRequestBody {
            method: "POST",
            path: path.to_owned(),
        })?;
    let mut defs = Map::new();
    let root = match body.get("$ref").and_then(Value::as_str) {
        // The body is a named type: its own schema is the root.
        Some(reference) => component(document, reference)?.clone(),
        None => body.clone(),
    };
    let mut root = self_contained(document, root, &mut defs)?;
    Ok(with_defs(&mut root, defs))
}

/// The query parameters of `GET path` as one object schema: a property per parameter with its
/// schema and description, and the required ones listed.
///
/// # Errors
/// As [`request_body_schema`].
pub(crate) fn query_schema(
    document: &Value,
    path: &str,
) -> Result<Map<String, Value>, SchemaError> {
    let operation = operation(document, "get", path)?;
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut defs = Map::new();
    for parameter in operation
        .get("parameters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|parameter| parameter["in"] == "query")
    {
        let Some(name) = parameter["name"].as_str() else {
            continue;
        };
        let mut schema = parameter
            .get("schema")
            .cloned()
            .unwrap_or(Value::Bool(true));
        if let (Some(description), Value::Object(fields)) =
            (parameter.get("description"), &mut schema)
        {
            fields
                .entry("description")
                .or_insert_with(|| description.clone());
        }
        properties.insert(
            name.to_owned(),
            self_contained(document, schema, &mut defs)?,
        );
        if parameter["required"] == Value::Bool(true) {
            required.push(Value::String(name.to_owned()));
        }
    }
    let mut root = Map::new();
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), Value::Object(properties));
    root.insert("required".into(), Value::Array(required));
    // The REST endpoint refuses an unknown parameter; saying so here lets a client check first.
    root.insert("additionalProperties".into(), Value::Bool(false));
    let mut root = Value::Object(root);
    Ok(with_defs(&mut root, defs))
}

fn operation<'d>(
    document: &'d Value,
    method: &'static str,
    path: &str,
) -> Result<&'d Value, SchemaError> {
    document
        .get("paths")
        .and_then(|paths| paths.get(path))
        .and_then(|item| item.get(method))
        .ok_or_else(|| SchemaError::NoOperation {
            method,
            path: path.to_owned(),
        })
}

fn component<'d>(document: &'d Value, reference: &str) -> Result<&'d Value, SchemaError> {
    reference
        .strip_prefix(COMPONENT_PREFIX)
        .and_then(|name| document.pointer(&format!("/components/schemas/{name}")))
        .ok_or_else(|| SchemaError::UnknownComponent(reference.to_owned()))
}

/// `schema` with its references rewritten to `#/$defs/…`, and every component it reaches (through
/// others too) copied into `defs`.
fn self_contained(
    document: &Value,
    mut schema: Value,
    defs: &mut Map<String, Value>,
) -> Result<Value, SchemaError> {
    let mut pending = Vec::new();
    rewrite_references(&mut schema, &mut pending);
    while let Some(reference) = pending.pop() {
        let name = reference.trim_start_matches(COMPONENT_PREFIX).to_owned();
        if defs.contains_key(&name) {
            continue;
        }
        let mut copied = component(document, &reference)?.clone();
        rewrite_references(&mut copied, &mut pending);
        defs.insert(name, copied);
    }
    Ok(schema)
}

/// Points every `$ref` in `value` at `$defs`, and collects the components they name.
fn rewrite_references(value: &mut Value, found: &mut Vec<String>) {
    match value {
        Value::Object(fields) => {
            for (key, field) in fields.iter_mut() {
                match field {
                    Value::String(reference)
                        if key == "$ref" && reference.starts_with(COMPONENT_PREFIX) =>
                    {
                        found.push(reference.clone());
                        *reference = reference.replacen(COMPONENT_PREFIX, DEFS_PREFIX, 1);
                    }
                    _ => rewrite_references(field, found),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                rewrite_references(item, found);
            }
        }
        _ => {}
    }
}

/// The root object with its definitions beside it, and `"type": "object"` said at the root,
/// which MCP clients require even of a root that is a union of objects.
fn with_defs(root: &mut Value, defs: Map<String, Value>) -> Map<String, Value> {
    let mut root = match root.take() {
        Value::Object(fields) => fields,
        other => {
            let mut fields = Map::new();
            fields.insert("allOf".into(), Value::Array(vec![other]));
            fields
        }
    };
    root.entry("type").or_insert_with(|| "object".into());
    if !defs.is_empty() {
        root.insert("$defs".into(), Value::Object(defs));
    }
    root
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn document() -> Value {
        json!({
            "paths": {
                "/v1/x": {
                    "post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/X"}}}}},
                    "get": {"parameters": [
                        {"name": "q", "in": "query", "required": true, "description": "What.", "schema": {"type": "string"}},
                        {"name": "when", "in": "query", "schema": {"$ref": "#/components/schemas/When"}},
                        {"name": "X-Header", "in": "header", "schema": {"type": "string"}}
                    ]}
                }
            },
            "components": {"schemas": {
                "X": {"type": "object", "properties": {"a": {"$ref": "#/components/schemas/A"}, "list": {"type": "array", "items": {"$ref": "#/components/schemas/A"}}}},
                "A": {"oneOf": [{"$ref": "#/components/schemas/B"}, {"type": "number"}]},
                "B": {"type": "object", "properties": {"again": {"$ref": "#/components/schemas/A"}}},
                "When": {"type": "string", "format": "date-time"},
                "Unused": {"type": "string"}
            }}
        })
    }

    #[test]
    fn a_body_schema_carries_every_component_it_reaches_and_no_other() {
        let schema = Value::Object(request_body_schema(&document(), "/v1/x").unwrap());
        assert_eq!(schema["type"], "object");
        assert_eq!(schema["properties"]["a"]["$ref"], "#/$defs/A");
        assert_eq!(schema["properties"]["list"]["items"]["$ref"], "#/$defs/A");
        let defs = schema["$defs"].as_object().unwrap();
        let names: Vec<&str> = defs.keys().map(String::as_str).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_eq!(defs["A"]["oneOf"][0]["$ref"], "#/$defs/B");
        assert_eq!(defs["B"]["properties"]["again"]["$ref"], "#/$defs/A");
        assert!(!schema.to_string().contains("#/components/"));
    }

    #[test]
    fn query_parameters_become_an_object_with_the_required_ones_listed() {
        let schema = Value::Object(query_schema(&document(), "/v1/x").unwrap());
        assert_eq!(schema["required"], json!(["q"]));
        assert_eq!(schema["properties"]["q"]["description"], "What.");
        assert_eq!(schema["properties"]["when"]["$ref"], "#/$defs/When");
        assert!(schema["properties"].get("X-Header").is_none());
        assert_eq!(schema["additionalProperties"], false);
    }

    #[test]
    fn a_missing_operation_or_reference_is_an_error() {
        assert!(request_body_schema(&document(), "/v1/none").is_err());
        let mut broken = document();
        broken["components"]["schemas"]
            .as_object_mut()
            .unwrap()
            .remove("B");
        assert!(matches!(
            request_body_schema(&broken, "/v1/x"),
            Err(SchemaError::UnknownComponent(_))
        ));
    }
}
