//! The OpenAPI 3.1 description of the whole HTTP interface, served at `GET /v1/openapi.json`.
//!
//! Generated from the code: every handler carries a `#[utoipa::path]` (method, path, body, the
//! 200 schema and a set of further answers below), every DTO derives its schema. What holds for
//! a whole class of operations is added here once: an operation with the `api_key` security
//! requirement gets the rate-limit headers on its answers, one that declares a 304 gets the
//! `If-None-Match` parameter and the `ETag`/`Cache-Control` headers. The tests check that the
//! document lists exactly the router's routes.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use axum::http::HeaderMap;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{Operation, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Required, Response, ResponseBuilder};
use utoipa::{IntoResponses, Modify, OpenApi};

use crate::error::ErrorObject;
use crate::routes;
use crate::routes::assets::{JSON, StaticFile};

mod code_samples;
mod request_rules;
mod tagged_unions;

/// The playground's examples: one request per operation (the first one wins).
const PLAYGROUND_EXAMPLES: &str = include_str!("playground/examples.json");

/// The live answer to each playground example, keyed by `METHOD path` as the example gives
/// them: a JSON object, one line per example. Kept as the insta snapshot that the test
/// `every_example_answer_is_the_live_answer` checks byte for byte (after an answer changed on
/// purpose: `INSTA_UPDATE=always cargo test -p orrery-server --test http openapi`), never
/// written by hand.
pub const EXAMPLE_ANSWERS: &str = snapshot_contents(include_str!("example_answers.snap"));

/// What an insta snapshot file holds after its header (the lines between two `---` lines).
const fn snapshot_contents(snapshot: &'static str) -> &'static str {
    let bytes = snapshot.as_bytes();
    // Past the opening `---\n`, the header ends at the next line that is `---`.
    let mut at = 4;
    while at + 4 <= bytes.len() {
        if bytes[at - 1] == b'\n'
            && bytes[at] == b'-'
            && bytes[at + 1] == b'-'
            && bytes[at + 2] == b'-'
            && bytes[at + 3] == b'\n'
        {
            match std::str::from_utf8(bytes.split_at(at + 4).1) {
                Ok(contents) => return contents,
                Err(_) => panic!("a snapshot file is UTF-8"),
            }
        }
        at += 1;
    }
    panic!("not an insta snapshot: no header")
}

/// The name of the security scheme: the `X-API-Key` header.
pub const API_KEY_SCHEME: &str = "api_key";
/// The name of the other security scheme: the same key as `Authorization: Bearer <key>`.
pub const BEARER_SCHEME: &str = "bearer";

#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "Orrery",
        description = "Astrological calculations on the Swiss Ephemeris: charts, aspects, transits, \
progressions, returns, directions, ephemerides, rise/set and heliacal events, lots, midpoints, \
Vedic modules, relationship charts and astro-cartography. Every error status carries the error \
object `{\"error\": {code, message, field, details, request_id, doc_url}}` (`field` and \
`details` where they apply; `ErrorCode` lists every code, and `doc_url` links to the code's \
entry on the error-codes page, `/docs/errors`). Deterministic calculations answer with a \
strong `ETag` and `Cache-Control: public, max-age=31536000, immutable`, and a matching \
`If-None-Match` gets 304, POST included (the specification asks for it; plain HTTP would answer \
412); an answer computed from \"now\" because a time was left out is `no-store` without a tag.",
        license(name = "AGPL-3.0-or-later", identifier = "AGPL-3.0-or-later"),
    ),
    // Relative: the document is served by the service it describes, so its own origin is the
    // base URL wherever it runs.
    servers((url = "/", description = "The service that serves this document")),
    paths(
        routes::health::health,
        routes::health::live,
        routes::playground::playground,
        openapi_json,
        routes::me::me,
    ),
    components(schemas(
        ErrorObject,
        orrery_api::provenance::ProvenanceDto,
        orrery_api::provenance::EngineDto,
        orrery_api::provenance::EphemerisUsedDto,
        orrery_api::provenance::InstantDto,
    )),
        tags(
        (name = "General", description = "The service and the caller's account."),
        (name = "Calculation", description = "Deterministic calculations: authenticated, rate-limited and HTTP-cached."),
        (name = "Partnership", description = "Charts of two people."),
        (name = "Cartography", description = "Astro-cartography lines."),
        (name = "Catalog", description = "The names the API accepts, with descriptions."),
        (name = "Atlas", description = "Places by name and time zones from coordinates, offline (GeoNames CC BY 4.0, timezone-boundary-builder ODbL)."),
    ),
)]
pub struct ApiDoc;

