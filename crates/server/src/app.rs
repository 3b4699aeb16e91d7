//! The application state and `app(state) -> Router`, used by `main` and by the tests alike.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderName, HeaderValue, Method};
use axum::middleware::{Next, from_fn_with_state, map_response};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use orrery_api::endpoint::Endpoint;
use orrery_api::provenance::{ProvenanceDto, ProvenanceInputs, provenance};
use orrery_ephem::Ephemeris;
use orrery_limiter::RateLimiter;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::cors::{Any, CorsLayer};
use tower_http::limit::RequestBodyLimitLayer;

use crate::auth::{KeyCache, KeyStore, authenticate};
use crate::caching::{CacheVersions, cache_deterministic};
use crate::client_address::TrustedProxies;
use crate::compute::{Compute, admit};
use crate::edge::edge;
use crate::error::ApiError;
use crate::json::BODY_LIMIT_BYTES;
use crate::metrics::Metrics;
use crate::openapi::openapi_json;
use crate::routes;
use crate::settings::AuthSettings;
use crate::throttle::FailureThrottle;

/// The version of the HTTP interface, in one place: sent as `Orrery-Version` on every answer,
/// and the OpenAPI document's `info.version`. CHANGELOG.md's top entry names it (a test checks);
/// CHANGELOG.md says what may change within a major version and how a breaking change is announced.
pub const API_VERSION: &str = "1.0.0";

/// The answer header that carries [`API_VERSION`].
pub const VERSION_HEADER: &str = "orrery-version";

/// Bump whenever a change alters any calculated result (a fix, a new convention): every ETag
/// changes with it, so clients and caches drop answers marked immutable.
pub const RESULTS_VERSION: u32 = 2;

fn orrery_civil_version() -> String {
    orrery_api::tz_data_version().to_owned()
}

/// Where "now" comes from, so that tests can fix it.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> jiff::Timestamp;
}

/// The system's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> jiff::Timestamp {
        jiff::Timestamp::now()
    }
}

/// Everything a request may need, cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    key_store: Arc<dyn KeyStore>,
    limiter: Arc<dyn RateLimiter>,
    key_cache: KeyCache,
    failed_auth: FailureThrottle,
    trusted_proxies: TrustedProxies,
    metrics: Metrics,
    compute: Compute,
    ephemeris: Ephemeris,
    clock: Arc<dyn Clock>,
    cache_versions: CacheVersions,
    request_timeout: Duration,
    /// `GET /playground`, rendered once with the demo key.
    playground_page: String,
    /// `GET /docs`, rendered once with the demo key.
    docs_page: String,
}

/// The parts the state is built from; each comes in explicitly.
#[derive(Debug)]
pub struct AppParts {
    pub key_store: Arc<dyn KeyStore>,
    pub limiter: Arc<dyn RateLimiter>,
    pub compute: Compute,
    pub ephemeris: Ephemeris,
    pub clock: Arc<dyn Clock>,
    pub request_timeout: Duration,
    /// The key the playground page uses.
    pub demo_key: String,
    /// The failed-authentication throttle, trusted proxies and the keys' outage grace period.
    pub auth: AuthSettings,
}

impl AppState {
    pub fn new(parts: AppParts) -> Self {
        Self(Arc::new(Inner {
            key_store: parts.key_store,
            limiter: parts.limiter,
            key_cache: KeyCache::new(parts.auth.key_grace),
            failed_auth: FailureThrottle::new(
                parts.auth.failures_per_sec,
                parts.auth.failure_burst,
            ),
            trusted_proxies: parts.auth.trusted_proxies,
            metrics: Metrics::new(),
            compute: parts.compute,
            cache_versions: CacheVersions {
                service: format!("{}+results.{RESULTS_VERSION}", env!("CARGO_PKG_VERSION")),
                tz_data: orrery_civil_version(),
                atlas_data: format!(
                    "{} {}",
                    orrery_api::gazetteer_version(),
                    orrery_api::boundaries_version()
                ),
                ephemeris_data: parts.ephemeris.data_version().to_owned(),
            },
            ephemeris: parts.ephemeris,
            clock: parts.clock,
            request_timeout: parts.request_timeout,
            playground_page: routes::playground::render(&parts.demo_key),
            docs_page: routes::docs::render(&parts.demo_key),
        }))
    }

