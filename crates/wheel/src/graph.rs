//! The graphic ephemeris: bodies' longitudes against time, on the full circle or on a 90° or
//! 45° dial (longitude modulo the dial), with natal points as horizontal lines, so that every
//! transit (every hard aspect on a dial) shows as a crossing.

use std::fmt::Write;

use crate::error::WheelError;
use crate::geometry::sign_degree_minute;
use crate::glyphs::{Anchor, GlyphSheet, SIGN_NAMES, body_mark};
use crate::theme::Theme;
use crate::wheel::escape;
use crate::words::body_words;

/// The circle the longitudes are read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dial {
    /// 0..360°: a crossing is a conjunction.
    Full,
    /// Longitude modulo 90°: conjunctions, squares and oppositions cross.
    Ninety,
    /// Longitude modulo 45°: also semisquares and sesquiquadrates.
    FortyFive,
}

impl Dial {
    pub fn degrees(self) -> f64 {
        match self {
            Self::Full => 360.0,
            Self::Ninety => 90.0,
            Self::FortyFive => 45.0,
        }
    }

    /// The degrees between two labelled lines of the vertical axis.
    fn label_step(self) -> f64 {
        match self {
            Self::Full => 30.0,
            Self::Ninety => 10.0,
            Self::FortyFive => 5.0,
        }
    }
}

/// One body's longitudes at increasing times.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The API's snake_case name.
    pub body: String,
    /// `(Julian day UT, ecliptic longitude in degrees)`, in time order.
    pub samples: Vec<(f64, f64)>,
}

/// A natal point drawn as a horizontal line.
#[derive(Debug, Clone, PartialEq)]
pub struct NatalLine {
    pub point: String,
    pub longitude_deg: f64,
}

/// Everything a graphic ephemeris shows.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphData {
    pub title: String,
    pub start_jd: f64,
    pub end_jd: f64,
    pub dial: Dial,
    pub series: Vec<Series>,
    pub natal: Vec<NatalLine>,
    /// Labelled times on the horizontal axis: `(Julian day UT, label)` (month starts).
    pub time_marks: Vec<(f64, String)>,
}

/// How to draw a graph.
#[derive(Debug, Clone)]
pub struct GraphOptions {
    pub size_px: u32,
    pub theme: Theme,
}

/// The plot area, in pixels.
#[derive(Debug, Clone, Copy)]
struct Plot {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    start_jd: f64,
    end_jd: f64,
    dial_deg: f64,
}

impl Plot {
    fn x(&self, jd: f64) -> f64 {
        self.left + (jd - self.start_jd) / (self.end_jd - self.start_jd) * self.width
    }

    /// The height of a longitude on the dial: 0 at the bottom.
    fn y(&self, longitude_deg: f64) -> f64 {
        self.y_of_position(longitude_deg.rem_euclid(self.dial_deg))
    }

    /// The height of a position on the dial's axis, 0..=dial (the top label is the dial's end).
    fn y_of_position(&self, position_deg: f64) -> f64 {
        self.top + self.height * (1.0 - position_deg / self.dial_deg)
    }
}

/// The height of a graph as a share of its width.
const ASPECT_RATIO: f64 = 0.62;

