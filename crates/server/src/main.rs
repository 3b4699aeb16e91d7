#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;
use orrery_server::cli::{Cli, Command};
use orrery_server::{Settings, commands, serve, telemetry};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = match Settings::try_from(cli.settings) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: could not start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(async {
        match cli.command.unwrap_or(Command::Serve) {
            Command::Serve => {
                telemetry::init(&settings);
                serve::serve(settings).await
            }
            Command::Migrate => commands::migrate(&settings).await,
            Command::Keys(command) => commands::keys(&settings, command).await,
            Command::Plans(command) => commands::plans(&settings, command).await,
        }
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
