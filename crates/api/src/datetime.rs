//! Date-times and time zones that parse themselves while the request is deserialised, so the
//! field's path comes from the deserialiser and the rule from the civil-time crate:
//! - [`Instant`]: an instant, ISO 8601 with `Z` or an offset (`start`, `end`, `at`, …);
//! - [`CivilDateTime`]: a birth's or event's date-time, with an offset or local (then its
//!   `timezone` resolves it, a rule across two fields that [`crate::common::BirthDto::resolve`]
//!   applies);
//! - [`TimeZoneName`]: a zone of the bundled tz database, by its exact IANA name;
//! - [`TimeZoneField`]: a birth's `timezone`: such a name, or `"auto"` (the zone of the
//!   coordinates, from the atlas' boundaries).
//!
//! The grammar and its reasons are in docs/CONVENTIONS.md ("Date-times").

use std::borrow::Cow;
use std::fmt;

use jiff::Timestamp;
use orrery_astro::time::{JulianDayUt, julian_day_ut};
use orrery_civil::{CivilError, CivilInput, Field, IsoDateTime, Zone};
use serde::{Deserialize, Deserializer};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// The rule an error about `field` broke, without the field's name ("must be …"), so that the
/// deserialiser's path stands in front of it; an error about another field keeps its name.
fn rule_of(error: &CivilError, field: Field) -> String {
    if error.field() == field {
        error.rule().to_string()
    } else {
        error.to_string()
    }
}

/// An instant: an ISO 8601 date-time with `Z` or a UTC offset (`2024-03-20T03:06:21Z`,
/// `2024-03-20T04:06:21+01:00`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Instant(Timestamp);

impl Instant {
    /// Parses an instant; the error is the rule it broke, without the field's name.
    ///
    /// # Errors
    /// A malformed date-time, or a local one without an offset.
    pub fn parse(text: &str) -> Result<Self, String> {
        match CivilInput::new(text).resolve() {
            Ok(resolved) => Ok(Self(resolved.utc())),
            Err(CivilError::MissingTimezone { .. }) => Err(format!(
                "must be a UTC date-time ending in Z or carrying an offset, like \
                 2024-03-20T03:06:21Z (got {text:?})"
            )),
            Err(error) => {
                let mut rule = rule_of(&error, Field::Datetime);
                // In a URL query a literal `+` is read as a space, so `+01:00` arrives as ` 01:00`.
                if text.contains(' ') {
                    rule.push_str(
                        "; in a URL query string a `+` stands for a space: write a positive \
                         offset as %2B (2024-03-20T04:06:21%2B01:00)",
                    );
                }
                Err(rule)
            }
        }
    }

    /// The instant.
    #[must_use]
    pub fn timestamp(self) -> Timestamp {
        self.0
    }

    /// The instant as a Julian day (UT).
    #[must_use]
    pub fn julian_day(self) -> JulianDayUt {
        julian_day_ut(self.0)
    }
}

impl From<Timestamp> for Instant {
    fn from(timestamp: Timestamp) -> Self {
        Self(timestamp)
    }
}

impl fmt::Display for Instant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<'de> Deserialize<'de> for Instant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl PartialSchema for Instant {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .description(Some(
                "An instant: ISO 8601 with `Z` or a UTC offset (in a URL query, write `+` as \
                 `%2B`). Years -9999..9999, proleptic Gregorian.",
            ))
            .examples(["2024-03-20T03:06:21Z"])
            .into()
    }
}

impl ToSchema for Instant {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Instant")
    }
}

/// A birth's or event's date-time as sent: ISO 8601 with `Z` or an offset, or local (read in
/// the request's `timezone`). The text is kept, because the answer echoes it as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CivilDateTime {
    text: String,
    /// `None` for a well-formed date-time whose day does not exist in the Gregorian calendar
    /// (1500-02-29): whether it exists depends on the request's `calendar`, a sibling field,
    /// so the time's resolution decides (and names the calendar in its error).
    parsed: Option<IsoDateTime>,
}

impl CivilDateTime {
    /// Parses a date-time with or without an offset.
    ///
    /// # Errors
    /// The rule it broke, without the field's name.
    pub fn parse(text: &str) -> Result<Self, String> {
        let parsed = match IsoDateTime::parse(text) {
            Ok(parsed) => Some(parsed),
            Err(CivilError::Datetime {
                problem: orrery_civil::DatetimeProblem::NoSuchDay { .. },
                ..
            }) => None,
            Err(error) => return Err(rule_of(&error, Field::Datetime)),
        };
        Ok(Self {
            text: text.to_owned(),
            parsed,
        })
    }

    /// The text as the client sent it.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether the date-time carries its own UTC offset (then no zone is needed).
    #[must_use]
    pub fn has_offset(&self) -> bool {
        self.parsed.is_some_and(|parsed| parsed.offset().is_some())
    }
}

impl<'de> Deserialize<'de> for CivilDateTime {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The grammar of `orrery_civil::parse` as a regular expression (its module documentation),
/// with the ranges of each part; what it cannot say is that the day exists in its month.
pub const CIVIL_DATETIME_PATTERN: &str = concat!(
    r"^[ \t\r\n]*([0-9]{4}|[+-][0-9]{6})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt ]",
    r"([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9]([.,][0-9]{1,9})?)?",
    r"([Zz]|[+-][0-9]{2}(:?[0-9]{2}(:?[0-9]{2})?)?)?[ \t\r\n]*$",
);

/// A civil date-time that ends in a UTC offset (or `Z`), as a regular expression.
pub const OFFSET_AT_END_PATTERN: &str = r"([Zz]|[+-][0-9]{2}(:?[0-9]{2}(:?[0-9]{2})?)?)[ \t\r\n]*$";

impl PartialSchema for CivilDateTime {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "ISO 8601 date-time: with `Z` or a UTC offset, or local wall-clock time (then \
                 `timezone` is needed). Seconds optional; years -9999..9999, proleptic Gregorian \
                 unless `calendar` says `julian` or `auto` (local time only).",
            ))
            .pattern(Some(CIVIL_DATETIME_PATTERN))
            .examples(["1990-07-15T14:30:00"])
            .into()
    }
}

