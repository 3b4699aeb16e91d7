//! The MCP server: lists the tools and the catalogue resources, and answers each call with what
//! the REST stack answers for the same request (`dispatch.rs`).

use axum::Router;
use axum::http::request::Parts;
use rmcp::ErrorData as McpError;
use rmcp::handler::server::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorCode,
    Implementation, ListResourcesResult, ListToolsResult, MetaObject, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};

use super::dispatch::{self, RestAnswer, RestRequest};
use super::tools::{self, CATALOGUE_PREFIX, Operation, TOOLS_LISTED, Tools};

/// The URI scheme of the catalogue resources: `orrery://catalog/bodies`.
pub(crate) const RESOURCE_PREFIX: &str = "orrery://catalog/";

/// The answer headers a tool result carries in its `_meta` (`orrery/headers`): the ones a REST
/// client reads besides the body.
const ANSWER_HEADERS: [&str; 7] = [
    "etag",
    "cache-control",
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
    "retry-after",
    "x-request-id",
];

/// What the initialize answer tells an agent about the whole server.
const INSTRUCTIONS: &str = "Orrery calculates astrology on the Swiss Ephemeris. A birth is a local \
    date and time with a place: find_place turns a town into coordinates, a place_id and a zone; \
    resolve_birth_time shows the instant a local time means (and both candidates when a clock \
    change makes it ambiguous). Then natal_chart, vedic_chart, transits, progressions, returns, \
    relationship, dignities or time_lords take the birth; sky_calendar, planet_positions and \
    panchanga need none. Every answer is the REST API's answer for the same request, with its \
    provenance; catalogue lists the accepted names.";

/// One MCP request's server: built per request (the endpoint is stateless), holding the REST
/// stack it sends the calls through.
#[derive(Clone)]
pub(crate) struct OrreryMcp {
    rest: Router,
}

impl std::fmt::Debug for OrreryMcp {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("OrreryMcp").finish_non_exhaustive()
    }
}

impl OrreryMcp {
    pub(crate) fn new(rest: Router) -> Self {
        Self { rest }
    }

    /// Sends `request` through the REST stack as the caller, unless the client cancels the
    /// call first: then the internal request is dropped, which cancels its calculation as a
    /// REST client's leaving does.
    async fn send(
        &self,
        context: &RequestContext<RoleServer>,
        request: RestRequest,
    ) -> Result<RestAnswer, McpError> {
        let caller = context.extensions.get::<Parts>().ok_or_else(|| {
            McpError::internal_error("the request's HTTP parts are missing", None)
        })?;
        tokio::select! {
            answer = dispatch::send(self.rest.clone(), caller, request) => {
                answer.map_err(|error| McpError::internal_error(error, None))
            }
            () = context.ct.cancelled() => {
                Err(McpError::internal_error("the call was cancelled", None))
            }
        }
    }
}

fn tools_listed() -> Result<&'static Tools, McpError> {
    TOOLS_LISTED
        .as_ref()
        .map_err(|error| McpError::internal_error(error.clone(), None))
}

