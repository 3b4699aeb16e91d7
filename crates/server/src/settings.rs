//! The service's configuration: one typed struct, read once at start from flags and environment
//! variables (flags win). A bad value stops start-up with a message that says what to do.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use orrery_store::{ApiKeySecret, Backend};

use crate::client_address::TrustedProxies;

/// The documented demo key of a fresh installation (README, "Quick start"). It is public: it
/// drives the playground on the demo plan, and `ORRERY_DEMO_KEY` replaces it.
pub const DEFAULT_DEMO_KEY: &str = "orr_test_DemoPlaygroundPublicKey0000000000f5LqB";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Flags and environment variables shared by every subcommand.
#[derive(Debug, Clone, Args)]
pub struct SettingsArgs {
    /// Address and port to listen on.
    #[arg(
        long,
        env = "ORRERY_LISTEN",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub listen: String,
    /// sqlite://PATH (the default, created on first start) or postgres://USER@HOST/DB.
    #[arg(
        long,
        env = "ORRERY_DATABASE_URL",
        default_value = "sqlite://orrery.db",
        global = true
    )]
    pub database_url: String,
    /// redis://HOST:PORT for rate limits shared by many instances; unset: in-process limits.
    #[arg(long, env = "ORRERY_REDIS_URL", global = true)]
    pub redis_url: Option<String>,
    /// The playground's demo key.
    #[arg(long, env = "ORRERY_DEMO_KEY", default_value = DEFAULT_DEMO_KEY, global = true, hide_default_value = true)]
    pub demo_key: String,
    /// Log filter, e.g. `info` or `orrery=debug,tower_http=warn`.
    #[arg(long, env = "ORRERY_LOG", default_value = "info", global = true)]
    pub log: String,
    /// Log line format.
    #[arg(
        long,
        env = "ORRERY_LOG_FORMAT",
        value_enum,
        default_value = "text",
        global = true
    )]
    pub log_format: LogFormat,
    /// Time limit per request, in seconds (1..=600).
    #[arg(
        long,
        env = "ORRERY_REQUEST_TIMEOUT_SECS",
        default_value_t = 30,
        global = true
    )]
    pub request_timeout_secs: u64,
    /// Folder of the Swiss Ephemeris data files; default: the `ephe/` folder of the repository.
    #[arg(long, env = "ORRERY_EPHE_PATH", global = true)]
    pub ephe_path: Option<PathBuf>,
    /// Calculation threads; default: one per core.
    #[arg(long, env = "ORRERY_COMPUTE_THREADS", global = true)]
    pub compute_threads: Option<usize>,
    /// Years of the position cache built in the background at start (`FROM-TO`, within
    /// 1800-2399), or `off`. Answers are the same either way; only the first search at dates
    /// nobody asked for yet is slower without it (docs/CACHE.md).
    #[arg(
        long,
        env = "ORRERY_POSITION_CACHE_PREFILL",
        default_value = "1950-2050",
        global = true
    )]
    pub position_cache_prefill: String,
    /// Seconds a connection has to send a request's headers (from accept, or from the first
    /// byte of the next request on a kept-alive connection).
    #[arg(
        long,
        env = "ORRERY_HEADER_TIMEOUT_SECS",
        default_value_t = 10,
        global = true
    )]
    pub header_timeout_secs: u64,
    /// Seconds a request has to send its whole body; past it the connection is closed.
    #[arg(
        long,
        env = "ORRERY_BODY_TIMEOUT_SECS",
        default_value_t = 30,
        global = true
    )]
    pub body_timeout_secs: u64,
    /// Seconds a kept-alive connection may wait for its next request before it is closed.
    #[arg(
        long,
        env = "ORRERY_IDLE_TIMEOUT_SECS",
        default_value_t = 60,
        global = true
    )]
    pub idle_timeout_secs: u64,
    /// Seconds a response may wait for its client to take more of it; past it the connection
    /// is closed (a client that does not read its answer).
    #[arg(
        long,
        env = "ORRERY_WRITE_TIMEOUT_SECS",
        default_value_t = 20,
        global = true
    )]
    pub write_timeout_secs: u64,
    /// Connections served at once; past it, the connection that has waited longest for its
    /// request headers is closed for a new one (new ones wait in the kernel's accept backlog
    /// when none waits for headers).
    #[arg(
        long,
        env = "ORRERY_MAX_CONNECTIONS",
        default_value_t = 4096,
        global = true
    )]
    pub max_connections: usize,
    /// Connections one client address (an IPv6 /64) may hold before its own connections that
    /// wait for their request headers are closed for its new ones (at most the cap).
    #[arg(
        long,
        env = "ORRERY_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 1024,
        global = true
    )]
    pub max_connections_per_address: usize,
    /// Megabytes of calculated answers an instance holds at once (being written, or waiting
    /// for their clients to read them); heavy calculations wait or are refused past it.
    #[arg(
        long,
        env = "ORRERY_ANSWER_MEMORY_MB",
        default_value_t = DEFAULT_ANSWER_MEMORY_MB,
        global = true
    )]
    pub answer_memory_mb: usize,
    /// Address and port of the Prometheus `/metrics` listener; unset: no metrics listener.
    #[arg(long, env = "ORRERY_METRICS_LISTEN", global = true)]
    pub metrics_listen: Option<String>,
    /// Comma-separated IPs or CIDRs of proxies whose `X-Forwarded-For` is believed.
    #[arg(long, env = "ORRERY_TRUSTED_PROXIES", global = true)]
    pub trusted_proxies: Option<String>,
    /// Failed authentications (401) allowed per second and client address, on average.
    #[arg(
        long,
        env = "ORRERY_AUTH_FAILURES_PER_SEC",
        default_value_t = 20,
        global = true
    )]
    pub auth_failures_per_sec: u32,
    /// Failed authentications one client address may make in a burst.
    #[arg(
        long,
        env = "ORRERY_AUTH_FAILURE_BURST",
        default_value_t = 100,
        global = true
    )]
    pub auth_failure_burst: u32,
    /// Seconds a verified key keeps working while the database is unreachable (0: none).
    #[arg(
        long,
        env = "ORRERY_KEY_GRACE_SECS",
        default_value_t = 600,
        global = true
    )]
    pub key_grace_secs: u64,
}

