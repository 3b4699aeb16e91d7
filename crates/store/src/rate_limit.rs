//! Rate-limit state in the database: the sliding hour as one row per key and minute (hits the
//! database admitted, and the ledger of hits Redis admitted), and the shared mode that says which
//! store decides.

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

/// The state of a key's window after a batch of attempts decided in one transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchCount {
    /// How many of the batch's attempts were recorded: the first `admitted` of them.
    pub admitted: i64,
    /// Hits in the window before the batch.
    pub hits_before: i64,
    /// The oldest minute in the window that holds a hit after the batch, if any.
    pub oldest_minute: Option<i64>,
}

impl BatchCount {
    /// What the `index`-th attempt of the batch (from 0) saw: attempts are taken in order, so the
    /// first `admitted` pass and each counts the ones before it.
    pub fn attempt(&self, index: i64) -> WindowCount {
        let admitted = index < self.admitted;
        WindowCount {
            admitted,
            hits: self.hits_before + if admitted { index + 1 } else { self.admitted },
            oldest_minute: self.oldest_minute,
        }
    }
}

impl Database {
    /// Records one hit for `key_id` in the minute `now_minute` if the last `window_minutes`
    /// minutes (this one included) hold fewer than `limit` hits.
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
        Ok(self
            .hit_rate_window_batch(key_id, limit, now_minute, window_minutes, 1)
            .await?
            .attempt(0))
    }

    /// Records up to `attempts` hits for `key_id` in the minute `now_minute`, as many as the last
    /// `window_minutes` minutes (this one included) have room for under `limit`, in one
    /// transaction: concurrent requests for one key are decided together rather than one after
    /// another behind the key's lock.
    ///
    /// Exact under concurrency: every transaction first writes the key's lock row, which makes
    /// concurrent transactions for the same key wait for each other (a row lock in PostgreSQL, the
    /// write lock in SQLite).
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn hit_rate_window_batch(
        &self,
        key_id: i64,
        limit: i64,
        now_minute: i64,
        window_minutes: i64,
        attempts: i64,
    ) -> Result<BatchCount, StoreError> {
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
        let (hits_before, oldest) = window_state(&mut tx, key_id, first_minute).await?;
        let admitted = (limit - hits_before).clamp(0, attempts.max(0));
        if admitted > 0 {
            sqlx::query(
                "INSERT INTO rate_limit_windows (key_id, minute, hits) VALUES ($1, $2, $3) \
                 ON CONFLICT (key_id, minute) DO UPDATE SET hits = rate_limit_windows.hits + excluded.hits",
            )
            .bind(key_id)
            .bind(now_minute)
            .bind(admitted)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(BatchCount {
            admitted,
            hits_before,
            oldest_minute: if admitted > 0 {
                Some(oldest.unwrap_or(now_minute).min(now_minute))
            } else {
                oldest
            },
        })
    }
}

/// Hits in a key's window from `first_minute` on, and the oldest minute that holds one.
async fn window_state(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    key_id: i64,
    first_minute: i64,
) -> Result<(i64, Option<i64>), StoreError> {
    // Hits Redis admitted count too: the ledger holds them once an instance has written them
    // behind (docs/RATE-LIMITS.md), so a key keeps its count when Redis goes away. A ledger
    // minute whose hits were all given back (304s) holds 0 and is not the oldest.
    let row = sqlx::query(
        "SELECT CAST(COALESCE(SUM(hits), 0) AS BIGINT) AS hits, \
         MIN(CASE WHEN hits > 0 THEN minute END) AS oldest FROM ( \
           SELECT hits, minute FROM rate_limit_windows WHERE key_id = $1 \
           UNION ALL \
           SELECT hits, minute FROM rate_limit_ledger WHERE key_id = $1 AND minute >= $2 \
         ) AS both_kinds",
    )
    .bind(key_id)
    .bind(first_minute)
    .fetch_one(&mut **tx)
    .await?;
    Ok((row.try_get("hits")?, row.try_get("oldest")?))
}