/// The whole document: the general operations declared above, the calculation endpoints as
/// their router declares them (`routes::calculation_api`), then the conventions and the
/// playground examples added to every operation they apply to.
#[must_use]
pub fn document() -> utoipa::openapi::OpenApi {
    let mut document = ApiDoc::openapi();
    document.merge(routes::calculation_api().split_for_parts().1);
    HttpConventions.modify(&mut document);
    ProvenanceInAnswers.modify(&mut document);
    PlaygroundExamples.modify(&mut document);
    request_rules::tell_the_rules(&mut document);
    tagged_unions::name_tagged_alternatives(&mut document);
    document
}

/// The document as served, rendered once.
static DOCUMENT: LazyLock<String> = LazyLock::new(|| document().to_json().unwrap_or_default());

/// The document as a file: compressed per `Accept-Encoding` (0.7 MB of JSON is about 60 KB in
/// Brotli) and revalidated by its tag, so the reference page's repeat visits cost a 304.
static DOCUMENT_FILE: StaticFile = StaticFile::made(JSON, || DOCUMENT.as_str());

/// `GET /v1/openapi.json`: this document (public).
#[utoipa::path(
    get,
    path = "/v1/openapi.json",
    tag = "General",
    summary = "This OpenAPI 3.1 description (public)",
    responses((status = 200, description = "The document.", content_type = "application/json", body = Object)),
)]
pub(crate) async fn openapi_json(request_headers: HeaderMap) -> axum::response::Response {
    DOCUMENT_FILE.respond(&request_headers).await
}

fn error_response(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorObject")))
                .build(),
        )
        .build()
}

fn responses(entries: &[(&str, Response)]) -> BTreeMap<String, RefOr<Response>> {
    entries
        .iter()
        .map(|(status, response)| ((*status).to_owned(), RefOr::T(response.clone())))
        .collect()
}

/// What every endpoint behind `X-API-Key` may answer besides its result.
#[derive(Debug)]
pub(crate) struct AuthenticatedResponses;

impl IntoResponses for AuthenticatedResponses {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        responses(&[
            (
                "401",
                error_response("`X-API-Key` missing, with a bad checksum, unknown or revoked."),
            ),
            (
                "429",
                error_response(
                    "The plan's hourly limit is used up; `Retry-After` says when to retry.",
                ),
            ),
            (
                "500",
                error_response(
                    "A failure of the service; the request id identifies it for support.",
                ),
            ),
            (
                "503",
                error_response(
                    "`service_unavailable`: the key store, or every rate-limit store, is \
                     unreachable. `overloaded`: the calculation capacity is full (the lane's \
                     queue, or this key's share of the expensive lane), or the request could \
                     not start within half the time limit. Both set `Retry-After`.",
                ),
            ),
            (
                "504",
                error_response("The request did not finish within the service's time limit."),
            ),
        ])
    }
}

fn not_modified() -> Response {
    ResponseBuilder::new()
        .description("`If-None-Match` lists the current `ETag`: no body.")
        .build()
}

/// The answers of a cached catalogue endpoint besides its result.
#[derive(Debug)]
pub(crate) struct CatalogResponses;

impl IntoResponses for CatalogResponses {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut all = AuthenticatedResponses::responses();
        all.extend(responses(&[("304", not_modified())]));
        all
    }
}

/// The answers of a calculation endpoint besides its result.
#[derive(Debug)]
pub(crate) struct CalculationResponses;

