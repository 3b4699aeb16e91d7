//! Code samples for an operation, in curl, Python (`requests`) and JavaScript (`fetch`), made
//! from its playground example, so they are the request the tests send and cannot go stale.
//! They read the service's address from `ORRERY_URL` and the key from `ORRERY_API_KEY`.

use std::fmt::Write;

use serde_json::Value;

/// One operation's request as the samples send it.
pub(super) struct SampleRequest<'a> {
    pub(super) method: &'a str,
    /// The path with its query string.
    pub(super) path: &'a str,
    pub(super) body: Option<&'a Value>,
    /// Whether the operation needs the key.
    pub(super) authenticated: bool,
    /// The file extension of a picture answer (`svg`, `png`), or `None` for JSON.
    pub(super) picture: Option<&'a str>,
}

/// The samples as Markdown, to follow an operation's description.
pub(super) fn markdown(request: &SampleRequest<'_>) -> String {
    format!(
        "#### Code samples\n\nWith `ORRERY_URL` set to the service's address and \
         `ORRERY_API_KEY` to your key (the demo key works).\n\n```bash\n{}\n```\n\n```python\n{}\n```\n\n\
         ```javascript\n{}\n```",
        curl(request),
        python(request),
        javascript(request)
    )
}

fn curl(request: &SampleRequest<'_>) -> String {
    let mut lines = vec![if request.method == "GET" {
        format!("curl -sf \"$ORRERY_URL{}\"", request.path)
    } else {
        format!(
            "curl -sf -X {} \"$ORRERY_URL{}\"",
            request.method, request.path
        )
    }];
    if request.authenticated {
        lines.push("-H \"X-API-Key: $ORRERY_API_KEY\"".to_owned());
    }
    if let Some(body) = request.body {
        lines.push("-H \"Content-Type: application/json\"".to_owned());
        let json = body.to_string().replace('\'', "'\\''");
        lines.push(format!("-d '{json}'"));
    }
    if let Some(extension) = request.picture {
        lines.push(format!("-o answer.{extension}"));
    }
    lines.join(" \\\n  ")
}

fn python(request: &SampleRequest<'_>) -> String {
    let mut code = String::from("import os\n\nimport requests\n\n");
    let _ = writeln!(
        code,
        "answer = requests.{}(\n    os.environ[\"ORRERY_URL\"] + {},",
        request.method.to_lowercase(),
        Value::from(request.path)
    );
    if request.authenticated {
        code.push_str("    headers={\"X-API-Key\": os.environ[\"ORRERY_API_KEY\"]},\n");
    }
    if let Some(body) = request.body {
        let _ = writeln!(code, "    json={},", python_literal(body, 1));
    }
    code.push_str(")\nanswer.raise_for_status()\n");
    match request.picture {
        Some(extension) => {
            let _ = write!(
                code,
                "with open(\"answer.{extension}\", \"wb\") as picture:\n    picture.write(answer.content)"
            );
        }
        None => code.push_str("print(answer.json())"),
    }
    code
}

fn javascript(request: &SampleRequest<'_>) -> String {
    let mut options = Vec::new();
    if request.method != "GET" {
        options.push(format!("  method: \"{}\",", request.method));
    }
    let mut headers = Vec::new();
    if request.authenticated {
        headers.push("\"X-API-Key\": process.env.ORRERY_API_KEY");
    }
    if request.body.is_some() {
        headers.push("\"Content-Type\": \"application/json\"");
    }
    if !headers.is_empty() {
        options.push(format!("  headers: {{ {} }},", headers.join(", ")));
    }
    if let Some(body) = request.body {
        let json = serde_json::to_string_pretty(body)
            .unwrap_or_default()
            .replace('\n', "\n  ");
        options.push(format!("  body: JSON.stringify({json}),"));
    }
    let call = if options.is_empty() {
        format!(
            "fetch(process.env.ORRERY_URL + {})",
            Value::from(request.path)
        )
    } else {
        format!(
            "fetch(process.env.ORRERY_URL + {}, {{\n{}\n}})",
            Value::from(request.path),
            options.join("\n")
        )
    };
    let read = match request.picture {
        Some(extension) => format!(
            "const picture = Buffer.from(await answer.arrayBuffer());\n\
             require(\"fs\").writeFileSync(\"answer.{extension}\", picture);"
        ),
        None => "console.log(await answer.json());".to_owned(),
    };
    format!(
        "const answer = await {call};\nif (!answer.ok) throw new Error(await answer.text());\n{read}"
    )
}

