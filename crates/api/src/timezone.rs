//! `GET /v1/timezone?latitude=…&longitude=…&datetime=…`: the zone of a point, and its clock at
//! a moment, resolved the way a birth's time is.

use jiff::Timestamp;
use orrery_atlas::zone_at;
use orrery_civil::{CivilInput, GeoLongitude, LmtPolicy, LmtRules, Resolved, Zone};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::bounded::{GeoLatitude, GeoLongitude as GeoLongitudeField};
use crate::common::{
    AmbiguousTimeChoice, CalendarChoice, CalendarUsedName, LmtChoice, OffsetSourceName,
};
use crate::datetime::CivilDateTime;
use crate::error::ApiInputError;
use crate::names::OneOf;

/// `GET /v1/timezone` query parameters.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct TimezoneQuery {
    /// Degrees north, -90..90.
    #[param(inline)]
    pub latitude: GeoLatitude,
    /// Degrees east, -180..180.
    #[param(inline)]
    pub longitude: GeoLongitudeField,
    /// The moment: an instant (`Z` or an offset; write `+` as `%2B`) or a local time at the
    /// point, resolved as a birth's is. Left out: now (the answer is then not cached).
    #[serde(default)]
    #[param(inline)]
    pub datetime: Option<CivilDateTime>,
    /// Before standard time: the point's own Local Mean Time (default) or the zone's.
    #[serde(default)]
    #[param(inline)]
    pub lmt: Option<LmtChoice>,
    /// A local time in a DST gap or fold: `earlier` or `later`; unset, such a time is a 400.
    #[serde(default)]
    #[param(inline)]
    pub ambiguous_time: Option<AmbiguousTimeChoice>,
    /// The calendar of a local `datetime`: `gregorian` (default), `julian` or `auto` (Julian
    /// before 1582-10-15); with an offset only `gregorian`.
    #[serde(default)]
    #[param(inline)]
    pub calendar: Option<CalendarChoice>,
}

impl TimezoneQuery {
    /// Whether the answer depends on the clock of the request (no `datetime`).
    #[must_use]
    pub fn uses_now(&self) -> bool {
        self.datetime.is_none()
    }
}

/// The zone at a point and its clock at a moment.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TimezoneResponse {
    /// The IANA zone; at sea, the nautical `Etc/GMT±N` of the longitude.
    #[schema(example = "Europe/Vienna")]
    pub timezone: String,
    /// Whether the point lies outside every land zone.
    pub at_sea: bool,
    /// The UTC offset at the moment, `±HH:MM` (with seconds when it has them).
    #[schema(example = "+01:00")]
    pub offset: String,
    /// The same offset in seconds east of UTC.
    pub offset_seconds: i32,
    /// Whether daylight-saving time was in force.
    pub dst: bool,
    /// The tz database's abbreviation (`CET`, `LMT`, `+0330`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abbreviation: Option<String>,
    /// The point's own Local Mean Time offset (longitude / 15 hours, to the second).
    #[schema(example = "+01:01:46")]
    pub lmt_offset: String,
    /// `tz_database` (the zone's rules) or `local_mean_time` (before standard time).
    pub offset_source: OffsetSourceName,
    /// The moment in UTC.
    pub utc: String,
    /// The local date-time at the point (its date proleptic Gregorian).
    pub local: String,
    /// The calendar `datetime`'s date was read in: `gregorian` or `julian`.
    pub calendar: CalendarUsedName,
    /// Remarks on the answer (a point at sea, a border); empty when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// Finds the zone and resolves the moment (`now` when the query has no `datetime`).
