//! Solar and lunar eclipses, global and local, from the library's own eclipse functions
//! (`swe_sol_eclipse_when_glob`, `swe_sol_eclipse_where`, `swe_lun_eclipse_when`,
//! `swe_lun_eclipse_how`, `swe_sol_eclipse_when_loc`, `swe_lun_eclipse_when_loc`).
//!
//! Like the other event functions of the library they do not say which ephemeris they used, so
//! each call checks with one extra position that the Swiss Ephemeris files cover the found time
//! (`require_swiss_files`), and fails with [`EphemError::OutOfRange`] otherwise.

use crate::body::BodyId;
use crate::calc::{Observer, require_swiss_files};
use crate::ephemeris::Ephemeris;
use crate::error::{EphemError, finite};
use crate::ffi::{self, RawEclipse};
use crate::time::JulianDayUt;

use swiss_eph::{
    SE_ECL_ANNULAR, SE_ECL_ANNULAR_TOTAL, SE_ECL_CENTRAL, SE_ECL_PARTIAL, SE_ECL_PENUMBRAL,
    SE_ECL_TOTAL, SE_ECL_VISIBLE, SEFLG_SWIEPH,
};

/// The type of an eclipse, from the library's return flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EclipseType {
    /// Solar: the Moon covers the whole Sun somewhere; lunar: the Moon wholly in the umbra.
    Total,
    /// Solar: the Moon's disc inside the Sun's, a ring left.
    Annular,
    /// Solar: annular along part of the central line, total along the rest.
    Hybrid,
    /// Solar: nowhere central; lunar: the Moon partly in the umbra.
    Partial,
    /// Lunar: the Moon only in the penumbra.
    Penumbral,
}

impl EclipseType {
    /// The snake_case name: `total`, `annular`, `hybrid`, `partial`, `penumbral`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Total => "total",
            Self::Annular => "annular",
            Self::Hybrid => "hybrid",
            Self::Partial => "partial",
            Self::Penumbral => "penumbral",
        }
    }

    /// The type named by the flags, most specific first (a hybrid eclipse also carries no
    /// total or annular bit; a total one at a place may carry the partial bit of its phases).
    fn from_flags(flags: i32) -> Option<Self> {
        if flags & SE_ECL_ANNULAR_TOTAL != 0 {
            Some(Self::Hybrid)
        } else if flags & SE_ECL_TOTAL != 0 {
            Some(Self::Total)
        } else if flags & SE_ECL_ANNULAR != 0 {
            Some(Self::Annular)
        } else if flags & SE_ECL_PARTIAL != 0 {
            Some(Self::Partial)
        } else if flags & SE_ECL_PENUMBRAL != 0 {
            Some(Self::Penumbral)
        } else {
            None
        }
    }
}

/// A Saros series and the eclipse's number in it: the library's (`attr[9]`, `attr[10]`) where
/// its table knows the series (to series 180), else from [`SOLAR_SERIES_AFTER_LIBRARY`] and
/// [`LUNAR_SERIES_AFTER_LIBRARY`] by the library's own rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Saros {
    /// The series number.
    pub series: i32,
    /// The eclipse's member number within the series.
    pub member: i32,
}

/// The library's mean saros (`SAROS_CYCLE` in swecl.c), in days: 223 synodic months.
const SAROS_DAYS: f64 = 6585.3213;
/// How far an eclipse may lie from a whole number of saroses after its series' first one and
/// still belong to it (the library's window).
const SAROS_MATCH_DAYS: f64 = 2.0;

/// The first eclipse (greatest, JD UT) of each solar Saros series after the library's table,
/// which ends at series 180: the ten series NASA's canon begins by the year 3000. Found by the
/// saros and the inex from the library's series 180 (`fixtures/saros/generate_series_starts.py`,
/// the library's own eclipse search) and checked against the canon
/// (`fixtures/saros/README.md`).
const SOLAR_SERIES_AFTER_LIBRARY: [(i32, f64); 10] = [
    (181, 2_759_554.395_800), // 2843-04-20
    (182, 2_704_272.360_640), // 2691-12-11
    (183, 2_695_088.730_258), // 2666-10-20
    (184, 2_738_587.548_634), // 2785-11-24
    (185, 2_729_402.836_262), // 2760-10-01
    (186, 2_739_975.239_043), // 2789-09-11
    (187, 2_770_303.422_063), // 2872-09-23
    (188, 2_774_289.400_208), // 2883-08-23
    (189, 2_784_861.804_681), // 2912-08-04
    (190, 2_815_190.005_852), // 2995-08-17
];