impl Database {
    /// Gives back one hit the database admitted for `key_id` in `counted_minute` (a request
    /// that turned out not to count, a 304), if that minute still holds one, and returns the
    /// window at `now_minute` after that. Hits Redis admitted (the ledger) are left alone: the
    /// ledger must never hold less than Redis, so such a refund is lost, in the client's
    /// disfavour only.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn give_back_rate_window(
        &self,
        key_id: i64,
        counted_minute: i64,
        now_minute: i64,
        window_minutes: i64,
    ) -> Result<WindowCount, StoreError> {
        let first_minute = now_minute - window_minutes + 1;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE rate_limit_windows SET hits = hits - 1 \
             WHERE key_id = $1 AND minute = $2 AND minute >= $3 AND hits > 0",
        )
        .bind(key_id)
        .bind(counted_minute)
        .bind(first_minute)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "DELETE FROM rate_limit_windows WHERE key_id = $1 AND (minute < $2 OR hits <= 0)",
        )
        .bind(key_id)
        .bind(first_minute)
        .execute(&mut *tx)
        .await?;
        let (hits, oldest_minute) = window_state(&mut tx, key_id, first_minute).await?;
        tx.commit().await?;
        Ok(WindowCount {
            admitted: true,
            hits,
            oldest_minute,
        })
    }
}

/// Which store decides rate limits for every instance that shares Redis (see
/// `docs/RATE-LIMITS.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimiterMode {
    /// Redis decides; each instance writes the hits it admitted behind into the ledger.
    Redis,
    /// The database decides, once every live instance has acknowledged the switch.
    Database,
    /// Nobody decides while the database's counts are copied into Redis.
    Returning,
}

impl LimiterMode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Redis => "redis",
            Self::Database => "database",
            Self::Returning => "returning",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "redis" => Ok(Self::Redis),
            "database" => Ok(Self::Database),
            "returning" => Ok(Self::Returning),
            other => Err(StoreError::Corrupt(format!(
                "rate_limit_mode.mode is {other:?}"
            ))),
        }
    }
}

/// The shared mode as one instance saw it in its last poll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModeView {
    pub mode: LimiterMode,
    pub epoch: i64,
    /// The Redis process whose counts were last filled from the database.
    pub redis_run_id: String,
    /// Live instances (heartbeat within the liveness window) that have not acknowledged
    /// `epoch` yet, this one included.
    pub unacknowledged: i64,
}

/// Hits admitted by Redis for one key in one minute, on their way into the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerHits {
    pub key_id: i64,
    pub minute: i64,
    pub hits: i64,
}

/// One key's minute in the database: hits Redis admitted (ledger) and hits the database admitted
/// while it decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowMinute {
    pub key_id: i64,
    pub minute: i64,
    pub redis_hits: i64,
    pub database_hits: i64,
}

