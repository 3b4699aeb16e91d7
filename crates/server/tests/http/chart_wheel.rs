//! `POST /v1/chart-wheel`: every kind as a picture, cached and refused like the JSON endpoints.

use orrery_server::openapi::playground_examples;
use serde_json::{Value, json};

use crate::support::{DEMO_KEY, TestApp, post_invalid, post_json, post_ok};

const PATH: &str = "/v1/chart-wheel";

fn example(kind: &str) -> Value {
    playground_examples()
        .into_iter()
        .find(|e| e.path == PATH && e.variant.as_deref() == Some(kind))
        .and_then(|e| e.body)
        .unwrap_or_else(|| panic!("no chart-wheel example for {kind}"))
}

const KINDS: [&str; 7] = [
    "natal",
    "transits",
    "progressions",
    "synastry",
    "composite",
    "davison",
    "return",
];

#[tokio::test]
async fn every_kind_answers_an_svg_with_an_etag_and_304_on_a_match() {
    let app = TestApp::spawn().await;
    for kind in KINDS {
        let body = example(kind);
        let response = post_json(&app, PATH, &body).await;
        assert_eq!(response.status(), 200, "{kind}");
        let headers = response.headers().clone();
        assert_eq!(headers["content-type"], "image/svg+xml", "{kind}");
        assert!(headers.contains_key("x-ratelimit-remaining"), "{kind}");
        assert!(headers.contains_key("x-request-id"), "{kind}");
        let tag = headers["etag"].to_str().unwrap().to_owned();
        let svg = response.text().await.unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\""));
        assert!(svg.contains("data-body=\"sun\""), "{kind}");
        let two_rings = matches!(kind, "transits" | "progressions" | "synastry");
        assert_eq!(svg.contains("data-ring=\"outer\""), two_rings, "{kind}");

        let again = app
            .post(PATH)
            .header("X-API-Key", DEMO_KEY)
            .header("If-None-Match", &tag)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{kind}");
        assert_eq!(again.headers()["etag"].to_str().unwrap(), tag);
        assert!(again.headers().contains_key("x-ratelimit-remaining"));
    }
    app.cleanup().await;
}

#[tokio::test]
async fn a_png_is_exactly_size_pixels_wide() {
    let app = TestApp::spawn().await;
    let mut body = example("synastry");
    body["format"] = json!("png");
    body["size"] = json!(300);
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    let png = response.bytes().await.unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width then height, big-endian, from byte 16.
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    assert_eq!(width, 300);
    app.cleanup().await;
}

/// A 600 px natal wheel (the playground's natal example, with its aspect grid) in every theme is
/// at most 100 KB: the PNG has a palette instead of RGBA (it was 242 KB).
#[tokio::test]
async fn a_600_px_natal_png_is_at_most_100_kb() {
    let app = TestApp::spawn().await;
    for theme in ["light", "dark", "mono"] {
        let mut body = example("natal");
        body["format"] = json!("png");
        body["size"] = json!(600);
        body["theme"] = json!(theme);
        let response = post_json(&app, PATH, &body).await;
        assert_eq!(response.status(), 200, "{theme}");
        let png = response.bytes().await.unwrap();
        assert!(png.len() <= 100_000, "{theme}: {} bytes", png.len());
        // IHDR's colour type (byte 25) is 3: indexed.
        assert_eq!(png[25], 3, "{theme}");
    }
    app.cleanup().await;
}

#[tokio::test]
async fn the_natal_wheel_draws_the_radix_chart() {
    let app = TestApp::spawn().await;
    let body = example("natal");
    let radix = post_ok(&app, "/v1/radix", &body["radix"]).await;
    let svg = post_json(&app, PATH, &body).await.text().await.unwrap();
    for (name, planet) in radix["planets"].as_object().unwrap() {
        let longitude = planet["longitude"].as_f64().unwrap();
        let needle = format!("data-body=\"{name}\" data-longitude=\"{longitude:.4}\"");
        assert!(svg.contains(&needle), "{needle}");
    }
    for (number, cusp) in radix["houses"].as_object().unwrap() {
        let needle = format!(
            "data-cusp=\"{number}\" data-longitude=\"{:.4}\"",
            cusp.as_f64().unwrap()
        );
        assert!(svg.contains(&needle), "{needle}");
    }
    let aspects = radix["aspects"]["list"].as_array().unwrap().len();
    assert_eq!(svg.matches("<line class=\"aspect\"").count(), aspects);
    // The budget for a natal wheel with its aspects (here 15 bodies, 51 aspects).
    assert!(svg.len() <= 60_000, "{} bytes", svg.len());
    app.cleanup().await;
}

