//! Heliacal phenomena: the first and last visibility of a star or planet near the Sun, and the
//! acronychal and cosmical configurations of its rising and setting with the Sun's.
//!
//! # The events and who computes them
//!
//! | event | meaning | method |
//! |---|---|---|
//! | `heliacal_rising` | first visibility in the morning twilight (morning first) | library |
//! | `heliacal_setting` | last visibility in the evening twilight (evening last) | library |
//! | `evening_first_visible` | first visibility in the evening (Mercury, Venus, the Moon's new crescent) | library |
//! | `morning_last_visible` | last visibility in the morning (Mercury, Venus, the Moon's old crescent) | library |
//! | `acronychal_rising` | the object rises as the Sun sets | rise/set configuration |
//! | `acronychal_setting` | the object sets as the Sun sets | rise/set configuration |
//! | `cosmical_setting` | the object sets as the Sun rises | rise/set configuration |
//!
//! **Library** ([`Method::Library`]): `swe_heliacal_ut` of the Swiss Ephemeris 2.10.03 (through
//! [`Ephemeris::heliacal`]), Schaefer's visibility model with the request's atmosphere and
//! observer. It gives three instants of the one twilight: the start of visibility (the heliacal
//! date, `event`), the best visibility (`optimum`) and its end (`end`). Its model works between
//! 60° S and 60° N ([`MAX_ABS_LATITUDE_DEG`]); the endpoint refuses other latitudes for every event
//! type, so that one rule holds. It refuses, and so do we ([`HeliacalError::NotDefined`]), the
//! events that do not occur: a superior planet or a star is first seen in the morning and last in
//! the evening, so it has no `evening_first_visible` or `morning_last_visible`; the Moon's first
//! and last crescents are `evening_first_visible` and `morning_last_visible`, and it has no
//! heliacal rising or setting (`swehel.c`, the checks at the top of `swe_heliacal_ut`).
//!
//! **Rise/set configuration** ([`Method::RiseSetConfiguration`]): the library's acronychal events
//! are "still not implemented" (`swephexp.h`: `SE_ACRONYCHAL_RISING`, `SE_ACRONYCHAL_SETTING`,
//! "= `SE_COSMICAL_SETTING`"). They are the three "true" (computed, not seen) risings and
//! settings with the Sun of classical astronomy (sizes.com, *Rising and setting of stars*: "the
//! cosmical setting: the star sets as the sun rises; the true acronychal rising: the star rises
//! as the sun sets; the true acronychal setting: the star and sun set together"; the Swiss
//! Ephemeris' own unfinished code, `get_asc_obl_with_sun` in `swehel.c`, pairs the object's rising
//! with the Sun's setting for the acronychal rising and its setting with the Sun's rising for
//! type 6, our `cosmical_setting`; its manual speaks of "the acronychal risings and settings (also
//! called cosmical settings) of superior planets", to be "added in a future version". So our
//! `acronychal_setting` takes the other classical sense, "happening at nightfall": the object
//! sets with the Sun). We find them with the rise/set
//! machinery (`swe_rise_trans`, [`Ephemeris::rise_trans`]):
//!
//! 1. **Scan**, one step per day ([`SUN_EVENT_STEP_DAYS`]): each Sun event (sunset, or sunrise for
//!    the cosmical setting; the upper limb with refraction, as almanacs give them) from the
//!    start, and the object's rise or set nearest to it (the first after the Sun event less
//!    [`OBJECT_WINDOW_DAYS`]; the Moon's upper limb, the centre of a planet or star, refraction
//!    with the request's pressure and temperature). Their difference `d = object − Sun` drifts
//!    slowly from day to day (a star rises about 4 minutes earlier each day, the Moon about 50
//!    minutes later).
//! 2. **Solve**: the configuration is where `d` changes sign between two consecutive days, both
//!    within [`MAX_CONFIGURATION_GAP_DAYS`] of the Sun (the wrap-around of `d` from −12 h to +12 h
//!    is no crossing); of the two days, the one with the smaller `|d|` ([`first_configuration`]).
//! 3. **Assembly**: `event` is the object's rise or set on that day, and [`Configuration`] gives the
//!    Sun's event and the difference. The event is a configuration of the daily motions, not a
//!    period of visibility: it has no `optimum` and no `end` (`None`, with the reason).
//!
//! Mercury and Venus never stand opposite the Sun (at most 28° and 47° from it), so they never
//! rise as the Sun sets or set as it rises: their `acronychal_rising` and `cosmical_setting` are
//! [`HeliacalError::NotDefined`] (a sweep of 2000–2008 at 0°, ±45° and ±60° of latitude finds
//! Venus' rising never closer than 2.5 hours to sunset). Their `acronychal_setting` (near each
//! conjunction) exists.
//!
//! # Nothing found
//!
//! The library searches five synodic periods ([`LIBRARY_SEARCH_PERIODS`]); the configuration
//! search one period and a tenth ([`CONFIGURATION_SEARCH_PERIODS`]; it recurs every period). When
//! neither finds the event the search fails with [`HeliacalError::NotFound`] and says why when it
//! can tell: the object never rises or never sets at this latitude (circumpolar, or never above
//! the horizon), or, for the library, it stays too faint in the twilight for the atmosphere and
//! the eyes given.

