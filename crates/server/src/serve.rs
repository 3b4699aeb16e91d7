//! Starting and stopping the service.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use orrery_ephem::{Ephemeris, JulianDayUt};
use orrery_limiter::{LimitSource, MemoryLimiter, RateLimiter, RedisLimiter, Revocations};
use orrery_store::Database;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::app::{AppParts, AppState, SystemClock, app};
use crate::compute::{AnswerMemoryLimit, Compute};
use crate::connections::serve_connections;
use crate::metrics::metrics_app;
use crate::settings::Settings;

/// Key prefix of the rate-limit windows in Redis; the key id follows in braces (a Redis Cluster
/// hash tag), so one API key's counters stay in one slot.
pub(crate) const REDIS_KEY_PREFIX: &str = "orrery:ratelimit:";
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
            // mode "returning"); if it is down, the database decides and start-up goes on.
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
    // The atlas loads once, before the first request (about half a second, on a blocking thread).
    tokio::task::spawn_blocking(orrery_api::places::preload_atlas)
        .await
        .context("could not load the atlas")?;
    let ephemeris = open_ephemeris(settings)?;
    if let Some(years) = settings.position_cache_prefill {
        prefill_position_cache(&ephemeris, years)?;
    }
    // Revocations pushed through Redis reach every instance at once (docs/RATE-LIMITS.md).
    let revocations = match &settings.redis_url {
        Some(url) => Some(Arc::new(Revocations::new(url, REDIS_KEY_PREFIX)?)),
        None => None,
    };
    let state = AppState::new(AppParts {
        key_store: crate::auth::key_store(database.clone(), revocations.clone()),
        limiter,
        compute: Compute::new(
            settings.compute_threads,
            AnswerMemoryLimit {
                bytes: settings.answer_memory_bytes,
                released_within: settings.connections.write_timeout,
            },
        )?,
        ephemeris,
        clock: Arc::new(SystemClock),
        request_timeout: settings.request_timeout,
        demo_key: settings.demo_key.expose().to_owned(),
        auth: settings.auth.clone(),
    });
    if let Some(revocations) = revocations {
        crate::auth::listen_for_revocations(&state, revocations);
    }
    Ok((state, database))
}

