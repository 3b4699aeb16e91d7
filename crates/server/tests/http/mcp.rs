//! `/mcp`, the Model Context Protocol endpoint, against the real service: the handshake, the
//! tools and resources it lists, each tool's answer against the REST answer for the same request
//! (byte for byte, with its ETag), keys, limits and the time limit as REST has them.

use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp};

const EXAMPLES_JSON: &str = include_str!("../../src/playground/examples.json");
/// The protocol version the requests after `initialize` name, as a client that negotiated it does.
const PROTOCOL_VERSION: &str = "2025-06-18";

/// An MCP client's POST: the JSON-RPC message, the media types Streamable HTTP asks for, the key.
fn mcp_request(app: &TestApp, key: Option<&str>, message: &Value) -> reqwest::RequestBuilder {
    let mut request = app
        .post("/mcp")
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", PROTOCOL_VERSION)
        .json(message);
    if let Some(key) = key {
        request = request.header("X-API-Key", key);
    }
    request
}

/// Sends a JSON-RPC request and returns its `result`, expecting a 200 with a JSON answer.
async fn call(app: &TestApp, key: &str, method: &str, params: Value) -> Value {
    call_with_text(app, key, method, params).await.0
}

/// [`call`], and the JSON-RPC answer's text as it came.
async fn call_with_text(app: &TestApp, key: &str, method: &str, params: Value) -> (Value, String) {
    let message = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let response = mcp_request(app, Some(key), &message).send().await.unwrap();
    let status = response.status();
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    let text = response.text().await.unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(answer["id"], 1, "{text}");
    let result = answer
        .get("result")
        .unwrap_or_else(|| panic!("no result: {text}"))
        .clone();
    (result, text)
}

async fn call_tool(app: &TestApp, key: &str, name: &str, arguments: &Value) -> Value {
    call(
        app,
        key,
        "tools/call",
        json!({"name": name, "arguments": arguments}),
    )
    .await
}

