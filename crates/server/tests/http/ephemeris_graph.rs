//! `POST /v1/ephemeris-graph`: the crossings read back from the picture are the transits that
//! `/v1/transits` finds, to a pixel's worth of time.

use roxmltree::{Document, Node};
use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, post_json, post_ok};

const PATH: &str = "/v1/ephemeris-graph";

fn natal() -> Value {
    json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

fn attr(node: Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

/// Where the lines of `body` cross the height `y`, as Julian days, read from the polylines.
fn crossings(doc: &Document<'_>, body: &str, y: f64) -> Vec<f64> {
    let root = doc.root_element();
    let (left, width) = (attr(root, "data-plot-left"), attr(root, "data-plot-width"));
    let (start, end) = (attr(root, "data-start-jd"), attr(root, "data-end-jd"));
    let series = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("series") && n.attribute("data-body") == Some(body))
        .unwrap_or_else(|| panic!("no series for {body}"));
    let mut found = Vec::new();
    for polyline in series.children().filter(|n| n.has_tag_name("polyline")) {
        let points: Vec<(f64, f64)> = polyline
            .attribute("points")
            .unwrap()
            .split_whitespace()
            .map(|pair| {
                let (x, y) = pair.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        for pair in points.windows(2) {
            let ((x1, y1), (x2, y2)) = (pair[0], pair[1]);
            if (y1 - y) * (y2 - y) < 0.0 || (y2 - y).abs() < f64::EPSILON {
                let x = x1 + (x2 - x1) * (y - y1) / (y2 - y1);
                found.push(start + (x - left) / width * (end - start));
            }
        }
    }
    found
}

#[tokio::test]
async fn crossings_on_the_full_dial_are_the_conjunctions_of_transits() {
    let app = TestApp::spawn().await;
    let (start, end) = ("2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z");
    let bodies = ["sun", "mercury", "venus", "mars"];
    let body = json!({"start": start, "end": end, "bodies": bodies, "natal": natal()});
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    let svg = response.text().await.unwrap();
    let doc = Document::parse(&svg).unwrap();
    let root = doc.root_element();
    let pixel_days =
        (attr(root, "data-end-jd") - attr(root, "data-start-jd")) / attr(root, "data-plot-width");

    let transits = post_ok(
        &app,
        "/v1/transits",
        &json!({"natal": natal(), "start": start, "end": end, "transit_points": bodies,
                "aspects": ["conjunction"]}),
    )
    .await;
    let events = transits["events"].as_array().unwrap();
    assert!(events.len() > 20, "{}", events.len());
    let mut checked = 0;
    for event in events {
        // Near a station a line runs flat and its crossing has no time to a pixel.
        if event["transit_speed"].as_f64().unwrap().abs() < 0.2 {
            continue;
        }
        let point = event["natal_point"].as_str().unwrap();
        let line = doc
            .descendants()
            .find(|n| n.attribute("data-point") == Some(point))
            .unwrap_or_else(|| panic!("no natal line for {point}"));
        let y = attr(line, "y1");
        let exact = event["exact_at_jd"].as_f64().unwrap();
        let read = crossings(&doc, event["transit_point"].as_str().unwrap(), y);
        let nearest = read
            .iter()
            .map(|jd| (jd - exact).abs())
            .fold(f64::INFINITY, f64::min);
        assert!(
            nearest <= pixel_days,
            "{event}: the nearest crossing is {nearest} days away ({pixel_days} a pixel)"
        );
        checked += 1;
    }
    assert!(checked > 20, "{checked}");

    // And the other way: every crossing of a natal line by a moving body is an event.
    for line in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("natal-point"))
    {
        let point = line.attribute("data-point").unwrap();
        let transited = events.iter().any(|e| e["natal_point"] == point);
        if !transited && !["ascendant", "mc"].contains(&point) && !point.contains("apogee") {
            continue;
        }
        for body in bodies {
            for jd in crossings(&doc, body, attr(line, "y1")) {
                let matched = events.iter().any(|e| {
                    e["transit_point"] == body
                        && e["natal_point"] == point
                        && (e["exact_at_jd"].as_f64().unwrap() - jd).abs() <= 3.0 * pixel_days
                });
                // Points transits does not track (the apogees) have no events to match.
                if transited || matched {
                    assert!(matched, "{body} crosses {point} at JD {jd} with no event");
                }
            }
        }
    }
    app.cleanup().await;
}

#[tokio::test]
async fn dials_formats_caching_and_errors() {
    let app = TestApp::spawn().await;
    let body = json!({"start": "2025-01-01T00:00:00Z", "end": "2025-07-01T00:00:00Z",
                      "dial": "forty_five", "format": "png", "size": 400, "theme": "dark"});
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    let tag = response.headers()["etag"].to_str().unwrap().to_owned();
    let png = response.bytes().await.unwrap();
    assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 400);
    let again = app
        .post(PATH)
        .header("X-API-Key", DEMO_KEY)
        .header("If-None-Match", &tag)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    for (bad, field) in [
        (
            json!({"start": "2025-01-01T00:00:00Z", "end": "2031-01-02T00:00:00Z"}),
            "end",
        ),
        (
            json!({"start": "2025-01-01T00:00:00Z", "end": "2024-01-01T00:00:00Z"}),
            "end",
        ),
        (
            json!({"start": "2025-01-01T00:00:00Z", "end": "2025-02-01T00:00:00Z", "dial": "30"}),
            "dial",
        ),
        (
            json!({"start": "2025-01-01T00:00:00Z", "end": "2025-02-01T00:00:00Z", "bodies": ["vulcan"]}),
            "bodies[0]",
        ),
        (
            json!({"start": "2025-01-01", "end": "2025-02-01T00:00:00Z"}),
            "start",
        ),
    ] {
        let response = post_json(&app, PATH, &bad).await;
        assert_eq!(response.status(), 400, "{bad}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["field"], field, "{bad}: {error}");
    }
    app.cleanup().await;
}
