//! Limits shared by many instances: Redis decides, and the database is the authority that
//! survives Redis. The protocol, and why it never admits more than a plan allows, is in
//! `docs/RATE-LIMITS.md`; in short:
//!
//! - One shared mode in the database says which store decides, for every instance at once.
//!   An instance decides only in the mode it has switched to, and a switch takes effect once
//!   every live instance has acknowledged it, so two stores never decide side by side.
//! - Each instance writes the hits Redis admitted behind into the database's ledger (every
//!   [`POLL_INTERVAL`], and before it acknowledges a switch), so the database knows every hit
//!   when it takes over.
//! - Before Redis decides again, the database's counts are copied into it; a Redis process other
//!   than the one that was filled (a restart) is refilled first.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use orrery_store::{Database, LedgerHits, LimiterMode, ModeView};
use redis::AsyncConnectionConfig;
use redis::aio::MultiplexedConnection;
use tokio::sync::{Notify, RwLock, watch};

use crate::{
    Change, DatabaseLimiter, Decision, LimitSource, LimiterError, RateLimiter, UnixSeconds,
    WINDOW_MINUTES,
};

/// One round trip: check that Redis still holds what the database filled in (the sentinel key
/// `KEYS[2]`, written by the last fill: a `FLUSHALL`, a `FLUSHDB` or an eviction removes it, and
/// the script answers `-1` instead of deciding), drop the minutes that left the window, count the
/// rest, and apply the change `ARGV[4]`: `count` records the hit if there is room, `peek` records
/// nothing, a minute number gives back one hit Redis admitted in that minute (a 304), if it still
/// holds one. Fields `r:<minute>` count hits Redis admitted, `d:<minute>` hits the database
/// admitted while it decided (copied in when Redis takes over again). Redis runs a script
/// atomically, which makes the count exact under concurrency across every instance. The answer
/// is `{admitted, hits, oldest minute or -1, hits given back}`.
const WINDOW_SCRIPT: &str = r"
if redis.call('EXISTS', KEYS[2]) == 0 then return {-1, 0, 0, 0} end
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local change = ARGV[4]
local first = now - window + 1
local given_back = 0
local counted = tonumber(change)
if counted ~= nil and counted >= first then
  local field = 'r:' .. change
  local current = tonumber(redis.call('HGET', KEYS[1], field) or '0')
  if current > 0 then
    redis.call('HINCRBY', KEYS[1], field, -1)
    given_back = 1
  end
end
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
local oldest = -1
for i = 1, #fields, 2 do
  local minute = tonumber(string.sub(fields[i], 3))
  local hits = tonumber(fields[i + 1])
  if minute == nil or minute < first then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    total = total + hits
    if hits > 0 and (oldest == -1 or minute < oldest) then oldest = minute end
  end
end
local admitted = 1
if change == 'count' then
  admitted = 0
  if total < limit then
    redis.call('HINCRBY', KEYS[1], 'r:' .. ARGV[1], 1)
    redis.call('EXPIRE', KEYS[1], window * 60 + 60)
    total = total + 1
    admitted = 1
    if oldest == -1 or now < oldest then oldest = now end
  end
end
return {admitted, total, oldest, given_back}
";

