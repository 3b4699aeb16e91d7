//! The astrology domain of Orrery: pure, synchronous calculations with no knowledge of HTTP,
//! JSON or async runtimes.
//!
//! * [`angle`]: longitudes in `[0, 360)`, signed arcs in `[-180, 180)`, separations, midpoints,
//!   antiscia and zodiac signs; every angle is normalised there and nowhere else.
//! * [`aspects`]: the aspect catalogue, orb presets and the aspect finder.
//! * [`error`]: typed errors that name the value and the rule it broke.
#![forbid(unsafe_code)]

pub mod angle;
pub mod aspects;
pub mod error;
