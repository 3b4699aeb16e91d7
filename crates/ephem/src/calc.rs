//! Body positions (`swe_calc_ut`, `swe_calc_pctr`) and the obliquity/nutation (`SE_ECL_NUT`).
//!
//! Every calculation asks for the Swiss Ephemeris files (`SEFLG_SWIEPH`) and speeds
//! (`SEFLG_SPEED`). The returned flags say which ephemeris the library really used: outside
//! the installed files it silently switches the major bodies to the analytical Moshier model,
//! and the result says so in [`Calculated::source`].

use crate::body::BodyId;
use crate::ephemeris::Ephemeris;
use crate::error::{EphemError, finite, in_range};
use crate::ffi::{self, Lib, Raw6};
use crate::range::FILES;
use crate::sidereal::AyanamsaId;
use crate::time::JulianDayUt;

use swiss_eph::{
    SEFLG_BARYCTR, SEFLG_EQUATORIAL, SEFLG_HELCTR, SEFLG_MOSEPH, SEFLG_NONUT, SEFLG_SIDEREAL,
    SEFLG_SPEED, SEFLG_SWIEPH, SEFLG_TOPOCTR, SEFLG_TRUEPOS,
};

/// A place on the Earth: geodetic latitude and longitude (east positive), height above sea.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Observer {
    /// Geodetic latitude, north positive, in [-90, 90].
    pub lat_deg: f64,
    /// Longitude, east positive, in [-180, 180].
    pub lon_deg: f64,
    /// Height above sea level in metres, in [-500, 25000] (the library's limits).
    pub alt_m: f64,
}

impl Observer {
    /// Checks the ranges the library relies on.
    pub(crate) fn validate(&self) -> Result<(), EphemError> {
        in_range(
            "observer.lat_deg",
            self.lat_deg,
            -90.0,
            90.0,
            "must be between -90 and 90",
        )?;
        in_range(
            "observer.lon_deg",
            self.lon_deg,
            -180.0,
            180.0,
            "must be between -180 and 180",
        )?;
        in_range(
            "observer.alt_m",
            self.alt_m,
            -500.0,
            25000.0,
            "must be between -500 and 25000",
        )?;
        Ok(())
    }

    /// `[lon, lat, alt]`, the library's `geopos` order.
    pub(crate) fn geopos(&self) -> [f64; 3] {
        [self.lon_deg, self.lat_deg, self.alt_m]
    }
}

/// Where the position is seen from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Center {
    /// The Earth's centre (the astrological default).
    Geocentric,
    /// An observer on the Earth's surface.
    Topocentric(Observer),
    /// The Sun's centre.
    Heliocentric,
    /// The solar-system barycentre.
    Barycentric,
    /// Another body's centre (`swe_calc_pctr`), e.g. Mars seen from Jupiter.
    PlanetCentric(BodyId),
}

/// Tropical (equinox of date) or sidereal longitudes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zodiac {
    /// Longitudes from the true equinox of date.
    Tropical,
    /// Longitudes from the zero point of this ayanamsa.
    Sidereal(AyanamsaId),
}

impl Zodiac {
    /// Sets the sidereal mode on this thread (if sidereal) and returns the flag to add.
    pub(crate) fn apply(self, lib: &Lib) -> i32 {
        match self {
            Zodiac::Tropical => 0,
            Zodiac::Sidereal(mode) => {
                ffi::set_sid_mode(lib, mode.se_number());
                SEFLG_SIDEREAL
            }
        }
    }
}

/// Ecliptic (longitude/latitude) or equatorial (right ascension/declination) coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coordinates {
    /// Ecliptic longitude and latitude.
    Ecliptic,
    /// Right ascension and declination.
    Equatorial,
}

/// Which equinox (and equator) of date tropical coordinates are measured from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Equinox {
    /// The true equinox of date, nutation included: what astrology means by a longitude.
    True,
    /// The mean equinox of date, without nutation (`SEFLG_NONUT`). The true ecliptic longitude
    /// is this one plus the nutation in longitude (the latitude is the same). The library then
    /// skips its two nutation evaluations per date, about two thirds of a call's work: an event
    /// search that needs the nutation at many nearby dates can interpolate it instead.
    Mean,
}

