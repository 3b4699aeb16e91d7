//! Tells the tests which outside services this build may use, as `cfg`s, so that a test that
//! needs one is compiled `#[ignore]`d with its reason when the service is not configured, instead
//! of passing after an early return. Shared by the store, limiter and server packages (their
//! `Cargo.toml` names this file as their `build` script).
//!
//! - `orrery_test_postgres`: `ORRERY_TEST_POSTGRES_URL` is set.
//! - `orrery_test_redis`: `ORRERY_TEST_REDIS_URL` is set.
//! - `orrery_test_redis_server`, `orrery_test_nginx`: the program is on the `PATH` (for the tests
//!   that start their own).
//!
//! A test compiled this way and run without the service fails: it was promised one.

fn main() {
    for (variable, cfg) in [
        ("ORRERY_TEST_POSTGRES_URL", "orrery_test_postgres"),
        ("ORRERY_TEST_REDIS_URL", "orrery_test_redis"),
    ] {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        println!("cargo::rerun-if-env-changed={variable}");
        if std::env::var_os(variable).is_some_and(|value| !value.is_empty()) {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
    println!("cargo::rerun-if-env-changed=PATH");
    let path = std::env::var_os("PATH").unwrap_or_default();
    for (program, cfg) in [
        ("redis-server", "orrery_test_redis_server"),
        ("nginx", "orrery_test_nginx"),
    ] {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if std::env::split_paths(&path).any(|dir| dir.join(program).is_file()) {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
