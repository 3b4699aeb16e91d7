//! Log output: text for people, JSON for log collectors. Request lines are at `debug`; a
//! failure is logged once, where it is turned into a 500.

use tracing_subscriber::EnvFilter;

use crate::settings::{LogFormat, Settings};

/// Installs the global subscriber; the filter was validated with the settings.
pub fn init(settings: &Settings) {
    let filter =
        EnvFilter::try_new(&settings.log_filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    match settings.log_format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}
