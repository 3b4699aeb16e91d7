-- Rate limits shared through Redis, with the database as the authority that survives Redis.
-- docs/RATE-LIMITS.md explains the protocol; in short:

-- Hits that Redis admitted, written behind by each instance (one upsert per instance every
-- 100 ms), so that the count survives a Redis that dies or comes back empty.
CREATE TABLE rate_limit_ledger (
    key_id BIGINT NOT NULL,
    minute BIGINT NOT NULL,
    hits   BIGINT NOT NULL,
    PRIMARY KEY (key_id, minute)
);

-- Which store decides, for every instance at once: 'redis', 'database' or 'returning' (the
-- database's counts are being copied back into Redis). `epoch` grows by one at each switch;
-- `redis_run_id` names the Redis process that holds the copied counts (a restarted Redis has
-- another id, and is refilled before it decides again). A new database starts 'returning': the
-- first instances fill Redis (with nothing) and hand it the decision, or give it to the database
-- if Redis is down.
CREATE TABLE rate_limit_mode (
    id           BIGINT PRIMARY KEY CHECK (id = 1),
    mode         TEXT NOT NULL CHECK (mode IN ('redis', 'database', 'returning')),
    epoch        BIGINT NOT NULL,
    changed_ms   BIGINT NOT NULL,
    redis_run_id TEXT NOT NULL
);
INSERT INTO rate_limit_mode (id, mode, epoch, changed_ms, redis_run_id)
VALUES (1, 'returning', 1, 0, '');

-- Every instance that uses Redis: its heartbeat (database time, ms) and the last epoch it has
-- switched to. A switch takes effect once every live instance has acknowledged it.
CREATE TABLE rate_limit_instances (
    instance_id  TEXT PRIMARY KEY,
    heartbeat_ms BIGINT NOT NULL,
    acked_epoch  BIGINT NOT NULL
);
