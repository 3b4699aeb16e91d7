//! Three limiters (three instances' worth) sharing one database and a Redis server that this test
//! starts, kills, restarts empty and freezes itself: for one key with a limit of 50, the total
//! admitted never exceeds 50, and no request gets an error while the database answers.
//!
//! PostgreSQL when `ORRERY_TEST_POSTGRES_URL` is set, else one SQLite file opened three times.
//! Compiled `#[ignore]`d, with the reason, when `redis-server` is not on the PATH (see
//! `crates/store/build.rs`).

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

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
}

impl RedisProcess {
    fn start() -> Option<Self> {
        let port = free_port();
        let mut process = Self { port, child: None };
        process.spawn()?;
        Some(process)
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Starts (again) on the same port, empty: no persistence.
    fn spawn(&mut self) -> Option<()> {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
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
                RedisLimiter::start(&redis.url(), "orrery-fault-test:", database).unwrap(),
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

    async fn stop(self) {
        for limiter in &self.limiters {
            limiter.shutdown().await;
        }
        drop(self.limiters);
        self.db.cleanup().await.unwrap();
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
        Arc::into_inner(cluster)
            .expect("load finished")
            .stop()
            .await;
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
        let database = Database::connect(&db.url).await.unwrap();
        let limiter =
            RedisLimiter::start(&redis.url(), "orrery-fault-test:", database).expect("a Redis URL");
        assert!(
            limiter
                .wait_until_deciding(LimitSource::Redis, Duration::from_secs(15))
                .await
        );
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
