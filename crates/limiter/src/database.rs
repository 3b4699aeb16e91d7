use orrery_store::Database;

use crate::{Decision, LimitSource, LimiterError, RateLimiter, UnixSeconds, WINDOW_MINUTES};

/// The fallback table in the service's database: slower than memory or Redis, but shared by all
/// instances and always there when the database is.
#[derive(Debug, Clone)]
pub struct DatabaseLimiter {
    database: Database,
}

impl DatabaseLimiter {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[async_trait::async_trait]
impl RateLimiter for DatabaseLimiter {
    async fn hit(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
    ) -> Result<Decision, LimiterError> {
        let count = self
            .database
            .hit_rate_window(key_id, limit, now.minute(), WINDOW_MINUTES)
            .await?;
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