/// One position calculation, fully described: nothing is taken from earlier calls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CalcRequest {
    /// The body.
    pub body: BodyId,
    /// Seen from where.
    pub center: Center,
    /// Tropical or sidereal (sidereal with ecliptic coordinates only).
    pub zodiac: Zodiac,
    /// Ecliptic or equatorial.
    pub coordinates: Coordinates,
    /// The true equinox of date, or the mean one (tropical only).
    pub equinox: Equinox,
}

impl CalcRequest {
    /// Geocentric, tropical, ecliptic: the astrological default.
    #[must_use]
    pub const fn new(body: BodyId) -> Self {
        CalcRequest {
            body,
            center: Center::Geocentric,
            zodiac: Zodiac::Tropical,
            coordinates: Coordinates::Ecliptic,
            equinox: Equinox::True,
        }
    }
}

impl CalcRequest {
    /// Rejects the combinations for which the library returns a row of zeros or a
    /// meaningless number instead of an error.
    fn validate(&self) -> Result<(), EphemError> {
        let invalid = |rule: &'static str| EphemError::InvalidInput {
            name: "body",
            value: self.body.se_number().to_string(),
            rule,
        };
        if let (Zodiac::Sidereal(_), Coordinates::Equatorial) = (self.zodiac, self.coordinates) {
            // The library would answer with equatorial coordinates of a shifted epoch, which
            // no one means by "sidereal right ascension".
            return Err(EphemError::InvalidInput {
                name: "zodiac",
                value: "sidereal".to_owned(),
                rule: "applies to ecliptic coordinates only (not equatorial)",
            });
        }
        if let (Zodiac::Sidereal(_), Equinox::Mean) = (self.zodiac, self.equinox) {
            // Sidereal longitudes are measured from the ayanamsa's zero point, not from an
            // equinox; the library's handling of nutation there is its own business.
            return Err(EphemError::InvalidInput {
                name: "equinox",
                value: "mean".to_owned(),
                rule: "applies to tropical coordinates only (not sidereal)",
            });
        }
        match self.center {
            Center::Topocentric(observer) => observer.validate()?,
            Center::Geocentric if self.body == BodyId::EARTH => {
                return Err(invalid(
                    "must not be the Earth when seen from the Earth's centre",
                ));
            }
            Center::Heliocentric if self.body == BodyId::SUN => {
                return Err(invalid(
                    "must not be the Sun when seen from the Sun's centre",
                ));
            }
            Center::Heliocentric | Center::Barycentric if self.body.is_lunar_point() => {
                return Err(invalid(
                    "must be a body, not a lunar node or apsis, for heliocentric or barycentric positions",
                ));
            }
            Center::PlanetCentric(center) => {
                for (name, body) in [("body", self.body), ("center", center)] {
                    if body.is_lunar_point() {
                        return Err(EphemError::InvalidInput {
                            name,
                            value: body.se_number().to_string(),
                            rule: "must be a body, not a lunar node or apsis, for planet-centric positions",
                        });
                    }
                }
                if center == self.body {
                    return Err(invalid("must differ from the centre body"));
                }
            }
            Center::Geocentric | Center::Heliocentric | Center::Barycentric => {}
        }
        Ok(())
    }
}

/// An ecliptic position with its daily motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EclipticPosition {
    /// Longitude in degrees, [0, 360).
    pub lon_deg: f64,
    /// Latitude in degrees.
    pub lat_deg: f64,
    /// Distance in astronomical units (the Moon too).
    pub dist_au: f64,
    /// Speed in longitude, degrees per day (negative: retrograde).
    pub lon_speed_deg_per_day: f64,
    /// Speed in latitude, degrees per day.
    pub lat_speed_deg_per_day: f64,
    /// Speed in distance, AU per day.
    pub dist_speed_au_per_day: f64,
}

impl EclipticPosition {
    /// `[lon, lat, dist, lon speed, lat speed, dist speed]`, the library's order.
    #[must_use]
    pub fn to_array(&self) -> [f64; 6] {
        [
            self.lon_deg,
            self.lat_deg,
            self.dist_au,
            self.lon_speed_deg_per_day,
            self.lat_speed_deg_per_day,
            self.dist_speed_au_per_day,
        ]
    }