/// As [`SOLAR_SERIES_AFTER_LIBRARY`], the lunar series that begin after the library's table
/// and by the year 3000.
const LUNAR_SERIES_AFTER_LIBRARY: [(i32, f64); 3] = [
    (181, 2_777_582.798_549), // 2892-08-29
    (182, 2_801_324.945_957), // 2957-08-31
    (183, 2_805_311.406_156), // 2968-07-30
];

impl Saros {
    /// The series of the eclipse at `jd` (UT): the library's answer in `attr`, else the
    /// series after the library's table whose first eclipse lies a whole number of saroses
    /// before it, within [`SAROS_MATCH_DAYS`] (the library's own rule for its table).
    #[allow(
        clippy::cast_possible_truncation,
        reason = "the library writes whole numbers well inside i32 here; a series has under 100 members"
    )]
    fn from_attr(attr: &[f64; 20], jd: f64, lunar: bool) -> Option<Self> {
        let (series, member) = (attr[9], attr[10]);
        if series.is_finite() && member.is_finite() && series > 0.0 {
            return Some(Saros {
                series: series.round() as i32,
                member: member.round() as i32,
            });
        }
        let table: &[(i32, f64)] = if lunar {
            &LUNAR_SERIES_AFTER_LIBRARY
        } else {
            &SOLAR_SERIES_AFTER_LIBRARY
        };
        table.iter().find_map(|&(series, first_jd)| {
            let saroses = ((jd - first_jd) / SAROS_DAYS).round();
            (saroses >= 0.0 && (jd - first_jd - saroses * SAROS_DAYS).abs() < SAROS_MATCH_DAYS)
                .then(|| Saros {
                    series,
                    member: saroses as i32 + 1,
                })
        })
    }
}

/// A solar eclipse seen from the whole Earth.
#[derive(Debug, Clone, PartialEq)]
pub struct SolarEclipse {
    /// Total, annular, hybrid or partial.
    pub eclipse_type: EclipseType,
    /// The greatest eclipse (the shadow axis closest to the Earth's centre).
    pub greatest: JulianDayUt,
    /// First and last contact of the penumbra with the Earth.
    pub begin: Option<JulianDayUt>,
    /// Last contact of the penumbra with the Earth.
    pub end: Option<JulianDayUt>,
    /// Begin and end of totality or annularity anywhere (central eclipses only).
    pub central_begin: Option<JulianDayUt>,
    /// End of the central phase anywhere.
    pub central_end: Option<JulianDayUt>,
    /// Where the eclipse is greatest: geographic longitude and latitude, degrees.
    pub greatest_lon_deg: f64,
    /// Latitude of greatest eclipse, degrees.
    pub greatest_lat_deg: f64,
    /// The magnitude there (the fraction of the Sun's diameter covered; for a central eclipse
    /// the ratio of the Moon's to the Sun's diameter).
    pub magnitude: f64,
    /// The fraction of the Sun's disc covered there (at most 1).
    pub obscuration: f64,
    /// The Saros series, where the library knows it.
    pub saros: Option<Saros>,
}

