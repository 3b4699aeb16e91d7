//! `/mcp`: the Model Context Protocol endpoint (Streamable HTTP), for assistants (docs/MCP.md).
//!
//! Nothing here calculates. Each tool call and resource read is sent as an internal request
//! through the same router and layers a REST client reaches (edge, key and rate limit, admission
//! to a lane, cache, handler), with the caller's key: the answer is the REST answer byte for byte,
//! with its ETag and provenance, and it is counted, laned, timed and cancelled as REST's is. The
//! protocol's own messages (`initialize`, `tools/list`) need a key but cost no quota, like
//! `GET /v1/me` (`auth.rs`); a call past the limit is a tool error with REST's 429 error object.
//!
//! The endpoint is stateless (no MCP session is kept between requests), so any instance behind a
//! load balancer answers any request, and each request's JSON-RPC answer is plain JSON.

mod dispatch;
mod schema;
mod server;
mod tools;

use std::time::Duration;

use axum::Router;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use crate::json::BODY_LIMIT_BYTES;

pub(crate) use server::OrreryMcp;

/// Where the endpoint is mounted.
pub const PATH: &str = "/mcp";

/// How much longer than the request time limit a `/mcp` request may take: its tool call's
/// internal request times out first, and its 504 becomes a tool result (`app::limit_time`).
pub const TIME_LIMIT_MARGIN: Duration = Duration::from_secs(1);

/// The `/mcp` service over `rest`, the REST stack (with its layers) that tool calls go through.
pub(crate) fn service(rest: Router) -> StreamableHttpService<OrreryMcp, NeverSessionManager> {
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_max_request_body_bytes(BODY_LIMIT_BYTES)
        // The Host check guards a server on a developer's machine that trusts whoever reaches
        // it (DNS rebinding); every request here carries an API key a rebinding page cannot
        // know, and the service runs under whatever host name its operator gives it.
        .disable_allowed_hosts();
    StreamableHttpService::new(
        move || Ok(OrreryMcp::new(rest.clone())),
        NeverSessionManager::default().into(),
        config,
    )
}
