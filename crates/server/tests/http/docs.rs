//! The pages beside the API reference: the getting-started guide (every command in it is sent
//! here, so none can go stale), the error codes that every error's `doc_url` links to, the
//! changelog; and the reference's files and the OpenAPI document served compressed and
//! revalidated by their tags.

use serde_json::Value;

use crate::support::{DEMO_KEY, TestApp, error_body};

const GUIDE: &str = include_str!("../../../../docs/GETTING-STARTED.md");

/// One `curl` command of the guide: its method, path, JSON body and output file.
#[derive(Debug)]
struct Command {
    method: String,
    path: String,
    body: Option<Value>,
    output: Option<String>,
}

/// The `curl` commands of the guide's `bash` blocks, each parsed from its shell words (the
/// continuation lines joined).
fn guide_commands() -> Vec<Command> {
    let mut commands = Vec::new();
    for block in GUIDE.split("```bash\n").skip(1) {
        let block = &block[..block.find("```").unwrap()];
        let joined = block.replace("\\\n", " ");
        for line in joined
            .lines()
            .filter(|l| l.trim_start().starts_with("curl "))
        {
            commands.push(parse_curl(line));
        }
    }
    commands
}

fn parse_curl(line: &str) -> Command {
    let words = shell_words(line);
    let mut command = Command {
        method: "GET".to_owned(),
        path: String::new(),
        body: None,
        output: None,
    };
    let mut words = words.iter().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "-X" => command.method = words.next().unwrap().clone(),
            "-d" => {
                let text = words.next().unwrap();
                command.body = Some(serde_json::from_str(text).expect("the body is JSON"));
            }
            "-o" => command.output = Some(words.next().unwrap().clone()),
            "-H" => {
                let header = words.next().unwrap();
                assert!(
                    header == "X-API-Key: $ORRERY_API_KEY"
                        || header == "Content-Type: application/json",
                    "{header}"
                );
            }
            "-sf" => {}
            url if url.starts_with("$ORRERY_URL/") => {
                command.path = url.trim_start_matches("$ORRERY_URL").to_owned();
            }
            other => panic!("a curl word the test does not know: {other}"),
        }
    }
    command
}

/// Words as the shell splits them: single quotes keep everything, double quotes too here
/// (the guide puts only `$ORRERY_…` inside them, which the test reads as written).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                for quoted in chars.by_ref() {
                    if quoted == c {
                        break;
                    }
                    word.push(quoted);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

#[tokio::test]
async fn every_command_of_the_getting_started_guide_is_answered() {
    let commands = guide_commands();
    let paths: Vec<&str> = commands.iter().map(|c| c.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "/v1/radix",
            "/v1/chart-wheel",
            "/v1/transits",
            "/v1/events",
            "/v1/relationship",
            "/v1/vedic"
        ]
    );
    assert!(
        GUIDE.contains(&format!("export ORRERY_API_KEY={DEMO_KEY}\n")),
        "the guide names the default demo key"
    );
    let app = TestApp::spawn().await;
    for command in &commands {
        let request = match command.method.as_str() {
            "POST" => app.post(&command.path).json(command.body.as_ref().unwrap()),
            "GET" => app.get(&command.path),
            other => panic!("{other}"),
        };
        let response = request.header("X-API-Key", DEMO_KEY).send().await.unwrap();
        let status = response.status();
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        let text = response.text().await.unwrap();
        assert_eq!(status, 200, "{command:?}: {text}");
        match &command.output {
            Some(file) => {
                assert!(file.ends_with(".svg"), "{file}");
                assert!(content_type.starts_with("image/svg+xml"), "{content_type}");
            }
            None => {
                assert_eq!(content_type, "application/json", "{command:?}");
            }
        }
    }
    // The guide's page is the guide.
    let page = app.get("/docs/getting-started").send().await.unwrap();
    assert_eq!(page.status(), 200);
    let page = page.text().await.unwrap();
    assert!(page.contains("<h1 id=\"getting-started\">"));
    assert!(
        page.contains("<code class=\"language-bash\">curl -sf -X POST \"$ORRERY_URL/v1/radix\"")
    );
    app.cleanup().await;
}

#[tokio::test]
async fn an_errors_doc_url_leads_to_its_codes_entry() {
    let app = TestApp::spawn().await;
    let unknown = error_body(app.get("/v1/nothing-here").send().await.unwrap(), 404).await;
    let unauthorized = error_body(
        app.post("/v1/radix")
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap(),
        401,
    )
    .await;
    let invalid = error_body(
        app.get("/v1/planets?datetime=yesterday")
            .header("X-API-Key", DEMO_KEY)
            .send()
            .await
            .unwrap(),
        400,
    )
    .await;
    for body in [unknown, unauthorized, invalid] {
        let code = body["error"]["code"].as_str().unwrap();
        let doc_url = body["error"]["doc_url"].as_str().unwrap();
        assert_eq!(doc_url, format!("/docs/errors#{code}"));
        let (page, anchor) = doc_url.split_once('#').unwrap();
        let response = app.get(page).send().await.unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8"
        );
        let html = response.text().await.unwrap();
        assert!(html.contains(&format!("id=\"{anchor}\"")), "{anchor}");
    }
    app.cleanup().await;
}

