#![forbid(unsafe_code)]
//! Hourly rate limits per API key over a sliding window.
//!
//! The window is the last 60 minutes, kept as one counter per key and minute: exact to the
//! minute, cheap, and the same shape in process memory, in Redis (one Lua script) and in the
//! database fallback table (one transaction). A request is admitted while the window holds fewer
//! hits than the plan allows; `Retry-After` is the time until the oldest minute leaves the window.

mod database;
mod memory;
mod redis_store;
mod revocations;
mod window;

use std::fmt::Debug;

pub use database::DatabaseLimiter;
pub use memory::MemoryLimiter;
pub use redis_store::{DECISION_DEADLINE, LIVENESS, POLL_INTERVAL, RedisLimiter};
pub use revocations::Revocations;
pub use window::{Decision, LimitSource, UnixSeconds, WINDOW_MINUTES};

/// Why a limiter could not decide. The server answers 503 only if every backend failed.
#[derive(Debug, thiserror::Error)]
pub enum LimiterError {
    #[error("rate-limit database failed: {0}")]
    Database(#[from] orrery_store::StoreError),
    /// Neither store could decide (both unreachable, or a switch between them did not settle).
    #[error("no rate-limit store can decide: {0}")]
    Unavailable(String),
}

/// Counts one request for a key and decides whether it may pass.
#[async_trait::async_trait]
pub trait RateLimiter: Send + Sync + Debug {
    /// Records a hit for `key_id` at `now` if the key's last hour holds fewer than `limit` hits.
    ///
    /// # Errors
    /// Only when no backend could answer.
    async fn hit(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
    ) -> Result<Decision, LimiterError>;

    /// Called once when the service stops: write what is pending and leave shared state.
    async fn shutdown(&self) {}
}
