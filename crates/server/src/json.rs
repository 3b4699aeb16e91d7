//! Our own JSON and query extractors: every rejection becomes a 400 `invalid_input` whose
//! `field` is the path the deserialiser reports (`birth.location.latitude`, `bodies[2]`, a query
//! parameter's name), never axum's plain-text 415/422.

use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header;
use axum::http::request::Parts;
use bytes::Bytes;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// Request bodies larger than this are refused with 413.
pub const BODY_LIMIT_BYTES: usize = 64 * 1024;

/// A required JSON body.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

/// A JSON body that may be left out entirely; an empty body means "all defaults".
#[derive(Debug)]
pub struct OptionalJsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = json_bytes(request, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(ApiError::invalid_input(
                "a JSON request body is required (see the API documentation for its fields)",
            ));
        }
        parse_json(&bytes).map(JsonBody)
    }
}

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for OptionalJsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = json_bytes(request, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJsonBody(T::default()));
        }
        parse_json(&bytes).map(OptionalJsonBody)
    }
}

/// The body's bytes, once its `Content-Type` says JSON. A body sent without a `Content-Type`
/// is refused too (415): a client that forgets the header (`curl -d` sends a form type, some
/// fetch wrappers send none) learns it at its first request, not when a proxy or a later
/// version reads the body differently. An empty body needs no type.
async fn json_bytes<S: Send + Sync>(request: Request, state: &S) -> Result<Bytes, ApiError> {
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|value| value.to_str().unwrap_or("").to_owned());
    if let Some(text) = &content_type
        && !is_json_media_type(text)
    {
        return Err(ApiError::unsupported_media_type(Some(text)));
    }
    let bytes = Bytes::from_request(request, state)
        .await
        .map_err(|rejection| match rejection {
            BytesRejection::FailedToBufferBody(failure)
                if failure.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE =>
            {
                ApiError::payload_too_large(BODY_LIMIT_BYTES)
            }
            other => {
                ApiError::invalid_input(format!("the request body could not be read: {other}"))
            }
        })?;
    if content_type.is_none() && !bytes.is_empty() {
        return Err(ApiError::unsupported_media_type(None));
    }
    Ok(bytes)
}

fn is_json_media_type(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Parses a JSON object body, naming the path of the field that failed
/// (`birth.location.latitude: ...`); see [`orrery_api::parse::json_body`].
pub(crate) fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    Ok(orrery_api::parse::json_body(bytes)?)
}

/// Query parameters, with the same 400 on failure.
#[derive(Debug)]
pub struct QueryParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryParams<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        parse_query(parts.uri.query().unwrap_or("")).map(QueryParams)
    }
}

/// Parses a query string; the error's field is the parameter's name.
fn parse_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let deserializer =
        serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(deserializer).map_err(|error| {
        let path = error.path().to_string();
        ApiError::from(orrery_api::parse::from_serde(
            &path,
            &error.into_inner().to_string(),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "fields exist to be deserialised")]
    struct Birth {
        location: Location,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "fields exist to be deserialised")]
    struct Location {
        latitude: f64,
    }

    #[test]
    fn wrong_types_name_the_field_path() {
        let err = parse_json::<Birth>(br#"{"location": {"latitude": "north"}}"#).unwrap_err();
        assert!(
            err.message().starts_with("location.latitude: invalid type"),
            "{}",
            err.message()
        );
        assert_eq!(err.code(), "invalid_input");
    }

    #[test]
    fn the_error_names_the_field_path() {
        let err = parse_json::<Birth>(br#"{"location": {"latitude": "north"}}"#).unwrap_err();
        assert_eq!(err.field(), Some("location.latitude"));
        let err = parse_json::<Birth>(br#"{"location": {}}"#).unwrap_err();
        assert_eq!(err.field(), Some("location.latitude"), "{}", err.message());
        let err = parse_json::<Birth>(br#"{"place": {}}"#).unwrap_err();
        assert_eq!(err.field(), Some("place"), "{}", err.message());
    }

    #[test]
    fn a_body_that_is_not_an_object_is_refused() {
        for (body, kind) in [
            (&b"[null, null]"[..], "an array"),
            (b" \n[]", "an array"),
            (b"null", "null"),
            (b"12", "a number"),
            (b"\"x\"", "a string"),
            (b"true", "a boolean"),
        ] {
            let err = parse_json::<Birth>(body).unwrap_err();
            assert_eq!(err.code(), "invalid_input");
            assert_eq!(
                err.message(),
                format!("the request body must be a JSON object ({{...}}), not {kind}")
            );
        }
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "fields exist to be deserialised")]
    struct Query {
        datetime: String,
        step: Option<f64>,
    }

    #[test]
    fn query_errors_name_the_parameter() {
        let err = parse_query::<Query>("").unwrap_err();
        assert_eq!(err.field(), Some("datetime"), "{}", err.message());
        let err = parse_query::<Query>("datetime=x&step=fast").unwrap_err();
        assert_eq!(err.field(), Some("step"), "{}", err.message());
        let err = parse_query::<Query>("datetime=x&when=now").unwrap_err();
        assert_eq!(err.field(), Some("when"), "{}", err.message());
        assert!(parse_query::<Query>("datetime=2024-01-01T00:00:00%2B01:00").is_ok());
    }

    #[test]
    fn syntax_errors_say_so() {
        let err = parse_json::<Birth>(br#"{"location": "#).unwrap_err();
        assert!(
            err.message()
                .starts_with("the request body is not valid JSON"),
            "{}",
            err.message()
        );
    }

    #[test]
    fn json_media_types() {
        assert!(is_json_media_type("application/json"));
        assert!(is_json_media_type("Application/JSON; charset=utf-8"));
        assert!(is_json_media_type("application/problem+json"));
        assert!(!is_json_media_type("text/plain"));
        assert!(!is_json_media_type("application/x-www-form-urlencoded"));
    }
}
