/// Failures of the store, typed so that the server can tell a client error from an outage.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("unsupported database URL {url:?}: use sqlite://PATH or postgres://USER@HOST/DB")]
    UnsupportedUrl { url: String },
    #[error("unknown plan {code:?}; `orrery plans list` shows the plans")]
    UnknownPlan { code: String },
    #[error("invalid plan: {0}")]
    InvalidPlan(String),
    #[error("no API key with id {id}")]
    UnknownKey { id: i64 },
    #[error("key {id} cannot be rotated: {reason}")]
    NotRotatable { id: i64, reason: String },
    #[error("a row had an unexpected value: {0}")]
    Corrupt(String),
}
