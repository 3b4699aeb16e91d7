use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

use crate::{
    DatabaseLimiter, Decision, LimitSource, LimiterError, RateLimiter, UnixSeconds, WINDOW_MINUTES,
};

/// One round trip: drop the minutes that left the window, count the rest, and record the hit if
/// there is room. Redis runs a script atomically, which makes the count exact under concurrency
/// across every instance that shares the server.
const WINDOW_SCRIPT: &str = r"
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local first = now - window + 1
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
local oldest = -1
for i = 1, #fields, 2 do
  local minute = tonumber(fields[i])
  if minute < first then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    total = total + tonumber(fields[i + 1])
    if oldest == -1 or minute < oldest then oldest = minute end
  end
end
local admitted = 0
if total < limit then
  redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
  redis.call('EXPIRE', KEYS[1], window * 60 + 60)
  total = total + 1
  admitted = 1
  if oldest == -1 or now < oldest then oldest = now end
end
return {admitted, total, oldest}
";

/// A slow Redis must not slow every request down: past this, the database answers instead.
const REDIS_TIMEOUT: Duration = Duration::from_millis(250);
/// While Redis is down, try to reconnect at most this often.
const RECONNECT_INTERVAL: Duration = Duration::from_secs(5);

/// Redis shared by many instances, with the database table as the fallback when Redis does not
/// answer (the response then says `X-RateLimit-Source: database`).
#[derive(Debug)]
pub struct RedisLimiter {
    client: redis::Client,
    key_prefix: String,
    script: redis::Script,
    connection: RwLock<Option<ConnectionManager>>,
    /// After a failed call, requests go straight to the database until then, so that an outage
    /// does not add Redis's time-out to every request.
    skip_redis_until: Mutex<Option<Instant>>,
    fallback: DatabaseLimiter,
}

impl RedisLimiter {
    /// Prepares the limiter; it connects on first use, so a Redis that is down at start does not
    /// stop the service.
    ///
    /// # Errors
    /// A URL that is not a Redis URL.
    pub fn new(
        url: &str,
        key_prefix: impl Into<String>,
        fallback: DatabaseLimiter,
    ) -> Result<Self, redis::RedisError> {
        Ok(Self {
            client: redis::Client::open(url)?,
            key_prefix: key_prefix.into(),
            script: redis::Script::new(WINDOW_SCRIPT),
            connection: RwLock::new(None),
            skip_redis_until: Mutex::new(None),
            fallback,
        })
    }

    async fn connection(&self) -> Option<ConnectionManager> {
        if let Some(connection) = read(&self.connection).clone() {
            return Some(connection);
        }
        // Claim the back-off window before trying, so that while Redis is down only one request
        // at a time waits for a connection; the others go straight to the database.
        *lock(&self.skip_redis_until) = Some(Instant::now() + RECONNECT_INTERVAL);
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(REDIS_TIMEOUT))
            .set_response_timeout(Some(REDIS_TIMEOUT))
            .set_number_of_retries(1);
        match ConnectionManager::new_with_config(self.client.clone(), config).await {
            Ok(connection) => {
                *self
                    .connection
                    .write()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(connection.clone());
                *lock(&self.skip_redis_until) = None;
                Some(connection)
            }
            Err(error) => {
                tracing::warn!(%error, "Redis is unreachable; rate limits use the database");
                None
            }
        }
    }

    async fn hit_redis(&self, key_id: i64, limit: i64, now: UnixSeconds) -> Option<Decision> {
        if lock(&self.skip_redis_until).is_some_and(|until| Instant::now() < until) {
            return None;
        }
        let decision = self.call_redis(key_id, limit, now).await;
        if decision.is_none() {
            *lock(&self.skip_redis_until) = Some(Instant::now() + RECONNECT_INTERVAL);
        }
        decision
    }

    async fn call_redis(&self, key_id: i64, limit: i64, now: UnixSeconds) -> Option<Decision> {
        let mut connection = self.connection().await?;
        let mut invocation = self.script.prepare_invoke();
        invocation
            .key(format!("{}{key_id}", self.key_prefix))
            .arg(now.minute())
            .arg(WINDOW_MINUTES)
            .arg(limit);
        let call = invocation.invoke_async::<(i64, i64, i64)>(&mut connection);
        match tokio::time::timeout(REDIS_TIMEOUT, call).await {
            Ok(Ok((admitted, hits, oldest))) => Some(Decision::from_window(
                admitted == 1,
                hits,
                (oldest >= 0).then_some(oldest),
                limit,
                now,
                LimitSource::Redis,
            )),
            Ok(Err(error)) => {
                tracing::warn!(%error, "Redis rate-limit call failed; using the database");
                None
            }
            Err(_) => {
                tracing::warn!("Redis rate-limit call timed out; using the database");
                None
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn read<T: Clone>(lock: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[async_trait::async_trait]
impl RateLimiter for RedisLimiter {
    async fn hit(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
    ) -> Result<Decision, LimiterError> {
        match self.hit_redis(key_id, limit, now).await {
            Some(decision) => Ok(decision),
            None => self.fallback.hit(key_id, limit, now).await,
        }
    }
}
