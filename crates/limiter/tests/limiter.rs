//! The same window rules for every backend: memory always, the SQLite fallback always, Redis and
//! the PostgreSQL fallback when `ORRERY_TEST_REDIS_URL` / `ORRERY_TEST_POSTGRES_URL` are set.

use std::sync::Arc;
use std::time::Duration;

use orrery_limiter::{
    DatabaseLimiter, LimitSource, MemoryLimiter, RateLimiter, RedisLimiter, UnixSeconds,
};
use orrery_store::Database;
use orrery_store::testing::TestDatabase;

const START: UnixSeconds = UnixSeconds(1_800_000_000);

fn unique_key_id() -> i64 {
    use rand::Rng;
    rand::rng().random_range(1..i64::from(i32::MAX))
}

async fn limit_of_five_admits_five(limiter: &dyn RateLimiter, source: LimitSource) {
    let key = unique_key_id();
    for i in 0..5 {
        let decision = limiter.hit(key, 5, START).await.unwrap();
        assert!(decision.admitted, "request {i}");
        assert_eq!(decision.remaining, 4 - i);
        assert_eq!(decision.source, source);
        assert_eq!(decision.limit, 5);
    }
    let sixth = limiter
        .hit(key, 5, UnixSeconds(START.0 + 10))
        .await
        .unwrap();
    assert!(!sixth.admitted);
    assert_eq!(sixth.remaining, 0);
    // The hits sit in START's minute, which leaves the window one hour after it began.
    let minute_start = START.minute() * 60;
    assert_eq!(
        sixth.retry_after_secs,
        Some(minute_start + 3600 - (START.0 + 10))
    );
}

async fn window_slides(limiter: &dyn RateLimiter) {
    let key = unique_key_id();
    let t0 = UnixSeconds(START.minute() * 60);
    assert!(limiter.hit(key, 2, t0).await.unwrap().admitted);
    let half_hour = UnixSeconds(t0.0 + 30 * 60);
    assert!(limiter.hit(key, 2, half_hour).await.unwrap().admitted);
    assert!(
        !limiter
            .hit(key, 2, UnixSeconds(t0.0 + 59 * 60 + 59))
            .await
            .unwrap()
            .admitted
    );
    // One hour after t0 the first hit has left; the half-hour one is still in.
    let later = limiter.hit(key, 2, UnixSeconds(t0.0 + 3600)).await.unwrap();
    assert!(later.admitted);
    assert_eq!(later.remaining, 0);
}

async fn exact_under_concurrency(limiter: Arc<dyn RateLimiter>) {
    let key = unique_key_id();
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let limiter = Arc::clone(&limiter);
            tokio::spawn(async move { limiter.hit(key, 10, START).await.unwrap() })
        })
        .collect();
    let mut admitted = 0;
    for task in tasks {
        admitted += i32::from(task.await.unwrap().admitted);
    }
    assert_eq!(admitted, 10);
}

/// A peek counts nothing, and answers even when the key is out of requests.
async fn peeks_count_nothing(limiter: &dyn RateLimiter) {
    let key = unique_key_id();
    let empty = limiter.peek(key, 2, START).await.unwrap();
    assert!(empty.admitted);
    assert_eq!((empty.remaining, empty.reset_secs), (2, 0));
    for _ in 0..3 {
        assert_eq!(limiter.peek(key, 2, START).await.unwrap().remaining, 2);
    }
    assert!(limiter.hit(key, 2, START).await.unwrap().admitted);
    assert!(limiter.hit(key, 2, START).await.unwrap().admitted);
    let full = limiter.peek(key, 2, START).await.unwrap();
    assert!(full.admitted, "a peek is answered at the limit too");
    assert_eq!(full.remaining, 0);
    assert!(!limiter.hit(key, 2, START).await.unwrap().admitted);
}

/// A refund gives back the hit it follows, once, and never more than was counted.
async fn refunds_give_back_one_counted_hit(limiter: &dyn RateLimiter) {
    let key = unique_key_id();
    let later = UnixSeconds(START.0 + 5);
    for _ in 0..3 {
        let hit = limiter.hit(key, 5, START).await.unwrap();
        assert_eq!(hit.remaining, 4);
        let back = limiter.refund(key, 5, START, later).await.unwrap();
        assert_eq!((back.remaining, back.reset_secs), (5, 0));
    }
    // Nothing counted: a refund frees nothing beyond the limit.
    assert_eq!(
        limiter
            .refund(key, 5, START, later)
            .await
            .unwrap()
            .remaining,
        5
    );
    for i in 0..5 {
        assert!(limiter.hit(key, 5, later).await.unwrap().admitted, "{i}");
    }
    assert!(!limiter.hit(key, 5, later).await.unwrap().admitted);
    // A refund for a minute that holds no hit frees nothing.
    let elsewhere = UnixSeconds(START.0 - 600);
    assert_eq!(
        limiter
            .refund(key, 5, elsewhere, later)
            .await
            .unwrap()
            .remaining,
        0
    );
}

