//! The same scenarios against SQLite (always) and PostgreSQL (when `ORRERY_TEST_POSTGRES_URL` is set).

use orrery_store::testing::TestDatabase;
use orrery_store::{ApiKeySecret, Database, Environment, Plan, StoreError};

const NOW: i64 = 1_800_000_000;

async fn seeded_plans_are_documented(db: &Database) {
    let plans = db.list_plans().await.unwrap();
    let codes: Vec<&str> = plans.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(codes, ["free", "demo", "pro", "enterprise"]);
}

async fn keys_round_trip(db: &Database) {
    let new = db
        .create_key("Acme", "pro", Environment::Production, NOW)
        .await
        .unwrap();
    assert!(new.secret.expose().starts_with("orr_live_"));
    let found = db
        .find_active_key(&new.secret.hash())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found, new.record);
    assert_eq!(found.client_name, "Acme");
    assert_eq!(found.plan.requests_per_hour, 10_000);

    // A second key for the same client reuses the client.
    let second = db
        .create_key("Acme", "free", Environment::Test, NOW)
        .await
        .unwrap();
    assert_eq!(second.record.client_id, new.record.client_id);
    assert_eq!(second.record.environment, Environment::Test);

    db.revoke_key(new.record.key_id, NOW + 1).await.unwrap();
    assert!(
        db.find_active_key(&new.secret.hash())
            .await
            .unwrap()
            .is_none()
    );
    // Revoking again is harmless; an unknown id is an error.
    db.revoke_key(new.record.key_id, NOW + 2).await.unwrap();
    assert!(matches!(
        db.revoke_key(999_999, NOW).await,
        Err(StoreError::UnknownKey { id: 999_999 })
    ));

    let listed = db.list_keys().await.unwrap();
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[1].revoked_at, Some(NOW + 1));
    assert!(new.secret.expose().starts_with(&listed[1].prefix));

    assert!(matches!(
        db.create_key("Acme", "platinum", Environment::Production, NOW)
            .await,
        Err(StoreError::UnknownPlan { .. })
    ));
}

async fn plans_can_change(db: &Database) {
    let plan = Plan {
        code: "bench".into(),
        label: "Benchmarks".into(),
        requests_per_hour: 100_000_000,
    };
    db.set_plan(&plan).await.unwrap();
    db.set_plan(&Plan {
        label: "Benchmarks (raised)".into(),
        ..plan.clone()
    })
    .await
    .unwrap();
    let stored = db.list_plans().await.unwrap();
    let bench = stored.iter().find(|p| p.code == "bench").unwrap();
    assert_eq!(bench.label, "Benchmarks (raised)");
    assert!(matches!(
        db.set_plan(&Plan {
            requests_per_hour: 0,
            ..plan
        })
        .await,
        Err(StoreError::InvalidPlan(_))
    ));
}

async fn demo_key_is_ensured_and_replaced(db: &Database) {
    let first = ApiKeySecret::new("demo-key-one");
    let record = db.ensure_demo_key(&first, NOW).await.unwrap();
    assert_eq!(record.plan.code, "demo");
    // Idempotent.
    let again = db.ensure_demo_key(&first, NOW).await.unwrap();
    assert_eq!(again.key_id, record.key_id);
    // A new demo key retires the old one.
    let second = ApiKeySecret::new("demo-key-two");
    db.ensure_demo_key(&second, NOW).await.unwrap();
    assert!(db.find_active_key(&first.hash()).await.unwrap().is_none());
    assert!(db.find_active_key(&second.hash()).await.unwrap().is_some());
}

async fn window_counts_the_last_hour(db: &Database) {
    let limit = 3;
    for expected in 1..=3 {
        let hit = db.hit_rate_window(7, limit, 100, 60).await.unwrap();
        assert!(hit.admitted);
        assert_eq!(hit.hits, expected);
        assert_eq!(hit.oldest_minute, Some(100));
    }
    let denied = db.hit_rate_window(7, limit, 130, 60).await.unwrap();
    assert!(!denied.admitted);
    assert_eq!(denied.hits, 3);
    // Minute 100 leaves the window at minute 160.
    let still_denied = db.hit_rate_window(7, limit, 159, 60).await.unwrap();
    assert!(!still_denied.admitted);
    let admitted = db.hit_rate_window(7, limit, 160, 60).await.unwrap();
    assert!(admitted.admitted);
    assert_eq!(admitted.hits, 1);
    // Other keys are not affected.
    assert!(db.hit_rate_window(8, 1, 130, 60).await.unwrap().admitted);
}