/// Fills one key's window from the database: a minute's Redis hits become at least the ledger's
/// (Redis may hold more: a script that ran after its caller gave up), and the database's own
/// hits are set, not added, so that filling twice changes nothing.
const FILL_SCRIPT: &str = r"
for i = 1, #ARGV - 1, 3 do
  local minute = ARGV[i]
  local ledger = tonumber(ARGV[i + 1])
  local current = tonumber(redis.call('HGET', KEYS[1], 'r:' .. minute) or '0')
  if ledger > current then redis.call('HSET', KEYS[1], 'r:' .. minute, ledger) end
  redis.call('HSET', KEYS[1], 'd:' .. minute, ARGV[i + 2])
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[#ARGV]))
return 1
";

/// A slow Redis must not slow every request down: past this a call counts as failed, and the
/// database decides (a loopback or same-zone Redis answers in about a millisecond).
const REDIS_TIMEOUT: Duration = Duration::from_millis(150);
/// Redis decides again only when a probe's `PING` answers within this: a Redis that answers, but
/// slowly, would only time out again and send every instance back and forth between the stores.
const REDIS_HEALTHY_RTT: Duration = Duration::from_millis(50);
/// The longest a decision takes, however the stores fail: a request that cannot be decided by
/// then gets a 503 (`Retry-After`). It covers a switch between the stores (typically 100-300 ms),
/// a Redis call that times out and the database's decision, so a frozen database does not hold
/// requests for the pool's acquire timeout. With the key lookup's own deadline (400 ms, the
/// server's `KEY_LOOKUP_DEADLINE`) a request is answered within 2 s however both stores fail.
pub const DECISION_DEADLINE: Duration = Duration::from_millis(1500);
/// How often each instance writes its ledger, beats its heartbeat and reads the shared mode.
pub const POLL_INTERVAL: Duration = Duration::from_millis(100);
/// An instance whose heartbeat is older than this no longer holds up a switch (it crashed, or
/// lost the database for longer than this).
pub const LIVENESS: Duration = Duration::from_secs(2);
/// While the database decides, how often an instance checks whether Redis is back.
const PROBE_INTERVAL: Duration = Duration::from_millis(500);
/// Redis's only eviction policy that never drops a key: with any other, an evicted window would
/// be counted from zero, so a Redis that evicts is not used (the database decides).
const NO_EVICTION: &str = "noeviction";
/// How long the database may take to record a switch away from a failed Redis: one single-row
/// update, so a database that takes longer is as good as unreachable, and the request gets its
/// 503 well within 2 s (both stores down).
const SWITCH_TIMEOUT: Duration = Duration::from_millis(500);
/// While Redis decides, how often each instance reads its eviction policy again.
const POLICY_CHECK_INTERVAL: Duration = Duration::from_secs(1);

/// What this instance may do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Local {
    /// Before the first poll: nobody here decides yet.
    Starting,
    Redis {
        epoch: i64,
    },
    /// The database decides once `ready`: every live instance has acknowledged `epoch`.
    Database {
        epoch: i64,
        ready: bool,
    },
    Returning {
        epoch: i64,
    },
}

/// Redis shared by many instances, with the database as the authority that survives Redis
/// (`X-RateLimit-Source` says which one decided).
#[derive(Debug)]
pub struct RedisLimiter {
    shared: Arc<Shared>,
    poller: tokio::task::JoinHandle<()>,
}

#[derive(Debug)]
struct Shared {
    client: redis::Client,
    key_prefix: String,
    instance_id: String,
    database: Database,
    /// The database's own decision, while it decides.
    database_decides: DatabaseLimiter,
    decide: redis::Script,
    fill: redis::Script,
    /// The key the fill writes last and every decision checks (see `WINDOW_SCRIPT`).
    sentinel_key: String,
    /// The epoch in which a Redis call of this instance failed (0: none in the current one):
    /// later requests of that epoch do not try Redis again, they wait for the switch.
    faulted_epoch: AtomicI64,
    /// The epoch in which connecting failed: requests that waited for that attempt give up at
    /// once instead of connecting again one after another.
    connect_failed_epoch: AtomicI64,
    /// The verified connection to the Redis process that was last filled; `None` after any
    /// failure, so the next use connects and checks the process again. Read on every decision,
    /// so a plain lock held for a clone; connecting is serialised by `connecting`.
    connection: Mutex<Option<MultiplexedConnection>>,
    /// Held while one request connects, so the others wait for that connection rather than open
    /// their own or decide elsewhere.
    connecting: tokio::sync::Mutex<()>,
    local: watch::Sender<Local>,
    /// Held (shared) by every decision, taken (exclusive) to switch: a switch waits for the
    /// decisions of the old mode to finish, and their hits are in the ledger before it is
    /// acknowledged.
    gate: RwLock<()>,
    /// Hits Redis admitted that the ledger does not hold yet.
    pending: Mutex<HashMap<(i64, i64), i64>>,
    /// Wakes the poller early (a failed Redis call).
    wake: Notify,
    /// The shared mode as the last successful poll saw it.
    last_view: Mutex<Option<ModeView>>,
}

/// Why a Redis call did not decide.
#[derive(Debug, thiserror::Error)]
enum RedisFault {
    #[error("Redis is unreachable: {0}")]
    Unreachable(String),
    /// The process is not the one that was filled from the database (restarted, maybe empty).
    #[error("Redis was not filled from the database (a new or restarted process)")]
    Unfilled,
    /// The fill's sentinel key is gone: the data was flushed or evicted.
    #[error("Redis lost the counts filled from the database (flushed or evicted)")]
    Flushed,
    /// Redis may evict keys, which would count an evicted window from zero.
    #[error("Redis may evict keys (maxmemory-policy {0}); only noeviction is used")]
    Evicts(String),
}

