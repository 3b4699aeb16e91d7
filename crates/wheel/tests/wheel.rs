//! The wheel read back from its SVG: structure, geometry, collisions, rendering.

mod common;

use orrery_wheel::{BoxPx, RingSide, Theme, WheelChart, WheelOptions, draw_wheel, svg_to_png};
use resvg::{tiny_skia, usvg};
use roxmltree::{Document, Node};

/// Half the tolerance the issue asks for: a pointer's end is written to 0.01 px, which at the
/// smallest radius of a 300 px wheel is under 0.01°.
const ANGLE_TOLERANCE_DEG: f64 = 0.05;

fn attr(node: Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {node:?}"))
        .parse()
        .unwrap()
}

fn elements<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// The longitude a point of the drawing stands for, from the centre and the longitude at
/// 9 o'clock that the SVG states (longitudes run counter-clockwise).
fn longitude_at(doc: &Document<'_>, x: f64, y: f64) -> f64 {
    let root = doc.root_element();
    let (cx, cy) = (attr(root, "data-center-x"), attr(root, "data-center-y"));
    let left = attr(root, "data-left-longitude");
    let screen_deg = (-(y - cy)).atan2(x - cx).to_degrees();
    (screen_deg - 180.0 + left).rem_euclid(360.0)
}

/// Whether an aspect line stands for this aspect (its kind and both ends, with their rings).
fn drawn_as(line: &Node<'_, '_>, aspect: &orrery_wheel::AspectLink) -> bool {
    let ring = |name: &str| line.attribute(name).unwrap_or("inner");
    line.attribute("data-aspect") == Some(aspect.aspect.as_str())
        && line.attribute("data-first") == Some(aspect.first.point.as_str())
        && line.attribute("data-second") == Some(aspect.second.point.as_str())
        && ring("data-first-ring") == aspect.first.ring.name()
        && ring("data-second-ring") == aspect.second.ring.name()
}

fn angle_difference(a: f64, b: f64) -> f64 {
    ((a - b + 180.0).rem_euclid(360.0) - 180.0).abs()
}

fn charts() -> Vec<WheelChart> {
    let mut charts = Vec::new();
    for seed in 0..60 {
        let mut chart = if seed % 2 == 0 {
            common::natal(seed)
        } else {
            common::bi_wheel(seed)
        };
        if seed % 5 == 0 {
            // Without houses (heliocentric and other centres): 0° Aries at 9 o'clock.
            chart.houses = None;
        }
        charts.push(chart);
    }
    charts
}

#[test]
fn the_svg_has_one_element_per_body_cusp_and_aspect_with_their_data() {
    for chart in charts().iter().take(12) {
        let svg = draw_wheel(chart, &WheelOptions::default()).unwrap();
        let doc = Document::parse(&svg).expect("the SVG is well-formed XML");
        let root = doc.root_element();
        assert_eq!(root.attribute("width"), Some("800"));
        let bodies = elements(&doc, "body");
        let expected =
            chart.inner.bodies.len() + chart.outer.as_ref().map_or(0, |r| r.bodies.len());
        assert_eq!(bodies.len(), expected);
        for body in &bodies {
            let name = body.attribute("data-body").unwrap();
            let ring = match body.attribute("data-ring") {
                None | Some("inner") => &chart.inner,
                _ => chart.outer.as_ref().unwrap(),
            };
            let source = ring.bodies.iter().find(|b| b.name == name).unwrap();
            let written = body.attribute("data-longitude").unwrap();
            assert!(
                written.split('.').nth(1).is_some_and(|d| d.len() >= 4),
                "{written}"
            );
            assert!(angle_difference(written.parse().unwrap(), source.longitude_deg) < 1e-4);
            let title = body.children().find(|n| n.has_tag_name("title")).unwrap();
            let words = title.text().unwrap();
            assert!(words.contains('°') && words.contains('′'), "{words}");
            assert_eq!(
                words.contains("retrograde"),
                source.is_retrograde(),
                "{words}"
            );
        }
        let cusps = elements(&doc, "cusp");
        assert_eq!(
            cusps.len(),
            chart.houses.as_ref().map_or(0, |h| h.cusps_deg.len())
        );
        let aspects = elements(&doc, "aspect");
        assert_eq!(aspects.len(), chart.aspects.len());
        for aspect in &chart.aspects {
            let drawn = aspects.iter().filter(|line| drawn_as(line, aspect)).count();
            assert_eq!(drawn, 1, "{aspect:?}");
        }
        let note = elements(&doc, "rotation-note");
        assert_eq!(note.len(), usize::from(chart.houses.is_none()));
    }
}

