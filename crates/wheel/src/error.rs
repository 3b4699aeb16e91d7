/// Chart data the wheel cannot draw.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WheelError {
    #[error("{0} is not a finite number")]
    NotFinite(String),
    #[error("a chart has 12 house cusps (36 Gauquelin sectors), not {0}")]
    CuspCount(usize),
    #[error("an aspect names `{point}` of the {ring} ring, which the chart does not have")]
    UnknownAspectPoint { ring: &'static str, point: String },
    #[error("the SVG could not be rendered: {0}")]
    Render(String),
}
