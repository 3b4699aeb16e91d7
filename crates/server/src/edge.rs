//! The outermost layer: request ids, the error object for every error status, the default
//! `Cache-Control`, `X-Content-Type-Options: nosniff`, and one tracing span and metrics sample
//! per request.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;
use uuid::Uuid;

use crate::app::AppState;
use crate::error::render_error_body;

pub(crate) static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
pub(crate) static X_CONTENT_TYPE_OPTIONS: HeaderName =
    HeaderName::from_static("x-content-type-options");
/// Browsers must not guess a type other than the declared one (a JSON error echoing input is
/// then never run as a script or rendered as HTML).
pub(crate) const NOSNIFF: HeaderValue = HeaderValue::from_static("nosniff");

/// The request's id: the client's own UUID from `X-Request-Id`, or a new one.
#[derive(Debug, Clone, Copy)]
pub struct RequestId(pub Uuid);

pub(crate) async fn edge(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let request_id = request
        .headers()
        .get(&X_REQUEST_ID)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| Uuid::parse_str(value.trim()).ok())
        .unwrap_or_else(Uuid::new_v4);
    request.extensions_mut().insert(RequestId(request_id));
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_owned();
    let method = request.method().clone();
    let span = tracing::info_span!(
        "request",
        method = %method,
        route = %route,
        request_id = %request_id,
        client_id = tracing::field::Empty,
        status = tracing::field::Empty,
        duration_ms = tracing::field::Empty,
    );

    let mut response = next.run(request).instrument(span.clone()).await;

    let id_text = request_id.hyphenated().to_string();
    let status = response.status();
    if status.is_client_error() || status.is_server_error() {
        response = render_error_body(response, &id_text);
    }
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&id_text) {
        headers.insert(X_REQUEST_ID.clone(), value);
    }
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    headers.insert(X_CONTENT_TYPE_OPTIONS.clone(), NOSNIFF);

    let elapsed = started.elapsed();
    state
        .metrics()
        .observe_request(method.as_str(), &route, status.as_u16(), elapsed);
    span.record("status", status.as_u16());
    span.record("duration_ms", elapsed.as_secs_f64() * 1000.0);
    span.in_scope(|| tracing::debug!("request finished"));
    response
}
