//! `POST /v1/heliacal`: the next heliacal event of a planet or fixed star after `datetime_start`:
//! its heliacal date (`event_utc`, the start of visibility), best visibility (`optimum_utc`) and
//! end of visibility (`end_utc`), or for the acronychal and cosmical events the day the object
//! rises or sets with the Sun. The definitions and methods are in
//! `orrery_astro::techniques::heliacal`.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `datetime_start` | required; ISO 8601 with `Z` or an offset: the search start |
//! | `object` | required; `moon`, `mercury`, `venus`, `mars`, `jupiter`, `saturn`, or a star of `GET /v1/catalog/fixed-stars` by name (`sirius`) or designation (`alCMa`), case ignored |
//! | `event_type` | required; `heliacal_rising`, `heliacal_setting`, `evening_first_visible`, `morning_last_visible`, `acronychal_rising`, `acronychal_setting`, `cosmical_setting` |
//! | `location` | required; `{latitude -60..60, longitude -180..180, altitude?}`: the library's visibility model holds within ±60°; altitude in metres -500..25000, default 0 (sea level) |
//! | `atmosphere` | `pressure` hPa [`PRESSURE_HPA`] (default 1013.25, also at altitude: give the station pressure), `temperature` °C [`TEMPERATURE_C`] (default 15), `humidity` % [`HUMIDITY_PCT`] (default 50), `meteo_range_km` [`METEO_RANGE_KM`] (the meteorological range, default 25; larger is clearer air) |
//! | `observer` | `age` years [`AGE_YEARS`] (default 36), `eyes` 2 (binocular, default) or 1 (monocular), `magnification` [`MAGNIFICATION`] (default 1, the naked eye), `aperture_mm` [`APERTURE_MM`] (default 0, the naked eye; required above 0 with a magnification above 1), `transmission` [`TRANSMISSION`] (default 1) |
//!
//! With `magnification` 1 the library uses the eye's own pupil and full transmission, so
//! `aperture_mm` must then be 0 and `transmission` 1 (they would be ignored silently). The acuity
//! (Snellen ratio) is the library's normal 1. The rise/set configurations use `pressure` and
//! `temperature` for the refraction only.
//!
//! # Response
//!
//! ```json
//! {
//!   "object": "Sirius", "star": {"name": "Sirius", "nomenclature": "alCMa"},
//!   "event_type": "heliacal_rising", "method": "library",
//!   "definition": "first visibility in the morning twilight after …",
//!   "event_utc": "2024-08-11T02:46:09Z", "event_jd": 2460533.6153800623,
//!   "optimum_utc": "2024-08-11T02:47:13Z", "optimum_jd": 2460533.616120802,
//!   "end_utc": "2024-08-11T02:47:52Z", "end_jd": 2460533.6165721896,
//!   "missing": [],
//!   "configuration": null,
//!   "settings": {"datetime_start": "2024-01-01T00:00:00Z", "datetime_start_jd": 2460310.5,
//!     "location": {…}, "atmosphere": {…}, "observer": {…}},
//!   "notes": []
//! }
//! ```
//!
//! * `method` is `library` (`swe_heliacal_ut`) or `rise_set_configuration`. For a configuration
//!   `event_utc` is the object's rise (or set) on the day it is nearest the Sun's set (or rise),
//!   `configuration` gives `sun_event` (`sunset` or `sunrise`), `sun_utc`/`sun_jd`,
//!   `object_event` (`rise` or `set`) and `object_minus_sun_minutes`; `optimum_utc` and `end_utc`
//!   are `null`.
//! * Every time absent is `null`, with its field and the reason under `missing`; nothing is made
//!   up.
//! * `star` is there for a star: its catalogue name and designation.
//!
//! # Errors
//!
//! Every rule names its field (`location.latitude must be between -60 and 60 for heliacal events:
//! …`, `observer.eyes must be 1 (monocular) or 2 (binocular) (got 3)`). An event that does not
//! exist for the object is a 400 on `event_type` that says what to ask instead; no event within
//! the search span (the library's five synodic periods; a synodic period and a tenth for a
//! configuration) is a 400 that says why where it can tell.