/// The REST answer for a request: status, ETag and the body's bytes.
async fn rest(
    app: &TestApp,
    key: &str,
    method: &str,
    target: &str,
    body: Option<&Value>,
) -> (u16, Option<String>, String) {
    let mut request = match method {
        "POST" => app.post(target),
        _ => app.get(target),
    };
    request = request.header("X-API-Key", key);
    if let Some(body) = body {
        request = request
            .header("Content-Type", "application/json")
            .body(serde_json::to_vec(body).unwrap());
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let etag = response
        .headers()
        .get("etag")
        .map(|value| value.to_str().unwrap().to_owned());
    (status, etag, response.text().await.unwrap())
}

/// The playground example of `method path` (the first one listed): its target and body.
fn example(method: &str, path: &str) -> (String, Option<Value>) {
    let examples: Vec<Value> = serde_json::from_str(EXAMPLES_JSON).unwrap();
    let found = examples
        .iter()
        .find(|example| {
            example["method"] == method
                && example["path"]
                    .as_str()
                    .is_some_and(|target| target.split('?').next() == Some(path))
        })
        .unwrap_or_else(|| panic!("no playground example for {method} {path}"));
    (
        found["path"].as_str().unwrap().to_owned(),
        found.get("body").cloned(),
    )
}

/// A GET example's query as tool arguments (every value a string, as a query carries it).
fn query_arguments(target: &str) -> Value {
    let query = target.split_once('?').map_or("", |(_, query)| query);
    let arguments: serde_json::Map<String, Value> = form_urlencoded::parse(query.as_bytes())
        .map(|(name, value)| (name.into_owned(), Value::String(value.into_owned())))
        .collect();
    Value::Object(arguments)
}

/// The text content of a tool result (the REST body verbatim).
fn text_of(result: &Value) -> &str {
    let content = result["content"].as_array().unwrap();
    assert_eq!(content.len(), 1, "{result}");
    assert_eq!(content[0]["type"], "text");
    content[0]["text"].as_str().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_handshake_names_the_server_and_its_tools_and_resources() {
    let app = TestApp::spawn().await;
    let message = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": PROTOCOL_VERSION,
        "capabilities": {},
        "clientInfo": {"name": "orrery-tests", "version": "1"},
    }});
    let response = mcp_request(&app, Some(DEMO_KEY), &message)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers().get("x-request-id").is_some());
    let answer: Value = response.json().await.unwrap();
    let result = &answer["result"];
    assert_eq!(result["protocolVersion"], PROTOCOL_VERSION, "{answer}");
    assert_eq!(result["serverInfo"]["name"], "orrery");
    assert!(result["capabilities"]["tools"].is_object(), "{answer}");
    assert!(result["capabilities"]["resources"].is_object(), "{answer}");
    assert!(
        result["instructions"]
            .as_str()
            .unwrap()
            .contains("find_place")
    );

    // The client's notification that it is ready is accepted.
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let response = mcp_request(&app, Some(DEMO_KEY), &initialized)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 202);
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_are_listed_with_the_rest_request_schemas_and_read_only_annotations() {
    let app = TestApp::spawn().await;
    let result = call(&app, DEMO_KEY, "tools/list", json!({})).await;
    let tools = result["tools"].as_array().unwrap();
    let names: Vec<&str> = tools
        .iter()
        .map(|tool| tool["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "find_place",
            "resolve_birth_time",
            "natal_chart",
            "aspects",
            "transits",
            "progressions",
            "returns",
            "sky_calendar",
            "vedic_chart",
            "panchanga",
            "relationship",
            "dignities",
            "time_lords",
            "planet_positions",
            "catalogue"
        ]
    );
    let document: Value = app
        .get("/v1/openapi.json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    for tool in tools {
        assert!(tool["description"].as_str().unwrap().len() > 100, "{tool}");
        assert_eq!(tool["annotations"]["readOnlyHint"], true, "{tool}");
        assert_eq!(tool["annotations"]["idempotentHint"], true, "{tool}");
        assert_eq!(tool["annotations"]["destructiveHint"], false, "{tool}");
        assert_eq!(tool["inputSchema"]["type"], "object", "{tool}");
        assert!(!tool["inputSchema"].to_string().contains("#/components/"));
    }
    // The natal chart's schema is the radix request's, its references resolved.
    let natal = tools
        .iter()
        .find(|tool| tool["name"] == "natal_chart")
        .unwrap();
    let reference = document["paths"]["/v1/radix"]["post"]["requestBody"]["content"]
        ["application/json"]["schema"]["$ref"]
        .as_str()
        .unwrap();
    let request_type = reference.rsplit('/').next().unwrap();
    let declared = &document["components"]["schemas"][request_type];
    // The body's properties, and `fields`, which the tool sends in the query.
    let mut want: Vec<&String> = declared["properties"].as_object().unwrap().keys().collect();
    let fields = "fields".to_owned();
    want.push(&fields);
    assert_eq!(
        natal["inputSchema"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        want
    );
    assert_eq!(
        natal["inputSchema"]["properties"]["fields"]["type"], "string",
        "{natal}"
    );
    assert!(natal["inputSchema"]["$defs"].as_object().unwrap().len() > 3);
    // A GET tool's schema is its query parameters.
    let places = tools
        .iter()
        .find(|tool| tool["name"] == "find_place")
        .unwrap();
    assert_eq!(places["inputSchema"]["required"], json!(["q"]), "{places}");
    app.cleanup().await;
}

/// Every tool against the REST endpoint it stands for, with the playground's request: the text
/// is the REST body byte for byte, the structured content is the same JSON, and the ETag is the
/// REST one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_tool_answers_exactly_what_rest_answers() {
    let app = TestApp::spawn().await;
    let cases: [(&str, &str, &str); 14] = [
        ("find_place", "GET", "/v1/places"),
        ("resolve_birth_time", "GET", "/v1/timezone"),
        ("natal_chart", "POST", "/v1/radix"),
        ("aspects", "POST", "/v1/aspects"),
        ("transits", "POST", "/v1/transits"),
        ("progressions", "POST", "/v1/progressions"),
        ("returns", "POST", "/v1/returns"),
        ("sky_calendar", "POST", "/v1/events"),
        ("vedic_chart", "POST", "/v1/vedic"),
        ("panchanga", "POST", "/v1/panchanga"),
        ("relationship", "POST", "/v1/relationship"),
        ("dignities", "POST", "/v1/dignities"),
        ("time_lords", "POST", "/v1/time-lords"),
        ("planet_positions", "GET", "/v1/planets"),
    ];
    for (tool, method, path) in cases {
        let (target, body) = example(method, path);
        let arguments = match &body {
            Some(body) => body.clone(),
            None => query_arguments(&target),
        };
        let (status, etag, rest_body) = rest(&app, DEMO_KEY, method, &target, body.as_ref()).await;
        assert_eq!(status, 200, "{tool}: {rest_body}");
        let (result, answer_text) = call_with_text(
            &app,
            DEMO_KEY,
            "tools/call",
            json!({"name": tool, "arguments": arguments}),
        )
        .await;
        assert_eq!(result["isError"], false, "{tool}: {result}");
        assert_eq!(text_of(&result), rest_body, "{tool}");
        // The structured content is the REST body byte for byte too, as the JSON-RPC answer
        // carries it: same keys in the same order, same numbers.
        assert!(
            answer_text.contains(&format!("\"structuredContent\":{rest_body}")),
            "{tool}: {answer_text}"
        );
        assert_eq!(result["_meta"]["orrery/status"], 200, "{tool}");
        let tool_etag = result["_meta"]["orrery/headers"]["etag"].as_str();
        assert!(etag.is_some(), "{tool}: the REST answer has an ETag");
        assert_eq!(tool_etag, etag.as_deref(), "{tool}");
    }
    // The catalogue tool is the catalogue endpoint it names.
    let (_, etag, rest_body) = rest(&app, DEMO_KEY, "GET", "/v1/catalog/house-systems", None).await;
    let result = call_tool(
        &app,
        DEMO_KEY,
        "catalogue",
        &json!({"catalogue": "house-systems"}),
    )
    .await;
    assert_eq!(text_of(&result), rest_body);
    assert_eq!(
        result["_meta"]["orrery/headers"]["etag"].as_str(),
        etag.as_deref()
    );
    app.cleanup().await;
}

