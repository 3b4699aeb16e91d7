//! `TestApp`: the real application on a random loopback port with its own temporary database.

use std::net::SocketAddr;

use orrery_server::{AppState, Settings, app, serve};
use orrery_store::testing::TestDatabase;
use orrery_store::{Database, Environment, Plan};

pub(crate) const DEMO_KEY: &str = orrery_server::settings::DEFAULT_DEMO_KEY;

pub(crate) struct TestApp {
    pub(crate) address: SocketAddr,
    pub(crate) client: reqwest::Client,
    pub(crate) database: Database,
    pub(crate) database_url: String,
    pub(crate) state: AppState,
    test_db: Option<TestDatabase>,
}

#[derive(Debug, Default, Clone)]
pub(crate) struct Options {
    pub(crate) redis_url: Option<String>,
    pub(crate) postgres: bool,
    pub(crate) request_timeout: Option<std::time::Duration>,
    /// The failed-authentication throttle, trusted proxies and key grace; default: the service's.
    pub(crate) auth: Option<orrery_server::settings::AuthSettings>,
}

impl TestApp {
    pub(crate) async fn spawn() -> Self {
        Self::spawn_with(Options::default()).await
    }

    /// The app with `options`; `postgres: true` needs `ORRERY_TEST_POSTGRES_URL` (such tests are
    /// compiled ignored without it, see `crates/store/build.rs`).
    pub(crate) async fn spawn_with(options: Options) -> Self {
        let test_db = if options.postgres {
            TestDatabase::postgres().await
        } else {
            TestDatabase::sqlite().await
        };
        let mut settings = Settings::with_database(&test_db.url);
        settings.redis_url = options.redis_url;
        settings.compute_threads = Some(2);
        if let Some(timeout) = options.request_timeout {
            settings.request_timeout = timeout;
        }
        if let Some(auth) = options.auth {
            settings.auth = auth;
        }
        let (state, database) = serve::prepare(&settings).await.expect("prepare the app");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let router = app(state.clone());
        // The service's own accept loop, so that every test goes through its connection
        // handling (and the client address it records).
        tokio::spawn(orrery_server::connections::serve_connections(
            listener,
            router,
            orrery_server::settings::ConnectionSettings::default(),
            std::future::pending(),
            std::time::Duration::ZERO,
        ));
        Self {
            address,
            client: reqwest::Client::new(),
            database,
            database_url: test_db.url.clone(),
            state,
            test_db: Some(test_db),
        }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.address, path)
    }

    pub(crate) fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(self.url(path))
    }

    pub(crate) fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.post(self.url(path))
    }

    /// A new key on a plan with the given hourly limit.
    pub(crate) async fn key_with_limit(&self, requests_per_hour: i64) -> String {
        let code = format!("limit_{requests_per_hour}");
        self.database
            .set_plan(&Plan {
                code: code.clone(),
                label: format!("{requests_per_hour} per hour"),
                requests_per_hour,
            })
            .await
            .unwrap();
        self.database
            .create_key("Tests", &code, Environment::Test, 0)
            .await
            .unwrap()
            .secret
            .expose()
            .to_owned()
    }

    pub(crate) async fn cleanup(mut self) {
        if let Some(db) = self.test_db.take() {
            db.cleanup().await.unwrap();
        }
    }
}

/// Checks the error object and returns its message.
pub(crate) async fn assert_error(response: reqwest::Response, status: u16, code: &str) -> String {
    let body = error_body(response, status).await;
    let error = &body["error"];
    assert_eq!(error["code"], code, "{body}");
    let message = error["message"].as_str().expect("a message").to_owned();
    assert!(!message.is_empty());
    message
}

