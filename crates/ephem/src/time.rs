//! Julian days that carry their time scale (a bare `f64` Julian day appears only at the FFI
//! call), ΔT and sidereal time.

use std::ops::{Add, AddAssign, Sub, SubAssign};

use crate::ephemeris::Ephemeris;
use crate::error::{EphemError, finite};
use crate::ffi;

use swiss_eph::SEFLG_SWIEPH;

/// A Julian day in Universal Time (UT1; the library treats a UTC clock time as UT).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct JulianDayUt(pub f64);

/// A Julian day in Terrestrial Time (TT, the library's "ET"), used by planet-centric positions.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct JulianDayTt(pub f64);

impl JulianDayUt {
    /// The day number.
    #[must_use]
    pub const fn days(self) -> f64 {
        self.0
    }
}

/// A span of time in days of 86,400 seconds: what a Julian day moves by, and the difference of
/// two Julian days (`later - earlier`, negative when the order is the other way).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Days(pub f64);

impl Add<Days> for JulianDayUt {
    type Output = Self;
    fn add(self, span: Days) -> Self {
        Self(self.0 + span.0)
    }
}

impl Sub<Days> for JulianDayUt {
    type Output = Self;
    fn sub(self, span: Days) -> Self {
        Self(self.0 - span.0)
    }
}

impl AddAssign<Days> for JulianDayUt {
    fn add_assign(&mut self, span: Days) {
        self.0 += span.0;
    }
}

impl SubAssign<Days> for JulianDayUt {
    fn sub_assign(&mut self, span: Days) {
        self.0 -= span.0;
    }
}

impl Sub for JulianDayUt {
    type Output = Days;
    fn sub(self, earlier: Self) -> Days {
        Days(self.0 - earlier.0)
    }
}

impl JulianDayTt {
    /// The day number.
    #[must_use]
    pub const fn days(self) -> f64 {
        self.0
    }
}

impl Ephemeris {
    /// ΔT = TT − UT at `jd` (UT), in days, consistent with the Swiss Ephemeris files' tidal
    /// acceleration (`swe_deltat_ex` with `SEFLG_SWIEPH`).
    ///
    /// # Errors
    /// [`EphemError::NotFinite`] for a NaN or infinite date.
    pub fn delta_t_days(&self, jd: JulianDayUt) -> Result<f64, EphemError> {
        finite("jd_ut", jd.0)?;
        self.with_lib(|lib| Ok(ffi::deltat_ex(lib, jd.0, SEFLG_SWIEPH)))
    }

    /// `jd` (UT) in Terrestrial Time: `jd + ΔT`.
    ///
    /// # Errors
    /// As [`Ephemeris::delta_t_days`].
    pub fn ut_to_tt(&self, jd: JulianDayUt) -> Result<JulianDayTt, EphemError> {
        Ok(JulianDayTt(jd.0 + self.delta_t_days(jd)?))
    }

    /// Greenwich apparent sidereal time at `jd` (UT), in hours [0, 24) (`swe_sidtime`).
    ///
    /// # Errors
    /// [`EphemError::NotFinite`] for a NaN or infinite date.
    pub fn sidereal_time_hours(&self, jd: JulianDayUt) -> Result<f64, EphemError> {
        finite("jd_ut", jd.0)?;
        self.with_lib(|lib| Ok(ffi::sidtime(lib, jd.0)))
    }
}
