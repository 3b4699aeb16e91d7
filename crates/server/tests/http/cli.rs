//! The administrative CLI against the database of a running service.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::TestApp;

#[path = "../common/cli.rs"]
mod common_cli;

fn orrery(database_url: &str, args: &[&str]) -> String {
    common_cli::orrery_cli(database_url, args)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_created_and_revoked_by_the_cli_take_effect_in_the_running_service() {
    let app = TestApp::spawn().await;
    let url = app.database_url.clone();

    let output = orrery(
        &url,
        &["keys", "create", "--client", "CLI Corp", "--plan", "pro"],
    );
    let key = output.lines().last().unwrap().trim().to_owned();
    assert!(key.starts_with("orr_live_"), "{output}");

    let me = app
        .get("/v1/me")
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);
    let body: serde_json::Value = me.json().await.unwrap();
    assert_eq!(body["client"]["name"], "CLI Corp");
    assert_eq!(body["plan"]["code"], "pro");
    assert_eq!(body["key"]["environment"], "production");

    let listing = orrery(&url, &["keys", "list"]);
    assert!(!listing.contains(&key), "the list shows prefixes only");
    let line = listing.lines().find(|l| l.contains("CLI Corp")).unwrap();
    let id = line.split_whitespace().next().unwrap().to_owned();

    orrery(&url, &["keys", "revoke", &id]);
    // Key lookups are cached for a short time (KEY_CACHE_TTL): the revocation lands within it.
    let deadline = Instant::now() + orrery_server::auth::KEY_CACHE_TTL + Duration::from_secs(3);
    loop {
        let status = app
            .get("/v1/me")
            .header("X-API-Key", &key)
            .send()
            .await
            .unwrap()
            .status();
        if status == 401 {
            break;
        }
        assert!(Instant::now() < deadline, "the revoked key still works");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revocation_redis_does_not_take_keeps_the_output_and_warns() {
    let app = TestApp::spawn().await;
    let url = app.database_url.clone();
    orrery(
        &url,
        &[
            "keys",
            "create",
            "--client",
            "Unpushed Ltd",
            "--plan",
            "pro",
        ],
    );
    let listing = orrery(&url, &["keys", "list"]);
    let line = listing
        .lines()
        .find(|l| l.contains("Unpushed Ltd"))
        .unwrap();
    let id = line.split_whitespace().next().unwrap().to_owned();

    // Nothing listens on port 1: Redis refuses the push at once.
    let revoke = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["keys", "revoke", &id])
        .env("ORRERY_DATABASE_URL", &url)
        .env("ORRERY_REDIS_URL", "redis://127.0.0.1:1")
        .output()
        .expect("run the orrery binary");
    assert!(revoke.status.success(), "{revoke:?}");
    assert_eq!(
        String::from_utf8_lossy(&revoke.stdout),
        format!("key {id} revoked\n")
    );
    let stderr = String::from_utf8_lossy(&revoke.stderr);
    assert!(
        stderr.contains("warning: the revocation is in the database"),
        "{stderr}"
    );
    let listing = orrery(&url, &["keys", "list"]);
    let line = listing
        .lines()
        .find(|l| l.contains("Unpushed Ltd"))
        .unwrap();
    assert!(
        !line.trim_end().ends_with('-'),
        "revoked in the database: {line}"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn plans_can_be_listed_and_set() {
    let app = TestApp::spawn().await;
    let url = app.database_url.clone();
    let listing = orrery(&url, &["plans", "list"]);
    for code in ["demo", "free", "pro", "enterprise"] {
        assert!(listing.contains(code), "{listing}");
    }
    orrery(
        &url,
        &[
            "plans",
            "set",
            "bench",
            "--label",
            "Benchmarks",
            "--requests-per-hour",
            "100000000",
        ],
    );
    assert!(orrery(&url, &["plans", "list"]).contains("100000000"));
    app.cleanup().await;
}

#[test]
fn bad_settings_stop_start_up_with_advice() {
    let output = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .env("ORRERY_LISTEN", "not-an-address")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("127.0.0.1:8080"), "{stderr}");
}

/// `orrery serve` as a user starts it: prints the address and the demo key, answers, and stops
/// cleanly on SIGTERM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_prints_its_address_and_stops_on_sigterm() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;

    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .env("ORRERY_LISTEN", "127.0.0.1:0")
        .env(
            "ORRERY_DATABASE_URL",
            format!("sqlite://{}", dir.path().join("serve.db").display()),
        )
        .env("ORRERY_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let address = first
        .strip_prefix("orrery listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .to_owned();
    let second = lines.next().unwrap().unwrap();
    assert_eq!(
        second,
        format!("demo API key: {}", crate::support::DEMO_KEY)
    );

    let client = reqwest::Client::new();
    let me = client
        .get(format!("{address}/v1/me"))
        .header("X-API-Key", crate::support::DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);

    let status = Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(exit) = child.try_wait().unwrap() {
            assert!(exit.success(), "exit status {exit}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the service did not stop on SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A SIGTERM sent the moment the service says it listens (an orchestrator stopping a pod that
/// just started) is handled: the process drains and exits 0, never dies of the signal. Before
/// the handlers were installed ahead of that line, the signal could arrive first and kill it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sigterm_right_after_start_stops_the_service_cleanly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;

    for attempt in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
            .env("ORRERY_LISTEN", "127.0.0.1:0")
            .env(
                "ORRERY_DATABASE_URL",
                format!("sqlite://{}", dir.path().join("serve.db").display()),
            )
            .env("ORRERY_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        assert!(first.starts_with("orrery listening on "), "{first:?}");
        let status = Command::new("kill")
            .arg("-TERM")
            .arg(child.id().to_string())
            .status()
            .unwrap();
        assert!(status.success());
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(exit) = child.try_wait().unwrap() {
                assert!(exit.success(), "attempt {attempt}: exit status {exit}");
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the service did not stop on SIGTERM"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotated_key_works_beside_its_successor_until_revoked() {
    let app = TestApp::spawn().await;
    let url = app.database_url.clone();
    let created = orrery(
        &url,
        &["keys", "create", "--client", "Rotor", "--plan", "pro"],
    );
    let old = created.lines().last().unwrap().trim().to_owned();
    let listing = orrery(&url, &["keys", "list"]);
    let line = listing.lines().find(|l| l.contains("Rotor")).unwrap();
    let old_id = line.split_whitespace().next().unwrap().to_owned();

    let rotated = orrery(&url, &["keys", "rotate", &old_id, "--grace", "2"]);
    let lines: Vec<&str> = rotated.lines().collect();
    assert_eq!(lines.len(), 4, "{rotated}");
    assert!(lines[0].starts_with("created key ") && lines[0].contains("client Rotor"));
    assert!(lines[1].starts_with(&format!("key {old_id} keeps working until ")));
    assert_eq!(lines[2], "the key is shown once and stored only as a hash:");
    let new = lines[3].trim().to_owned();
    assert!(new.starts_with("orr_live_") && new != old, "{rotated}");

    // Two live keys of one client during the changeover.
    for key in [&old, &new] {
        let me = app
            .get("/v1/me")
            .header("X-API-Key", key)
            .send()
            .await
            .unwrap();
        assert_eq!(me.status(), 200);
        let body: serde_json::Value = me.json().await.unwrap();
        assert_eq!(body["client"]["name"], "Rotor");
    }
    // The list shows when the old key stops, in the REVOKED column.
    let listing = orrery(&url, &["keys", "list"]);
    let line = listing
        .lines()
        .find(|l| l.split_whitespace().next() == Some(old_id.as_str()))
        .unwrap();
    assert!(!line.ends_with(" -"), "{line}");

    // Revoking the old key ends the changeover at once; the new one keeps working.
    orrery(&url, &["keys", "revoke", &old_id]);
    let deadline = Instant::now() + orrery_server::auth::KEY_CACHE_TTL + Duration::from_secs(3);
    while app
        .get("/v1/me")
        .header("X-API-Key", &old)
        .send()
        .await
        .unwrap()
        .status()
        != 401
    {
        assert!(Instant::now() < deadline, "the revoked key still works");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let me = app
        .get("/v1/me")
        .header("X-API-Key", &new)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);

    // Bad input is refused with advice and without output on stdout.
    for args in [
        vec!["keys", "rotate", &old_id],
        vec!["keys", "rotate", "999999"],
        vec!["keys", "rotate", &old_id, "--grace", "721"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_orrery"))
            .args(&args)
            .env("ORRERY_DATABASE_URL", &url)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
    app.cleanup().await;
}
