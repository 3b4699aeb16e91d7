//! Events and views from a place: rise/set/transit, heliacal phenomena, nodes and apsides,
//! longitude crossings, horizontal coordinates.
//!
//! These functions of the library do not return which ephemeris they used. Each call here
//! therefore checks, with one extra position, that the Swiss Ephemeris files cover the start
//! and the found time; otherwise it fails with [`EphemError::OutOfRange`] rather than hand out
//! a Moshier-based result silently.

use std::ffi::CString;

use crate::body::BodyId;
use crate::calc::{EclipticPosition, Observer, Zodiac, require_swiss_files};
use crate::ephemeris::Ephemeris;
use crate::error::{EphemError, finite, in_range};
use crate::ffi::{self, Lib};
use crate::stars::star_error;
use crate::time::JulianDayUt;

use swiss_eph::{
    SE_BIT_DISC_BOTTOM, SE_BIT_DISC_CENTER, SE_BIT_NO_REFRACTION, SE_CALC_ITRANSIT,
    SE_CALC_MTRANSIT, SE_CALC_RISE, SE_CALC_SET, SE_ECL2HOR, SE_EQU2HOR, SE_HELFLAG_OPTICAL_PARAMS,
    SE_NODBIT_MEAN, SE_NODBIT_OSCU, SE_NODBIT_OSCU_BAR, SEFLG_HELCTR, SEFLG_SPEED, SEFLG_SWIEPH,
};

/// What rises or sets: a body or a fixed star (by catalogue name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target<'a> {
    /// A body.
    Body(BodyId),
    /// A fixed star, e.g. `"Sirius"` or `",alCMa"`.
    Star(&'a str),
}

/// Which event of the daily motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RiseTransEvent {
    /// Rising above the horizon.
    Rise,
    /// Setting below the horizon.
    Set,
    /// Upper culmination (crossing the meridian above the pole).
    UpperTransit,
    /// Lower culmination.
    LowerTransit,
}

/// Which point of the Sun's or Moon's disc touches the horizon (ignored for points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiscReference {
    /// The upper limb, as almanacs give sunrise and sunset.
    UpperLimb,
    /// The disc's centre.
    Center,
    /// The lower limb.
    LowerLimb,
}

/// Air at the observer, for refraction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Atmosphere {
    /// Pressure in hPa (mbar); `None` lets the library estimate it from the observer's height
    /// (1013.25 hPa at sea level).
    pub pressure_mbar: Option<f64>,
    /// Temperature in °C.
    pub temperature_c: f64,
}

impl Default for Atmosphere {
    /// Estimated pressure for the height, 15 °C.
    fn default() -> Self {
        Atmosphere {
            pressure_mbar: None,
            temperature_c: 15.0,
        }
    }
}

impl Atmosphere {
    fn validated(&self) -> Result<(f64, f64), EphemError> {
        let pressure = match self.pressure_mbar {
            Some(p) => in_range(
                "pressure_mbar",
                p,
                0.0,
                2000.0,
                "must be between 0 and 2000",
            )?,
            None => 0.0,
        };
        let temperature = in_range(
            "temperature_c",
            self.temperature_c,
            -100.0,
            100.0,
            "must be between -100 and 100",
        )?;
        Ok((pressure, temperature))
    }
}

/// A rise/set/transit search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RiseTransRequest<'a> {
    /// The body or star.
    pub target: Target<'a>,
    /// Which event.
    pub event: RiseTransEvent,
    /// Where.
    pub observer: Observer,
    /// Which point of the disc (rise and set only).
    pub disc: DiscReference,
    /// Apply atmospheric refraction (rise and set only).
    pub refraction: bool,
    /// Air for the refraction.
    pub atmosphere: Atmosphere,
}

/// How nodes and apsides are defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodApsMethod {
    /// Mean elements (Moon to Neptune; the library uses osculating ones for other bodies).
    Mean,
    /// Osculating elements around the Sun.
    Osculating,
    /// Osculating elements around the solar-system barycentre.
    OsculatingBarycentric,
}

