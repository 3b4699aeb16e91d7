//! The astrology domain of Orrery: pure, synchronous calculations with no knowledge of HTTP,
//! JSON or async runtimes.
//!
//! * [`angle`]: longitudes in `[0, 360)`, signed arcs in `[-180, 180)`, separations, midpoints,
//!   antiscia and zodiac signs; every angle is normalised there and nowhere else.
//! * [`aspects`]: the aspect catalogue, orb presets and the aspect finder.
//! * [`body`], [`house_system`], [`ayanamsa`]: the catalogues of names the API accepts.
//! * [`time`]: UTC instants and Julian days.
//! * [`chart`]: positions in a frame (centre, zodiac) and charts with houses.
//! * [`error`]: typed errors that name the value and the rule it broke.
#![forbid(unsafe_code)]

pub mod angle;
pub mod aspects;
pub mod ayanamsa;
pub mod body;
pub mod chart;
pub mod equatorial;
pub mod error;
pub mod house_system;
pub mod houses;
pub mod presets;
pub mod search;
pub mod techniques;
pub mod time;

pub use orrery_ephem as ephem;
