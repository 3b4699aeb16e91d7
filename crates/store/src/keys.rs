//! API keys: their format, their hash, and their rows.
//!
//! A key looks like `orr_live_<32 random base62 characters><6-character checksum>`. The random part
//! carries about 190 bits, so a plain SHA-256 of the key is enough to store it: nobody can search
//! that space, and a password hash would add milliseconds to every request. The checksum lets the
//! server reject a mistyped key without a database round trip (GitHub's tokens do the same).

use std::fmt;

use rand::Rng;
use sha2::{Digest, Sha256};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::{Database, Plan, StoreError};

const KEY_PREFIX: &str = "orr_";
const RANDOM_CHARS: usize = 32;
const CHECKSUM_CHARS: usize = 6;
const BASE62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// How much of a key is kept in clear for people to recognise it (`orrery keys list`).
const DISPLAY_PREFIX_CHARS: usize = 12;

/// Which kind of traffic a key is meant for; reported by `/v1/me`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Production,
    Test,
}

impl Environment {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Production => "production",
            Self::Test => "test",
        }
    }

    fn key_tag(self) -> &'static str {
        match self {
            Self::Production => "live",
            Self::Test => "test",
        }
    }
}

impl std::str::FromStr for Environment {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "production" => Ok(Self::Production),
            "test" => Ok(Self::Test),
            other => Err(format!(
                "environment must be production or test (got {other:?})"
            )),
        }
    }
}

/// A key in clear. Only ever held in memory; `Debug` does not show it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKeySecret(String);

impl fmt::Debug for ApiKeySecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKeySecret(<redacted>)")
    }
}

impl ApiKeySecret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// A new random key for the environment.
    pub fn generate(environment: Environment) -> Self {
        let mut rng = rand::rng();
        let mut key = format!("{KEY_PREFIX}{}_", environment.key_tag());
        for _ in 0..RANDOM_CHARS {
            key.push(char::from(BASE62[rng.random_range(0..BASE62.len())]));
        }
        let checksum = checksum(&key);
        key.push_str(&checksum);
        Self(key)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// True when the key has our format but its checksum does not match: a typo or a forgery,
    /// rejected without asking the database. Keys of any other shape (a custom demo key) pass.
    pub fn has_bad_checksum(&self) -> bool {
        let key = self.0.as_str();
        if !key.starts_with(KEY_PREFIX) || !key.is_ascii() || key.len() <= CHECKSUM_CHARS {
            return false;
        }
        let (body, sum) = key.split_at(key.len() - CHECKSUM_CHARS);
        checksum(body) != sum
    }

    pub fn hash(&self) -> KeyHash {
        KeyHash(hex::encode(Sha256::digest(self.0.as_bytes())))
    }

    fn display_prefix(&self) -> String {
        self.0.chars().take(DISPLAY_PREFIX_CHARS).collect()
    }
}

/// The stored form of a key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeyHash(String);