impl IntoResponses for CalculationResponses {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut all = CatalogResponses::responses();
        all.extend(responses(&[
            (
                "400",
                error_response(
                    "The request broke a rule. `code` is `invalid_input` (malformed JSON, wrong \
                     types, unknown fields, values out of range), `unknown_name` (a name not in \
                     its catalogue; `details.accepted`), `limit_exceeded` (a window, sample count \
                     or list too large; `details.limit`, `details.requested`), \
                     `ambiguous_local_time` or `nonexistent_local_time` (a fold or gap; \
                     `details.candidates`) or `outside_ephemeris_range`. `field` names the field \
                     path; the message starts with it and states the rule.",
                ),
            ),
            (
                "413",
                error_response("The request body is larger than 64 KiB."),
            ),
            (
                "415",
                error_response("A `Content-Type` that is not `application/json`."),
            ),
        ]));
        all
    }
}

/// The security scheme, and the headers and parameters that follow from what an operation
/// declares (see the module documentation).
#[derive(Debug)]
struct HttpConventions;

impl Modify for HttpConventions {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        openapi.info.version = crate::app::API_VERSION.to_owned();
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            API_KEY_SCHEME,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-API-Key",
                "The API key; `GET /v1/me` tells whose it is.",
            ))),
        );
        let mut bearer = Http::new(HttpAuthScheme::Bearer);
        bearer.description = Some(
            "The same API key as `Authorization: Bearer <key>`. Either header will do; if both \
             are sent they must carry the same key."
                .to_owned(),
        );
        components.add_security_scheme(BEARER_SCHEME, SecurityScheme::Http(bearer));
        for item in openapi.paths.paths.values_mut() {
            for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
                accept_bearer_too(operation);
            }
        }
        for item in openapi.paths.paths.values_mut() {
            if let Some(get) = item.get.as_mut() {
                // A GET has no body that could be too large or of the wrong type.
                get.responses
                    .responses
                    .retain(|status, _| status != "413" && status != "415");
            }
            for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
                add_conventions(operation);
            }
        }
    }
}

/// An operation that asks for the `X-API-Key` header takes the bearer token instead (either one).
fn accept_bearer_too(operation: &mut Operation) {
    let Some(security) = operation.security.as_mut() else {
        return;
    };
    let wants_key = serde_json::to_value(&*security)
        .is_ok_and(|value| value.to_string().contains(&format!("\"{API_KEY_SCHEME}\"")));
    if wants_key {
        security.push(SecurityRequirement::new(
            BEARER_SCHEME,
            Vec::<String>::new(),
        ));
    }
}

/// The operations whose answers carry `provenance` (`AppState::calculate_json`): those of
/// these tags. The atlas and the catalogues compute nothing from an ephemeris.
const CALCULATION_TAGS: [&str; 3] = ["Calculation", "Partnership", "Cartography"];

/// Adds `provenance` to the 200 answer of every calculation: beside the answer's own fields
/// in JSON, in the `Orrery-Provenance` header of a picture.
struct ProvenanceInAnswers;

impl Modify for ProvenanceInAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let mut answers = BTreeSet::new();
        for item in openapi.paths.paths.values_mut() {
            for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
                let calculates = operation.tags.as_ref().is_some_and(|tags| {
                    tags.iter()
                        .any(|tag| CALCULATION_TAGS.contains(&tag.as_str()))
                });
                let Some(RefOr::T(ok)) = operation.responses.responses.get_mut("200") else {
                    continue;
                };
                if !calculates {
                    continue;
                }
                let mut picture = false;
                for (content_type, content) in &mut ok.content {
                    if content_type == "application/json" {
                        match content.schema.take() {
                            Some(RefOr::Ref(reference)) => {
                                answers.insert(schema_name(&reference).to_owned());
                                content.schema = Some(RefOr::Ref(reference));
                            }
                            Some(RefOr::T(mut inline)) => {
                                add_provenance(&mut inline);
                                content.schema = Some(RefOr::T(inline));
                            }
                            None => {}
                        }
                    } else if content_type.starts_with("image/") {
                        picture = true;
                    }
                }
                if picture {
                    ok.headers.insert(
                        "Orrery-Provenance".to_owned(),
                        header(
                            string(),
                            "The picture's provenance (schema `Provenance`) as compact JSON.",
                        ),
                    );
                }
            }
        }
        // The answers' own schemas gain the property, so that clients generated from the
        // document keep their model names (`RadixResponse`). A union gains it in each shape.
        let schemas = &mut openapi
            .components
            .get_or_insert_with(Default::default)
            .schemas;
        let mut pending: Vec<String> = answers.into_iter().collect();
        let mut done = BTreeSet::new();
        while let Some(name) = pending.pop() {
            if !done.insert(name.clone()) {
                continue;
            }
            let Some(RefOr::T(schema)) = schemas.get_mut(&name) else {
                continue;
            };
            if let Schema::OneOf(shapes) = schema {
                for shape in &shapes.items {
                    if let RefOr::Ref(reference) = shape {
                        pending.push(schema_name(reference).to_owned());
                    }
                }
            } else {
                add_provenance(schema);
            }
        }
    }
}