use jiff::Timestamp;
use orrery_astro::body::Body;
use orrery_astro::techniques::heliacal::{
    BODIES, CatalogStar, Configuration, Eyes, HeliacalError, HeliacalEventType, HeliacalFound,
    HeliacalQuery, HeliacalReport, HorizonEvent, MAX_ABS_LATITUDE_DEG, Method, ObjectKind,
    ObjectName, SkyObject, VisibilityAir, heliacal, method_for,
};
use orrery_astro::time::{JulianDayUt, julian_day_ut, timestamp_of};
use orrery_ephem::{EphemError, Ephemeris, Observer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bounded::{Bounded, bounded_number};
use crate::closed_sets::named_by_the_core;
use crate::common::LocationEcho;
use crate::common::{LocationDto, event_time};
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{ClosedSet, OneOf, string_field};
pub use crate::refraction::{
    DEFAULT_PRESSURE_HPA, DEFAULT_TEMPERATURE_C, PRESSURE_HPA, PressureHpa, TEMPERATURE_C,
    TemperatureC,
};

/// Relative humidity, %.
pub const HUMIDITY_PCT: (f64, f64) = (0.0, 100.0);
/// Meteorological range, km: from 1 km (the library reads anything smaller as an extinction
/// coefficient) to 500 km, beyond the clearest air at sea level (about 300 km, Rayleigh
/// scattering alone).
pub const METEO_RANGE_KM: (f64, f64) = (1.0, 500.0);
/// The observer's age, years: the pupil model (Garstang 2000) is for people, not for 0 (which
/// the library would read as "36").
pub const AGE_YEARS: (f64, f64) = (1.0, 100.0);
/// Magnification: 1 is the naked eye; up to the highest useful telescope powers.
pub const MAGNIFICATION: (f64, f64) = (1.0, 1000.0);
/// Aperture, mm: 0 for the naked eye, up to a one-metre telescope.
pub const APERTURE_MM: (f64, f64) = (0.0, 1000.0);
/// Optical transmission: above 0 (the library divides by it) up to 1.
pub const TRANSMISSION: (f64, f64) = (0.01, 1.0);

bounded_number!(
    /// Relative humidity, %.
    HumidityPct,
    HumidityPctBounds,
    HUMIDITY_PCT,
    "Relative humidity, %, 0..100."
);
bounded_number!(
    /// Meteorological range, km.
    MeteoRangeKm,
    MeteoRangeKmBounds,
    METEO_RANGE_KM,
    "Meteorological range (visibility), km, 1..500."
);
bounded_number!(
    /// The observer's age, years.
    ObserverAgeYears,
    ObserverAgeYearsBounds,
    AGE_YEARS,
    "The observer's age, years, 1..100."
);
bounded_number!(
    /// Optical magnification.
    Magnification,
    MagnificationBounds,
    MAGNIFICATION,
    "Optical magnification, 1..1000; 1 is the naked eye."
);
bounded_number!(
    /// Instrument aperture, mm.
    ApertureMm,
    ApertureMmBounds,
    APERTURE_MM,
    "Instrument aperture, mm, 0..1000; 0 for the naked eye."
);
bounded_number!(
    /// Optical transmission.
    Transmission,
    TransmissionBounds,
    TRANSMISSION,
    "Optical transmission, 0.01..1."
);

pub const DEFAULT_HUMIDITY_PCT: f64 = 50.0;
pub const DEFAULT_METEO_RANGE_KM: f64 = 25.0;
pub const DEFAULT_AGE_YEARS: f64 = 36.0;
pub const DEFAULT_EYES: f64 = 2.0;
pub const DEFAULT_MAGNIFICATION: f64 = 1.0;
pub const DEFAULT_APERTURE_MM: f64 = 0.0;
pub const DEFAULT_TRANSMISSION: f64 = 1.0;

#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[schema(as = VisibilityAtmosphere)]
#[serde(deny_unknown_fields)]
pub struct VisibilityAtmosphereDto {
    /// Air pressure in hPa, 1..1100; default 1013.25.
    #[serde(default)]
    pub pressure: Option<PressureHpa>,
    /// Air temperature in °C, -100..60; default 15.
    #[serde(default)]
    pub temperature: Option<TemperatureC>,
    /// Relative humidity in %, 0..100; default 50.
    #[serde(default)]
    pub humidity: Option<HumidityPct>,
    /// Meteorological range (visibility) in km, 1..500; default 25.
    #[serde(default)]
    pub meteo_range_km: Option<MeteoRangeKm>,
}

#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = HeliacalObserver)]
pub struct ObserverDto {
    /// The observer's age in years, 1..100; default 36.
    #[serde(default)]
    pub age: Option<ObserverAgeYears>,
    /// 2 (binocular, default) or 1 (monocular).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 2, multiple_of = 1)]
    pub eyes: Option<f64>,
    /// Optical magnification, 1..1000; 1 (default) is the naked eye.
    #[serde(default)]
    pub magnification: Option<Magnification>,
    /// Instrument aperture in mm, 0..1000; default 0; must be above 0 exactly when `magnification` > 1.
    #[serde(default)]
    pub aperture_mm: Option<ApertureMm>,
    /// Optical transmission, 0.01..1; default 1; must be 1 for the naked eye.
    #[serde(default)]
    pub transmission: Option<Transmission>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HeliacalRequest {
    /// Search start; the next event after it is returned.
    pub datetime_start: Instant,
    /// `moon`, `mercury`, `venus`, `mars`, `jupiter`, `saturn` or a star of `GET /v1/catalog/fixed-stars` (name or designation, case ignored).
    pub object: ObjectInput,
    /// `heliacal_rising`, `heliacal_setting`, `evening_first_visible`, `morning_last_visible`, `acronychal_rising`, `acronychal_setting` or `cosmical_setting`.
    /// Not every object has every event (Venus has no acronychal rising): asking for one it
    /// does not have is a 400 that says so.
    pub event_type: HeliacalEventTypeField,
    /// The observer's place; latitude -60..60.
    pub location: LocationDto,
    /// The air for the visibility model; every part has a default.
    #[serde(default)]
    pub atmosphere: Option<VisibilityAtmosphereDto>,
    /// The observer's eyes and optics; every part has a default.
    #[serde(default)]
    pub observer: Option<ObserverDto>,
}

/// The object as read: a body, or a star name to look up in the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObjectInput {
    Body(Body),
    Star(String),
}

/// A validated request (the star is looked up in [`compute`], which has the catalogue).
#[derive(Debug, Clone)]
pub struct HeliacalInput {
    pub object: ObjectInput,
    pub event: HeliacalEventType,
    pub method: Method,
    pub place: Observer,
    pub air: VisibilityAir,
    pub eyes: Eyes,
    pub start: Timestamp,
    pub start_jd: JulianDayUt,
}

fn accepted_objects(got: &str) -> String {
    let bodies: Vec<String> = BODIES.iter().map(|b| b.name().into_owned()).collect();
    format!(
        "must be one of {} or a fixed-star name from GET /v1/catalog/fixed-stars (got {got:?})",
        bodies.join(", ")
    )
}

impl ObjectInput {
    /// Reads a body of [`BODIES`] or a star name (looked up in [`compute`], which has the
    /// catalogue); the error is the rule, without the field's name.
    fn parse(text: &str) -> Result<Self, String> {
        let name = text.trim().to_ascii_lowercase();
        match Body::parse(&name) {
            _ if name.is_empty() => Err(accepted_objects(text)),
            Ok(body) if BODIES.contains(&body) => Ok(Self::Body(body)),
            // Another body (the Sun, Uranus, a node): no catalogue star has its name.
            Ok(_) => Err(accepted_objects(text)),
            Err(_) => Ok(Self::Star(text.trim().to_owned())),
        }
    }
}

string_field!(
    ObjectInput,
    "HeliacalObject",
    utoipa::openapi::schema::ObjectBuilder::new().description(Some(
        "`moon`, `mercury`, `venus`, `mars`, `jupiter`, `saturn`, or a star of \
         `GET /v1/catalog/fixed-stars` (name or designation, case ignored).",
    ))
);

/// `event_type`, by its API name (a type alias, because the schema derive reads a generic
/// field type as generic over its argument).
pub type HeliacalEventTypeField = OneOf<HeliacalEventType>;

impl ClosedSet for HeliacalEventType {
    const ALL: &'static [Self] = &HeliacalEventType::ALL;
    const SCHEMA_NAME: &'static str = "HeliacalEventType";
    const DESCRIPTION: &'static str = "The kind of visibility event.";

    fn api_name(self) -> &'static str {
        self.name()
    }
}