///
/// # Errors
/// A local time in a gap or fold without `ambiguous_time`, or one with no civil time.
pub fn compute(query: &TimezoneQuery, now: Timestamp) -> Result<TimezoneResponse, ApiInputError> {
    let latitude = query.latitude.get();
    let longitude = query.longitude.get();
    let found = zone_at(latitude, longitude);
    let zone = Zone::get(&found.timezone)
        .map_err(|error| ApiInputError::civil("", &error).at("latitude"))?;
    let policy = match query.lmt.unwrap_or_default() {
        LmtChoice::BirthPlace => LmtPolicy::BirthPlace,
        LmtChoice::ZoneReference => LmtPolicy::ZoneReference,
    };
    let place_longitude = GeoLongitude::new(longitude)
        .map_err(|error| ApiInputError::labelled("longitude", error))?;
    let resolved = resolve(query, &zone, policy, place_longitude, now)?;
    let info = zone.time_zone().to_offset_info(resolved.utc());
    let dst = resolved.source() == orrery_civil::OffsetSource::TzDatabase && info.dst().is_dst();
    Ok(TimezoneResponse {
        timezone: found.timezone,
        at_sea: found.at_sea,
        offset: resolved.offset_string(),
        offset_seconds: resolved.offset_seconds(),
        dst,
        abbreviation: resolved.abbreviation().map(str::to_owned),
        lmt_offset: orrery_civil::iso_offset(place_longitude.mean_time_offset()),
        offset_source: OneOf(resolved.source()),
        utc: resolved.utc().to_string(),
        local: resolved.local().to_string(),
        calendar: OneOf(resolved.calendar()),
        notes: resolved.notes().iter().map(ToString::to_string).collect(),
    })
}

/// An instant (or now) is read on the zone's clock; a local time is resolved as a birth's.
fn resolve(
    query: &TimezoneQuery,
    zone: &Zone,
    policy: LmtPolicy,
    longitude: GeoLongitude,
    now: Timestamp,
) -> Result<Resolved, ApiInputError> {
    let rules = LmtRules {
        policy,
        longitude: Some(longitude),
    };
    let to_error = |error: orrery_civil::CivilError| ApiInputError::civil("", &error);
    let calendar = query.calendar.unwrap_or_default().calendar();
    let instant = match &query.datetime {
        None => now,
        Some(datetime) if datetime.has_offset() => CivilInput::new(datetime.as_str())
            .with_calendar(calendar)
            .resolve()
            .map_err(to_error)?
            .utc(),
        Some(datetime) => {
            let mut input = CivilInput::new(datetime.as_str())
                .with_timezone(zone.name())
                .with_longitude_deg(longitude.deg())
                .with_lmt_policy(policy)
                .with_calendar(calendar);
            if let Some(choice) = query.ambiguous_time {
                input = input.with_fold_choice(match choice {
                    AmbiguousTimeChoice::Earlier => orrery_civil::FoldChoice::Earlier,
                    AmbiguousTimeChoice::Later => orrery_civil::FoldChoice::Later,
                });
            }
            return input.resolve().map_err(to_error);
        }
    };
    zone.resolve_instant(instant, rules).map_err(to_error)
}

/// This endpoint's declaration: its lane, known before the request is read.
mod declaration {
    use super::TimezoneQuery;
    use crate::endpoint::{CostClass, Endpoint};

    impl Endpoint for TimezoneQuery {
        const COST: CostClass = CostClass::Light;
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::parse::json_value;

    fn answer(value: serde_json::Value) -> Result<TimezoneResponse, ApiInputError> {
        let query: TimezoneQuery = json_value(value)?;
        compute(&query, "2026-01-15T12:00:00Z".parse().unwrap())
    }

    #[test]
    fn graz_now_and_in_1890() {
        let now = answer(json!({"latitude": 47.07, "longitude": 15.44})).unwrap();
        assert_eq!(now.timezone, "Europe/Vienna");
        assert_eq!(now.offset, "+01:00");
        assert!(!now.dst);
        assert!(!now.at_sea);
        let lmt =
            answer(json!({"latitude": 47.07, "longitude": 15.44, "datetime": "1890-06-01T12:00"}))
                .unwrap();
        assert_eq!(lmt.offset_source, "local_mean_time");
        assert_eq!(lmt.offset, lmt.lmt_offset);
    }

    #[test]
    fn sea_points_get_a_nautical_zone() {
        let sea = answer(json!({"latitude": -30.0, "longitude": -20.0})).unwrap();
        assert!(sea.at_sea);
        assert_eq!(sea.timezone, "Etc/GMT+1");
        assert_eq!(sea.offset, "-01:00");
    }

    #[test]
    fn bad_input_names_the_field() {
        let field_of = |value| answer(value).unwrap_err().field;
        assert_eq!(
            field_of(json!({"latitude": 91, "longitude": 0})).as_deref(),
            Some("latitude")
        );
        assert_eq!(
            field_of(json!({"latitude": 0})).as_deref(),
            Some("longitude")
        );
        assert_eq!(
            field_of(json!({"latitude": 48.2, "longitude": 16.4, "datetime": "2021-03-28T02:30"}))
                .as_deref(),
            Some("datetime")
        );
    }
}
