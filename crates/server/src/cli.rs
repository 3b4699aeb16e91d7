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
    /// Create, list and revoke API keys.
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