/// `fields` on a tool is `?fields=` on REST: the same trimmed bytes (text and structured
/// content) and the same ETag, for a POST tool (where it goes in the query, not the body) and a
/// GET tool; an unknown name is a tool error naming `fields`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_with_fields_answers_what_rest_with_fields_answers() {
    let app = TestApp::spawn().await;
    let (_, body) = example("POST", "/v1/radix");
    let body = body.unwrap();
    let (status, etag, rest_body) = rest(
        &app,
        DEMO_KEY,
        "POST",
        "/v1/radix?fields=planets,houses.1",
        Some(&body),
    )
    .await;
    assert_eq!(
        status, 400,
        "houses is a map of cusps without parts: {rest_body}"
    );
    assert!(etag.is_none());
    let (status, etag, rest_body) = rest(
        &app,
        DEMO_KEY,
        "POST",
        "/v1/radix?fields=planets.sign,angles",
        Some(&body),
    )
    .await;
    assert_eq!(status, 200, "{rest_body}");
    let mut arguments = body.clone();
    arguments["fields"] = json!("planets.sign,angles");
    let (result, answer_text) = call_with_text(
        &app,
        DEMO_KEY,
        "tools/call",
        json!({"name": "natal_chart", "arguments": arguments}),
    )
    .await;
    assert_eq!(result["isError"], false, "{result}");
    assert_eq!(text_of(&result), rest_body);
    assert!(
        answer_text.contains(&format!("\"structuredContent\":{rest_body}")),
        "{answer_text}"
    );
    assert_eq!(
        result["_meta"]["orrery/headers"]["etag"].as_str(),
        etag.as_deref()
    );
    // A list of names is the same request.
    arguments["fields"] = json!(["planets.sign", "angles"]);
    let listed = call_tool(&app, DEMO_KEY, "natal_chart", &arguments).await;
    assert_eq!(text_of(&listed), rest_body);

    let (target, _) = example("GET", "/v1/planets");
    let mut arguments = query_arguments(&target);
    arguments["fields"] = json!("provenance");
    let (status, etag, rest_body) = rest(
        &app,
        DEMO_KEY,
        "GET",
        &format!("{target}&fields=provenance"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{rest_body}");
    let result = call_tool(&app, DEMO_KEY, "planet_positions", &arguments).await;
    assert_eq!(text_of(&result), rest_body);
    assert_eq!(
        result["_meta"]["orrery/headers"]["etag"].as_str(),
        etag.as_deref()
    );

    let mut arguments = body;
    arguments["fields"] = json!("planet");
    let result = call_tool(&app, DEMO_KEY, "natal_chart", &arguments).await;
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(result["_meta"]["orrery/status"], 400, "{result}");
    assert_eq!(
        result["structuredContent"]["error"]["field"], "fields",
        "{result}"
    );
    assert!(
        result["structuredContent"]["error"]["details"]["accepted"]
            .as_array()
            .unwrap()
            .contains(&json!("planets")),
        "{result}"
    );
    app.cleanup().await;
}

/// A request the endpoint refuses is a tool error carrying REST's error object (all but the
/// request id, which is each request's own), so an agent sees the field and the rule.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_request_is_a_tool_error_with_the_rest_error_object() {
    let app = TestApp::spawn().await;
    let (_, body) = example("POST", "/v1/radix");
    let mut body = body.unwrap();
    body["birth"]["location"]["latitude"] = json!(91.5);
    let (status, _, rest_body) = rest(&app, DEMO_KEY, "POST", "/v1/radix", Some(&body)).await;
    assert_eq!(status, 400);
    let result = call_tool(&app, DEMO_KEY, "natal_chart", &body).await;
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(result["_meta"]["orrery/status"], 400);
    let without_id = |mut error: Value| {
        error["error"].as_object_mut().unwrap().remove("request_id");
        error
    };
    let rest_error: Value = serde_json::from_str(&rest_body).unwrap();
    assert_eq!(
        without_id(result["structuredContent"].clone()),
        without_id(rest_error)
    );
    assert_eq!(
        result["structuredContent"]["error"]["field"],
        "birth.location.latitude"
    );

    // An ambiguous local time (the autumn fold in Vienna) names both candidates.
    let result = call_tool(
        &app,
        DEMO_KEY,
        "resolve_birth_time",
        &json!({"latitude": "48.21", "longitude": "16.37", "datetime": "2023-10-29T02:30:00"}),
    )
    .await;
    assert_eq!(result["isError"], true, "{result}");
    let candidates = &result["structuredContent"]["error"]["details"]["candidates"];
    assert_eq!(candidates.as_array().map(Vec::len), Some(2), "{result}");

    // An unknown tool and an unknown catalogue are protocol errors that say what exists.
    for (name, arguments) in [
        ("horoscope", json!({})),
        ("catalogue", json!({"catalogue": "signs"})),
    ] {
        let message = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}});
        let answer: Value = mcp_request(&app, Some(DEMO_KEY), &message)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(answer["error"]["code"], -32602, "{answer}");
    }
    app.cleanup().await;
}