/// A body's orbital nodes and apsides, as ecliptic positions with speeds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodesApsides {
    /// Ascending node.
    pub ascending_node: EclipticPosition,
    /// Descending node.
    pub descending_node: EclipticPosition,
    /// Perihelion (perigee for the Moon).
    pub perihelion: EclipticPosition,
    /// Aphelion (apogee for the Moon).
    pub aphelion: EclipticPosition,
}

/// A heliacal phenomenon (`swe_heliacal_ut` event types 1..=6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeliacalEvent {
    /// 1: first visibility in the morning (heliacal rising).
    HeliacalRising,
    /// 2: last visibility in the evening (heliacal setting).
    HeliacalSetting,
    /// 3: first visibility in the evening (Mercury, Venus, Moon).
    EveningFirst,
    /// 4: last visibility in the morning (Mercury, Venus, Moon).
    MorningLast,
    /// 5: acronychal rising; the library (2.10.03) does not compute it and says so.
    AcronychalRising,
    /// 6: acronychal (cosmical) setting; the library does not compute it and says so.
    AcronychalSetting,
}

impl HeliacalEvent {
    fn se_number(self) -> i32 {
        match self {
            HeliacalEvent::HeliacalRising => 1,
            HeliacalEvent::HeliacalSetting => 2,
            HeliacalEvent::EveningFirst => 3,
            HeliacalEvent::MorningLast => 4,
            HeliacalEvent::AcronychalRising => 5,
            HeliacalEvent::AcronychalSetting => 6,
        }
    }
}

/// What the heliacal search looks for: the Moon, a planet Mercury..Neptune, or a fixed star.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeliacalObject<'a> {
    /// The Moon or a planet from Mercury to Neptune.
    Body(BodyId),
    /// A fixed star by catalogue name.
    Star(&'a str),
}

/// How the extinction of the air is given (`datm[3]`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Extinction {
    /// Computed by the library from pressure, temperature and humidity.
    FromAtmosphere,
    /// Meteorological range in km (≥ 1).
    MeteorologicalRangeKm(f64),
    /// Total atmospheric extinction coefficient ktot, in (0, 1).
    Coefficient(f64),
}

/// The atmosphere for heliacal visibility (`datm`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeliacalAtmosphere {
    /// Pressure in hPa; 0 lets the library derive it from the height.
    pub pressure_mbar: f64,
    /// Temperature in °C; 0 lets the library derive it from the height.
    pub temperature_c: f64,
    /// Relative humidity in %; 0 lets the library use 40 %.
    pub relative_humidity_pct: f64,
    /// Extinction.
    pub extinction: Extinction,
}

impl Default for HeliacalAtmosphere {
    /// The library's defaults: 1013.25 hPa and 15 °C corrected for height, 40 % humidity,
    /// extinction from these.
    fn default() -> Self {
        HeliacalAtmosphere {
            pressure_mbar: 0.0,
            temperature_c: 0.0,
            relative_humidity_pct: 0.0,
            extinction: Extinction::FromAtmosphere,
        }
    }
}

/// An optical aid (binoculars or a telescope), `dobs[2..6]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Optics {
    /// Both eyes (binocular) rather than one.
    pub binocular: bool,
    /// Magnification; 1 = naked eye.
    pub magnification: f64,
    /// Aperture in mm.
    pub aperture_mm: f64,
    /// Optical transmission, 0..1.
    pub transmission: f64,
}

/// The observer's eyes (`dobs`, see `swehel.c`: age, Snellen ratio, then optics).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeliacalEyes {
    /// Age in years; 0 lets the library use 36.
    pub age_years: f64,
    /// Snellen ratio of visual acuity; 0 lets the library use 1 (normal).
    pub snellen_ratio: f64,
    /// An optical aid, or `None` for the naked eye with both eyes.
    pub optics: Option<Optics>,
}

impl Default for HeliacalEyes {
    /// The library's defaults: 36 years, normal acuity, naked eyes.
    fn default() -> Self {
        HeliacalEyes {
            age_years: 0.0,
            snellen_ratio: 0.0,
            optics: None,
        }
    }
}