use orrery_ephem::{
    Atmosphere, DiscReference, EphemError, Ephemeris, Extinction, HeliacalAtmosphere,
    HeliacalEvent, HeliacalEyes, HeliacalObject, HeliacalRequest, Observer, Optics, RiseTransEvent,
    RiseTransRequest, StarName, Target,
};

use crate::body::Body;
use crate::time::{Days, JulianDayUt};

/// The library's visibility model holds between these latitudes (`swe_heliacal_ut`: "It works
/// between geographic latitudes 60s – 60n").
pub const MAX_ABS_LATITUDE_DEG: f64 = 60.0;

/// The library gives up after this many synodic periods without an event (`MAX_COUNT_SYNPER` in
/// `swehel.c`).
pub const LIBRARY_SEARCH_PERIODS: f64 = 5.0;

/// The configuration search covers this many mean synodic periods: the configuration recurs once
/// per period (the Moon, the planets) or year (the stars), and a real period differs from the
/// mean by a few per cent (Mars: 764 to 811 days against 780).
pub const CONFIGURATION_SEARCH_PERIODS: f64 = 1.1;

/// The scan's step: after one Sun event the next is looked for half a day later, so every
/// sunset (sunrise) is visited once; between ±60° the Sun rises and sets every day.
pub const SUN_EVENT_STEP_DAYS: Days = Days(0.5);

/// The object's rise or set paired with a Sun event is the first one after the Sun event less
/// this: the one within about half a day of it.
pub const OBJECT_WINDOW_DAYS: Days = Days(0.5);

/// A change of sign of `object − Sun` counts as a configuration only when both days are within
/// this of the Sun: across a real crossing `|d|` is at most the daily drift (under an hour for the
/// Moon, minutes for the planets and stars), while the wrap-around jumps from −12 h to +12 h.
pub const MAX_CONFIGURATION_GAP_DAYS: f64 = 0.25;

/// The bodies with heliacal phenomena, in the order of docs/CONVENTIONS.md.
pub const BODIES: [Body; 6] = [
    Body::Moon,
    Body::Mercury,
    Body::Venus,
    Body::Mars,
    Body::Jupiter,
    Body::Saturn,
];

/// A heliacal event type, as docs/CONVENTIONS.md lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeliacalEventType {
    HeliacalRising,
    HeliacalSetting,
    EveningFirstVisible,
    MorningLastVisible,
    AcronychalRising,
    AcronychalSetting,
    CosmicalSetting,
}

impl HeliacalEventType {
    /// Every event type, in the order of docs/CONVENTIONS.md.
    pub const ALL: [HeliacalEventType; 7] = [
        HeliacalEventType::HeliacalRising,
        HeliacalEventType::HeliacalSetting,
        HeliacalEventType::EveningFirstVisible,
        HeliacalEventType::MorningLastVisible,
        HeliacalEventType::AcronychalRising,
        HeliacalEventType::AcronychalSetting,
        HeliacalEventType::CosmicalSetting,
    ];

    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HeliacalEventType::HeliacalRising => "heliacal_rising",
            HeliacalEventType::HeliacalSetting => "heliacal_setting",
            HeliacalEventType::EveningFirstVisible => "evening_first_visible",
            HeliacalEventType::MorningLastVisible => "morning_last_visible",
            HeliacalEventType::AcronychalRising => "acronychal_rising",
            HeliacalEventType::AcronychalSetting => "acronychal_setting",
            HeliacalEventType::CosmicalSetting => "cosmical_setting",
        }
    }

    /// One sentence for the response: what the event is.
    #[must_use]
    pub fn definition(self) -> &'static str {
        match self {
            HeliacalEventType::HeliacalRising => {
                "first visibility in the morning twilight after the object was hidden by the Sun \
                 (morning first)"
            }
            HeliacalEventType::HeliacalSetting => {
                "last visibility in the evening twilight before the object is hidden by the Sun \
                 (evening last)"
            }
            HeliacalEventType::EveningFirstVisible => "first visibility in the evening twilight",
            HeliacalEventType::MorningLastVisible => "last visibility in the morning twilight",
            HeliacalEventType::AcronychalRising => {
                "the object rises as the Sun sets: the day on which its rising is nearest to \
                 sunset"
            }
            HeliacalEventType::AcronychalSetting => {
                "the object sets as the Sun sets: the day on which its setting is nearest to \
                 sunset"
            }
            HeliacalEventType::CosmicalSetting => {
                "the object sets as the Sun rises: the day on which its setting is nearest to \
                 sunrise"
            }
        }
    }

    /// The Sun's and the object's event of a configuration, or `None` for a library event.
    fn configuration(self) -> Option<(HorizonEvent, HorizonEvent)> {
        match self {
            HeliacalEventType::AcronychalRising => Some((HorizonEvent::Set, HorizonEvent::Rise)),
            HeliacalEventType::AcronychalSetting => Some((HorizonEvent::Set, HorizonEvent::Set)),
            HeliacalEventType::CosmicalSetting => Some((HorizonEvent::Rise, HorizonEvent::Set)),
            _ => None,
        }
    }

    fn library_event(self) -> Option<HeliacalEvent> {
        Some(match self {
            HeliacalEventType::HeliacalRising => HeliacalEvent::HeliacalRising,
            HeliacalEventType::HeliacalSetting => HeliacalEvent::HeliacalSetting,
            HeliacalEventType::EveningFirstVisible => HeliacalEvent::EveningFirst,
            HeliacalEventType::MorningLastVisible => HeliacalEvent::MorningLast,
            _ => return None,
        })
    }
}

