//! The command line: `orrery [serve]`, `orrery migrate`, `orrery keys …`, `orrery plans …`.

use clap::{Parser, Subcommand};

use crate::settings::SettingsArgs;

/// Orrery: an astrological calculation service on the Swiss Ephemeris.
#[derive(Debug, Parser)]
#[command(name = "orrery", version, about)]
pub struct Cli {
    #[command(flatten)]
    pub settings: SettingsArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service (the default).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Create, list, rotate and revoke API keys.
    #[command(subcommand)]
    Keys(KeysCommand),
    /// List and change plans.
    #[command(subcommand)]
    Plans(PlansCommand),
}

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Create a key; it is printed once, alone on the last line, and stored only as a hash.
    Create {
        /// The client's name (created on first use).
        #[arg(long)]
        client: String,
        /// The plan's code (`orrery plans list`).
        #[arg(long)]
        plan: String,
        /// production or test.
        #[arg(long, default_value = "production")]
        environment: String,
    },
    /// List every key (prefixes only).
    List,
    /// Revoke a key by its id; it stops working within seconds on every instance.
    Revoke {
        /// The key's id (`orrery keys list`).
        id: i64,
    },
    /// Replace a key: issue a new one for its client (same plan and environment) and keep the
    /// old one working for a grace period, so the client has two live keys while it changes
    /// over. The new key is printed once, alone on the last line.
    Rotate {
        /// The id of the key to replace (`orrery keys list`).
        id: i64,
        /// Hours the old key keeps working (0: it stops at once; at most 720, 30 days).
        #[arg(long, value_name = "HOURS", default_value_t = 24,
              value_parser = clap::value_parser!(u32).range(0..=720))]
        grace: u32,
    },
}

#[derive(Debug, Subcommand)]
pub enum PlansCommand {
    /// List the plans.
    List,
    /// Create or change a plan.
    Set {
        /// The plan's code, snake_case.
        code: String,
        #[arg(long)]
        label: String,
        #[arg(long)]
        requests_per_hour: i64,
    },
}