/// A heliacal search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeliacalRequest<'a> {
    /// What to look for.
    pub object: HeliacalObject<'a>,
    /// Which phenomenon.
    pub event: HeliacalEvent,
    /// Where (the library's model is valid between 60° S and 60° N).
    pub observer: Observer,
    /// The air.
    pub atmosphere: HeliacalAtmosphere,
    /// The eyes.
    pub eyes: HeliacalEyes,
}

/// The result of a heliacal search (`dret[0..3]`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeliacalDates {
    /// The heliacal date: start of visibility.
    pub start: JulianDayUt,
    /// Optimum visibility, if the library computed it.
    pub optimum: Option<JulianDayUt>,
    /// End of visibility, if the library computed it.
    pub end: Option<JulianDayUt>,
}

/// Search direction for [`Ephemeris::helio_crossing`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The next crossing after the start.
    Forward,
    /// The last crossing before the start.
    Backward,
}

/// Coordinates to convert to the horizon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SkyPoint {
    /// Apparent ecliptic longitude and latitude of date.
    Ecliptic {
        /// Longitude, degrees.
        lon_deg: f64,
        /// Latitude, degrees.
        lat_deg: f64,
    },
    /// Apparent right ascension and declination of date.
    Equatorial {
        /// Right ascension, degrees.
        ra_deg: f64,
        /// Declination, degrees.
        dec_deg: f64,
    },
}

/// Horizontal coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Horizontal {
    /// Azimuth in degrees from north through east (compass bearing), [0, 360). The library
    /// measures from south through west; this is converted.
    pub azimuth_deg: f64,
    /// Geometric altitude above the true horizon, degrees.
    pub true_altitude_deg: f64,
    /// Altitude with refraction, degrees.
    pub apparent_altitude_deg: f64,
}

/// The library's azimuth (from south, westward) as a compass bearing (from north, eastward).
pub(crate) fn compass_azimuth(azimuth_from_south_deg: f64) -> f64 {
    (azimuth_from_south_deg + 180.0).rem_euclid(360.0)
}

fn describe_target(target: Target<'_>) -> String {
    match target {
        Target::Body(b) => format!("body {}", b.se_number()),
        Target::Star(s) => format!("star {s:?}"),
    }
}

/// The body whose file coverage decides whether a target's positions are from the files:
/// the body itself, or the Sun (the Earth) for a star.
fn coverage_body(target: Target<'_>) -> BodyId {
    match target {
        Target::Body(b) => b,
        Target::Star(_) => BodyId::SUN,
    }
}

/// Puts the library's visibility model in the same state before every heliacal search.
///
/// `swehel.c` (2.10.03) keeps the last extinction coefficients and magnitude loss of each thread
/// in `static TLS` variables keyed on the Sun's altitude and right ascension only, not on the
/// place, the atmosphere or the observer: a call whose Sun matches the previous call's reuses
/// values computed for another atmosphere. (`swe_vis_limit_mag` at one instant with humidity
/// 90 % and then 20 % answers −9.42 instead of the 4.60 a fresh thread gives.) One evaluation
/// at a fixed configuration, far from any instant a request asks about, overwrites those keys,
/// so a search's answer depends on its own request alone, whatever ran on the thread before.
fn reset_visibility_caches(lib: &ffi::Lib) {
    /// 1899-12-31 18:00:17.28 UT at 0.123456° S 0.654321° W, an instant and a place no real
    /// search evaluates at: Venus 28° up in the evening sky with the Sun below the horizon, so
    /// the whole model runs and every cached key is overwritten (with Venus below the horizon
    /// the library returns early and leaves the caches as they were).
    const SENTINEL_JD: f64 = 2_415_020.250_2;
    const SENTINEL_GEOPOS: [f64; 3] = [-0.654_321, -0.123_456, 0.0];
    const SENTINEL_DATM: [f64; 4] = [1013.25, 15.0, 40.0, 0.25];
    const SENTINEL_DOBS: [f64; 6] = [36.0, 1.0, 0.0, 0.0, 0.0, 0.0];
    // The result is of no interest; an error would only leave the caches as they were.
    let _ = ffi::vis_limit_mag(
        lib,
        SENTINEL_JD,
        SENTINEL_GEOPOS,
        SENTINEL_DATM,
        SENTINEL_DOBS,
        c"venus",
        SEFLG_SWIEPH,
    );
}