/// A lunar eclipse (the same for every place that sees the Moon).
#[derive(Debug, Clone, PartialEq)]
pub struct LunarEclipse {
    /// Total, partial or penumbral.
    pub eclipse_type: EclipseType,
    /// The greatest eclipse.
    pub greatest: JulianDayUt,
    /// Contacts with the umbra (partial phase) and totality, and with the penumbra.
    pub partial_begin: Option<JulianDayUt>,
    /// End of the partial phase.
    pub partial_end: Option<JulianDayUt>,
    /// Begin of totality.
    pub total_begin: Option<JulianDayUt>,
    /// End of totality.
    pub total_end: Option<JulianDayUt>,
    /// First contact with the penumbra.
    pub penumbral_begin: Option<JulianDayUt>,
    /// Last contact with the penumbra.
    pub penumbral_end: Option<JulianDayUt>,
    /// The fraction of the Moon's diameter inside the umbra.
    pub umbral_magnitude: f64,
    /// The fraction of the Moon's diameter inside the penumbra.
    pub penumbral_magnitude: f64,
    /// The Saros series, where the library knows it.
    pub saros: Option<Saros>,
}

/// The library's verdict on a solar eclipse at an instant the caller found as its greatest
/// phase (`swe_sol_eclipse_where` there): the type from the shadow's geometry, and the
/// attributes at the place of greatest eclipse.
#[derive(Debug, Clone, PartialEq)]
pub struct SolarEclipseAt {
    /// Total, annular or partial; `None` where the shadow cone misses the Earth (the library's
    /// own search then still looks at the limb, which only it can do: see
    /// [`Ephemeris::solar_eclipse_at`]).
    pub eclipse_type: Option<EclipseType>,
    /// Whether the shadow axis meets the Earth.
    pub central: bool,
    /// Where the eclipse is greatest: geographic longitude and latitude, degrees.
    pub greatest_lon_deg: f64,
    /// Latitude of greatest eclipse, degrees.
    pub greatest_lat_deg: f64,
    /// As [`SolarEclipse::magnitude`]; not positive where the discs do not overlap there
    /// (the library's own test of a candidate).
    pub magnitude: f64,
    /// As [`SolarEclipse::obscuration`].
    pub obscuration: f64,
    /// The Saros series, where the library knows it.
    pub saros: Option<Saros>,
}

/// The library's verdict on a lunar eclipse at an instant the caller found as its greatest
/// phase (`swe_lun_eclipse_how` there, without a place).
#[derive(Debug, Clone, PartialEq)]
pub struct LunarEclipseAt {
    /// Total, partial or penumbral.
    pub eclipse_type: EclipseType,
    /// The fraction of the Moon's diameter inside the umbra.
    pub umbral_magnitude: f64,
    /// The fraction of the Moon's diameter inside the penumbra.
    pub penumbral_magnitude: f64,
    /// The Saros series, where the library knows it.
    pub saros: Option<Saros>,
}

/// An eclipse as seen from one place.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalEclipse {
    /// Whether the Sun (solar) or the Moon (lunar) is eclipsed.
    pub lunar: bool,
    /// The type seen here (a total solar eclipse is partial away from its path).
    pub eclipse_type: EclipseType,
    /// The local maximum.
    pub maximum: JulianDayUt,
    /// Solar: first, second, third and fourth contact. Lunar: partial begin (`first`), total
    /// begin (`second`), total end (`third`), partial end (`fourth`).
    pub first_contact: Option<JulianDayUt>,
    /// Second contact.
    pub second_contact: Option<JulianDayUt>,
    /// Third contact.
    pub third_contact: Option<JulianDayUt>,
    /// Fourth contact.
    pub fourth_contact: Option<JulianDayUt>,
    /// Lunar only: the penumbral contacts.
    pub penumbral_begin: Option<JulianDayUt>,
    /// Last contact with the penumbra.
    pub penumbral_end: Option<JulianDayUt>,
    /// Solar: the magnitude (as [`SolarEclipse::magnitude`]); lunar: the umbral magnitude.
    pub magnitude: f64,
    /// Solar: the fraction of the Sun's disc covered, at most 1 (lunar: 0).
    pub obscuration: f64,
    /// The eclipsed body's true altitude at the local maximum, degrees.
    pub altitude_deg: f64,
    /// Whether the maximum is above the horizon (else only part of the eclipse is).
    pub maximum_visible: bool,
    /// The Saros series, where the library knows it.
    pub saros: Option<Saros>,
}

