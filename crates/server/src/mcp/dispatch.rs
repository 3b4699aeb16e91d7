//! A tool call or resource read as an internal request through the REST stack: the same router,
//! layers and handler a REST client reaches, with the caller's key. Its answer is the REST answer,
//! and its limits, lane, timeout, ETag and provenance are the REST ones, because they are made by
//! the same code on the same path.

use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, Request, StatusCode, header};
use serde_json::{Map, Value};
use tower::ServiceExt;

use crate::edge::{RequestId, X_REQUEST_ID};

/// The caller's headers that a REST request would carry and the stack reads: the key (either
/// form), and the client address behind a trusted proxy (for the failed-authentication throttle).
const FORWARDED_HEADERS: [&str; 3] = ["x-api-key", "authorization", "x-forwarded-for"];

/// What the REST stack answered.
#[derive(Debug)]
pub(crate) struct RestAnswer {
    pub(crate) status: StatusCode,
    pub(crate) headers: HeaderMap,
    /// The body exactly as a REST client receives it (never compressed: the internal request
    /// accepts no coding).
    pub(crate) body: bytes::Bytes,
}

/// A REST request to make on the caller's behalf.
#[derive(Debug)]
pub(crate) struct RestRequest {
    pub(crate) method: Method,
    /// The path and query (`/v1/places?q=Graz`).
    pub(crate) target: String,
    /// The JSON body of a POST.
    pub(crate) body: Option<Vec<u8>>,
}

impl RestRequest {
    /// `POST path` with `arguments` as its JSON body (`{}` when the call has none).
    pub(crate) fn post(path: &str, arguments: Option<&Map<String, Value>>) -> Self {
        let body = match arguments {
            // Serialising a map of JSON values cannot fail.
            Some(arguments) => serde_json::to_vec(arguments).unwrap_or_default(),
            None => b"{}".to_vec(),
        };
        Self {
            method: Method::POST,
            target: path.to_owned(),
            body: Some(body),
        }
    }

    /// `POST path` with `arguments` as its JSON body, except `fields`, which goes in the query
    /// as a REST client sends it (a list of names is joined with commas).
    pub(crate) fn post_with_fields(path: &str, arguments: Option<&Map<String, Value>>) -> Self {
        let Some(fields) = arguments.and_then(|arguments| arguments.get(crate::fields::PARAMETER))
        else {
            return Self::post(path, arguments);
        };
        let fields = match fields {
            Value::String(text) => text.clone(),
            Value::Array(names) if names.iter().all(Value::is_string) => names
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(","),
            // Refused by the endpoint with the parameter's name, as the same text from REST is.
            other => other.to_string(),
        };
        let mut body = arguments.cloned().unwrap_or_default();
        body.remove(crate::fields::PARAMETER);
        let mut request = Self::post(path, Some(&body));
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair(crate::fields::PARAMETER, &fields)
            .finish();
        request.target = format!("{path}?{query}");
        request
    }

    /// `GET path` with `arguments` as its query: strings as they are, numbers and booleans as
    /// JSON writes them, anything else as its JSON text (the endpoint then refuses it with the
    /// parameter's name, as it would refuse the same text from a REST client).
    pub(crate) fn get(path: &str, arguments: Option<&Map<String, Value>>) -> Self {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (name, value) in arguments.into_iter().flatten() {
            match value {
                Value::Null => {}
                Value::String(text) => {
                    query.append_pair(name, text);
                }
                other => {
                    query.append_pair(name, &other.to_string());
                }
            }
        }
        let query = query.finish();
        let target = if query.is_empty() {
            path.to_owned()
        } else {
            format!("{path}?{query}")
        };
        Self {
            method: Method::GET,
            target,
            body: None,
        }
    }
}

/// Sends `request` through `rest` as the caller of the MCP request whose parts are `caller`.
///
/// # Errors
/// When the request cannot be built (a target that is not a valid URI) or its body not read.
pub(crate) async fn send(
    rest: Router,
    caller: &Parts,
    request: RestRequest,
) -> Result<RestAnswer, String> {
    let mut builder = Request::builder()
        .method(request.method)
        .uri(&request.target);
    for name in FORWARDED_HEADERS {
        for value in caller.headers.get_all(name) {
            builder = builder.header(name, value);
        }
    }
    // The MCP request's id: the tool's request is logged under the same one.
    if let Some(RequestId(id)) = caller.extensions.get::<RequestId>()
        && let Ok(value) = HeaderValue::from_str(&id.hyphenated().to_string())
    {
        builder = builder.header(X_REQUEST_ID.clone(), value);
    }
    let body = match request.body {
        Some(body) => {
            builder = builder.header(header::CONTENT_TYPE, "application/json");
            Body::from(body)
        }
        None => Body::empty(),
    };
    let mut internal = builder.body(body).map_err(|error| error.to_string())?;
    // The peer's address, which the failed-authentication throttle counts by.
    if let Some(connect_info) = caller.extensions.get::<ConnectInfo<SocketAddr>>() {
        internal.extensions_mut().insert(*connect_info);
    }
    let response = match rest.oneshot(internal).await {
        Ok(response) => response,
        Err(infallible) => match infallible {},
    };
    let (parts, body) = response.into_parts();
    let body = axum::body::to_bytes(body, usize::MAX)
        .await
        .map_err(|error| error.to_string())?;
    Ok(RestAnswer {
        status: parts.status,
        headers: parts.headers,
        body,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn query_arguments_are_encoded_as_a_rest_client_would_send_them() {
        let arguments = json!({"q": "Graz & Umgebung", "limit": 5, "exact": true, "none": null});
        let request = RestRequest::get("/v1/places", arguments.as_object());
        // In the arguments' order: the order of a query changes neither the answer nor its
        // ETag (`caching::entity_tag` sorts it).
        assert_eq!(
            request.target,
            "/v1/places?q=Graz+%26+Umgebung&limit=5&exact=true"
        );
        assert_eq!(RestRequest::get("/v1/planets", None).target, "/v1/planets");
    }

    #[test]
    fn fields_of_a_post_tool_go_in_the_query() {
        let arguments = json!({"birth": {"x": 1}, "fields": ["planets", "houses"]});
        let request = RestRequest::post_with_fields("/v1/radix", arguments.as_object());
        assert_eq!(request.target, "/v1/radix?fields=planets%2Chouses");
        assert_eq!(request.body.as_deref(), Some(&br#"{"birth":{"x":1}}"#[..]));
        let request = RestRequest::post_with_fields("/v1/radix", None);
        assert_eq!(request.target, "/v1/radix");
    }

    #[test]
    fn a_post_without_arguments_sends_an_empty_object() {
        assert_eq!(
            RestRequest::post("/v1/radix", None).body.as_deref(),
            Some(&b"{}"[..])
        );
    }
}
