//! The chart wheel as SVG (docs/WHEEL.md describes the picture).

use std::fmt::Write;

use crate::chart::{AspectLink, BodyPoint, HouseCusps, Ring, RingSide, WheelChart};
use crate::error::WheelError;
use crate::geometry::{Frame, sign_degree_minute};
use crate::glyphs::{Anchor, GlyphSheet, SIGN_NAMES, SIGN_SYMBOLS, body_mark};
use crate::grid::draw_grid;
use crate::spread::spread;
use crate::theme::Theme;
use crate::words::{body_words, position_words};

/// How to draw a wheel.
#[derive(Debug, Clone)]
pub struct WheelOptions {
    /// The picture's width in pixels (the wheel's diameter; the aspect grid goes below it).
    pub size_px: u32,
    pub theme: Theme,
    pub aspect_lines: bool,
    /// Each body's degree, sign and minute beside its glyph, and each cusp's outside the ring.
    pub degree_labels: bool,
    pub aspect_grid: bool,
}

impl Default for WheelOptions {
    fn default() -> Self {
        Self {
            size_px: 800,
            theme: Theme::light(),
            aspect_lines: true,
            degree_labels: true,
            aspect_grid: true,
        }
    }
}

/// Radii, as fractions of half the width.
pub mod radius {
    /// The inner edge of the cusp labels outside the zodiac.
    pub const LABELS: f64 = 0.835;
    pub const ZODIAC_OUTER: f64 = 0.82;
    pub const ZODIAC_INNER: f64 = 0.70;

    /// The radii inside the zodiac, which differ between one ring and two.
    #[derive(Debug, Clone, Copy)]
    pub struct Inner {
        /// Between the outer and the inner ring of a bi-wheel.
        pub ring_separator: f64,
        /// The inner edge of the bodies' band; house numbers are drawn below it.
        pub bodies_inner: f64,
        pub house_numbers: f64,
        /// The circle the aspect lines start on.
        pub aspects: f64,
    }

    pub const ONE_RING: Inner = Inner {
        ring_separator: ZODIAC_INNER,
        bodies_inner: 0.45,
        house_numbers: 0.425,
        aspects: 0.40,
    };

    pub const TWO_RINGS: Inner = Inner {
        ring_separator: 0.535,
        bodies_inner: 0.37,
        house_numbers: 0.345,
        aspects: 0.32,
    };
}

/// A band of bodies thinner than this (a bi-wheel's) gets compact stacks.
const COMPACT_BELOW: f64 = 0.2;

/// Sizes, as fractions of half the width.
mod size {
    pub(crate) const SIGN_GLYPH_EM: f64 = 0.072;
    pub(crate) const BODY_GLYPH_EM: f64 = 0.075;
    pub(crate) const LABEL_EM: f64 = 0.047;
    /// Labels of the narrower bands of a bi-wheel.
    pub(crate) const COMPACT_LABEL_EM: f64 = 0.04;
    pub(crate) const CUSP_LABEL_EM: f64 = 0.042;
    pub(crate) const HOUSE_NUMBER_EM: f64 = 0.034;
    /// The gap between a ring and the top of its glyphs, crossed by the pointers.
    pub(crate) const POINTER_GAP: f64 = 0.03;
    /// The gap between two items of a glyph stack.
    pub(crate) const ITEM_GAP: f64 = 0.008;
    /// The free space kept between neighbouring glyph stacks.
    pub(crate) const STACK_CLEARANCE: f64 = 0.012;
    pub(crate) const TICK_1: f64 = 0.012;
    pub(crate) const TICK_5: f64 = 0.022;
    pub(crate) const TICK_10: f64 = 0.034;
    pub(crate) const LINE: f64 = 0.0035;
}

