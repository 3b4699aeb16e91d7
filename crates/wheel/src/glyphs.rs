//! Characters as vector outlines: every glyph of the drawing is a `<path>` defined once in the
//! SVG's `<defs>` and placed with `<use>`, so no font is loaded by a browser or by the PNG
//! renderer (the outlines are DejaVu Sans', see `glyphs/README.md`).

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::outlines::OUTLINES;

/// One character's outline, in 1/100 em, y downwards, the baseline at y = 0.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Outline {
    pub ch: char,
    pub path: &'static str,
    pub advance: f64,
    /// `[x_min, y_min, x_max, y_max]`.
    pub bounds: [f64; 4],
}

/// Units of the outlines per em.
const EM_UNITS: f64 = 100.0;
/// The height of a digit above the baseline, in outline units: text is centred on it.
const CAP_HEIGHT: f64 = 72.9;
/// Drawn for a character the outlines lack (never for the characters the wheel uses).
const REPLACEMENT: char = '?';

pub(crate) fn outline(ch: char) -> &'static Outline {
    let find = |c: char| OUTLINES.binary_search_by(|o| o.ch.cmp(&c)).ok();
    let index = find(ch).or_else(|| find(REPLACEMENT)).unwrap_or_default();
    &OUTLINES[index]
}

/// The glyph of a body by its API name, or `None` for bodies without a symbol (drawn by name).
pub(crate) fn body_symbol(name: &str) -> Option<&'static str> {
    Some(match name {
        "sun" => "☉",
        "moon" => "☽",
        "mercury" => "☿",
        "venus" => "♀",
        "mars" => "♂",
        "jupiter" => "♃",
        "saturn" => "♄",
        "uranus" => "♅",
        "neptune" => "♆",
        "pluto" => "♇",
        "earth" => "♁",
        "mean_node" => "☊",
        "true_node" => "☊t",
        "south_node" | "mean_south_node" => "☋",
        "true_south_node" => "☋t",
        "chiron" => "⚷",
        "mean_apogee" => "⚸",
        "osculating_apogee" => "⚸o",
        "interpolated_apogee" => "⚸i",
        "ceres" => "⚳",
        "pallas" => "⚴",
        "juno" => "⚵",
        "vesta" => "⚶",
        "ascendant" => "AC",
        "mc" => "MC",
        _ => return None,
    })
}

/// What a body is drawn as: its symbol, or a short form of its name.
pub(crate) fn body_mark(name: &str) -> String {
    body_symbol(name).map_or_else(
        || {
            // `asteroid_433` -> `433`; other names by their first three letters.
            name.strip_prefix("asteroid_").map_or_else(
                || {
                    let mut short: String = name.chars().take(3).collect();
                    if let Some(first) = short.get_mut(0..1) {
                        first.make_ascii_uppercase();
                    }
                    short
                },
                str::to_owned,
            )
        },
        str::to_owned,
    )
}

pub(crate) const SIGN_SYMBOLS: [char; 12] = [
    '♈', '♉', '♊', '♋', '♌', '♍', '♎', '♏', '♐', '♑', '♒', '♓',
];

pub(crate) const SIGN_NAMES: [&str; 12] = [
    "Aries",
    "Taurus",
    "Gemini",
    "Cancer",
    "Leo",
    "Virgo",
    "Libra",
    "Scorpio",
    "Sagittarius",
    "Capricorn",
    "Aquarius",
    "Pisces",
];

/// The mark of an aspect in the grid.
pub(crate) fn aspect_symbol(aspect: &str) -> &'static str {
    match aspect {
        "conjunction" => "☌",
        "opposition" => "☍",
        "trine" => "△",
        "square" => "□",
        "sextile" => "✱",
        "semisquare" => "∠",
        "sesquiquadrate" => "□∠",
        "semisextile" => "⊻",
        "quincunx" => "⊼",
        "quintile" => "Q",
        "biquintile" => "bQ",
        _ => "?",
    }
}

/// Glyphs placed so far, so that `<defs>` holds exactly the outlines used.
#[derive(Debug, Default)]
pub(crate) struct GlyphSheet {
    used: BTreeSet<char>,
}

/// A box in pixels: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxPx {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl BoxPx {
    pub fn overlaps(&self, other: &Self) -> bool {
        self.x < other.x + other.width
            && other.x < self.x + self.width
            && self.y < other.y + other.height
            && other.y < self.y + self.height
    }
}

/// How a run of characters is aligned on its anchor point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// Centred horizontally on the advance widths, vertically on the digits' height: labels.
    Text,
    /// Centred on the ink's own bounds: a symbol stands centred on its point.
    Ink,
}

impl GlyphSheet {
    /// The width and height, in pixels, of `text` at `em_px`.
    pub(crate) fn measure(text: &str, em_px: f64, anchor: Anchor) -> (f64, f64) {
        let k = em_px / EM_UNITS;
        match anchor {
            Anchor::Text => {
                let advance: f64 = text.chars().map(|c| outline(c).advance).sum();
                (advance * k, CAP_HEIGHT * k)
            }
            Anchor::Ink => {
                let [x0, y0, x1, y1] = ink_bounds(text);
                ((x1 - x0) * k, (y1 - y0) * k)
            }
        }
    }