/// Without a key, or with a made-up one, `/mcp` is refused exactly as a REST endpoint is: the
/// status, the challenges and the error object.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_without_a_valid_key_is_refused_like_rest() {
    let app = TestApp::spawn().await;
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    for key in [None, Some("orr_test_not_a_real_key")] {
        let mcp = mcp_request(&app, key, &list).send().await.unwrap();
        let mut rest = app.get("/v1/catalog/bodies");
        if let Some(key) = key {
            rest = rest.header("X-API-Key", key);
        }
        let rest = rest.send().await.unwrap();
        assert_eq!(mcp.status(), 401);
        assert_eq!(mcp.status(), rest.status());
        let challenges = |response: &reqwest::Response| -> Vec<String> {
            response
                .headers()
                .get_all("www-authenticate")
                .iter()
                .map(|value| value.to_str().unwrap().to_owned())
                .collect()
        };
        assert_eq!(challenges(&mcp), challenges(&rest));
        let mcp: Value = mcp.json().await.unwrap();
        let rest: Value = rest.json().await.unwrap();
        assert_eq!(mcp["error"]["code"], rest["error"]["code"]);
        assert_eq!(mcp["error"]["message"], rest["error"]["message"]);
    }
    // The bearer form works as for REST.
    let response = app
        .post("/mcp")
        .header("Accept", "application/json, text/event-stream")
        .header("Authorization", format!("Bearer {DEMO_KEY}"))
        .json(&list)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    app.cleanup().await;
}