    pub(crate) fn key_store(&self) -> &dyn KeyStore {
        self.0.key_store.as_ref()
    }

    pub(crate) fn limiter(&self) -> &dyn RateLimiter {
        self.0.limiter.as_ref()
    }

    /// Writes the limiter's pending counts and leaves its shared state (on shutdown).
    pub async fn limiter_shutdown(&self) {
        self.0.limiter.shutdown().await;
    }

    pub(crate) fn key_cache(&self) -> &KeyCache {
        &self.0.key_cache
    }

    pub(crate) fn failed_auth(&self) -> &FailureThrottle {
        &self.0.failed_auth
    }

    pub(crate) fn trusted_proxies(&self) -> &TrustedProxies {
        &self.0.trusted_proxies
    }

    pub(crate) fn metrics(&self) -> &Metrics {
        &self.0.metrics
    }

    pub fn compute(&self) -> &Compute {
        &self.0.compute
    }

    pub fn now(&self) -> jiff::Timestamp {
        self.0.clock.now()
    }

    pub fn ephemeris(&self) -> &Ephemeris {
        &self.0.ephemeris
    }

    /// Runs a calculation on the compute pool with the ephemeris handle.
    ///
    /// # Errors
    /// The calculation's own error, or a 500 if it panicked.
    pub async fn calculate<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Ephemeris) -> Result<T, ApiError> + Send + 'static,
    {
        self.calculate_on(RunOn::Lane, job).await
    }

    async fn calculate_on<T, F>(&self, run_on: RunOn, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Ephemeris) -> Result<T, ApiError> + Send + 'static,
    {
        let ephemeris = self.0.ephemeris.clone();
        match run_on {
            RunOn::Lane => {
                // A request that cannot start within half its time limit is refused as
                // overloaded (503), so that waiting never ends in a 504.
                let start_within = self.0.request_timeout / 2;
                self.0
                    .compute
                    .run(start_within, move || job(&ephemeris))
                    .await
            }
            RunOn::Here => self.0.compute.run_here(move || job(&ephemeris)),
        }
    }

    /// Runs a calculation on the compute pool and writes its JSON there too (a long series or
    /// window is megabytes, which should not be serialised on an async thread), with the
    /// answer's `provenance` beside its fields: what the request's `inputs` resolved to and
    /// which ephemerides the calculation's library calls used (`docs/PROVENANCE.md`).
    /// `used_now` marks an answer that depended on the current time: it is then not cacheable.
    ///
    /// # Errors
    /// The calculation's own error, or a 500 if it panicked or could not be serialised.
    pub async fn calculate_json<I, T, F>(
        &self,
        input: I,
        used_now: bool,
        job: F,
    ) -> Result<Response, ApiError>
    where
        I: ProvenanceInputs + Send + 'static,
        T: serde::Serialize,
        F: FnOnce(&Ephemeris, &I) -> Result<T, ApiError> + Send + 'static,
    {
        debug_assert_declared::<I>();
        self.calculate_json_on(RunOn::Lane, used_now, move |eph| {
            let instants = input.input_instants();
            let preset = input.preset_name();
            let (answer, used) = orrery_ephem::track_sources(|| job(eph, &input));
            let provenance = provenance(eph, SERVICE_VERSION, instants, preset, used)?;
            Ok(WithProvenance {
                answer: answer?,
                provenance,
            })
        })
        .await
    }

    /// A calculation that draws a picture: as [`AppState::calculate_json`], with the
    /// provenance as compact JSON in the `Orrery-Provenance` header, since a picture has no
    /// field to carry it.
    ///
    /// # Errors
    /// As [`AppState::calculate_body`].
    pub async fn calculate_picture<I, F>(
        &self,
        input: I,
        used_now: bool,
        job: F,
    ) -> Result<Response, ApiError>
    where
        I: ProvenanceInputs + Send + 'static,
        F: FnOnce(&Ephemeris, &I) -> Result<AnswerBody, ApiError> + Send + 'static,
    {
        debug_assert_declared::<I>();
        self.calculate_body(used_now, move |eph| {
            let instants = input.input_instants();
            let preset = input.preset_name();
            let (answer, used) = orrery_ephem::track_sources(|| job(eph, &input));
            let provenance = provenance(eph, SERVICE_VERSION, instants, preset, used)?;
            let header = serde_json::to_string(&provenance).map_err(ApiError::internal)?;
            Ok(AnswerBody {
                provenance_header: Some(header),
                ..answer?
            })
        })
        .await
    }

    /// As [`AppState::calculate_json`] without provenance, for the atlas lookups (places, time
    /// zones): they compute nothing from an ephemeris, and carry their data versions in their
    /// own fields.
    ///
    /// # Errors
    /// As [`AppState::calculate_json`].
    pub async fn lookup_json<T, F>(&self, used_now: bool, job: F) -> Result<Response, ApiError>
    where
        T: serde::Serialize,
        F: FnOnce(&Ephemeris) -> Result<T, ApiError> + Send + 'static,
    {
        self.calculate_json_on(RunOn::Lane, used_now, job).await
    }

    /// As [`AppState::calculate_json`], on the threads `run_on` says.
    ///
    /// # Errors
    /// As [`AppState::calculate_json`].
    pub async fn calculate_json_on<T, F>(
        &self,
        run_on: RunOn,
        used_now: bool,
        job: F,
    ) -> Result<Response, ApiError>
    where
        T: serde::Serialize,
        F: FnOnce(&Ephemeris) -> Result<T, ApiError> + Send + 'static,
    {
        let limit_secs = self.0.request_timeout.as_secs();
        self.calculate_body_on(run_on, used_now, move |eph| {
            let answer = job(eph)?;
            // A request dropped while it computed needs no JSON (megabytes, for a series),
            // neither before the writing starts nor while it goes on.
            let mut body = CancellableBody::with_capacity(CancellableBody::INITIAL_CAPACITY);
            match serde_json::to_writer(&mut body, &answer) {
                Ok(()) => Ok(AnswerBody {
                    bytes: body.bytes,
                    content_type: "application/json",
                    compressible: true,
                    provenance_header: None,
                }),
                Err(_) if orrery_ephem::check_cancelled().is_err() => {
                    Err(ApiError::timeout(limit_secs))
                }
                Err(error) => Err(ApiError::internal(error)),
            }
        })
        .await
    }

    /// Runs a calculation that writes its own answer (JSON, or a picture) on the compute pool,
    /// and compresses it there too when it is `compressible`, long enough and the client accepts
    /// a coding (`encoding.rs`). `used_now` as for [`AppState::calculate_json`].
    ///
    /// # Errors
    /// The calculation's own error, a 504 once cancelled, or a 500 if it panicked.
    pub async fn calculate_body<F>(&self, used_now: bool, job: F) -> Result<Response, ApiError>
    where
        F: FnOnce(&Ephemeris) -> Result<AnswerBody, ApiError> + Send + 'static,
    {
        self.calculate_body_on(RunOn::Lane, used_now, job).await
    }

    async fn calculate_body_on<F>(
        &self,
        run_on: RunOn,
        used_now: bool,
        job: F,
    ) -> Result<Response, ApiError>
    where
        F: FnOnce(&Ephemeris) -> Result<AnswerBody, ApiError> + Send + 'static,
    {
        let limit_secs = self.0.request_timeout.as_secs();
        let coding = crate::encoding::RESPONSE_CODING
            .try_with(|coding| *coding)
            .ok()
            .flatten();
        let (answer, coding) = self
            .calculate_on(run_on, move |eph| {
                let answer = job(eph)?;
                crate::compute::note_answer_bytes(answer.bytes.len());
                match coding {
                    Some(coding)
                        if answer.compressible
                            && answer.bytes.len() >= crate::encoding::MIN_COMPRESSED_BYTES =>
                    {
                        match crate::encoding::compress(coding, &answer.bytes) {
                            Ok(bytes) => Ok((AnswerBody { bytes, ..answer }, Some(coding))),
                            Err(_) if orrery_ephem::check_cancelled().is_err() => {
                                Err(ApiError::timeout(limit_secs))
                            }
                            Err(error) => Err(ApiError::internal(error)),
                        }
                    }
                    _ => Ok((answer, None)),
                }
            })
            .await?;
        let mut response = (
            [(
                axum::http::header::CONTENT_TYPE,
                axum::http::HeaderValue::from_static(answer.content_type),
            )],
            answer.bytes,
        )
            .into_response();
        if let Some(coding) = coding {
            response.headers_mut().insert(
                axum::http::header::CONTENT_ENCODING,
                axum::http::HeaderValue::from_static(coding.token()),
            );
        }
        if let Some(provenance) = answer.provenance_header {
            // Compact JSON of ASCII names, numbers and dates: always a valid header value.
            if let Ok(value) = axum::http::HeaderValue::from_str(&provenance) {
                response.headers_mut().insert(PROVENANCE_HEADER, value);
            }
        }
        if used_now {
            response.extensions_mut().insert(crate::caching::UsedNow);
        }
        Ok(response)
    }

    pub(crate) fn playground_page(&self) -> &str {
        &self.0.playground_page
    }

    pub(crate) fn docs_page(&self) -> &str {
        &self.0.docs_page
    }

    pub(crate) fn cache_versions(&self) -> &CacheVersions {
        &self.0.cache_versions
    }
}

