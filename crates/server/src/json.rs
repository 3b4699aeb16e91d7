//! Our own JSON and query extractors: every rejection becomes a 400 `invalid_input` that names
//! the field path, never axum's plain-text 415/422.

use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
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

async fn json_bytes<S: Send + Sync>(request: Request, state: &S) -> Result<Bytes, ApiError> {
    if let Some(content_type) = request.headers().get(header::CONTENT_TYPE) {
        let text = content_type.to_str().unwrap_or("");
        if !is_json_media_type(text) {
            return Err(ApiError::unsupported_media_type(text));
        }
    }
    Bytes::from_request(request, state)
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
        })
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

/// Parses JSON, naming the path of the field that failed (`birth.location.latitude: ...`).
pub(crate) fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let deserializer = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(deserializer).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            ApiError::invalid_input(format!("the request body is not valid JSON: {inner}"))
        } else if path == "." {
            ApiError::invalid_input(format!("request body: {inner}"))
        } else {
            ApiError::invalid_input(format!("{path}: {inner}"))
        }
    })
}

/// Query parameters, with the same 400 on failure.
#[derive(Debug)]
pub struct QueryParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryParams<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(value)| QueryParams(value))
            .map_err(|rejection| {
                let text = rejection.body_text();
                let detail = text
                    .strip_prefix("Failed to deserialize query string: ")
                    .unwrap_or(&text);
                ApiError::invalid_input(format!("query string: {detail}"))
            })
    }
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
