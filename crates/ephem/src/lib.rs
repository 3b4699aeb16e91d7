//! The only crate with `unsafe`: a small safe wrapper over the Swiss Ephemeris C library
//! (2.10.03, through the raw FFI of the `swiss-eph` crate).
//!
//! - [`Ephemeris`] is a cheap, cloneable, `Send + Sync` handle on a data directory. Each call
//!   sets up the calling thread's library state itself (data path on first use, sidereal mode
//!   and observer right before the calculation), so calls never see each other's settings
//!   and may run on many threads at once. A thread's files are closed when it exits.
//! - Requests are typed ([`CalcRequest`], [`Center`], [`Zodiac`], [`HouseSystem`], ...):
//!   no bitmasks. Results name their units (`lon_deg`, `dist_au`, `speed_deg_per_day`).
//! - Nothing falls back silently: positions report their [`EphemerisSource`]; functions
//!   whose library call cannot tell fail with [`EphemError::OutOfRange`] outside the files;
//!   a polar house fallback is reported in [`Houses::fallback`].
//! - [`Ephemeris::calc_cached`] answers geocentric tropical positions of the main bodies from
//!   Chebyshev series of the library's own values (within 0.001″, verified per segment, the
//!   same answer warm or cold), for the dense evaluations of event searches; see
//!   `docs/CACHE.md`.
//!
//! ```
//! use orrery_ephem::{BodyId, CalcRequest, Ephemeris, EphemerisSource, JulianDayUt};
//!
//! let eph = Ephemeris::open(Ephemeris::default_data_dir())?;
//! let sun = eph.calc(JulianDayUt(2451545.0), &CalcRequest::new(BodyId::SUN))?;
//! assert_eq!(sun.source, EphemerisSource::Swiss);
//! let lon = sun.ecliptic().map(|p| p.lon_deg).unwrap_or_default();
//! assert!((280.0..281.0).contains(&lon));
//! # Ok::<(), orrery_ephem::EphemError>(())
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs, clippy::undocumented_unsafe_blocks)]

#[cfg(feature = "raw-baseline")]
#[doc(hidden)]
pub mod baseline;
mod body;
mod cache;
mod calc;
mod cancel;
mod eclipse;
mod ephemeris;
mod error;
mod ffi;
mod houses;
mod observe;
mod range;
mod sidereal;
mod sources;
mod stars;
mod time;

pub use body::BodyId;
pub use cache::full_table_bytes;
pub use calc::{
    CalcRequest, Calculated, Center, Coordinates, EclipticPosition, EphemerisSource,
    EquatorialPosition, Equinox, ObliquityNutation, Observer, Position, Zodiac,
};
pub use cancel::{CancelToken, check_cancelled, run_cancellable};
pub use eclipse::{
    EclipseType, LocalEclipse, LunarEclipse, LunarEclipseAt, Saros, SolarEclipse, SolarEclipseAt,
};
pub use ephemeris::{DATA_DIR_ENV, Ephemeris, library_version};
pub use error::EphemError;
pub use houses::{Angles, HousePoint, HouseSystem, Houses, POLAR_FALLBACK, POLAR_TENTH_CUSP_ON_IC};
pub use observe::{
    Atmosphere, Direction, DiscReference, Extinction, HeliacalAtmosphere, HeliacalDates,
    HeliacalEvent, HeliacalEyes, HeliacalObject, HeliacalRequest, Horizontal, NodApsMethod,
    NodesApsides, Optics, RiseTransEvent, RiseTransRequest, SkyPoint, Target,
};
pub use range::{BodyRange, DateSpan, FILES, MOSHIER, NUMBERED_ASTEROID_FILES, bundled_range};
pub use sidereal::{AyanamsaId, ayanamsa_modes};
pub use sources::{SourcesUsed, track_sources};
pub use stars::{FixedStar, StarName};
pub use time::{Days, JulianDayTt, JulianDayUt};

/// Makes the library read the data files it opens from now on with its own `fseek`/`fread`
/// system calls, as the unpatched library does, instead of from the process' shared in-memory
/// copy (crates/swisseph-sys/README.md). Only for measuring the unpatched library and testing
/// its file handling; the results are the same either way.
#[doc(hidden)]
pub fn read_data_files_with_system_calls() {
    ffi::set_memory_files(false);
}

/// The library's name for a house system code (`swe_house_name`).
///
/// # Errors
/// [`EphemError::InvalidInput`] for a code the library does not implement.
pub fn house_system_name(code: char) -> Result<&'static str, EphemError> {
    HouseSystem::from_code(code).map(HouseSystem::name)
}

#[cfg(test)]
mod tests {
    use super::Ephemeris;

    #[test]
    fn the_handle_can_be_shared_between_threads() {
        fn shareable<T: Send + Sync + Clone + 'static>() {}
        shareable::<Ephemeris>();
    }
}