/// The whole HTTP interface.
pub fn app(state: AppState) -> Router {
    let public = Router::new()
        .route("/v1/health", get(routes::health::health))
        .route("/v1/openapi.json", get(openapi_json))
        .route("/v1/health/live", get(routes::health::live))
        .merge(routes::playground::router())
        .merge(routes::docs::router())
        .route("/playground", get(routes::playground::playground));

    let (mut deterministic, costs) = routes::calculation_endpoints().into_parts();
    // axum refuses a route layer on a router without routes.
    if deterministic.has_routes() {
        // `fields` inside the cache layer: the tag is made from the request, `fields` and all.
        deterministic = deterministic
            .route_layer(axum::middleware::from_fn(crate::fields::trim_to_fields))
            .route_layer(from_fn_with_state(state.clone(), cache_deterministic));
    }

    let costs = routes::with_account_routes(costs);
    let authenticated = Router::new()
        .route("/v1/me", get(routes::me::me))
        .merge(deterministic)
        .route_layer(from_fn_with_state((state.clone(), Arc::new(costs)), admit))
        .route_layer(from_fn_with_state(state.clone(), authenticate));

    let routes = Router::new()
        .merge(public)
        .merge(authenticated)
        .fallback(not_found);
    // `/mcp` sends each tool call through the REST stack as it stands here, layers and all, so
    // that a tool's answer is the REST answer (crate::mcp).
    let rest = with_layers(routes.clone(), &state);
    let mcp = Router::new()
        .route_service(crate::mcp::PATH, crate::mcp::service(rest))
        .route_layer(from_fn_with_state(state.clone(), authenticate));
    with_layers(routes.merge(mcp), &state)
}

