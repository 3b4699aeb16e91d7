#![forbid(unsafe_code)]
//! Chart wheels (and graphic ephemerides) drawn from plain chart data, as SVG and PNG.
//!
//! No ephemeris and no HTTP here: the caller casts the chart with the core and hands it over
//! ([`WheelChart::of_chart`], [`WheelChart::bi_wheel`]), or hands over longitudes, cusps and
//! aspects ([`WheelChart`]); [`draw_wheel`] returns an SVG whose every element carries
//! its data (`data-body`, `data-longitude`, ...) and a `<title>` in words, and [`svg_to_png`]
//! renders it. docs/WHEEL.md describes the drawing conventions.

pub mod cast;
pub mod chart;
pub mod error;
pub mod geometry;
mod glyphs;
pub mod graph;
mod grid;
mod outlines;
pub mod png;
pub mod spread;
pub mod theme;
pub mod wheel;
mod words;

pub use cast::aspect_links;
pub use chart::{AspectEnd, AspectLink, Axes, BodyPoint, HouseCusps, Ring, RingSide, WheelChart};
pub use error::WheelError;
pub use glyphs::BoxPx;
pub use graph::{Dial, GraphData, GraphOptions, NatalLine, Series, draw_graph};
pub use png::svg_to_png;
pub use theme::{AspectStyle, Theme};
pub use wheel::{WheelOptions, draw_wheel};