/// A time the library wrote, or `None` where it writes 0 for "no such contact".
fn contact(jd: f64) -> Option<JulianDayUt> {
    (jd.is_finite() && jd > 0.0).then_some(JulianDayUt(jd))
}

fn eclipse_type(function: &'static str, flags: i32) -> Result<EclipseType, EphemError> {
    EclipseType::from_flags(flags).ok_or_else(|| EphemError::Library {
        function,
        message: format!("returned flags {flags:#x} name no eclipse type"),
    })
}

impl Ephemeris {
    /// The first solar eclipse anywhere on the Earth whose greatest phase comes after `start`
    /// (UT), with its type, contacts, magnitude, place of greatest eclipse and Saros series.
    ///
    /// # Errors
    /// [`EphemError::NotFinite`]; [`EphemError::OutOfRange`] if the files do not cover the
    /// eclipse; [`EphemError::Library`] if the library fails.
    pub fn next_solar_eclipse(&self, start: JulianDayUt) -> Result<SolarEclipse, EphemError> {
        finite("start_jd_ut", start.0)?;
        self.with_files_lib(|lib| {
            let what = || format!("the solar eclipse after JD {} (UT)", start.0);
            let RawEclipse { flags, tret, .. } =
                ffi::eclipse_when_glob(lib, false, start.0, SEFLG_SWIEPH, 0, false).map_err(
                    |m| EphemError::from_library("swe_sol_eclipse_when_glob", what(), m),
                )?;
            require_swiss_files(lib, tret[0], BodyId::MOON)?;
            let (_, geopos, attr) = ffi::sol_eclipse_where(lib, tret[0], SEFLG_SWIEPH)
                .map_err(|m| EphemError::from_library("swe_sol_eclipse_where", what(), m))?;
            Ok(SolarEclipse {
                eclipse_type: eclipse_type("swe_sol_eclipse_when_glob", flags)?,
                greatest: JulianDayUt(tret[0]),
                begin: contact(tret[2]),
                end: contact(tret[3]),
                central_begin: contact(tret[4]),
                central_end: contact(tret[5]),
                greatest_lon_deg: geopos[0],
                greatest_lat_deg: geopos[1],
                magnitude: attr[8],
                obscuration: attr[2].min(1.0),
                saros: Saros::from_attr(&attr, tret[0], false),
            })
        })
    }

    /// The first lunar eclipse whose greatest phase comes after `start` (UT), with its type,
    /// contacts, magnitudes and Saros series.
    ///
    /// # Errors
    /// As [`Ephemeris::next_solar_eclipse`].
    pub fn next_lunar_eclipse(&self, start: JulianDayUt) -> Result<LunarEclipse, EphemError> {
        finite("start_jd_ut", start.0)?;
        self.with_files_lib(|lib| {
            let what = || format!("the lunar eclipse after JD {} (UT)", start.0);
            let RawEclipse { flags, tret, .. } =
                ffi::eclipse_when_glob(lib, true, start.0, SEFLG_SWIEPH, 0, false)
                    .map_err(|m| EphemError::from_library("swe_lun_eclipse_when", what(), m))?;
            require_swiss_files(lib, tret[0], BodyId::MOON)?;
            let (_, attr) = ffi::lun_eclipse_how(lib, tret[0], SEFLG_SWIEPH, [0.0; 3])
                .map_err(|m| EphemError::from_library("swe_lun_eclipse_how", what(), m))?;
            Ok(LunarEclipse {
                eclipse_type: eclipse_type("swe_lun_eclipse_when", flags)?,
                greatest: JulianDayUt(tret[0]),
                partial_begin: contact(tret[2]),
                partial_end: contact(tret[3]),
                total_begin: contact(tret[4]),
                total_end: contact(tret[5]),
                penumbral_begin: contact(tret[6]),
                penumbral_end: contact(tret[7]),
                umbral_magnitude: attr[0],
                penumbral_magnitude: attr[1],
                saros: Saros::from_attr(&attr, tret[0], true),
            })
        })
    }