    pub(crate) fn from_raw(x: [f64; 6]) -> Self {
        EclipticPosition {
            lon_deg: x[0],
            lat_deg: x[1],
            dist_au: x[2],
            lon_speed_deg_per_day: x[3],
            lat_speed_deg_per_day: x[4],
            dist_speed_au_per_day: x[5],
        }
    }
}

/// An equatorial position with its daily motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EquatorialPosition {
    /// Right ascension in degrees, [0, 360).
    pub ra_deg: f64,
    /// Declination in degrees.
    pub dec_deg: f64,
    /// Distance in astronomical units.
    pub dist_au: f64,
    /// Speed in right ascension, degrees per day.
    pub ra_speed_deg_per_day: f64,
    /// Speed in declination, degrees per day.
    pub dec_speed_deg_per_day: f64,
    /// Speed in distance, AU per day.
    pub dist_speed_au_per_day: f64,
}

impl EquatorialPosition {
    fn from_raw(x: [f64; 6]) -> Self {
        EquatorialPosition {
            ra_deg: x[0],
            dec_deg: x[1],
            dist_au: x[2],
            ra_speed_deg_per_day: x[3],
            dec_speed_deg_per_day: x[4],
            dist_speed_au_per_day: x[5],
        }
    }
}

/// A position in the coordinates the request asked for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Position {
    /// Answer to [`Coordinates::Ecliptic`].
    Ecliptic(EclipticPosition),
    /// Answer to [`Coordinates::Equatorial`].
    Equatorial(EquatorialPosition),
}

/// Which ephemeris the library actually used, read from its returned flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EphemerisSource {
    /// The Swiss Ephemeris data files (JPL DE441-based): the requested source.
    Swiss,
    /// The analytical Moshier model: the library fell back to it because the date is outside
    /// the installed files (major bodies, Moon and lunar points only).
    Moshier,
}

impl EphemerisSource {
    /// Reads the ephemeris bits of the flags the library returned.
    pub(crate) fn from_flags(flags: i32) -> Result<Self, EphemError> {
        if flags & SEFLG_SWIEPH != 0 {
            Ok(EphemerisSource::Swiss)
        } else if flags & SEFLG_MOSEPH != 0 {
            Ok(EphemerisSource::Moshier)
        } else {
            Err(EphemError::Library {
                function: "swe_calc_ut",
                message: format!("returned flags {flags:#x} name no ephemeris"),
            })
        }
    }
}

/// A computed position and the ephemeris it came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Calculated {
    /// The position, in the requested coordinates.
    pub position: Position,
    /// Swiss Ephemeris files, or the Moshier fallback.
    pub source: EphemerisSource,
}

impl Calculated {
    /// The ecliptic position, if ecliptic coordinates were requested.
    #[must_use]
    pub fn ecliptic(&self) -> Option<&EclipticPosition> {
        match &self.position {
            Position::Ecliptic(p) => Some(p),
            Position::Equatorial(_) => None,
        }
    }

    /// The equatorial position, if equatorial coordinates were requested.
    #[must_use]
    pub fn equatorial(&self) -> Option<&EquatorialPosition> {
        match &self.position {
            Position::Equatorial(p) => Some(p),
            Position::Ecliptic(_) => None,
        }
    }
}

/// The obliquity of the ecliptic and the nutation at a date.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ObliquityNutation {
    /// True obliquity (mean + nutation in obliquity), degrees.
    pub true_obliquity_deg: f64,
    /// Mean obliquity, degrees.
    pub mean_obliquity_deg: f64,
    /// Nutation in longitude, degrees.
    pub nutation_lon_deg: f64,
    /// Nutation in obliquity, degrees.
    pub nutation_obliquity_deg: f64,
}

/// A short description of a calculation for error messages.
pub(crate) fn describe(body: BodyId, jd: JulianDayUt) -> String {
    match body.asteroid_number() {
        Some(number) => format!("asteroid {number} at JD {} (UT)", jd.0),
        None => format!("body {} at JD {} (UT)", body.se_number(), jd.0),
    }
}