/// Draws a chart wheel.
///
/// # Errors
/// Chart data the wheel cannot draw ([`WheelChart::validate`]).
pub fn draw_wheel(chart: &WheelChart, options: &WheelOptions) -> Result<String, WheelError> {
    chart.validate()?;
    let width = f64::from(options.size_px);
    let unit = width / 2.0;
    let left_longitude_deg = chart.houses.as_ref().map_or(0.0, |h| h.axes.ascendant_deg);
    let frame = Frame {
        cx: unit,
        cy: unit,
        unit,
        left_longitude_deg,
    };
    let mut drawing = Drawing {
        out: String::with_capacity(48 * 1024),
        sheet: GlyphSheet::default(),
        frame,
        theme: &options.theme,
        line_px: size::LINE * unit,
        two_rings: chart.outer.is_some(),
        radii: if chart.outer.is_some() {
            radius::TWO_RINGS
        } else {
            radius::ONE_RING
        },
    };
    drawing.zodiac();
    if let Some(houses) = &chart.houses {
        drawing.houses(houses, options.degree_labels);
    } else {
        drawing.no_houses_note();
    }
    drawing.circles(chart.outer.is_some());
    if options.aspect_lines {
        drawing.aspect_lines(chart)?;
    }
    match &chart.outer {
        Some(outer) => {
            drawing.ring(
                outer,
                RingSide::Outer,
                (drawing.radii.ring_separator, radius::ZODIAC_INNER),
                options.degree_labels,
            );
            drawing.ring(
                &chart.inner,
                RingSide::Inner,
                (drawing.radii.bodies_inner, drawing.radii.ring_separator),
                options.degree_labels,
            );
        }
        None => drawing.ring(
            &chart.inner,
            RingSide::Inner,
            (drawing.radii.bodies_inner, radius::ZODIAC_INNER),
            options.degree_labels,
        ),
    }
    let mut height = width;
    if options.aspect_grid && !chart.aspects.is_empty() {
        height += draw_grid(
            &mut drawing.out,
            &mut drawing.sheet,
            chart,
            &options.theme,
            width,
        );
    }

    let rotation_words = if chart.houses.is_some() {
        "The ascendant is at 9 o'clock"
    } else {
        "The chart has no houses: 0° Aries is at 9 o'clock"
    };
    let mut svg = String::with_capacity(drawing.out.len() + 16 * 1024);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0}" viewBox="0 0 {width} {height:.0}" role="img" data-kind="chart-wheel" data-center-x="{cx:.2}" data-center-y="{cy:.2}" data-left-longitude="{left:.4}" data-zodiac-inner-radius="{rz:.2}">"#,
        cx = frame.cx,
        cy = frame.cy,
        left = left_longitude_deg.rem_euclid(360.0),
        rz = radius::ZODIAC_INNER * unit,
    );
    let _ = write!(
        svg,
        "<title>{}</title><desc>{rotation_words}; longitudes increase counter-clockwise.</desc>",
        escape(&chart.title)
    );
    svg.push_str(&drawing.sheet.defs());
    let _ = write!(
        svg,
        r#"<rect width="100%" height="100%" fill="{}"/>"#,
        options.theme.background
    );
    svg.push_str(&drawing.out);
    svg.push_str("</svg>");
    Ok(svg)
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

struct Drawing<'a> {
    out: String,
    sheet: GlyphSheet,
    frame: Frame,
    theme: &'a Theme,
    line_px: f64,
    two_rings: bool,
    radii: radius::Inner,
}

