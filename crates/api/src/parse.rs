//! Parsing a request at the serde boundary: the deserialiser's path names the field of every
//! error (`birth.location.latitude`, `bodies[2]`), and the types that validate themselves (see
//! [`crate::bounded`]) state their rule in the same words as the checks after parsing.
//!
//! The server's JSON extractor calls [`json_body`]; the tests of the request types call
//! [`json_value`], so validation is tested at the type level without a server.

use serde::de::DeserializeOwned;

use crate::error::ApiInputError;
use crate::json_types::SchemaTypes;
use crate::names::unknown_name_kind;

/// serde_json's message for a number beyond the range of its type (`1e400`, or an integer
/// past 2^64).
const NUMBER_OUT_OF_RANGE: &str = "number out of range";

/// The rule such a number breaks, in the words of the other field rules.
const NUMBER_RULE: &str = "must be a number within the range of a 64-bit float (magnitude below \
                           1.8e308) and of the field (got a number out of range)";

/// Parses a JSON request body that must be an object, as must every struct in it
/// ([`SchemaTypes`]).
///
/// # Errors
/// Not JSON, not an object, or a field that fails to deserialise or validate, named by its
/// path.
pub fn json_body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiInputError> {
    if let Some(kind) = non_object_kind(bytes) {
        return Err(ApiInputError::new(format!(
            "the request body must be a JSON object ({{...}}), not {kind}"
        )));
    }
    let deserializer = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(SchemaTypes(deserializer)).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        // serde_json appends the position to every message; the path says where already.
        let position = format!(" at line {} column {}", inner.line(), inner.column());
        let text = inner.to_string();
        let bare = text.strip_suffix(&position).unwrap_or(&text);
        // JSON's grammar allows `1e400`; a 64-bit float does not. serde_json calls that a
        // syntax error, but it is one value's fault, and the path names it.
        if bare == NUMBER_OUT_OF_RANGE && path != "." {
            return ApiInputError::field(&path, NUMBER_RULE);
        }
        if inner.is_syntax() || inner.is_eof() {
            return ApiInputError::new(format!("the request body is not valid JSON: {inner}"));
        }
        from_serde(&path, bare)
    })
}

/// Parses a request from a JSON value, as [`json_body`] does from bytes (for tests).
///
/// # Errors
/// As [`json_body`].
pub fn json_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiInputError> {
    serde_path_to_error::deserialize(SchemaTypes(value)).map_err(|error| {
        let path = error.path().to_string();
        from_serde(&path, &error.into_inner().to_string())
    })
}

/// The error for a serde failure at `path` (of a body or a query string): a rule of a
/// self-validating type (`must …`, `may …`) reads `<path> <rule>`, like the checks after
/// parsing; a missing field reads `<path> is required`; anything else reads
/// `<path>: <what serde found>`. An unknown catalogue name ([`crate::names`]) is `unknown_name`
/// with the accepted names.
#[must_use]
pub fn from_serde(path: &str, message: &str) -> ApiInputError {
    let field = field_of(path, message);
    let mut error = match &field {
        Some(field) if message.starts_with("missing field `") => {
            ApiInputError::field(field, "is required")
        }
        _ if message.starts_with("must ") || message.starts_with("may ") => {
            ApiInputError::field(path, message)
        }
        _ if path == "." => ApiInputError::new(format!("request body: {message}")),
        _ => ApiInputError::labelled(path, message),
    };
    if let Some(kind) = unknown_name_kind(message) {
        error = error.unknown(kind.accepted_names());
    }
    match field {
        Some(field) => error.at(&field),
        None => ApiInputError {
            field: None,
            ..error
        },
    }
}

/// The field an error is about: the deserialiser's path, extended by the field a struct-level
/// message names ("missing field `datetime`", "unknown field `x`, expected ..."), which serde
/// reports at the struct's own path, one level above the field.
#[must_use]
pub fn field_of(path: &str, message: &str) -> Option<String> {
    let named = message
        .split_once("missing field `")
        .or_else(|| message.split_once("unknown field `"))
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(name, _)| name);
    match (path, named) {
        (".", None) => None,
        (".", Some(name)) => Some(name.to_owned()),
        (path, Some(name)) if path != name && !path.ends_with(&format!(".{name}")) => {
            Some(format!("{path}.{name}"))
        }
        (path, _) => Some(path.to_owned()),
    }
}

