//! SVG to PNG in-process with resvg (pure Rust). The wheel draws every character as a path, and
//! resvg is built without its text feature, so no font is loaded: the PNG is the same on every
//! machine.

use resvg::{tiny_skia, usvg};

use crate::error::WheelError;

/// Renders an SVG of this crate to PNG bytes at its own size (the PNG is `width` pixels wide).
///
/// The PNG is compressed with the encoder's fast setting: at its default level compressing an
/// 800 px wheel took twice as long as drawing it, for a file about a third smaller.
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
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder
        .write_header()
        .map_err(|e| WheelError::Render(e.to_string()))?;
    writer
        .write_image_data(&rgba)
        .map_err(|e| WheelError::Render(e.to_string()))?;
    writer
        .finish()
        .map_err(|e| WheelError::Render(e.to_string()))?;
    Ok(bytes)
}
