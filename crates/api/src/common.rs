//! Input pieces shared by many endpoints (instants, places, births, frames) and small output
//! helpers.

use jiff::Timestamp;
use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::chart::{BodyPosition, Center, Frame, Zodiac};
use orrery_astro::time::{JulianDayUt, julian_day_ut, timestamp_of, utc_to_second};
use orrery_civil::{
    CalendarUsed, CivilInput, FoldChoice, LmtKind, LmtPolicy, OffsetSource, Resolved,
};
use orrery_ephem::{AyanamsaId, EphemerisSource, Observer};
use serde::{Deserialize, Serialize, Serializer};
use utoipa::ToSchema;

use crate::bounded::{AltitudeM, GeoLatitude, GeoLongitude};
use crate::closed_sets::EphemerisName;
use crate::datetime::{CivilDateTime, TimeZoneField};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{AyanamsaField, BodyField, CenterField, ClosedSet, Named, OneOf, SignField};
use crate::places::{self, CountryCode, PlaceByName, PlaceDto, PlaceMatchChoice};

/// A place: latitude north, longitude east and altitude in metres, each checking its own range
/// while it is deserialised ([`crate::bounded`]); or a place of the atlas by `place_id` or by
/// name (`place`), whose coordinates and elevation are used (docs/ATLAS.md).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = Location)]
#[serde(deny_unknown_fields)]
pub struct LocationDto {
    /// Degrees north; with `longitude`, instead of `place_id` or `place`.
    #[serde(default)]
    pub latitude: Option<GeoLatitude>,
    /// Degrees east; with `latitude`.
    #[serde(default)]
    pub longitude: Option<GeoLongitude>,
    /// Metres above sea level; default 0, or the place's elevation.
    #[serde(default)]
    pub altitude: Option<AltitudeM>,
    /// A place of the atlas by its GeoNames id (`GET /v1/places`), instead of the coordinates;
    /// an id the atlas does not have is a 400.
    #[serde(default)]
    #[schema(minimum = 1)]
    pub place_id: Option<u32>,
    /// A place of the atlas by name (`Graz`, `München`); a name the atlas does not have is a
    /// 400, an ambiguous one a 400 `ambiguous_place` unless `place_match` is `best`.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 100, pattern = r"[^\s!-/:-@\[-`{-~]")]
    pub place: Option<String>,
    /// `unique` (default) or `best`: how to take an ambiguous `place`.
    #[serde(default)]
    pub place_match: Option<PlaceMatchChoice>,
}

/// A place of the atlas as an object names it: `place_id`, or `place` with `place_match` (and
/// on a birth `country` and `region`).
struct AtlasChoice<'a> {
    place_id: Option<u32>,
    place: Option<&'a str>,
    place_match: Option<PlaceMatchChoice>,
    country: Option<&'a CountryCode>,
    region: Option<&'a str>,
}

impl AtlasChoice<'_> {
    /// Checks that at most one of the coordinates (`other`: its field name and whether given),
    /// `place_id` and `place` is given, that `place_match` comes with `place`, and finds the
    /// place named, if any. `field` makes a field's path; `alternatives` words the choice.
    fn find(
        &self,
        field: &dyn Fn(&str) -> String,
        other: (&str, bool),
        alternatives: &str,
    ) -> Result<Option<PlaceDto>, ApiInputError> {
        let given: Vec<&str> = [
            other,
            ("place_id", self.place_id.is_some()),
            ("place", self.place.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, present)| present.then_some(name))
        .collect();
        if let [first, second, ..] = given[..] {
            return Err(ApiInputError::field(
                &field(second),
                format!(
                    "cannot be combined with {}: give {alternatives}",
                    field(first)
                ),
            ));
        }
        let beside_place = [
            ("place_match", self.place_match.is_some()),
            ("country", self.country.is_some()),
            ("region", self.region.is_some()),
        ];
        if let Some((name, _)) = beside_place.iter().find(|(_, given)| *given)
            && self.place.is_none()
        {
            return Err(ApiInputError::field(
                &field(name),
                format!("is only used with {}", field("place")),
            ));
        }
        Ok(match (self.place_id, self.place) {
            (Some(id), _) => Some(PlaceDto::from(
                places::find(&field("place_id"), id).map_err(|mut error| {
                    // A body field names a value, not a resource: a 400 like any other.
                    error.code = crate::error::ErrorCode::InvalidInput;
                    error
                })?,
            )),
            (None, Some(text)) => Some(PlaceDto::from(&places::resolve_place(
                field,
                PlaceByName {
                    text,
                    country: self.country,
                    region: self.region,
                },
                self.place_match.unwrap_or_default(),
            )?)),
            (None, None) => None,
        })
    }
}

