#![forbid(unsafe_code)]
//! Hourly rate limits per API key over a sliding window.
//!
//! The window is the last 60 minutes, kept as one counter per key and minute: exact to the
//! minute, cheap, and the same shape in process memory, in Redis (one Lua script) and in the
//! database fallback table (one transaction). A request is admitted while the window holds fewer
//! hits than the plan allows; `Retry-After` is the time until the oldest minute leaves the window.
//!
//! Requests that must not use up the quota (a `304 Not Modified`, `GET /v1/me`) are handled in
//! two ways that never let a client past its limit: a request known to be free before it runs
//! only reads the window ([`RateLimiter::peek`]); a request that turns out free only once it has
//! answered is counted like any other and given back afterwards ([`RateLimiter::refund`]), so
//! the window holds it while it runs (docs/RATE-LIMITS.md).

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
pub use window::{Change, Decision, LimitSource, UnixSeconds, WINDOW_MINUTES};

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
///
/// A store implements one method, [`RateLimiter::decide`], which applies a [`Change`] to a key's
/// window; counting, peeking and giving back are that one method with each change.
#[async_trait::async_trait]
pub trait RateLimiter: Send + Sync + Debug {
    /// Applies `change` to the window of `key_id` at `now` and returns the window after it.
    ///
    /// # Errors
    /// Only when no backend could answer.
    async fn decide(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
        change: Change,
    ) -> Result<Decision, LimiterError>;

    /// Records a hit for `key_id` at `now` if the key's last hour holds fewer than `limit` hits.
    ///
    /// # Errors
    /// Only when no backend could answer.
    async fn hit(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
    ) -> Result<Decision, LimiterError> {
        self.decide(key_id, limit, now, Change::Count).await
    }

    /// The key's window at `now`, counting nothing: for requests that do not use up the quota.
    /// The decision is always `admitted`; `remaining` and `reset_secs` are the window's.
    ///
    /// # Errors
    /// Only when no backend could answer.
    async fn peek(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
    ) -> Result<Decision, LimiterError> {
        self.decide(key_id, limit, now, Change::Peek).await
    }

    /// Gives back one request admitted by [`RateLimiter::hit`] at `hit_at` (it answered 304), and
    /// returns the window at `now` after that. A request is given back only from the minute it
    /// was counted in, and only while that minute still holds one, so a refund never frees more
    /// than was counted; across a switch between stores it may find nothing to give back (then
    /// the client keeps the charge, never the other way round).
    ///
    /// # Errors
    /// Only when no backend could answer.
    async fn refund(
        &self,
        key_id: i64,
        limit: i64,
        hit_at: UnixSeconds,
        now: UnixSeconds,
    ) -> Result<Decision, LimiterError> {
        let change = Change::GiveBack {
            minute: hit_at.minute(),
        };
        self.decide(key_id, limit, now, change).await
    }

    /// Called once when the service stops: write what is pending and leave shared state.
    async fn shutdown(&self) {}
}