/// How connections are served: timeouts and the connection caps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionSettings {
    pub header_timeout: Duration,
    pub body_timeout: Duration,
    pub idle_timeout: Duration,
    pub write_timeout: Duration,
    pub max_connections: usize,
    pub max_connections_per_address: usize,
}

impl Default for ConnectionSettings {
    fn default() -> Self {
        Self {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(60),
            write_timeout: Duration::from_secs(20),
            max_connections: 4096,
            max_connections_per_address: 1024,
        }
    }
}

/// Megabytes of calculated answers held at once, by default (docs/OPERATIONS.md, Memory).
pub const DEFAULT_ANSWER_MEMORY_MB: usize = 128;

/// Who may fail authentication how often, and how long a verified key outlives a database
/// outage.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthSettings {
    pub failures_per_sec: u32,
    pub failure_burst: u32,
    pub key_grace: Duration,
    pub trusted_proxies: TrustedProxies,
}

impl Default for AuthSettings {
    fn default() -> Self {
        Self {
            failures_per_sec: 20,
            failure_burst: 100,
            key_grace: Duration::from_secs(600),
            trusted_proxies: TrustedProxies::default(),
        }
    }
}

/// Validated settings.
#[derive(Debug, Clone)]
pub struct Settings {
    pub listen: SocketAddr,
    pub database_url: String,
    pub redis_url: Option<String>,
    pub demo_key: ApiKeySecret,
    pub log_filter: String,
    pub log_format: LogFormat,
    pub request_timeout: Duration,
    pub ephe_path: Option<PathBuf>,
    pub compute_threads: Option<usize>,
    /// Years `[from, to]` of the position cache to build in the background at start.
    pub position_cache_prefill: Option<(i16, i16)>,
    pub connections: ConnectionSettings,
    /// Bytes of calculated answers held at once (`compute.rs`).
    pub answer_memory_bytes: usize,
    pub metrics_listen: Option<SocketAddr>,
    pub auth: AuthSettings,
}

