//! The one error type at the edge of the service, and the layer that renders every error status
//! (ours, axum's and tower-http's alike) as the error object.

use std::fmt::Display;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use orrery_api::error::{ErrorCode, ErrorDetails};
use serde::Serialize;
use utoipa::ToSchema;

use crate::json::BODY_LIMIT_BYTES;

/// The body of every error response
/// (`{"error": {code, message, field?, details?, request_id, doc_url}}`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ErrorObject {
    pub error: ErrorDetail,
}

/// What went wrong.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ErrorDetail {
    /// Machine-readable; `docs/API-DESIGN.md` says when each code is used.
    pub code: ErrorCode,
    /// For people; a 400 starts with the field path and states the rule.
    #[schema(example = "birth.location.latitude must be between -90 and 90 (got 91.5)")]
    pub message: String,
    /// The field the error is about: the dotted path in the JSON body as the deserialiser
    /// reports it (`birth.location.latitude`, `bodies[2]`), or a query parameter's name. Left
    /// out when no single field is to blame.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "birth.location.latitude")]
    pub field: Option<String>,
    /// Machine-readable details: `candidates` for a gap or fold, `accepted` for an unknown
    /// name, `limit` and `requested` for an exceeded limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<ErrorDetails>,
    /// The request's id (also in the `X-Request-Id` header), for support.
    #[schema(format = "uuid")]
    pub request_id: String,
    /// The code's entry on the service's error-codes page: what it means and what to do. A
    /// URL relative to the service's own origin (`/docs/errors#rate_limited`): resolve it
    /// against the URL the request was sent to. Relative because the service cannot know the
    /// address its clients reach it by behind a proxy.
    #[schema(example = "/docs/errors#invalid_input")]
    pub doc_url: String,
}

/// An error answered to a client. Each constructor documents its status; the body is rendered
/// by [`render_error_body`] once the request id is known.
#[derive(Debug, Clone)]
pub struct ApiError {
    status: StatusCode,
    body: ErrorBody,
    /// Sent as `Retry-After` (503 `overloaded`).
    retry_after_secs: Option<u64>,
}

/// The code, message, field and details of an error response, carried from the handler to the
/// edge layer (which adds the request id).
#[derive(Debug, Clone)]
pub(crate) struct ErrorBody {
    pub(crate) code: ErrorCode,
    pub(crate) message: String,
    pub(crate) field: Option<String>,
    pub(crate) details: Option<ErrorDetails>,
}

impl ErrorBody {
    fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            field: None,
            details: None,
        }
    }
}

impl ApiError {
    fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        debug_assert_eq!(status.as_u16(), code.status(), "{code:?}");
        Self {
            status,
            body: ErrorBody::new(code, message),
            retry_after_secs: None,
        }
    }

    /// Adds `Retry-After: secs` to the response.
    #[must_use]
    pub fn with_retry_after(mut self, secs: u64) -> Self {
        self.retry_after_secs = Some(secs);
        self
    }

    pub fn retry_after(&self) -> Option<u64> {
        self.retry_after_secs
    }

    /// 400 `invalid_input`: the request broke a rule; the message states the rule.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidInput, message)
    }

    /// [`Self::invalid_input`] about one field: its dotted path (`birth.location.latitude`), or
    /// a query parameter's name.
    pub fn invalid_field(field: &str, message: impl Into<String>) -> Self {
        let mut error = Self::invalid_input(message);
        error.body.field = Some(field.to_owned());
        error
    }

    /// 401: no key, an unknown key or a revoked key.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthorized, message)
    }

    /// 404: no such path.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
    }

    /// 413: the body is larger than the service accepts.
    pub fn payload_too_large(limit_bytes: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::PayloadTooLarge,
            payload_too_large_message(limit_bytes),
        )
    }

    /// 415: a body declared as something other than JSON (`got`), or not declared at all.
    pub fn unsupported_media_type(got: Option<&str>) -> Self {
        let got = got.map_or_else(|| "no Content-Type header".to_owned(), |t| format!("{t:?}"));
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::UnsupportedMediaType,
            format!(
                "the request body must be JSON with Content-Type: application/json (got {got})"
            ),
        )
    }

    /// 429: the plan's hourly limit is used up; the caller adds `Retry-After`.
    pub fn rate_limited(limit: i64, retry_after_secs: i64) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RateLimited,
            format!(
                "the key's plan allows {limit} requests per hour; retry in {retry_after_secs} s"
            ),
        )
    }

    /// 429 `rate_limited` for an address that failed authentication too often; `Retry-After`
    /// is set.
    pub fn too_many_failed_authentications(retry_after_secs: u64) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RateLimited,
            format!(
                "too many requests without a valid API key from this address; retry in {retry_after_secs} s"
            ),
        )
        .with_retry_after(retry_after_secs)
    }

    /// 500: logs the cause once, here, and shows the client nothing of it.
    pub fn internal(cause: impl Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::InternalError,
            "the service failed to answer; the request id identifies the failure for support",
        )
    }

    /// 503: a backend the request needs is unreachable.
    pub fn service_unavailable(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::ServiceUnavailable,
            message,
        )
    }

    /// 503 `overloaded`: the calculation capacity (global, or this key's share of the expensive
    /// capacity) is full; the caller adds `Retry-After`. Never used for the plan's hourly limit,
    /// which is 429 `rate_limited`.
    pub fn overloaded(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Overloaded,
            message,
        )
    }

    /// 504: the calculation did not finish within the service's time limit.
    pub fn timeout(limit_secs: u64) -> Self {
        Self::new(
            StatusCode::GATEWAY_TIMEOUT,
            ErrorCode::Timeout,
            format!("the request did not finish within {limit_secs} s"),
        )
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &'static str {
        self.body.code.as_str()
    }

    pub fn message(&self) -> &str {
        &self.body.message
    }

    /// The field the error is about, if one is to blame.
    pub fn field(&self) -> Option<&str> {
        self.body.field.as_deref()
    }
}