impl RedisLimiter {
    /// Prepares the limiter and starts its poller; Redis and the database are reached on first
    /// use, so a store that is down at start does not stop the service.
    ///
    /// # Errors
    /// A URL that is not a Redis URL.
    pub fn start(
        url: &str,
        key_prefix: impl Into<String>,
        database: Database,
    ) -> Result<Self, redis::RedisError> {
        let (local, _) = watch::channel(Local::Starting);
        let key_prefix = key_prefix.into();
        let shared = Arc::new(Shared {
            sentinel_key: format!("{key_prefix}filled"),
            faulted_epoch: AtomicI64::new(0),
            connect_failed_epoch: AtomicI64::new(0),
            client: redis::Client::open(url)?,
            key_prefix,
            instance_id: instance_id(),
            database_decides: DatabaseLimiter::new(database.clone()),
            database,
            decide: redis::Script::new(WINDOW_SCRIPT),
            fill: redis::Script::new(FILL_SCRIPT),
            connection: Mutex::new(None),
            connecting: tokio::sync::Mutex::new(()),
            local,
            gate: RwLock::new(()),
            pending: Mutex::new(HashMap::new()),
            wake: Notify::new(),
            last_view: Mutex::new(None),
        });
        let poller = tokio::spawn(Arc::clone(&shared).poll_forever());
        Ok(Self { shared, poller })
    }

    /// Which store decides for this instance now; `None` while a switch is under way.
    pub fn deciding(&self) -> Option<LimitSource> {
        match *self.shared.local.borrow() {
            Local::Redis { .. } => Some(LimitSource::Redis),
            Local::Database { ready: true, .. } => Some(LimitSource::Database),
            Local::Starting | Local::Database { .. } | Local::Returning { .. } => None,
        }
    }

    /// Waits until `source` decides for this instance, at most `timeout`; tells whether it does.
    pub async fn wait_until_deciding(&self, source: LimitSource, timeout: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + timeout;
        while self.deciding() != Some(source) {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        true
    }

    /// The id this instance registers under in the database.
    pub fn instance_id(&self) -> &str {
        &self.shared.instance_id
    }
}

impl Drop for RedisLimiter {
    fn drop(&mut self) {
        self.poller.abort();
    }
}

fn instance_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos();
    format!("{}-{nanos:x}", std::process::id())
}

fn redis_key(prefix: &str, key_id: i64) -> String {
    // The braces are a Redis Cluster hash tag: all of one API key's counters live in one slot.
    format!("{prefix}{{{key_id}}}")
}

impl Shared {
    async fn decide(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
        change: Change,
    ) -> Result<Decision, LimiterError> {
        let deadline = tokio::time::Instant::now() + DECISION_DEADLINE;
        tokio::time::timeout_at(deadline, self.decide_in_time(key_id, limit, now, change))
            .await
            .unwrap_or_else(|_| {
                Err(LimiterError::Unavailable(
                    "no rate-limit store decided in time".to_owned(),
                ))
            })
    }

    /// Whether a request may decide in this state: Redis, unless a call of this instance already
    /// failed in this epoch (the switch to the database is under way), or the database once every
    /// instance has left Redis.
    fn may_decide(&self, state: Local) -> bool {
        match state {
            Local::Redis { epoch } => self.faulted_epoch.load(Ordering::SeqCst) != epoch,
            Local::Database { ready, .. } => ready,
            Local::Starting | Local::Returning { .. } => false,
        }
    }