impl Settings {
    /// The defaults with another database: for tests and tools.
    pub fn with_database(database_url: impl Into<String>) -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: database_url.into(),
            redis_url: None,
            demo_key: ApiKeySecret::new(DEFAULT_DEMO_KEY),
            log_filter: "info".into(),
            log_format: LogFormat::Text,
            request_timeout: Duration::from_secs(30),
            ephe_path: None,
            compute_threads: None,
            position_cache_prefill: None,
            connections: ConnectionSettings::default(),
            answer_memory_bytes: DEFAULT_ANSWER_MEMORY_MB * 1024 * 1024,
            metrics_listen: None,
            auth: AuthSettings::default(),
        }
    }
}

impl TryFrom<SettingsArgs> for Settings {
    type Error = String;

    fn try_from(args: SettingsArgs) -> Result<Self, String> {
        let listen = args.listen.parse().map_err(|_| {
            format!(
                "ORRERY_LISTEN / --listen must be an address and port like 127.0.0.1:8080 (got {:?})",
                args.listen
            )
        })?;
        Backend::from_url(&args.database_url).map_err(|_| {
            format!(
                "ORRERY_DATABASE_URL / --database-url must start with sqlite:// or postgres:// (got {:?})",
                args.database_url
            )
        })?;
        if let Some(url) = &args.redis_url
            && !(url.starts_with("redis://") || url.starts_with("rediss://"))
        {
            return Err(format!(
                "ORRERY_REDIS_URL / --redis-url must start with redis:// (got {url:?}); unset it for in-process rate limits"
            ));
        }
        if args.demo_key.trim().len() < 16 {
            return Err("ORRERY_DEMO_KEY / --demo-key must be at least 16 characters".into());
        }
        let demo_key = ApiKeySecret::new(args.demo_key.trim());
        if demo_key.has_bad_checksum() {
            return Err(
                "ORRERY_DEMO_KEY / --demo-key starts with orr_ but has no valid checksum; \
                 use a key from `orrery keys create` or one that does not start with orr_"
                    .into(),
            );
        }
        if let Err(error) = tracing_subscriber::EnvFilter::try_new(&args.log) {
            return Err(format!(
                "ORRERY_LOG / --log is not a valid filter ({error}); try `info` or `orrery=debug`"
            ));
        }
        within(
            "ORRERY_REQUEST_TIMEOUT_SECS / --request-timeout-secs",
            args.request_timeout_secs,
            1..=600,
        )?;
        if let Some(threads) = args.compute_threads {
            within(
                "ORRERY_COMPUTE_THREADS / --compute-threads",
                threads,
                1..=256,
            )?;
        }
        let position_cache_prefill = prefill_years(&args.position_cache_prefill)?;
        if let Some(path) = &args.ephe_path
            && !path.is_dir()
        {
            return Err(format!(
                "ORRERY_EPHE_PATH / --ephe-path must be a folder with the Swiss Ephemeris files (got {})",
                path.display()
            ));
        }
        let connections = ConnectionSettings {
            header_timeout: seconds_within(
                "ORRERY_HEADER_TIMEOUT_SECS / --header-timeout-secs",
                args.header_timeout_secs,
                1..=3600,
            )?,
            body_timeout: seconds_within(
                "ORRERY_BODY_TIMEOUT_SECS / --body-timeout-secs",
                args.body_timeout_secs,
                1..=3600,
            )?,
            idle_timeout: seconds_within(
                "ORRERY_IDLE_TIMEOUT_SECS / --idle-timeout-secs",
                args.idle_timeout_secs,
                1..=3600,
            )?,
            write_timeout: seconds_within(
                "ORRERY_WRITE_TIMEOUT_SECS / --write-timeout-secs",
                args.write_timeout_secs,
                1..=3600,
            )?,
            max_connections: args.max_connections,
            // A share larger than the cap is the cap.
            max_connections_per_address: args.max_connections_per_address.min(args.max_connections),
        };
        within(
            "ORRERY_MAX_CONNECTIONS / --max-connections",
            args.max_connections,
            1..=1_000_000,
        )?;
        within(
            "ORRERY_MAX_CONNECTIONS_PER_ADDRESS / --max-connections-per-address",
            args.max_connections_per_address,
            1..=1_000_000,
        )?;
        within(
            "ORRERY_ANSWER_MEMORY_MB / --answer-memory-mb",
            args.answer_memory_mb,
            1..=65_536,
        )?;
        let metrics_listen = match &args.metrics_listen {
            None => None,
            Some(text) => Some(text.parse::<SocketAddr>().map_err(|_| {
                format!(
                    "ORRERY_METRICS_LISTEN / --metrics-listen must be an address and port like 127.0.0.1:9090 (got {text:?}); unset it for no metrics listener"
                )
            })?),
        };
        if metrics_listen.is_some_and(|metrics| metrics == listen && listen.port() != 0) {
            return Err(format!(
                "ORRERY_METRICS_LISTEN must differ from ORRERY_LISTEN ({listen}): metrics stay off the API listener"
            ));
        }
        let trusted_proxies = match &args.trusted_proxies {
            None => TrustedProxies::default(),
            Some(text) => TrustedProxies::parse(text)
                .map_err(|error| format!("ORRERY_TRUSTED_PROXIES / --trusted-proxies: {error}"))?,
        };
        within(
            "ORRERY_AUTH_FAILURES_PER_SEC / --auth-failures-per-sec",
            args.auth_failures_per_sec,
            1..=1_000_000,
        )?;
        within(
            "ORRERY_AUTH_FAILURE_BURST / --auth-failure-burst",
            args.auth_failure_burst,
            1..=1_000_000,
        )?;
        let auth = AuthSettings {
            failures_per_sec: args.auth_failures_per_sec,
            failure_burst: args.auth_failure_burst,
            key_grace: seconds_within(
                "ORRERY_KEY_GRACE_SECS / --key-grace-secs",
                args.key_grace_secs,
                0..=86_400,
            )?,
            trusted_proxies,
        };
        Ok(Self {
            listen,
            database_url: args.database_url,
            redis_url: args.redis_url,
            demo_key,
            log_filter: args.log,
            log_format: args.log_format,
            request_timeout: Duration::from_secs(args.request_timeout_secs),
            ephe_path: args.ephe_path,
            compute_threads: args.compute_threads,
            position_cache_prefill,
            connections,
            answer_memory_bytes: args.answer_memory_mb * 1024 * 1024,
            metrics_listen,
            auth,
        })
    }
}

