use axum::Extension;
use axum::Json;
use serde::Serialize;

use crate::auth::AuthenticatedClient;

#[derive(Debug, Serialize)]
pub(crate) struct Me {
    client: Client,
    plan: Plan,
    key: Key,
}

#[derive(Debug, Serialize)]
struct Client {
    id: i64,
    name: String,
}

#[derive(Debug, Serialize)]
struct Plan {
    code: String,
    label: String,
    requests_per_hour: i64,
}

#[derive(Debug, Serialize)]
struct Key {
    environment: &'static str,
}

/// `GET /v1/me`: the caller's client, plan and key environment.
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
