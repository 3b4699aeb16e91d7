//! Techniques built on the event search ([`crate::search`]): one file each.
//!
//! * [`antiscia`]: each body's antiscion and contra-antiscion, and the pairs mirroring each other.
//! * [`cartography`]: astro-cartography, the MC, IC, AC and DC lines of bodies (and their
//!   zodiacal aspect lines) on the map, and each line's distance from a place.
//! * [`cast`]: a cast chart, the bodies with their houses, the cusps and angles, and the aspects.
//! * [`directions`]: primary directions by Placidus' proportional semi-arc, zodiacal or in
//!   mundo, to the angles and the bodies, timed by the Naibod, Ptolemy or a numeric key.
//! * [`ephemeris`]: the points of an ephemeris series and the frame rules that choose them.
//! * [`events`]: the sky's calendar: ingresses, stations, retrograde periods, lunations, the
//!   void-of-course Moon, mundane aspects, apsides and eclipses in a window.
//! * [`fixed_stars`]: star positions from the bundled catalogue, their constellations, the
//!   selection by magnitude and a chart's conjunctions with them.
//! * [`heliacal`]: heliacal risings and settings (first and last visibility) from the library's
//!   visibility model, and the acronychal and cosmical configurations with the Sun from rise/set.
//! * [`longitude_samples`]: bodies' longitudes at evenly spaced instants, for a graphic ephemeris.
//! * [`lots`]: the lots (Fortune, Spirit, the Hermetic lots, …) with the day/night reversal, and
//!   the sect of a chart.
//! * [`midpoints`]: every midpoint of a set of points, the points standing on them by 8th-harmonic
//!   aspects, and each point's midpoint tree.
//! * [`motion`]: each body's scan step, declared from its physics, and its longitude as a search
//!   sample; shared by every technique that follows a body.
//! * [`natal`]: the natal points of a birth (chosen bodies, the ascendant and the MC) that the
//!   timing techniques measure against.
//! * [`nodes_apsides`]: the orbital nodes and apsides of the Moon, the planets and the asteroids.
//! * [`nutation`]: the nutation in longitude interpolated over a window, which makes a dense
//!   search's real evaluations three times cheaper.
//! * [`relationship`]: the composite (midpoint) chart of two charts, and the Davison chart's
//!   instant and place (the great-circle midpoint).
//! * [`releasing`]: zodiacal releasing, the time-lord periods of four levels from a sign.
//! * [`returns`]: a body's next returns to its natal longitude, each pass of a loop kept.
//! * [`rise_set`]: rise, set and meridian transits at a place, the next of each or all in a
//!   window, with the bodies that have none listed as missing.
//! * [`traditional`]: essential dignities under named schemes, sect and condition, receptions,
//!   dispositors, almutens and the planetary hour.
//! * [`transits`]: exact transit aspects in a window, and the aspects in orb at an instant.
//! * [`vedic`]: sidereal grahas and lagna with nakshatras, Vimshottari dashas and vargas.

pub mod antiscia;
pub mod cartography;
pub mod cast;
pub mod directions;
pub mod ephemeris;
pub mod events;
pub mod fixed_stars;
pub mod heliacal;
pub mod longitude_samples;
pub mod lots;
pub mod midpoints;
pub mod motion;
pub mod natal;
pub mod nodes_apsides;
pub mod nutation;
pub mod progressions;
pub mod relationship;
pub mod releasing;
pub mod returns;
pub mod rise_set;
pub mod traditional;
pub mod transits;
pub mod vedic;