impl ToSchema for CivilDateTime {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CivilDateTime")
    }
}

/// A time zone of the bundled tz database by its exact IANA name (`Europe/Berlin`; links such
/// as `Asia/Calcutta` count).
#[derive(Debug, Clone)]
pub struct TimeZoneName(Zone);

impl TimeZoneName {
    /// Looks the zone up.
    ///
    /// # Errors
    /// The rule, with the right spelling when the name differs only in case.
    pub fn parse(name: &str) -> Result<Self, String> {
        Zone::get(name)
            .map(Self)
            .map_err(|error| rule_of(&error, Field::Timezone))
    }

    /// The zone's name as sent (names are exact, so it is the catalogue's spelling).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.0.name()
    }

    /// The zone's rules.
    #[must_use]
    pub fn zone(&self) -> &Zone {
        &self.0
    }
}

impl<'de> Deserialize<'de> for TimeZoneName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl PartialSchema for TimeZoneName {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "An IANA time zone name, exact and case-sensitive (`Europe/Berlin`), from the \
                 bundled tz database with its full history (backzone).",
            ))
            .examples(["Europe/Berlin"])
            .into()
    }
}

impl ToSchema for TimeZoneName {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("TimeZoneName")
    }
}

/// A birth's `timezone`: an IANA name, or `"auto"` for the zone at the birth's coordinates.
#[derive(Debug, Clone)]
pub enum TimeZoneField {
    /// A zone by its exact IANA name.
    Name(TimeZoneName),
    /// The zone at the coordinates (docs/ATLAS.md).
    Auto,
}

impl TimeZoneField {
    /// The word that asks for the zone of the coordinates.
    pub const AUTO: &'static str = "auto";

    /// The value as sent: the zone's name, or `auto`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Self::Name(zone) => zone.name(),
            Self::Auto => Self::AUTO,
        }
    }
}

impl<'de> Deserialize<'de> for TimeZoneField {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        if text == Self::AUTO {
            return Ok(Self::Auto);
        }
        TimeZoneName::parse(&text)
            .map(Self::Name)
            .map_err(serde::de::Error::custom)
    }
}

impl PartialSchema for TimeZoneField {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "An IANA time zone name, exact and case-sensitive (`Europe/Berlin`), from the \
                 bundled tz database with its full history (backzone); or `auto`: the zone at \
                 the coordinates (the nautical `Etc/GMT±N` at sea).",
            ))
            .examples(["Europe/Berlin", "auto"])
            .into()
    }
}

impl ToSchema for TimeZoneField {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("TimeZoneField")
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::parse::json_value;

    #[derive(Debug, Deserialize)]
    #[allow(
        dead_code,
        reason = "the fields are read by the Debug output of failed tests"
    )]
    struct Probe {
        at: Option<Instant>,
        datetime: Option<CivilDateTime>,
        timezone: Option<TimeZoneName>,
    }

    fn error_of(body: serde_json::Value) -> (Option<String>, String) {
        let error = json_value::<Probe>(body).unwrap_err();
        (error.field.map(Into::into), error.message.into())
    }

    #[test]
    fn an_instant_needs_its_offset() {
        let probe: Probe = json_value(json!({"at": "2024-03-20T04:06:21+01:00"})).unwrap();
        assert_eq!(
            probe.at.unwrap().timestamp().to_string(),
            "2024-03-20T03:06:21Z"
        );
        insta::assert_snapshot!(error_of(json!({"at": "2024-03-20T03:06:21"})).1, @r#"at must be a UTC date-time ending in Z or carrying an offset, like 2024-03-20T03:06:21Z (got "2024-03-20T03:06:21")"#);
        assert_eq!(
            error_of(json!({"at": "2024-03-20T03:06:21"})).0.as_deref(),
            Some("at")
        );
    }

    #[test]
    fn an_instant_with_a_space_gets_the_query_hint() {
        let (_, message) = error_of(json!({"at": "2024-03-20T04:06:21 01:00"}));
        assert!(message.contains("%2B"), "{message}");
    }

    #[test]
    fn a_civil_date_time_keeps_its_text() {
        let probe: Probe = json_value(json!({"datetime": "1990-07-15T14:30"})).unwrap();
        let datetime = probe.datetime.unwrap();
        assert_eq!(datetime.as_str(), "1990-07-15T14:30");
        assert!(!datetime.has_offset());
        insta::assert_snapshot!(error_of(json!({"datetime": "1990-07-15"})).1, @r#"datetime must be an ISO 8601 date-time like 2024-03-20T03:06:21Z or 2024-03-20T03:06:21 (got "1990-07-15"): a time of day is required, a date alone is not enough (send T12:00 if noon is meant, e.g. 2024-03-20T12:00)"#);
    }

    #[test]
    fn a_zone_name_is_exact() {
        let probe: Probe = json_value(json!({"timezone": "Asia/Calcutta"})).unwrap();
        assert_eq!(probe.timezone.unwrap().name(), "Asia/Calcutta");
        let (field, message) = error_of(json!({"timezone": "europe/berlin"}));
        assert_eq!(field.as_deref(), Some("timezone"));
        assert!(message.starts_with("timezone must be an IANA time zone name"));
        assert!(message.contains("did you mean Europe/Berlin?"), "{message}");
    }
}