/// A crossing of the horizon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HorizonEvent {
    Rise,
    Set,
}

impl HorizonEvent {
    /// The API name of the Sun's event: `sunrise` or `sunset`.
    #[must_use]
    pub fn sun_name(self) -> &'static str {
        match self {
            HorizonEvent::Rise => "sunrise",
            HorizonEvent::Set => "sunset",
        }
    }

    /// The API name of the object's event: `rise` or `set`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HorizonEvent::Rise => "rise",
            HorizonEvent::Set => "set",
        }
    }

    fn library_event(self) -> RiseTransEvent {
        match self {
            HorizonEvent::Rise => RiseTransEvent::Rise,
            HorizonEvent::Set => RiseTransEvent::Set,
        }
    }
}

/// How an event was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// `swe_heliacal_ut`.
    Library,
    /// The rise/set configuration of the module documentation.
    RiseSetConfiguration,
}

impl Method {
    /// The API name: `library` or `rise_set_configuration`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Method::Library => "library",
            Method::RiseSetConfiguration => "rise_set_configuration",
        }
    }
}

/// A fixed star of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogStar {
    /// The traditional name, where the catalogue has one (`Sirius`).
    pub name: Option<String>,
    /// The Bayer/Flamsteed designation (`alCMa`).
    pub nomenclature: String,
}

impl CatalogStar {
    /// The name the library looks up: always the designation, `,alCMa`. `swe_heliacal_ut` takes
    /// any name starting with a planet's (`Marsik`, `Sun Pole`) or a number for that body
    /// (`DeterObject` in `swehel.c`); the comma form is never mistaken.
    #[must_use]
    pub fn library_name(&self) -> String {
        format!(",{}", self.nomenclature)
    }

    /// The name for people: the traditional name, or the designation.
    #[must_use]
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.nomenclature)
    }
}

/// The star of the catalogue called `name`: a traditional name or a designation (with or without
/// the leading comma of the library's notation), or both (`Aldebaran,alTau`), ignoring case and
/// surrounding blanks, as `/v1/fixed-stars` reads them. The first entry wins where the catalogue
/// lists a star twice.
#[must_use]
pub fn find_star(catalogue: &[StarName], name: &str) -> Option<CatalogStar> {
    let wanted = name.trim();
    let both = wanted
        .split_once(',')
        .map(|(t, d)| (t.trim(), d.trim()))
        .filter(|(t, _)| !t.is_empty());
    let designation = wanted.strip_prefix(',').map(str::trim);
    catalogue
        .iter()
        .find(|s| match (both, designation) {
            (Some((t, d)), _) => {
                s.nomenclature.eq_ignore_ascii_case(d)
                    && s.traditional
                        .as_deref()
                        .is_some_and(|own| own.eq_ignore_ascii_case(t))
            }
            (None, Some(d)) => s.nomenclature.eq_ignore_ascii_case(d),
            (None, None) => {
                s.traditional
                    .as_deref()
                    .is_some_and(|t| t.eq_ignore_ascii_case(wanted))
                    || s.nomenclature.eq_ignore_ascii_case(wanted)
            }
        })
        .map(|s| CatalogStar {
            name: s.traditional.clone(),
            nomenclature: s.nomenclature.clone(),
        })
}

/// What the search looks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkyObject {
    /// One of [`BODIES`].
    Body(Body),
    /// A star of the catalogue.
    Star(CatalogStar),
}

impl SkyObject {
    /// The kind, which decides the events that exist.
    #[must_use]
    pub fn kind(&self) -> ObjectKind {
        match self {
            SkyObject::Body(Body::Moon) => ObjectKind::Moon,
            SkyObject::Body(Body::Mercury | Body::Venus) => ObjectKind::InnerPlanet,
            SkyObject::Body(_) => ObjectKind::OuterPlanet,
            SkyObject::Star(_) => ObjectKind::Star,
        }
    }

