//! The `orrery` command line run against a database, for tests of both test binaries.

use std::process::Command;

/// Runs `orrery ARGS` with `ORRERY_DATABASE_URL` and returns its standard output; a failure
/// fails the test with the command's standard error.
pub(crate) fn orrery_cli(database_url: &str, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(args)
        .env("ORRERY_DATABASE_URL", database_url)
        .output()
        .expect("run the orrery binary");
    assert!(
        output.status.success(),
        "orrery {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}
