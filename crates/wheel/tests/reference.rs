//! Visual regression: wheels rendered now against PNGs committed in `tests/reference/`.
//!
//! To accept a deliberate change of the drawing, rewrite the references and look at them:
//!
//! ```text
//! ORRERY_UPDATE_WHEEL_REFERENCES=1 cargo test -p orrery-wheel --test reference
//! ```

mod common;

use orrery_wheel::{Theme, WheelChart, WheelOptions, draw_wheel, svg_to_png};
use resvg::tiny_skia::Pixmap;

/// A pixel differs when one of its channels moved by more than this: anti-aliasing that
/// differs in the last bits between machines stays below it, a glyph's edge does not.
const CHANNEL_TOLERANCE: u8 = 48;
/// At most this many pixels may differ: a glyph moved by one pixel or a ring left out changes
/// hundreds (a body glyph at 400 px inks about 60).
const MAX_DIFFERING_PIXELS: usize = 40;

fn cases() -> Vec<(&'static str, WheelChart, WheelOptions)> {
    let options = |theme| WheelOptions {
        size_px: 400,
        theme,
        ..WheelOptions::default()
    };
    let mut heliocentric = common::natal(21);
    heliocentric.houses = None;
    vec![
        ("natal-light", common::natal(11), options(Theme::light())),
        (
            "transits-dark",
            common::bi_wheel(12),
            options(Theme::dark()),
        ),
        ("no-houses-mono", heliocentric, options(Theme::mono())),
    ]
}

#[test]
fn wheels_look_as_the_committed_references() {
    let update = std::env::var_os("ORRERY_UPDATE_WHEEL_REFERENCES").is_some();
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference");
    for (name, chart, options) in cases() {
        let png = svg_to_png(&draw_wheel(&chart, &options).unwrap()).unwrap();
        let path = folder.join(format!("{name}.png"));
        if update {
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let reference =
            Pixmap::load_png(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let now = Pixmap::decode_png(&png).unwrap();
        assert_eq!(
            (now.width(), now.height()),
            (reference.width(), reference.height()),
            "{name}"
        );
        let differing = now
            .data()
            .chunks_exact(4)
            .zip(reference.data().chunks_exact(4))
            .filter(|(a, b)| {
                a.iter()
                    .zip(*b)
                    .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
            })
            .count();
        assert!(
            differing <= MAX_DIFFERING_PIXELS,
            "{name}: {differing} pixels differ from {} (see the module's doc to update)",
            path.display()
        );
    }
}

#[test]
fn the_comparison_sees_a_moved_glyph() {
    let (_, chart, options) = cases().remove(0);
    let png = svg_to_png(&draw_wheel(&chart, &options).unwrap()).unwrap();
    let mut moved = chart.clone();
    moved.inner.bodies[0].longitude_deg += 1.0;
    let other = svg_to_png(&draw_wheel(&moved, &options).unwrap()).unwrap();
    let (a, b) = (
        Pixmap::decode_png(&png).unwrap(),
        Pixmap::decode_png(&other).unwrap(),
    );
    let differing = a
        .data()
        .chunks_exact(4)
        .zip(b.data().chunks_exact(4))
        .filter(|(x, y)| {
            x.iter()
                .zip(*y)
                .any(|(p, q)| p.abs_diff(*q) > CHANNEL_TOLERANCE)
        })
        .count();
    assert!(
        differing > MAX_DIFFERING_PIXELS,
        "only {differing} pixels differ"
    );
}