    /// The name for messages: the body's API name or the star's.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            SkyObject::Body(body) => body.name().into_owned(),
            SkyObject::Star(star) => star.display_name().to_owned(),
        }
    }

    /// The mean synodic period in days, the time after which the phenomena repeat: the values of
    /// `get_synodic_period` in `swehel.c` (Kelley, Milone and Aveni, *Exploring Ancient Skies*,
    /// p. 43), 366 days for a star.
    #[must_use]
    pub fn synodic_period_days(&self) -> f64 {
        match self {
            SkyObject::Body(Body::Moon) => 29.530_588_853,
            SkyObject::Body(Body::Mercury) => 115.8775,
            SkyObject::Body(Body::Venus) => 583.9214,
            SkyObject::Body(Body::Mars) => 779.9361,
            SkyObject::Body(Body::Jupiter) => 398.884,
            SkyObject::Body(Body::Saturn) => 378.0919,
            SkyObject::Body(_) | SkyObject::Star(_) => 366.0,
        }
    }

    fn disc(&self) -> DiscReference {
        match self {
            SkyObject::Body(Body::Moon) => DiscReference::UpperLimb,
            _ => DiscReference::Center,
        }
    }
}

/// What decides which events exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ObjectKind {
    Moon,
    /// Mercury and Venus.
    InnerPlanet,
    /// Mars, Jupiter, Saturn.
    OuterPlanet,
    Star,
}

/// How an event type is found for a kind of object, or why it does not exist.
///
/// # Errors
/// [`HeliacalError::NotDefined`] for the events that do not occur (module documentation).
pub fn method_for(
    object: &str,
    kind: ObjectKind,
    event: HeliacalEventType,
) -> Result<Method, HeliacalError> {
    use HeliacalEventType as E;
    let why = match (kind, event) {
        (ObjectKind::Moon, E::HeliacalRising | E::HeliacalSetting) => Some(
            "the Moon has no heliacal rising or setting: its first visibility after new moon is \
             evening_first_visible (the new crescent), its last before new moon \
             morning_last_visible",
        ),
        (ObjectKind::OuterPlanet | ObjectKind::Star, E::EveningFirstVisible) => Some(
            "a superior planet or a star is first seen in the morning after its conjunction with \
             the Sun: ask for heliacal_rising",
        ),
        (ObjectKind::OuterPlanet | ObjectKind::Star, E::MorningLastVisible) => Some(
            "a superior planet or a star is last seen in the evening before its conjunction with \
             the Sun: ask for heliacal_setting",
        ),
        (ObjectKind::InnerPlanet, E::AcronychalRising | E::CosmicalSetting) => Some(
            "Mercury and Venus never stand opposite the Sun (at most 28 and 47 degrees from it), \
             so they never rise as the Sun sets or set as it rises",
        ),
        _ => None,
    };
    match why {
        Some(why) => Err(HeliacalError::NotDefined {
            object: object.to_owned(),
            event: event.name(),
            why,
        }),
        None if event.configuration().is_some() => Ok(Method::RiseSetConfiguration),
        None => Ok(Method::Library),
    }
}

/// The air, for the visibility model and (pressure and temperature) for refraction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VisibilityAir {
    pub pressure_hpa: f64,
    pub temperature_c: f64,
    pub relative_humidity_pct: f64,
    /// Meteorological range (visual range), km.
    pub meteo_range_km: f64,
}

/// The observer's eyes and optics, for the visibility model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Eyes {
    pub age_years: f64,
    /// Both eyes rather than one.
    pub binocular: bool,
    /// 1 for the naked eye.
    pub magnification: f64,
    /// 0 for the naked eye.
    pub aperture_mm: f64,
    /// Optical transmission, (0, 1].
    pub transmission: f64,
}

/// A validated search.
#[derive(Debug, Clone, PartialEq)]
pub struct HeliacalSearch {
    pub object: SkyObject,
    pub event: HeliacalEventType,
    /// Latitude within ±[`MAX_ABS_LATITUDE_DEG`].
    pub place: Observer,
    pub air: VisibilityAir,
    pub eyes: Eyes,
    pub start: JulianDayUt,
}

impl HeliacalSearch {
    fn refraction(&self) -> Atmosphere {
        Atmosphere {
            pressure_mbar: Some(self.air.pressure_hpa),
            temperature_c: self.air.temperature_c,
        }
    }

