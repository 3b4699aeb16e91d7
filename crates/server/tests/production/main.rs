//! Tests that start real processes (the service, Redis, nginx) on loopback ports and treat them
//! the way production does: overload, timeouts, dropped clients, Redis faults, many instances.
//! Each is bounded in time and request count and stops what it started.

mod cancellation;
mod cluster;
#[path = "../common/cli.rs"]
mod common_cli;
#[path = "../common/db_proxy.rs"]
mod db_proxy;
mod hostile_clients;
mod mcp;
mod overload;
mod prefill;
mod process;