#[tokio::test]
async fn bad_input_is_a_400_naming_the_field() {
    let app = TestApp::spawn().await;
    let natal = example("natal");
    let with = |field: &str, value: Value| {
        let mut body = natal.clone();
        body[field] = value;
        body
    };
    let cases = [
        (with("size", json!(299)), "size"),
        (with("size", json!(4001)), "size"),
        (with("size", json!(800.5)), "size"),
        (with("theme", json!("pink")), "theme"),
        (with("kind", json!("horary")), "kind"),
        (with("format", json!("gif")), "format"),
        (json!({"kind": "natal"}), "radix"),
        (with("transits", json!({})), "transits"),
        (
            json!({"kind": "natal", "radix": {"birth": {"datetime": "1990-05-15T14:30:00Z",
                "location": {"latitude": 91, "longitude": 0}}}}),
            "radix.birth.location.latitude",
        ),
        (
            json!({"kind": "transits", "transits": {"natal": natal["radix"]["birth"],
                "start": "2025-01-01T00:00:00Z", "end": "2025-02-01T00:00:00Z"}}),
            "transits.start",
        ),
    ];
    for (body, field) in cases {
        let response = post_json(&app, PATH, &body).await;
        assert_eq!(response.status(), 400, "{body}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["field"], field, "{body}: {error}");
    }
    let message = post_invalid(&app, PATH, &with("theme", json!("pink"))).await;
    assert!(message.contains("light"), "{message}");
    app.cleanup().await;
}

#[tokio::test]
async fn a_return_searched_from_now_is_not_cached() {
    let app = TestApp::spawn().await;
    let mut body = example("return");
    body["returns"].as_object_mut().unwrap().remove("from");
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert!(!response.headers().contains_key("etag"));
    app.cleanup().await;
}

/// splitmix64, for the random births (a fixed seed: every run draws the same).
struct Random(u64);

impl Random {
    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.unit()
    }
}

fn random_birth(random: &mut Random, latest_year: f64) -> (Value, i64) {
    let year = random.range(1800.0, latest_year).floor() as i64;
    let month = random.range(1.0, 13.0).floor() as i64;
    let day = random.range(1.0, 29.0).floor() as i64;
    let minute = random.range(0.0, 1440.0).floor() as i64;
    let birth = json!({
        "datetime": format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:00Z", minute / 60, minute % 60),
        "location": {"latitude": random.range(-66.0, 66.0), "longitude": random.range(-180.0, 180.0)}
    });
    (birth, year)
}

/// A wheel request of `kind` for random births (years 1800-2390, latitudes -66..66).
fn random_request(random: &mut Random, kind: &str) -> Value {
    // Transits and returns look a few years ahead, within the asteroid files' 2400.
    let (birth, year) = random_birth(random, 2391.0);
    let later = format!("{:04}-06-01T00:00:00Z", year + 5);
    match kind {
        "natal" => json!({"kind": kind, "radix": {"birth": birth}}),
        "transits" => json!({"kind": kind, "transits": {"natal": birth, "at": later}}),
        "progressions" => json!({"kind": kind, "progressions": {"natal": birth, "at": later}}),
        "return" => json!({"kind": kind, "returns": {"natal": birth, "planet": "sun",
            "from": later, "location": birth["location"]}}),
        method => {
            let (partner, _) = random_birth(random, 2391.0);
            json!({"kind": kind, "relationship": {"method": method,
                "person_a": {"birth": birth}, "person_b": {"birth": partner}}})
        }
    }
}

fn number(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

/// The longitude a point of the wheel stands for, from what the SVG states of its rotation.
fn longitude_at(root: roxmltree::Node<'_, '_>, x: f64, y: f64) -> f64 {
    let (cx, cy) = (number(root, "data-center-x"), number(root, "data-center-y"));
    let screen = (-(y - cy)).atan2(x - cx).to_degrees();
    (screen - 180.0 + number(root, "data-left-longitude")).rem_euclid(360.0)
}

fn apart(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}

#[tokio::test]
async fn every_kind_puts_pointers_and_cusps_at_their_longitudes_for_random_births() {
    let app = TestApp::spawn().await;
    let mut random = Random(14);
    let mut charts = 0;
    for round in 0..8 {
        for kind in KINDS {
            let body = random_request(&mut random, kind);
            let response = post_json(&app, PATH, &body).await;
            let status = response.status();
            let svg = response.text().await.unwrap();
            assert_eq!(status, 200, "round {round} {kind}: {body} -> {svg}");
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let root = doc.root_element();
            let bodies: Vec<_> = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("body"))
                .collect();
            assert!(bodies.len() >= 10, "{kind}: {} bodies", bodies.len());
            for element in bodies {
                let pointer = element
                    .descendants()
                    .find(|n| n.attribute("class") == Some("pointer"))
                    .unwrap();
                let read = longitude_at(root, number(pointer, "x1"), number(pointer, "y1"));
                let stated = number(element, "data-longitude");
                assert!(
                    apart(read, stated) < 0.05,
                    "{kind} {element:?}: {read} vs {stated}"
                );
            }
            for cusp in doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("cusp"))
            {
                let read = longitude_at(root, number(cusp, "x1"), number(cusp, "y1"));
                let stated = number(cusp, "data-longitude");
                assert!(
                    apart(read, stated) < 0.05,
                    "{kind} cusp: {read} vs {stated}"
                );
            }
            charts += 1;
        }
    }
    assert!(charts >= 50);
    app.cleanup().await;
}

#[tokio::test]
async fn a_return_can_show_the_natal_chart_outside() {
    let app = TestApp::spawn().await;
    let mut body = example("return");
    body["natal_outside"] = json!(true);
    let response = post_json(&app, PATH, &body).await;
    assert_eq!(response.status(), 200);
    let svg = response.text().await.unwrap();
    assert!(svg.contains("data-ring=\"outer\" data-body=\"sun\""));
    assert!(svg.contains("the natal chart outside"));

    let mut natal = example("natal");
    natal["natal_outside"] = json!(true);
    let response = post_json(&app, PATH, &natal).await;
    assert_eq!(response.status(), 400);
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["error"]["field"], "natal_outside");
    app.cleanup().await;
}