async fn openapi_document(app: &TestApp) -> Value {
    let response = app.get("/v1/openapi.json").send().await.unwrap();
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_page_lists_every_code_of_the_document() {
    let app = TestApp::spawn().await;
    let document = openapi_document(&app).await;
    let codes = document["components"]["schemas"]["ErrorCode"]["enum"]
        .as_array()
        .unwrap();
    assert!(codes.len() >= 17);
    let page = app
        .get("/docs/errors")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for code in codes {
        let code = code.as_str().unwrap();
        assert!(page.contains(&format!("<tr id=\"{code}\">")), "{code}");
    }
    let detail = &document["components"]["schemas"]["ErrorDetail"];
    assert!(
        detail["required"]
            .as_array()
            .unwrap()
            .contains(&"doc_url".into())
    );
    assert!(
        detail["properties"]["doc_url"]["description"]
            .as_str()
            .unwrap()
            .contains("relative")
    );
    app.cleanup().await;
}

#[tokio::test]
async fn the_changelog_is_served() {
    let app = TestApp::spawn().await;
    let response = app.get("/docs/changelog").send().await.unwrap();
    assert_eq!(response.status(), 200);
    let page = response.text().await.unwrap();
    assert!(page.contains("<h1 id=\"changelog\">"), "{page}");
    assert!(page.contains("<h2 id=\"100"), "a 1.0.0 entry: {page}");
    app.cleanup().await;
}

#[tokio::test]
async fn the_reference_and_its_document_travel_compressed_and_revalidate() {
    let app = TestApp::spawn().await;
    let mut transferred = 0;
    for (path, smaller_than) in [
        ("/docs/swagger-ui-bundle.js", 400_000),
        ("/docs/swagger-ui.css", 30_000),
        ("/v1/openapi.json", 200_000),
    ] {
        let plain = app.get(path).send().await.unwrap();
        assert!(plain.headers().get("content-encoding").is_none(), "{path}");
        let plain_tag = plain.headers()["etag"].clone();
        let plain_length = plain.bytes().await.unwrap().len();
        for (accept, token) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
            let response = app
                .get(path)
                .header("Accept-Encoding", accept)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{path}");
            let headers = response.headers().clone();
            assert_eq!(headers["content-encoding"], token, "{path}");
            assert_eq!(headers["vary"], "accept-encoding", "{path}");
            assert_eq!(headers["cache-control"], "no-cache", "{path}");
            assert_ne!(headers["etag"], plain_tag, "{path}");
            let length = response.bytes().await.unwrap().len();
            assert!(length < plain_length / 3, "{path} {token}: {length}");
            if token == "br" {
                assert!(length < smaller_than, "{path}: {length}");
                transferred += length;
            }
            let again = app
                .get(path)
                .header("Accept-Encoding", accept)
                .header("If-None-Match", headers["etag"].clone())
                .send()
                .await
                .unwrap();
            assert_eq!(again.status(), 304, "{path} {token}");
        }
    }
    assert!(transferred < 700_000, "{transferred} bytes");
    app.cleanup().await;
}

#[tokio::test]
async fn the_reference_names_the_demo_key_it_sends() {
    let app = TestApp::spawn().await;
    let page = app.get("/docs").send().await.unwrap().text().await.unwrap();
    assert!(page.contains(&format!(
        "<meta name=\"orrery-demo-key\" content=\"{DEMO_KEY}\">"
    )));
    assert!(page.contains("<meta name=\"orrery-key-scheme\" content=\"api_key\">"));
    assert!(page.contains("demo key"));
    let document = openapi_document(&app).await;
    assert!(
        document["components"]["securitySchemes"]
            .get("api_key")
            .is_some()
    );
    // Every operation with an example has code samples in three languages.
    let radix = document["paths"]["/v1/radix"]["post"]["description"]
        .as_str()
        .unwrap();
    for fence in [
        "```bash\ncurl",
        "```python\nimport os",
        "```javascript\nconst answer",
    ] {
        assert!(radix.contains(fence), "{fence}");
    }
    app.cleanup().await;
}

#[test]
fn the_curl_parser_reads_the_guides_shape() {
    let command = parse_curl(
        "curl -sf -X POST \"$ORRERY_URL/v1/radix\"   -H \"X-API-Key: $ORRERY_API_KEY\" \
         -d '{\"a\": \"b c\"}' -o wheel.svg",
    );
    assert_eq!(command.method, "POST");
    assert_eq!(command.path, "/v1/radix");
    assert_eq!(command.body, Some(serde_json::json!({"a": "b c"})));
    assert_eq!(command.output.as_deref(), Some("wheel.svg"));
}