async fn window_is_exact_under_concurrency(db: &Database) {
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let db = db.clone();
            tokio::spawn(async move { db.hit_rate_window(42, 10, 500, 60).await.unwrap() })
        })
        .collect();
    let mut admitted = 0;
    for task in tasks {
        if task.await.unwrap().admitted {
            admitted += 1;
        }
    }
    assert_eq!(admitted, 10);
}

async fn a_batch_admits_what_fits_in_order(db: &Database) {
    let limit = 10;
    for _ in 0..3 {
        assert!(
            db.hit_rate_window(9, limit, 700, 60)
                .await
                .unwrap()
                .admitted
        );
    }
    // Ten arrive together: the first seven fit, each counting the ones before it.
    let batch = db
        .hit_rate_window_batch(9, limit, 701, 60, 10)
        .await
        .unwrap();
    assert_eq!(batch.admitted, 7);
    assert_eq!(batch.hits_before, 3);
    let first = batch.attempt(0);
    assert!(first.admitted);
    assert_eq!(first.hits, 4);
    assert_eq!(first.oldest_minute, Some(700));
    let last_admitted = batch.attempt(6);
    assert!(last_admitted.admitted);
    assert_eq!(last_admitted.hits, 10);
    let refused = batch.attempt(7);
    assert!(!refused.admitted);
    assert_eq!(refused.hits, 10);
    // The database holds exactly the limit: nothing more fits.
    let full = db
        .hit_rate_window_batch(9, limit, 702, 60, 5)
        .await
        .unwrap();
    assert_eq!((full.admitted, full.hits_before), (0, 10));
}

/// The wall clock: a changeover ends by the database's own clock.
fn wall_clock() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    i64::try_from(since.as_secs()).unwrap()
}

async fn rotation_keeps_two_live_keys_until_the_changeover_ends(db: &Database) {
    let now = wall_clock();
    let old = db
        .create_key("Rotating", "pro", Environment::Test, now)
        .await
        .unwrap();
    let rotation = db.rotate_key(old.record.key_id, 3600, now).await.unwrap();
    let new = &rotation.new;
    assert_eq!(rotation.old_key_id, old.record.key_id);
    assert_eq!(rotation.old_expires_at, now + 3600);
    assert_eq!(new.record.client_id, old.record.client_id);
    assert_eq!(new.record.plan, old.record.plan);
    assert_eq!(new.record.environment, Environment::Test);
    assert_eq!(new.record.expires_at, None);
    // Both work during the changeover; the old one says when it ends.
    let old_found = db
        .find_active_key(&old.secret.hash())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(old_found.expires_at, Some(now + 3600));
    assert!(
        db.find_active_key(&new.secret.hash())
            .await
            .unwrap()
            .is_some()
    );
    let listed = db.list_keys().await.unwrap();
    let row = listed
        .iter()
        .find(|k| k.key_id == old.record.key_id)
        .unwrap();
    assert_eq!((row.revoked_at, row.expires_at), (None, Some(now + 3600)));
    // A key being rotated out is not rotated again (that would make a third live key).
    assert!(matches!(
        db.rotate_key(old.record.key_id, 3600, now).await,
        Err(StoreError::NotRotatable { .. })
    ));
    // Revoking ends the changeover at once.
    db.revoke_key(old.record.key_id, now).await.unwrap();
    assert!(
        db.find_active_key(&old.secret.hash())
            .await
            .unwrap()
            .is_none()
    );
    assert!(matches!(
        db.rotate_key(old.record.key_id, 0, now).await,
        Err(StoreError::NotRotatable { .. })
    ));
    // Without grace the old key stops at once; an unknown id and the demo key are refused.
    let next = db.rotate_key(new.record.key_id, 0, now).await.unwrap();
    assert!(
        db.find_active_key(&new.secret.hash())
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        db.find_active_key(&next.new.secret.hash())
            .await
            .unwrap()
            .is_some()
    );
    assert!(matches!(
        db.rotate_key(999_999, 0, now).await,
        Err(StoreError::UnknownKey { id: 999_999 })
    ));
    let demo = db
        .ensure_demo_key(&ApiKeySecret::new("demo-key-rotation"), now)
        .await
        .unwrap();
    assert!(matches!(
        db.rotate_key(demo.key_id, 3600, now).await,
        Err(StoreError::NotRotatable { .. })
    ));
}

