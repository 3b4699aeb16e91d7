//! The service's configuration: one typed struct, read once at start from flags and environment
//! variables (flags win). A bad value stops start-up with a message that says what to do.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use orrery_store::{ApiKeySecret, Backend};

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
        if !(1..=600).contains(&args.request_timeout_secs) {
            return Err(format!(
                "ORRERY_REQUEST_TIMEOUT_SECS / --request-timeout-secs must be between 1 and 600 (got {})",
                args.request_timeout_secs
            ));
        }
        if let Some(threads) = args.compute_threads
            && !(1..=256).contains(&threads)
        {
            return Err(format!(
                "ORRERY_COMPUTE_THREADS / --compute-threads must be between 1 and 256 (got {threads})"
            ));
        }
        if let Some(path) = &args.ephe_path
            && !path.is_dir()
        {
            return Err(format!(
                "ORRERY_EPHE_PATH / --ephe-path must be a folder with the Swiss Ephemeris files (got {})",
                path.display()
            ));
        }
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
        })
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
    }

    #[test]
    fn defaults_are_valid() {
        let settings = parse(&[]).unwrap();
        assert_eq!(settings.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(settings.database_url, "sqlite://orrery.db");
        assert!(settings.redis_url.is_none());
    }
}
