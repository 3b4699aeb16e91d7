//! The `provenance` object of every calculation answer: what the numbers were computed with
//! (engine, ephemeris, tz database, preset) and which instants the inputs resolved to, with
//! ΔT there. Users comparing Orrery with another program need exactly these facts to tell a
//! difference of conventions from an error (`docs/PROVENANCE.md`).
//!
//! Everything here follows from the request and the data versions, which the ETag already
//! covers (`crates/server/src/caching.rs`): the same request on the same release gives the
//! same provenance.

use std::sync::LazyLock;

use jiff::Timestamp;
use orrery_astro::time::{JulianDayUt, julian_day_ut, timestamp_of, utc_to_second};
use orrery_civil::CalendarUsed;
use orrery_ephem::{Ephemeris, FILES, MOSHIER, SourcesUsed};
use serde::Serialize;
use utoipa::ToSchema;

use crate::common::{CalendarUsedName, ResolvedBirth};
use crate::endpoint::Endpoint;
use crate::ephemeris_range::iso_date;
use crate::error::CalcFailure;
use crate::names::OneOf;

/// An input date-time as the request resolved it.
#[derive(Debug, Clone, PartialEq)]
pub struct InputInstant {
    /// The request field, `birth.datetime`, `start`.
    pub field: String,
    pub jd: JulianDayUt,
    /// The calendar a local date was read in (births only).
    pub calendar: Option<CalendarUsed>,
}

impl InputInstant {
    /// The instant of the birth at `path` (`birth`, `natal`, `person_a.birth`).
    pub fn birth(path: &str, birth: &ResolvedBirth) -> Self {
        Self {
            field: format!("{path}.datetime"),
            jd: birth.jd,
            calendar: Some(birth.resolved.calendar()),
        }
    }

    /// An instant given in UTC or with an offset (`start`, `datetime`).
    pub fn utc(field: &str, jd: JulianDayUt) -> Self {
        Self {
            field: field.to_owned(),
            jd,
            calendar: None,
        }
    }

    /// As [`InputInstant::utc`], from the instant the request gave.
    pub fn at(field: &str, instant: Timestamp) -> Self {
        Self::utc(field, julian_day_ut(instant))
    }
}

/// What a validated request contributes to its answer's provenance, declared in the endpoint's
/// own module beside its input type, with its cost class ([`Endpoint`]).
pub trait ProvenanceInputs: Endpoint {
    /// Every input date-time, resolved, in the order of the request's fields. Instants the
    /// service chose itself (the current time for an omitted field) are included under the
    /// field they stand for.
    fn input_instants(&self) -> Vec<InputInstant>;

    /// The preset the request named, if any.
    fn preset_name(&self) -> Option<&'static str> {
        None
    }
}

/// Where the numbers came from. The ETag covers all of it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Provenance)]
pub struct ProvenanceDto {
    pub engine: EngineDto,
    /// The ephemerides the answer's positions actually came from (the library reports it per
    /// call): the Swiss Ephemeris files, the analytical Moshier model outside them, both for a
    /// span across their boundary, or none for an answer without positions.
    pub ephemeris: Vec<EphemerisUsedDto>,
    /// The IANA tz database release the civil times were resolved with.
    #[schema(example = "2025b")]
    pub tz_database: &'static str,
    /// The preset named by the request (`GET /v1/catalog/presets`), or null.
    pub preset: Option<&'static str>,
    /// Each input date-time as resolved, with ΔT there.
    pub instants: Vec<InstantDto>,
}

/// The program that computed the answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Engine)]
pub struct EngineDto {
    /// The calculation engine's name.
    #[schema(example = "orrery")]
    pub name: &'static str,
    /// The service's release.
    pub version: &'static str,
    /// The Swiss Ephemeris library compiled in.
    #[schema(example = "2.10.03")]
    pub swiss_ephemeris: &'static str,
}