impl Ephemeris {
    /// The position of `request.body` at `jd` (UT), with speeds.
    ///
    /// The sidereal mode and the observer are set inside this call, right before the
    /// calculation. Planet-centric positions go through `swe_calc_pctr`, which takes TT: the
    /// time is converted with `swe_deltat_ex` for the Swiss Ephemeris.
    ///
    /// # Errors
    /// - [`EphemError::NotFinite`]/[`EphemError::InvalidInput`] for a bad date or observer, or
    ///   a body/centre pair without a position (the Earth from the Earth, the Sun from the Sun,
    ///   a lunar node or apsis from anywhere but the Earth, a body from itself), or a sidereal
    ///   zodiac with equatorial coordinates;
    /// - [`EphemError::DataUnavailable`] when the body's file is not installed (a numbered
    ///   asteroid without its file; Chiron and the main asteroids outside their files (1200–4800, Chiron to 4650: `bundled_range`), which
    ///   have no Moshier model);
    /// - [`EphemError::OutOfRange`] for a date outside a numbered asteroid's file, or a
    ///   barycentric position outside the files (the Moshier model has no barycentre);
    /// - [`EphemError::Library`] for anything else the library rejects.
    pub fn calc(&self, jd: JulianDayUt, request: &CalcRequest) -> Result<Calculated, EphemError> {
        self.calc_with(jd, request, 0)
    }

    /// As [`Ephemeris::calc`], the body's true (geometric) position at `jd` (`SEFLG_TRUEPOS`):
    /// where it is at that instant, not where the light seen from the centre at that instant
    /// left it. [`Ephemeris::calc`] gives the latter (the body as the centre sees it, the light
    /// time earlier), from the Sun and the barycentre too: a planet's heliocentric distance
    /// there lags its true distance by the light time from the Sun (the Earth's by 499 s,
    /// Jupiter's by 43 minutes). What is measured along the orbit itself, such as the extremes
    /// of a planet's distance from the Sun, is measured on this one.
    ///
    /// # Errors
    /// As [`Ephemeris::calc`].
    pub fn calc_true_position(
        &self,
        jd: JulianDayUt,
        request: &CalcRequest,
    ) -> Result<Calculated, EphemError> {
        self.calc_with(jd, request, SEFLG_TRUEPOS)
    }

    /// [`Ephemeris::calc`] with `extra_flags` added to the library's flags.
    fn calc_with(
        &self,
        jd: JulianDayUt,
        request: &CalcRequest,
        extra_flags: i32,
    ) -> Result<Calculated, EphemError> {
        finite("jd_ut", jd.0)?;
        request.validate()?;
        // The Moshier model keeps results of earlier calls in the thread's library state (and
        // files read for other dates change it too), which moves a position by up to about
        // 2e-6° with what the thread computed before. From the library's initial state the same
        // request gives the same bits on every thread (tests/moshier_repeats.rs). Outside the
        // planetary and lunar files the answer is the model's, so the state is reset first;
        // only near the files' ends, where the library may still fall back, is a Moshier
        // answer found afterwards and computed again.
        let outside_files = !FILES.contains(jd);
        if outside_files {
            self.reset_this_thread();
        }
        let calculated = self.calc_on_this_thread(jd, request, extra_flags)?;
        if calculated.source == EphemerisSource::Moshier && !outside_files {
            self.reset_this_thread();
            return self.calc_on_this_thread(jd, request, extra_flags);
        }
        Ok(calculated)
    }