impl LocationDto {
    /// The observer at this place: the coordinates given, or the atlas place's (its elevation
    /// as the altitude unless `altitude` is given). `path` locates the object
    /// (`location`, `options.observer`).
    ///
    /// # Errors
    /// Half a pair of coordinates, coordinates together with a place, an unknown `place_id`,
    /// a `place` with no match or an ambiguous one.
    pub fn resolve(&self, path: &str) -> Result<Observer, ApiInputError> {
        let field = |name: &str| {
            if path.is_empty() {
                name.to_owned()
            } else {
                format!("{path}.{name}")
            }
        };
        let altitude = |default: f64| self.altitude.map_or(default, |altitude| altitude.get());
        let coordinates = self.latitude.is_some() || self.longitude.is_some();
        let place = AtlasChoice {
            place_id: self.place_id,
            place: self.place.as_deref(),
            place_match: self.place_match,
            country: None,
            region: None,
        }
        .find(
            &field,
            ("latitude", coordinates),
            "latitude and longitude, place_id or place",
        )?;
        if let Some(place) = place {
            return Ok(Observer {
                lat_deg: place.latitude,
                lon_deg: place.longitude,
                alt_m: altitude(place.elevation_m.map_or(0.0, f64::from)),
            });
        }
        match (self.latitude, self.longitude) {
            (Some(latitude), Some(longitude)) => Ok(Observer {
                lat_deg: latitude.get(),
                lon_deg: longitude.get(),
                alt_m: altitude(0.0),
            }),
            (Some(_), None) => Err(ApiInputError::field(&field("longitude"), "is required")),
            (None, Some(_)) => Err(ApiInputError::field(&field("latitude"), "is required")),
            (None, None) => Err(ApiInputError::field(
                &field("latitude"),
                "is required: give latitude and longitude, place_id or place",
            )),
        }
    }
}

/// Checks that a number lies in `[min, max]`.
///
/// # Errors
/// A message naming the field, the rule and the value.
pub fn in_range(field: &str, value: f64, min: f64, max: f64) -> Result<f64, ApiInputError> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ApiInputError::field(
            field,
            format!("must be between {min} and {max} (got {value})"),
        ))
    }
}

/// How to read a local time before the zone's first standard time (docs/CONVENTIONS.md).
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LmtChoice {
    /// The Local Mean Time of the birth place itself (longitude / 15 hours), as astro.com does.
    #[default]
    BirthPlace,
    /// The tz database's LMT of the zone's reference city.
    ZoneReference,
}

/// The calendar a local `datetime`'s date is written in (docs/CONVENTIONS.md, "Calendars").
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CalendarChoice {
    /// Proleptic Gregorian at every date: what ISO 8601 means.
    #[default]
    Gregorian,
    /// Julian at every date: the dates of historical sources before the reform.
    Julian,
    /// Julian before 1582-10-15, Gregorian from then on, as astro.com reads dates; the ten
    /// days 1582-10-05..14 exist in neither reading.
    Auto,
}

impl From<LmtKind> for LmtChoice {
    fn from(kind: LmtKind) -> Self {
        match kind {
            LmtKind::BirthPlace { .. } => Self::BirthPlace,
            LmtKind::ZoneReference => Self::ZoneReference,
        }
    }
}

/// The calendar a date was read in, by its name.
pub type CalendarUsedName = OneOf<CalendarUsed>;

impl ClosedSet for CalendarUsed {
    const ALL: &'static [Self] = &[CalendarUsed::Gregorian, CalendarUsed::Julian];
    const SCHEMA_NAME: &'static str = "CalendarUsed";
    const DESCRIPTION: &'static str = "The calendar a date was read in.";

    fn api_name(self) -> &'static str {
        self.as_str()
    }
}

/// Where a UTC offset came from, by its name.
pub type OffsetSourceName = OneOf<OffsetSource>;