impl Database {
    /// The database's clock in milliseconds, as an SQL expression: heartbeats and liveness are
    /// measured on one clock, so the instances' clocks may disagree.
    pub(crate) fn now_ms_sql(&self) -> &'static str {
        match self.backend() {
            crate::Backend::Postgres => {
                "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
            }
            crate::Backend::Sqlite => "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)",
        }
    }

    /// One instance's poll, in one transaction: writes the hits it admitted through Redis into
    /// the ledger, records its heartbeat and the epoch it has switched to, and reads the shared
    /// mode. With `prune` (once a minute is enough) it also drops ledger minutes older than
    /// `first_minute` and instances silent for an hour.
    ///
    /// # Errors
    /// The database did not answer; nothing was written then.
    pub async fn limiter_poll(
        &self,
        instance_id: &str,
        acked_epoch: i64,
        ledger: &[LedgerHits],
        first_minute: i64,
        prune: bool,
        liveness_ms: i64,
    ) -> Result<ModeView, StoreError> {
        let now = self.now_ms_sql();
        let mut tx = self.pool.begin().await?;
        for hits in ledger {
            sqlx::query(
                "INSERT INTO rate_limit_ledger (key_id, minute, hits) VALUES ($1, $2, $3) \
                 ON CONFLICT (key_id, minute) DO UPDATE \
                 SET hits = rate_limit_ledger.hits + excluded.hits",
            )
            .bind(hits.key_id)
            .bind(hits.minute)
            .bind(hits.hits)
            .execute(&mut *tx)
            .await?;
        }
        if prune {
            sqlx::query("DELETE FROM rate_limit_ledger WHERE minute < $1")
                .bind(first_minute)
                .execute(&mut *tx)
                .await?;
            // Instances silent for an hour are gone for good; their rows only cost space.
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "DELETE FROM rate_limit_instances WHERE heartbeat_ms < {now} - 3600000"
            )))
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO rate_limit_instances (instance_id, heartbeat_ms, acked_epoch) \
             VALUES ($1, {now}, $2) ON CONFLICT (instance_id) DO UPDATE \
             SET heartbeat_ms = excluded.heartbeat_ms, acked_epoch = excluded.acked_epoch"
        )))
        .bind(instance_id)
        .bind(acked_epoch)
        .execute(&mut *tx)
        .await?;
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT m.mode, m.epoch, m.redis_run_id, \
             (SELECT COUNT(*) FROM rate_limit_instances i \
              WHERE i.heartbeat_ms >= {now} - $1 AND i.acked_epoch < m.epoch) AS unacknowledged \
             FROM rate_limit_mode m WHERE m.id = 1"
        )))
        .bind(liveness_ms)
        .fetch_one(&mut *tx)
        .await?;
        let view = ModeView {
            mode: LimiterMode::parse(&row.try_get::<String, _>("mode")?)?,
            epoch: row.try_get("epoch")?,
            redis_run_id: row.try_get("redis_run_id")?,
            unacknowledged: row.try_get("unacknowledged")?,
        };
        tx.commit().await?;
        Ok(view)
    }

    /// Switches the shared mode from `from` at `epoch` to `to` (the epoch grows by one), unless
    /// another instance switched first. `redis_run_id`, when given, is recorded with it.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn limiter_switch(
        &self,
        from: LimiterMode,
        epoch: i64,
        to: LimiterMode,
        redis_run_id: Option<&str>,
    ) -> Result<bool, StoreError> {
        let now = self.now_ms_sql();
        let result = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE rate_limit_mode SET mode = $1, epoch = epoch + 1, changed_ms = {now}, \
             redis_run_id = COALESCE($2, redis_run_id) \
             WHERE id = 1 AND mode = $3 AND epoch = $4"
        )))
        .bind(to.as_str())
        .bind(redis_run_id)
        .bind(from.as_str())
        .bind(epoch)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    /// Removes an instance that stops, so that switches need not wait for its heartbeat to age.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn limiter_leave(&self, instance_id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM rate_limit_instances WHERE instance_id = $1")
            .bind(instance_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Every key's minutes from `first_minute` on, with the hits of both kinds: what Redis must
    /// hold before it decides again.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn limiter_windows(
        &self,
        first_minute: i64,
    ) -> Result<Vec<WindowMinute>, StoreError> {
        let rows = sqlx::query(
            "SELECT key_id, minute, CAST(SUM(redis_hits) AS BIGINT) AS redis_hits, \
             CAST(SUM(database_hits) AS BIGINT) AS database_hits FROM ( \
               SELECT key_id, minute, hits AS redis_hits, 0 AS database_hits \
               FROM rate_limit_ledger WHERE minute >= $1 \
               UNION ALL \
               SELECT key_id, minute, 0 AS redis_hits, hits AS database_hits \
               FROM rate_limit_windows WHERE minute >= $1 \
             ) AS both_kinds GROUP BY key_id, minute ORDER BY key_id, minute",
        )
        .bind(first_minute)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(WindowMinute {
                    key_id: row.try_get("key_id")?,
                    minute: row.try_get("minute")?,
                    redis_hits: row.try_get("redis_hits")?,
                    database_hits: row.try_get("database_hits")?,
                })
            })
            .collect()
    }
}