fn kind_of(object: &ObjectInput) -> ObjectKind {
    match object {
        ObjectInput::Body(body) => SkyObject::Body(*body).kind(),
        ObjectInput::Star(_) => ObjectKind::Star,
    }
}

fn object_name(object: &ObjectInput) -> String {
    match object {
        ObjectInput::Body(body) => body.name().into_owned(),
        ObjectInput::Star(name) => name.clone(),
    }
}

fn place(location: &LocationDto) -> Result<Observer, ApiInputError> {
    let place = location.resolve("location")?;
    if place.lat_deg.abs() > MAX_ABS_LATITUDE_DEG {
        return Err(ApiInputError::field(
            "location.latitude",
            format!(
                "must be between -{MAX_ABS_LATITUDE_DEG} and {MAX_ABS_LATITUDE_DEG} for heliacal \
                 events: the Swiss Ephemeris visibility model is valid only there (got {})",
                place.lat_deg
            ),
        ));
    }
    Ok(place)
}

/// A bounded number's value, or its default when left out.
fn or_default<B>(value: Option<Bounded<B>>, default: f64) -> f64 {
    value.map_or(default, |value| value.get())
}

fn air(atmosphere: VisibilityAtmosphereDto) -> VisibilityAir {
    VisibilityAir {
        pressure_hpa: or_default(atmosphere.pressure, DEFAULT_PRESSURE_HPA),
        temperature_c: or_default(atmosphere.temperature, DEFAULT_TEMPERATURE_C),
        relative_humidity_pct: or_default(atmosphere.humidity, DEFAULT_HUMIDITY_PCT),
        meteo_range_km: or_default(atmosphere.meteo_range_km, DEFAULT_METEO_RANGE_KM),
    }
}