    /// Writes `text` centred on `(cx, cy)` at `em_px` pixels per em in the colour `fill` (else the
    /// enclosing group's), and returns the box it occupies.
    pub(crate) fn place(
        &mut self,
        out: &mut String,
        text: &str,
        centre: (f64, f64),
        em_px: f64,
        fill: Option<&str>,
        anchor: Anchor,
    ) -> BoxPx {
        let attributes = fill.map_or_else(String::new, |fill| format!(r#"fill="{fill}""#));
        self.place_with(out, &attributes, text, centre, em_px, anchor)
    }

    /// [`Self::place`] with any attributes on the run's group (`class`, `data-*`, `fill`).
    pub(crate) fn place_with(
        &mut self,
        out: &mut String,
        attributes: &str,
        text: &str,
        (cx, cy): (f64, f64),
        em_px: f64,
        anchor: Anchor,
    ) -> BoxPx {
        let k = em_px / EM_UNITS;
        let (width, height) = Self::measure(text, em_px, anchor);
        let (origin_x, origin_y) = match anchor {
            Anchor::Text => (cx - width / 2.0, cy + height / 2.0),
            Anchor::Ink => {
                let [x0, y0, x1, y1] = ink_bounds(text);
                (cx - (x0 + x1) / 2.0 * k, cy - (y0 + y1) / 2.0 * k)
            }
        };
        out.push_str("<g");
        if !attributes.is_empty() {
            out.push(' ');
            out.push_str(attributes);
        }
        let _ = write!(
            out,
            r#" transform="translate({origin_x:.1} {origin_y:.1}) scale({k:.3})">"#
        );
        let mut pen = 0.0;
        for ch in text.chars() {
            let glyph = outline(ch);
            if !glyph.path.is_empty() {
                self.used.insert(glyph.ch);
                if pen == 0.0 {
                    let _ = write!(out, r##"<use href="#g{:x}"/>"##, u32::from(glyph.ch));
                } else {
                    let _ = write!(
                        out,
                        r##"<use href="#g{:x}" x="{pen:.0}"/>"##,
                        u32::from(glyph.ch)
                    );
                }
            }
            pen += glyph.advance;
        }
        out.push_str("</g>");
        BoxPx {
            x: cx - width / 2.0,
            y: cy - height / 2.0,
            width,
            height,
        }
    }

    /// The `<defs>` of every outline placed.
    pub(crate) fn defs(&self) -> String {
        let mut out = String::from("<defs>");
        for &ch in &self.used {
            let glyph = outline(ch);
            let _ = write!(
                out,
                r#"<path id="g{:x}" d="{}"/>"#,
                u32::from(ch),
                glyph.path
            );
        }
        out.push_str("</defs>");
        out
    }
}

/// The ink bounds of a run of characters set side by side, in outline units.
fn ink_bounds(text: &str) -> [f64; 4] {
    let mut pen = 0.0;
    let mut bounds = [
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    ];
    for ch in text.chars() {
        let glyph = outline(ch);
        if !glyph.path.is_empty() {
            let [x0, y0, x1, y1] = glyph.bounds;
            bounds[0] = bounds[0].min(pen + x0);
            bounds[1] = bounds[1].min(y0);
            bounds[2] = bounds[2].max(pen + x1);
            bounds[3] = bounds[3].max(y1);
        }
        pen += glyph.advance;
    }
    if bounds[0].is_finite() {
        bounds
    } else {
        [0.0; 4]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_the_wheel_draws_has_an_outline() {
        let mut texts: Vec<&str> = [
            "sun",
            "moon",
            "mercury",
            "venus",
            "mars",
            "jupiter",
            "saturn",
            "uranus",
            "neptune",
            "pluto",
            "earth",
            "mean_node",
            "true_node",
            "chiron",
            "mean_apogee",
            "ceres",
        ]
        .iter()
        .filter_map(|n| body_symbol(n))
        .collect();
        let signs: String = SIGN_SYMBOLS.iter().collect();
        texts.push(&signs);
        texts.push("0123456789°′℞");
        for aspect in ["conjunction", "sextile", "quincunx", "sesquiquadrate"] {
            texts.push(aspect_symbol(aspect));
        }
        for text in texts {
            for ch in text.chars() {
                assert_eq!(outline(ch).ch, ch, "no outline for {ch:?} in {text:?}");
            }
        }
    }

    #[test]
    fn outlines_are_sorted_for_the_binary_search() {
        assert!(OUTLINES.windows(2).all(|w| w[0].ch < w[1].ch));
    }

    #[test]
    fn an_unknown_body_is_drawn_by_a_short_name() {
        assert_eq!(body_mark("asteroid_433"), "433");
        assert_eq!(body_mark("pholus"), "Pho");
        assert_eq!(body_mark("mars"), "♂");
    }
}