impl ClosedSet for OffsetSource {
    const ALL: &'static [Self] = &[
        OffsetSource::OffsetInInput,
        OffsetSource::TzDatabase,
        OffsetSource::LocalMeanTime,
    ];
    const SCHEMA_NAME: &'static str = "OffsetSource";
    const DESCRIPTION: &'static str = "Where the UTC offset came from: the `datetime` string \
        (`offset_in_input`), the zone's history in the tz database (`tz_database`), or Local \
        Mean Time before the zone's first standard time (`local_mean_time`).";

    fn api_name(self) -> &'static str {
        self.as_str()
    }
}

impl CalendarChoice {
    /// The civil crate's calendar.
    #[must_use]
    pub fn calendar(self) -> orrery_civil::Calendar {
        match self {
            CalendarChoice::Gregorian => orrery_civil::Calendar::Gregorian,
            CalendarChoice::Julian => orrery_civil::Calendar::Julian,
            CalendarChoice::Auto => orrery_civil::Calendar::Auto,
        }
    }
}

/// Which reading of a local time that occurs twice (fall-back fold) or not at all (gap).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AmbiguousTimeChoice {
    Earlier,
    Later,
}

/// A birth or event: `datetime` (with an offset, or local with `timezone`) and the place: its
/// `location`, or a place of the atlas by `place_id` or by name (`place`), whose coordinates and
/// zone are then used (docs/ATLAS.md).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = Birth)]
#[serde(deny_unknown_fields)]
pub struct BirthDto {
    /// ISO 8601 date-time: with `Z` or an offset, or local (then `timezone` is needed).
    pub datetime: CivilDateTime,
    /// IANA time zone (`Europe/Berlin`) for a local `datetime`, or `auto`: the zone at the
    /// coordinates. With `place_id` or `place`, the place's zone unless a name is given.
    /// Required for a local `datetime` with `location`; a name the tz database does not have,
    /// or a date at which the zone had no civil time yet, is a 400.
    #[serde(default)]
    pub timezone: Option<TimeZoneField>,
    /// The place of the birth or event (or give `place_id` or `place` instead).
    #[serde(default)]
    pub location: Option<LocationDto>,
    /// A place of the atlas by its GeoNames id (`GET /v1/places`), instead of `location`; an
    /// id the atlas does not have is a 400.
    #[serde(default)]
    #[schema(minimum = 1)]
    pub place_id: Option<u32>,
    /// A place of the atlas by name (`Graz`, `München`, `Paris, France`, `Portland, Oregon`):
    /// used only when clearly meant (docs/ATLAS.md), else a 400 `ambiguous_place` or
    /// `unknown_place` listing the candidates, unless `place_match` is `best`.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 100, pattern = r"[^\s!-/:-@\[-`{-~]")]
    pub place: Option<String>,
    /// `unique` (default: an ambiguous `place` is an error) or `best` (take the best match).
    #[serde(default)]
    pub place_match: Option<PlaceMatchChoice>,
    /// With `place`: only places of this country (ISO 3166-1 alpha-2, `US`).
    #[serde(default)]
    pub country: Option<CountryCode>,
    /// With `place`: only places of this first-level division, by name or code (`Oregon`,
    /// `OR`, `Bayern`), in any of the atlas' languages.
    #[serde(default)]
    pub region: Option<String>,
    /// Before standard time: the birth place's LMT (default) or the zone's.
    #[serde(default)]
    pub lmt: Option<LmtChoice>,
    /// For a local time in a DST gap or fold: `earlier` or `later`; unset: such a time is a 400.
    #[serde(default)]
    pub ambiguous_time: Option<AmbiguousTimeChoice>,
    /// The calendar of a local `datetime`: `gregorian` (default, proleptic, as ISO 8601),
    /// `julian`, or `auto` (Julian before 1582-10-15). With a `datetime` that carries `Z` or an
    /// offset only `gregorian` is accepted: such a string is an RFC 3339 instant.
    #[serde(default)]
    pub calendar: Option<CalendarChoice>,
}

/// A birth with its instant resolved and its place validated.
#[derive(Debug, Clone)]
pub struct ResolvedBirth {
    pub resolved: Resolved,
    pub jd: JulianDayUt,
    pub place: Observer,
    /// Where the place and the zone came from, when the atlas supplied them.
    pub origin: BirthOrigin,
}

