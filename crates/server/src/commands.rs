//! The administrative subcommands: they work on the database directly, so they also work while
//! the service runs (SQLite in WAL mode, or PostgreSQL).

use anyhow::Context;
use orrery_limiter::Revocations;
use orrery_store::{Database, Environment, NewKey, Plan};

use crate::cli::{KeysCommand, PlansCommand};
use crate::settings::Settings;

async fn open(settings: &Settings) -> anyhow::Result<Database> {
    let database = Database::connect(&settings.database_url)
        .await
        .with_context(|| format!("could not open the database at {}", settings.database_url))?;
    database
        .migrate()
        .await
        .context("could not migrate the database")?;
    Ok(database)
}

fn now_unix() -> i64 {
    jiff::Timestamp::now().as_second()
}

/// `orrery migrate`.
///
/// # Errors
/// The database could not be opened or migrated.
pub async fn migrate(settings: &Settings) -> anyhow::Result<()> {
    let database = open(settings).await?;
    database.close().await;
    println!("migrations applied to {}", settings.database_url);
    Ok(())
}

/// `orrery keys …`.
///
/// # Errors
/// A database failure, an unknown plan or key, or an invalid environment.
pub async fn keys(settings: &Settings, command: KeysCommand) -> anyhow::Result<()> {
    let database = open(settings).await?;
    match command {
        KeysCommand::Create {
            client,
            plan,
            environment,
        } => {
            let environment: Environment = environment.parse().map_err(anyhow::Error::msg)?;
            let new = database
                .create_key(&client, &plan, environment, now_unix())
                .await?;
            println!("{}", created_line(&new));
            print_secret(&new);
        }
        KeysCommand::Rotate { id, grace } => {
            let now = now_unix();
            let rotation = database
                .rotate_key(id, i64::from(grace) * 3600, now)
                .await?;
            let new = &rotation.new;
            if grace == 0
                && let Some(url) = &settings.redis_url
            {
                push_revocation(url, id, now).await;
            }
            println!("{}", created_line(new));
            println!(
                "key {} keeps working until {} ({grace} hours), then stops; `orrery keys revoke {}` ends it sooner",
                rotation.old_key_id,
                format_time(rotation.old_expires_at),
                rotation.old_key_id
            );
            print_secret(new);
        }
        KeysCommand::List => {
            println!(
                "{:>6}  {:<24} {:<12} {:<14} {:<11} {:<20} REVOKED",
                "ID", "CLIENT", "PLAN", "PREFIX", "ENVIRONMENT", "CREATED"
            );
            for key in database.list_keys().await? {
                println!(
                    "{:>6}  {:<24} {:<12} {:<14} {:<11} {:<20} {}",
                    key.key_id,
                    key.client_name,
                    key.plan_code,
                    key.prefix,
                    key.environment.as_str(),
                    format_time(key.created_at),
                    // A key being rotated out shows when it stops working.
                    key.revoked_at
                        .or(key.expires_at)
                        .map_or_else(|| "-".to_owned(), format_time)
                );
            }
        }
        KeysCommand::Revoke { id } => {
            let now = now_unix();
            database.revoke_key(id, now).await?;
            if let Some(url) = &settings.redis_url {
                push_revocation(url, id, now).await;
            }
            println!("key {id} revoked");
        }
    }
    database.close().await;
    Ok(())
}

/// The first line about a key just created (scripts read it).
fn created_line(new: &NewKey) -> String {
    format!(
        "created key {} for client {} ({}) on plan {} ({} requests/hour), environment {}",
        new.record.key_id,
        new.record.client_name,
        new.record.client_id,
        new.record.plan.code,
        new.record.plan.requests_per_hour,
        new.record.environment.as_str()
    )
}

/// The key in clear, once, alone on the last line.
fn print_secret(new: &NewKey) {
    println!("the key is shown once and stored only as a hash:");
    println!("{}", new.secret.expose());
}

/// How long the CLI waits for Redis to take a revocation.
const PUSH_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// Tells every instance through Redis that the key is revoked, so that it stops working at once,
/// also on instances that cannot reach the database. The database already holds the revocation,
/// so a Redis that fails only costs the instances' cache time (a warning on stderr; the
/// command's output and exit status stay those of the database).
async fn push_revocation(url: &str, id: i64, now: i64) {
    let pushed = async {
        let revocations = Revocations::new(url, crate::serve::REDIS_KEY_PREFIX)?;
        revocations.publish(id, now).await
    };
    match tokio::time::timeout(PUSH_TIMEOUT, pushed).await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => eprintln!(
            "warning: the revocation is in the database, but could not be pushed through Redis ({error}); instances stop accepting the key within seconds while they reach the database"
        ),
        Err(_) => eprintln!(
            "warning: the revocation is in the database, but Redis did not answer; instances stop accepting the key within seconds while they reach the database"
        ),
    }
}

/// `orrery plans …`.
///
/// # Errors
/// A database failure or an invalid plan.
pub async fn plans(settings: &Settings, command: PlansCommand) -> anyhow::Result<()> {
    let database = open(settings).await?;
    match command {
        PlansCommand::List => {
            println!("{:<14} {:>18}  LABEL", "CODE", "REQUESTS/HOUR");
            for plan in database.list_plans().await? {
                println!(
                    "{:<14} {:>18}  {}",
                    plan.code, plan.requests_per_hour, plan.label
                );
            }
        }
        PlansCommand::Set {
            code,
            label,
            requests_per_hour,
        } => {
            database
                .set_plan(&Plan {
                    code: code.clone(),
                    label,
                    requests_per_hour,
                })
                .await?;
            println!("plan {code} saved");
        }
    }
    database.close().await;
    Ok(())
}

fn format_time(unix: i64) -> String {
    jiff::Timestamp::from_second(unix).map_or_else(|_| unix.to_string(), |t| t.to_string())
}