    async fn decide_in_time(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
        change: Change,
    ) -> Result<Decision, LimiterError> {
        let mut local = self.local.subscribe();
        loop {
            if local
                .wait_for(|state| self.may_decide(*state))
                .await
                .is_err()
            {
                return Err(LimiterError::Unavailable(
                    "the rate limiter stopped".to_owned(),
                ));
            }
            let gate = self.gate.read().await;
            // Read again under the gate: a switch may have happened in between.
            let state = *self.local.borrow();
            if !self.may_decide(state) {
                continue;
            }
            match state {
                Local::Redis { epoch } => {
                    match self
                        .decide_in_redis(key_id, limit, now, epoch, change)
                        .await
                    {
                        Ok((decision, given_back)) => {
                            // The ledger follows Redis' own hits: one more for a hit admitted,
                            // one less for a hit given back (written behind with the next poll).
                            let ledger_change = match change {
                                Change::Count if decision.admitted => Some((now.minute(), 1)),
                                Change::GiveBack { minute } if given_back => Some((minute, -1)),
                                _ => None,
                            };
                            if let Some((minute, hits)) = ledger_change {
                                *lock(&self.pending).entry((key_id, minute)).or_insert(0) += hits;
                            }
                            return Ok(decision);
                        }
                        Err(fault) => {
                            drop(gate);
                            // The first request to see the fault hands the decision over; the
                            // others wait for the switch instead of trying Redis again.
                            if self.mark_faulted(epoch) {
                                self.leave_redis(epoch, &fault).await?;
                            }
                        }
                    }
                }
                // Held under the gate, so a switch back to Redis waits for it.
                Local::Database { .. } => {
                    return self
                        .database_decides
                        .decide(key_id, limit, now, change)
                        .await;
                }
                Local::Starting | Local::Returning { .. } => {}
            }
        }
    }

    /// Records that Redis failed in `epoch`; `true` for the first request to record it.
    fn mark_faulted(&self, epoch: i64) -> bool {
        self.faulted_epoch.swap(epoch, Ordering::SeqCst) != epoch
    }

    /// Redis failed this instance: hand the decision to the database for every instance.
    async fn leave_redis(&self, epoch: i64, fault: &RedisFault) -> Result<(), LimiterError> {
        tracing::warn!(%fault, "Redis cannot decide rate limits; switching to the database");
        *lock(&self.connection) = None;
        let switch =
            self.database
                .limiter_switch(LimiterMode::Redis, epoch, LimiterMode::Database, None);
        let error = match tokio::time::timeout(SWITCH_TIMEOUT, switch).await {
            Ok(Ok(_)) => {
                self.wake.notify_one();
                return Ok(());
            }
            Ok(Err(error)) => error.to_string(),
            Err(_) => format!("no answer within {} ms", SWITCH_TIMEOUT.as_millis()),
        };
        // Nobody switched: the next request tries Redis again (and the switch).
        for marked in [&self.faulted_epoch, &self.connect_failed_epoch] {
            let _ = marked.compare_exchange(epoch, 0, Ordering::SeqCst, Ordering::SeqCst);
        }
        // Wakes the requests that waited for the switch, so that they try again themselves.
        self.local.send_modify(|_| {});
        Err(LimiterError::Unavailable(format!(
            "{fault}, and the database does not answer: {error}"
        )))
    }

    /// The decision, and whether a hit was given back.
    async fn decide_in_redis(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
        epoch: i64,
        change: Change,
    ) -> Result<(Decision, bool), RedisFault> {
        let mut connection = self.verified_connection(epoch).await?;
        let mut invocation = self.decide.prepare_invoke();
        invocation
            .key(redis_key(&self.key_prefix, key_id))
            .key(&self.sentinel_key)
            .arg(now.minute())
            .arg(WINDOW_MINUTES)
            .arg(limit);
        match change {
            Change::Count => invocation.arg("count"),
            Change::Peek => invocation.arg("peek"),
            Change::GiveBack { minute } => invocation.arg(minute),
        };
        let call = invocation.invoke_async::<(i64, i64, i64, i64)>(&mut connection);
        let (admitted, hits, oldest, given_back) = timed(call).await?;
        if admitted < 0 {
            return Err(RedisFault::Flushed);
        }
        let decision = Decision::from_window(
            admitted == 1,
            hits,
            (oldest >= 0).then_some(oldest),
            limit,
            now,
            LimitSource::Redis,
        );
        Ok((decision, given_back == 1))
    }

