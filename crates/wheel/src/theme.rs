//! Colours and line styles: every colour of the drawing comes from a [`Theme`], so a designer
//! restyles the wheel by building one (docs/WHEEL.md lists what each field paints).

/// How the lines of one aspect are drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct AspectStyle {
    /// The aspect's snake_case name.
    pub aspect: &'static str,
    /// Any SVG colour.
    pub colour: String,
    /// An SVG `stroke-dasharray` in pixels at an 800 px wheel (scaled with the size); empty for a
    /// solid line.
    pub dash_at_800px: &'static str,
}

/// The colours of a wheel and a graphic ephemeris (any SVG colour: `#rrggbb`, names).
#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    pub name: &'static str,
    pub background: String,
    /// Circles, sign borders, labels.
    pub ink: String,
    /// Degree ticks, house cusps, grid lines.
    pub faint: String,
    /// The zodiac band's fill per element: fire, earth, air, water.
    pub element_fill: [String; 4],
    /// The sign glyphs' colour per element: fire, earth, air, water.
    pub element_ink: [String; 4],
    /// The ascendant-descendant and MC-IC axes and their labels.
    pub angle: String,
    /// The inner ring's bodies.
    pub body: String,
    /// The outer ring's bodies.
    pub outer_body: String,
    /// The ℞ of a retrograde body.
    pub retrograde: String,
    /// Per aspect; an aspect not listed is drawn in `ink`, solid.
    pub aspects: Vec<AspectStyle>,
    /// The lowest opacity of an aspect line (at the edge of its orb; 1 when exact).
    pub aspect_min_opacity: f64,
    /// The graphic ephemeris' body lines, in the order of the bodies (repeated when there are
    /// more bodies).
    pub series: Vec<String>,
}

/// The aspects' dash patterns: solid for the harmonious and the conjunction, dashed for the
/// hard ones, dotted for the minor ones, so that they differ in `print` and `mono` too.
const DASHES: [(&str, &str); 11] = [
    ("conjunction", ""),
    ("opposition", "10 4"),
    ("square", "10 4"),
    ("trine", ""),
    ("sextile", ""),
    ("semisextile", "2 3"),
    ("semisquare", "6 3 2 3"),
    ("sesquiquadrate", "6 3 2 3"),
    ("quincunx", "2 3"),
    ("quintile", "1 4"),
    ("biquintile", "1 4"),
];

fn aspect_styles(colour_of: impl Fn(&str) -> &'static str) -> Vec<AspectStyle> {
    DASHES
        .iter()
        .map(|&(aspect, dash)| AspectStyle {
            aspect,
            colour: colour_of(aspect).to_owned(),
            dash_at_800px: dash,
        })
        .collect()
}

fn owned_list(colours: &[&str]) -> Vec<String> {
    colours.iter().map(|&c| c.to_owned()).collect()
}

fn owned<const N: usize>(colours: [&str; N]) -> [String; N] {
    colours.map(str::to_owned)
}

impl Theme {
    /// Dark ink on white with tinted elements: the default.
    pub fn light() -> Self {
        Self {
            name: "light",
            background: "#ffffff".into(),
            ink: "#1f2430".into(),
            faint: "#8a8f99".into(),
            element_fill: owned(["#fde8e4", "#eef3e2", "#fdf6dc", "#e3eef9"]),
            element_ink: owned(["#c0392b", "#5b7a1e", "#b7950b", "#1f618d"]),
            angle: "#000000".into(),
            body: "#1f2430".into(),
            outer_body: "#6c3483".into(),
            retrograde: "#c0392b".into(),
            aspects: aspect_styles(|aspect| match aspect {
                "conjunction" => "#7d6608",
                "opposition" | "square" => "#c0392b",
                "trine" | "sextile" => "#1f618d",
                "semisquare" | "sesquiquadrate" => "#d35400",
                "semisextile" | "quincunx" => "#1e8449",
                _ => "#7d3c98",
            }),
            aspect_min_opacity: 0.25,
            series: owned_list(&[
                "#c0392b", "#1f618d", "#7d6608", "#6c3483", "#1e8449", "#d35400", "#2e4053",
                "#b03a2e", "#117a65", "#7b7d7d",
            ]),
        }
    }

    /// Light ink on a dark background.
    pub fn dark() -> Self {
        Self {
            name: "dark",
            background: "#15181e".into(),
            ink: "#e6e8ec".into(),
            faint: "#7b818c".into(),
            element_fill: owned(["#3a2424", "#27321f", "#3a3520", "#1f2c3a"]),
            element_ink: owned(["#ff8a80", "#b5d97a", "#ffe07a", "#82c4ff"]),
            angle: "#ffffff".into(),
            body: "#e6e8ec".into(),
            outer_body: "#d7a8f0".into(),
            retrograde: "#ff8a80".into(),
            aspects: aspect_styles(|aspect| match aspect {
                "conjunction" => "#ffe07a",
                "opposition" | "square" => "#ff6f61",
                "trine" | "sextile" => "#6fb8ff",
                "semisquare" | "sesquiquadrate" => "#ffab5e",
                "semisextile" | "quincunx" => "#7ddc95",
                _ => "#d7a8f0",
            }),
            aspect_min_opacity: 0.3,
            series: owned_list(&[
                "#ff8a80", "#82c4ff", "#ffe07a", "#d7a8f0", "#7ddc95", "#ffab5e", "#c8d0dc",
                "#ff6f61", "#5fd3c0", "#b0b4ba",
            ]),
        }
    }

    /// Black on white, greys only: for printing.
    pub fn print() -> Self {
        Self {
            name: "print",
            background: "#ffffff".into(),
            ink: "#000000".into(),
            faint: "#777777".into(),
            element_fill: owned(["#ffffff", "#f2f2f2", "#ffffff", "#f2f2f2"]),
            element_ink: owned(["#000000"; 4]),
            angle: "#000000".into(),
            body: "#000000".into(),
            outer_body: "#444444".into(),
            retrograde: "#000000".into(),
            aspects: aspect_styles(|aspect| match aspect {
                "conjunction" | "opposition" | "square" | "trine" | "sextile" => "#000000",
                _ => "#555555",
            }),
            aspect_min_opacity: 0.35,
            series: owned_list(&[
                "#000000", "#333333", "#555555", "#000000", "#333333", "#555555", "#000000",
                "#333333", "#555555", "#000000",
            ]),
        }
    }

    /// Pure black on white, no grey and no transparency: for e-ink screens.
    pub fn mono() -> Self {
        Self {
            name: "mono",
            background: "#ffffff".into(),
            ink: "#000000".into(),
            faint: "#000000".into(),
            element_fill: owned(["#ffffff"; 4]),
            element_ink: owned(["#000000"; 4]),
            angle: "#000000".into(),
            body: "#000000".into(),
            outer_body: "#000000".into(),
            retrograde: "#000000".into(),
            aspects: aspect_styles(|_| "#000000"),
            aspect_min_opacity: 1.0,
            series: owned_list(&["#000000"]),
        }
    }

    /// The style of an aspect's line.
    pub fn aspect_style(&self, aspect: &str) -> (&str, &str) {
        self.aspects
            .iter()
            .find(|s| s.aspect == aspect)
            .map_or((self.ink.as_str(), ""), |s| {
                (s.colour.as_str(), s.dash_at_800px)
            })
    }
}
