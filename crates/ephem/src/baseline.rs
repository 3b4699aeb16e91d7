//! The "raw library calls made directly" baseline of the benchmarks (feature `raw-baseline`).
//!
//! Not part of the API: `crates/bench` measures Orrery's calculation paths against the plainest
//! sequence of C calls that gives the same numbers, and needs a way to make those calls without
//! any `unsafe` outside this crate. So this module goes straight to the thin functions of
//! `ffi.rs`: no validation, no typed requests, no error mapping, no flag checks, no allocation.
//! The data path is set once per thread (by [`RawLibrary::new`]), then every call is one C
//! call: `swe_calc_ut` with `SEFLG_SWIEPH | SEFLG_SPEED`, or `swe_houses_ex2`.
//!
//! It shares the thread's library state with [`Ephemeris`]: it sets the path through the
//! handle (so both see the same directory) and never calls `swe_close`, which would leave the
//! handle's record of this thread stale.

use swiss_eph::{SEFLG_SPEED, SEFLG_SWIEPH};

use crate::body::BodyId;
use crate::ephemeris::Ephemeris;
use crate::error::EphemError;
use crate::ffi::{self, Lib};

/// The flags of every baseline position: the data files, with speeds.
const CALC_FLAGS: i32 = SEFLG_SWIEPH | SEFLG_SPEED;

/// The library on the current thread, its data path set. Not `Send` (as [`Lib`]): the path
/// is per thread.
#[derive(Debug)]
pub struct RawLibrary {
    lib: Lib,
}

/// What one raw `swe_houses_ex2` call wrote: cusps `[1..=12]` and `ascmc[0..10]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RawHouses {
    /// The library's return code (negative: polar fallback to Porphyry).
    pub retc: i32,
    /// Cusps, 1-based as the library writes them.
    pub cusps: [f64; 13],
    /// Ascendant, MC, ARMC, vertex, ...
    pub ascmc: [f64; 10],
}

/// Makes the library read its data files with its own system calls (`fseek`/`fread` on a plain
/// file), as the unpatched library does, for every file opened afterwards in this process: call
/// it before [`Ephemeris::open`] in a process that measures the "raw library" baseline.
/// Orrery's own path reads them from memory (crates/swisseph-sys/README.md).
pub fn use_the_unpatched_file_reads() {
    crate::read_data_files_with_system_calls();
}

impl RawLibrary {
    /// Sets `eph`'s data path on this thread (once), as any first call of the handle would.
    ///
    /// # Errors
    /// [`EphemError::DataDir`] if the library cannot open the directory's lunar file.
    pub fn new(eph: &Ephemeris) -> Result<RawLibrary, EphemError> {
        eph.with_lib(|_| Ok(()))?;
        Ok(RawLibrary {
            lib: Lib::path_is_set_on_this_thread(),
        })
    }

    /// One `swe_calc_ut(jd_ut, body, SEFLG_SWIEPH | SEFLG_SPEED)`: the six numbers and the
    /// returned flags, or the library's message.
    ///
    /// # Errors
    /// The library's error message, as it wrote it.
    pub fn calc(&self, jd_ut: f64, body: BodyId) -> Result<([f64; 6], i32), String> {
        ffi::calc_ut(&self.lib, jd_ut, body.se_number(), CALC_FLAGS).map(|raw| (raw.x, raw.flags))
    }

    /// One `swe_houses_ex2(jd_ut, SEFLG_SWIEPH, lat, lon, 'P')`: Placidus cusps and angles.
    #[must_use]
    pub fn houses_placidus(&self, jd_ut: f64, lat_deg: f64, lon_deg: f64) -> RawHouses {
        let raw = ffi::houses_ex2(&self.lib, jd_ut, SEFLG_SWIEPH, lat_deg, lon_deg, b'P');
        let mut cusps = [0.0; 13];
        cusps.copy_from_slice(&raw.cusps[..13]);
        RawHouses {
            retc: raw.retc,
            cusps,
            ascmc: raw.ascmc,
        }
    }

    /// A chart's library calls: `swe_calc_ut` for each body into `out` (in order), then Placidus
    /// houses. A failed body leaves its row at zero (the baseline does not look at errors).
    pub fn chart(
        &self,
        jd_ut: f64,
        lat_deg: f64,
        lon_deg: f64,
        bodies: &[BodyId],
        out: &mut [[f64; 6]],
    ) -> RawHouses {
        for (body, row) in bodies.iter().zip(out.iter_mut()) {
            *row = self.calc(jd_ut, *body).map_or([0.0; 6], |(x, _)| x);
        }
        self.houses_placidus(jd_ut, lat_deg, lon_deg)
    }
}
