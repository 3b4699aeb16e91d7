//! Tests that start real processes (the service, Redis, nginx) on loopback ports and treat them
//! the way production does: overload, timeouts, dropped clients, Redis faults, many instances.
//! Each is bounded in time and request count and stops what it started.

mod cancellation;
mod cluster;
mod overload;
mod process;