impl KeyHash {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn checksum(body: &str) -> String {
    let mut value = crc32fast::hash(body.as_bytes());
    let mut out = [b'0'; CHECKSUM_CHARS];
    for slot in out.iter_mut().rev() {
        *slot = BASE62[(value % 62) as usize];
        value /= 62;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What the server needs to know about an active key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRecord {
    pub key_id: i64,
    pub client_id: i64,
    pub client_name: String,
    pub plan: Plan,
    pub environment: Environment,
    /// When a rotation's changeover ends (Unix seconds): the key stops working then.
    pub expires_at: Option<i64>,
}

impl KeyRecord {
    /// Whether the key still works at `now_unix` (the database answers only active keys; this
    /// is for an answer remembered since).
    pub fn valid_at(&self, now_unix: i64) -> bool {
        self.expires_at.is_none_or(|end| now_unix < end)
    }
}

/// A row of `orrery keys list`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeySummary {
    pub key_id: i64,
    pub client_name: String,
    pub plan_code: String,
    pub prefix: String,
    pub environment: Environment,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
    /// When a rotation's changeover ends: the key stops working then.
    pub expires_at: Option<i64>,
}

/// A rotation: the new key, and until when the key it replaces stays valid.
#[derive(Debug)]
pub struct Rotation {
    pub new: NewKey,
    pub old_key_id: i64,
    pub old_expires_at: i64,
}

/// A key just created: the only moment its clear text exists.
#[derive(Debug)]
pub struct NewKey {
    pub record: KeyRecord,
    pub secret: ApiKeySecret,
}

/// The demo client's name; its key drives the playground.
const DEMO_CLIENT: &str = "Demo playground";
const DEMO_PLAN: &str = "demo";

impl Database {
    /// The active key with this hash (not revoked, and not past the end of a rotation's
    /// changeover by the database's clock), with its client and plan.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn find_active_key(&self, hash: &KeyHash) -> Result<Option<KeyRecord>, StoreError> {
        let now_ms = self.now_ms_sql();
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT k.id AS key_id, k.environment, k.expires_at, c.id AS client_id, \
             c.name AS client_name, p.code, p.label, p.requests_per_hour \
             FROM api_keys k JOIN clients c ON c.id = k.client_id \
             JOIN plans p ON p.code = k.plan_code \
             WHERE k.key_hash = $1 AND k.revoked_at IS NULL \
             AND (k.expires_at IS NULL OR k.expires_at * 1000 > {now_ms})"
        )))
        .bind(hash.as_str())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| key_record(&row)).transpose()
    }

    /// Creates a key for a client (created on first use) on a plan.
    ///
    /// # Errors
    /// [`StoreError::UnknownPlan`] when the plan does not exist.
    pub async fn create_key(
        &self,
        client_name: &str,
        plan_code: &str,
        environment: Environment,
        now_unix: i64,
    ) -> Result<NewKey, StoreError> {
        let secret = ApiKeySecret::generate(environment);
        let record = self
            .insert_key(client_name, plan_code, environment, &secret, now_unix)
            .await?;
        Ok(NewKey { record, secret })
    }

    async fn insert_key(
        &self,
        client_name: &str,
        plan_code: &str,
        environment: Environment,
        secret: &ApiKeySecret,
        now_unix: i64,
    ) -> Result<KeyRecord, StoreError> {
        if client_name.trim().is_empty() {
            return Err(StoreError::InvalidPlan(
                "client name must not be empty".into(),
            ));
        }
        let mut tx = self.pool.begin().await?;
        // The write comes first: SQLite (WAL) takes a deferred transaction's write lock at its
        // first write, and a transaction that read first cannot upgrade once another connection
        // (the service's limiter, say) has committed since: it fails at once with "database is
        // locked" (SQLITE_BUSY_SNAPSHOT), where a first write waits for the lock. An unknown
        // plan rolls the client back with the transaction.
        sqlx::query(
            "INSERT INTO clients (name, created_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(client_name)
        .bind(now_unix)
        .execute(&mut *tx)
        .await?;
        let plan_exists = sqlx::query("SELECT code FROM plans WHERE code = $1")
            .bind(plan_code)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        if !plan_exists {
            return Err(StoreError::UnknownPlan {
                code: plan_code.to_owned(),
            });
        }
        let client_id: i64 = sqlx::query("SELECT id FROM clients WHERE name = $1")
            .bind(client_name)
            .fetch_one(&mut *tx)
            .await?
            .try_get("id")?;
        insert_key_row(&mut tx, client_id, plan_code, environment, secret, now_unix).await?;
        tx.commit().await?;
        self.find_active_key(&secret.hash())
            .await?
            .ok_or_else(|| StoreError::Corrupt("the key just inserted is not found".into()))
    }

    /// Makes sure the demo key exists and is the demo client's only active key; called at start,
    /// so that changing `ORRERY_DEMO_KEY` retires the previous demo key.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn ensure_demo_key(
        &self,
        secret: &ApiKeySecret,
        now_unix: i64,
    ) -> Result<KeyRecord, StoreError> {
        if let Some(record) = self.find_active_key(&secret.hash()).await? {
            return Ok(record);
        }
        let record = match self
            .insert_key(DEMO_CLIENT, DEMO_PLAN, Environment::Test, secret, now_unix)
            .await
        {
            Ok(record) => record,
            // Instances that start together on a new database race to store the key: the one
            // that lost finds the winner's row.
            Err(error) => match self.find_active_key(&secret.hash()).await? {
                Some(record) => return Ok(record),
                None => return Err(error),
            },
        };
        sqlx::query(
            "UPDATE api_keys SET revoked_at = $1 \
             WHERE client_id = $2 AND id <> $3 AND revoked_at IS NULL",
        )
        .bind(now_unix)
        .bind(record.client_id)
        .bind(record.key_id)
        .execute(&self.pool)
        .await?;
        Ok(record)
    }

    /// Every key, newest first, revoked ones too.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn list_keys(&self) -> Result<Vec<KeySummary>, StoreError> {
        let rows = sqlx::query(
            "SELECT k.id, c.name, k.plan_code, k.prefix, k.environment, k.created_at, k.revoked_at, \
             k.expires_at \
             FROM api_keys k JOIN clients c ON c.id = k.client_id ORDER BY k.id DESC",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(KeySummary {
                    key_id: row.try_get("id")?,
                    client_name: row.try_get("name")?,
                    plan_code: row.try_get("plan_code")?,
                    prefix: row.try_get("prefix")?,
                    environment: parse_environment(row)?,
                    created_at: row.try_get("created_at")?,
                    revoked_at: row.try_get("revoked_at")?,
                    expires_at: row.try_get("expires_at")?,
                })
            })
            .collect()
    }

    /// Revokes a key; revoking a revoked key again changes nothing.
    ///
    /// # Errors
    /// [`StoreError::UnknownKey`] when no key has this id.
    pub async fn revoke_key(&self, key_id: i64, now_unix: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
            .bind(now_unix)
            .bind(key_id)
            .execute(&self.pool)
            .await?;
        let exists = sqlx::query("SELECT id FROM api_keys WHERE id = $1")
            .bind(key_id)
            .fetch_optional(&self.pool)
            .await?
            .is_some();
        if exists {
            Ok(())
        } else {
            Err(StoreError::UnknownKey { id: key_id })
        }
    }
}