    /// The solar eclipse at `greatest` (UT), an instant the caller found as its greatest
    /// phase: `swe_sol_eclipse_where` there, the one library call that the library's own
    /// search (`swe_sol_eclipse_when_glob`) makes at its greatest eclipse for the type, the
    /// place and the attributes.
    ///
    /// # Errors
    /// As [`Ephemeris::next_solar_eclipse`].
    pub fn solar_eclipse_at(&self, greatest: JulianDayUt) -> Result<SolarEclipseAt, EphemError> {
        finite("greatest_jd_ut", greatest.0)?;
        self.with_files_lib(|lib| {
            let what = || format!("the solar eclipse at JD {} (UT)", greatest.0);
            require_swiss_files(lib, greatest.0, BodyId::MOON)?;
            let (flags, geopos, attr) = ffi::sol_eclipse_where(lib, greatest.0, SEFLG_SWIEPH)
                .map_err(|m| EphemError::from_library("swe_sol_eclipse_where", what(), m))?;
            Ok(SolarEclipseAt {
                eclipse_type: EclipseType::from_flags(flags),
                central: flags & SE_ECL_CENTRAL != 0,
                greatest_lon_deg: geopos[0],
                greatest_lat_deg: geopos[1],
                magnitude: attr[8],
                obscuration: attr[2].min(1.0),
                saros: Saros::from_attr(&attr, greatest.0, false),
            })
        })
    }

    /// The lunar eclipse at `greatest` (UT), an instant the caller found as its greatest
    /// phase, or `None` if the Moon misses the penumbra: `swe_lun_eclipse_how` without a
    /// place, the call with which the library's own search (`swe_lun_eclipse_when`) judges its
    /// candidate.
    ///
    /// # Errors
    /// As [`Ephemeris::next_solar_eclipse`].
    pub fn lunar_eclipse_at(
        &self,
        greatest: JulianDayUt,
    ) -> Result<Option<LunarEclipseAt>, EphemError> {
        finite("greatest_jd_ut", greatest.0)?;
        self.with_files_lib(|lib| {
            let what = || format!("the lunar eclipse at JD {} (UT)", greatest.0);
            require_swiss_files(lib, greatest.0, BodyId::MOON)?;
            let (flags, attr) = ffi::lun_eclipse_how_geocentric(lib, greatest.0, SEFLG_SWIEPH)
                .map_err(|m| EphemError::from_library("swe_lun_eclipse_how", what(), m))?;
            Ok(
                EclipseType::from_flags(flags).map(|eclipse_type| LunarEclipseAt {
                    eclipse_type,
                    umbral_magnitude: attr[0],
                    penumbral_magnitude: attr[1],
                    saros: Saros::from_attr(&attr, greatest.0, true),
                }),
            )
        })
    }

    /// The first solar (`lunar` false) or lunar eclipse visible at `observer` whose local
    /// maximum comes after `start` (UT), with its local contacts, magnitude and altitude.
    ///
    /// # Errors
    /// As [`Ephemeris::next_solar_eclipse`]; [`EphemError::InvalidInput`] for an observer out
    /// of range.
    pub fn next_local_eclipse(
        &self,
        start: JulianDayUt,
        observer: &Observer,
        lunar: bool,
    ) -> Result<LocalEclipse, EphemError> {
        self.local_eclipse(start, observer, lunar, false)
    }

    /// The last solar (`lunar` false) or lunar eclipse visible at `observer` whose local
    /// maximum comes before `start` (UT): the library's search run backward, the same
    /// computation per eclipse as [`Ephemeris::next_local_eclipse`].
    ///
    /// # Errors
    /// As [`Ephemeris::next_local_eclipse`].
    pub fn previous_local_eclipse(
        &self,
        start: JulianDayUt,
        observer: &Observer,
        lunar: bool,
    ) -> Result<LocalEclipse, EphemError> {
        self.local_eclipse(start, observer, lunar, true)
    }