/// One ephemeris an answer used.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = EphemerisUsed)]
pub struct EphemerisUsedDto {
    /// `swiss_ephemeris_files` (JPL DE441 compressed by Astrodienst) or `moshier` (the
    /// library's analytical model).
    #[schema(example = "swiss_ephemeris_files")]
    pub source: EphemerisSourceUsed,
    /// The first date it serves the planets and the Moon (proleptic Gregorian, 0h UT).
    #[schema(example = "1200-01-09")]
    pub valid_from: &'static str,
    /// The last date it serves them.
    #[schema(example = "4799-12-31")]
    pub valid_to: &'static str,
    /// Files: the library version, JPL DE number and a fingerprint of the files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_version: Option<String>,
    /// Moshier: its measured difference from the files (docs/EPHEMERIS-RANGE.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<&'static str>,
}

/// An input date-time as resolved.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ResolvedInstant)]
pub struct InstantDto {
    /// The request field, `birth.datetime`.
    #[schema(example = "birth.datetime")]
    pub field: String,
    /// The instant in UTC, to the second.
    pub utc: String,
    /// The instant as a Julian day (UT).
    pub julian_day_ut: f64,
    /// ΔT = TT − UT at the instant, seconds, as the Swiss Ephemeris models it
    /// (`swe_deltat_ex` with the files' JPL ephemeris).
    pub delta_t_seconds: f64,
    /// For a local birth time: the calendar its date was read in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calendar: Option<CalendarUsedName>,
}

/// The ephemeris an answer's library calls used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EphemerisSourceUsed {
    /// JPL DE441 compressed by Astrodienst.
    SwissEphemerisFiles,
    /// The library's analytical model.
    Moshier,
}

/// The Moshier model's accuracy, as measured against the files where both exist.
const MOSHIER_ACCURACY: &str = "within 0.5\" (Sun) to 10\" (Neptune) and 26\" (Pluto) of the \
                                files where both exist; the Moon within 4\"";

/// The provenance of an answer computed by `engine_version` from `inputs`, whose library calls
/// used `used`.
///
/// # Errors
/// ΔT of an instant the library refuses (a date no input validation lets through).
pub fn provenance(
    eph: &Ephemeris,
    engine_version: &'static str,
    inputs: Vec<InputInstant>,
    preset: Option<&'static str>,
    used: SourcesUsed,
) -> Result<ProvenanceDto, CalcFailure> {
    // The spans' dates are fixed: written once, not per answer (every `/v1/planets` has them).
    static FILES_DATES: LazyLock<(String, String)> =
        LazyLock::new(|| (iso_date(FILES.first), iso_date(FILES.last)));
    static MOSHIER_DATES: LazyLock<(String, String)> =
        LazyLock::new(|| (iso_date(MOSHIER.first), iso_date(MOSHIER.last)));
    let mut ephemeris = Vec::new();
    if used.files {
        ephemeris.push(EphemerisUsedDto {
            source: EphemerisSourceUsed::SwissEphemerisFiles,
            valid_from: &FILES_DATES.0,
            valid_to: &FILES_DATES.1,
            data_version: Some(eph.data_version().to_owned()),
            accuracy: None,
        });
    }
    if used.moshier {
        ephemeris.push(EphemerisUsedDto {
            source: EphemerisSourceUsed::Moshier,
            valid_from: &MOSHIER_DATES.0,
            valid_to: &MOSHIER_DATES.1,
            data_version: None,
            accuracy: Some(MOSHIER_ACCURACY),
        });
    }
    let instants = inputs
        .into_iter()
        .map(|input| {
            let delta_t_days = eph
                .delta_t_days(input.jd)
                .map_err(|error| CalcFailure::from(error).at_field(&input.field))?;
            Ok(InstantDto {
                utc: timestamp_of(input.jd)
                    .map_or_else(|| format!("Julian day {}", input.jd.0), utc_to_second),
                field: input.field,
                julian_day_ut: input.jd.0,
                delta_t_seconds: delta_t_days * 86_400.0,
                calendar: input.calendar.map(OneOf),
            })
        })
        .collect::<Result<_, CalcFailure>>()?;
    Ok(ProvenanceDto {
        engine: EngineDto {
            name: "orrery",
            version: engine_version,
            swiss_ephemeris: orrery_ephem::library_version(),
        },
        ephemeris,
        tz_database: orrery_civil::tz_data_version(),
        preset,
        instants,
    })
}
