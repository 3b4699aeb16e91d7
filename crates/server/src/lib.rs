#![forbid(unsafe_code)]
//! The Orrery HTTP service: glue between the calculation core and the network.

pub mod app;
pub mod auth;
pub mod caching;
pub mod cli;
pub mod client_address;
pub mod commands;
pub mod compute;
pub mod connections;
pub mod edge;
pub mod encoding;
pub mod error;
pub mod fields;
pub mod json;
pub mod mcp;
pub mod metrics;
pub mod openapi;
mod routes;
pub mod serve;
pub mod settings;
pub mod telemetry;
mod throttle;

pub use app::{AppParts, AppState, app};
pub use error::ApiError;
pub use settings::Settings;