fn schema_name(reference: &Ref) -> &str {
    reference
        .ref_location
        .strip_prefix("#/components/schemas/")
        .unwrap_or(&reference.ref_location)
}

/// Adds the required `provenance` property to an answer's schema: to an object directly, to an
/// `allOf` (an answer with flattened parts) as one more part.
fn add_provenance(schema: &mut Schema) {
    match schema {
        Schema::Object(object) => {
            object.properties.insert(
                "provenance".to_owned(),
                Ref::from_schema_name("Provenance").into(),
            );
            object.required.push("provenance".to_owned());
        }
        Schema::AllOf(parts) => parts.items.push(
            ObjectBuilder::new()
                .property("provenance", Ref::from_schema_name("Provenance"))
                .required("provenance")
                .into(),
        ),
        other => {
            let answer = std::mem::take(other);
            *other = AllOfBuilder::new()
                .item(answer)
                .item(
                    ObjectBuilder::new()
                        .property("provenance", Ref::from_schema_name("Provenance"))
                        .required("provenance"),
                )
                .into();
        }
    }
}

fn add_conventions(operation: &mut Operation) {
    let authenticated = operation
        .security
        .as_ref()
        .is_some_and(|requirements| !requirements.is_empty());
    let cached = operation.responses.responses.contains_key("304");
    let answers_json = matches!(
        operation.responses.responses.get("200"),
        Some(RefOr::T(ok)) if ok.content.contains_key("application/json")
    );
    if cached && answers_json {
        // Every calculation endpoint's layer reads it (`fields::trim_to_fields`).
        operation.parameters.get_or_insert_with(Vec::new).push(
            ParameterBuilder::new()
                .name(crate::fields::PARAMETER)
                .parameter_in(ParameterIn::Query)
                .required(Required::False)
                .description(Some(crate::fields::DESCRIPTION))
                // No `examples`: a fuzzer sends those as they are, and a trimmed answer is not
                // the one the response schema describes (the description says so and gives one).
                .schema(Some(string()))
                .build(),
        );
        // A name the answer does not have is a 400 `unknown_name`, also where the endpoint
        // itself refuses nothing (the catalogues).
        operation
            .responses
            .responses
            .entry("400".to_owned())
            .or_insert_with(|| {
                RefOr::T(error_response(
                    "`fields` names a part the answer does not have (`unknown_name`).",
                ))
            });
    }
    if cached {
        operation.parameters.get_or_insert_with(Vec::new).push(
            ParameterBuilder::new()
                .name("If-None-Match")
                .parameter_in(ParameterIn::Header)
                .required(Required::False)
                .description(Some(
                    "An `ETag` from an earlier answer (a list, `W/` tags and `*` work): a \
                         match gets 304 without a calculation.",
                ))
                .schema(Some(string()))
                .build(),
        );
    }
    for (status, response) in &mut operation.responses.responses {
        let RefOr::T(response) = response else {
            continue;
        };
        let headers = &mut response.headers;
        headers.insert(
            "X-Request-Id".to_owned(),
            header(
                string(),
                "The request's id (the client's UUID if it sent one).",
            ),
        );
        // A 503 `overloaded` comes after the rate limit and carries its headers; a 503
        // `service_unavailable` may not (headers are described, not required).
        if authenticated && status != "401" {
            headers.insert(
                "X-RateLimit-Limit".to_owned(),
                header(integer(), "The plan's requests per hour."),
            );
            headers.insert(
                "X-RateLimit-Remaining".to_owned(),
                header(
                    integer(),
                    "Requests left in the sliding hour after this one.",
                ),
            );
            headers.insert(
                "X-RateLimit-Source".to_owned(),
                header(
                    string(),
                    "The store that decided: `memory` (one instance), `redis`, or `database` (while Redis cannot decide).",
                ),
            );
        }
        if status == "429" || status == "503" {
            headers.insert(
                "Retry-After".to_owned(),
                header(integer(), "Seconds until a request is admitted again."),
            );
        }
        if cached && (status == "200" || status == "304") {
            headers.insert(
                "ETag".to_owned(),
                header(
                    string(),
                    "A strong tag of the request and the data versions (absent when the answer used \"now\").",
                ),
            );
            headers.insert(
                "Cache-Control".to_owned(),
                header(
                    string(),
                    "`public, max-age=31536000, immutable`; `no-store` when the answer used \"now\".",
                ),
            );
        }
    }
}

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn integer() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::Integer)
}

