//! SVG to PNG in-process with resvg (pure Rust). The wheel draws every character as a path, and
//! resvg is built without its text feature, so no font is loaded: the PNG is the same on every
//! machine.

use rustc_hash::FxHashMap as HashMap;

use resvg::{tiny_skia, usvg};

use crate::error::WheelError;

/// Renders an SVG of this crate to PNG bytes at its own size (the PNG is `width` pixels wide).
///
/// The PNG has a palette of at most 256 colours (see [`Indexed`]) and is compressed with the
/// encoder's fast setting: at its default level compressing an 800 px wheel took twice as long
/// as drawing it, for a file about a third smaller.
///
/// # Errors
/// [`WheelError::Render`] if the SVG does not parse or the picture is empty.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, WheelError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| WheelError::Render(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| WheelError::Render(format!("empty picture {size:?}")))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    // PNG stores straight (not premultiplied) alpha.
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for pixel in pixmap.pixels() {
        let c = pixel.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    let indexed = Indexed::of(&rgba);
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(indexed.palette_rgb);
    if let Some(alphas) = indexed.palette_alpha {
        encoder.set_trns(alphas);
    }
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder
        .write_header()
        .map_err(|e| WheelError::Render(e.to_string()))?;
    writer
        .write_image_data(&indexed.indices)
        .map_err(|e| WheelError::Render(e.to_string()))?;
    writer
        .finish()
        .map_err(|e| WheelError::Render(e.to_string()))?;
    Ok(bytes)
}

/// An image as at most 256 colours and one palette index per pixel.
///
/// A wheel is drawn in a dozen theme colours; anti-aliasing blends them at every edge, so a
/// 600 px wheel has about 3,000 distinct colours, of which the 256 most frequent cover 98 % of
/// the pixels. With 256 colours or fewer (the mono theme) the palette is exact; with more, it
/// is the 256 most frequent colours, and every other pixel (an edge's rarer blends) takes the
/// nearest of them. The flat colours stay exact and no edge moves; the test
/// `the_palette_png_looks_as_the_full_colour_picture` bounds the error. A learned palette
/// (NeuQuant, `color_quant`) was measured against it and did worse on both counts: larger mean
/// error, and its learning pass costs more than the drawing (docs/WHEEL.md, "PNG").
struct Indexed {
    palette_rgb: Vec<u8>,
    /// The palette's alpha (a `tRNS` chunk), only when some colour is not opaque.
    palette_alpha: Option<Vec<u8>>,
    indices: Vec<u8>,
}

impl Indexed {
    /// One pass counts the colours (by runs: a wheel's rows are long runs of one colour), the
    /// palette is the 256 most frequent, and one more pass maps each run to its entry: its own
    /// when the colour is in the palette (every colour, with 256 or fewer), else the nearest.
    fn of(rgba: &[u8]) -> Self {
        let mut counts: HashMap<[u8; 4], u32> = HashMap::default();
        for (colour, run) in runs(rgba) {
            *counts.entry(colour).or_default() += run;
        }
        let mut by_count: Vec<([u8; 4], u32)> = counts.into_iter().collect();
        // Most frequent first; ties by colour, so the palette does not depend on hash order.
        by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        by_count.truncate(256);
        let palette: Vec<[u8; 4]> = by_count.into_iter().map(|(colour, _)| colour).collect();
        // At most 256 entries, so every index fits a byte.
        let mut index_of: HashMap<[u8; 4], u8> = palette
            .iter()
            .zip(0..=u8::MAX)
            .map(|(colour, index)| (*colour, index))
            .collect();
        // Squared RGBA distance; only the rare colours (2 % of a wheel's pixels) search.
        let nearest = |colour: [u8; 4]| -> u8 {
            let distance = |c: &[u8; 4]| -> u32 {
                c.iter()
                    .zip(colour)
                    .map(|(a, b)| u32::from(a.abs_diff(b)).pow(2))
                    .sum()
            };
            palette
                .iter()
                .zip(0..=u8::MAX)
                .min_by_key(|(c, _)| distance(c))
                .map_or(0, |(_, index)| index)
        };
        let mut indices = Vec::with_capacity(rgba.len() / 4);
        for (colour, run) in runs(rgba) {
            // A rare colour is searched once, then found like the palette's own.
            let index = *index_of.entry(colour).or_insert_with(|| nearest(colour));
            indices.extend(std::iter::repeat_n(index, run as usize));
        }
        Self::with_palette(palette, indices)
    }

    fn with_palette(palette: Vec<[u8; 4]>, indices: Vec<u8>) -> Self {
        let palette_rgb = palette.iter().flat_map(|c| [c[0], c[1], c[2]]).collect();
        let palette_alpha = palette
            .iter()
            .any(|c| c[3] != u8::MAX)
            .then(|| palette.iter().map(|c| c[3]).collect());
        Self {
            palette_rgb,
            palette_alpha,
            indices,
        }
    }
}

/// The image as runs of one colour, in order: (colour, length).
fn runs(rgba: &[u8]) -> impl Iterator<Item = ([u8; 4], u32)> + '_ {
    let mut pixels = rgba
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2], p[3]])
        .peekable();
    std::iter::from_fn(move || {
        let colour = pixels.next()?;
        let mut run = 1;
        while pixels.next_if_eq(&colour).is_some() {
            run += 1;
        }
        Some((colour, run))
    })
}