impl Ephemeris {
    /// The next rise, set or transit of a body or star after `start` (UT), or `None` if there
    /// is none because the body is circumpolar (the library's return code -2).
    ///
    /// # Errors
    /// - [`EphemError::NotFinite`]/[`EphemError::InvalidInput`] for bad inputs;
    /// - [`EphemError::StarNotFound`] for an unknown star;
    /// - [`EphemError::OutOfRange`]/[`EphemError::DataUnavailable`] if the files do not cover
    ///   the start or the event;
    /// - [`EphemError::Library`] for other failures.
    pub fn rise_trans(
        &self,
        start: JulianDayUt,
        request: &RiseTransRequest<'_>,
    ) -> Result<Option<JulianDayUt>, EphemError> {
        finite("start_jd_ut", start.0)?;
        request.observer.validate()?;
        let (pressure, temperature) = request.atmosphere.validated()?;
        let star: Option<CString> = match request.target {
            Target::Star(name) => Some(self.star_c_name(name)?),
            Target::Body(_) => None,
        };
        let mut rsmi = match request.event {
            RiseTransEvent::Rise => SE_CALC_RISE,
            RiseTransEvent::Set => SE_CALC_SET,
            RiseTransEvent::UpperTransit => SE_CALC_MTRANSIT,
            RiseTransEvent::LowerTransit => SE_CALC_ITRANSIT,
        };
        match request.disc {
            DiscReference::UpperLimb => {}
            DiscReference::Center => rsmi |= SE_BIT_DISC_CENTER,
            DiscReference::LowerLimb => rsmi |= SE_BIT_DISC_BOTTOM,
        }
        if !request.refraction {
            rsmi |= SE_BIT_NO_REFRACTION;
        }
        let ipl = match request.target {
            Target::Body(b) => b.se_number(),
            Target::Star(_) => 0,
        };
        let covering = coverage_body(request.target);
        self.with_files_lib(|lib| {
            require_swiss_files(lib, start.0, covering)?;
            let found = ffi::rise_trans(
                lib,
                start.0,
                ipl,
                star.as_deref(),
                SEFLG_SWIEPH,
                rsmi,
                request.observer.geopos(),
                pressure,
                temperature,
            )
            .map_err(|m| match request.target {
                Target::Star(name) => star_error("swe_rise_trans", name, m),
                Target::Body(_) => EphemError::from_library(
                    "swe_rise_trans",
                    format!(
                        "{} after JD {} (UT)",
                        describe_target(request.target),
                        start.0
                    ),
                    m,
                ),
            })?;
            match found {
                Some(jd) => {
                    require_swiss_files(lib, jd, covering)?;
                    Ok(Some(JulianDayUt(jd)))
                }
                None => Ok(None),
            }
        })
    }

    /// The nodes and apsides of a body's orbit at `jd` (UT): apparent ecliptic positions,
    /// geocentric or heliocentric (`swe_nod_aps_ut`).
    ///
    /// # Errors
    /// [`EphemError::NotFinite`] for a bad date; [`EphemError::InvalidInput`] for the lunar
    /// nodes and apsides themselves; [`EphemError::OutOfRange`]/
    /// [`EphemError::DataUnavailable`] outside the files; [`EphemError::Library`] if the
    /// library fails.
    pub fn nodes_apsides(
        &self,
        jd: JulianDayUt,
        body: BodyId,
        method: NodApsMethod,
        heliocentric: bool,
    ) -> Result<NodesApsides, EphemError> {
        finite("jd_ut", jd.0)?;
        if body.is_lunar_point() {
            return Err(EphemError::InvalidInput {
                name: "body",
                value: body.se_number().to_string(),
                rule: "must be a body with an orbit, not a lunar node or apsis",
            });
        }
        let method = match method {
            NodApsMethod::Mean => SE_NODBIT_MEAN,
            NodApsMethod::Osculating => SE_NODBIT_OSCU,
            NodApsMethod::OsculatingBarycentric => SE_NODBIT_OSCU_BAR,
        };
        let mut iflag = SEFLG_SWIEPH | SEFLG_SPEED;
        if heliocentric {
            iflag |= SEFLG_HELCTR;
        }
        self.with_files_lib(|lib| {
            let [asc, dsc, peri, aphe] =
                ffi::nod_aps_ut(lib, jd.0, body.se_number(), iflag, method).map_err(|m| {
                    EphemError::from_library("swe_nod_aps_ut", crate::calc::describe(body, jd), m)
                })?;
            require_swiss_files(lib, jd.0, body)?;
            Ok(NodesApsides {
                ascending_node: EclipticPosition::from_raw(asc),
                descending_node: EclipticPosition::from_raw(dsc),
                perihelion: EclipticPosition::from_raw(peri),
                aphelion: EclipticPosition::from_raw(aphe),
            })
        })
    }