/// `reset_secs` is the time until the oldest counted hit leaves, whatever remains.
async fn reset_counts_to_the_oldest_hit(limiter: &dyn RateLimiter) {
    let key = unique_key_id();
    let minute_start = START.minute() * 60;
    let first = limiter.hit(key, 5, START).await.unwrap();
    assert_eq!(first.remaining, 4);
    assert_eq!(first.reset_secs, minute_start + 3600 - START.0);
    let ten_minutes_on = UnixSeconds(START.0 + 600);
    let second = limiter.hit(key, 5, ten_minutes_on).await.unwrap();
    assert_eq!(second.reset_secs, minute_start + 3600 - ten_minutes_on.0);
}

async fn all_rules(limiter: Arc<dyn RateLimiter>, source: LimitSource) {
    peeks_count_nothing(limiter.as_ref()).await;
    refunds_give_back_one_counted_hit(limiter.as_ref()).await;
    reset_counts_to_the_oldest_hit(limiter.as_ref()).await;
    limit_of_five_admits_five(limiter.as_ref(), source).await;
    window_slides(limiter.as_ref()).await;
    exact_under_concurrency(limiter).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn memory() {
    all_rules(Arc::new(MemoryLimiter::new()), LimitSource::Memory).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn database_on_sqlite() {
    let db = TestDatabase::sqlite().await;
    let limiter = Arc::new(DatabaseLimiter::new(db.database.clone()));
    all_rules(limiter, LimitSource::Database).await;
    db.cleanup().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_postgres),
    ignore = "needs PostgreSQL: set ORRERY_TEST_POSTGRES_URL when building the tests"
)]
async fn database_on_postgres() {
    let db = TestDatabase::postgres().await;
    let limiter = Arc::new(DatabaseLimiter::new(db.database.clone()));
    all_rules(limiter, LimitSource::Database).await;
    db.cleanup().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_redis),
    ignore = "needs Redis: set ORRERY_TEST_REDIS_URL when building the tests"
)]
async fn redis() {
    let url = std::env::var("ORRERY_TEST_REDIS_URL")
        .expect("ORRERY_TEST_REDIS_URL was set when this test was built");
    let db = TestDatabase::sqlite().await;
    let prefix = format!("orrery-test:{}:", unique_key_id());
    let limiter = RedisLimiter::start(&url, prefix, db.database.clone()).expect("a Redis URL");
    // A new database starts "returning": Redis decides once it is filled (with nothing).
    assert!(
        limiter
            .wait_until_deciding(LimitSource::Redis, Duration::from_secs(10))
            .await,
        "Redis never took over"
    );
    let limiter = Arc::new(limiter);
    all_rules(
        Arc::clone(&limiter) as Arc<dyn RateLimiter>,
        LimitSource::Redis,
    )
    .await;
    refunds_in_redis_reach_the_ledger(&limiter, &db.database).await;
    db.cleanup().await.unwrap();
}

/// The database's ledger follows Redis' own hits, refunds included, so the database counts the
/// same as Redis if it has to take over.
async fn refunds_in_redis_reach_the_ledger(limiter: &RedisLimiter, database: &Database) {
    let key = unique_key_id();
    for _ in 0..3 {
        assert!(limiter.hit(key, 10, START).await.unwrap().admitted);
    }
    let back = limiter.refund(key, 10, START, START).await.unwrap();
    assert_eq!(back.remaining, 8);
    let first_minute = START.minute() - 59;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let windows = database.limiter_windows(first_minute).await.unwrap();
        let ledger: i64 = windows
            .iter()
            .filter(|minute| minute.key_id == key)
            .map(|minute| minute.redis_hits)
            .sum();
        if ledger == 2 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the ledger holds {ledger} hits, Redis 2"
        );
        tokio::time::sleep(orrery_limiter::POLL_INTERVAL).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn unreachable_redis_leaves_the_decision_to_the_database() {
    let db = TestDatabase::sqlite().await;
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    let limiter =
        RedisLimiter::start("redis://127.0.0.1:1", "orrery-test:", db.database.clone()).unwrap();
    assert!(
        limiter
            .wait_until_deciding(LimitSource::Database, Duration::from_secs(10))
            .await
    );
    all_rules(Arc::new(limiter), LimitSource::Database).await;
    db.cleanup().await.unwrap();
}