/// A rotation while the limiter writes to the same database from other connections (the CLI's
/// `keys rotate` against a running service): on SQLite in WAL mode a transaction that reads
/// before it writes fails at once with "database is locked" (SQLITE_BUSY_SNAPSHOT) when another
/// connection committed between; one that writes first waits for the lock.
async fn rotation_beside_limiter_writes_succeeds(db: &Database) {
    let now = wall_clock();
    let writing = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let writers: Vec<_> = (0..2)
        .map(|writer| {
            let db = db.clone();
            let writing = std::sync::Arc::clone(&writing);
            tokio::spawn(async move {
                let mut writes = 0_u32;
                while writing.load(std::sync::atomic::Ordering::Relaxed) {
                    db.hit_rate_window(900 + writer, 1_000_000_000, 600, 60)
                        .await
                        .unwrap();
                    writes += 1;
                }
                writes
            })
        })
        .collect();
    let mut key = db
        .create_key("Rotating under load", "pro", Environment::Test, now)
        .await
        .unwrap()
        .record
        .key_id;
    for rotation in 0..40 {
        key = match db.rotate_key(key, 0, now).await {
            Ok(rotated) => rotated.new.record.key_id,
            Err(error) => panic!("rotation {rotation} failed beside limiter writes: {error}"),
        };
    }
    writing.store(false, std::sync::atomic::Ordering::Relaxed);
    for writer in writers {
        assert!(writer.await.unwrap() > 0, "the limiter wrote meanwhile");
    }
}

async fn refunds_take_back_database_hits_only(db: &Database) {
    for _ in 0..2 {
        assert!(db.hit_rate_window(77, 5, 300, 60).await.unwrap().admitted);
    }
    let back = db.give_back_rate_window(77, 300, 301, 60).await.unwrap();
    assert_eq!((back.hits, back.oldest_minute), (1, Some(300)));
    let back = db.give_back_rate_window(77, 300, 301, 60).await.unwrap();
    assert_eq!((back.hits, back.oldest_minute), (0, None));
    // Nothing left in that minute: nothing more to give back.
    let back = db.give_back_rate_window(77, 300, 301, 60).await.unwrap();
    assert_eq!(back.hits, 0);
    assert!(db.hit_rate_window(77, 1, 301, 60).await.unwrap().admitted);
    assert!(!db.hit_rate_window(77, 1, 301, 60).await.unwrap().admitted);
}

async fn all_scenarios(db: &Database) {
    db.ping().await.unwrap();
    seeded_plans_are_documented(db).await;
    keys_round_trip(db).await;
    plans_can_change(db).await;
    demo_key_is_ensured_and_replaced(db).await;
    window_counts_the_last_hour(db).await;
    window_is_exact_under_concurrency(db).await;
    a_batch_admits_what_fits_in_order(db).await;
    rotation_keeps_two_live_keys_until_the_changeover_ends(db).await;
    rotation_beside_limiter_writes_succeeds(db).await;
    refunds_take_back_database_hits_only(db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_store() {
    let test_db = TestDatabase::sqlite().await;
    all_scenarios(&test_db.database).await;
    // Migrating twice is a no-op.
    test_db.database.migrate().await.unwrap();
    test_db.cleanup().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(orrery_test_postgres),
    ignore = "needs PostgreSQL: set ORRERY_TEST_POSTGRES_URL when building the tests"
)]
async fn postgres_store() {
    let test_db = TestDatabase::postgres().await;
    all_scenarios(&test_db.database).await;
    test_db.database.migrate().await.unwrap();
    test_db.cleanup().await.unwrap();
}

#[tokio::test]
async fn unsupported_urls_are_named() {
    let err = Database::connect("mysql://x").await.unwrap_err();
    assert!(err.to_string().contains("unsupported database URL"));
}