    fn local_eclipse(
        &self,
        start: JulianDayUt,
        observer: &Observer,
        lunar: bool,
        backward: bool,
    ) -> Result<LocalEclipse, EphemError> {
        finite("start_jd_ut", start.0)?;
        observer.validate()?;
        let function = if lunar {
            "swe_lun_eclipse_when_loc"
        } else {
            "swe_sol_eclipse_when_loc"
        };
        self.with_files_lib(|lib| {
            let what = || {
                format!(
                    "the eclipse {} JD {} (UT) at lat {} lon {}",
                    if backward { "before" } else { "after" },
                    start.0,
                    observer.lat_deg,
                    observer.lon_deg
                )
            };
            let RawEclipse { flags, tret, attr } = ffi::eclipse_when_loc(
                lib,
                lunar,
                start.0,
                SEFLG_SWIEPH,
                observer.geopos(),
                backward,
            )
            .map_err(|m| EphemError::from_library(function, what(), m))?;
            require_swiss_files(lib, tret[0], BodyId::MOON)?;
            let common = |first, second, third, fourth, pen_begin, pen_end, obscuration| {
                Ok(LocalEclipse {
                    lunar,
                    eclipse_type: eclipse_type(function, flags)?,
                    maximum: JulianDayUt(tret[0]),
                    first_contact: contact(first),
                    second_contact: contact(second),
                    third_contact: contact(third),
                    fourth_contact: contact(fourth),
                    penumbral_begin: contact(pen_begin),
                    penumbral_end: contact(pen_end),
                    magnitude: if lunar { attr[0] } else { attr[8] },
                    obscuration,
                    altitude_deg: attr[5],
                    maximum_visible: flags & SE_ECL_VISIBLE != 0
                        && flags & swiss_eph::SE_ECL_MAX_VISIBLE != 0,
                    saros: Saros::from_attr(&attr, tret[0], lunar),
                })
            };
            if lunar {
                common(tret[2], tret[4], tret[5], tret[3], tret[6], tret[7], 0.0)
            } else {
                // For a total eclipse the library writes the ratio of the discs' areas (over
                // 1) as the obscuration: the Sun is covered wholly, which is 1.
                common(
                    tret[1],
                    tret[2],
                    tret[3],
                    tret[4],
                    0.0,
                    0.0,
                    attr[2].min(1.0),
                )
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(series: f64, member: f64) -> [f64; 20] {
        let mut attr = [0.0; 20];
        attr[9] = series;
        attr[10] = member;
        attr
    }

    /// What the library writes where its table has no series.
    const NO_SERIES: f64 = -99_999_999.0;

    #[test]
    fn the_librarys_series_comes_first() {
        // Even at a date the extension would number otherwise.
        let jd = SOLAR_SERIES_AFTER_LIBRARY[0].1;
        let saros = Saros::from_attr(&attr(180.0, 3.0), jd, false);
        assert_eq!(
            saros,
            Some(Saros {
                series: 180,
                member: 3
            })
        );
    }

    #[test]
    fn a_series_after_the_table_counts_saroses_from_its_first_eclipse() {
        let (series, first) = LUNAR_SERIES_AFTER_LIBRARY[1];
        for (offset_days, member) in [(0.0, Some(1)), (1.5, Some(1)), (-1.5, Some(1))] {
            let got = Saros::from_attr(&attr(NO_SERIES, 0.0), first + offset_days, true);
            assert_eq!(
                got.map(|s| (s.series, s.member)),
                member.map(|m| (series, m))
            );
        }
        let third = first + 2.0 * SAROS_DAYS + 0.7;
        let got = Saros::from_attr(&attr(NO_SERIES, 0.0), third, true);
        assert_eq!(got, Some(Saros { series, member: 3 }));
        // Not a whole number of saroses from any first eclipse, or before the first one.
        assert_eq!(
            Saros::from_attr(&attr(NO_SERIES, 0.0), first + 100.0, true),
            None
        );
        assert_eq!(
            Saros::from_attr(&attr(f64::NAN, f64::NAN), first - SAROS_DAYS, true),
            None
        );
        // The solar table is not the lunar one.
        assert_eq!(Saros::from_attr(&attr(NO_SERIES, 0.0), first, false), None);
    }
}