/// The layers around every route, outermost last (docs/ARCHITECTURE.md, "The path of a request").
fn with_layers(routes: Router<AppState>, state: &AppState) -> Router {
    routes
        .layer(from_fn_with_state(state.clone(), limit_time))
        .layer(DefaultBodyLimit::max(BODY_LIMIT_BYTES))
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT_BYTES))
        .layer(CatchPanicLayer::new())
        .layer(cors())
        .layer(from_fn_with_state(state.clone(), edge))
        .layer(map_response(add_version))
        .with_state(state.clone())
}

/// `Orrery-Version` on every answer: errors, 404s, health and docs included.
async fn add_version(mut response: Response) -> Response {
    response.headers_mut().insert(
        HeaderName::from_static(VERSION_HEADER),
        HeaderValue::from_static(API_VERSION),
    );
    response
}

/// Browsers may call the API from any origin (keys, not cookies, authenticate), and may read the
/// headers that matter to a client.
fn cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::POST, Method::OPTIONS])
        .allow_headers([
            HeaderName::from_static("x-api-key"),
            HeaderName::from_static("authorization"),
            HeaderName::from_static("content-type"),
            HeaderName::from_static("if-none-match"),
            HeaderName::from_static("x-request-id"),
            HeaderName::from_static(PROVENANCE_HEADER),
            HeaderName::from_static("mcp-protocol-version"),
        ])
        .expose_headers([
            HeaderName::from_static("etag"),
            HeaderName::from_static("x-ratelimit-limit"),
            HeaderName::from_static("x-ratelimit-remaining"),
            HeaderName::from_static("x-ratelimit-reset"),
            HeaderName::from_static("x-ratelimit-source"),
            HeaderName::from_static("retry-after"),
            HeaderName::from_static("x-request-id"),
            HeaderName::from_static(VERSION_HEADER),
        ])
}