/// Draws a graphic ephemeris.
///
/// # Errors
/// A non-finite sample, or a window that ends before it starts.
pub fn draw_graph(data: &GraphData, options: &GraphOptions) -> Result<String, WheelError> {
    if !(data.start_jd.is_finite() && data.end_jd.is_finite() && data.end_jd > data.start_jd) {
        return Err(WheelError::NotFinite("the window".to_owned()));
    }
    for series in &data.series {
        if series
            .samples
            .iter()
            .any(|(t, lon)| !t.is_finite() || !lon.is_finite())
        {
            return Err(WheelError::NotFinite(series.body.clone()));
        }
    }
    let theme = &options.theme;
    let width = f64::from(options.size_px);
    let height = (width * ASPECT_RATIO).round();
    let unit = width / 100.0;
    let plot = Plot {
        left: 7.0 * unit,
        top: 3.0 * unit,
        width: width - 12.0 * unit,
        height: height - 9.0 * unit,
        start_jd: data.start_jd,
        end_jd: data.end_jd,
        dial_deg: data.dial.degrees(),
    };
    let mut sheet = GlyphSheet::default();
    let mut out = String::with_capacity(64 * 1024);
    let line_px = (width * 0.0012).max(0.6);
    let label_em = 1.6 * unit;

    // The frame and the grid.
    let _ = write!(
        out,
        r#"<g class="grid" stroke="{}" stroke-width="{:.2}" fill="none"><rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}"/>"#,
        theme.faint, line_px, plot.left, plot.top, plot.width, plot.height
    );
    let mut d = String::new();
    for (jd, _) in &data.time_marks {
        let x = plot.x(*jd);
        let _ = write!(d, "M{x:.1} {:.1}v{:.1}", plot.top, plot.height);
    }
    let step = data.dial.label_step();
    let mut degree = step;
    while degree < plot.dial_deg - 1e-9 {
        let y = plot.y(degree);
        let _ = write!(d, "M{:.1} {y:.1}h{:.1}", plot.left, plot.width);
        degree += step;
    }
    let _ = write!(out, r#"<path d="{d}" stroke-opacity="0.4"/></g>"#);
    let _ = write!(out, r#"<g class="axes" fill="{}">"#, theme.ink);
    for (k, (jd, label)) in data.time_marks.iter().enumerate() {
        // At most about twelve labels along the axis.
        let every = data.time_marks.len().div_ceil(12).max(1);
        if k % every == 0 {
            let (w, _) = GlyphSheet::measure(label, label_em, Anchor::Text);
            let x = plot.x(*jd).clamp(w / 2.0, width - w / 2.0);
            sheet.place(
                &mut out,
                label,
                (x, plot.top + plot.height + 2.2 * unit),
                label_em,
                None,
                Anchor::Text,
            );
        }
    }
    let mut degree = 0.0;
    while degree <= plot.dial_deg + 1e-9 {
        let text = axis_label(degree, data.dial);
        let (w, _) = GlyphSheet::measure(&text, label_em, Anchor::Text);
        sheet.place(
            &mut out,
            &text,
            (plot.left - w / 2.0 - 0.8 * unit, plot.y_of_position(degree)),
            label_em,
            None,
            Anchor::Text,
        );
        degree += step;
    }
    out.push_str("</g>");

    // Natal points: a line across, the point's glyph at the right end.
    let _ = write!(
        out,
        r#"<g class="natal" stroke="{}" stroke-width="{:.2}" stroke-dasharray="{:.1} {:.1}">"#,
        theme.angle,
        line_px * 1.3,
        unit * 0.8,
        unit * 0.5
    );
    for natal in &data.natal {
        let y = plot.y(natal.longitude_deg);
        let (sign, degree, minute) = sign_degree_minute(natal.longitude_deg);
        let _ = write!(
            out,
            r#"<line class="natal-point" data-point="{}" data-longitude="{:.4}" x1="{:.2}" y1="{y:.3}" x2="{:.2}" y2="{y:.3}"><title>Natal {} {degree}°{minute:02}′ {}</title></line>"#,
            escape(&natal.point),
            natal.longitude_deg.rem_euclid(360.0),
            plot.left,
            plot.left + plot.width,
            body_words(&natal.point),
            SIGN_NAMES[sign],
        );
    }
    out.push_str("</g>");
    let _ = write!(out, r#"<g fill="{}">"#, theme.angle);
    for natal in &data.natal {
        sheet.place(
            &mut out,
            &body_mark(&natal.point),
            (
                plot.left + plot.width + 1.0 * unit,
                plot.y(natal.longitude_deg),
            ),
            label_em,
            None,
            Anchor::Ink,
        );
    }
    out.push_str("</g>");

    // The bodies: one polyline per pass across the dial (a line that wraps starts again).
    let _ = write!(
        out,
        r#"<g class="bodies" fill="none" stroke-width="{:.2}">"#,
        line_px * 1.6
    );
    for (index, series) in data.series.iter().enumerate() {
        let colour = &theme.series[index % theme.series.len()];
        let _ = write!(
            out,
            r#"<g class="series" data-body="{}" stroke="{colour}"><title>{}</title>"#,
            escape(&series.body),
            body_words(&series.body)
        );
        let mut points = String::new();
        let mut previous: Option<f64> = None;
        for &(jd, lon) in &series.samples {
            let position = lon.rem_euclid(plot.dial_deg);
            if let Some(before) = previous
                && (position - before).abs() > plot.dial_deg / 2.0
            {
                let _ = write!(out, r#"<polyline points="{points}"/>"#);
                points.clear();
            }
            let _ = write!(points, "{:.2},{:.3} ", plot.x(jd), plot.y(lon));
            previous = Some(position);
        }
        if !points.is_empty() {
            let _ = write!(out, r#"<polyline points="{}"/>"#, points.trim_end());
        }
        out.push_str("</g>");
    }
    out.push_str("</g>");
    // The bodies' glyphs at the left end of their lines, in their colours.
    for (index, series) in data.series.iter().enumerate() {
        if let Some(&(jd, lon)) = series.samples.first() {
            let colour = theme.series[index % theme.series.len()].clone();
            sheet.place(
                &mut out,
                &body_mark(&series.body),
                (plot.x(jd) + 1.0 * unit, plot.y(lon) - 1.0 * unit),
                label_em,
                Some(&colour),
                Anchor::Ink,
            );
        }
    }

    let mut svg = String::with_capacity(out.len() + 16 * 1024);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" data-kind="ephemeris-graph" data-dial="{dial}" data-start-jd="{start:.6}" data-end-jd="{end:.6}" data-plot-left="{left:.2}" data-plot-top="{top:.2}" data-plot-width="{pw:.2}" data-plot-height="{ph:.2}">"#,
        dial = plot.dial_deg,
        start = data.start_jd,
        end = data.end_jd,
        left = plot.left,
        top = plot.top,
        pw = plot.width,
        ph = plot.height,
    );
    let _ = write!(
        svg,
        "<title>{}</title><desc>Time runs left to right; the height is the longitude modulo {}° (0 at the bottom); natal points are the dashed horizontal lines.</desc>",
        escape(&data.title),
        plot.dial_deg
    );
    svg.push_str(&sheet.defs());
    let _ = write!(
        svg,
        r#"<rect width="100%" height="100%" fill="{}"/>"#,
        theme.background
    );
    svg.push_str(&out);
    svg.push_str("</svg>");
    Ok(svg)
}

/// `0°`, `30°` on the full circle; signs are not shown, the dial's degrees are.
fn axis_label(degree: f64, dial: Dial) -> String {
    match dial {
        Dial::Full => {
            let sign = ((degree / 30.0).round() as usize) % 12;
            if degree >= 360.0 - 1e-9 {
                "360°".to_owned()
            } else {
                format!("{}°{}", degree.round(), crate::glyphs::SIGN_SYMBOLS[sign])
            }
        }
        Dial::Ninety | Dial::FortyFive => format!("{}°", degree.round()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(dial: Dial) -> GraphData {
        let samples = (0..=365)
            .map(|d| {
                let jd = 2_460_676.5 + f64::from(d);
                (jd, (280.0 + f64::from(d) * 0.9856).rem_euclid(360.0))
            })
            .collect();
        GraphData {
            title: "Test".to_owned(),
            start_jd: 2_460_676.5,
            end_jd: 2_460_676.5 + 365.0,
            dial,
            series: vec![Series {
                body: "sun".to_owned(),
                samples,
            }],
            natal: vec![NatalLine {
                point: "moon".to_owned(),
                longitude_deg: 100.0,
            }],
            time_marks: vec![(2_460_676.5, "2025-01".to_owned())],
        }
    }

    #[test]
    fn a_line_that_wraps_round_the_dial_starts_again() {
        let options = GraphOptions {
            size_px: 800,
            theme: Theme::light(),
        };
        let full = draw_graph(&data(Dial::Full), &options).unwrap();
        assert_eq!(full.matches("<polyline").count(), 2);
        let ninety = draw_graph(&data(Dial::Ninety), &options).unwrap();
        // A year of the Sun passes 0° of a 90° dial four times: five pieces.
        assert_eq!(ninety.matches("<polyline").count(), 5);
    }
}