/// What the atlas supplied for a birth: nothing for `location` with a named zone.
#[derive(Debug, Clone, Default)]
pub struct BirthOrigin {
    /// The atlas place (`place_id`, `place`); boxed, as most births have none.
    pub place: Option<Box<PlaceDto>>,
    /// Where the zone came from when the request did not name it.
    pub timezone_from: Option<TimezoneFrom>,
    /// With `timezone: "auto"`: whether the point is at sea.
    pub at_sea: Option<bool>,
}

/// Where a birth's zone came from when the request did not name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TimezoneFrom {
    /// The zone at the coordinates (`timezone: "auto"`).
    Coordinates,
    /// The atlas place's zone.
    Place,
}

/// The place and zone of a birth before its time is resolved.
struct Located {
    place: Observer,
    timezone: Option<String>,
    origin: BirthOrigin,
}

impl BirthDto {
    /// Resolves the civil time with the tz history and validates the place.
    ///
    /// # Errors
    /// Malformed date-time, unknown zone, a DST gap or fold without a choice, a bad place.
    pub fn resolve(&self, path: &str) -> Result<ResolvedBirth, ApiInputError> {
        let Located {
            place,
            timezone,
            origin,
        } = self.locate(path)?;
        let mut input = CivilInput::new(self.datetime.as_str())
            .with_longitude_deg(place.lon_deg)
            .with_lmt_policy(match self.lmt.unwrap_or_default() {
                LmtChoice::BirthPlace => LmtPolicy::BirthPlace,
                LmtChoice::ZoneReference => LmtPolicy::ZoneReference,
            });
        if let Some(zone) = &timezone {
            input = input.with_timezone(zone);
        }
        if let Some(choice) = self.ambiguous_time {
            input = input.with_fold_choice(match choice {
                AmbiguousTimeChoice::Earlier => FoldChoice::Earlier,
                AmbiguousTimeChoice::Later => FoldChoice::Later,
            });
        }
        if let Some(calendar) = self.calendar {
            input = input.with_calendar(calendar.calendar());
        }
        let resolved = input
            .resolve()
            .map_err(|error| ApiInputError::civil(path, &error))?;
        Ok(ResolvedBirth {
            jd: julian_day_ut(resolved.utc()),
            resolved,
            place,
            origin,
        })
    }

    /// The place (from `location`, `place_id` or `place`) and the zone to read the time in.
    fn locate(&self, path: &str) -> Result<Located, ApiInputError> {
        let field = |name: &str| {
            if path.is_empty() {
                name.to_owned()
            } else {
                format!("{path}.{name}")
            }
        };
        let atlas = AtlasChoice {
            place_id: self.place_id,
            place: self.place.as_deref(),
            place_match: self.place_match,
            country: self.country.as_ref(),
            region: self.region.as_deref(),
        }
        .find(
            &field,
            ("location", self.location.is_some()),
            "one of location, place_id and place",
        )?;
        if let Some(location) = &self.location {
            if location.place_id.is_some() || location.place.is_some() {
                let inner = if location.place_id.is_some() {
                    "place_id"
                } else {
                    "place"
                };
                return Err(ApiInputError::field(
                    &field(&format!("location.{inner}")),
                    format!(
                        "belongs on the birth itself ({}), where its zone is used too",
                        field(inner)
                    ),
                ));
            }
            let place = location.resolve(&field("location"))?;
            return Ok(match &self.timezone {
                Some(TimeZoneField::Auto) => {
                    let found = orrery_atlas::zone_at(place.lat_deg, place.lon_deg);
                    Located {
                        place,
                        timezone: Some(found.timezone),
                        origin: BirthOrigin {
                            place: None,
                            timezone_from: Some(TimezoneFrom::Coordinates),
                            at_sea: Some(found.at_sea),
                        },
                    }
                }
                named => Located {
                    place,
                    timezone: named.as_ref().map(|zone| zone.name().to_owned()),
                    origin: BirthOrigin::default(),
                },
            });
        }
        let Some(echo) = atlas else {
            // Worded as serde words it, as when `location` was a required field.
            let message = if path.is_empty() {
                "missing field `location`".to_owned()
            } else {
                format!("{path}: missing field `location`")
            };
            return Err(ApiInputError::new(message).at(&field("location")));
        };
        let place = Observer {
            lat_deg: echo.latitude,
            lon_deg: echo.longitude,
            alt_m: echo.elevation_m.map_or(0.0, f64::from),
        };
        let (timezone, timezone_from) = match &self.timezone {
            Some(TimeZoneField::Name(zone)) => (zone.name().to_owned(), None),
            Some(TimeZoneField::Auto) => (
                orrery_atlas::zone_at(place.lat_deg, place.lon_deg).timezone,
                Some(TimezoneFrom::Coordinates),
            ),
            None => (echo.timezone.clone(), Some(TimezoneFrom::Place)),
        };
        Ok(Located {
            place,
            timezone: Some(timezone),
            origin: BirthOrigin {
                place: Some(Box::new(echo)),
                timezone_from,
                at_sea: None,
            },
        })
    }
}

