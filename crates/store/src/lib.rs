#![forbid(unsafe_code)]
//! Persistent state of the service: plans, clients, API keys and the rate-limit fallback table.
//!
//! One SQL code path serves SQLite (the embedded default) and PostgreSQL (for many instances)
//! through sqlx's `Any` driver; the DDL lives in one migrations folder per backend.

mod database;
mod error;
mod keys;
mod plans;
mod rate_limit;

pub use database::{Backend, Database};
pub use error::StoreError;
pub use keys::{ApiKeySecret, Environment, KeyHash, KeyRecord, KeySummary, NewKey, Rotation};
pub use plans::Plan;
pub use rate_limit::{BatchCount, LedgerHits, LimiterMode, ModeView, WindowCount, WindowMinute};

#[cfg(feature = "testing")]
pub mod testing;