async fn not_found(request: Request) -> ApiError {
    ApiError::not_found(format!("no endpoint at {}", request.uri().path()))
}

async fn limit_time(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let mut limit = state.0.request_timeout;
    // A tool call's own request (crate::mcp) has the time limit; `/mcp` gets a moment more, so
    // that the call's 504 reaches the assistant as a tool result it reads rather than as a
    // failed HTTP request.
    if request.uri().path() == crate::mcp::PATH {
        limit += crate::mcp::TIME_LIMIT_MARGIN;
    }
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::timeout(limit.as_secs()).into_response(),
    }
}

/// Checks, in debug builds (every test), that the request was admitted in the lane its input
/// type declares: a route registered with another endpoint's type would fail every test that
/// calls it (`routes::Endpoints`).
fn debug_assert_declared<I: Endpoint>() {
    if let Some(class) = crate::compute::admitted_class() {
        debug_assert_eq!(
            class,
            I::COST,
            "the route was registered with a type whose cost class differs from its input's ({})",
            std::any::type_name::<I>()
        );
    }
}

/// Where a calculation runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunOn {
    /// On the threads of the lane that admitted the request (`compute.rs`).
    Lane,
    /// On the async thread that holds the request, because the handler knows from the request
    /// that the work costs less than handing it over: a wake-up of a calculation thread and one
    /// of the async thread afterwards, about as much CPU as the work itself (docs/LOAD-SHEDDING.md).
    Here,
}

/// A JSON body being written on a compute thread that stops once the calculation is cancelled:
/// it checks the token every [`CancellableBody::CHECK_EVERY`] bytes (a check is an atomic load,
/// so this costs nothing next to the writing), because a window of decades is hundreds of
/// milliseconds of writing.
struct CancellableBody {
    bytes: Vec<u8>,
    next_check: usize,
}

impl CancellableBody {
    const CHECK_EVERY: usize = 64 * 1024;
    /// Most answers (a chart, planets) fit: no growing and copying while they are written.
    const INITIAL_CAPACITY: usize = 8 * 1024;

    fn with_capacity(capacity: usize) -> Self {
        Self {
            bytes: Vec::with_capacity(capacity),
            next_check: 0,
        }
    }
}

impl std::io::Write for CancellableBody {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    /// serde_json writes every token with `write_all`: the default one loops over `write` and
    /// its error cases, several times the cost of copying a few bytes.
    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if self.bytes.len() >= self.next_check {
            orrery_ephem::check_cancelled().map_err(std::io::Error::other)?;
            self.next_check = self.bytes.len() + Self::CHECK_EVERY;
        }
        self.bytes.extend_from_slice(buf);
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// An answer written on the compute pool: its bytes, its content type, and whether compressing
/// it pays (text does; a PNG is compressed already).
#[derive(Debug)]
pub struct AnswerBody {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub compressible: bool,
    /// A picture's provenance, for the `Orrery-Provenance` header ([`AppState::calculate_picture`]).
    pub provenance_header: Option<String>,
}

/// The `Orrery-Provenance` header of a picture: its provenance as compact JSON.
pub const PROVENANCE_HEADER: &str = "orrery-provenance";

/// The service's release, as `provenance.engine.version` reports it.
const SERVICE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// A JSON answer with its provenance beside its own fields.
#[derive(serde::Serialize)]
struct WithProvenance<T> {
    #[serde(flatten)]
    answer: T,
    provenance: ProvenanceDto,
}
