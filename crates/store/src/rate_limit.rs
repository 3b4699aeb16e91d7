//! The rate-limit fallback table: the sliding hour as one row per key and minute.

use sqlx::Row;

use crate::{Database, StoreError};

/// The state of a key's window after one attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowCount {
    /// Whether this attempt was recorded (the window had room).
    pub admitted: bool,
    /// Hits in the window, this attempt included when admitted.
    pub hits: i64,
    /// The oldest minute in the window that holds a hit, if any.
    pub oldest_minute: Option<i64>,
}

impl Database {
    /// Records one hit for `key_id` in the minute `now_minute` if the last `window_minutes`
    /// minutes (this one included) hold fewer than `limit` hits.
    ///
    /// Exact under concurrency: every transaction first writes the key's lock row, which makes
    /// concurrent transactions for the same key wait for each other (a row lock in PostgreSQL, the
    /// write lock in SQLite).
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn hit_rate_window(
        &self,
        key_id: i64,
        limit: i64,
        now_minute: i64,
        window_minutes: i64,
    ) -> Result<WindowCount, StoreError> {
        let first_minute = now_minute - window_minutes + 1;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO rate_limit_locks (key_id, touched) VALUES ($1, $2) \
             ON CONFLICT (key_id) DO UPDATE SET touched = excluded.touched",
        )
        .bind(key_id)
        .bind(now_minute)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM rate_limit_windows WHERE key_id = $1 AND minute < $2")
            .bind(key_id)
            .bind(first_minute)
            .execute(&mut *tx)
            .await?;
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(hits), 0) AS BIGINT) AS hits, MIN(minute) AS oldest \
             FROM rate_limit_windows WHERE key_id = $1",
        )
        .bind(key_id)
        .fetch_one(&mut *tx)
        .await?;
        let hits: i64 = row.try_get("hits")?;
        let oldest: Option<i64> = row.try_get("oldest")?;
        if hits >= limit {
            tx.commit().await?;
            return Ok(WindowCount {
                admitted: false,
                hits,
                oldest_minute: oldest,
            });
        }
        sqlx::query(
            "INSERT INTO rate_limit_windows (key_id, minute, hits) VALUES ($1, $2, 1) \
             ON CONFLICT (key_id, minute) DO UPDATE SET hits = rate_limit_windows.hits + 1",
        )
        .bind(key_id)
        .bind(now_minute)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(WindowCount {
            admitted: true,
            hits: hits + 1,
            oldest_minute: Some(oldest.unwrap_or(now_minute).min(now_minute)),
        })
    }
}