/// Each tool call counts once against the key's hourly limit, in the same window as its REST
/// calls; the protocol's own messages count nothing. Past the limit a call is a tool error with
/// REST's 429.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_calls_count_against_the_keys_limit_like_rest_calls() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(3).await;
    for _ in 0..3 {
        call(&app, &key, "tools/list", json!({})).await;
    }
    let arguments = json!({"catalogue": "aspects"});
    let first = call_tool(&app, &key, "catalogue", &arguments).await;
    assert_eq!(first["isError"], false, "{first}");
    assert_eq!(
        first["_meta"]["orrery/headers"]["x-ratelimit-remaining"],
        "2"
    );
    let (status, _, _) = rest(&app, &key, "GET", "/v1/catalog/aspects", None).await;
    assert_eq!(status, 200);
    let third = call_tool(&app, &key, "catalogue", &arguments).await;
    assert_eq!(
        third["_meta"]["orrery/headers"]["x-ratelimit-remaining"],
        "0"
    );
    let refused = call_tool(&app, &key, "catalogue", &arguments).await;
    assert_eq!(refused["isError"], true, "{refused}");
    assert_eq!(refused["_meta"]["orrery/status"], 429);
    assert_eq!(
        refused["structuredContent"]["error"]["code"],
        "rate_limited"
    );
    assert!(refused["_meta"]["orrery/headers"]["retry-after"].is_string());
    let (status, _, _) = rest(&app, &key, "GET", "/v1/catalog/aspects", None).await;
    assert_eq!(status, 429);
    app.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_catalogues_are_resources_with_the_rest_answers() {
    let app = TestApp::spawn().await;
    let listed = call(&app, DEMO_KEY, "resources/list", json!({})).await;
    let uris: Vec<&str> = listed["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|resource| resource["uri"].as_str().unwrap())
        .collect();
    assert!(uris.contains(&"orrery://catalog/bodies"), "{uris:?}");
    assert!(uris.contains(&"orrery://catalog/fixed-stars"), "{uris:?}");
    let read = call(
        &app,
        DEMO_KEY,
        "resources/read",
        json!({"uri": "orrery://catalog/bodies"}),
    )
    .await;
    let (_, _, rest_body) = rest(&app, DEMO_KEY, "GET", "/v1/catalog/bodies", None).await;
    let contents = &read["contents"][0];
    assert_eq!(contents["mimeType"], "application/json");
    assert_eq!(contents["text"], rest_body.as_str());
    let message = json!({"jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": {"uri": "orrery://catalog/signs"}});
    let answer: Value = mcp_request(&app, Some(DEMO_KEY), &message)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(answer["error"].is_object(), "{answer}");
    app.cleanup().await;
}

/// A tool call over the time limit ends as a REST request does, at the limit with the timeout
/// error object, as a tool error the assistant reads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_call_over_the_time_limit_gets_the_timeout_error() {
    let app = TestApp::spawn_with(crate::support::Options {
        request_timeout: Some(std::time::Duration::from_millis(50)),
        ..Default::default()
    })
    .await;
    // Ten years of lunations and void-of-course Moons take far longer than 50 ms.
    let arguments = json!({
        "start": "2000-01-01T00:00:00Z", "end": "2009-12-31T00:00:00Z",
        "types": ["lunation", "void_of_course", "ingress", "station"],
    });
    let message = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "sky_calendar", "arguments": arguments}});
    let started = std::time::Instant::now();
    let response = mcp_request(&app, Some(DEMO_KEY), &message)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    let result = &answer["result"];
    assert_eq!(result["isError"], true, "{answer}");
    assert_eq!(result["_meta"]["orrery/status"], 504, "{answer}");
    assert_eq!(
        result["structuredContent"]["error"]["code"], "timeout",
        "{answer}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    app.cleanup().await;
}

/// A tool call whose client leaves stops computing, as a REST request does: with every heavy
/// thread given a long search whose client then left, a new heavy call still starts at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_call_whose_client_left_stops_computing() {
    let app = TestApp::spawn().await;
    let natal = json!({
        "datetime": "1990-05-15T14:30:00",
        "timezone": "Europe/Berlin",
        "location": {"latitude": 52.52, "longitude": 13.405}
    });
    // Forty years of transits: about seven seconds of one core in a test build.
    let long_search =
        json!({"natal": natal, "start": "1980-01-01T00:00:00Z", "end": "2020-01-01T00:00:00Z"});
    let message = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                         "params": {"name": "transits", "arguments": long_search}});
    for _ in 0..app.state.compute().threads() {
        let impatient = reqwest::Client::builder()
            .timeout(std::time::Duration::from_millis(400))
            .build()
            .unwrap();
        let result = impatient
            .post(app.url("/mcp"))
            .header("Accept", "application/json, text/event-stream")
            .header("X-API-Key", DEMO_KEY)
            .json(&message)
            .send()
            .await;
        assert!(
            result.is_err(),
            "the search must outlast the client's patience"
        );
    }
    let started = std::time::Instant::now();
    let (_, body) = example("POST", "/v1/transits");
    let result = call_tool(&app, DEMO_KEY, "transits", &body.unwrap()).await;
    assert_eq!(result["isError"], false, "{result}");
    // Behind two searches still running it would have waited for one of them, several seconds.
    let waited = started.elapsed();
    assert!(
        waited < std::time::Duration::from_secs(4),
        "the abandoned calls kept the heavy threads: {waited:?}"
    );
    app.cleanup().await;
}