impl Database {
    /// Issues a new key for the client of key `key_id`, on the same plan and environment, and
    /// lets the old key work for `grace_secs` more (0: it stops at once): the client has two
    /// live keys while it changes over. One transaction, so two rotations of one key cannot both
    /// succeed.
    ///
    /// # Errors
    /// [`StoreError::UnknownKey`] for an unknown id; [`StoreError::NotRotatable`] for a key that
    /// is revoked, already being rotated out, or the demo key (set by `ORRERY_DEMO_KEY`).
    pub async fn rotate_key(
        &self,
        key_id: i64,
        grace_secs: i64,
        now_unix: i64,
    ) -> Result<Rotation, StoreError> {
        let not_rotatable = |reason: &str| StoreError::NotRotatable {
            id: key_id,
            reason: reason.to_owned(),
        };
        let mut tx = self.pool.begin().await?;
        // The write comes first, as in `insert_key`: SQLite (WAL) takes a deferred
        // transaction's write lock at its first write, and a transaction that read first cannot
        // upgrade once another connection (the service's limiter, say) has committed since: it
        // fails at once with "database is locked" (SQLITE_BUSY_SNAPSHOT), where a first write
        // waits for the lock. So the old key's end is scheduled first, on the conditions a
        // rotation needs; only when that changed nothing is the key read to say why.
        let old_expires_at = now_unix + grace_secs.max(0);
        let scheduled = sqlx::query(
            "UPDATE api_keys SET expires_at = $1 \
             WHERE id = $2 AND revoked_at IS NULL AND expires_at IS NULL \
             AND client_id NOT IN (SELECT id FROM clients WHERE name = $3)",
        )
        .bind(old_expires_at)
        .bind(key_id)
        .bind(DEMO_CLIENT)
        .execute(&mut *tx)
        .await?;
        let row = sqlx::query(
            "SELECT k.client_id, c.name, k.plan_code, k.environment, k.revoked_at, k.expires_at \
             FROM api_keys k JOIN clients c ON c.id = k.client_id WHERE k.id = $1",
        )
        .bind(key_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::UnknownKey { id: key_id })?;
        if scheduled.rows_affected() != 1 {
            // Nothing was changed, so the row says why (the transaction is rolled back).
            if row.try_get::<String, _>("name")? == DEMO_CLIENT {
                return Err(not_rotatable(
                    "it is the demo key; set ORRERY_DEMO_KEY to replace it",
                ));
            }
            if row.try_get::<Option<i64>, _>("revoked_at")?.is_some() {
                return Err(not_rotatable("it is revoked"));
            }
            if let Some(end) = row.try_get::<Option<i64>, _>("expires_at")? {
                return Err(not_rotatable(&format!(
                    "it is already being rotated out (valid until Unix time {end}); rotate its successor instead"
                )));
            }
            return Err(not_rotatable("it changed while it was being rotated"));
        }
        let client_id: i64 = row.try_get("client_id")?;
        let plan_code: String = row.try_get("plan_code")?;
        let environment = parse_environment(&row)?;
        let secret = ApiKeySecret::generate(environment);
        insert_key_row(
            &mut tx,
            client_id,
            &plan_code,
            environment,
            &secret,
            now_unix,
        )
        .await?;
        tx.commit().await?;
        let record = self
            .find_active_key(&secret.hash())
            .await?
            .ok_or_else(|| StoreError::Corrupt("the key just inserted is not found".into()))?;
        Ok(Rotation {
            new: NewKey { record, secret },
            old_key_id: key_id,
            old_expires_at,
        })
    }
}

