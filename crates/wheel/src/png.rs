//! SVG to PNG in-process with resvg (pure Rust). The wheel draws every character as a path, and
//! resvg is built without its text feature, so no font is loaded: the PNG is the same on every
//! machine.

use resvg::{tiny_skia, usvg};

use crate::error::WheelError;

/// Renders an SVG of this crate to PNG bytes at its own size (the PNG is `width` pixels wide).
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
    pixmap
        .encode_png()
        .map_err(|e| WheelError::Render(e.to_string()))
}
