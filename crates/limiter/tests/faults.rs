//! Three limiters (three instances' worth) sharing one database and a Redis server that this test
//! starts, kills, restarts empty, freezes, flushes, slows down (through a delay proxy) and lets
//! evict: for one key with a limit of 50, the total admitted never exceeds 50, no request gets an
//! error while the database answers, and a degraded Redis costs a request milliseconds.
//!
//! PostgreSQL when `ORRERY_TEST_POSTGRES_URL` is set, else one SQLite file opened three times.
//! Compiled `#[ignore]`d, with the reason, when `redis-server` is not on the PATH (see
//! `crates/store/build.rs`).

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use orrery_limiter::{LimitSource, RateLimiter, RedisLimiter, UnixSeconds};
use orrery_store::Database;
use orrery_store::testing::TestDatabase;

const LIMIT: i64 = 50;
/// Each scenario must finish well within this, or it fails rather than hang CI.
const SCENARIO_TIME: Duration = Duration::from_secs(90);

/// A `redis-server` of this test's own on a free loopback port, stopped on drop.
struct RedisProcess {
    port: u16,
    child: Option<Child>,
    extra: Vec<String>,
}

impl RedisProcess {
    fn start() -> Option<Self> {
        Self::start_with(&[])
    }

    /// Started with extra `redis-server` arguments (for every restart too).
    fn start_with(extra: &[&str]) -> Option<Self> {
        let port = free_port();
        let mut process = Self {
            port,
            child: None,
            extra: extra.iter().map(|arg| (*arg).to_owned()).collect(),
        };
        process.spawn()?;
        Some(process)
    }