    /// The next heliacal phenomenon after `start` (UT), or `None` if the library finds none
    /// within its search span ("no heliacal date found").
    ///
    /// # Errors
    /// - [`EphemError::InvalidInput`] for a latitude beyond ±60° (the library's model does not
    ///   work there), a body other than the Moon and Mercury..Neptune, or bad numbers;
    /// - [`EphemError::NotProvided`] for an event the library does not compute (acronychal
    ///   events; evening first/morning last of Mars..Neptune and stars; heliacal
    ///   rising/setting of the Moon);
    /// - [`EphemError::StarNotFound`], [`EphemError::OutOfRange`] as elsewhere.
    pub fn heliacal(
        &self,
        start: JulianDayUt,
        request: &HeliacalRequest<'_>,
    ) -> Result<Option<HeliacalDates>, EphemError> {
        finite("start_jd_ut", start.0)?;
        request.observer.validate()?;
        in_range(
            "observer.lat_deg",
            request.observer.lat_deg,
            -60.0,
            60.0,
            "must be between -60 and 60 for heliacal events",
        )?;
        let (object_name, covering) = match request.object {
            HeliacalObject::Body(body) => (heliacal_body_name(body)?.to_owned(), body),
            HeliacalObject::Star(name) => (name.to_owned(), BodyId::SUN),
        };
        if let Some(reason) = heliacal_not_provided(request.object, request.event) {
            return Err(EphemError::NotProvided {
                what: format!("{:?} of {object_name}", request.event),
                reason: reason.to_owned(),
            });
        }
        let object = match request.object {
            HeliacalObject::Star(name) => self.star_c_name(name)?,
            HeliacalObject::Body(_) => {
                CString::new(object_name.as_str()).map_err(|_| EphemError::InvalidInput {
                    name: "object",
                    value: object_name.clone(),
                    rule: "must not contain a NUL character",
                })?
            }
        };
        let atm = &request.atmosphere;
        let extinction = match atm.extinction {
            Extinction::FromAtmosphere => 0.0,
            Extinction::MeteorologicalRangeKm(km) => in_range(
                "extinction km",
                km,
                1.0,
                1000.0,
                "must be between 1 and 1000",
            )?,
            Extinction::Coefficient(k) => {
                finite("extinction coefficient", k)?;
                if !(k > 0.0 && k < 1.0) {
                    return Err(EphemError::InvalidInput {
                        name: "extinction coefficient",
                        value: k.to_string(),
                        rule: "must be between 0 and 1 (exclusive)",
                    });
                }
                k
            }
        };
        let datm = [
            in_range(
                "pressure_mbar",
                atm.pressure_mbar,
                0.0,
                2000.0,
                "must be between 0 and 2000",
            )?,
            in_range(
                "temperature_c",
                atm.temperature_c,
                -100.0,
                100.0,
                "must be between -100 and 100",
            )?,
            in_range(
                "relative_humidity_pct",
                atm.relative_humidity_pct,
                0.0,
                100.0,
                "must be between 0 and 100",
            )?,
            extinction,
        ];
        let eyes = &request.eyes;
        let mut dobs = [
            in_range(
                "age_years",
                eyes.age_years,
                0.0,
                150.0,
                "must be between 0 and 150",
            )?,
            in_range(
                "snellen_ratio",
                eyes.snellen_ratio,
                0.0,
                10.0,
                "must be between 0 and 10",
            )?,
            0.0,
            0.0,
            0.0,
            0.0,
        ];
        let mut helflag = SEFLG_SWIEPH;
        if let Some(optics) = eyes.optics {
            helflag |= SE_HELFLAG_OPTICAL_PARAMS;
            dobs[2] = if optics.binocular { 1.0 } else { 0.0 };
            dobs[3] = in_range(
                "magnification",
                optics.magnification,
                1.0,
                1000.0,
                "must be between 1 and 1000",
            )?;
            dobs[4] = in_range(
                "aperture_mm",
                optics.aperture_mm,
                0.0,
                10000.0,
                "must be between 0 and 10000",
            )?;
            dobs[5] = in_range(
                "transmission",
                optics.transmission,
                0.0,
                1.0,
                "must be between 0 and 1",
            )?;
        }
        let what = || format!("heliacal event of {object_name} after JD {} (UT)", start.0);
        crate::cancel::install_library_check();
        self.with_files_lib(|lib| {
            require_swiss_files(lib, start.0, covering)?;
            reset_visibility_caches(lib);
            let dret = match ffi::heliacal_ut(
                lib,
                start.0,
                request.observer.geopos(),
                datm,
                dobs,
                &object,
                request.event.se_number(),
                helflag,
            ) {
                Ok(dret) => dret,
                Err(m) if m.starts_with("no heliacal date found") => return Ok(None),
                // Our patch's answer to a cancelled token (see `cancel`).
                Err(_) if crate::cancel::check_cancelled().is_err() => {
                    return Err(EphemError::Cancelled);
                }
                Err(m) => {
                    return Err(match request.object {
                        HeliacalObject::Star(name) => star_error("swe_heliacal_ut", name, m),
                        HeliacalObject::Body(_) => {
                            EphemError::from_library("swe_heliacal_ut", what(), m)
                        }
                    });
                }
            };
            require_swiss_files(lib, dret[0], covering)?;
            let optional = |jd: f64| (jd > 0.0).then_some(JulianDayUt(jd));
            Ok(Some(HeliacalDates {
                start: JulianDayUt(dret[0]),
                optimum: optional(dret[1]),
                end: optional(dret[2]),
            }))
        })
    }

