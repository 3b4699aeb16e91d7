//! Prometheus metrics, served as text at `GET /metrics` on a listener of their own
//! (`ORRERY_METRICS_LISTEN`), never on the API listener.

use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::routing::get;
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder,
};

use crate::app::AppState;

/// The service's counters and histograms, registered in a registry of their own.
#[derive(Debug, Clone)]
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    duration: HistogramVec,
    rate_limited: IntCounterVec,
}

impl Metrics {
    /// # Panics
    /// Never in practice: the metric names are fixed and valid.
    pub fn new() -> Self {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new(
                "orrery_http_requests_total",
                "HTTP requests by route, method and status",
            ),
            &["route", "method", "status"],
        )
        .expect("valid metric");
        let duration = HistogramVec::new(
            HistogramOpts::new(
                "orrery_http_request_duration_seconds",
                "Time from request to response headers, by route, method and status",
            )
            .buckets(vec![
                0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                2.5, 5.0, 10.0, 30.0,
            ]),
            &["route", "method", "status"],
        )
        .expect("valid metric");
        let rate_limited = IntCounterVec::new(
            Opts::new(
                "orrery_rate_limit_rejections_total",
                "Requests refused with 429, by the limiter backend that refused them",
            ),
            &["source"],
        )
        .expect("valid metric");
        registry
            .register(Box::new(requests.clone()))
            .expect("unique metric");
        registry
            .register(Box::new(duration.clone()))
            .expect("unique metric");
        registry
            .register(Box::new(rate_limited.clone()))
            .expect("unique metric");
        Self {
            registry,
            requests,
            duration,
            rate_limited,
        }
    }

    pub(crate) fn observe_request(
        &self,
        method: &str,
        route: &str,
        status: u16,
        elapsed: Duration,
    ) {
        let status = status.to_string();
        self.requests
            .with_label_values(&[route, method, status.as_str()])
            .inc();
        self.duration
            .with_label_values(&[route, method, status.as_str()])
            .observe(elapsed.as_secs_f64());
    }

    pub(crate) fn observe_rate_limited(&self, source: &str) {
        self.rate_limited.with_label_values(&[source]).inc();
    }

    fn render(&self) -> String {
        let mut buffer = Vec::new();
        // Encoding into a Vec cannot fail for text.
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut buffer);
        String::from_utf8_lossy(&buffer).into_owned()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

#[utoipa::path(
    get,
    path = "/metrics",
    tag = "General",
    summary = "Prometheus metrics in the text format (only on the ORRERY_METRICS_LISTEN listener)",
    responses((status = 200, description = "The metrics.", content_type = "text/plain; version=0.0.4", body = String)),
)]
pub(crate) async fn metrics_handler(State(state): State<AppState>) -> impl IntoResponse {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; version=0.0.4"),
            ),
            (
                crate::edge::X_CONTENT_TYPE_OPTIONS.clone(),
                crate::edge::NOSNIFF,
            ),
        ],
        state.metrics().render(),
    )
}

/// The metrics listener's whole interface: `GET /metrics` of the service's own metrics.
pub fn metrics_app(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(metrics_handler))
        .with_state(state)
}
