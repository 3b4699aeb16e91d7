//! The aspect grid below the wheel: a triangle for the aspects within one chart, a rectangle
//! (inner rows, outer columns) for the aspects between two.

use std::fmt::Write;

use crate::chart::{AspectEnd, AspectLink, RingSide, WheelChart};
use crate::glyphs::{Anchor, GlyphSheet, aspect_symbol, body_mark};
use crate::theme::Theme;
use crate::wheel::escape;

/// The points of one side of the grid: the ring's bodies, then its axes where an aspect uses
/// them.
fn grid_points(chart: &WheelChart, side: RingSide) -> Vec<String> {
    let ring = match side {
        RingSide::Inner => Some(&chart.inner),
        RingSide::Outer => chart.outer.as_ref(),
    };
    let mut points: Vec<String> = ring
        .map(|r| r.bodies.iter().map(|b| b.name.clone()).collect())
        .unwrap_or_default();
    for axis in ["ascendant", "mc"] {
        let used = chart.aspects.iter().any(|a| {
            [&a.first, &a.second]
                .iter()
                .any(|e| e.ring == side && e.point == axis)
        });
        if used && !points.iter().any(|p| p == axis) {
            points.push(axis.to_owned());
        }
    }
    points
}

fn is_end(end: &AspectEnd, side: RingSide, point: &str) -> bool {
    end.ring == side && end.point == point
}

/// Draws the grid from the top of the area below the wheel and returns the height it takes.
pub(crate) fn draw_grid(
    out: &mut String,
    sheet: &mut GlyphSheet,
    chart: &WheelChart,
    theme: &Theme,
    width: f64,
) -> f64 {
    let cross = chart.aspects.iter().any(|a| a.first.ring != a.second.ring);
    let rows = grid_points(chart, RingSide::Inner);
    let (columns, column_side) = if cross {
        (grid_points(chart, RingSide::Outer), RingSide::Outer)
    } else {
        (rows.clone(), RingSide::Inner)
    };
    let count = rows.len().max(columns.len()) + 1;
    let cell = (width * 0.034).min(width * 0.96 / count as f64);
    let left = width * 0.02;
    let top = width + cell * 0.5;
    let line_px = (width * 0.0012).max(0.5);

    let _ = write!(
        out,
        r#"<g class="aspect-grid" data-layout="{}" fill="{}">"#,
        if cross { "cross" } else { "triangle" },
        theme.ink
    );
    let mut frame_path = String::new();
    let header = |out: &mut String, sheet: &mut GlyphSheet, name: &str, x: f64, y: f64| {
        sheet.place(
            out,
            &body_mark(name),
            (x + cell / 2.0, y + cell / 2.0),
            cell * 0.62,
            None,
            Anchor::Ink,
        );
    };
    let row_offset = if cross { 1.0 } else { 0.0 };
    if cross {
        for (j, name) in columns.iter().enumerate() {
            header(out, sheet, name, left + (j as f64 + 1.0) * cell, top);
        }
    }
    for (i, row) in rows.iter().enumerate() {
        let y = top + (i as f64 + row_offset) * cell;
        if cross {
            header(out, sheet, row, left, y);
        } else {
            // The diagonal holds the point's glyph; the cells left of it its aspects.
            header(out, sheet, row, left + i as f64 * cell, y);
        }
        let cells = if cross { columns.len() } else { i };
        for (j, column) in columns.iter().enumerate().take(cells) {
            let x = left + (j as f64 + row_offset) * cell;
            let found = chart.aspects.iter().find(|a| {
                (is_end(&a.first, RingSide::Inner, row) && is_end(&a.second, column_side, column))
                    || (is_end(&a.second, RingSide::Inner, row)
                        && is_end(&a.first, column_side, column))
            });
            if let Some(aspect) = found {
                cell_content(out, sheet, theme, aspect, (x, y), cell);
            }
        }
    }
    // The cells' borders as whole lines: a row's top and bottom, a column's sides.
    for i in 0..rows.len() {
        let y = top + (i as f64 + row_offset) * cell;
        let cells = if cross { columns.len() } else { i };
        if cells == 0 {
            continue;
        }
        let x = left + row_offset * cell;
        let width = cells as f64 * cell;
        let _ = write!(
            frame_path,
            "M{x:.1} {y:.1}h{width:.1}m0 {cell:.1}h-{width:.1}"
        );
    }
    for j in 0..columns.len() {
        let x = left + (j as f64 + row_offset) * cell;
        // A triangle's column j has cells from row j + 1 down.
        let first = if cross { 0.0 } else { j as f64 + 1.0 };
        if !cross && j + 1 >= rows.len() {
            continue;
        }
        let y = top + (first + row_offset) * cell;
        let height = (rows.len() as f64 - first) * cell;
        let _ = write!(
            frame_path,
            "M{x:.1} {y:.1}v{height:.1}m{cell:.1} 0v-{height:.1}"
        );
    }
    let _ = write!(
        out,
        r#"<path d="{frame_path}" fill="none" stroke="{}" stroke-width="{line_px:.2}"/></g>"#,
        theme.faint
    );
    (rows.len() as f64 + row_offset + 1.0) * cell
}

fn cell_content(
    out: &mut String,
    sheet: &mut GlyphSheet,
    theme: &Theme,
    aspect: &AspectLink,
    (x, y): (f64, f64),
    cell: f64,
) {
    // The aspect line carries the words and the data; the cell names its aspect only.
    let (colour, _) = theme.aspect_style(&aspect.aspect);
    let attributes = format!(
        r#"class="grid-cell" data-aspect="{}" fill="{colour}""#,
        escape(&aspect.aspect)
    );
    sheet.place_with(
        out,
        &attributes,
        aspect_symbol(&aspect.aspect),
        (x + cell / 2.0, y + cell / 2.0),
        cell * 0.55,
        Anchor::Ink,
    );
}