fn header(schema: ObjectBuilder, description: &str) -> utoipa::openapi::header::Header {
    HeaderBuilder::new()
        .schema(schema)
        .description(Some(description))
        .build()
}

/// One playground example as `examples.json` gives it.
#[derive(Debug, serde::Deserialize)]
pub struct PlaygroundExample {
    pub method: String,
    /// The path with its query string, if any.
    pub path: String,
    #[serde(default)]
    pub body: Option<serde_json::Value>,
    /// Tells apart examples of one path (the chart wheel's kinds).
    #[serde(default)]
    pub variant: Option<String>,
}

impl PlaygroundExample {
    /// The key of its answer in [`EXAMPLE_ANSWERS`].
    #[must_use]
    pub fn key(&self) -> String {
        match &self.variant {
            Some(variant) => format!("{} {} ({variant})", self.method, self.path),
            None => format!("{} {}", self.method, self.path),
        }
    }
}

/// Whether a concrete path (`/v1/places/2778067`) is an instance of a documented path template
/// (`/v1/places/{place_id}`): a `{…}` segment stands for any one segment.
#[must_use]
pub fn path_template_matches(template: &str, path: &str) -> bool {
    let (mut t, mut p) = (template.split('/'), path.split('/'));
    loop {
        match (t.next(), p.next()) {
            (None, None) => return true,
            (Some(ts), Some(ps)) if ts == ps || (ts.starts_with('{') && ts.ends_with('}')) => {}
            _ => return false,
        }
    }
}

/// The documented path template that a concrete path is an instance of: itself when it is
/// documented as it is.
#[must_use]
pub fn documented_path<'a>(
    templates: impl IntoIterator<Item = &'a str>,
    path: &str,
) -> Option<&'a str> {
    let templates: Vec<&str> = templates.into_iter().collect();
    templates
        .iter()
        .find(|t| **t == path)
        .or_else(|| templates.iter().find(|t| path_template_matches(t, path)))
        .copied()
}

/// The playground's examples, in their order.
#[must_use]
pub fn playground_examples() -> Vec<PlaygroundExample> {
    serde_json::from_str(PLAYGROUND_EXAMPLES).unwrap_or_default()
}

/// Gives each operation the request of its playground example (the body, or the query
/// parameters' values), the live answer to it as the 200's example, and code samples sending
/// it (curl, Python, JavaScript) after its description: one source, the playground's list, for
/// the document, the playground and the tests.
#[derive(Debug)]
struct PlaygroundExamples;

