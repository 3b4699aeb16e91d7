use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::app::AppState;

/// The database must answer a trivial query within this time for the service to be ready; a
/// probe of a frozen database then costs no more than this.
const DATABASE_DEADLINE: Duration = Duration::from_millis(500);

/// The service's state and the versions of its data.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Health {
    /// `ok` or `unavailable`.
    status: &'static str,
    /// `ok` or `unreachable`.
    database: &'static str,
    /// Now, UTC to the second.
    timestamp: String,
    /// The service's version.
    version: &'static str,
    /// The Swiss Ephemeris library version, the JPL DE number and a fingerprint of the data files.
    ephemeris_data: String,
    /// The release of the bundled tz database.
    tz_data: &'static str,
    /// The atlas' gazetteer: GeoNames, with the date of its newest record.
    gazetteer_data: &'static str,
    /// The release of the zone boundaries (timezone-boundary-builder, as tzf-rs bundles it).
    timezone_boundaries: &'static str,
}

/// `GET /v1/health` (readiness): public; 200 when the database answers, 503 (same shape) when it
/// does not.
#[utoipa::path(
    get,
    path = "/v1/health",
    tag = "General",
    summary = "Whether the service runs and its database answers (public, no key)",
    responses(
        (status = 200, description = "The service and its database answer.", body = Health),
        (status = 503, description = "The database does not answer within 0.5 s (same shape, `database: \"unreachable\"`).", body = Health),
    ),
)]
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
            gazetteer_data: orrery_api::gazetteer_version(),
            timezone_boundaries: orrery_api::boundaries_version(),
        }),
    )
}

/// The process serves requests.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Live {
    /// Always `ok`.
    status: &'static str,
    /// The service's version.
    version: &'static str,
}

/// `GET /v1/health/live` (liveness): public; 200 whenever the process answers at all, whatever
/// its database does, so that an orchestrator restarts only a process that hangs.
#[utoipa::path(
    get,
    path = "/v1/health/live",
    tag = "General",
    summary = "Whether the process serves requests (public, no key; does not ask the database)",
    responses(
        (status = 200, description = "The process serves requests.", body = Live),
    ),
)]
pub(crate) async fn live() -> Json<Live> {
    Json(Live {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    })
}