    /// The connection to the Redis process that holds the database's counts. Only one request
    /// connects at a time; the others wait for it rather than decide elsewhere, and give up at
    /// once if it failed.
    async fn verified_connection(&self, epoch: i64) -> Result<MultiplexedConnection, RedisFault> {
        if let Some(connection) = lock(&self.connection).as_ref() {
            return Ok(connection.clone());
        }
        let _connecting = self.connecting.lock().await;
        // Another request may have connected while this one waited, or failed to.
        if let Some(connection) = lock(&self.connection).as_ref() {
            return Ok(connection.clone());
        }
        if self.connect_failed_epoch.load(Ordering::SeqCst) == epoch {
            return Err(RedisFault::Unreachable(
                "another request failed to connect".to_owned(),
            ));
        }
        let verified = async {
            let (mut connection, run_id) = self.connect().await?;
            let filled = self.database_view_run_id();
            if filled.as_deref() != Some(run_id.as_str()) {
                return Err(RedisFault::Unfilled);
            }
            // A restart between this check and the first call breaks the connection, which
            // fails that call: a connection is never silently moved to another process.
            timed(redis::cmd("PING").query_async::<String>(&mut connection)).await?;
            Ok(connection)
        }
        .await;
        match verified {
            Ok(connection) => {
                *lock(&self.connection) = Some(connection.clone());
                Ok(connection)
            }
            Err(fault) => {
                // Marked before the next request takes its turn, so it does not try again (the
                // caller marks the epoch faulted and hands the decision over).
                self.connect_failed_epoch.store(epoch, Ordering::SeqCst);
                Err(fault)
            }
        }
    }