impl Modify for PlaygroundExamples {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let answers: BTreeMap<String, serde_json::Value> =
            serde_json::from_str(EXAMPLE_ANSWERS).unwrap_or_default();
        let mut sampled = BTreeSet::new();
        for example in playground_examples() {
            let (path, query) = example
                .path
                .split_once('?')
                .unwrap_or((example.path.as_str(), ""));
            let Some(template) =
                documented_path(openapi.paths.paths.keys().map(String::as_str), path)
                    .map(str::to_owned)
            else {
                continue;
            };
            let Some(item) = openapi.paths.paths.get_mut(&template) else {
                continue;
            };
            let operation = match example.method.as_str() {
                "GET" => item.get.as_mut(),
                "POST" => item.post.as_mut(),
                _ => None,
            };
            let Some(operation) = operation else {
                continue;
            };
            if sampled.insert((example.method.clone(), template.clone())) {
                add_code_samples(operation, &example);
            }
            let Some(RefOr::T(ok)) = operation.responses.responses.get_mut("200") else {
                continue;
            };
            let Some(content) = ok.content.get_mut("application/json") else {
                continue;
            };
            if content.example.is_some() {
                continue;
            }
            content.example = answers.get(&example.key()).cloned();
            if let (Some(body), Some(request)) = (&example.body, operation.request_body.as_mut())
                && let Some(content) = request.content.get_mut("application/json")
            {
                content.example = Some(body.clone());
            }
            for (name, value) in form_urlencoded::parse(query.as_bytes()) {
                let parameter = operation
                    .parameters
                    .iter_mut()
                    .flatten()
                    .find(|p| p.name == name && p.parameter_in == ParameterIn::Query);
                if let Some(parameter) = parameter {
                    // On the parameter, not its schema: the schema may be a shared `$ref`.
                    *parameter = ParameterBuilder::from(parameter.clone())
                        .example(Some(serde_json::Value::String(value.into_owned())))
                        .build();
                }
            }
        }
    }
}

