//! Starting and stopping the service.

use std::sync::Arc;

use anyhow::Context;
use orrery_ephem::Ephemeris;
use orrery_limiter::{LimitSource, MemoryLimiter, RateLimiter, RedisLimiter};
use orrery_store::Database;
use tokio::net::TcpListener;

use crate::app::{AppParts, AppState, SystemClock, app};
use crate::compute::Compute;
use crate::settings::Settings;

/// Key prefix of the rate-limit windows in Redis; the key id follows in braces (a Redis Cluster
/// hash tag), so one API key's counters stay in one slot.
const REDIS_KEY_PREFIX: &str = "orrery:ratelimit:";
/// How long start-up waits for Redis to take the rate limits over.
const REDIS_SETTLE_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// Opens the database (migrating it and making sure the demo key exists) and builds the state.
///
/// # Errors
/// The database could not be opened or migrated, or a setting could not be applied.
pub async fn prepare(settings: &Settings) -> anyhow::Result<(AppState, Database)> {
    let database = Database::connect(&settings.database_url)
        .await
        .with_context(|| {
            format!(
                "could not open the database at {} (check ORRERY_DATABASE_URL)",
                settings.database_url
            )
        })?;
    database
        .migrate()
        .await
        .context("could not migrate the database")?;
    database
        .ensure_demo_key(&settings.demo_key, jiff::Timestamp::now().as_second())
        .await
        .context("could not store the demo key")?;

    let limiter: Arc<dyn RateLimiter> = match &settings.redis_url {
        Some(url) => {
            let limiter = RedisLimiter::start(url, REDIS_KEY_PREFIX, database.clone())
                .with_context(|| format!("ORRERY_REDIS_URL is not a Redis URL: {url}"))?;
            // Give Redis a moment to take over before serving (a new database starts with the
            // database deciding); if it is down, the database decides and start-up goes on.
            if !limiter
                .wait_until_deciding(LimitSource::Redis, REDIS_SETTLE_TIME)
                .await
            {
                tracing::warn!("Redis does not decide rate limits yet; the database does");
            }
            Arc::new(limiter)
        }
        None => Arc::new(MemoryLimiter::new()),
    };
    let state = AppState::new(AppParts {
        key_store: Arc::new(database.clone()),
        limiter,
        compute: Compute::new(settings.compute_threads)?,
        ephemeris: open_ephemeris(settings)?,
        clock: Arc::new(SystemClock),
        request_timeout: settings.request_timeout,
        demo_key: settings.demo_key.expose().to_owned(),
    });
    Ok((state, database))
}

fn open_ephemeris(settings: &Settings) -> anyhow::Result<Ephemeris> {
    let dir = settings
        .ephe_path
        .clone()
        .unwrap_or_else(Ephemeris::default_data_dir);
    Ephemeris::open(&dir).with_context(|| {
        format!(
            "could not open the Swiss Ephemeris data in {} (set ORRERY_EPHE_PATH to the folder with sepl_18.se1)",
            dir.display()
        )
    })
}

/// `orrery serve`: listens until SIGTERM or Ctrl-C, then finishes the requests in flight.
///
/// # Errors
/// Start-up failed (database, address in use).
pub async fn serve(settings: Settings) -> anyhow::Result<()> {
    let (state, database) = prepare(&settings).await?;
    let listener = TcpListener::bind(settings.listen).await.with_context(|| {
        format!(
            "could not listen on {}: is another program using it? Set ORRERY_LISTEN to another address",
            settings.listen
        )
    })?;
    let address = listener.local_addr()?;
    println!("orrery listening on http://{address}");
    println!("demo API key: {}", settings.demo_key.expose());
    tracing::info!(%address, database = database.backend().name(), rate_limits = if settings.redis_url.is_some() { "redis" } else { "memory" }, "started");

    axum::serve(listener, app(state.clone()))
        .with_graceful_shutdown(shutdown_signal())
        .await
        .context("the server failed")?;
    state.limiter_shutdown().await;
    database.close().await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