fn eyes(observer: ObserverDto) -> Result<Eyes, ApiInputError> {
    let age_years = or_default(observer.age, DEFAULT_AGE_YEARS);
    let eyes = observer.eyes.unwrap_or(DEFAULT_EYES);
    #[allow(
        clippy::float_cmp,
        reason = "the only accepted values are exactly 1 and 2"
    )]
    let (monocular, binocular) = (eyes == 1.0, eyes == 2.0);
    if !(monocular || binocular) {
        return Err(ApiInputError::field(
            "observer.eyes",
            format!("must be 1 (monocular) or 2 (binocular) (got {eyes})"),
        ));
    }
    let magnification = or_default(observer.magnification, DEFAULT_MAGNIFICATION);
    let aperture_mm = or_default(observer.aperture_mm, DEFAULT_APERTURE_MM);
    let transmission = or_default(observer.transmission, DEFAULT_TRANSMISSION);
    let naked_eye = magnification <= 1.0;
    if naked_eye && aperture_mm > 0.0 {
        return Err(ApiInputError::field(
            "observer.aperture_mm",
            format!(
                "must be 0 with observer.magnification 1 (the naked eye: the library uses the \
                 eye's pupil); give a magnification above 1 for an instrument (got {aperture_mm})"
            ),
        ));
    }
    if naked_eye && transmission < 1.0 {
        return Err(ApiInputError::field(
            "observer.transmission",
            format!(
                "must be 1 with observer.magnification 1 (the naked eye); give a magnification \
                 above 1 for an instrument (got {transmission})"
            ),
        ));
    }
    if !naked_eye && aperture_mm <= 0.0 {
        return Err(ApiInputError::field(
            "observer.aperture_mm",
            format!(
                "must be above 0 with a magnification above 1 (an instrument's aperture) (got \
                 {aperture_mm})"
            ),
        ));
    }
    Ok(Eyes {
        age_years,
        binocular,
        magnification,
        aperture_mm,
        transmission,
    })
}

impl TryFrom<&HeliacalRequest> for HeliacalInput {
    type Error = ApiInputError;

