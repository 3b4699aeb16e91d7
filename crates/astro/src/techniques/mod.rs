//! Techniques built on the event search ([`crate::search`]): one file each.
//!
//! * [`motion`]: each body's scan step, declared from its physics, and its longitude as a search
//!   sample; shared by every technique that follows a body.
//! * [`nutation`]: the nutation in longitude interpolated over a window, which makes a dense
//!   search's real evaluations three times cheaper.
//! * [`returns`]: a body's next returns to its natal longitude, each pass of a loop kept.
//! * [`transits`]: exact transit aspects in a window, and the aspects in orb at an instant.

pub mod motion;
pub mod nutation;
pub mod progressions;
pub mod returns;
pub mod transits;
