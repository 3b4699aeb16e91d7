//! Key revocations pushed through Redis, so that every instance refuses a revoked key at once,
//! also while the database is unreachable (`docs/RATE-LIMITS.md`, "Revocations").
//!
//! `orrery keys revoke` writes the database first, then adds the key's id to a sorted set (score:
//! the time of the revocation) and publishes it on a channel. Every instance subscribes to the
//! channel and forgets the key's cached verification on the message; on every (re)subscription it
//! also reads the set, so a message missed while it was disconnected still arrives. While the
//! database is unreachable, a key answered from the grace period is also checked against the set.

use std::sync::Mutex;
use std::time::Duration;

use futures_util::StreamExt;
use redis::AsyncConnectionConfig;
use redis::aio::MultiplexedConnection;

/// A check of the set must not slow a request that is already answered from the grace period.
const CHECK_TIMEOUT: Duration = Duration::from_millis(150);
/// Revocations older than this are dropped from the set: far longer than any grace period.
const KEPT_FOR_SECS: i64 = 30 * 24 * 3600;
/// How long a lost subscription waits before it connects again.
const RESUBSCRIBE_PAUSE: Duration = Duration::from_millis(500);

/// The revocations in one Redis, under one key prefix.
#[derive(Debug)]
pub struct Revocations {
    client: redis::Client,
    set_key: String,
    channel: String,
    connection: Mutex<Option<MultiplexedConnection>>,
}

impl Revocations {
    /// # Errors
    /// A URL that is not a Redis URL.
    pub fn new(url: &str, key_prefix: &str) -> Result<Self, redis::RedisError> {
        Ok(Self {
            client: redis::Client::open(url)?,
            set_key: format!("{key_prefix}revoked"),
            channel: format!("{key_prefix}revocations"),
            connection: Mutex::new(None),
        })
    }

    /// Records that `key_id` was revoked at `now_unix` and tells every subscribed instance.
    ///
    /// # Errors
    /// Redis did not answer.
    pub async fn publish(&self, key_id: i64, now_unix: i64) -> Result<(), redis::RedisError> {
        let mut connection = self.client.get_multiplexed_async_connection().await?;
        redis::pipe()
            .atomic()
            .zadd(&self.set_key, key_id, now_unix)
            .ignore()
            .zrembyscore(&self.set_key, "-inf", now_unix - KEPT_FOR_SECS)
            .ignore()
            .publish(&self.channel, key_id)
            .ignore()
            .query_async::<()>(&mut connection)
            .await
    }

    /// Whether `key_id` was revoked; `None` when Redis does not answer in time.
    pub async fn is_revoked(&self, key_id: i64) -> Option<bool> {
        let cached = self.connection.lock().ok()?.clone();
        let mut connection = match cached {
            Some(connection) => connection,
            None => {
                let config = AsyncConnectionConfig::new()
                    .set_connection_timeout(Some(CHECK_TIMEOUT))
                    .set_response_timeout(Some(CHECK_TIMEOUT));
                let connection = tokio::time::timeout(
                    CHECK_TIMEOUT,
                    self.client
                        .get_multiplexed_async_connection_with_config(&config),
                )
                .await
                .ok()?
                .ok()?;
                *self.connection.lock().ok()? = Some(connection.clone());
                connection
            }
        };
        let mut command = redis::cmd("ZSCORE");
        command.arg(&self.set_key).arg(key_id);
        let asked = command.query_async::<Option<f64>>(&mut connection);
        match tokio::time::timeout(CHECK_TIMEOUT, asked).await {
            Ok(Ok(score)) => Some(score.is_some()),
            _ => {
                if let Ok(mut cached) = self.connection.lock() {
                    *cached = None;
                }
                None
            }
        }
    }

    /// Calls `revoked` with the ids of revoked keys: all of the set's on each (re)subscription,
    /// then each one published, for as long as the task runs.
    pub async fn listen(&self, revoked: impl Fn(&[i64]) + Send + Sync) {
        loop {
            if let Err(error) = self.listen_once(&revoked).await {
                tracing::debug!(%error, "revocation subscription lost; subscribing again");
            }
            tokio::time::sleep(RESUBSCRIBE_PAUSE).await;
        }
    }

    async fn listen_once(
        &self,
        revoked: &(impl Fn(&[i64]) + Send + Sync),
    ) -> Result<(), redis::RedisError> {
        let mut pubsub = self.client.get_async_pubsub().await?;
        pubsub.subscribe(&self.channel).await?;
        // Subscribed first, then read: a revocation published in between is seen at least once.
        let mut connection = self.client.get_multiplexed_async_connection().await?;
        let all: Vec<i64> = redis::cmd("ZRANGE")
            .arg(&self.set_key)
            .arg(0)
            .arg(-1)
            .query_async(&mut connection)
            .await?;
        if !all.is_empty() {
            revoked(&all);
        }
        let mut messages = pubsub.into_on_message();
        while let Some(message) = messages.next().await {
            match message.get_payload::<i64>() {
                Ok(key_id) => revoked(&[key_id]),
                Err(error) => tracing::warn!(%error, "unreadable revocation message"),
            }
        }
        Ok(())
    }
}