/// Appends the code samples of an operation's example to its description.
fn add_code_samples(operation: &mut Operation, example: &PlaygroundExample) {
    let picture = match operation.responses.responses.get("200") {
        Some(RefOr::T(ok)) => ok.content.keys().find_map(|content_type| {
            content_type
                .strip_prefix("image/")
                .map(|kind| kind.split('+').next().unwrap_or(kind).to_owned())
        }),
        _ => None,
    };
    let samples = code_samples::markdown(&code_samples::SampleRequest {
        method: &example.method,
        path: &example.path,
        body: example.body.as_ref(),
        authenticated: operation
            .security
            .as_ref()
            .is_some_and(|requirements| !requirements.is_empty()),
        picture: picture.as_deref(),
    });
    operation.description = Some(match operation.description.take() {
        Some(text) if !text.is_empty() => format!("{text}\n\n{samples}"),
        _ => samples,
    });
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    use super::*;

    fn document() -> Value {
        serde_json::from_str(&DOCUMENT).expect("the document is JSON")
    }

    /// `(METHOD, path)` of every `.route("path", method(...))` in `app.rs`, and of every
    /// endpoint of `routes::calculation_api` (whose route and operation are one declaration).
    fn routed() -> BTreeSet<(String, String)> {
        let calculation = routes::calculation_api().split_for_parts().1;
        let mut routes = documented(&serde_json::to_value(calculation).unwrap());
        for source in [include_str!("app.rs")] {
            for call in source.split(".route(").skip(1) {
                let mut parts = call.splitn(3, '"');
                let (_, path, rest) = (parts.next(), parts.next(), parts.next());
                let (Some(path), Some(rest)) = (path, rest) else {
                    continue;
                };
                let method = rest.trim_start_matches([',', ' ', '\n']);
                let method = &method[..method.find('(').unwrap_or(0)];
                routes.insert((method.to_uppercase(), path.to_owned()));
            }
        }
        routes
    }

    fn documented(document: &Value) -> BTreeSet<(String, String)> {
        let mut operations = BTreeSet::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                operations.insert((method.to_uppercase(), path.clone()));
            }
        }
        operations
    }

    /// The whole document under a snapshot, so that any change to the contract (a schema, a
    /// bound, an enum, an operation) shows up in review. The examples are left out: the test
    /// `every_example_answer_is_the_live_answer` checks them against the service.
    #[test]
    fn the_document_snapshot() {
        // Keys sorted, as the snapshot was written before serde_json kept their order (the
        // served document keeps its own).
        insta::with_settings!({sort_maps => true}, {
            insta::assert_json_snapshot!(document(), {
                ".info.version" => "[version]",
                ".paths.*.*.responses.*.content.*.example" => "[playground answer]",
                ".paths.*.*.requestBody.content.*.example" => "[playground request]",
                ".paths.*.*.parameters[].example" => "[playground query]",
            });
        });
    }

    /// Generated clients name their classes after the schemas, so a Rust-side suffix would
    /// become a client's class name (`.ci/openapi-check` checks the same on the live document;
    /// this catches it at `cargo test`).
    #[test]
    fn no_schema_is_named_after_a_rust_suffix() {
        let document = document();
        let suffixed: Vec<&String> = document["components"]["schemas"]
            .as_object()
            .unwrap()
            .keys()
            .filter(|name| name.ends_with("Dto"))
            .collect();
        assert!(
            suffixed.is_empty(),
            "give these a #[schema(as = …)] name: {suffixed:?}"
        );
    }

    #[test]
    fn the_document_is_openapi_3_1_and_lists_exactly_the_routes_served() {
        let document = document();
        assert_eq!(document["openapi"], "3.1.0");
        assert_eq!(document["info"]["title"], "Orrery");
        assert_eq!(document["info"]["version"], crate::app::API_VERSION);
        assert_eq!(
            document["info"]["license"]["identifier"],
            "AGPL-3.0-or-later"
        );
        assert_eq!(
            document["servers"],
            serde_json::json!([{"url": "/", "description": "The service that serves this document"}])
        );
        let routed = routed();
        assert!(routed.len() > 30, "{routed:?}");
        assert_eq!(documented(&document), routed);
    }

    #[test]
    fn every_post_calculation_declares_the_error_object_and_the_key() {
        let document = document();
        let error_object = serde_json::json!({"$ref": "#/components/schemas/ErrorObject"});
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let authenticated = operation["security"]
                    == serde_json::json!([{API_KEY_SCHEME: []}, {BEARER_SCHEME: []}]);
                if method == "post" || operation["responses"].get("304").is_some() {
                    assert!(authenticated, "{method} {path}");
                    assert!(operation["responses"]["304"].is_object(), "{method} {path}");
                }
                if method == "post" {
                    let bad_request = &operation["responses"]["400"];
                    assert_eq!(
                        bad_request["content"]["application/json"]["schema"], error_object,
                        "{path}"
                    );
                    assert!(operation["requestBody"]["content"]["application/json"].is_object());
                }
                if authenticated {
                    for status in ["401", "429", "500"] {
                        assert_eq!(
                            operation["responses"][status]["content"]["application/json"]["schema"],
                            error_object,
                            "{method} {path} {status}"
                        );
                    }
                    assert!(
                        operation["responses"]["200"]["headers"]["X-RateLimit-Remaining"]
                            .is_object()
                    );
                    assert!(operation["responses"]["429"]["headers"]["Retry-After"].is_object());
                }
                assert!(operation["responses"]["200"].is_object(), "{method} {path}");
            }
        }
        assert_eq!(
            document["components"]["securitySchemes"][API_KEY_SCHEME],
            serde_json::json!({"type": "apiKey", "in": "header", "name": "X-API-Key", "description": "The API key; `GET /v1/me` tells whose it is."})
        );
        assert_eq!(
            document["components"]["securitySchemes"][BEARER_SCHEME]["scheme"],
            "bearer"
        );
    }

    #[test]
    fn public_routes_need_no_key() {
        let document = document();
        for path in [
            "/v1/health",
            "/v1/health/live",
            "/v1/openapi.json",
            "/playground",
        ] {
            assert!(
                document["paths"][path]["get"].get("security").is_none(),
                "{path}"
            );
        }
    }
}
