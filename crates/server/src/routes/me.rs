use axum::Extension;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::AuthenticatedClient;

#[derive(Debug, Serialize, ToSchema)]
/// The caller's client, plan and key.
pub(crate) struct Me {
    /// The client the key belongs to.
    client: Client,
    /// The client's plan: its hourly limit.
    plan: Plan,
    /// The key this request was sent with.
    key: Key,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MeClient)]
struct Client {
    /// The client's id in the service's database (stable for the life of the client).
    id: i64,
    /// The client's name, as the operator gave it to `orrery keys create` (the CLIENT column
    /// of `orrery keys list`).
    name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MePlan)]
struct Plan {
    /// The plan's code (`demo`, `free`, … as `orrery plans list` shows them).
    code: String,
    /// The plan's name for people.
    label: String,
    /// Requests allowed per sliding hour (the `X-RateLimit-Limit` of every answer).
    requests_per_hour: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MeKey)]
struct Key {
    /// `production` or `test`.
    environment: &'static str,
}

/// `GET /v1/me`: the caller's client, plan and key environment.
#[utoipa::path(
    get,
    path = "/v1/me",
    tag = "General",
    summary = "The caller's client, plan and key environment (checks a key)",
    description = "Does not use up the hourly quota: it only reads the window, and answers \
even when no request remains, with the `X-RateLimit-*` headers of the window.",
    responses(
        (status = 200, description = "The key is valid.", body = Me),
        crate::openapi::AuthenticatedResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn me(
    Extension(AuthenticatedClient(record)): Extension<AuthenticatedClient>,
) -> Json<Me> {
    Json(Me {
        client: Client {
            id: record.client_id,
            name: record.client_name.clone(),
        },
        plan: Plan {
            code: record.plan.code.clone(),
            label: record.plan.label.clone(),
            requests_per_hour: record.plan.requests_per_hour,
        },
        key: Key {
            environment: record.environment.as_str(),
        },
    })
}

/// `/v1/me` reads the key's record the authentication already fetched: light.
impl orrery_api::endpoint::Endpoint for Me {
    const COST: orrery_api::endpoint::CostClass = orrery_api::endpoint::CostClass::Light;
}