    /// The Sun's upper limb, the Moon's upper limb, the centre of a planet or star; refraction
    /// with the request's pressure and temperature.
    fn horizon_request<'a>(
        &self,
        target: Target<'a>,
        event: HorizonEvent,
        disc: DiscReference,
    ) -> RiseTransRequest<'a> {
        RiseTransRequest {
            target,
            event: event.library_event(),
            observer: self.place,
            disc,
            refraction: true,
            atmosphere: self.refraction(),
        }
    }

    fn object_request<'a>(&self, star_name: &'a str, event: HorizonEvent) -> RiseTransRequest<'a> {
        let target = match &self.object {
            SkyObject::Body(body) => Target::Body(body.body_id()),
            SkyObject::Star(_) => Target::Star(star_name),
        };
        self.horizon_request(target, event, self.object.disc())
    }

    /// The name the library looks up for a star; empty for a body.
    fn star_name(&self) -> String {
        match &self.object {
            SkyObject::Star(star) => star.library_name(),
            SkyObject::Body(_) => String::new(),
        }
    }
}

/// The Sun's and the object's event of a configuration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Configuration {
    pub sun_event: HorizonEvent,
    pub sun_at: JulianDayUt,
    pub object_event: HorizonEvent,
    pub object_at: JulianDayUt,
}

impl Configuration {
    /// The object's event minus the Sun's, minutes.
    #[must_use]
    pub fn object_minus_sun_minutes(&self) -> f64 {
        (self.object_at - self.sun_at).0 * 1_440.0
    }
}

/// An event found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeliacalFound {
    pub method: Method,
    /// The heliacal date (start of visibility), or the object's rise or set of a configuration.
    pub event: JulianDayUt,
    /// Best visibility (library events).
    pub optimum: Option<JulianDayUt>,
    /// End of visibility (library events).
    pub end: Option<JulianDayUt>,
    /// The configuration (rise/set configurations).
    pub configuration: Option<Configuration>,
}

/// Why a search failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HeliacalError {
    /// The event does not occur for this object.
    #[error("{event} does not exist for {object}: {why}")]
    NotDefined {
        object: String,
        event: &'static str,
        why: &'static str,
    },
    /// Outside the visibility model's latitudes.
    #[error(
        "latitude must be between -60 and 60 for heliacal events: the Swiss Ephemeris visibility \
         model is valid only there (got {lat_deg})"
    )]
    Latitude { lat_deg: f64 },
    /// No event in the span searched.
    #[error("no {event} of {object} found within {span_days:.0} days after the start: {why}")]
    NotFound {
        object: String,
        event: &'static str,
        span_days: f64,
        why: String,
    },
    /// The library refused, or has no data for the dates.
    #[error("{0}")]
    Ephemeris(EphemError),
    /// The star asked for is not in the catalogue: the library's
    /// [`EphemError::StarNotFound`], with the catalogue's nearest names.
    #[error("{0}")]
    UnknownStar(EphemError),
    /// The star catalogue could not be read.
    #[error("{0}")]
    Catalogue(EphemError),
}

/// The object of a [`HeliacalQuery`], before the star catalogue is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectName<'a> {
    /// One of [`BODIES`].
    Body(Body),
    /// A star's name as given ([`find_star`] reads it).
    Star(&'a str),
}

/// The question of `POST /v1/heliacal`: [`HeliacalSearch`] with the star not yet looked up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeliacalQuery<'a> {
    pub object: ObjectName<'a>,
    pub event: HeliacalEventType,
    /// Latitude within ±[`MAX_ABS_LATITUDE_DEG`].
    pub place: Observer,
    pub air: VisibilityAir,
    pub eyes: Eyes,
    pub start: JulianDayUt,
}

/// The answer to a [`HeliacalQuery`]: the object as found in the catalogue, and its event.
#[derive(Debug, Clone, PartialEq)]
pub struct HeliacalReport {
    pub object: SkyObject,
    pub found: HeliacalFound,
}

/// Looks the star of `query` up in the catalogue, then finds the next event after its start
/// ([`find_heliacal`]).
///
/// # Errors
/// [`HeliacalError::UnknownStar`] for a star the catalogue lacks, and the errors of
/// [`find_heliacal`].
pub fn heliacal(
    eph: &Ephemeris,
    query: &HeliacalQuery<'_>,
) -> Result<HeliacalReport, HeliacalError> {
    let object = match query.object {
        ObjectName::Body(body) => SkyObject::Body(body),
        ObjectName::Star(name) => {
            match find_star(eph.star_names().map_err(HeliacalError::Catalogue)?, name) {
                Some(star) => SkyObject::Star(star),
                None => {
                    return Err(match eph.unknown_star(name) {
                        Ok(unknown) => HeliacalError::UnknownStar(unknown),
                        Err(error) => HeliacalError::Catalogue(error),
                    });
                }
            }
        }
    };
    let search = HeliacalSearch {
        object,
        event: query.event,
        place: query.place,
        air: query.air,
        eyes: query.eyes,
        start: query.start,
    };
    let found = find_heliacal(eph, &search)?;
    Ok(HeliacalReport {
        object: search.object,
        found,
    })
}

