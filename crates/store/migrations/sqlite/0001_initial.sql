-- Plans, clients and API keys. Timestamps are Unix seconds (BIGINT) so that one SQL code path
-- serves SQLite and PostgreSQL through sqlx's Any driver.
CREATE TABLE plans (
    code              TEXT PRIMARY KEY,
    label             TEXT NOT NULL,
    requests_per_hour BIGINT NOT NULL CHECK (requests_per_hour > 0)
);

CREATE TABLE clients (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

CREATE TABLE api_keys (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id   BIGINT NOT NULL REFERENCES clients (id),
    plan_code   TEXT NOT NULL REFERENCES plans (code),
    key_hash    TEXT NOT NULL UNIQUE,
    prefix      TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('production', 'test')),
    created_at  BIGINT NOT NULL,
    revoked_at  BIGINT
);

-- Rate-limit fallback: one row per key and minute of the sliding hour.
CREATE TABLE rate_limit_windows (
    key_id BIGINT NOT NULL,
    minute BIGINT NOT NULL,
    hits   BIGINT NOT NULL,
    PRIMARY KEY (key_id, minute)
);

-- One row per key, written first in every fallback transaction so that concurrent
-- transactions for the same key queue behind each other (row lock / SQLite write lock).
CREATE TABLE rate_limit_locks (
    key_id  BIGINT PRIMARY KEY,
    touched BIGINT NOT NULL
);
