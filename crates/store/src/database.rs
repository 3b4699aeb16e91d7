use std::time::Duration;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Executor};

use crate::StoreError;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

/// Which database engine a URL selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// Reads the engine from the URL scheme.
    ///
    /// # Errors
    /// [`StoreError::UnsupportedUrl`] for any scheme but `sqlite:`, `postgres:` and `postgresql:`.
    pub fn from_url(url: &str) -> Result<Self, StoreError> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres)
        } else {
            Err(StoreError::UnsupportedUrl {
                url: url.to_owned(),
            })
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        }
    }
}

/// A connection pool to the service's database, SQLite or PostgreSQL.
#[derive(Debug, Clone)]
pub struct Database {
    pub(crate) pool: AnyPool,
    backend: Backend,
}

impl Database {
    /// Opens a pool. A SQLite file is created when missing and runs in WAL mode, so that the CLI
    /// can change keys while the service is serving from the same file.
    ///
    /// # Errors
    /// An unsupported URL, or a database that does not answer within a few seconds.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        install_default_drivers();
        let backend = Backend::from_url(url)?;
        let (url, max_connections) = match backend {
            Backend::Sqlite if !url.contains("mode=") => {
                let separator = if url.contains('?') { '&' } else { '?' };
                (format!("{url}{separator}mode=rwc"), 4)
            }
            Backend::Sqlite => (url.to_owned(), 4),
            Backend::Postgres => (url.to_owned(), 16),
        };
        let mut options = AnyPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(5));
        if backend == Backend::Sqlite {
            options = options.after_connect(|connection, _| {
                Box::pin(async move {
                    connection.execute("PRAGMA journal_mode = WAL").await?;
                    connection.execute("PRAGMA synchronous = NORMAL").await?;
                    Ok(())
                })
            });
        }
        let pool = options.connect(&url).await?;
        Ok(Self { pool, backend })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Applies the pending migrations of this backend.
    ///
    /// # Errors
    /// A migration that fails, or one whose checksum changed after it was applied.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS.run(&self.pool).await?,
            Backend::Postgres => POSTGRES_MIGRATIONS.run(&self.pool).await?,
        }
        Ok(())
    }

    /// A trivial query, for the health check.
    ///
    /// # Errors
    /// The database did not answer.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Closes every connection (the server calls it on shutdown).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