/// Finds the next event after `search.start`.
///
/// # Errors
/// See [`HeliacalError`].
pub fn find_heliacal(
    eph: &Ephemeris,
    search: &HeliacalSearch,
) -> Result<HeliacalFound, HeliacalError> {
    if search.place.lat_deg.is_nan() || search.place.lat_deg.abs() > MAX_ABS_LATITUDE_DEG {
        return Err(HeliacalError::Latitude {
            lat_deg: search.place.lat_deg,
        });
    }
    let object = search.object.name();
    match method_for(&object, search.object.kind(), search.event)? {
        Method::Library => library_event(eph, search),
        Method::RiseSetConfiguration => configuration_event(eph, search),
    }
}

fn library_event(eph: &Ephemeris, search: &HeliacalSearch) -> Result<HeliacalFound, HeliacalError> {
    let event = search
        .event
        .library_event()
        .expect("method_for sends only library events here");
    let star_name;
    let object = match &search.object {
        SkyObject::Body(body) => HeliacalObject::Body(body.body_id()),
        SkyObject::Star(star) => {
            star_name = star.library_name();
            HeliacalObject::Star(&star_name)
        }
    };
    let request = HeliacalRequest {
        object,
        event,
        observer: search.place,
        atmosphere: HeliacalAtmosphere {
            pressure_mbar: search.air.pressure_hpa,
            temperature_c: search.air.temperature_c,
            relative_humidity_pct: search.air.relative_humidity_pct,
            extinction: Extinction::MeteorologicalRangeKm(search.air.meteo_range_km),
        },
        eyes: HeliacalEyes {
            age_years: search.eyes.age_years,
            snellen_ratio: 1.0,
            optics: Some(Optics {
                binocular: search.eyes.binocular,
                magnification: search.eyes.magnification,
                aperture_mm: search.eyes.aperture_mm,
                transmission: search.eyes.transmission,
            }),
        },
    };
    match eph.heliacal(search.start, &request) {
        Ok(Some(dates)) => Ok(HeliacalFound {
            method: Method::Library,
            event: dates.start,
            optimum: dates.optimum,
            end: dates.end,
            configuration: None,
        }),
        Ok(None) => Err(not_found(
            eph,
            search,
            LIBRARY_SEARCH_PERIODS * search.object.synodic_period_days(),
            "it stays too faint in the twilight for the atmosphere and the observer given \
             (clearer air, a larger atmosphere.meteo_range_km, or optics make it visible sooner)",
        )),
        Err(other) => Err(HeliacalError::Ephemeris(other)),
    }
}

/// The [`HeliacalError::NotFound`] of a search over `span_days`, with the reason: the object
/// never rises or never sets here (asked of the rise/set machinery), or `otherwise`.
fn not_found(
    eph: &Ephemeris,
    search: &HeliacalSearch,
    span_days: f64,
    otherwise: &str,
) -> HeliacalError {
    let star_name = search.star_name();
    let crosses = |event| {
        eph.rise_trans(search.start, &search.object_request(&star_name, event))
            .map(|found| found.is_some())
    };
    let why = match (crosses(HorizonEvent::Rise), crosses(HorizonEvent::Set)) {
        (Ok(false), Ok(false)) => format!(
            "it never crosses the horizon at latitude {} (always above it or always below it)",
            search.place.lat_deg
        ),
        _ => otherwise.to_owned(),
    };
    HeliacalError::NotFound {
        object: search.object.name(),
        event: search.event.name(),
        span_days,
        why,
    }
}

/// One day of the scan: the Sun's event, and the object's nearest event if it has one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Day {
    pub sun_at: JulianDayUt,
    pub object_at: Option<JulianDayUt>,
}

impl Day {
    /// `object − Sun` in days, where the object's event is near enough to the Sun's.
    fn gap_days(&self) -> Option<f64> {
        self.object_at
            .map(|t| (t - self.sun_at).0)
            .filter(|d| d.abs() <= MAX_CONFIGURATION_GAP_DAYS)
    }
}

/// The first configuration after `start`: scans the days `day_after(t)` gives (the day of the
/// first Sun event after `t`; each next day is asked from [`SUN_EVENT_STEP_DAYS`] after the
/// previous Sun event) up to `start + span_days`, and returns the day nearest the first change
/// of sign of `object − Sun` ([`MAX_CONFIGURATION_GAP_DAYS`]) whose object event is not before
/// `start`; `None` if there is none. `day_after` returning `None` (no Sun event) ends the scan.
///
/// # Errors
/// The first error of `day_after`.
pub fn first_configuration<E>(
    mut day_after: impl FnMut(JulianDayUt) -> Result<Option<Day>, E>,
    start: JulianDayUt,
    span_days: f64,
) -> Result<Option<Day>, E> {
    let until = start + Days(span_days);
    let mut previous: Option<Day> = None;
    let mut from = start;
    while let Some(day) = day_after(from)? {
        if day.sun_at > until {
            break;
        }
        if let Some(nearest) = previous.and_then(|before| nearer_of_a_crossing(before, day))
            && nearest.object_at.is_some_and(|t| t >= start)
        {
            return Ok(Some(nearest));
        }
        previous = Some(day);
        from = day.sun_at + SUN_EVENT_STEP_DAYS;
    }
    Ok(None)
}