    /// Runs one command on this Redis directly (not through the limiters' connections).
    async fn command<T: redis::FromRedisValue>(&self, args: &[&str]) -> T {
        let client = redis::Client::open(self.url()).unwrap();
        let mut connection = client.get_multiplexed_async_connection().await.unwrap();
        let mut command = redis::cmd(args[0]);
        for arg in &args[1..] {
            command.arg(*arg);
        }
        command.query_async(&mut connection).await.unwrap()
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Starts (again) on the same port, empty: no persistence.
    fn spawn(&mut self) -> Option<()> {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .args(&self.extra)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        self.child = Some(child);
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return Some(());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("redis-server did not start on port {}", self.port);
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn signal(&self, signal: &str) {
        let pid = self.child.as_ref().expect("running").id().to_string();
        let status = Command::new("kill")
            .args([signal, &pid])
            .status()
            .expect("kill");
        assert!(status.success());
    }
}

impl Drop for RedisProcess {
    fn drop(&mut self) {
        if self.child.is_some() {
            self.signal("-CONT");
        }
        self.kill();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

/// Three limiters with their own database pools, as three instances have.
struct Cluster {
    limiters: Vec<Arc<RedisLimiter>>,
    db: TestDatabase,
}

impl Cluster {
    async fn start(redis: &RedisProcess) -> Self {
        Self::start_at(&redis.url()).await
    }

    /// Three limiters that reach Redis at `redis_url` (a proxy, in some tests).
    async fn start_at(redis_url: &str) -> Self {
        // PostgreSQL where the build was given one, else one SQLite file opened three times.
        let db = if cfg!(orrery_test_postgres) {
            TestDatabase::postgres().await
        } else {
            TestDatabase::sqlite().await
        };
        let mut limiters = Vec::new();
        for _ in 0..3 {
            let database = Database::connect(&db.url).await.expect("open the database");
            limiters.push(Arc::new(
                RedisLimiter::start(redis_url, "orrery-fault-test:", database).unwrap(),
            ));
        }
        Self { limiters, db }
    }

    async fn all_deciding(&self, source: LimitSource) {
        for limiter in &self.limiters {
            assert!(
                limiter
                    .wait_until_deciding(source, Duration::from_secs(15))
                    .await,
                "{source:?} did not take over"
            );
        }
    }

    /// `count` concurrent hits for `key`, spread over the three limiters: how many were
    /// admitted. Every hit must get a decision.
    async fn burst(&self, key: i64, count: usize) -> i64 {
        let tasks: Vec<_> = (0..count)
            .map(|i| {
                let limiter = Arc::clone(&self.limiters[i % self.limiters.len()]);
                tokio::spawn(async move { limiter.hit(key, LIMIT, UnixSeconds::now()).await })
            })
            .collect();
        let mut admitted = 0;
        for task in tasks {
            let decision = task
                .await
                .unwrap()
                .expect("a decision while the database answers");
            admitted += i64::from(decision.admitted);
        }
        admitted
    }

    /// `concurrency` requests for `key` at a time, spread over the three limiters, each repeated
    /// every `pause` until `length` has passed: what was admitted, how many failed, and how long
    /// each decision took.
    async fn load(
        self: &Arc<Self>,
        key: i64,
        concurrency: usize,
        pause: Duration,
        length: Duration,
    ) -> Load {
        let until = Instant::now() + length;
        let tasks: Vec<_> = (0..concurrency)
            .map(|i| {
                let limiter = Arc::clone(&self.limiters[i % self.limiters.len()]);
                tokio::spawn(async move {
                    let mut load = Load::default();
                    while Instant::now() < until {
                        let asked = Instant::now();
                        match limiter.hit(key, LIMIT, UnixSeconds::now()).await {
                            Ok(decision) => load.admitted += i64::from(decision.admitted),
                            Err(_) => load.errors += 1,
                        }
                        load.latencies.push(asked.elapsed());
                        tokio::time::sleep(pause).await;
                    }
                    load
                })
            })
            .collect();
        let mut total = Load::default();
        for task in tasks {
            let load = task.await.unwrap();
            total.admitted += load.admitted;
            total.errors += load.errors;
            total.latencies.extend(load.latencies);
        }
        total.latencies.sort();
        total
    }

    /// Stops a cluster shared with load tasks, once they have finished.
    async fn stop_shared(cluster: Arc<Self>) {
        Arc::into_inner(cluster)
            .expect("load finished")
            .stop()
            .await;
    }

    async fn stop(self) {
        for limiter in &self.limiters {
            limiter.shutdown().await;
        }
        drop(self.limiters);
        self.db.cleanup().await.unwrap();
    }
}

/// What a [`Cluster::load`] saw.
#[derive(Debug, Default)]
struct Load {
    admitted: i64,
    errors: usize,
    /// Sorted.
    latencies: Vec<Duration>,
}

impl Load {
    fn quantile(&self, q: f64) -> Duration {
        let last = self.latencies.len() - 1;
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss,
            reason = "an index into a short list"
        )]
        let index = ((last as f64) * q).round() as usize;
        self.latencies[index]
    }

    fn max(&self) -> Duration {
        *self.latencies.last().expect("some requests")
    }

    /// Every request decided (the database answers), within the limit, and quickly.
    fn assert_decided_quickly(&self, scenario: &str) {
        self.report(scenario);
        assert_eq!(
            self.errors, 0,
            "every request decided while the database answers"
        );
        assert!(self.admitted <= LIMIT, "admitted {}", self.admitted);
        assert!(
            self.quantile(0.99) < DEGRADED_P99,
            "p99 {:?}",
            self.quantile(0.99)
        );
        assert!(
            self.max() < DEGRADED_MAX,
            "a request waited {:?}",
            self.max()
        );
    }

    fn report(&self, scenario: &str) {
        eprintln!(
            "{scenario}: {} requests, {} admitted, {} errors, p50 {:?}, p99 {:?}, max {:?}",
            self.latencies.len(),
            self.admitted,
            self.errors,
            self.quantile(0.5),
            self.quantile(0.99),
            self.max()
        );
    }
}

async fn bounded<F: std::future::Future<Output = ()>>(scenario: F) {
    tokio::time::timeout(SCENARIO_TIME, scenario)
        .await
        .expect("the scenario finished in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn cold_start_admits_at_most_the_limit_and_nearly_all_of_it() {
    let redis = RedisProcess::start().expect("start redis-server");
    bounded(async {
        let cluster = Cluster::start(&redis).await;
        // No waiting for the cluster to settle: requests arrive while it starts.
        let admitted = cluster.burst(7, 200).await;
        assert!(
            admitted <= LIMIT,
            "admitted {admitted} for a limit of {LIMIT}"
        );
        assert!(admitted >= 45, "admitted only {admitted} of {LIMIT}");
        cluster.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn killed_and_empty_restarted_redis_never_lets_a_key_past_its_limit() {
    let mut redis = RedisProcess::start().expect("start redis-server");
    bounded(async {
        let cluster = Cluster::start(&redis).await;
        cluster.all_deciding(LimitSource::Redis).await;
        let key = 11;
        let mut admitted = cluster.burst(key, 20).await;
        assert_eq!(admitted, 20);

        redis.kill();
        admitted += cluster.burst(key, 20).await;
        cluster.all_deciding(LimitSource::Database).await;
        admitted += cluster.burst(key, 5).await;
        assert_eq!(admitted, 45, "the database counts what Redis admitted");

        // Back, but empty: it must be filled before it decides again.
        redis.spawn().expect("restart redis-server");
        cluster.all_deciding(LimitSource::Redis).await;
        admitted += cluster.burst(key, 40).await;
        assert_eq!(admitted, LIMIT, "exact through the outage");

        // Restarted empty again without any failed call in between (no request during the
        // restart): the first call finds another process and refills it.
        redis.kill();
        redis.spawn().expect("restart redis-server");
        admitted += cluster.burst(key, 30).await;
        assert_eq!(admitted, LIMIT, "a restarted Redis is refilled");
        cluster.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn frozen_redis_never_lets_a_key_past_its_limit() {
    let redis = RedisProcess::start().expect("start redis-server");
    bounded(async {
        let cluster = Cluster::start(&redis).await;
        cluster.all_deciding(LimitSource::Redis).await;
        let key = 12;
        let mut admitted = cluster.burst(key, 30).await;
        assert_eq!(admitted, 30);

        redis.signal("-STOP");
        admitted += cluster.burst(key, 15).await;
        cluster.all_deciding(LimitSource::Database).await;
        admitted += cluster.burst(key, 5).await;
        // Calls sent before the freeze was noticed run when Redis wakes up, so Redis may count
        // a few hits that the database admitted or refused: conservative, never over.
        redis.signal("-CONT");
        cluster.all_deciding(LimitSource::Redis).await;
        admitted += cluster.burst(key, 60).await;
        assert!(
            admitted <= LIMIT,
            "admitted {admitted} for a limit of {LIMIT}"
        );
        // At most the 15 calls in flight at the freeze are counted twice.
        assert!(
            admitted >= LIMIT - 15,
            "admitted only {admitted} of {LIMIT}"
        );
        cluster.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn concurrent_requests_through_a_kill_stay_within_the_limit() {
    let mut redis = RedisProcess::start().expect("start redis-server");
    bounded(async {
        let cluster = Arc::new(Cluster::start(&redis).await);
        cluster.all_deciding(LimitSource::Redis).await;
        let key = 13;
        // Requests keep arriving while Redis dies and comes back empty.
        let load = {
            let cluster = Arc::clone(&cluster);
            tokio::spawn(async move {
                let mut admitted = 0;
                for _ in 0..40 {
                    admitted += cluster.burst(key, 6).await;
                    tokio::time::sleep(Duration::from_millis(25)).await;
                }
                admitted
            })
        };
        tokio::time::sleep(Duration::from_millis(300)).await;
        redis.kill();
        tokio::time::sleep(Duration::from_millis(400)).await;
        redis.spawn().expect("restart redis-server");
        let admitted = load.await.unwrap();
        assert!(
            admitted <= LIMIT,
            "admitted {admitted} for a limit of {LIMIT}"
        );
        assert!(admitted >= 45, "admitted only {admitted} of {LIMIT}");
        Cluster::stop_shared(cluster).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(all(orrery_test_redis_server, orrery_test_postgres)),
    ignore = "needs redis-server on the PATH and ORRERY_TEST_POSTGRES_URL at build time"
)]
async fn redis_decides_alone_without_the_database_and_nothing_is_admitted_without_both() {
    let mut redis = RedisProcess::start().expect("start redis-server");
    let db = TestDatabase::postgres().await;
    bounded(async {
        let limiter = deciding_in_redis(&redis.url(), &db.url).await;
        let key = 21;
        assert!(
            limiter
                .hit(key, LIMIT, UnixSeconds::now())
                .await
                .unwrap()
                .admitted
        );

        // The database goes away: Redis keeps deciding alone.
        drop_database(&db).await;
        let decision = limiter.hit(key, LIMIT, UnixSeconds::now()).await.unwrap();
        assert!(decision.admitted);
        assert_eq!(decision.source, LimitSource::Redis);

        // Then Redis too: the request fails closed, and fast.
        redis.kill();
        let asked = std::time::Instant::now();
        let outcome = limiter.hit(key, LIMIT, UnixSeconds::now()).await;
        assert!(
            outcome.is_err(),
            "no store can count, so nothing is admitted"
        );
        assert!(
            asked.elapsed() < Duration::from_secs(2),
            "the refusal took {:?}",
            asked.elapsed()
        );
        limiter.shutdown().await;
    })
    .await;
}

/// One limiter (one instance) on its own, once Redis decides.
async fn deciding_in_redis(redis_url: &str, database_url: &str) -> RedisLimiter {
    let database = Database::connect(database_url).await.unwrap();
    let limiter =
        RedisLimiter::start(redis_url, "orrery-fault-test:", database).expect("a Redis URL");
    assert!(
        limiter
            .wait_until_deciding(LimitSource::Redis, Duration::from_secs(15))
            .await
    );
    limiter
}

/// Makes the test database unreachable for good: its connections are ended and it is dropped.
async fn drop_database(db: &TestDatabase) {
    use sqlx::{Connection, Executor};
    let admin_url = std::env::var(orrery_store::testing::POSTGRES_URL_VAR).unwrap();
    let name = db.url.rsplit('/').next().unwrap().to_owned();
    let mut admin = sqlx::PgConnection::connect(&admin_url).await.unwrap();
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
        )))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn a_redis_gone_before_its_first_connection_hands_the_decision_over() {
    let mut redis = RedisProcess::start().expect("start redis-server");
    bounded(async {
        let cluster = Cluster::start(&redis).await;
        // Each limiter connects on its first decision after a switch: Redis dies before that, so
        // the first thing to fail is connecting, not a call.
        cluster.all_deciding(LimitSource::Redis).await;
        redis.kill();
        assert_eq!(cluster.burst(19, 30).await, 30);
        cluster.all_deciding(LimitSource::Database).await;
        cluster.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn flushed_redis_is_refilled_before_it_decides_again() {
    let redis = RedisProcess::start().expect("start redis-server");
    bounded(async {
        let cluster = Cluster::start(&redis).await;
        cluster.all_deciding(LimitSource::Redis).await;
        let key = 14;
        let mut admitted = cluster.burst(key, 30).await;
        assert_eq!(admitted, 30);

        // The same process (same run_id) loses every key: no restart to notice.
        redis.command::<()>(&["FLUSHALL"]).await;
        admitted += cluster.burst(key, 60).await;
        assert_eq!(admitted, LIMIT, "the database decides and knows all 30");

        // Refilled, Redis decides again, with the whole count.
        cluster.all_deciding(LimitSource::Redis).await;
        admitted += cluster.burst(key, 20).await;
        assert_eq!(admitted, LIMIT, "exact through the flush");

        // And once more with FLUSHDB while Redis decides.
        redis.command::<()>(&["FLUSHDB"]).await;
        admitted += cluster.burst(key, 20).await;
        assert_eq!(admitted, LIMIT, "exact through a second flush");
        cluster.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn a_redis_that_may_evict_is_not_used_and_eviction_admits_nothing_extra() {
    let redis =
        RedisProcess::start_with(&["--maxmemory", "4mb", "--maxmemory-policy", "allkeys-lru"])
            .expect("start redis-server");
    bounded(async {
        let cluster = Cluster::start(&redis).await;
        cluster.all_deciding(LimitSource::Database).await;
        let key = 16;
        let mut admitted = cluster.burst(key, 20).await;
        assert_eq!(admitted, 20);

        // Fill Redis past maxmemory: it evicts whatever it holds.
        let junk = "x".repeat(100_000);
        for i in 0..100 {
            redis
                .command::<()>(&["SET", &format!("junk:{i}"), &junk])
                .await;
        }
        let evicted: String = redis.command(&["INFO", "stats"]).await;
        assert!(
            !evicted.contains("evicted_keys:0\r"),
            "Redis evicted nothing: {evicted}"
        );
        admitted += cluster.burst(key, 60).await;
        assert_eq!(admitted, LIMIT, "exact while Redis evicts");

        // Set to noeviction (and given room), Redis is filled and decides.
        redis.command::<()>(&["FLUSHALL"]).await;
        redis
            .command::<()>(&["CONFIG", "SET", "maxmemory-policy", "noeviction"])
            .await;
        cluster.all_deciding(LimitSource::Redis).await;
        admitted += cluster.burst(key, 20).await;
        assert_eq!(admitted, LIMIT, "exact once Redis decides");

        // Set back to evicting while Redis decides: the database takes over again.
        redis
            .command::<()>(&["CONFIG", "SET", "maxmemory-policy", "allkeys-lru"])
            .await;
        cluster.all_deciding(LimitSource::Database).await;
        admitted += cluster.burst(key, 20).await;
        assert_eq!(admitted, LIMIT, "exact after the policy changed");
        cluster.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn a_redis_frozen_for_15_seconds_costs_requests_milliseconds() {
    let redis = RedisProcess::start().expect("start redis-server");
    bounded(async {
        let cluster = Arc::new(Cluster::start(&redis).await);
        cluster.all_deciding(LimitSource::Redis).await;
        let load = {
            let cluster = Arc::clone(&cluster);
            tokio::spawn(async move {
                cluster
                    .load(17, 30, LOAD_PAUSE, Duration::from_secs(19))
                    .await
            })
        };
        tokio::time::sleep(Duration::from_secs(2)).await;
        redis.signal("-STOP");
        tokio::time::sleep(Duration::from_secs(15)).await;
        redis.signal("-CONT");
        let load = load.await.unwrap();
        load.assert_decided_quickly("Redis frozen 15 s");
        Cluster::stop_shared(cluster).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis_server),
    ignore = "starts its own redis-server, which is not on the PATH"
)]
async fn a_redis_taking_100_ms_per_command_costs_requests_milliseconds() {
    let redis = RedisProcess::start().expect("start redis-server");
    let proxy = Proxy::start(format!("127.0.0.1:{}", redis.port)).await;
    bounded(async {
        let cluster = Arc::new(Cluster::start_at(&format!("redis://{}", proxy.address)).await);
        cluster.all_deciding(LimitSource::Redis).await;
        let load = {
            let cluster = Arc::clone(&cluster);
            tokio::spawn(async move {
                cluster
                    .load(18, 30, LOAD_PAUSE, Duration::from_secs(13))
                    .await
            })
        };
        tokio::time::sleep(Duration::from_secs(1)).await;
        proxy.set(Link::Slow(Duration::from_millis(100)));
        let load = load.await.unwrap();
        load.assert_decided_quickly("Redis 100 ms per command");
        Cluster::stop_shared(cluster).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(all(orrery_test_redis_server, orrery_test_postgres)),
    ignore = "needs redis-server on the PATH and ORRERY_TEST_POSTGRES_URL at build time"
)]
async fn a_frozen_database_and_a_dead_redis_refuse_within_the_deadline() {
    let mut redis = RedisProcess::start().expect("start redis-server");
    let db = TestDatabase::postgres().await;
    let upstream = host_and_port(&db.url).to_owned();
    let proxy = Proxy::start(upstream.clone()).await;
    let proxied = db.url.replacen(&upstream, &proxy.address.to_string(), 1);
    bounded(async {
        let limiter = deciding_in_redis(&redis.url(), &proxied).await;
        assert!(
            limiter
                .hit(22, LIMIT, UnixSeconds::now())
                .await
                .unwrap()
                .admitted
        );

        proxy.set(Link::Frozen);
        redis.kill();
        let asked = Instant::now();
        let outcome = limiter.hit(22, LIMIT, UnixSeconds::now()).await;
        assert!(
            outcome.is_err(),
            "no store can count, so nothing is admitted"
        );
        eprintln!(
            "database frozen, Redis killed: refused after {:?}",
            asked.elapsed()
        );
        assert!(
            asked.elapsed() < Duration::from_secs(2),
            "the refusal took {:?}",
            asked.elapsed()
        );
        proxy.set(Link::Up);
        limiter.shutdown().await;
    })
    .await;
    db.cleanup().await.unwrap();
}

/// A pause between one request's decision and its next, per concurrent requester.
const LOAD_PAUSE: Duration = Duration::from_millis(50);
/// The longest a decision may take while one store degrades and the other answers: well under
/// the 2-second decision deadline, with room for a loaded CI machine.
const DEGRADED_MAX: Duration = Duration::from_millis(1500);
const DEGRADED_P99: Duration = Duration::from_millis(600);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Link {
    Up,
    /// Each request waits this long, one after another, before it reaches upstream: a server that
    /// takes this long for every command (Redis runs one command at a time).
    Slow(Duration),
    /// Nothing flows either way.
    Frozen,
}

/// A TCP proxy whose link the test switches: up, slow or frozen.
struct Proxy {
    address: std::net::SocketAddr,
    link: tokio::sync::watch::Sender<Link>,
}

impl Proxy {
    async fn start(upstream: String) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (link, watching) = tokio::sync::watch::channel(Link::Up);
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                tokio::spawn(forward(client, upstream.clone(), watching.clone()));
            }
        });
        Self { address, link }
    }

    fn set(&self, link: Link) {
        self.link.send_replace(link);
    }
}

async fn forward(
    client: tokio::net::TcpStream,
    upstream: String,
    link: tokio::sync::watch::Receiver<Link>,
) {
    let Ok(server) = tokio::net::TcpStream::connect(&upstream).await else {
        return;
    };
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    tokio::spawn(pump(client_read, server_write, link.clone(), true));
    pump(server_read, client_write, link, false).await;
}

/// Copies one direction; on a slow link, each chunk of `requests` waits its turn and then the
/// link's delay.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut link: tokio::sync::watch::Receiver<Link>,
    requests: bool,
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (chunks, mut queued) = tokio::sync::mpsc::unbounded_channel::<(Duration, Vec<u8>)>();
    let writer = tokio::spawn(async move {
        while let Some((delay, chunk)) = queued.recv().await {
            tokio::time::sleep(delay).await;
            if to.write_all(&chunk).await.is_err() {
                return;
            }
        }
    });
    let mut buffer = vec![0_u8; 16 * 1024];
    while let Ok(n) = from.read(&mut buffer).await {
        if n == 0 {
            break;
        }
        let state = match link.wait_for(|state| *state != Link::Frozen).await {
            Ok(state) => *state,
            Err(_) => break,
        };
        let delay = match state {
            Link::Slow(delay) if requests => delay,
            _ => Duration::ZERO,
        };
        if chunks.send((delay, buffer[..n].to_vec())).is_err() {
            break;
        }
    }
    drop(chunks);
    let _ = writer.await;
}

/// `host:port` of a `postgres://user@host:port/db` URL.
fn host_and_port(url: &str) -> &str {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let after_user = after_scheme
        .split_once('@')
        .map_or(after_scheme, |(_, rest)| rest);
    after_user.split(['/', '?']).next().unwrap()
}
