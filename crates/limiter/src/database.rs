use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::{Arc, Mutex};

use orrery_store::{Database, WindowCount};
use tokio::sync::oneshot;

use crate::{
    Change, Decision, LimitSource, LimiterError, RateLimiter, UnixSeconds, WINDOW_MINUTES,
};

/// The fallback table in the service's database: slower than memory or Redis, but shared by all
/// instances and always there when the database is.
///
/// Concurrent requests for one key are decided together: while one transaction for the key is
/// under way, the requests that arrive wait for it and then go in the next transaction, as one
/// batch. A burst on one key costs each instance a few transactions, not one per request queued
/// behind the key's row lock.
#[derive(Debug, Clone)]
pub struct DatabaseLimiter {
    database: Database,
    batches: Arc<Mutex<HashMap<BatchKey, Vec<Waiter>>>>,
}

/// Requests that may share a transaction: one key, one limit, one minute.
type BatchKey = (i64, i64, i64);
type Waiter = oneshot::Sender<Result<WindowCount, String>>;

impl DatabaseLimiter {
    pub fn new(database: Database) -> Self {
        Self {
            database,
            batches: Arc::default(),
        }
    }
}

/// Decides the batches of one key until no request waits. Spawned, so a request that gives up
/// (its deadline) never leaves the others without a runner.
async fn run_batches(
    database: Database,
    batches: Arc<Mutex<HashMap<BatchKey, Vec<Waiter>>>>,
    batch: BatchKey,
) {
    let (key_id, limit, minute) = batch;
    loop {
        let waiting: Vec<Waiter> = {
            let mut all = lock(&batches);
            let Some(queue) = all.get_mut(&batch) else {
                return;
            };
            // Requests that gave up are not counted.
            queue.retain(|waiter| !waiter.is_closed());
            if queue.is_empty() {
                all.remove(&batch);
                return;
            }
            std::mem::take(queue)
        };
        let attempts = i64::try_from(waiting.len()).unwrap_or(i64::MAX);
        let counted = database
            .hit_rate_window_batch(key_id, limit, minute, WINDOW_MINUTES, attempts)
            .await
            .map_err(|error| error.to_string());
        for (index, waiter) in (0_i64..).zip(waiting) {
            let _ = waiter.send(
                counted
                    .as_ref()
                    .map(|count| count.attempt(index))
                    .map_err(String::clone),
            );
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // The map holds queues of senders; a panic elsewhere cannot leave it half-written.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl DatabaseLimiter {
    /// A hit, batched with the other hits of the same key and minute (one transaction for the
    /// batch, see `run_batches`).
    async fn count(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
    ) -> Result<Decision, LimiterError> {
        let batch = (key_id, limit, now.minute());
        let (sender, answer) = oneshot::channel();
        let lead = match lock(&self.batches).entry(batch) {
            Entry::Occupied(mut queue) => {
                queue.get_mut().push(sender);
                false
            }
            Entry::Vacant(queue) => {
                queue.insert(vec![sender]);
                true
            }
        };
        if lead {
            tokio::spawn(run_batches(
                self.database.clone(),
                Arc::clone(&self.batches),
                batch,
            ));
        }
        let count = answer
            .await
            .map_err(|_| LimiterError::Unavailable("the rate-limit batch was dropped".into()))?
            .map_err(|error| LimiterError::Unavailable(format!("rate-limit database: {error}")))?;
        Ok(Decision::from_window(
            count.admitted,
            count.hits,
            count.oldest_minute,
            limit,
            now,
            LimitSource::Database,
        ))
    }
}

#[async_trait::async_trait]
impl RateLimiter for DatabaseLimiter {
    /// A hit is batched ([`DatabaseLimiter::count`]); a peek or a refund is one transaction of
    /// its own (they are rare next to hits, and a refund must not wait for a batch of hits that
    /// may be refused).
    async fn decide(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
        change: Change,
    ) -> Result<Decision, LimiterError> {
        let count = match change {
            Change::Count => return self.count(key_id, limit, now).await,
            Change::Peek => self
                .database
                .hit_rate_window_batch(key_id, limit, now.minute(), WINDOW_MINUTES, 0)
                .await
                .map(|batch| batch.attempt(0)),
            Change::GiveBack { minute } => {
                self.database
                    .give_back_rate_window(key_id, minute, now.minute(), WINDOW_MINUTES)
                    .await
            }
        }
        .map_err(|error| LimiterError::Unavailable(format!("rate-limit database: {error}")))?;
        Ok(Decision::from_window(
            true,
            count.hits,
            count.oldest_minute,
            limit,
            now,
            LimitSource::Database,
        ))
    }
}