/// What a JSON body that is not an object starts with, judged by its first character: serde
/// would otherwise read an array as a struct's fields in order (`[null, null]` as two fields
/// left unset), a reading no client means.
fn non_object_kind(bytes: &[u8]) -> Option<&'static str> {
    match bytes.iter().find(|b| !b.is_ascii_whitespace())? {
        b'{' => None,
        b'[' => Some("an array"),
        b'"' => Some("a string"),
        b't' | b'f' => Some("a boolean"),
        b'n' => Some("null"),
        b'-' | b'0'..=b'9' => Some("a number"),
        // Not JSON at all: the parser's syntax error says where.
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code, reason = "fields exist to be deserialised")]
    struct Outer {
        inner: Inner,
        list: Option<Vec<f64>>,
        #[serde(default)]
        nested: Vec<Inner>,
        #[serde(default)]
        maybe: Option<Inner>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code, reason = "fields exist to be deserialised")]
    struct Inner {
        value: f64,
        count: Option<u32>,
    }

    #[test]
    fn a_number_out_of_range_names_its_field() {
        for (body, field) in [
            (&br#"{"inner": {"value": 1e400}}"#[..], "inner.value"),
            (br#"{"inner": {"value": -1e400}}"#, "inner.value"),
            (br#"{"inner": {"value": 1, "count": 1e400}}"#, "inner.count"),
            (
                br#"{"inner": {"value": 1}, "list": [1, 2, 1e999]}"#,
                "list[2]",
            ),
        ] {
            let error = json_body::<Outer>(body).unwrap_err();
            assert_eq!(error.field.as_deref(), Some(field), "{}", error.message);
            assert_eq!(
                error.message,
                format!("{field} {NUMBER_RULE}"),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn a_struct_given_as_an_array_is_refused_at_its_field() {
        for (body, field) in [
            (&br#"{"inner": [1, 2]}"#[..], "inner"),
            (br#"{"inner": [null, null]}"#, "inner"),
            (br#"{"inner": {"value": 1}, "nested": [[1]]}"#, "nested[0]"),
            (br#"{"inner": {"value": 1}, "maybe": [1]}"#, "maybe"),
        ] {
            let error = json_body::<Outer>(body).unwrap_err();
            assert_eq!(error.field.as_deref(), Some(field), "{}", error.message);
            assert_eq!(error.message, format!("{field} must be an object"));
            let value = serde_json::from_slice(body).unwrap();
            let error = json_value::<Outer>(value).unwrap_err();
            assert_eq!(error.message, format!("{field} must be an object"));
        }
        // The same structs as objects, and lists of numbers, still read.
        let outer: Outer = json_body(
            br#"{"inner": {"value": 1}, "list": [1, 2], "nested": [{"value": 2}], "maybe": {"value": 3}}"#,
        )
        .unwrap();
        assert_eq!(outer.nested.len(), 1);
    }

    #[test]
    fn an_integer_may_be_written_as_a_float_without_a_fraction() {
        // JSON Schema's `integer` includes 3.0; a fraction or a sign the type cannot hold is
        // still refused, at the field.
        let outer: Outer = json_body(br#"{"inner": {"value": 1, "count": 3.0}}"#).unwrap();
        assert_eq!(outer.inner.count, Some(3));
        for body in [
            &br#"{"inner": {"value": 1, "count": 3.5}}"#[..],
            br#"{"inner": {"value": 1, "count": -1.0}}"#,
            br#"{"inner": {"value": 1, "count": 4294967296.0}}"#,
        ] {
            let error = json_body::<Outer>(body).unwrap_err();
            assert_eq!(
                error.field.as_deref(),
                Some("inner.count"),
                "{}",
                error.message
            );
        }
    }

    #[test]
    fn a_syntax_error_is_still_about_the_body() {
        let error = json_body::<Outer>(br#"{"inner": {"value": 1e}}"#).unwrap_err();
        assert!(
            error
                .message
                .starts_with("the request body is not valid JSON"),
            "{}",
            error.message
        );
        assert_eq!(error.field, None);
    }
}