    /// The next time after `start` (UT) the Sun's apparent longitude (tropical or sidereal)
    /// reaches `lon_deg` (`swe_solcross_ut`, to 0.001″).
    ///
    /// # Errors
    /// [`EphemError::NotFinite`] for bad numbers; [`EphemError::OutOfRange`] if the files do
    /// not cover the start or the crossing; [`EphemError::Library`] if the library fails.
    pub fn sun_crossing(
        &self,
        lon_deg: f64,
        start: JulianDayUt,
        zodiac: Zodiac,
    ) -> Result<JulianDayUt, EphemError> {
        self.geocentric_crossing(BodyId::SUN, lon_deg, start, zodiac)
    }

    /// The next time after `start` (UT) the Moon's apparent longitude (tropical or sidereal)
    /// reaches `lon_deg` (`swe_mooncross_ut`, to 0.001″).
    ///
    /// # Errors
    /// As [`Ephemeris::sun_crossing`].
    pub fn moon_crossing(
        &self,
        lon_deg: f64,
        start: JulianDayUt,
        zodiac: Zodiac,
    ) -> Result<JulianDayUt, EphemError> {
        self.geocentric_crossing(BodyId::MOON, lon_deg, start, zodiac)
    }

    fn geocentric_crossing(
        &self,
        body: BodyId,
        lon_deg: f64,
        start: JulianDayUt,
        zodiac: Zodiac,
    ) -> Result<JulianDayUt, EphemError> {
        finite("start_jd_ut", start.0)?;
        // The library iterates until it is within 0.001″: a NaN would never get there.
        let lon_deg = finite("lon_deg", lon_deg)?.rem_euclid(360.0);
        self.with_files_lib(|lib| {
            require_swiss_files(lib, start.0, body)?;
            let iflag = SEFLG_SWIEPH | zodiac.apply(lib);
            let (function, found) = if body == BodyId::SUN {
                (
                    "swe_solcross_ut",
                    ffi::solcross_ut(lib, lon_deg, start.0, iflag),
                )
            } else {
                (
                    "swe_mooncross_ut",
                    ffi::mooncross_ut(lib, lon_deg, start.0, iflag),
                )
            };
            let jd = found.map_err(|m| {
                EphemError::from_library(function, crate::calc::describe(body, start), m)
            })?;
            require_swiss_files(lib, jd, body)?;
            Ok(JulianDayUt(jd))
        })
    }

