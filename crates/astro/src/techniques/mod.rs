//! Techniques built on the event search ([`crate::search`]): one file each.
//!
//! * [`antiscia`]: each body's antiscion and contra-antiscion, and the pairs mirroring each other.
//! * [`motion`]: each body's scan step, declared from its physics, and its longitude as a search
//!   sample; shared by every technique that follows a body.
//! * [`nodes_apsides`]: the orbital nodes and apsides of the Moon, the planets and the asteroids.
//! * [`nutation`]: the nutation in longitude interpolated over a window, which makes a dense
//!   search's real evaluations three times cheaper.
//! * [`returns`]: a body's next returns to its natal longitude, each pass of a loop kept.
//! * [`rise_set`]: rise, set and meridian transits at a place, the next of each or all in a
//!   window, with the bodies that have none listed as missing.
//! * [`transits`]: exact transit aspects in a window, and the aspects in orb at an instant.

pub mod antiscia;
pub mod motion;
pub mod nodes_apsides;
pub mod nutation;
pub mod progressions;
pub mod returns;
pub mod rise_set;
pub mod transits;