/// The row of a new key (its hash and display prefix, never the key).
async fn insert_key_row(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    client_id: i64,
    plan_code: &str,
    environment: Environment,
    secret: &ApiKeySecret,
    now_unix: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO api_keys (client_id, plan_code, key_hash, prefix, environment, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(client_id)
    .bind(plan_code)
    .bind(secret.hash().as_str())
    .bind(secret.display_prefix())
    .bind(environment.as_str())
    .bind(now_unix)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn parse_environment(row: &AnyRow) -> Result<Environment, StoreError> {
    let text: String = row.try_get("environment")?;
    text.parse().map_err(StoreError::Corrupt)
}

fn key_record(row: &AnyRow) -> Result<KeyRecord, StoreError> {
    Ok(KeyRecord {
        key_id: row.try_get("key_id")?,
        client_id: row.try_get("client_id")?,
        client_name: row.try_get("client_name")?,
        plan: Plan {
            code: row.try_get("code")?,
            label: row.try_get("label")?,
            requests_per_hour: row.try_get("requests_per_hour")?,
        },
        environment: parse_environment(row)?,
        expires_at: row.try_get("expires_at")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_carry_a_valid_checksum() {
        for environment in [Environment::Production, Environment::Test] {
            let key = ApiKeySecret::generate(environment);
            assert!(!key.has_bad_checksum(), "{}", key.expose());
            assert_eq!(key.expose().len(), 4 + 5 + RANDOM_CHARS + CHECKSUM_CHARS);
        }
    }

    #[test]
    fn a_single_changed_character_fails_the_checksum() {
        let key = ApiKeySecret::generate(Environment::Production);
        let mut chars: Vec<char> = key.expose().chars().collect();
        let i = 12;
        chars[i] = if chars[i] == 'a' { 'b' } else { 'a' };
        let typo = ApiKeySecret::new(chars.into_iter().collect::<String>());
        assert!(typo.has_bad_checksum());
    }

    #[test]
    fn keys_of_another_shape_are_left_to_the_database() {
        assert!(!ApiKeySecret::new("my-own-demo-key").has_bad_checksum());
    }

    #[test]
    fn debug_never_shows_the_key() {
        let key = ApiKeySecret::generate(Environment::Test);
        assert!(!format!("{key:?}").contains(key.expose()));
    }

    #[test]
    fn the_hash_is_hex_sha256() {
        let hash = ApiKeySecret::new("abc").hash();
        assert_eq!(
            hash.as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