    /// The next (or previous) time a body's heliocentric longitude (tropical or sidereal)
    /// reaches `lon_deg` (`swe_helio_cross_ut`).
    ///
    /// # Errors
    /// As [`Ephemeris::sun_crossing`]; [`EphemError::InvalidInput`] for bodies without a
    /// heliocentric orbit (Sun, Moon, lunar nodes and apsides).
    pub fn helio_crossing(
        &self,
        body: BodyId,
        lon_deg: f64,
        start: JulianDayUt,
        zodiac: Zodiac,
        direction: Direction,
    ) -> Result<JulianDayUt, EphemError> {
        finite("start_jd_ut", start.0)?;
        let lon_deg = finite("lon_deg", lon_deg)?.rem_euclid(360.0);
        if body == BodyId::SUN || body == BodyId::MOON || body.is_lunar_point() {
            return Err(EphemError::InvalidInput {
                name: "body",
                value: body.se_number().to_string(),
                rule: "must orbit the Sun (not the Sun, the Moon or a lunar point) for heliocentric crossings",
            });
        }
        let dir = match direction {
            Direction::Forward => 1,
            Direction::Backward => -1,
        };
        self.with_files_lib(|lib| {
            let iflag = SEFLG_SWIEPH | zodiac.apply(lib);
            let jd = ffi::helio_cross_ut(lib, body.se_number(), lon_deg, start.0, iflag, dir)
                .map_err(|m| {
                    EphemError::from_library(
                        "swe_helio_cross_ut",
                        crate::calc::describe(body, start),
                        m,
                    )
                })?;
            require_swiss_files(lib, start.0, body)?;
            require_swiss_files(lib, jd, body)?;
            Ok(JulianDayUt(jd))
        })
    }

    /// Horizontal coordinates (azimuth, true and apparent altitude) of an apparent ecliptic or
    /// equatorial position at `jd` (UT) for an observer (`swe_azalt`).
    ///
    /// # Errors
    /// [`EphemError::NotFinite`]/[`EphemError::InvalidInput`] for bad numbers.
    pub fn azalt(
        &self,
        jd: JulianDayUt,
        observer: &Observer,
        atmosphere: &Atmosphere,
        point: SkyPoint,
    ) -> Result<Horizontal, EphemError> {
        finite("jd_ut", jd.0)?;
        observer.validate()?;
        let (pressure, temperature) = atmosphere.validated()?;
        let (flag, xin) = match point {
            SkyPoint::Ecliptic { lon_deg, lat_deg } => (
                SE_ECL2HOR,
                [
                    finite("lon_deg", lon_deg)?,
                    finite("lat_deg", lat_deg)?,
                    1.0,
                ],
            ),
            SkyPoint::Equatorial { ra_deg, dec_deg } => (
                SE_EQU2HOR,
                [finite("ra_deg", ra_deg)?, finite("dec_deg", dec_deg)?, 1.0],
            ),
        };
        self.with_lib(|lib: &Lib| {
            let [az, true_alt, app_alt] = ffi::azalt(
                lib,
                jd.0,
                flag,
                observer.geopos(),
                pressure,
                temperature,
                xin,
            );
            Ok(Horizontal {
                azimuth_deg: compass_azimuth(az),
                true_altitude_deg: true_alt,
                apparent_altitude_deg: app_alt,
            })
        })
    }
}