/// A JSON value as a Python literal (`True`, `None`, dictionaries), indented by four spaces a
/// level from `depth`.
fn python_literal(value: &Value, depth: usize) -> String {
    let inner = "    ".repeat(depth + 1);
    let outer = "    ".repeat(depth);
    match value {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(_) | Value::String(_) => value.to_string(),
        Value::Array(items) if items.iter().all(|v| !v.is_object() && !v.is_array()) => {
            let items: Vec<String> = items.iter().map(|v| python_literal(v, depth)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Array(items) => {
            let items: Vec<String> = items
                .iter()
                .map(|v| format!("{inner}{},\n", python_literal(v, depth + 1)))
                .collect();
            format!("[\n{}{outer}]", items.concat())
        }
        Value::Object(members) if members.is_empty() => "{}".to_owned(),
        Value::Object(members) => {
            let members: Vec<String> = members
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{inner}{}: {},\n",
                        Value::from(k.as_str()),
                        python_literal(v, depth + 1)
                    )
                })
                .collect();
            format!("{{\n{}{outer}}}", members.concat())
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_post_in_each_language() {
        let body = json!({"birth": {"datetime": "1990-01-01T12:00:00", "place": "O'Brien"},
                          "bodies": ["sun", "moon"], "sidereal": false, "orb": null});
        let request = SampleRequest {
            method: "POST",
            path: "/v1/radix",
            body: Some(&body),
            authenticated: true,
            picture: None,
        };
        assert_eq!(
            curl(&request),
            "curl -sf -X POST \"$ORRERY_URL/v1/radix\" \\\n  -H \"X-API-Key: $ORRERY_API_KEY\" \\\n  \
             -H \"Content-Type: application/json\" \\\n  -d '{\"birth\":{\"datetime\":\
             \"1990-01-01T12:00:00\",\"place\":\"O'\\''Brien\"},\"bodies\":[\"sun\",\"moon\"],\
             \"sidereal\":false,\"orb\":null}'"
        );
        let python = python(&request);
        assert!(python.contains(
            "    json={\n        \"birth\": {\n            \"datetime\": \"1990-01-01T12:00:00\",\n"
        ));
        assert!(python.contains("        \"bodies\": [\"sun\", \"moon\"],\n        \"sidereal\": False,\n        \"orb\": None,\n    },\n"));
        assert!(python.starts_with("import os\n\nimport requests\n\nanswer = requests.post(\n    os.environ[\"ORRERY_URL\"] + \"/v1/radix\",\n"));
        let javascript = javascript(&request);
        assert!(javascript.contains("  method: \"POST\",\n  headers: { \"X-API-Key\": process.env.ORRERY_API_KEY, \"Content-Type\": \"application/json\" },\n  body: JSON.stringify({\n    \"birth\": {"));
    }

    #[test]
    fn a_public_get_and_a_picture() {
        let request = SampleRequest {
            method: "GET",
            path: "/v1/health",
            body: None,
            authenticated: false,
            picture: None,
        };
        assert_eq!(curl(&request), "curl -sf \"$ORRERY_URL/v1/health\"");
        assert_eq!(
            javascript(&request),
            "const answer = await fetch(process.env.ORRERY_URL + \"/v1/health\");\n\
             if (!answer.ok) throw new Error(await answer.text());\nconsole.log(await answer.json());"
        );
        let body = json!({"kind": "natal"});
        let picture = SampleRequest {
            method: "POST",
            path: "/v1/chart-wheel",
            body: Some(&body),
            authenticated: true,
            picture: Some("svg"),
        };
        assert!(curl(&picture).ends_with("-o answer.svg"));
        assert!(python(&picture).ends_with("picture.write(answer.content)"));
    }
}
