//! One integration-test binary: the real app on a random port with its own database, over HTTP.

mod support;

mod antiscia;
mod atlas;
mod auth;
mod basics;
mod caching;
mod cartography;
mod chart_wheel;
mod charts;
mod cli;
mod directions;
mod ephemeris;
mod ephemeris_graph;
mod errors;
mod events;
mod exposure;
mod fixed_stars;
mod heliacal;
mod hygiene;
mod lots;
mod midpoints;
mod nodes_apsides;
mod openapi;
mod outage;
mod playground;
mod progressions;
mod provenance;
mod rate_limits;
mod relationship;
mod releasing;
mod returns;
mod rise_set;
mod robustness;
mod transits;
mod vedic;