/// A place as the response echoes it: the validated latitude, longitude and altitude.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct LocationEcho {
    /// Geographic latitude, degrees north [-90, 90].
    pub latitude: f64,
    /// Geographic longitude, degrees east [-180, 180].
    pub longitude: f64,
    /// Height above sea level, metres.
    pub altitude: f64,
}

impl From<Observer> for LocationEcho {
    fn from(place: Observer) -> Self {
        Self {
            latitude: place.lat_deg,
            longitude: place.lon_deg,
            altitude: place.alt_m,
        }
    }
}

/// A birth as the request gave it (`datetime`, `timezone`), the place, and the instant it
/// resolved to: the `input` echo of the chart-like responses that take one `birth`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BirthEcho {
    /// The birth date-time as given (local wall-clock time, or with an offset).
    pub datetime: String,
    /// The IANA time zone the local time was read in; absent when the date-time carried an offset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    pub location: LocationEcho,
    /// The instant the civil time resolved to.
    pub resolved: ResolvedTimeDto,
}

impl BirthEcho {
    #[must_use]
    pub fn new(request: &BirthDto, birth: &ResolvedBirth) -> Self {
        Self {
            datetime: request.datetime.as_str().to_owned(),
            timezone: request.timezone.as_ref().map(|zone| zone.name().to_owned()),
            location: birth.place.into(),
            resolved: ResolvedTimeDto::new(birth),
        }
    }
}

/// The resolved instant, echoed in every chart-like response.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ResolvedTime)]
pub struct ResolvedTimeDto {
    /// The instant in UTC.
    pub utc: String,
    /// The resolved instant as a Julian day (UT).
    pub julian_day_ut: f64,
    /// The local date-time as read, its date in the proleptic Gregorian calendar.
    pub local: String,
    /// The calendar `datetime`'s date was read in: `gregorian` or `julian` (with `calendar`
    /// `auto`, the one its date fell in).
    pub calendar: CalendarUsedName,
    /// The UTC offset used, `+01:00`.
    pub offset: String,
    /// `offset_in_input`, `tz_database` or `local_mean_time`.
    pub offset_source: OffsetSourceName,
    /// `birth_place` or `zone_reference` when Local Mean Time was used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_mean_time: Option<LmtChoice>,
    /// The IANA time zone used; absent when the date-time carried an offset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<&'static str>,
    /// Remarks on the resolution (a gap or an overlap of the local time); empty when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The atlas place the birth was given by (`place_id` or `place`, with the name that
    /// matched).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<PlaceDto>,
    /// Where the zone came from when not named: `coordinates` (`timezone: "auto"`) or `place`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone_from: Option<TimezoneFrom>,
    /// With `timezone: "auto"`: whether the point is at sea (then the zone is `Etc/GMT±N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_sea: Option<bool>,
}

impl ResolvedTimeDto {
    pub fn new(birth: &ResolvedBirth) -> Self {
        let resolved = &birth.resolved;
        Self {
            utc: resolved.utc().to_string(),
            julian_day_ut: birth.jd.0,
            local: resolved.local().to_string(),
            calendar: OneOf(resolved.calendar()),
            offset: resolved.offset_string(),
            offset_source: OneOf(resolved.source()),
            local_mean_time: resolved.lmt().map(LmtChoice::from),
            timezone: resolved.zone(),
            notes: resolved.notes().iter().map(ToString::to_string).collect(),
            place: birth.origin.place.as_deref().cloned(),
            timezone_from: birth.origin.timezone_from,
            at_sea: birth.origin.at_sea,
        }
    }
}

/// `tropical` or `sidereal`.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = Zodiac)]
#[serde(rename_all = "snake_case")]
pub enum ZodiacDto {
    #[default]
    Tropical,
    Sidereal,
}

