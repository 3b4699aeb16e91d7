//! Throw-away databases for tests: a SQLite file in a temporary folder, or a fresh PostgreSQL
//! database on the server named by `ORRERY_TEST_POSTGRES_URL`.

use sqlx::{Connection, Executor};

use crate::{Database, StoreError};

/// The environment variable that names a PostgreSQL server for tests.
pub const POSTGRES_URL_VAR: &str = "ORRERY_TEST_POSTGRES_URL";

/// A migrated database that exists for one test.
#[derive(Debug)]
pub struct TestDatabase {
    pub database: Database,
    pub url: String,
    cleanup: Cleanup,
}

#[derive(Debug)]
enum Cleanup {
    Sqlite(
        #[allow(
            dead_code,
            reason = "held so that the folder lives as long as the test"
        )]
        tempfile::TempDir,
    ),
    Postgres {
        admin_url: String,
        name: String,
    },
}

impl TestDatabase {
    /// A migrated SQLite database in a temporary folder.
    ///
    /// # Panics
    /// When the temporary folder or the database cannot be made (a broken test machine).
    pub async fn sqlite() -> Self {
        let dir = tempfile::tempdir().expect("temporary folder");
        let url = format!("sqlite://{}", dir.path().join("orrery.db").display());
        let database = Database::connect(&url).await.expect("open SQLite");
        database.migrate().await.expect("migrate SQLite");
        Self {
            database,
            url,
            cleanup: Cleanup::Sqlite(dir),
        }
    }

    /// A migrated, empty PostgreSQL database of its own on the server named by
    /// `ORRERY_TEST_POSTGRES_URL`. Tests that call it are compiled
    /// `#[cfg_attr(not(orrery_test_postgres), ignore = "…")]` (see `crates/store/build.rs`), so
    /// they run only when the variable was set at build time.
    ///
    /// # Panics
    /// When the variable is not set now, or the server refuses the database: a test must not
    /// pass against a server it was promised and did not get.
    pub async fn postgres() -> Self {
        let admin_url = std::env::var(POSTGRES_URL_VAR).unwrap_or_else(|_| {
            panic!("{POSTGRES_URL_VAR} was set when this test was built, but is not set now")
        });
        let name = format!("orrery_t_{}", random_suffix());
        let mut admin = sqlx::PgConnection::connect(&admin_url)
            .await
            .expect("connect to the test PostgreSQL server");
        admin
            .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .await
            .expect("create a test database");
        let url = replace_database(&admin_url, &name);
        let database = Database::connect(&url).await.expect("open PostgreSQL");
        database.migrate().await.expect("migrate PostgreSQL");
        Self {
            database,
            url,
            cleanup: Cleanup::Postgres { admin_url, name },
        }
    }

    /// Closes the pool and drops a PostgreSQL database.
    ///
    /// # Errors
    /// The server refused to drop the database.
    pub async fn cleanup(self) -> Result<(), StoreError> {
        self.database.close().await;
        if let Cleanup::Postgres { admin_url, name } = self.cleanup {
            let mut admin = sqlx::PgConnection::connect(&admin_url).await?;
            admin
                .execute(sqlx::AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                )))
                .await?;
        }
        Ok(())
    }
}

fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let base = base.rsplit_once('/').map_or(base, |(head, _)| head);
    match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    }
}

fn random_suffix() -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    (0..12)
        .map(|_| char::from(b'a' + rng.random_range(0..26u8)))
        .collect()
}
