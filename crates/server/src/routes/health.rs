use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::app::AppState;

/// The database must answer a trivial query within this time for the service to be healthy.
const DATABASE_DEADLINE: Duration = Duration::from_secs(1);

#[derive(Debug, Serialize)]
pub(crate) struct Health {
    status: &'static str,
    database: &'static str,
    timestamp: String,
    version: &'static str,
    ephemeris_data: String,
    tz_data: &'static str,
}

/// `GET /v1/health`: public; 200 when the database answers, 503 (same shape) when it does not.
pub(crate) async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let database_answers = matches!(
        tokio::time::timeout(DATABASE_DEADLINE, state.key_store().ping()).await,
        Ok(Ok(()))
    );
    let (status, database, code) = if database_answers {
        ("ok", "ok", StatusCode::OK)
    } else {
        (
            "unavailable",
            "unreachable",
            StatusCode::SERVICE_UNAVAILABLE,
        )
    };
    let timestamp = jiff::Timestamp::now()
        .round(jiff::Unit::Second)
        .unwrap_or_else(|_| jiff::Timestamp::now())
        .to_string();
    (
        code,
        Json(Health {
            status,
            database,
            timestamp,
            version: env!("CARGO_PKG_VERSION"),
            ephemeris_data: state.ephemeris().data_version().to_owned(),
            tz_data: orrery_api::tz_data_version(),
        }),
    )
}