/// The frame options shared by radix and ephemeris.
#[derive(Debug, Clone, Default)]
pub struct FrameOptions<'a> {
    pub zodiac: Option<ZodiacDto>,
    /// Parsed already; the default (`lahiri`) is applied here.
    pub ayanamsa: Option<AyanamsaId>,
    pub center: Option<CenterField>,
    pub observer: Option<&'a LocationDto>,
    /// Where the field names live (`options.` for radix, empty for ephemeris).
    pub prefix: &'a str,
}

impl FrameOptions<'_> {
    /// Builds the frame. A topocentric frame takes `observer`, else `default_observer` (the
    /// birth place).
    ///
    /// # Errors
    /// An ayanamsa without `sidereal`, an unknown ayanamsa or centre, a topocentric frame with
    /// no observer.
    pub fn to_frame(&self, default_observer: Option<Observer>) -> Result<Frame, ApiInputError> {
        let p = self.prefix;
        let zodiac = match (self.zodiac.unwrap_or_default(), self.ayanamsa) {
            (ZodiacDto::Tropical, Some(_)) => {
                return Err(ApiInputError::field(
                    &format!("{p}ayanamsa"),
                    format!("is only allowed with {p}zodiac = \"sidereal\""),
                ));
            }
            (ZodiacDto::Tropical, None) => Zodiac::Tropical,
            (ZodiacDto::Sidereal, Some(mode)) => Zodiac::Sidereal(mode),
            (ZodiacDto::Sidereal, None) => Zodiac::Sidereal(AyanamsaId::LAHIRI),
        };
        let center = match self.center.unwrap_or(CenterField::Geocentric) {
            CenterField::Geocentric => Center::Geocentric,
            CenterField::Heliocentric => Center::Heliocentric,
            CenterField::Barycentric => Center::Barycentric,
            CenterField::Topocentric => {
                let observer = match self.observer {
                    Some(location) => location.resolve(&format!("{p}observer"))?,
                    None => default_observer.ok_or_else(|| {
                        ApiInputError::field(
                            &format!("{p}observer"),
                            "is required for center = \"topocentric\"",
                        )
                    })?,
                };
                Center::Topocentric(observer)
            }
            CenterField::Planet(body) => Center::PlanetCentric(body),
        };
        if self.observer.is_some() && !matches!(center, Center::Topocentric(_)) {
            return Err(ApiInputError::field(
                &format!("{p}observer"),
                "is only used with center = \"topocentric\"",
            ));
        }
        Ok(Frame { center, zodiac })
    }
}

/// The echo of a frame in responses.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Frame)]
pub struct FrameDto {
    pub zodiac: ZodiacDto,
    /// The ayanamsa of a sidereal zodiac; absent for the tropical zodiac.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ayanamsa: Option<AyanamsaField>,
    /// The centre of the positions (`geocentric`, `topocentric`, `heliocentric`, …).
    pub center: CenterField,
}

impl FrameDto {
    pub fn new(frame: &Frame) -> Self {
        Self {
            zodiac: match frame.zodiac {
                Zodiac::Tropical => ZodiacDto::Tropical,
                Zodiac::Sidereal(_) => ZodiacDto::Sidereal,
            },
            ayanamsa: frame.sidereal().map(Named),
            center: match frame.center {
                Center::Geocentric => CenterField::Geocentric,
                Center::Topocentric(_) => CenterField::Topocentric,
                Center::Heliocentric => CenterField::Heliocentric,
                Center::Barycentric => CenterField::Barycentric,
                Center::PlanetCentric(body) => CenterField::Planet(body),
            },
        }
    }
}

/// A list of bodies (parsed already) that must not be empty and, with `max`, may name at most
/// that many; a body named twice counts once.
///
/// # Errors
/// An empty list, or one longer than `max`.
pub fn body_list(
    field: &str,
    bodies: &[BodyField],
    max: Option<usize>,
) -> Result<Vec<Body>, ApiInputError> {
    check_body_count(field, bodies.len(), max)?;
    Ok(distinct_bodies(bodies))
}