/// `off`, or `FROM-TO` years within the position cache's 1800-2399.
fn prefill_years(text: &str) -> Result<Option<(i16, i16)>, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    let error = || {
        format!(
            "ORRERY_POSITION_CACHE_PREFILL / --position-cache-prefill must be `off` or years \
             FROM-TO within 1800-2399, FROM not after TO (got {text:?})"
        )
    };
    let (from, to) = text.split_once('-').ok_or_else(error)?;
    let from: i16 = from.trim().parse().map_err(|_| error())?;
    let to: i16 = to.trim().parse().map_err(|_| error())?;
    if !(1800..=2399).contains(&from) || !(1800..=2399).contains(&to) || from > to {
        return Err(error());
    }
    Ok(Some((from, to)))
}

fn seconds_within(
    name: &str,
    value: u64,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Duration, String> {
    if range.contains(&value) {
        Ok(Duration::from_secs(value))
    } else {
        Err(format!(
            "{name} must be between {} and {} seconds (got {value})",
            range.start(),
            range.end()
        ))
    }
}

/// `value` if it lies in `range`; else the message every setting's bound uses.
fn within<T: PartialOrd + std::fmt::Display>(
    name: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, String> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{name} must be between {} and {} (got {value})",
            range.start(),
            range.end()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Probe {
        #[command(flatten)]
        settings: SettingsArgs,
    }

    fn parse(args: &[&str]) -> Result<Settings, String> {
        let mut full = vec!["orrery"];
        full.extend_from_slice(args);
        Settings::try_from(Probe::try_parse_from(full).unwrap().settings)
    }

    #[test]
    fn the_default_demo_key_passes_its_own_checksum() {
        assert!(!ApiKeySecret::new(DEFAULT_DEMO_KEY).has_bad_checksum());
    }

    #[test]
    fn bad_values_say_what_to_do() {
        let err = parse(&["--listen", "localhost"]).unwrap_err();
        assert!(err.contains("like 127.0.0.1:8080"), "{err}");
        let err = parse(&["--database-url", "mysql://x"]).unwrap_err();
        assert!(err.contains("sqlite://"), "{err}");
        let err = parse(&["--redis-url", "127.0.0.1:6379"]).unwrap_err();
        assert!(err.contains("redis://"), "{err}");
        let err = parse(&["--request-timeout-secs", "0"]).unwrap_err();
        assert!(err.contains("between 1 and 600"), "{err}");
        let err = parse(&["--log", "[[["]).unwrap_err();
        assert!(err.contains("not a valid filter"), "{err}");
        let err = parse(&["--header-timeout-secs", "0"]).unwrap_err();
        assert!(err.contains("ORRERY_HEADER_TIMEOUT_SECS"), "{err}");
        let err = parse(&["--idle-timeout-secs", "99999"]).unwrap_err();
        assert!(err.contains("between 1 and 3600 seconds"), "{err}");
        let err = parse(&["--max-connections", "0"]).unwrap_err();
        assert!(err.contains("ORRERY_MAX_CONNECTIONS"), "{err}");
        let err = parse(&["--max-connections-per-address", "0"]).unwrap_err();
        assert!(err.contains("ORRERY_MAX_CONNECTIONS_PER_ADDRESS"), "{err}");
        let err = parse(&["--write-timeout-secs", "0"]).unwrap_err();
        assert!(err.contains("ORRERY_WRITE_TIMEOUT_SECS"), "{err}");
        let err = parse(&["--answer-memory-mb", "0"]).unwrap_err();
        assert!(err.contains("ORRERY_ANSWER_MEMORY_MB"), "{err}");
        let err = parse(&["--metrics-listen", "9090"]).unwrap_err();
        assert!(err.contains("like 127.0.0.1:9090"), "{err}");
        let err = parse(&["--metrics-listen", "127.0.0.1:8080"]).unwrap_err();
        assert!(err.contains("must differ"), "{err}");
        let err = parse(&["--trusted-proxies", "10.0.0.0/33"]).unwrap_err();
        assert!(err.contains("10.0.0.0/33"), "{err}");
        let err = parse(&["--auth-failure-burst", "0"]).unwrap_err();
        assert!(err.contains("ORRERY_AUTH_FAILURE_BURST"), "{err}");
        for bad in ["1700-1800", "2050-1950", "1950", "1950-2400", "soon"] {
            let err = parse(&["--position-cache-prefill", bad]).unwrap_err();
            assert!(
                err.contains("ORRERY_POSITION_CACHE_PREFILL"),
                "{bad}: {err}"
            );
        }
        let off = parse(&["--position-cache-prefill", "off"]).unwrap();
        assert_eq!(off.position_cache_prefill, None);
    }

    #[test]
    fn defaults_are_valid() {
        let settings = parse(&[]).unwrap();
        assert_eq!(settings.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(settings.database_url, "sqlite://orrery.db");
        assert!(settings.redis_url.is_none());
        assert_eq!(settings.connections, ConnectionSettings::default());
        assert_eq!(settings.connections.header_timeout, Duration::from_secs(10));
        assert_eq!(
            settings.answer_memory_bytes,
            DEFAULT_ANSWER_MEMORY_MB * 1024 * 1024
        );
        assert!(settings.metrics_listen.is_none());
        assert_eq!(settings.auth, AuthSettings::default());
        assert!(settings.auth.trusted_proxies.is_empty());
        assert_eq!(settings.position_cache_prefill, Some((1950, 2050)));
    }
}