    fn calc_on_this_thread(
        &self,
        jd: JulianDayUt,
        request: &CalcRequest,
        extra_flags: i32,
    ) -> Result<Calculated, EphemError> {
        let what = || describe(request.body, jd);
        self.with_lib(|lib| {
            let mut iflag = SEFLG_SWIEPH | SEFLG_SPEED | extra_flags | request.zodiac.apply(lib);
            if request.coordinates == Coordinates::Equatorial {
                iflag |= SEFLG_EQUATORIAL;
            }
            if request.equinox == Equinox::Mean {
                iflag |= SEFLG_NONUT;
            }
            let raw = match request.center {
                Center::Geocentric => ffi::calc_ut(lib, jd.0, request.body.se_number(), iflag),
                Center::Topocentric(o) => {
                    ffi::set_topo(lib, o.lon_deg, o.lat_deg, o.alt_m);
                    ffi::calc_ut(lib, jd.0, request.body.se_number(), iflag | SEFLG_TOPOCTR)
                }
                Center::Heliocentric => {
                    ffi::calc_ut(lib, jd.0, request.body.se_number(), iflag | SEFLG_HELCTR)
                }
                Center::Barycentric => {
                    ffi::calc_ut(lib, jd.0, request.body.se_number(), iflag | SEFLG_BARYCTR)
                }
                Center::PlanetCentric(center) => {
                    let jd_tt = jd.0 + ffi::deltat_ex(lib, jd.0, SEFLG_SWIEPH);
                    ffi::calc_pctr(
                        lib,
                        jd_tt,
                        request.body.se_number(),
                        center.se_number(),
                        iflag,
                    )
                }
            };
            let function = match request.center {
                Center::PlanetCentric(_) => "swe_calc_pctr",
                _ => "swe_calc_ut",
            };
            let Raw6 { x, flags } =
                raw.map_err(|m| EphemError::from_library(function, what(), m))?;
            let source = EphemerisSource::from_flags(flags)?;
            // The mean node and the mean apogee are formulas of the library at every date,
            // which it reports as the files: they name no ephemeris in the provenance.
            if crate::range::bundled_range(request.body) != crate::range::BodyRange::Unlimited {
                crate::sources::record(source);
            }
            if source == EphemerisSource::Moshier && request.center == Center::Barycentric {
                // The Moshier model has no barycentre: the library would hand out a
                // heliocentric position under the barycentric name.
                return Err(EphemError::OutOfRange {
                    what: what(),
                    message: "barycentric positions need the Swiss Ephemeris files, which do \
                              not cover this date"
                        .to_owned(),
                });
            }
            let position = match request.coordinates {
                Coordinates::Ecliptic => Position::Ecliptic(EclipticPosition::from_raw(x)),
                Coordinates::Equatorial => Position::Equatorial(EquatorialPosition::from_raw(x)),
            };
            Ok(Calculated { position, source })
        })
    }

    /// The true and mean obliquity of the ecliptic and the nutation at `jd` (UT)
    /// (`swe_calc_ut` with `SE_ECL_NUT`).
    ///
    /// # Errors
    /// [`EphemError::NotFinite`] for a NaN or infinite date; [`EphemError::Library`] if the
    /// library fails.
    pub fn obliquity_nutation(&self, jd: JulianDayUt) -> Result<ObliquityNutation, EphemError> {
        finite("jd_ut", jd.0)?;
        self.with_lib(|lib| {
            let Raw6 { x, .. } = ffi::calc_ut(lib, jd.0, swiss_eph::SE_ECL_NUT, SEFLG_SWIEPH)
                .map_err(|m| {
                    EphemError::from_library("swe_calc_ut", format!("obliquity at JD {}", jd.0), m)
                })?;
            Ok(ObliquityNutation {
                true_obliquity_deg: x[0],
                mean_obliquity_deg: x[1],
                nutation_lon_deg: x[2],
                nutation_obliquity_deg: x[3],
            })
        })
    }
}

/// Fails unless the Swiss Ephemeris files cover `body` at `jd`: for the functions whose
/// return value does not tell which ephemeris the library used (rise/set, crossings,
/// heliacal, nodes/apsides, fixed stars).
pub(crate) fn require_swiss_files(lib: &Lib, jd: f64, body: BodyId) -> Result<(), EphemError> {
    let what = || describe(body, JulianDayUt(jd));
    let Raw6 { flags, .. } = ffi::calc_ut(lib, jd, body.se_number(), SEFLG_SWIEPH)
        .map_err(|m| EphemError::from_library("swe_calc_ut", what(), m))?;
    match EphemerisSource::from_flags(flags)? {
        EphemerisSource::Swiss => Ok(()),
        EphemerisSource::Moshier => Err(EphemError::OutOfRange {
            what: what(),
            message: "the installed Swiss Ephemeris files do not cover this date (the library \
                      would silently use its analytical Moshier model)"
                .to_owned(),
        }),
    }
}