/// The events `swe_heliacal_ut` refuses (the checks at the top of that function in
/// `swehel.c` 2.10.03, without the arcus-visionis flags, which we never pass).
fn heliacal_not_provided(object: HeliacalObject<'_>, event: HeliacalEvent) -> Option<&'static str> {
    use HeliacalEvent::{
        AcronychalRising, AcronychalSetting, EveningFirst, HeliacalRising, HeliacalSetting,
        MorningLast,
    };
    let inner_or_moon = matches!(
        object,
        HeliacalObject::Body(BodyId::MERCURY | BodyId::VENUS | BodyId::MOON)
    );
    match (object, event) {
        (_, AcronychalRising | AcronychalSetting) => {
            Some("the library does not compute acronychal risings and settings")
        }
        (HeliacalObject::Body(BodyId::MOON), HeliacalRising | HeliacalSetting) => Some(
            "the Moon has no heliacal rising or setting (its phenomena are evening first and \
             morning last)",
        ),
        (_, EveningFirst | MorningLast) if !inner_or_moon => {
            Some("evening first and morning last exist only for Mercury, Venus and the Moon")
        }
        _ => None,
    }
}

/// The library's heliacal object names for bodies (`DeterObject` in `swehel.c`).
fn heliacal_body_name(body: BodyId) -> Result<&'static str, EphemError> {
    Ok(match body {
        BodyId::MOON => "moon",
        BodyId::MERCURY => "mercury",
        BodyId::VENUS => "venus",
        BodyId::MARS => "mars",
        BodyId::JUPITER => "jupiter",
        BodyId::SATURN => "saturn",
        BodyId::URANUS => "uranus",
        BodyId::NEPTUNE => "neptune",
        other => {
            return Err(EphemError::InvalidInput {
                name: "heliacal object",
                value: other.se_number().to_string(),
                rule: "must be the Moon, a planet from Mercury to Neptune, or a fixed star",
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{SEFLG_SWIEPH, compass_azimuth, ffi, reset_visibility_caches};
    use crate::ephemeris::Ephemeris;

    /// Venus's limiting magnitude at dawn in Cairo with relative humidity `humidity_pct`, on the
    /// calling thread, after `before` (what else the thread computes first).
    fn limiting_magnitude(humidity_pct: f64, before: impl FnOnce(&ffi::Lib)) -> f64 {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/");
        eph.with_lib(|lib| {
            before(lib);
            let datm = [1013.25, 15.0, humidity_pct, 40.0];
            let (_, magnitude) = ffi::vis_limit_mag(
                lib,
                2_460_319.645_833_3, // 2024-01-10 03:30 UT
                [31.2357, 30.0444, 23.0],
                datm,
                [36.0, 1.0, 0.0, 0.0, 0.0, 0.0],
                c"venus",
                SEFLG_SWIEPH,
            )
            .expect("vis_limit_mag");
            Ok(magnitude)
        })
        .expect("the library")
    }

    #[test]
    fn the_visibility_caches_are_reset_before_a_search() {
        let on_a_new_thread = |before: fn(&ffi::Lib)| {
            std::thread::spawn(move || limiting_magnitude(20.0, before))
                .join()
                .expect("thread")
        };
        let fresh = on_a_new_thread(|_| {});
        // The same instant and place with another atmosphere first: the library reuses that
        // call's extinction (what `reset_visibility_caches` exists for).
        fn humid_first(lib: &ffi::Lib) {
            let _ = ffi::vis_limit_mag(
                lib,
                2_460_319.645_833_3,
                [31.2357, 30.0444, 23.0],
                [1013.25, 15.0, 90.0, 5.0],
                [36.0, 1.0, 0.0, 0.0, 0.0, 0.0],
                c"venus",
                SEFLG_SWIEPH,
            );
        }
        let stale = on_a_new_thread(humid_first);
        assert!(
            (stale - fresh).abs() > 1.0,
            "fresh {fresh}, after another call {stale}"
        );
        let reset = on_a_new_thread(|lib| {
            humid_first(lib);
            reset_visibility_caches(lib);
        });
        assert!(
            (reset - fresh).abs() < 1e-9,
            "fresh {fresh}, after the reset {reset}"
        );
    }

    #[test]
    fn azimuth_turns_from_south_westward_to_north_eastward() {
        // south 0 -> 180, west 90 -> 270, north 180 -> 0, east 270 -> 90
        let cases = [(0.0, 180.0), (90.0, 270.0), (180.0, 0.0), (270.0, 90.0)];
        for (from_south, compass) in cases {
            assert!((compass_azimuth(from_south) - compass).abs() < 1e-12);
        }
    }
}