impl ServerHandler for OrreryMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(
            Implementation::new("orrery", env!("CARGO_PKG_VERSION"))
                .with_title("Orrery astrology API"),
        )
        .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(
            tools_listed()?.listed.clone(),
        ))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        let listed = TOOLS_LISTED.as_ref().ok()?;
        listed.listed.iter().find(|tool| tool.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let spec = tools::spec(&request.name).ok_or_else(|| {
            McpError::invalid_params(
                format!("no tool named {}: tools/list lists them", request.name),
                None,
            )
        })?;
        let arguments = request.arguments.as_ref();
        let rest_request = match spec.operation {
            Operation::Post(path) => RestRequest::post_with_fields(path, arguments),
            Operation::Get(path) => RestRequest::get(path, arguments),
            Operation::Catalogue => {
                let name = catalogue_argument(tools_listed()?, arguments)?;
                RestRequest::get(&format!("{CATALOGUE_PREFIX}{name}"), None)
            }
        };
        let answer = self.send(&context, rest_request).await?;
        Ok(tool_result(&answer).into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let resources = tools_listed()?
            .catalogues
            .iter()
            .map(|entry| {
                Resource::new(format!("{RESOURCE_PREFIX}{}", entry.name), &entry.name)
                    .with_description(&entry.summary)
                    .with_mime_type("application/json")
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let listed = tools_listed()?;
        let name = request
            .uri
            .strip_prefix(RESOURCE_PREFIX)
            .filter(|name| listed.catalogues.iter().any(|entry| entry.name == *name))
            .ok_or_else(|| {
                McpError::resource_not_found(
                    format!("no resource {}: resources/list lists them", request.uri),
                    None,
                )
            })?;
        let answer = self
            .send(
                &context,
                RestRequest::get(&format!("{CATALOGUE_PREFIX}{name}"), None),
            )
            .await?;
        if !answer.status.is_success() {
            return Err(rest_error(&answer));
        }
        let contents = ResourceContents::TextResourceContents {
            uri: request.uri.clone(),
            mime_type: Some("application/json".into()),
            text: String::from_utf8_lossy(&answer.body).into_owned(),
            meta: Some(answer_meta(&answer)),
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

/// The catalogue a `catalogue` call names, one of those served.
fn catalogue_argument<'a>(
    listed: &Tools,
    arguments: Option<&'a Map<String, Value>>,
) -> Result<&'a str, McpError> {
    let name = arguments
        .and_then(|arguments| arguments.get("catalogue"))
        .and_then(Value::as_str);
    match name {
        Some(name) if listed.catalogues.iter().any(|entry| entry.name == name) => Ok(name),
        _ => {
            let accepted: Vec<&str> = listed
                .catalogues
                .iter()
                .map(|entry| entry.name.as_str())
                .collect();
            Err(McpError::invalid_params(
                format!("catalogue must be one of: {}", accepted.join(", ")),
                Some(serde_json::json!({"accepted": accepted})),
            ))
        }
    }
}

/// The REST answer as a tool result: its body verbatim as the text, the same JSON as the
/// structured content (a JSON value of the SDK's, parsed and written again as the same bytes:
/// serde_json keeps the keys' order and the numbers' text in this workspace, `preserve_order` and
/// `float_roundtrip`), and its status and headers under `_meta`. An error status is a tool error
/// (`isError`) with the REST error object, so an agent reads which field broke which rule.
fn tool_result(answer: &RestAnswer) -> CallToolResult {
    let text = String::from_utf8_lossy(&answer.body).into_owned();
    let structured = serde_json::from_slice::<Value>(&answer.body)
        .ok()
        .filter(Value::is_object);
    // The REST body itself as the text, not a re-serialisation of the parsed value (which
    // `CallToolResult::structured` would write, for a fifth of the call's cost).
    let content = vec![ContentBlock::text(text)];
    let mut result = if answer.status.is_success() {
        CallToolResult::success(content)
    } else {
        CallToolResult::error(content)
    };
    result.structured_content = structured;
    result.with_meta(Some(answer_meta(answer)))
}

/// `{"orrery/status": 200, "orrery/headers": {"etag": …, "x-ratelimit-remaining": …}}`.
fn answer_meta(answer: &RestAnswer) -> MetaObject {
    let headers: Map<String, Value> = ANSWER_HEADERS
        .iter()
        .filter_map(|name| {
            let value = answer.headers.get(*name)?.to_str().ok()?;
            Some(((*name).to_owned(), Value::String(value.to_owned())))
        })
        .collect();
    let mut meta = Map::new();
    meta.insert("orrery/status".into(), answer.status.as_u16().into());
    meta.insert("orrery/headers".into(), Value::Object(headers));
    MetaObject(meta)
}

/// A REST error answer as a JSON-RPC error (resources have no error result): its message, and
/// the status and error object as data.
fn rest_error(answer: &RestAnswer) -> McpError {
    let object = serde_json::from_slice::<Value>(&answer.body).unwrap_or(Value::Null);
    let message = object["error"]["message"]
        .as_str()
        .map_or_else(|| answer.status.to_string(), str::to_owned);
    // -32000..-32099: the JSON-RPC range for a server's own errors.
    McpError::new(
        ErrorCode(-32000),
        message,
        Some(serde_json::json!({"status": answer.status.as_u16(), "body": object})),
    )
}