    fn try_from(request: &HeliacalRequest) -> Result<Self, ApiInputError> {
        let start = request.datetime_start.timestamp();
        let object = request.object.clone();
        let OneOf(event) = request.event_type;
        let method = method_for(&object_name(&object), kind_of(&object), event)
            .map_err(|e| ApiInputError::labelled("event_type", e))?;
        Ok(HeliacalInput {
            place: place(&request.location)?,
            air: air(request.atmosphere.unwrap_or_default()),
            eyes: eyes(request.observer.unwrap_or_default())?,
            object,
            event,
            method,
            start,
            start_jd: julian_day_ut(start),
        })
    }
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct VisibilityAtmosphereEcho {
    /// hPa.
    pub pressure: f64,
    /// °C.
    pub temperature: f64,
    /// %.
    pub humidity: f64,
    /// The meteorological visual range, kilometres.
    pub meteo_range_km: f64,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct ObserverEcho {
    /// The observer's age, years (vision declines with age).
    pub age: f64,
    /// 2 binocular, 1 monocular.
    pub eyes: u8,
    /// The optical aid's magnification (1: the naked eye).
    pub magnification: f64,
    /// The optical aid's aperture, millimetres (0: the naked eye).
    pub aperture_mm: f64,
    /// The optical aid's light transmission, 0–1.
    pub transmission: f64,
}

/// The request as understood.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = HeliacalSettings)]
pub struct HeliacalSettingsDto {
    /// Where the search starts, UTC, ISO 8601 to the second.
    pub datetime_start: String,
    /// `datetime_start` as a Julian day (UT).
    pub datetime_start_jd: f64,
    pub location: LocationEcho,
    /// The atmosphere the visibility was computed for.
    pub atmosphere: VisibilityAtmosphereEcho,
    /// The observer the visibility was computed for.
    pub observer: ObserverEcho,
}

/// A star's catalogue entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = HeliacalStar)]
pub struct StarDto {
    /// The star's traditional name; absent when it has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The star's Bayer or Flamsteed designation (`alTau`).
    pub nomenclature: String,
}

/// A time the method does not give.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = MissingTime)]
pub struct MissingTimeDto {
    /// The answer field that is absent.
    pub field: MissingTimeField,
    /// Why the time is missing.
    pub reason: String,
}

/// The Sun's and the object's event of a rise/set configuration.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Configuration)]
pub struct ConfigurationDto {
    /// `sunset` or `sunrise`.
    pub sun_event: SunEvent,
    /// The instant the sky configuration was computed for (the Sun's event), UTC, ISO 8601 to the
    /// second.
    pub sun_utc: String,
    /// `sun_utc` as a Julian day (UT).
    pub sun_jd: f64,
    /// `rise` or `set`.
    pub object_event: HorizonEventName,
    /// The object's event minus the Sun's.
    pub object_minus_sun_minutes: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct HeliacalResponse {
    /// A body's API name, or the star's catalogue name (`Sirius`, or the designation).
    pub object: String,
    /// The star's catalogue entry; absent for a planet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub star: Option<StarDto>,
    /// The event found (`heliacal_rising`, `heliacal_setting`, `evening_first`, `morning_last`, …).
    pub event_type: HeliacalEventTypeField,
    /// How the event was found.
    pub method: HeliacalMethodName,
    /// What the event means, in one sentence.
    pub definition: &'static str,
    /// When the object first (or last) becomes visible, UTC, ISO 8601 to the second.
    pub event_utc: String,
    /// `event_utc` as a Julian day (UT).
    pub event_jd: f64,
    /// The best moment to look, UTC, ISO 8601 to the second; absent when not given.
    pub optimum_utc: Option<String>,
    /// `optimum_utc` as a Julian day (UT).
    pub optimum_jd: Option<f64>,
    /// When the object stops being visible that evening or morning, UTC, ISO 8601 to the second;
    /// absent when not given.
    pub end_utc: Option<String>,
    /// `end_utc` as a Julian day (UT).
    pub end_jd: Option<f64>,
    /// The times that are `null`, and why.
    pub missing: Vec<MissingTimeDto>,
    /// The sky at the event (the Sun's and the object's places); absent when not computed.
    pub configuration: Option<ConfigurationDto>,
    pub settings: HeliacalSettingsDto,
    /// Remarks on the calculation (the model's limits); empty when none apply.
    pub notes: Vec<&'static str>,
}

/// An answer field of an instant that can be absent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = HeliacalTimeField)]
pub enum MissingTimeField {
    OptimumUtc,
    EndUtc,
}

/// The Sun's event of a rise/set configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SunEvent {
    Sunrise,
    Sunset,
}

impl From<HorizonEvent> for SunEvent {
    fn from(event: HorizonEvent) -> Self {
        match event {
            HorizonEvent::Rise => Self::Sunrise,
            HorizonEvent::Set => Self::Sunset,
        }
    }
}

/// An object's rising or setting, by its name.
pub type HorizonEventName = OneOf<HorizonEvent>;

named_by_the_core!(
    HorizonEvent,
    &[HorizonEvent::Rise, HorizonEvent::Set],
    "HorizonEvent",
    "The object's event of a rise/set configuration: `rise` or `set`."
);

/// How a heliacal event was found, by its name.
pub type HeliacalMethodName = OneOf<Method>;

named_by_the_core!(
    Method,
    &[Method::Library, Method::RiseSetConfiguration],
    "HeliacalMethod",
    "How the event was found: the library's `swe_heliacal_ut` (`library`), or the Sun's and \
     the object's rising and setting (`rise_set_configuration`)."
);

/// The UTC string (to the second) and the Julian day of an instant found.
fn instant_pair(jd: JulianDayUt) -> Result<(String, f64), CalcFailure> {
    let text = timestamp_of(jd)
        .map(event_time)
        .ok_or_else(|| CalcFailure::Internal(format!("Julian day {} has no UTC date", jd.0)))?;
    Ok((text, jd.0))
}

fn failure(error: HeliacalError) -> CalcFailure {
    match error {
        // The files cover 1200-4800: the start (or the event found) is outside. The library's
        // message names a file; the conversion says the dates instead.
        HeliacalError::Ephemeris(
            inner @ (EphemError::OutOfRange { .. } | EphemError::DataUnavailable { .. }),
        ) => CalcFailure::from(inner).at_field("datetime_start"),
        HeliacalError::Ephemeris(inner) => CalcFailure::from(inner),
        HeliacalError::NotDefined { .. } => {
            CalcFailure::Input(ApiInputError::labelled("event_type", error))
        }
        HeliacalError::Latitude { .. } => CalcFailure::Input(
            ApiInputError::new(format!("location.{error}")).at("location.latitude"),
        ),
        HeliacalError::NotFound { .. } => CalcFailure::Input(ApiInputError::new(error.to_string())),
        // `unknown_name`, with the catalogue's nearest names.
        HeliacalError::UnknownStar(inner) => match CalcFailure::from(inner) {
            CalcFailure::Input(error) => CalcFailure::Input(error.prefixed("object")),
            other => other,
        },
        HeliacalError::Catalogue(inner) => CalcFailure::from(inner),
    }
}

fn missing_times(found: &HeliacalFound) -> Vec<MissingTimeDto> {
    let why = match found.method {
        Method::Library => {
            "the library did not compute it for this event (it reports 0)".to_owned()
        }
        Method::RiseSetConfiguration => "a rise/set configuration is one instant, not a period \
             of visibility: it has no optimum or end"
            .to_owned(),
    };
    [
        (MissingTimeField::OptimumUtc, found.optimum),
        (MissingTimeField::EndUtc, found.end),
    ]
    .into_iter()
    .filter(|(_, jd)| jd.is_none())
    .map(|(field, _)| MissingTimeDto {
        field,
        reason: why.clone(),
    })
    .collect()
}

fn configuration_dto(c: &Configuration) -> Result<ConfigurationDto, CalcFailure> {
    let (sun_utc, sun_jd) = instant_pair(c.sun_at)?;
    Ok(ConfigurationDto {
        sun_event: c.sun_event.into(),
        sun_utc,
        sun_jd,
        object_event: OneOf(c.object_event),
        object_minus_sun_minutes: c.object_minus_sun_minutes(),
    })
}

/// Finds the event: one core call, [`heliacal`].
///
/// # Errors
/// An unknown star, no event in the span, dates outside the ephemeris files (400s), or a failure
/// of the library (500).
pub fn compute(eph: &Ephemeris, input: &HeliacalInput) -> Result<HeliacalResponse, CalcFailure> {
    let query = HeliacalQuery {
        object: match &input.object {
            ObjectInput::Body(body) => ObjectName::Body(*body),
            ObjectInput::Star(name) => ObjectName::Star(name),
        },
        event: input.event,
        place: input.place,
        air: input.air,
        eyes: input.eyes,
        start: input.start_jd,
    };
    let HeliacalReport { object, found } = heliacal(eph, &query).map_err(failure)?;
    let (event_utc, event_jd) = instant_pair(found.event)?;
    let optimum = found.optimum.map(instant_pair).transpose()?;
    let end = found.end.map(instant_pair).transpose()?;
    let notes = match found.method {
        Method::Library => Vec::new(),
        Method::RiseSetConfiguration => vec![
            "atmosphere.humidity, atmosphere.meteo_range_km and observer do not enter a rise/set \
             configuration; pressure and temperature give the refraction",
        ],
    };
    Ok(HeliacalResponse {
        object: match (&input.object, &object) {
            (ObjectInput::Body(body), _) => body.name().into_owned(),
            (_, SkyObject::Star(star)) => star.display_name().to_owned(),
            (ObjectInput::Star(name), SkyObject::Body(_)) => name.clone(),
        },
        star: match &object {
            SkyObject::Star(CatalogStar { name, nomenclature }) => Some(StarDto {
                name: name.clone(),
                nomenclature: nomenclature.clone(),
            }),
            SkyObject::Body(_) => None,
        },
        event_type: OneOf(input.event),
        method: OneOf(found.method),
        definition: input.event.definition(),
        event_utc,
        event_jd,
        optimum_jd: optimum.as_ref().map(|o| o.1),
        optimum_utc: optimum.map(|o| o.0),
        end_jd: end.as_ref().map(|e| e.1),
        end_utc: end.map(|e| e.0),
        missing: missing_times(&found),
        configuration: found
            .configuration
            .as_ref()
            .map(configuration_dto)
            .transpose()?,
        settings: HeliacalSettingsDto {
            datetime_start: input.start.to_string(),
            datetime_start_jd: input.start_jd.0,
            location: LocationEcho::from(input.place),
            atmosphere: VisibilityAtmosphereEcho {
                pressure: input.air.pressure_hpa,
                temperature: input.air.temperature_c,
                humidity: input.air.relative_humidity_pct,
                meteo_range_km: input.air.meteo_range_km,
            },
            observer: ObserverEcho {
                age: input.eyes.age_years,
                eyes: if input.eyes.binocular { 2 } else { 1 },
                magnification: input.eyes.magnification,
                aperture_mm: input.eyes.aperture_mm,
                transmission: input.eyes.transmission,
            },
        },
        notes,
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::HeliacalInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for HeliacalInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for HeliacalInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::utc("datetime_start", self.start_jd)]
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input(value: serde_json::Value) -> Result<HeliacalInput, ApiInputError> {
        let request: HeliacalRequest = crate::parse::json_value(value)?;
        HeliacalInput::try_from(&request)
    }

    #[test]
    fn defaults_follow_the_spec() {
        let got = input(
            json!({"datetime_start": "2024-01-01T00:00:00Z", "object": "Sirius",
            "event_type": "heliacal_rising", "location": {"latitude": 30.0, "longitude": 31.0}}),
        )
        .unwrap();
        assert_eq!(got.object, ObjectInput::Star("Sirius".into()));
        assert_eq!(got.method, Method::Library);
        assert_eq!(
            got.air,
            VisibilityAir {
                pressure_hpa: 1013.25,
                temperature_c: 15.0,
                relative_humidity_pct: 50.0,
                meteo_range_km: 25.0,
            }
        );
        assert_eq!(
            got.eyes,
            Eyes {
                age_years: 36.0,
                binocular: true,
                magnification: 1.0,
                aperture_mm: 0.0,
                transmission: 1.0,
            }
        );
        assert!(got.place.alt_m.abs() < 1e-12);
    }

    #[test]
    fn planet_names_ignore_case_and_other_bodies_are_refused() {
        let base = |object: &str| {
            json!({"datetime_start": "2024-01-01T00:00:00Z", "object": object,
                "event_type": "acronychal_rising", "location": {"latitude": 30.0, "longitude": 0.0}})
        };
        let got = input(base(" Mars ")).unwrap();
        assert_eq!(got.object, ObjectInput::Body(Body::Mars));
        assert_eq!(got.method, Method::RiseSetConfiguration);
        let message = input(base("sun")).unwrap_err().message;
        assert!(
            message
                .starts_with("object must be one of moon, mercury, venus, mars, jupiter, saturn"),
            "{message}"
        );
    }
}