/// Builds the position cache for the years `[from, to]` on a thread of its own at the lowest
/// priority (below the heavy lane), while the service already answers: the answers are the same with or without it
/// (docs/CACHE.md), only a search's first visit to dates is dearer without it. 1950–2050 costs
/// about 9 s of one core and 43 MB.
fn prefill_position_cache(ephemeris: &Ephemeris, (from, to): (i16, i16)) -> anyhow::Result<()> {
    let ephemeris = ephemeris.clone();
    // The start of a year, near enough for the bounds of what to build (2000-01-01 0h UT is
    // JD 2451544.5; a Gregorian year is 365.2425 days on average).
    let year_start = |year: i16| JulianDayUt(2_451_544.5 + f64::from(year - 2000) * 365.2425);
    let (start, end) = (year_start(from), year_start(to + 1));
    std::thread::Builder::new()
        .name("orrery-cache-prefill".into())
        .spawn(move || {
            crate::compute::run_when_idle();
            let started = std::time::Instant::now();
            match ephemeris.prefill_position_cache(start, end) {
                Ok(()) => tracing::info!(
                    from,
                    to,
                    seconds = started.elapsed().as_secs_f64(),
                    bytes = ephemeris.position_cache_bytes(),
                    "position cache built"
                ),
                Err(error) => tracing::warn!(%error, "the position cache could not be built ahead"),
            }
        })
        .context("could not start the position cache's thread")?;
    Ok(())
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

/// How much longer than the request time limit a shutdown waits for requests in flight: every
/// request ends within its limit, so this covers writing the last responses.
const DRAIN_MARGIN: Duration = Duration::from_secs(5);

/// `orrery serve`: listens until SIGTERM or Ctrl-C, then stops accepting and finishes the
/// requests in flight (for at most the request time limit and a margin).
///
/// # Errors
/// Start-up failed (database, address in use).
pub async fn serve(settings: Settings) -> anyhow::Result<()> {
    let (state, database) = prepare(&settings).await?;
    let listener = bind(settings.listen, "ORRERY_LISTEN").await?;
    let metrics_listener = match settings.metrics_listen {
        Some(address) => Some(bind(address, "ORRERY_METRICS_LISTEN").await?),
        None => None,
    };
    let address = listener.local_addr()?;
    let shutdown = ShutdownSignals::listen();
    println!("orrery listening on http://{address}");
    println!("demo API key: {}", settings.demo_key.expose());
    if let Some(metrics) = &metrics_listener {
        println!("metrics on http://{}/metrics", metrics.local_addr()?);
    }
    tracing::info!(%address, database = database.backend().name(), rate_limits = if settings.redis_url.is_some() { "redis" } else { "memory" }, "started");

    let (stop, stopped) = watch::channel(false);
    let drain = settings.request_timeout + DRAIN_MARGIN;
    let api = tokio::spawn(serve_connections(
        listener,
        app(state.clone()),
        settings.connections,
        wait_for_stop(stopped.clone()),
        drain,
    ));
    let metrics = metrics_listener.map(|listener| {
        tokio::spawn(serve_connections(
            listener,
            metrics_app(state.clone()),
            settings.connections,
            wait_for_stop(stopped),
            drain,
        ))
    });
    shutdown.wait().await;
    // Receivers outlive the send: both loops hold one.
    let _ = stop.send(true);
    api.await.context("the server failed")?;
    if let Some(metrics) = metrics {
        metrics.await.context("the metrics listener failed")?;
    }
    state.limiter_shutdown().await;
    database.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Connections the kernel may hold completed for us before we accept them. The standard
/// library's 128 is too few: past the connection cap, or in a burst, a full queue makes the
/// kernel drop handshakes, and a client that sends nothing first then waits for retransmissions
/// (seconds) instead of a place in the queue. The kernel caps it at `net.core.somaxconn`.
const ACCEPT_BACKLOG: u32 = 4096;

async fn bind(address: SocketAddr, variable: &str) -> anyhow::Result<TcpListener> {
    let listen = || -> std::io::Result<TcpListener> {
        let socket = if address.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        // As std's bind does on Unix: a restarted service may reuse the port at once.
        socket.set_reuseaddr(true)?;
        socket.bind(address)?;
        socket.listen(ACCEPT_BACKLOG)
    };
    listen().with_context(|| {
        format!(
            "could not listen on {address}: is another program using it? Set {variable} to another address"
        )
    })
}

async fn wait_for_stop(mut stopped: watch::Receiver<bool>) {
    // An error means the sender is gone, which also means stop.
    let _ = stopped.wait_for(|stop| *stop).await;
}

/// SIGTERM and SIGINT (Ctrl-C), listened for from the moment this is built. Built before the
/// service says it listens: a signal that arrived between that line and the first wait would
/// otherwise find no handler and kill the process without draining its requests.
struct ShutdownSignals {
    terminate: Option<tokio::signal::unix::Signal>,
    interrupt: Option<tokio::signal::unix::Signal>,
}

impl ShutdownSignals {
    fn listen() -> Self {
        use tokio::signal::unix::{SignalKind, signal};
        Self {
            terminate: signal(SignalKind::terminate()).ok(),
            interrupt: signal(SignalKind::interrupt()).ok(),
        }
    }

    async fn wait(mut self) {
        tokio::select! {
            () = Self::next(self.terminate.as_mut()) => {},
            () = Self::next(self.interrupt.as_mut()) => {},
        }
        tracing::info!("shutting down: finishing requests in flight");
    }

    /// The signal's next delivery; never, if it could not be listened for.
    async fn next(signal: Option<&mut tokio::signal::unix::Signal>) {
        match signal {
            Some(signal) => {
                signal.recv().await;
            }
            None => std::future::pending::<()>().await,
        }
    }
}
