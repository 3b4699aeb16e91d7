//! API keys and rate limits: the layer in front of every endpoint that needs a key. The key comes
//! in `X-API-Key` or as `Authorization: Bearer <key>`, under the same rules.

use std::collections::{HashMap, HashSet};
use std::fmt::Debug;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use orrery_limiter::{Decision, Revocations, UnixSeconds};
use orrery_store::{ApiKeySecret, Database, KeyHash, KeyRecord, StoreError};

use crate::app::AppState;
use crate::client_address::{peer_address, throttle_key};
use crate::error::ApiError;
use crate::throttle::FailureVerdict;

static X_API_KEY: HeaderName = HeaderName::from_static("x-api-key");
static X_RATELIMIT_LIMIT: HeaderName = HeaderName::from_static("x-ratelimit-limit");
static X_RATELIMIT_REMAINING: HeaderName = HeaderName::from_static("x-ratelimit-remaining");
static X_RATELIMIT_SOURCE: HeaderName = HeaderName::from_static("x-ratelimit-source");
static X_RATELIMIT_RESET: HeaderName = HeaderName::from_static("x-ratelimit-reset");
/// The challenges of every 401, one `WWW-Authenticate` field each: an API key in the `X-API-Key`
/// header, or the same key as a bearer token (`Authorization: Bearer <key>`).
const API_KEY_CHALLENGE: HeaderValue = HeaderValue::from_static(r#"ApiKey header="X-API-Key""#);
const BEARER_CHALLENGE: HeaderValue = HeaderValue::from_static(r#"Bearer realm="orrery""#);
/// The endpoints that never use up the quota (they only read the window): a client checks its key
/// and plan with `/v1/me`; an MCP client's protocol messages go to `/mcp`, whose tool calls are
/// each counted once, as the REST request they are sent as (`crate::mcp`).
const QUOTA_FREE_PATHS: [&str; 2] = ["/v1/me", crate::mcp::PATH];

/// How long a key lookup is reused. A revoked key stops working within this time on every
/// instance whose database answers; in exchange most requests cost no database round trip.
pub const KEY_CACHE_TTL: Duration = Duration::from_secs(2);
/// A key lookup that takes longer counts as a database failure: the request gets its answer
/// (from the grace period, or a 503) well under a second, even from a frozen database.
pub const KEY_LOOKUP_DEADLINE: Duration = Duration::from_millis(400);
/// After a failed lookup, the database is left alone this long: requests meanwhile are answered
/// from the grace period or refused with 503 at once, instead of each waiting for the deadline.
const STORE_RETRY_PAUSE: Duration = Duration::from_secs(1);
/// `Retry-After` of a 503 for an unreachable store.
const UNAVAILABLE_RETRY_AFTER_SECS: u32 = 1;
/// Bounds the verified keys remembered (one entry per active key in use).
const VERIFIED_KEYS_MAX: usize = 100_000;
/// Bounds the remembered "no such key" answers against a flood of made-up keys; past it they
/// start over, which never touches the verified keys.
const UNKNOWN_KEYS_MAX: usize = 10_000;
/// Bounds the revoked key ids remembered from Redis (revocations are rare: operators make them).
const REVOKED_KEYS_MAX: usize = 1_000_000;

#[async_trait::async_trait]
pub trait KeyStore: Send + Sync + Debug {
    async fn find_active_key(&self, hash: &KeyHash) -> Result<Option<KeyRecord>, StoreError>;
    async fn ping(&self) -> Result<(), StoreError>;
    /// Whether the key was revoked according to a source besides the database (revocations pushed
    /// through Redis), asked before a key is answered from the grace period; `false` when unknown.
    async fn revoked_elsewhere(&self, _key_id: i64) -> bool {
        false
    }
}

#[async_trait::async_trait]
impl KeyStore for Database {
    async fn find_active_key(&self, hash: &KeyHash) -> Result<Option<KeyRecord>, StoreError> {
        Database::find_active_key(self, hash).await
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Database::ping(self).await
    }
}

/// The database, with the revocations pushed through Redis (`orrery keys revoke`), which it
/// consults while the database is unreachable.
#[derive(Debug)]
pub(crate) struct KeysWithRevocations {
    database: Database,
    revocations: Arc<Revocations>,
}

#[async_trait::async_trait]
impl KeyStore for KeysWithRevocations {
    async fn find_active_key(&self, hash: &KeyHash) -> Result<Option<KeyRecord>, StoreError> {
        self.database.find_active_key(hash).await
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.database.ping().await
    }

    async fn revoked_elsewhere(&self, key_id: i64) -> bool {
        self.revocations.is_revoked(key_id).await == Some(true)
    }
}

/// The key store of a service: the database, and the revocations in Redis when it has one.
pub(crate) fn key_store(
    database: Database,
    revocations: Option<Arc<Revocations>>,
) -> Arc<dyn KeyStore> {
    match revocations {
        Some(revocations) => Arc::new(KeysWithRevocations {
            database,
            revocations,
        }),
        None => Arc::new(database),
    }
}

/// Applies every revocation pushed through Redis to this instance's key cache, at once, for as
/// long as the service runs.
pub(crate) fn listen_for_revocations(state: &AppState, revocations: Arc<Revocations>) {
    let state = state.clone();
    tokio::spawn(async move {
        revocations
            .listen(|key_ids| state.key_cache().revoke(key_ids))
            .await;
    });
}

/// The authenticated caller, for handlers that need it (`/v1/me`).
#[derive(Debug, Clone)]
pub struct AuthenticatedClient(pub Arc<KeyRecord>);

/// Recent key lookups. A verified key is kept with the time it was last verified: while the
/// database is unreachable it keeps working for the grace period after that.
#[derive(Debug)]
pub(crate) struct KeyCache {
    grace: Duration,
    verified: Mutex<HashMap<KeyHash, (Instant, Arc<KeyRecord>)>>,
    unknown: Mutex<HashMap<KeyHash, Instant>>,
    /// Key ids revoked through Redis: refused whatever a lookup or the grace period says (a
    /// revocation is for good).
    revoked: Mutex<HashSet<i64>>,
    /// Until when lookups skip the database after a failure.
    store_paused_until: Mutex<Option<Instant>>,
    /// One turn per key whose lookup is under way: concurrent requests with the same key wait for
    /// that one lookup instead of each taking a database connection (a burst on a cold key, or on
    /// every instance at once after the TTL, is one query per instance, not one per request).
    lookups_in_flight: Mutex<HashMap<KeyHash, Arc<tokio::sync::Mutex<()>>>>,
}

/// What recent lookups say about a key.
enum Cached {
    /// Looked up within the TTL: the answer.
    Fresh(Result<Option<Arc<KeyRecord>>, KeyStoreUnavailable>),
    /// The store failed a moment ago and is left alone: the grace period answers.
    StorePaused,
    /// The store must be asked.
    Ask,
}

/// The key store did not answer in time and the key was not verified within the grace period.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyStoreUnavailable;

impl KeyCache {
    pub(crate) fn new(grace: Duration) -> Self {
        Self {
            grace,
            verified: Mutex::new(HashMap::new()),
            unknown: Mutex::new(HashMap::new()),
            revoked: Mutex::new(HashSet::new()),
            store_paused_until: Mutex::new(None),
            lookups_in_flight: Mutex::new(HashMap::new()),
        }
    }

    async fn lookup(
        &self,
        store: &dyn KeyStore,
        hash: KeyHash,
    ) -> Result<Option<Arc<KeyRecord>>, KeyStoreUnavailable> {
        match self.answer_without_the_store(&hash) {
            Cached::Fresh(answer) => return answer,
            Cached::StorePaused => return self.within_grace(store, &hash).await,
            Cached::Ask => {}
        }
        let turn = LookupTurn::take(self, &hash);
        let _turn = turn.turn.lock().await;
        // The lookup this request waited for has answered (or failed and paused the store).
        match self.answer_without_the_store(&hash) {
            Cached::Fresh(answer) => answer,
            Cached::StorePaused => self.within_grace(store, &hash).await,
            Cached::Ask => self.look_up_in_the_store(store, hash.clone()).await,
        }
    }

    /// The answer from recent lookups, or whether the store is paused after a failure (then the
    /// grace period answers).
    fn answer_without_the_store(&self, hash: &KeyHash) -> Cached {
        if let Some((verified, record)) = lock(&self.verified).get(hash)
            && verified.elapsed() < KEY_CACHE_TTL
        {
            return Cached::Fresh(Ok(self.unless_revoked(Arc::clone(record))));
        }
        if let Some(checked) = lock(&self.unknown).get(hash)
            && checked.elapsed() < KEY_CACHE_TTL
        {
            return Cached::Fresh(Ok(None));
        }
        if lock(&self.store_paused_until).is_some_and(|until| Instant::now() < until) {
            return Cached::StorePaused;
        }
        Cached::Ask
    }

    /// The record, unless its key was revoked through Redis or its rotation's changeover has
    /// ended since it was looked up (also while the database is unreachable).
    fn unless_revoked(&self, record: Arc<KeyRecord>) -> Option<Arc<KeyRecord>> {
        let expired = !record.valid_at(UnixSeconds::now().0);
        (!expired && !lock(&self.revoked).contains(&record.key_id)).then_some(record)
    }

    /// Forgets the keys with these ids at once, and refuses them from now on: a revocation pushed
    /// through Redis.
    pub(crate) fn revoke(&self, key_ids: &[i64]) {
        {
            let mut revoked = lock(&self.revoked);
            if revoked.len() + key_ids.len() > REVOKED_KEYS_MAX {
                revoked.clear();
            }
            revoked.extend(key_ids);
        }
        let now = Instant::now();
        let mut gone = Vec::new();
        lock(&self.verified).retain(|hash, (_, record)| {
            let keep = !key_ids.contains(&record.key_id);
            if !keep {
                gone.push(hash.clone());
            }
            keep
        });
        if !gone.is_empty() {
            tracing::info!(keys = gone.len(), "revoked keys forgotten");
            let mut unknown = lock(&self.unknown);
            for hash in gone {
                unknown.insert(hash, now);
            }
        }
    }

    async fn look_up_in_the_store(
        &self,
        store: &dyn KeyStore,
        hash: KeyHash,
    ) -> Result<Option<Arc<KeyRecord>>, KeyStoreUnavailable> {
        match tokio::time::timeout(KEY_LOOKUP_DEADLINE, store.find_active_key(&hash)).await {
            Ok(Ok(found)) => {
                *lock(&self.store_paused_until) = None;
                let found = found.and_then(|record| self.unless_revoked(Arc::new(record)));
                Ok(self.remember(hash, found))
            }
            Ok(Err(error)) => {
                tracing::warn!(%error, "key lookup failed; using keys verified within the grace period");
                self.pause_store();
                self.within_grace(store, &hash).await
            }
            Err(_) => {
                tracing::warn!(
                    deadline_ms = KEY_LOOKUP_DEADLINE.as_millis(),
                    "key lookup timed out; using keys verified within the grace period"
                );
                self.pause_store();
                self.within_grace(store, &hash).await
            }
        }
    }

    fn remember(&self, hash: KeyHash, found: Option<Arc<KeyRecord>>) -> Option<Arc<KeyRecord>> {
        let now = Instant::now();
        match &found {
            Some(record) => {
                lock(&self.unknown).remove(&hash);
                let mut verified = lock(&self.verified);
                if verified.len() >= VERIFIED_KEYS_MAX && !verified.contains_key(&hash) {
                    verified.retain(|_, (at, _)| at.elapsed() < self.grace.max(KEY_CACHE_TTL));
                    if verified.len() >= VERIFIED_KEYS_MAX {
                        verified.clear();
                    }
                }
                verified.insert(hash, (now, Arc::clone(record)));
            }
            None => {
                // Revoked (or never existed): forget any earlier verification at once.
                lock(&self.verified).remove(&hash);
                let mut unknown = lock(&self.unknown);
                if unknown.len() >= UNKNOWN_KEYS_MAX {
                    unknown.clear();
                }
                unknown.insert(hash, now);
            }
        }
        found
    }

    fn pause_store(&self) {
        *lock(&self.store_paused_until) = Some(Instant::now() + STORE_RETRY_PAUSE);
    }

    /// The answer while the store is unreachable: the key's last verification if it is recent
    /// enough and the key was not revoked meanwhile (as far as Redis knows), else unavailable. A
    /// key last seen unknown stays unknown for the same period.
    async fn within_grace(
        &self,
        store: &dyn KeyStore,
        hash: &KeyHash,
    ) -> Result<Option<Arc<KeyRecord>>, KeyStoreUnavailable> {
        let verified = lock(&self.verified)
            .get(hash)
            .filter(|(verified, _)| verified.elapsed() < self.grace)
            .map(|(_, record)| Arc::clone(record));
        if let Some(record) = verified {
            if self.unless_revoked(Arc::clone(&record)).is_none()
                || store.revoked_elsewhere(record.key_id).await
            {
                self.revoke(&[record.key_id]);
                return Ok(None);
            }
            return Ok(Some(record));
        }
        if let Some(checked) = lock(&self.unknown).get(hash)
            && checked.elapsed() < self.grace
        {
            return Ok(None);
        }
        Err(KeyStoreUnavailable)
    }
}

/// A request's place in the queue for one key's lookup. Dropped, also when the request is
/// cancelled, it forgets the key once nobody else waits, so the map holds only keys in flight.
struct LookupTurn<'cache> {
    cache: &'cache KeyCache,
    hash: KeyHash,
    turn: Arc<tokio::sync::Mutex<()>>,
}

impl<'cache> LookupTurn<'cache> {
    fn take(cache: &'cache KeyCache, hash: &KeyHash) -> Self {
        let turn = Arc::clone(
            lock(&cache.lookups_in_flight)
                .entry(hash.clone())
                .or_default(),
        );
        Self {
            cache,
            hash: hash.clone(),
            turn,
        }
    }
}

impl Drop for LookupTurn<'_> {
    fn drop(&mut self) {
        let mut in_flight = lock(&self.cache.lookups_in_flight);
        // Only the map and this request hold the turn: nobody waits for it any more.
        if Arc::strong_count(&self.turn) == 2 {
            in_flight.remove(&self.hash);
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // The maps hold plain values; a panic elsewhere cannot leave them half-written.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

pub(crate) async fn authenticate(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let record = match identify(&state, request.headers()).await {
        Ok(record) => record,
        Err(Refusal::Unauthenticated(error)) => {
            return refuse_unauthenticated(&state, &request, error);
        }
        Err(Refusal::Unavailable) => {
            return unavailable("the key store is unreachable; retry shortly");
        }
    };
    tracing::Span::current().record("client_id", record.client_id);

    let (key_id, limit) = (record.key_id, record.plan.requests_per_hour);
    let counted_at = UnixSeconds::now();
    // `GET /v1/me` and `/mcp` only read the window; every other request is counted before it runs.
    let quota_free = QUOTA_FREE_PATHS.contains(&request.uri().path());
    let decided = if quota_free {
        state.limiter().peek(key_id, limit, counted_at).await
    } else {
        state.limiter().hit(key_id, limit, counted_at).await
    };
    let mut decision = match decided {
        Ok(decision) => decision,
        Err(error) => {
            tracing::error!(%error, "no rate-limit backend answered");
            return unavailable("the rate-limit store is unreachable; retry shortly");
        }
    };
    let mut response = if decision.admitted {
        request.extensions_mut().insert(AuthenticatedClient(record));
        let response = next.run(request).await;
        // A 304 costs the client nothing: the request it was counted as is given back now
        // that it has answered (it held its place in the window while it ran, so concurrent
        // requests never get past the limit through it).
        if response.status() == StatusCode::NOT_MODIFIED && !quota_free {
            match state
                .limiter()
                .refund(key_id, limit, counted_at, UnixSeconds::now())
                .await
            {
                Ok(after) => decision = after,
                Err(error) => tracing::warn!(%error, "a 304 could not be given back"),
            }
        }
        response
    } else {
        state
            .metrics()
            .observe_rate_limited(decision.source.as_str());
        let retry_after = decision.retry_after_secs.unwrap_or(1);
        let mut response = ApiError::rate_limited(decision.limit, retry_after).into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
        response
    };
    add_rate_limit_headers(response.headers_mut(), &decision);
    response
}

/// Why a request was not let through to its endpoint.
enum Refusal {
    /// No key, a malformed, unknown or revoked key: 401 (or 429 past the failure allowance).
    Unauthenticated(ApiError),
    /// The key could not be checked: 503.
    Unavailable,
}

async fn identify(state: &AppState, headers: &HeaderMap) -> Result<Arc<KeyRecord>, Refusal> {
    let key = presented_key(headers).map_err(Refusal::Unauthenticated)?;
    // Taken exactly as sent: a key with extra characters (spaces included) is another key.
    let secret = ApiKeySecret::new(key);
    if secret.has_bad_checksum() {
        return Err(Refusal::Unauthenticated(ApiError::unauthorized(
            "the API key is invalid (its checksum does not match: check for a typo)",
        )));
    }
    let record = state
        .key_cache()
        .lookup(state.key_store(), secret.hash())
        .await
        .map_err(|KeyStoreUnavailable| Refusal::Unavailable)?;
    record.ok_or_else(|| {
        Refusal::Unauthenticated(ApiError::unauthorized("the API key is unknown or revoked"))
    })
}

/// The key a request presents: in `X-API-Key`, or as `Authorization: Bearer <key>` (the scheme in
/// any case, then one or more spaces, then the key exactly as sent). Both may be sent if they
/// carry the same key. An `Authorization` header of another scheme (`Basic`, from a proxy in
/// front) is not ours and is left alone.
///
/// # Errors
/// The 401 for a missing key, a header that is not visible ASCII, an empty bearer token, or two
/// headers that carry different keys.
fn presented_key(headers: &HeaderMap) -> Result<&str, ApiError> {
    let api_key = headers
        .get(&X_API_KEY)
        .map(|value| {
            value
                .to_str()
                .map_err(|_| ApiError::unauthorized("the X-API-Key header is not a valid API key"))
        })
        .transpose()?;
    let bearer = headers
        .get(header::AUTHORIZATION)
        .map(bearer_token)
        .transpose()?
        .flatten();
    match (api_key, bearer) {
        (Some(api_key), Some(bearer)) if api_key != bearer => Err(ApiError::unauthorized(
            "the X-API-Key header and the Authorization: Bearer header carry different keys; send the key once",
        )),
        (Some(key), _) | (None, Some(key)) => Ok(key),
        (None, None) => Err(ApiError::unauthorized(
            "the API key is missing: send it in the X-API-Key header or as Authorization: Bearer <key>; every /v1 endpoint but the health checks and the OpenAPI document needs a key",
        )),
    }
}

/// The token of an `Authorization: Bearer` header; `None` for another scheme.
fn bearer_token(value: &HeaderValue) -> Result<Option<&str>, ApiError> {
    let malformed = || {
        ApiError::unauthorized(
            "the Authorization header is not a valid API key: send Authorization: Bearer <key>",
        )
    };
    let text = value.to_str().map_err(|_| malformed())?;
    let (scheme, token) = text.split_once(' ').unwrap_or((text, ""));
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Ok(None);
    }
    let token = token.trim_start_matches(' ');
    if token.is_empty() {
        return Err(malformed());
    }
    Ok(Some(token))
}

/// A 401 with `WWW-Authenticate`, or a 429 with `Retry-After` once the client address has used
/// up its allowance of failures.
fn refuse_unauthenticated(state: &AppState, request: &Request, error: ApiError) -> Response {
    let client = state
        .trusted_proxies()
        .client_address(peer_address(request), request.headers());
    match state
        .failed_auth()
        .fail(throttle_key(client), Instant::now())
    {
        FailureVerdict::Allowed => {
            let mut response = error.into_response();
            let headers = response.headers_mut();
            headers.insert(header::WWW_AUTHENTICATE, API_KEY_CHALLENGE);
            headers.append(header::WWW_AUTHENTICATE, BEARER_CHALLENGE);
            response
        }
        FailureVerdict::Throttled { retry_after_secs } => {
            tracing::debug!(%client, "failed authentications throttled");
            ApiError::too_many_failed_authentications(retry_after_secs).into_response()
        }
    }
}

fn unavailable(message: &str) -> Response {
    let mut response = ApiError::service_unavailable(message).into_response();
    response.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from(UNAVAILABLE_RETRY_AFTER_SECS),
    );
    response
}

fn add_rate_limit_headers(headers: &mut HeaderMap, decision: &Decision) {
    headers.insert(X_RATELIMIT_LIMIT.clone(), HeaderValue::from(decision.limit));
    headers.insert(
        X_RATELIMIT_REMAINING.clone(),
        HeaderValue::from(decision.remaining),
    );
    // Whole seconds until the oldest counted request leaves the window (and `remaining` grows by
    // one), whatever remains; 0 when the window counts none (docs/RATE-LIMITS.md).
    headers.insert(
        X_RATELIMIT_RESET.clone(),
        HeaderValue::from(decision.reset_secs),
    );
    headers.insert(
        X_RATELIMIT_SOURCE.clone(),
        HeaderValue::from_static(decision.source.as_str()),
    );
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use orrery_store::{Environment, Plan};

    use super::*;

    /// One key, a switch to make the store fail, and a count of lookups.
    #[derive(Debug)]
    struct SwitchableStore {
        key: KeyHash,
        revoked: AtomicBool,
        failing: AtomicBool,
        /// Revoked according to Redis (the database may not say so: it is down).
        revoked_in_redis: AtomicBool,
        lookups: AtomicUsize,
        /// How long each lookup takes.
        latency: Duration,
        /// The end of the key's rotation changeover, if it is being rotated out.
        expires_at: Option<i64>,
    }

    #[async_trait::async_trait]
    impl KeyStore for SwitchableStore {
        async fn find_active_key(&self, hash: &KeyHash) -> Result<Option<KeyRecord>, StoreError> {
            self.lookups.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(self.latency).await;
            if self.failing.load(Ordering::SeqCst) {
                // Any error will do: the cache treats every failure alike.
                return Err(StoreError::Corrupt("the store is down".into()));
            }
            Ok(
                (*hash == self.key && !self.revoked.load(Ordering::SeqCst)).then(|| KeyRecord {
                    key_id: 1,
                    client_id: 1,
                    client_name: "Tests".into(),
                    plan: Plan {
                        code: "test".into(),
                        label: "Test".into(),
                        requests_per_hour: 10,
                    },
                    environment: Environment::Test,
                    expires_at: self.expires_at,
                }),
            )
        }

        async fn ping(&self) -> Result<(), StoreError> {
            Ok(())
        }

        async fn revoked_elsewhere(&self, _key_id: i64) -> bool {
            self.revoked_in_redis.load(Ordering::SeqCst)
        }
    }

    fn store() -> SwitchableStore {
        SwitchableStore {
            key: ApiKeySecret::new("a-known-key-000000").hash(),
            revoked: AtomicBool::new(false),
            failing: AtomicBool::new(false),
            revoked_in_redis: AtomicBool::new(false),
            lookups: AtomicUsize::new(0),
            latency: Duration::ZERO,
            expires_at: None,
        }
    }

    /// Makes every cached lookup stale, as if `KEY_CACHE_TTL` had passed.
    fn age(cache: &KeyCache, by: Duration) {
        for (at, _) in lock(&cache.verified).values_mut() {
            *at -= by;
        }
        for at in lock(&cache.unknown).values_mut() {
            *at -= by;
        }
        *lock(&cache.store_paused_until) = None;
    }

    #[tokio::test]
    async fn a_verified_key_outlives_a_store_failure_for_the_grace_period() {
        let store = store();
        let cache = KeyCache::new(Duration::from_secs(600));
        let known = store.key.clone();
        let unknown = ApiKeySecret::new("never-issued-key-0").hash();
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_some());

        store.failing.store(true, Ordering::SeqCst);
        age(&cache, KEY_CACHE_TTL);
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_some());
        assert!(cache.lookup(&store, unknown.clone()).await.is_err());
        // After the failure the store is left alone for a moment: no lookup, same answers.
        let lookups = store.lookups.load(Ordering::SeqCst);
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_some());
        assert!(cache.lookup(&store, unknown).await.is_err());
        assert_eq!(store.lookups.load(Ordering::SeqCst), lookups);

        // Past the grace period the key is refused with "unavailable", not admitted.
        age(&cache, Duration::from_secs(600));
        assert!(cache.lookup(&store, known).await.is_err());
    }

    #[tokio::test]
    async fn a_revocation_wins_over_the_grace_period_once_the_store_answers() {
        let store = store();
        let cache = KeyCache::new(Duration::from_secs(600));
        let known = store.key.clone();
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_some());
        store.revoked.store(true, Ordering::SeqCst);
        age(&cache, KEY_CACHE_TTL);
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_none());
        // A later outage does not bring the revoked key back.
        store.failing.store(true, Ordering::SeqCst);
        age(&cache, KEY_CACHE_TTL);
        assert!(cache.lookup(&store, known).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_revocation_pushed_through_redis_wins_at_once_and_through_an_outage() {
        let store = store();
        let cache = KeyCache::new(Duration::from_secs(600));
        let known = store.key.clone();
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_some());
        // The message arrives while the lookup is still fresh: refused at once.
        cache.revoke(&[1]);
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_none());
        // Then the database goes away before it was asked again: still refused.
        store.failing.store(true, Ordering::SeqCst);
        age(&cache, KEY_CACHE_TTL);
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_none());
        // And a lookup that read the database before the revocation cannot bring it back.
        store.failing.store(false, Ordering::SeqCst);
        age(&cache, KEY_CACHE_TTL);
        assert!(cache.lookup(&store, known).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn during_an_outage_a_key_revoked_in_redis_is_refused() {
        let store = store();
        let cache = KeyCache::new(Duration::from_secs(600));
        let known = store.key.clone();
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_some());
        // Revoked, the message missed, and the database gone before the next lookup.
        store.failing.store(true, Ordering::SeqCst);
        store.revoked_in_redis.store(true, Ordering::SeqCst);
        age(&cache, KEY_CACHE_TTL);
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_none());
        // While the store is left alone after the failure too.
        assert!(cache.lookup(&store, known).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_rotated_out_key_stops_at_the_end_of_its_changeover_even_in_an_outage() {
        let now = UnixSeconds::now().0;
        let store = SwitchableStore {
            expires_at: Some(now + 3600),
            ..store()
        };
        let cache = KeyCache::new(Duration::from_secs(600));
        assert!(
            cache
                .lookup(&store, store.key.clone())
                .await
                .unwrap()
                .is_some()
        );
        // The database stops answering, and the changeover ends meanwhile: a remembered answer
        // does not outlive it.
        for (_, record) in lock(&cache.verified).values_mut() {
            *record = Arc::new(KeyRecord {
                expires_at: Some(now - 1),
                ..(**record).clone()
            });
        }
        store.failing.store(true, Ordering::SeqCst);
        age(&cache, KEY_CACHE_TTL);
        assert!(
            cache
                .lookup(&store, store.key.clone())
                .await
                .unwrap()
                .is_none()
        );
    }

    #[tokio::test]
    async fn without_a_grace_period_a_failure_is_unavailable() {
        let store = store();
        let cache = KeyCache::new(Duration::ZERO);
        let known = store.key.clone();
        assert!(cache.lookup(&store, known.clone()).await.unwrap().is_some());
        store.failing.store(true, Ordering::SeqCst);
        age(&cache, KEY_CACHE_TTL);
        assert!(cache.lookup(&store, known).await.is_err());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_requests_with_one_key_share_one_lookup() {
        let store = Arc::new(SwitchableStore {
            latency: Duration::from_millis(100),
            ..store()
        });
        let cache = Arc::new(KeyCache::new(Duration::from_secs(600)));
        let unknown = ApiKeySecret::new("never-issued-key-0").hash();
        let requests: Vec<_> = (0..40)
            .map(|i| {
                let (store, cache) = (Arc::clone(&store), Arc::clone(&cache));
                let hash = if i % 2 == 0 {
                    store.key.clone()
                } else {
                    unknown.clone()
                };
                tokio::spawn(async move { cache.lookup(store.as_ref(), hash).await })
            })
            .collect();
        let mut answers = Vec::new();
        for request in requests {
            answers.push(request.await.unwrap().unwrap().is_some());
        }
        assert_eq!(answers.iter().filter(|known| **known).count(), 20);
        assert_eq!(
            store.lookups.load(Ordering::SeqCst),
            2,
            "one lookup per key"
        );
        assert!(lock(&cache.lookups_in_flight).is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_cancelled_while_waiting_leaves_no_turn_behind() {
        let store = SwitchableStore {
            latency: Duration::from_secs(1),
            ..store()
        };
        let cache = KeyCache::new(Duration::from_secs(600));
        let lookup = cache.lookup(&store, store.key.clone());
        assert!(
            tokio::time::timeout(Duration::from_millis(10), lookup)
                .await
                .is_err()
        );
        assert!(lock(&cache.lookups_in_flight).is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn requests_waiting_on_a_frozen_store_answer_from_the_grace_period_after_one_deadline() {
        let cache = Arc::new(KeyCache::new(Duration::from_secs(600)));
        let quick = store();
        assert!(
            cache
                .lookup(&quick, quick.key.clone())
                .await
                .unwrap()
                .is_some()
        );
        age(&cache, KEY_CACHE_TTL);
        // The database stops answering: one lookup waits for its deadline, the rest for it.
        let frozen = Arc::new(SwitchableStore {
            latency: Duration::from_secs(3600),
            ..store()
        });
        let started = tokio::time::Instant::now();
        let requests: Vec<_> = (0..10)
            .map(|_| {
                let (store, cache) = (Arc::clone(&frozen), Arc::clone(&cache));
                tokio::spawn(async move { cache.lookup(store.as_ref(), store.key.clone()).await })
            })
            .collect();
        for request in requests {
            assert!(
                request.await.unwrap().unwrap().is_some(),
                "verified within the grace"
            );
        }
        assert!(started.elapsed() < KEY_LOOKUP_DEADLINE + Duration::from_millis(50));
        assert_eq!(
            frozen.lookups.load(Ordering::SeqCst),
            1,
            "one lookup hung, not ten"
        );
    }
}
