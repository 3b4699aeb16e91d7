//! The only crate with `unsafe`: a safe wrapper over the Swiss Ephemeris C library.