/// A list of `count` bodies at `field` is not empty and, with `max`, not longer than that.
fn check_body_count(field: &str, count: usize, max: Option<usize>) -> Result<(), ApiInputError> {
    if count == 0 {
        return Err(ApiInputError::field(field, "must name at least one body"));
    }
    match max {
        Some(max) if count > max => Err(ApiInputError::too_many(
            field,
            format!("may name at most {max} bodies (got {count})"),
            max,
            count,
        )),
        _ => Ok(()),
    }
}

/// The bodies of a list, each once, in the order first named.
#[must_use]
pub fn distinct_bodies(names: &[BodyField]) -> Vec<Body> {
    let mut bodies = Vec::with_capacity(names.len());
    for BodyField(body) in names {
        if !bodies.contains(body) {
            bodies.push(*body);
        }
    }
    bodies
}

/// The spec's position shape.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = Position)]
pub struct PositionDto {
    /// Ecliptic longitude, degrees [0, 360).
    pub longitude: f64,
    /// Ecliptic latitude, degrees [-90, 90].
    pub latitude: f64,
    /// Distance from the centre, astronomical units.
    pub distance: f64,
    /// Speed in ecliptic longitude, degrees per day (negative: retrograde).
    pub longitude_speed: f64,
    /// Change of ecliptic latitude, degrees per day.
    pub latitude_speed: f64,
    /// Change of distance, astronomical units per day.
    pub distance_speed: f64,
}

impl From<&BodyPosition> for PositionDto {
    fn from(p: &BodyPosition) -> Self {
        Self {
            longitude: p.lon.degrees(),
            latitude: p.lat_deg,
            distance: p.dist_au,
            longitude_speed: p.lon_speed_deg_per_day,
            latitude_speed: p.lat_speed_deg_per_day,
            distance_speed: p.dist_speed_au_per_day,
        }
    }
}

/// A longitude with its sign and its degree within the sign.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = ZodiacLongitude)]
pub struct ZodiacLongitudeDto {
    /// Degrees, [0, 360).
    pub longitude: f64,
    /// The sign of `longitude`.
    pub sign: SignField,
    /// Degrees within the sign, [0, 30).
    pub sign_degree: f64,
}

impl From<Longitude> for ZodiacLongitudeDto {
    fn from(lon: Longitude) -> Self {
        Self {
            longitude: lon.degrees(),
            sign: Named(lon.sign()),
            sign_degree: lon.degree_in_sign(),
        }
    }
}

/// The ephemeris positions came from, as answers name it.
pub fn ephemeris_name(source: EphemerisSource) -> EphemerisName {
    source.into()
}

/// A JSON object whose keys keep the order they were pushed in (catalogue order reads better
/// than alphabetical).
///
/// Its OpenAPI schema is a map (an object with `additionalProperties`): a `ToSchema` field of
/// this type says so with `#[schema(value_type = BTreeMap<String, V>)]`. (No `ToSchema` impl on
/// purpose: utoipa would inline `V` into a component per use instead of referring to it, and a
/// field without the attribute fails to compile.)
#[derive(Debug, Clone)]
pub struct OrderedMap<V>(pub Vec<(String, V)>);

impl<V> Default for OrderedMap<V> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<V: Serialize> Serialize for OrderedMap<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A computed instant as the API writes it.
pub fn event_time(instant: Timestamp) -> String {
    utc_to_second(instant)
}

/// A result's Julian day as the API writes it. A day outside the years the API can write is a
/// failure of ours: requests are bounded so that their results are not.
///
/// # Errors
/// [`CalcFailure::Internal`] for a Julian day without a UTC date.
pub fn utc_of(jd: JulianDayUt) -> Result<String, CalcFailure> {
    timestamp_of(jd)
        .map(event_time)
        .ok_or_else(|| CalcFailure::Internal(format!("Julian day {} has no UTC date", jd.0)))
}

#[cfg(test)]
mod birth_by_place_tests {
    use serde_json::json;

    use super::*;
    use crate::parse::json_value;

    fn resolve(birth: serde_json::Value) -> Result<ResolvedBirth, ApiInputError> {
        json_value::<BirthDto>(birth)?.resolve("birth")
    }