/// Of two consecutive days whose `object − Sun` change sign (both near enough to the Sun), the
/// one nearer to 0 (the earlier on a tie).
fn nearer_of_a_crossing(before: Day, day: Day) -> Option<Day> {
    let (a, b) = (before.gap_days()?, day.gap_days()?);
    let crossing = a == 0.0 || b == 0.0 || (a < 0.0) != (b < 0.0);
    crossing.then_some(if a.abs() <= b.abs() { before } else { day })
}

fn configuration_event(
    eph: &Ephemeris,
    search: &HeliacalSearch,
) -> Result<HeliacalFound, HeliacalError> {
    let (sun_event, object_event) = search
        .event
        .configuration()
        .expect("method_for sends only configurations here");
    let star_name = search.star_name();
    let sun = search.horizon_request(
        Target::Body(Body::Sun.body_id()),
        sun_event,
        DiscReference::UpperLimb,
    );
    let object = search.object_request(&star_name, object_event);
    let span_days = CONFIGURATION_SEARCH_PERIODS * search.object.synodic_period_days();
    let day_after = |from: JulianDayUt| -> Result<Option<Day>, EphemError> {
        let Some(sun_at) = eph.rise_trans(from, &sun)? else {
            return Ok(None);
        };
        let object_at = eph.rise_trans(sun_at - OBJECT_WINDOW_DAYS, &object)?;
        Ok(Some(Day { sun_at, object_at }))
    };
    let found = first_configuration(day_after, search.start, span_days)
        .map_err(HeliacalError::Ephemeris)?;
    let Some(Day {
        sun_at,
        object_at: Some(object_at),
    }) = found
    else {
        return Err(not_found(
            eph,
            search,
            span_days,
            "its rising or setting never met the Sun's in the span",
        ));
    };
    Ok(HeliacalFound {
        method: Method::RiseSetConfiguration,
        event: object_at,
        optimum: None,
        end: None,
        configuration: Some(Configuration {
            sun_event,
            sun_at,
            object_event,
            object_at,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: f64 = 1.0 / 1_440.0;

    /// A made-up sky: a Sun event every day at `sun_phase`, and an object whose event on day
    /// `k` is `gap(k)` days after the Sun's (`None`: no event that day).
    fn sky(
        sun_phase: f64,
        gap: impl Fn(f64) -> Option<f64>,
    ) -> impl FnMut(JulianDayUt) -> Result<Option<Day>, ()> {
        move |from: JulianDayUt| {
            let k = (from.0 - sun_phase).ceil();
            let sun_at = sun_phase + k;
            Ok(Some(Day {
                sun_at: JulianDayUt(sun_at),
                object_at: gap(k).map(|g| JulianDayUt(sun_at + g)),
            }))
        }
    }

    /// A star-like object rising 4 minutes earlier each day, 31 minutes after the Sun on day 0.
    fn drifting(k: f64) -> Option<f64> {
        Some(31.0 * MINUTE - 4.0 * MINUTE * k)
    }

    #[test]
    fn the_day_nearest_the_change_of_sign_is_taken() {
        // Gaps: day 7 +3 min, day 8 -1 min, so day 8.
        let got = first_configuration(sky(0.75, drifting), JulianDayUt(0.0), 400.0)
            .unwrap()
            .unwrap();
        assert!((got.sun_at.0 - 8.75).abs() < 1e-12, "{got:?}");
        // A drift of 5 minutes: day 6 is 0 min exactly.
        let five = |k: f64| Some(30.0 * MINUTE - 5.0 * MINUTE * k);
        let got = first_configuration(sky(0.75, five), JulianDayUt(0.0), 400.0)
            .unwrap()
            .unwrap();
        assert!((got.sun_at.0 - 6.75).abs() < 1e-12, "{got:?}");
        // An object drifting the other way (the Moon, later each day), -3 h on day 0, +50 min a
        // day: day 3 is -30 min, day 4 +20 min: day 4.
        let moon = |k: f64| Some(-180.0 * MINUTE + 50.0 * MINUTE * k);
        let got = first_configuration(sky(0.25, moon), JulianDayUt(0.0), 30.0)
            .unwrap()
            .unwrap();
        assert!((got.sun_at.0 - 4.25).abs() < 1e-12, "{got:?}");
    }

    #[test]
    fn the_wrap_around_is_not_a_configuration() {
        // The gap (in days) falls 0.1 a day and wraps from -0.42 (day 1) to +0.48 (day 2),
        // then crosses 0 between day 6 (+0.08) and day 7 (-0.02): only that is a configuration.
        let wrapping = |k: f64| {
            let g = (-0.32 - 0.1 * k).rem_euclid(1.0);
            Some(if g > 0.5 { g - 1.0 } else { g })
        };
        let got = first_configuration(sky(0.5, wrapping), JulianDayUt(0.0), 30.0)
            .unwrap()
            .unwrap();
        assert!((got.sun_at.0 - 7.5).abs() < 1e-12, "{got:?}");
    }

    #[test]
    fn none_when_the_object_never_crosses_the_horizon_or_the_span_is_short() {
        let never = |_: f64| None;
        assert_eq!(
            first_configuration(sky(0.75, never), JulianDayUt(0.0), 400.0).unwrap(),
            None
        );
        // The crossing is on day 8, after a span of 5 days.
        assert_eq!(
            first_configuration(sky(0.75, drifting), JulianDayUt(0.0), 5.0).unwrap(),
            None
        );
    }

    #[test]
    fn a_configuration_whose_object_event_is_before_the_start_is_skipped() {
        // Day 0: the Sun at 0.75, the object 1 minute before it; day 1: 3 minutes after. Day 0
        // is the nearer; it counts only if the object's event is not before the start.
        let later = |k: f64| Some(-MINUTE + 4.0 * MINUTE * k);
        let inside = JulianDayUt(0.75 - 2.0 * MINUTE);
        let got = first_configuration(sky(0.75, later), inside, 400.0)
            .unwrap()
            .unwrap();
        assert!((got.sun_at.0 - 0.75).abs() < 1e-12, "{got:?}");
        let between = JulianDayUt(0.75 - 0.5 * MINUTE);
        assert_eq!(
            first_configuration(sky(0.75, later), between, 400.0).unwrap(),
            None
        );
    }

    #[test]
    fn errors_pass_through() {
        let failing = |_: JulianDayUt| -> Result<Option<Day>, &str> { Err("no data") };
        assert_eq!(
            first_configuration(failing, JulianDayUt(0.0), 10.0),
            Err("no data")
        );
    }

    #[test]
    fn events_that_do_not_occur_are_refused_with_the_reason() {
        use HeliacalEventType as E;
        let refused = [
            (ObjectKind::Moon, E::HeliacalRising),
            (ObjectKind::Moon, E::HeliacalSetting),
            (ObjectKind::OuterPlanet, E::EveningFirstVisible),
            (ObjectKind::Star, E::MorningLastVisible),
            (ObjectKind::InnerPlanet, E::AcronychalRising),
            (ObjectKind::InnerPlanet, E::CosmicalSetting),
        ];
        for (kind, event) in refused {
            let message = method_for("x", kind, event).unwrap_err().to_string();
            assert!(
                message.starts_with(&format!("{} does not exist for x: ", event.name())),
                "{message}"
            );
        }
        assert_eq!(
            method_for("x", ObjectKind::InnerPlanet, E::AcronychalSetting).unwrap(),
            Method::RiseSetConfiguration
        );
        assert_eq!(
            method_for("x", ObjectKind::Moon, E::EveningFirstVisible).unwrap(),
            Method::Library
        );
        assert_eq!(
            method_for("x", ObjectKind::Star, E::CosmicalSetting).unwrap(),
            Method::RiseSetConfiguration
        );
    }

    #[test]
    fn stars_are_found_by_name_or_designation_ignoring_case() {
        let catalogue = [
            StarName {
                traditional: Some("Aldebaran".into()),
                nomenclature: "alTau".into(),
                magnitude: Some(0.86),
            },
            StarName {
                traditional: None,
                nomenclature: "omeDra".into(),
                magnitude: None,
            },
        ];
        let aldebaran = find_star(&catalogue, " aldebaran ").unwrap();
        assert_eq!(aldebaran.library_name(), ",alTau");
        assert_eq!(aldebaran.display_name(), "Aldebaran");
        assert_eq!(find_star(&catalogue, ",altau"), Some(aldebaran.clone()));
        assert_eq!(find_star(&catalogue, "ALTAU"), Some(aldebaran));
        let omega = find_star(&catalogue, "omeDra").unwrap();
        assert_eq!(omega.library_name(), ",omeDra");
        assert_eq!(omega.display_name(), "omeDra");
        assert_eq!(find_star(&catalogue, "Aldeb"), None);
        assert_eq!(find_star(&catalogue, ","), None);
        assert_eq!(
            find_star(&catalogue, "aldebaran, ALTAU").map(|s| s.nomenclature),
            Some("alTau".to_owned())
        );
        assert_eq!(find_star(&catalogue, "Aldebaran,omeDra"), None);
        assert_eq!(find_star(&catalogue, "%"), None);
    }
}