/// Checks a 400's error object and returns its message. The code may be any of the 400 codes;
/// what the code promises must hold: `unknown_name` lists the accepted names, `limit_exceeded`
/// gives a limit below the requested amount, a gap or fold gives two candidates. A `field`, when
/// given, is what the message is about. (`errors.rs` pins the code of one case of each.)
pub(crate) async fn assert_400(response: reqwest::Response) -> String {
    let body = error_body(response, 400).await;
    let error = &body["error"];
    let message = error["message"].as_str().expect("a message").to_owned();
    let details = &error["details"];
    match error["code"].as_str().expect("a code") {
        "invalid_input" | "outside_ephemeris_range" => {}
        "unknown_name" => assert!(
            details["accepted"]
                .as_array()
                .is_some_and(|a| !a.is_empty())
                || message.contains("/v1/catalog/"),
            "{body}"
        ),
        "limit_exceeded" => assert!(
            details["requested"].as_f64().unwrap() > details["limit"].as_f64().unwrap(),
            "{body}"
        ),
        "ambiguous_local_time" | "nonexistent_local_time" => {
            assert_eq!(
                details["candidates"].as_array().map(Vec::len),
                Some(2),
                "{body}"
            );
        }
        "ambiguous_place" => assert!(
            details["candidates"]
                .as_array()
                .is_some_and(|c| c.len() >= 2),
            "{body}"
        ),
        "unknown_place" => assert!(details["candidates"].is_array(), "{body}"),
        other => panic!("{other} is not a code of a 400: {body}"),
    }
    if let Some(field) = error["field"].as_str() {
        let last = field.rsplit(['.', '[']).next().unwrap_or(field);
        assert!(
            message.starts_with(field) || message.contains(last),
            "the message is not about {field}: {body}"
        );
    }
    message
}

/// Checks the status, the content type and the request id of an error, and returns the body.
pub(crate) async fn error_body(response: reqwest::Response, status: u16) -> serde_json::Value {
    assert_eq!(response.status().as_u16(), status, "status");
    let request_id = response
        .headers()
        .get("x-request-id")
        .expect("X-Request-Id on every response")
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        response.headers().get("content-type").unwrap(),
        "application/json"
    );
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["request_id"], request_id.as_str());
    assert!(uuid_like(&request_id), "{request_id}");
    body
}

pub(crate) fn uuid_like(text: &str) -> bool {
    text.len() == 36 && text.chars().filter(|&c| c == '-').count() == 4
}

/// POSTs a JSON body with the demo key.
pub(crate) async fn post_json(
    app: &TestApp,
    path: &str,
    body: &serde_json::Value,
) -> reqwest::Response {
    app.post(path)
        .header("X-API-Key", DEMO_KEY)
        .json(body)
        .send()
        .await
        .unwrap()
}

/// POSTs a JSON body with the demo key, expects a 200 and returns the answer.
pub(crate) async fn post_ok(
    app: &TestApp,
    path: &str,
    body: &serde_json::Value,
) -> serde_json::Value {
    let response = post_json(app, path, body).await;
    let status = response.status();
    let text = response.text().await.unwrap();
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// POSTs a JSON body with the demo key, expects a 400 and returns its message.
pub(crate) async fn post_invalid(app: &TestApp, path: &str, body: &serde_json::Value) -> String {
    assert_400(post_json(app, path, body).await).await
}

/// Posts a request that its types refuse and checks the error object over HTTP: the status, the
/// code and the field (the rules and their messages are snapshot-tested at the type level, in
/// `crates/api/tests/error_snapshots.rs`). Returns the message.
pub(crate) async fn post_refused(
    app: &TestApp,
    path: &str,
    body: &serde_json::Value,
    code: &str,
    field: &str,
) -> String {
    let body = error_body(post_json(app, path, body).await, 400).await;
    assert_eq!(body["error"]["code"], code, "{body}");
    assert_eq!(body["error"]["field"], field, "{body}");
    body["error"]["message"].as_str().unwrap().to_owned()
}

/// A JSON number, or a panic that shows the value.
pub(crate) fn num(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

/// The case labelled `label` in `fixtures/<dir>/cases.json`.
pub(crate) fn fixture_case(dir: &str, label: &str) -> serde_json::Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(dir)
        .join("cases.json");
    let fixture: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    fixture["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["label"] == label)
        .unwrap_or_else(|| panic!("no fixture case {label} in {dir}"))
        .clone()
}

/// The twelve signs in zodiac order, each 30° from 0° Aries: the rule tests check `sign` by.
pub(crate) const SIGNS: [&str; 12] = [
    "aries",
    "taurus",
    "gemini",
    "cancer",
    "leo",
    "virgo",
    "libra",
    "scorpio",
    "sagittarius",
    "capricorn",
    "aquarius",
    "pisces",
];
