//! The one error type at the edge of the service, and the layer that renders every error status
//! (ours, axum's and tower-http's alike) as the error object.

use std::fmt::Display;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error response (`{"error": {code, message, request_id}}`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ErrorObject {
    pub error: ErrorDetail,
}

/// What went wrong.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ErrorDetail {
    /// Machine-readable: `invalid_input`, `unauthorized`, `not_found`, `method_not_allowed`,
    /// `payload_too_large`, `unsupported_media_type`, `rate_limited`, `internal_error`,
    /// `service_unavailable`, `overloaded` or `timeout`.
    #[schema(example = "invalid_input")]
    pub code: String,
    /// For people; a 400 starts with the field path and states the rule.
    #[schema(example = "birth.location.latitude must be between -90 and 90 (got 91.5)")]
    pub message: String,
    /// The request's id (also in the `X-Request-Id` header), for support.
    #[schema(format = "uuid")]
    pub request_id: String,
}

/// An error answered to a client. Each constructor documents its status; the body is rendered
/// by [`render_error_body`] once the request id is known.
#[derive(Debug, Clone)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    /// Sent as `Retry-After` (503 `overloaded`).
    retry_after_secs: Option<u64>,
}

/// The code and message of an error response, carried from the handler to the edge layer.
#[derive(Debug, Clone)]
pub(crate) struct ErrorBody {
    pub(crate) code: &'static str,
    pub(crate) message: String,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
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

    /// 400: the request broke a rule; the message names the field and the rule.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_input", message)
    }

    /// 401: no key, an unknown key or a revoked key.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// 404: no such path.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 413: the body is larger than the service accepts.
    pub fn payload_too_large(limit_bytes: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("the request body must be at most {limit_bytes} bytes"),
        )
    }

    /// 415: a body that is not JSON.
    pub fn unsupported_media_type(got: &str) -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            format!(
                "the request body must be JSON with Content-Type: application/json (got {got:?})"
            ),
        )
    }

    /// 429: the plan's hourly limit is used up; the caller adds `Retry-After`.
    pub fn rate_limited(limit: i64, retry_after_secs: i64) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "the key's plan allows {limit} requests per hour; retry in {retry_after_secs} s"
            ),
        )
    }

    /// 500: logs the cause once, here, and shows the client nothing of it.
    pub fn internal(cause: impl Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "the service failed to answer; the request id identifies the failure for support",
        )
    }

    /// 503: a backend the request needs is unreachable.
    pub fn service_unavailable(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "service_unavailable",
            message,
        )
    }

    /// 503 `overloaded`: the calculation capacity (global, or this key's share of the expensive
    /// capacity) is full; the caller adds `Retry-After`. Never used for the plan's hourly limit,
    /// which is 429 `rate_limited`.
    pub fn overloaded(message: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "overloaded", message)
    }

    /// 504: the calculation did not finish within the service's time limit.
    pub fn timeout(limit_secs: u64) -> Self {
        Self::new(
            StatusCode::GATEWAY_TIMEOUT,
            "timeout",
            format!("the request did not finish within {limit_secs} s"),
        )
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.status, self.code, self.message)
    }
}

impl From<orrery_api::ApiInputError> for ApiError {
    fn from(error: orrery_api::ApiInputError) -> Self {
        Self::invalid_input(error.message)
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
        response.extensions_mut().insert(ErrorBody {
            code: self.code,
            message: self.message,
        });
        response
    }
}

/// The code and message for an error status that arrived without our error object (axum's
/// 405, tower-http's 413, a caught panic's 500).
fn bare_status_body(status: StatusCode) -> ErrorBody {
    let (code, message) = match status {
        StatusCode::BAD_REQUEST => ("invalid_input", "the request is malformed"),
        StatusCode::UNAUTHORIZED => ("unauthorized", "a valid X-API-Key header is required"),
        StatusCode::NOT_FOUND => ("not_found", "no such path"),
        StatusCode::METHOD_NOT_ALLOWED => (
            "method_not_allowed",
            "this path does not accept this method; the Allow header lists the ones it does",
        ),
        StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", "the request body is too large"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (
            "unsupported_media_type",
            "the request body must be JSON with Content-Type: application/json",
        ),
        StatusCode::REQUEST_TIMEOUT | StatusCode::GATEWAY_TIMEOUT => {
            ("timeout", "the request did not finish in time")
        }
        StatusCode::TOO_MANY_REQUESTS => ("rate_limited", "too many requests"),
        StatusCode::SERVICE_UNAVAILABLE => ("service_unavailable", "the service is unavailable"),
        s if s.is_client_error() => ("invalid_input", "the request was refused"),
        _ => (
            "internal_error",
            "the service failed to answer; the request id identifies the failure for support",
        ),
    };
    ErrorBody {
        code,
        message: message.to_owned(),
    }
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
            code: body.code.to_owned(),
            message: body.message,
            request_id: request_id.to_owned(),
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