    #[test]
    fn a_place_by_name_gives_coordinates_and_zone() {
        let birth = resolve(json!({"datetime": "1890-06-01T12:00", "place": "Graz"})).unwrap();
        assert_eq!(birth.resolved.zone(), Some("Europe/Vienna"));
        assert_eq!(birth.resolved.offset_string(), "+01:01:48");
        assert!((birth.place.lon_deg - 15.45).abs() < 1e-9);
        assert_eq!(birth.origin.timezone_from, Some(TimezoneFrom::Place));
        let echo = birth.origin.place.unwrap();
        assert_eq!(echo.place_id, 2_778_067);
        assert_eq!(echo.matched_name.as_deref(), Some("Graz"));
    }

    #[test]
    fn a_place_by_id_and_auto_zones() {
        let by_id =
            resolve(json!({"datetime": "2024-07-01T12:00", "place_id": 2_867_714})).unwrap();
        assert_eq!(by_id.resolved.zone(), Some("Europe/Berlin"));
        assert_eq!(by_id.resolved.offset_string(), "+02:00");
        let auto = resolve(json!({"datetime": "2024-07-01T12:00", "timezone": "auto",
            "location": {"latitude": 40.71, "longitude": -74.0}}))
        .unwrap();
        assert_eq!(auto.resolved.zone(), Some("America/New_York"));
        assert_eq!(auto.origin.at_sea, Some(false));
        let sea = resolve(json!({"datetime": "2024-07-01T12:00", "timezone": "auto",
            "location": {"latitude": -30.0, "longitude": -20.0}}))
        .unwrap();
        assert_eq!(sea.resolved.zone(), Some("Etc/GMT+1"));
        assert_eq!(sea.origin.at_sea, Some(true));
    }

    #[test]
    fn place_errors_name_their_field() {
        let field_of = |birth| resolve(birth).unwrap_err().field;
        assert_eq!(
            field_of(json!({"datetime": "2024-07-01T12:00", "place_id": 1})).as_deref(),
            Some("birth.place_id")
        );
        assert_eq!(
            field_of(json!({"datetime": "2024-07-01T12:00", "place": "Springfield"})).as_deref(),
            Some("birth.place")
        );
        assert_eq!(
            field_of(
                json!({"datetime": "2024-07-01T12:00", "place": "Graz", "place_id": 2_778_067})
            )
            .as_deref(),
            Some("birth.place")
        );
        assert_eq!(
            field_of(
                json!({"datetime": "2024-07-01T12:00", "place_match": "best",
                "location": {"latitude": 1, "longitude": 1}, "timezone": "UTC"})
            )
            .as_deref(),
            Some("birth.place_match")
        );
        assert_eq!(
            field_of(json!({"datetime": "2024-07-01T12:00", "timezone": "auto",
                "location": {"latitude": 91, "longitude": 1}}))
            .as_deref(),
            Some("location.latitude"),
            "the deserialiser's path, relative to this test's top-level birth"
        );
        let missing = resolve(json!({"datetime": "2024-07-01T12:00Z"})).unwrap_err();
        assert_eq!(missing.field.as_deref(), Some("birth.location"));
        assert_eq!(missing.message, "birth: missing field `location`");
        let best = resolve(
            json!({"datetime": "2024-07-01T12:00", "place": "Springfield",
            "place_match": "best"}),
        )
        .unwrap();
        assert_eq!(best.origin.place.unwrap().country_code, "US");
    }
}

/// Ecliptic longitudes by point name (`{"sun": 84.2, "moon": 301.5}`), degrees [0, 360).
// The schema of the request fields that take such a map (`natal_positions`, `positions`, as
// their `value_type`), so generated clients get a named model; the fields keep their map.
#[derive(Debug)]
pub struct PointLongitudes(pub std::collections::BTreeMap<String, f64>);

impl utoipa::PartialSchema for PointLongitudes {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Type};
        // natal.rs `check_point_count` (at least one point) and the name rule of
        // `natal_positions` (1 to 64 characters).
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "Ecliptic longitudes by point name (`{\"sun\": 84.2, \"moon\": 301.5}`), degrees \
                 [0, 360); at least one point, names of 1 to 64 characters.",
            ))
            .property_names(Some(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .min_length(Some(1))
                    .max_length(Some(64)),
            ))
            .additional_properties(Some(AdditionalProperties::RefOr(
                ObjectBuilder::new()
                    .schema_type(Type::Number)
                    .format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(
                        utoipa::openapi::schema::KnownFormat::Double,
                    )))
                    .into(),
            )))
            .min_properties(Some(1))
            .into()
    }
}

impl ToSchema for PointLongitudes {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("PointLongitudes")
    }
}
