//! API keys and rate limits: the layer in front of every endpoint but the health check.

use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use orrery_limiter::{Decision, UnixSeconds};
use orrery_store::{ApiKeySecret, Database, KeyHash, KeyRecord, StoreError};

use crate::app::AppState;
use crate::error::ApiError;

static X_API_KEY: HeaderName = HeaderName::from_static("x-api-key");
static X_RATELIMIT_LIMIT: HeaderName = HeaderName::from_static("x-ratelimit-limit");
static X_RATELIMIT_REMAINING: HeaderName = HeaderName::from_static("x-ratelimit-remaining");
static X_RATELIMIT_SOURCE: HeaderName = HeaderName::from_static("x-ratelimit-source");

/// How long a key lookup is reused. A revoked key stops working within this time on every
/// instance; in exchange most requests cost no database round trip.
pub const KEY_CACHE_TTL: Duration = Duration::from_secs(2);
/// Bounds the cache against a flood of made-up keys; past it the cache starts over.
const KEY_CACHE_MAX_ENTRIES: usize = 10_000;

/// Where keys are looked up; the database in the service, a trait so the app state holds it as
/// a trait object.
#[async_trait::async_trait]
pub trait KeyStore: Send + Sync + Debug {
    async fn find_active_key(&self, hash: &KeyHash) -> Result<Option<KeyRecord>, StoreError>;
    async fn ping(&self) -> Result<(), StoreError>;
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

/// The authenticated caller, for handlers that need it (`/v1/me`).
#[derive(Debug, Clone)]
pub struct AuthenticatedClient(pub Arc<KeyRecord>);

/// A lookup result and when it was fetched; `None` caches "no such active key".
type CachedLookup = (Instant, Option<Arc<KeyRecord>>);

/// Recent key lookups, found and not found.
#[derive(Debug, Default)]
pub(crate) struct KeyCache {
    entries: Mutex<HashMap<KeyHash, CachedLookup>>,
}

impl KeyCache {
    async fn lookup(
        &self,
        store: &dyn KeyStore,
        hash: KeyHash,
    ) -> Result<Option<Arc<KeyRecord>>, StoreError> {
        if let Some((fetched, record)) = self.lock().get(&hash)
            && fetched.elapsed() < KEY_CACHE_TTL
        {
            return Ok(record.clone());
        }
        let record = store.find_active_key(&hash).await?.map(Arc::new);
        let mut entries = self.lock();
        if entries.len() >= KEY_CACHE_MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(hash, (Instant::now(), record.clone()));
        Ok(record)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<KeyHash, CachedLookup>> {
        // The map holds plain values; a panic elsewhere cannot leave it half-written.
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

pub(crate) async fn authenticate(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let record = match identify(&state, request.headers()).await {
        Ok(record) => record,
        Err(error) => return error.into_response(),
    };
    tracing::Span::current().record("client_id", record.client_id);

    let decision = match state
        .limiter()
        .hit(
            record.key_id,
            record.plan.requests_per_hour,
            UnixSeconds::now(),
        )
        .await
    {
        Ok(decision) => decision,
        Err(error) => {
            tracing::error!(%error, "no rate-limit backend answered");
            return ApiError::service_unavailable(
                "the rate-limit store is unreachable; retry shortly",
            )
            .into_response();
        }
    };
    let mut response = if decision.admitted {
        request.extensions_mut().insert(AuthenticatedClient(record));
        next.run(request).await
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

async fn identify(state: &AppState, headers: &HeaderMap) -> Result<Arc<KeyRecord>, ApiError> {
    let Some(value) = headers.get(&X_API_KEY) else {
        return Err(ApiError::unauthorized(
            "the X-API-Key header is missing; every endpoint but /v1/health needs a key",
        ));
    };
    let key = value
        .to_str()
        .map_err(|_| ApiError::unauthorized("the X-API-Key header is not a valid API key"))?;
    let secret = ApiKeySecret::new(key.trim());
    if secret.has_bad_checksum() {
        return Err(ApiError::unauthorized(
            "the API key is invalid (its checksum does not match: check for a typo)",
        ));
    }
    let record = state
        .key_cache()
        .lookup(state.key_store(), secret.hash())
        .await
        .map_err(|error| {
            tracing::error!(%error, "key lookup failed");
            ApiError::service_unavailable("the key store is unreachable; retry shortly")
        })?;
    record.ok_or_else(|| ApiError::unauthorized("the API key is unknown or revoked"))
}

fn add_rate_limit_headers(headers: &mut HeaderMap, decision: &Decision) {
    headers.insert(X_RATELIMIT_LIMIT.clone(), HeaderValue::from(decision.limit));
    headers.insert(
        X_RATELIMIT_REMAINING.clone(),
        HeaderValue::from(decision.remaining),
    );
    headers.insert(
        X_RATELIMIT_SOURCE.clone(),
        HeaderValue::from_static(decision.source.as_str()),
    );
}