#[test]
fn pointers_cusps_and_aspect_lines_touch_the_rings_at_their_longitudes() {
    let charts = charts();
    assert!(charts.len() >= 50);
    for (i, chart) in charts.iter().enumerate() {
        let size_px = [300, 800, 1500][i % 3];
        let options = WheelOptions {
            size_px,
            ..WheelOptions::default()
        };
        let svg = draw_wheel(chart, &options).unwrap();
        let doc = Document::parse(&svg).unwrap();
        for body in elements(&doc, "body") {
            let name = body.attribute("data-body").unwrap();
            let ring = if body.attribute("data-ring") != Some("outer") {
                &chart.inner
            } else {
                chart.outer.as_ref().unwrap()
            };
            let expected = ring
                .bodies
                .iter()
                .find(|b| b.name == name)
                .unwrap()
                .longitude_deg;
            let pointer = body
                .descendants()
                .find(|n| n.attribute("class") == Some("pointer"))
                .unwrap();
            let read = longitude_at(&doc, attr(pointer, "x1"), attr(pointer, "y1"));
            assert!(
                angle_difference(read, expected) < ANGLE_TOLERANCE_DEG,
                "chart {i} {name}: pointer at {read}, body at {expected}"
            );
        }
        for cusp in elements(&doc, "cusp") {
            let number: usize = cusp.attribute("data-cusp").unwrap().parse().unwrap();
            let expected = chart.houses.as_ref().unwrap().cusps_deg[number - 1];
            let line = cusp;
            for (x, y) in [("x1", "y1"), ("x2", "y2")] {
                let read = longitude_at(&doc, attr(line, x), attr(line, y));
                assert!(
                    angle_difference(read, expected) < ANGLE_TOLERANCE_DEG,
                    "chart {i} cusp {number}"
                );
            }
        }
        let lines = elements(&doc, "aspect");
        for aspect in &chart.aspects {
            let line = lines.iter().find(|line| drawn_as(line, aspect)).unwrap();
            for ((x, y), end) in [
                (("x1", "y1"), &aspect.first),
                (("x2", "y2"), &aspect.second),
            ] {
                let read = longitude_at(&doc, attr(*line, x), attr(*line, y));
                let expected = chart.end_longitude(end).unwrap();
                assert!(
                    angle_difference(read, expected) < ANGLE_TOLERANCE_DEG,
                    "chart {i} aspect"
                );
            }
        }
    }
}

/// The boxes of every glyph and label of each body, as resvg computes them from the paths.
fn glyph_boxes(svg: &str, chart: &WheelChart) -> Vec<(String, Vec<BoxPx>)> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).unwrap();
    let mut stacks = Vec::new();
    let rings = [
        (RingSide::Inner, Some(&chart.inner)),
        (RingSide::Outer, chart.outer.as_ref()),
    ];
    for (side, ring) in rings {
        for body in ring.iter().flat_map(|r| &r.bodies) {
            let id = format!("glyphs-{}-{}", side.name(), body.name);
            let node = tree.node_by_id(&id).unwrap_or_else(|| panic!("no {id}"));
            let usvg::Node::Group(group) = node else {
                panic!("{id} is not a group")
            };
            let boxes = group
                .children()
                .iter()
                .map(|child| {
                    let b = child.abs_bounding_box();
                    BoxPx {
                        x: f64::from(b.x()),
                        y: f64::from(b.y()),
                        width: f64::from(b.width()),
                        height: f64::from(b.height()),
                    }
                })
                .collect();
            stacks.push((id, boxes));
        }
    }
    stacks
}

/// 5 to 8 bodies within 10°, at places around the wheel, across 0° Aries and on a cusp.
fn stellia() -> Vec<WheelChart> {
    let mut random = common::Random::new(99);
    let mut charts = Vec::new();
    for k in 0..24 {
        let size = 5 + k % 4;
        let centre = match k % 4 {
            0 => 0.0,                 // across 0° Aries
            1 => f64::from(k) * 37.0, // anywhere
            _ => random.range(0.0, 360.0),
        };
        let mut longitudes: Vec<f64> = (0..size)
            .map(|_| (centre + random.range(-5.0, 5.0)).rem_euclid(360.0))
            .collect();
        // The other bodies of the chart elsewhere.
        longitudes.extend((size..15).map(|_| random.range(0.0, 360.0)));
        let mut chart = WheelChart {
            title: "Stellium".to_owned(),
            inner: common::ring(&mut random, "natal", &longitudes),
            ..WheelChart::default()
        };
        let mut houses = common::houses(&mut random);
        if k % 4 == 3 {
            // The stellium sits on the ascendant's cusp.
            let shift = centre - houses.axes.ascendant_deg;
            for cusp in &mut houses.cusps_deg {
                *cusp = (*cusp + shift).rem_euclid(360.0);
            }
            houses.axes.ascendant_deg = centre.rem_euclid(360.0);
            houses.axes.mc_deg = (houses.axes.mc_deg + shift).rem_euclid(360.0);
        }
        chart.houses = Some(houses);
        if k % 3 == 0 {
            let outer: Vec<f64> = (0..7)
                .map(|_| (centre + random.range(-5.0, 5.0)).rem_euclid(360.0))
                .collect();
            chart.outer = Some(common::ring(&mut random, "transits", &outer));
        }
        chart.aspects = common::aspects(&chart);
        charts.push(chart);
    }
    charts
}

