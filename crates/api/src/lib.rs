#![forbid(unsafe_code)]
//! The API's request and response types, and their conversion into validated core inputs.
//!
//! A request DTO is parsed by serde (unknown fields are refused), then turned into the core's
//! typed input by `TryFrom`-style functions that name the field path and the rule of anything
//! invalid; a response DTO is built from the core's results. Nothing here does I/O.

pub mod antiscia;
pub mod aspect_options;
pub mod aspects;
pub mod bounded;
pub mod cartography;
pub mod catalog;
pub mod chart_content;
pub mod chart_wheel;
pub mod closed_sets;
pub mod common;
pub mod datetime;
pub mod dignities;
pub mod directions;
pub mod endpoint;
pub mod ephemeris;
pub mod ephemeris_graph;
pub mod error;
pub mod events;
pub mod fixed_stars;
pub mod heliacal;
pub mod instant_fields;
pub mod json_types;
pub mod lots;
pub mod midpoints;
pub mod names;
pub mod natal;
pub mod nodes_apsides;
pub mod panchanga;
pub mod parallels;
pub mod parse;
pub mod places;
pub mod planets;
pub mod presets;
pub mod progressions;
pub mod provenance;
pub mod radix;
pub mod refraction;
pub mod relationship;
pub mod releasing;
pub mod returns;
pub mod rise_set;
pub mod source_echo;
pub mod time_lords;
pub mod timezone;
pub mod transits;
pub mod vedic;

pub use error::{ApiInputError, CalcFailure};
pub use orrery_atlas::{boundaries_version, gazetteer_version};
pub use orrery_civil::tz_data_version;
pub mod ephemeris_range;