impl Drawing<'_> {
    fn px(&self, fraction: f64) -> f64 {
        fraction * self.frame.unit
    }

    fn zodiac(&mut self) {
        let frame = self.frame;
        let _ = write!(
            self.out,
            r#"<g class="zodiac"><g stroke="{}" stroke-width="{:.2}">"#,
            self.theme.ink, self.line_px
        );
        for (sign, name) in SIGN_NAMES.iter().enumerate() {
            let start = sign as f64 * 30.0;
            let d = frame.sector(
                (radius::ZODIAC_INNER, radius::ZODIAC_OUTER),
                start,
                start + 30.0,
            );
            let _ = write!(
                self.out,
                r#"<path class="sign" data-sign="{lower}" d="{d}" fill="{fill}"><title>{name}</title></path>"#,
                lower = name.to_lowercase(),
                fill = self.theme.element_fill[sign % 4],
            );
        }
        self.out.push_str("</g>");
        for (sign, symbol) in SIGN_SYMBOLS.iter().enumerate() {
            let start = sign as f64 * 30.0;
            let centre = frame.at(
                (radius::ZODIAC_INNER + size::TICK_10 + radius::ZODIAC_OUTER) / 2.0,
                start + 15.0,
            );
            let fill = self.theme.element_ink[sign % 4].clone();
            let em = self.px(size::SIGN_GLYPH_EM);
            self.sheet.place(
                &mut self.out,
                &symbol.to_string(),
                centre,
                em,
                Some(&fill),
                Anchor::Ink,
            );
        }
        self.ticks();
        self.out.push_str("</g>");
    }

    /// The 1°, 5° and 10° ticks as three dashed circles (a few hundred bytes instead of 360
    /// lines): each circle's stroke is as wide as its ticks are long, and its dashes are one
    /// tick wide, one per 1°, 5° or 10°, turned so that they sit on whole degrees.
    fn ticks(&mut self) {
        // A circle's stroke starts at 3 o'clock and runs clockwise on the screen; whole
        // longitudes sit at screen angles (left longitude - 180 - k) degrees clockwise.
        let turn = (self.frame.left_longitude_deg - 180.0).rem_euclid(1.0);
        let width = self.line_px * 0.8;
        for (length, every_deg) in [
            (size::TICK_1, 1.0),
            (size::TICK_5, 5.0),
            (size::TICK_10, 10.0),
        ] {
            let r = self.px(radius::ZODIAC_INNER + length / 2.0);
            let period = std::f64::consts::TAU * r * every_deg / 360.0;
            let _ = write!(
                self.out,
                r#"<circle class="ticks" cx="{cx:.2}" cy="{cy:.2}" r="{r:.2}" fill="none" stroke="{ink}" stroke-width="{sw:.2}" stroke-dasharray="{width:.3} {gap:.4}" stroke-dashoffset="{offset:.3}" transform="rotate({turn:.4} {cx:.2} {cy:.2})"/>"#,
                cx = self.frame.cx,
                cy = self.frame.cy,
                ink = self.theme.faint,
                sw = self.px(length),
                gap = period - width,
                offset = width / 2.0,
            );
        }
    }

    fn circles(&mut self, bi_wheel: bool) {
        let mut radii = vec![self.radii.aspects, self.radii.bodies_inner];
        if bi_wheel {
            radii.push(self.radii.ring_separator);
        }
        for r in radii {
            let _ = write!(
                self.out,
                r#"<circle cx="{:.2}" cy="{:.2}" r="{:.2}" fill="none" stroke="{}" stroke-width="{:.2}"/>"#,
                self.frame.cx,
                self.frame.cy,
                self.px(r),
                self.theme.ink,
                self.line_px
            );
        }
    }

    fn no_houses_note(&mut self) {
        let em = self.px(size::CUSP_LABEL_EM);
        let text = "0°♈ at 9 o'clock: no houses";
        let (w, h) = GlyphSheet::measure(text, em, Anchor::Text);
        let centre = (w / 2.0 + em * 0.3, 2.0 * self.frame.unit - h);
        let ink = self.theme.faint.clone();
        self.out
            .push_str(r#"<g class="rotation-note"><title>The chart has no houses: 0° Aries is at 9 o'clock</title>"#);
        self.sheet
            .place(&mut self.out, text, centre, em, Some(&ink), Anchor::Text);
        self.out.push_str("</g>");
    }

    fn houses(&mut self, houses: &HouseCusps, degree_labels: bool) {
        let frame = self.frame;
        let axes = houses.axes;
        let angles = [
            ("ascendant", "AC", axes.ascendant_deg),
            ("descendant", "DC", axes.ascendant_deg + 180.0),
            ("mc", "MC", axes.mc_deg),
            ("ic", "IC", axes.mc_deg + 180.0),
        ];
        let coincides = |a: f64, b: f64| ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs() < 1e-6;
        let n = houses.cusps_deg.len();
        let angle_of = |cusp: f64| angles.iter().find(|(_, _, lon)| coincides(*lon, cusp));
        let _ = write!(
            self.out,
            r#"<g class="houses"><g stroke="{}" stroke-width="{:.2}">"#,
            self.theme.faint, self.line_px
        );
        for (i, &cusp) in houses.cusps_deg.iter().enumerate() {
            let words = match angle_of(cusp) {
                Some((name, _, _)) => {
                    format!("House {} ({}) {}", i + 1, name, position_words(cusp))
                }
                None => format!("House {} {}", i + 1, position_words(cusp)),
            };
            let data = format!(
                r#"class="cusp" data-cusp="{}" data-longitude="{:.4}""#,
                i + 1,
                cusp.rem_euclid(360.0)
            );
            self.titled_line(
                &data,
                (radius::ZODIAC_INNER, self.radii.aspects),
                cusp,
                &words,
            );
        }
        let _ = write!(
            self.out,
            r#"</g><g stroke="{}" stroke-width="{:.2}">"#,
            self.theme.angle,
            self.line_px * 2.5
        );
        for (name, _, lon) in angles {
            let data = format!(
                r#"class="angle" data-angle="{name}" data-longitude="{:.4}""#,
                lon.rem_euclid(360.0)
            );
            let words = format!("{} {}", body_words(name), position_words(lon));
            self.titled_line(
                &data,
                (radius::ZODIAC_OUTER + 0.012, self.radii.aspects),
                lon,
                &words,
            );
        }
        // The house numbers in the middle of each house.
        let _ = write!(self.out, r#"</g><g fill="{}">"#, self.theme.faint);
        let em = self.px(size::HOUSE_NUMBER_EM);
        for (i, &cusp) in houses.cusps_deg.iter().enumerate() {
            let next = houses.cusps_deg[(i + 1) % n];
            let middle = cusp + (next - cusp).rem_euclid(360.0) / 2.0;
            self.sheet.place(
                &mut self.out,
                &(i + 1).to_string(),
                frame.at(self.radii.house_numbers, middle),
                em,
                None,
                Anchor::Text,
            );
        }
        self.out.push_str("</g>");
        if degree_labels {
            // Each cusp's degree outside the zodiac, an angle's with its name; an angle that is
            // no cusp (the MC of equal houses) gets its own.
            let _ = write!(self.out, r#"<g fill="{}">"#, self.theme.ink);
            for &cusp in &houses.cusps_deg {
                let label = degree_label(cusp);
                match angle_of(cusp) {
                    Some((_, short, _)) => self.outside_label(&[short, &label], cusp, true),
                    None => self.outside_label(&[&label], cusp, false),
                }
            }
            for (_, short, lon) in angles {
                if !houses.cusps_deg.iter().any(|&c| coincides(c, lon)) {
                    self.outside_label(&[short, &degree_label(lon)], lon, true);
                }
            }
            self.out.push_str("</g>");
        }
        self.out.push_str("</g>");
    }

    /// A radial line between two radii at a longitude, with its data and its `<title>`.
    fn titled_line(&mut self, data: &str, (r1, r2): (f64, f64), lon: f64, words: &str) {
        let (x1, y1) = self.frame.at(r1, lon);
        let (x2, y2) = self.frame.at(r2, lon);
        let _ = write!(
            self.out,
            r#"<line {data} x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}"><title>{words}</title></line>"#
        );
    }

    /// Lines of text outside the zodiac at a longitude (a cusp's degree, an angle's name).
    fn outside_label(&mut self, lines: &[&str], lon: f64, emphasised: bool) {
        let em = self.px(size::CUSP_LABEL_EM);
        let line_height = em * 0.95;
        let widths: Vec<f64> = lines
            .iter()
            .map(|l| GlyphSheet::measure(l, em, Anchor::Text).0)
            .collect();
        let width = widths.iter().copied().fold(0.0, f64::max);
        let height = line_height * lines.len() as f64;
        let (cx, cy) = self.frame.outside(radius::LABELS, lon, (width, height));
        // Kept inside the picture.
        let full = 2.0 * self.frame.unit;
        let cx = cx.clamp(width / 2.0 + 1.0, full - width / 2.0 - 1.0);
        let cy = cy.clamp(height / 2.0 + 1.0, full - height / 2.0 - 1.0);
        let ink = emphasised.then(|| self.theme.angle.clone());
        for (k, line) in lines.iter().enumerate() {
            let y = cy - height / 2.0 + line_height * (k as f64 + 0.5);
            self.sheet.place(
                &mut self.out,
                line,
                (cx, y),
                em,
                ink.as_deref(),
                Anchor::Text,
            );
        }
    }

    /// The aspect lines, grouped by aspect (one group holds the colour and dashes of its lines).
    fn aspect_lines(&mut self, chart: &WheelChart) -> Result<(), WheelError> {
        let _ = write!(
            self.out,
            r#"<g class="aspects" stroke-width="{:.2}">"#,
            self.line_px * 1.2
        );
        let scale = self.frame.unit / 400.0;
        let two_rings = chart.outer.is_some();
        let mut order: Vec<&AspectLink> = chart.aspects.iter().collect();
        order.sort_by(|a, b| a.aspect.cmp(&b.aspect));
        let mut open: Option<&str> = None;
        for aspect in order {
            if open != Some(aspect.aspect.as_str()) {
                if open.is_some() {
                    self.out.push_str("</g>");
                }
                let (colour, dash) = self.theme.aspect_style(&aspect.aspect);
                let _ = write!(self.out, r#"<g stroke="{colour}""#);
                let dash: Vec<String> = dash
                    .split_whitespace()
                    .filter_map(|d| d.parse::<f64>().ok())
                    .map(|d| number(d * scale))
                    .collect();
                if !dash.is_empty() {
                    let _ = write!(self.out, r#" stroke-dasharray="{}""#, dash.join(" "));
                }
                self.out.push('>');
                open = Some(aspect.aspect.as_str());
            }
            let a = chart.end_longitude(&aspect.first)?;
            let b = chart.end_longitude(&aspect.second)?;
            let opacity = self.theme.aspect_min_opacity
                + (1.0 - self.theme.aspect_min_opacity) * aspect.strength.clamp(0.0, 1.0);
            let (x1, y1) = self.frame.at(self.radii.aspects, a);
            let (x2, y2) = self.frame.at(self.radii.aspects, b);
            let _ = write!(
                self.out,
                r#"<line class="aspect" {data} x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" opacity="{opacity:.2}"><title>{words}</title></line>"#,
                data = aspect_data(aspect, two_rings),
                words = aspect_words(aspect),
            );
        }
        if open.is_some() {
            self.out.push_str("</g>");
        }
        self.out.push_str("</g>");
        Ok(())
    }

    /// A ring of bodies in the band between two radii: glyph stacks spread so that none
    /// overlaps, each with a pointer to its exact longitude on the band's outer circle.
    fn ring(&mut self, ring: &Ring, side: RingSide, band: (f64, f64), degree_labels: bool) {
        let (band_inner, band_outer) = band;
        let compact = band_outer - band_inner < COMPACT_BELOW;
        let stacks: Vec<Vec<(String, bool)>> = ring
            .bodies
            .iter()
            .map(|b| stack_items(b, degree_labels, compact))
            .collect();
        let layout = StackLayout::fit(&stacks, band, compact);
        let longitudes: Vec<f64> = ring.bodies.iter().map(|b| b.longitude_deg).collect();
        let shown = spread(&longitudes, layout.min_gap_deg);
        let body_ink = match side {
            RingSide::Inner => self.theme.body.clone(),
            RingSide::Outer => self.theme.outer_body.clone(),
        };
        let _ = write!(self.out, r#"<g class="ring" data-ring="{}">"#, side.name());
        for ((body, items), shown_deg) in ring.bodies.iter().zip(&stacks).zip(shown) {
            let lon = body.longitude_deg;
            let _ = write!(
                self.out,
                r#"<g class="body"{ring} data-body="{name}" data-longitude="{lon:.4}" data-speed="{speed:.4}"><title>{words}</title>"#,
                ring = if self.two_rings {
                    format!(r#" data-ring="{}""#, side.name())
                } else {
                    String::new()
                },
                name = escape(&body.name),
                lon = lon.rem_euclid(360.0),
                speed = body.speed_deg_per_day,
                words = body_position_words(body, side),
            );
            // The pointer, then the exact place on the ring as a tick inwards (and on the
            // aspect circle, where the aspect lines end).
            let _ = write!(
                self.out,
                r#"<g stroke="{body_ink}" stroke-width="{:.2}">"#,
                self.line_px * 1.6
            );
            let pointer = format!(
                r#"class="pointer" stroke="{}" stroke-width="{:.2}""#,
                self.theme.faint, self.line_px
            );
            self.frame.line(
                &mut self.out,
                (band_outer, lon),
                (layout.top, shown_deg),
                &pointer,
            );
            self.frame.line(
                &mut self.out,
                (band_outer, lon),
                (band_outer - 0.012, lon),
                "",
            );
            if side == RingSide::Inner && band_inner > self.radii.aspects {
                self.frame.line(
                    &mut self.out,
                    (self.radii.aspects, lon),
                    (self.radii.aspects + 0.012, lon),
                    "",
                );
            }
            self.out.push_str("</g>");
            let _ = write!(
                self.out,
                r#"<g id="glyphs-{}-{}" fill="{body_ink}">"#,
                side.name(),
                escape(&body.name)
            );
            let centres = layout.centres(items, self.frame.outward(shown_deg));
            for ((text, is_glyph), centre_radius) in items.iter().zip(centres) {
                let centre = self.frame.at(centre_radius, shown_deg);
                let em = if *is_glyph {
                    layout.glyph_em
                } else {
                    layout.label_em
                };
                let ink = text.ends_with('℞').then(|| self.theme.retrograde.clone());
                let anchor = if *is_glyph { Anchor::Ink } else { Anchor::Text };
                self.sheet.place(
                    &mut self.out,
                    text,
                    centre,
                    em * self.frame.unit,
                    ink.as_deref(),
                    anchor,
                );
            }
            self.out.push_str("</g></g>");
        }
        self.out.push_str("</g>");
    }
}

/// What a body's stack shows from the outside in: its glyph, then its degree, sign and minute,
/// then ℞ when it is retrograde; `true` marks the glyph. A `compact` stack (the narrower bands
/// of a bi-wheel) puts the sign beside the degree and ℞ beside the minute.
fn stack_items(body: &BodyPoint, degree_labels: bool, compact: bool) -> Vec<(String, bool)> {
    let mut items = vec![(body_mark(&body.name), true)];
    let retrograde = if body.is_retrograde() { "℞" } else { "" };
    if degree_labels {
        let (sign, degree, minute) = sign_degree_minute(body.longitude_deg);
        let sign = SIGN_SYMBOLS[sign];
        if compact {
            items.push((format!("{degree}{sign}"), false));
            items.push((format!("{minute:02}′{retrograde}"), false));
            return items;
        }
        items.push((format!("{degree}°"), false));
        items.push((sign.to_string(), false));
        items.push((format!("{minute:02}′"), false));
    }
    if !retrograde.is_empty() {
        items.push((retrograde.to_owned(), false));
    }
    items
}

/// The sizes of the glyph stacks of one ring, scaled to fit its band and the circle.
///
/// A stack runs inwards along its body's display angle; each item takes, along that radius,
/// its box's extent in that direction (`w |cos| + h |sin|`), so the items of one stack never
/// overlap (their projections on the radius are disjoint). Two stacks never overlap when the
/// centres of any two of their items are at least the diagonal of the largest box apart; at
/// angle `d` apart and radii `r1`, `r2` the centres are at least `2 sqrt(r1 r2) sin(d / 2)`
/// apart, so the minimum angle comes from the innermost centre any stack can reach (every
/// item's extent at most its diagonal).
#[derive(Debug)]
struct StackLayout {
    /// Ems in fractions of the unit.
    glyph_em: f64,
    label_em: f64,
    item_gap: f64,
    /// The radius the stacks start from (below the pointer gap).
    top: f64,
    min_gap_deg: f64,
}

impl StackLayout {
    fn fit(stacks: &[Vec<(String, bool)>], (inner, outer): (f64, f64), compact: bool) -> Self {
        let mut scale = 1.0;
        let mut layout = Self::at_scale(stacks, outer, scale, compact);
        // Shrink until the stacks fit the band's depth (at a typical angle of 45°) ...
        let depth = outer - inner;
        let used = outer - layout.deepest_centre(stacks, std::f64::consts::FRAC_1_SQRT_2);
        if used > depth {
            scale = depth / used;
            layout = Self::at_scale(stacks, outer, scale, compact);
        }
        // ... and around the circle.
        let n = stacks.len() as f64;
        for _ in 0..3 {
            if n * layout.min_gap_deg <= 350.0 {
                break;
            }
            scale *= 350.0 / (n * layout.min_gap_deg);
            layout = Self::at_scale(stacks, outer, scale, compact);
        }
        layout
    }

    fn at_scale(stacks: &[Vec<(String, bool)>], outer: f64, scale: f64, compact: bool) -> Self {
        let label_em = if compact {
            size::COMPACT_LABEL_EM
        } else {
            size::LABEL_EM
        };
        let mut layout = Self {
            glyph_em: size::BODY_GLYPH_EM * scale,
            label_em: label_em * scale,
            item_gap: size::ITEM_GAP * scale,
            top: outer - size::POINTER_GAP * scale.sqrt(),
            min_gap_deg: 0.0,
        };
        let diagonal = stacks
            .iter()
            .flatten()
            .map(|item| {
                let (w, h) = layout.measure(item);
                w.hypot(h)
            })
            .fold(0.0, f64::max);
        // The innermost centre when every extent is the diagonal (the worst angle).
        let innermost = stacks
            .iter()
            .map(|stack| {
                let extents: f64 = stack
                    .iter()
                    .map(|item| {
                        let (w, h) = layout.measure(item);
                        w.hypot(h) + layout.item_gap
                    })
                    .sum();
                let last = stack.last().map_or(0.0, |item| {
                    let (w, h) = layout.measure(item);
                    w.hypot(h) / 2.0 + layout.item_gap
                });
                layout.top - extents + last
            })
            .fold(outer, f64::min);
        let needed = diagonal + size::STACK_CLEARANCE * scale;
        let ratio = (needed / (2.0 * innermost.max(0.05))).min(1.0);
        layout.min_gap_deg = 2.0 * ratio.asin().to_degrees();
        layout
    }

    /// An item's box in fractions of the unit.
    fn measure(&self, (text, is_glyph): &(String, bool)) -> (f64, f64) {
        if *is_glyph {
            GlyphSheet::measure(text, self.glyph_em, Anchor::Ink)
        } else {
            GlyphSheet::measure(text, self.label_em, Anchor::Text)
        }
    }

    /// The centre radius of each item of a stack drawn along the screen direction `(ux, uy)`.
    fn centres(&self, stack: &[(String, bool)], (ux, uy): (f64, f64)) -> Vec<f64> {
        let mut top = self.top;
        stack
            .iter()
            .map(|item| {
                let (w, h) = self.measure(item);
                let extent = w * ux.abs() + h * uy.abs();
                let centre = top - extent / 2.0;
                top -= extent + self.item_gap;
                centre
            })
            .collect()
    }

    fn deepest_centre(&self, stacks: &[Vec<(String, bool)>], component: f64) -> f64 {
        stacks
            .iter()
            .filter_map(|stack| {
                self.centres(stack, (component, component))
                    .last()
                    .copied()
                    .zip(stack.last())
                    .map(|(c, item)| {
                        let (w, h) = self.measure(item);
                        c - (w + h) * component / 2.0
                    })
            })
            .fold(self.top, f64::min)
    }
}

/// `12°34′` and the sign glyph: `12♌34′`.
fn degree_label(lon: f64) -> String {
    let (sign, degree, minute) = sign_degree_minute(lon);
    format!("{degree}{}{minute:02}′", SIGN_SYMBOLS[sign])
}

fn body_position_words(body: &BodyPoint, side: RingSide) -> String {
    let mut words = format!(
        "{} {}",
        body_words(&body.name),
        position_words(body.longitude_deg)
    );
    if body.is_retrograde() {
        words.push_str(", retrograde");
    }
    if side == RingSide::Outer {
        words.push_str(" (outer ring)");
    }
    words
}

/// An aspect's data attributes; the rings of its ends only when the wheel has two.
fn aspect_data(aspect: &AspectLink, two_rings: bool) -> String {
    let mut data = format!(
        r#"data-aspect="{}" data-first="{}" data-second="{}" data-orb="{:.4}""#,
        escape(&aspect.aspect),
        escape(&aspect.first.point),
        escape(&aspect.second.point),
        aspect.orb_deg,
    );
    if two_rings {
        let _ = write!(
            data,
            r#" data-first-ring="{}" data-second-ring="{}""#,
            aspect.first.ring.name(),
            aspect.second.ring.name()
        );
    }
    data
}

/// A length for an attribute, to 0.1 without a trailing `.0`.
fn number(value: f64) -> String {
    let text = format!("{value:.1}");
    text.strip_suffix(".0")
        .map_or_else(|| text.clone(), str::to_owned)
}

pub(crate) fn aspect_words(aspect: &AspectLink) -> String {
    let minutes = (aspect.orb_deg.abs() * 60.0).floor() as u32;
    let ring = |end: &crate::chart::AspectEnd| match end.ring {
        RingSide::Inner => String::new(),
        RingSide::Outer => " (outer)".to_owned(),
    };
    format!(
        "{}{} {} {}{}, orb {}°{:02}′",
        body_words(&aspect.first.point),
        ring(&aspect.first),
        aspect.aspect,
        body_words(&aspect.second.point),
        ring(&aspect.second),
        minutes / 60,
        minutes % 60
    )
}