    async fn connect(&self) -> Result<(MultiplexedConnection, String), RedisFault> {
        let config = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(REDIS_TIMEOUT))
            .set_response_timeout(Some(REDIS_TIMEOUT));
        let mut connection = tokio::time::timeout(
            REDIS_TIMEOUT * 2,
            self.client
                .get_multiplexed_async_connection_with_config(&config),
        )
        .await
        .map_err(|_| RedisFault::Unreachable("connecting timed out".to_owned()))?
        .map_err(|error| RedisFault::Unreachable(error.to_string()))?;
        check_eviction_policy(&mut connection).await?;
        let info: String = timed(
            redis::cmd("INFO")
                .arg("server")
                .query_async(&mut connection),
        )
        .await?;
        let run_id = info
            .lines()
            .find_map(|line| line.strip_prefix("run_id:"))
            .map(|id| id.trim().to_owned())
            .ok_or_else(|| RedisFault::Unreachable("INFO has no run_id".to_owned()))?;
        Ok((connection, run_id))
    }

    /// While the database decides: whether Redis is back, reachable, not evicting, and quick
    /// (a Redis that answers slowly would time out again at once).
    async fn probe(&self) -> Result<(), RedisFault> {
        let (mut connection, _) = self.connect().await?;
        for _ in 0..3 {
            let sent = tokio::time::Instant::now();
            timed(redis::cmd("PING").query_async::<String>(&mut connection)).await?;
            let rtt = sent.elapsed();
            if rtt > REDIS_HEALTHY_RTT {
                return Err(RedisFault::Unreachable(format!(
                    "PING took {} ms",
                    rtt.as_millis()
                )));
            }
        }
        Ok(())
    }

    /// The run id recorded when Redis was last filled, as the last poll saw it.
    fn database_view_run_id(&self) -> Option<String> {
        lock(&self.last_view)
            .as_ref()
            .map(|view| view.redis_run_id.clone())
    }

    async fn poll_forever(self: Arc<Self>) {
        let mut acked_epoch = 0;
        let mut next_probe = tokio::time::Instant::now();
        let mut pruned_minute = i64::MIN;
        let mut next_policy_check = tokio::time::Instant::now();
        loop {
            let again = self
                .poll_once(&mut acked_epoch, &mut next_probe, &mut pruned_minute)
                .await;
            if tokio::time::Instant::now() >= next_policy_check {
                next_policy_check = tokio::time::Instant::now() + POLICY_CHECK_INTERVAL;
                self.check_policy_while_deciding().await;
            }
            if !again {
                tokio::select! {
                    () = tokio::time::sleep(POLL_INTERVAL) => {}
                    () = self.wake.notified() => {}
                }
            }
        }
    }

    /// While Redis decides: a `CONFIG SET maxmemory-policy` to an evicting policy hands the
    /// decision to the database before Redis evicts a window.
    async fn check_policy_while_deciding(&self) {
        let Local::Redis { epoch } = *self.local.borrow() else {
            return;
        };
        let Some(mut connection) = lock(&self.connection).clone() else {
            return;
        };
        // A Redis that does not answer is the requests' to notice; only the policy counts here.
        if let Err(fault @ RedisFault::Evicts(_)) = check_eviction_policy(&mut connection).await
            && self.mark_faulted(epoch)
        {
            let _ = self.leave_redis(epoch, &fault).await;
        }
    }

    /// One poll; `true` asks for the next one at once (a switch to acknowledge or follow).
    async fn poll_once(
        &self,
        acked_epoch: &mut i64,
        next_probe: &mut tokio::time::Instant,
        pruned_minute: &mut i64,
    ) -> bool {
        let first_minute = UnixSeconds::now().minute() - WINDOW_MINUTES + 1;
        let ledger = self.take_pending();
        // Old ledger minutes and gone instances are dropped once a minute, not every poll.
        let prune = *pruned_minute != first_minute;
        let view = match self
            .database
            .limiter_poll(
                &self.instance_id,
                *acked_epoch,
                &ledger,
                first_minute,
                prune,
                i64::try_from(LIVENESS.as_millis()).unwrap_or(i64::MAX),
            )
            .await
        {
            Ok(view) => {
                if prune {
                    *pruned_minute = first_minute;
                }
                view
            }
            Err(error) => {
                // Keep deciding as before (Redis keeps working while the database is down); the
                // hits go into the ledger with the next poll that reaches the database.
                self.restore_pending(&ledger, first_minute);
                tracing::debug!(%error, "rate-limit poll failed");
                return false;
            }
        };
        *lock(&self.last_view) = Some(view.clone());
        if view.epoch != *acked_epoch {
            let next = match view.mode {
                LimiterMode::Redis => Local::Redis { epoch: view.epoch },
                LimiterMode::Database => Local::Database {
                    epoch: view.epoch,
                    ready: false,
                },
                LimiterMode::Returning => Local::Returning { epoch: view.epoch },
            };
            // Wait for the decisions of the old mode; their hits are pending by then, and the
            // next poll writes them together with the acknowledgement.
            {
                let _switch = self.gate.write().await;
                self.local.send_replace(next);
            }
            // A Redis that decides again is checked again (it was filled from the database).
            *lock(&self.connection) = None;
            tracing::info!(
                mode = view.mode.as_str(),
                epoch = view.epoch,
                "rate limits switched"
            );
            *acked_epoch = view.epoch;
            return true;
        }
        match view.mode {
            LimiterMode::Redis => false,
            LimiterMode::Database => {
                if view.unacknowledged == 0 {
                    self.local.send_if_modified(|local| match local {
                        Local::Database { ready, .. } if !*ready => {
                            *ready = true;
                            true
                        }
                        _ => false,
                    });
                }
                let now = tokio::time::Instant::now();
                if now < *next_probe {
                    return false;
                }
                *next_probe = now + PROBE_INTERVAL;
                if let Err(fault) = self.probe().await {
                    tracing::debug!(%fault, "Redis is not back yet");
                    return false;
                }
                matches!(
                    self.database
                        .limiter_switch(
                            LimiterMode::Database,
                            view.epoch,
                            LimiterMode::Returning,
                            None
                        )
                        .await,
                    Ok(true)
                )
            }
            LimiterMode::Returning => {
                if view.unacknowledged > 0 {
                    return false;
                }
                self.fill_redis(view.epoch, first_minute).await;
                true
            }
        }
    }

    /// Copies the database's counts into Redis and hands the decision back to it; if Redis fails
    /// meanwhile, the database decides again.
    async fn fill_redis(&self, epoch: i64, first_minute: i64) {
        let filled = async {
            let windows = self
                .database
                .limiter_windows(first_minute)
                .await
                .map_err(|error| RedisFault::Unreachable(format!("database: {error}")))?;
            let (mut connection, run_id) = self.connect().await?;
            let ttl = WINDOW_MINUTES * 60 + 60;
            for key_windows in windows.chunk_by(|a, b| a.key_id == b.key_id) {
                let mut invocation = self.fill.prepare_invoke();
                invocation.key(redis_key(&self.key_prefix, key_windows[0].key_id));
                for minute in key_windows {
                    invocation
                        .arg(minute.minute)
                        .arg(minute.redis_hits)
                        .arg(minute.database_hits);
                }
                invocation.arg(ttl);
                timed(invocation.invoke_async::<i64>(&mut connection)).await?;
            }
            // Last: a decision that finds this key knows every window above was filled.
            timed(
                redis::cmd("SET")
                    .arg(&self.sentinel_key)
                    .arg(epoch)
                    .query_async::<()>(&mut connection),
            )
            .await?;
            Ok::<_, RedisFault>(run_id)
        }
        .await;
        let switched = match filled {
            Ok(run_id) => {
                self.database
                    .limiter_switch(
                        LimiterMode::Returning,
                        epoch,
                        LimiterMode::Redis,
                        Some(&run_id),
                    )
                    .await
            }
            Err(fault) => {
                tracing::warn!(%fault, "could not fill Redis; the database keeps deciding");
                self.database
                    .limiter_switch(LimiterMode::Returning, epoch, LimiterMode::Database, None)
                    .await
            }
        };
        if let Err(error) = switched {
            tracing::warn!(%error, "rate-limit switch failed");
        }
    }

    fn take_pending(&self) -> Vec<LedgerHits> {
        lock(&self.pending)
            .drain()
            .map(|((key_id, minute), hits)| LedgerHits {
                key_id,
                minute,
                hits,
            })
            .collect()
    }

    fn restore_pending(&self, ledger: &[LedgerHits], first_minute: i64) {
        let mut pending = lock(&self.pending);
        // Minutes that left the window no longer count anywhere: dropping them bounds the map
        // through a long database outage.
        pending.retain(|&(_, minute), _| minute >= first_minute);
        for hits in ledger.iter().filter(|hits| hits.minute >= first_minute) {
            *pending.entry((hits.key_id, hits.minute)).or_insert(0) += hits.hits;
        }
    }

    /// On shutdown: write the pending hits and leave, so that switches do not wait for this
    /// instance's heartbeat to age.
    async fn flush_and_leave(&self) -> Result<(), orrery_store::StoreError> {
        let first_minute = UnixSeconds::now().minute() - WINDOW_MINUTES + 1;
        let ledger = self.take_pending();
        let acked = lock(&self.last_view).as_ref().map_or(0, |view| view.epoch);
        self.database
            .limiter_poll(
                &self.instance_id,
                acked,
                &ledger,
                first_minute,
                false,
                i64::try_from(LIVENESS.as_millis()).unwrap_or(i64::MAX),
            )
            .await?;
        self.database.limiter_leave(&self.instance_id).await
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // The guarded values are plain counters and views; a panic elsewhere cannot leave them
    // half-written.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Refuses a Redis that may evict keys: an evicted window would be counted from zero. A Redis
/// whose policy cannot be read (`CONFIG` disabled) is refused too.
async fn check_eviction_policy(connection: &mut MultiplexedConnection) -> Result<(), RedisFault> {
    let mut command = redis::cmd("CONFIG");
    command.arg("GET").arg("maxmemory-policy");
    let asked = command.query_async::<HashMap<String, String>>(connection);
    let policy = match tokio::time::timeout(REDIS_TIMEOUT, asked).await {
        Err(_) => return Err(RedisFault::Unreachable("timed out".to_owned())),
        Ok(Err(error))
            if error.is_io_error() || error.is_timeout() || error.is_connection_dropped() =>
        {
            return Err(RedisFault::Unreachable(error.to_string()));
        }
        Ok(Err(error)) => return Err(RedisFault::Evicts(format!("unreadable: {error}"))),
        Ok(Ok(policy)) => policy,
    };
    match policy.get("maxmemory-policy") {
        Some(policy) if policy == NO_EVICTION => Ok(()),
        Some(policy) => Err(RedisFault::Evicts(policy.clone())),
        None => Err(RedisFault::Evicts("unreadable".to_owned())),
    }
}

async fn timed<T>(
    call: impl std::future::Future<Output = redis::RedisResult<T>>,
) -> Result<T, RedisFault> {
    match tokio::time::timeout(REDIS_TIMEOUT, call).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(RedisFault::Unreachable(error.to_string())),
        Err(_) => Err(RedisFault::Unreachable("timed out".to_owned())),
    }
}

#[async_trait::async_trait]
impl RateLimiter for RedisLimiter {
    async fn decide(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
        change: Change,
    ) -> Result<Decision, LimiterError> {
        self.shared.decide(key_id, limit, now, change).await
    }

    async fn shutdown(&self) {
        self.poller.abort();
        let _ = self.shared.flush_and_leave().await;
    }
}