#[test]
fn glyphs_of_a_stellium_never_overlap() {
    let charts = stellia();
    assert!(charts.len() >= 20);
    for (i, chart) in charts.iter().enumerate() {
        for size_px in [400, 800] {
            let options = WheelOptions {
                size_px,
                ..WheelOptions::default()
            };
            let svg = draw_wheel(chart, &options).unwrap();
            let stacks = glyph_boxes(&svg, chart);
            for (a, (id_a, boxes_a)) in stacks.iter().enumerate() {
                for (id_b, boxes_b) in &stacks[..a] {
                    for box_a in boxes_a {
                        for box_b in boxes_b {
                            assert!(
                                !box_a.overlaps(box_b),
                                "stellium {i} at {size_px} px: {id_a} {box_a:?} overlaps {id_b} {box_b:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_png_has_the_requested_size_and_is_not_blank() {
    let chart = common::natal(3);
    for (size_px, theme) in [
        (300, Theme::light()),
        (800, Theme::dark()),
        (1200, Theme::mono()),
    ] {
        let background = if theme.name == "dark" {
            [0x15, 0x18, 0x1e]
        } else {
            [255, 255, 255]
        };
        let options = WheelOptions {
            size_px,
            theme,
            ..WheelOptions::default()
        };
        let png = svg_to_png(&draw_wheel(&chart, &options).unwrap()).unwrap();
        let pixmap = tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!(pixmap.width(), size_px);
        let pixels = pixmap.pixels();
        let inked = pixels
            .iter()
            .filter(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue()] != background
            })
            .count();
        let share = inked as f64 / pixels.len() as f64;
        // A wheel inks a few percent of its picture, never nothing and never everything.
        assert!(
            (0.03..0.6).contains(&share),
            "{size_px} px: {share} of the pixels inked"
        );
    }
}

/// The palette PNG against the full-colour picture resvg drew: the flat colours and nearly every
/// pixel exact, a few edge pixels moved a little, none far (the error that was measured at 600 px:
/// mean 0.08 levels, 98 % exact, 0.025 % more than 32 levels off, at most 51).
#[test]
fn the_palette_png_looks_as_the_full_colour_picture() {
    for theme in [Theme::light(), Theme::dark(), Theme::mono()] {
        let name = theme.name;
        let options = WheelOptions {
            size_px: 600,
            theme,
            ..WheelOptions::default()
        };
        let svg = draw_wheel(&common::natal(11), &options).unwrap();
        let png = svg_to_png(&svg).unwrap();
        let tree = usvg::Tree::from_str(&svg, &usvg::Options::default()).unwrap();
        let size = tree.size().to_int_size();
        let mut drawn = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(&tree, tiny_skia::Transform::default(), &mut drawn.as_mut());
        let decoded = tiny_skia::Pixmap::decode_png(&png).unwrap();
        let errors: Vec<u8> = drawn
            .pixels()
            .iter()
            .zip(decoded.pixels())
            .map(|(a, b)| {
                let (a, b) = (a.demultiply(), b.demultiply());
                [
                    a.red().abs_diff(b.red()),
                    a.green().abs_diff(b.green()),
                    a.blue().abs_diff(b.blue()),
                    a.alpha().abs_diff(b.alpha()),
                ]
                .into_iter()
                .max()
                .unwrap_or(0)
            })
            .collect();
        let count = errors.len() as f64;
        let mean = errors.iter().map(|&e| f64::from(e)).sum::<f64>() / count;
        let exact = errors.iter().filter(|&&e| e == 0).count() as f64 / count;
        let far = errors.iter().filter(|&&e| e > 32).count() as f64 / count;
        let worst = errors.iter().copied().max().unwrap_or(0);
        assert!(mean < 0.15, "{name}: mean error {mean}");
        assert!(exact > 0.97, "{name}: {exact} of the pixels exact");
        assert!(
            far < 0.0005,
            "{name}: {far} of the pixels more than 32 levels off"
        );
        assert!(worst <= 64, "{name}: a pixel {worst} levels off");
    }
}

#[test]
fn a_chart_without_houses_says_where_aries_is() {
    let mut chart = common::natal(5);
    chart.houses = None;
    let svg = draw_wheel(&chart, &WheelOptions::default()).unwrap();
    assert!(svg.contains("0° Aries is at 9 o'clock"));
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(
        doc.root_element().attribute("data-left-longitude"),
        Some("0.0000")
    );
}

#[test]
fn options_leave_out_aspect_lines_and_degree_labels() {
    let chart = common::natal(8);
    let options = WheelOptions {
        aspect_lines: false,
        degree_labels: false,
        ..WheelOptions::default()
    };
    let svg = draw_wheel(&chart, &options).unwrap();
    let doc = Document::parse(&svg).unwrap();
    assert!(elements(&doc, "aspect").is_empty());
    assert_eq!(elements(&doc, "grid-cell").len(), chart.aspects.len());
    let full = draw_wheel(&chart, &WheelOptions::default()).unwrap();
    assert!(svg.len() + 4000 < full.len());
}