/// The 413 message, in the unit the documentation uses (64 KiB).
fn payload_too_large_message(limit_bytes: usize) -> String {
    format!(
        "the request body must be at most {} KiB ({limit_bytes} bytes)",
        limit_bytes / 1024
    )
}

impl Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}): {}",
            self.status,
            self.code(),
            self.body.message
        )
    }
}

impl From<orrery_api::ApiInputError> for ApiError {
    fn from(error: orrery_api::ApiInputError) -> Self {
        Self {
            status: if error.code == ErrorCode::NotFound {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::BAD_REQUEST
            },
            body: ErrorBody {
                code: error.code,
                message: error.message.into(),
                field: error.field.map(Into::into),
                details: error.details,
            },
            retry_after_secs: None,
        }
    }
}

impl From<orrery_api::CalcFailure> for ApiError {
    fn from(failure: orrery_api::CalcFailure) -> Self {
        match failure {
            orrery_api::CalcFailure::Input(error) => error.into(),
            orrery_api::CalcFailure::Internal(cause) => Self::internal(cause),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = self.status.into_response();
        if let Some(secs) = self.retry_after_secs {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response.extensions_mut().insert(self.body);
        response
    }
}

/// The code and message for an error status that arrived without our error object (axum's
/// 405, tower-http's 413, a caught panic's 500).
fn bare_status_body(status: StatusCode) -> ErrorBody {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return ErrorBody::new(
            ErrorCode::PayloadTooLarge,
            payload_too_large_message(BODY_LIMIT_BYTES),
        );
    }
    let (code, message) = match status {
        StatusCode::BAD_REQUEST => (ErrorCode::InvalidInput, "the request is malformed"),
        StatusCode::UNAUTHORIZED => (
            ErrorCode::Unauthorized,
            "a valid X-API-Key header is required",
        ),
        StatusCode::NOT_FOUND => (ErrorCode::NotFound, "no such path"),
        StatusCode::METHOD_NOT_ALLOWED => (
            ErrorCode::MethodNotAllowed,
            "this path does not accept this method; the Allow header lists the ones it does",
        ),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (
            ErrorCode::UnsupportedMediaType,
            "the request body must be JSON with Content-Type: application/json",
        ),
        StatusCode::REQUEST_TIMEOUT | StatusCode::GATEWAY_TIMEOUT => {
            (ErrorCode::Timeout, "the request did not finish in time")
        }
        StatusCode::TOO_MANY_REQUESTS => (ErrorCode::RateLimited, "too many requests"),
        StatusCode::SERVICE_UNAVAILABLE => {
            (ErrorCode::ServiceUnavailable, "the service is unavailable")
        }
        s if s.is_client_error() => (ErrorCode::InvalidInput, "the request was refused"),
        _ => (
            ErrorCode::InternalError,
            "the service failed to answer; the request id identifies the failure for support",
        ),
    };
    ErrorBody::new(code, message)
}

/// Gives an error response the error object: `{"error": {code, message, request_id}}`.
/// A JSON body a handler chose on purpose (the health check's 503) is left as it is; plain-text
/// bodies from the framework's layers are replaced.
pub(crate) fn render_error_body(response: Response, request_id: &str) -> Response {
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if is_json && response.extensions().get::<ErrorBody>().is_none() {
        return response;
    }
    let (mut parts, _) = response.into_parts();
    let body = parts
        .extensions
        .remove::<ErrorBody>()
        .unwrap_or_else(|| bare_status_body(parts.status));
    let json = serde_json::to_string(&ErrorObject {
        error: ErrorDetail {
            code: body.code,
            message: body.message,
            field: body.field,
            details: body.details,
            request_id: request_id.to_owned(),
            doc_url: crate::routes::error_codes::doc_url(body.code),
        },
    })
    .unwrap_or_default();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, axum::body::Body::from(json))
}
