//! How answers tell a body's dates (`docs/EPHEMERIS-RANGE.md`): the spans of
//! [`orrery_ephem::bundled_range`] as calendar dates, the `omitted` entries of a chart that
//! left out a default body, and the 400 `outside_ephemeris_range` for a body asked for by
//! name. None of them names a data file: a file name tells a client nothing it can act on.

use orrery_astro::body::Body;
use orrery_astro::chart::{ChartError, OmittedBody};
use orrery_astro::time::{JulianDayUt, timestamp_of, utc_to_second};
use orrery_ephem::{DateSpan, FILES, NUMBERED_ASTEROID_FILES};
use serde::Serialize;
use utoipa::ToSchema;

use crate::closed_sets::EphemerisName;
use crate::error::{ApiInputError, CalcFailure, ErrorDetails, RangeDetails};
use crate::names::BodyField;

/// Why an answer leaves a default body out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OmissionReason {
    /// The date is outside the body's data.
    OutsideEphemerisRange,
    /// The service has no data for this numbered asteroid at all.
    NoDataFile,
}

/// A default body the answer leaves out, with the dates it has data for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = OmittedBody)]
pub struct OmittedBodyDto {
    /// The body, as `bodies` names it.
    #[schema(example = "chiron")]
    pub body: BodyField,
    /// `outside_ephemeris_range`: the date is outside the body's data; `no_data_file`: the
    /// service has no data for this asteroid at all.
    #[schema(example = "outside_ephemeris_range")]
    pub reason: OmissionReason,
    /// The first date with data (proleptic Gregorian, 0h UT); absent with `no_data_file`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "1200-01-09")]
    pub valid_from: Option<String>,
    /// The last date with data (proleptic Gregorian, 0h UT); absent with `no_data_file`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "4649-12-31")]
    pub valid_to: Option<String>,
}

impl From<&OmittedBody> for OmittedBodyDto {
    fn from(omitted: &OmittedBody) -> Self {
        let (valid_from, valid_to) = span_dates(omitted.valid);
        Self {
            body: BodyField(omitted.body),
            reason: if omitted.valid.is_some() {
                OmissionReason::OutsideEphemerisRange
            } else {
                OmissionReason::NoDataFile
            },
            valid_from,
            valid_to,
        }
    }
}

/// `swiss` when the planetary and lunar files cover every date of `first..=last`, else
/// `moshier`: the positions of a window partly outside the files come from the analytical model
/// there, and the answer says so (`ephemeris`, as a chart's).
pub fn window_ephemeris(first: JulianDayUt, last: JulianDayUt) -> EphemerisName {
    if FILES.contains(first) && FILES.contains(last) {
        EphemerisName::Swiss
    } else {
        EphemerisName::Moshier
    }
}

/// The `omitted` list of an answer.
pub fn omitted_dtos(omitted: &[OmittedBody]) -> Vec<OmittedBodyDto> {
    omitted.iter().map(OmittedBodyDto::from).collect()
}

/// A Julian day (UT) as its proleptic Gregorian date, `1200-01-09` (years before 1 and after
/// 9999 as jiff writes them, `-003001-02-03`).
pub fn iso_date(jd: JulianDayUt) -> String {
    timestamp_of(jd).map_or_else(
        || format!("Julian day {}", jd.0),
        |instant| instant.to_zoned(jiff::tz::TimeZone::UTC).date().to_string(),
    )
}

fn span_dates(span: Option<DateSpan>) -> (Option<String>, Option<String>) {
    match span {
        Some(span) => (Some(iso_date(span.first)), Some(iso_date(span.last))),
        None => (None, None),
    }
}

/// The dates of the planetary and lunar files, `1200-01-09 to 4799-12-31`.
pub fn files_text() -> String {
    format!(
        "{} to {}",
        iso_date(JulianDayUt(FILES.first.0)),
        iso_date(JulianDayUt(FILES.last.0))
    )
}

/// What the installed data cover, in words: for an error that knows no body.
pub fn coverage_text() -> String {
    format!(
        "the Swiss Ephemeris files cover {} (Chiron to 4649-12-31, the numbered asteroids {} to \
         {}); before them the planets and the Moon come from the Moshier model",
        files_text(),
        iso_date(JulianDayUt(NUMBERED_ASTEROID_FILES.first.0)),
        iso_date(JulianDayUt(NUMBERED_ASTEROID_FILES.last.0)),
    )
}

/// The note of an answer that left out a default `body` without data at the birth date:
/// `chiron has no ephemeris data at the birth date (its data cover 1200-01-09 to 4649-12-31):
/// it is left out of {what}`.
pub fn left_out_note(body: Body, valid: Option<DateSpan>, what: &str) -> String {
    let coverage = match span_dates(valid) {
        (Some(from), Some(to)) => format!("its data cover {from} to {to}"),
        _ => "the service has no data file for it".to_owned(),
    };
    format!(
        "{} has no ephemeris data at the birth date ({coverage}): it is left out of {what}",
        body.name()
    )
}

/// The 400 for `body` without data at `jd`: `{body} has no ephemeris data at {instant}: its
/// data cover {from} to {to}`, code `outside_ephemeris_range`, the body and its dates as
/// details. No field yet: the caller blames the request field.
pub fn no_data_error(body: &str, jd: f64, valid: Option<DateSpan>) -> ApiInputError {
    let when = timestamp_of(JulianDayUt(jd))
        .map_or_else(|| format!("Julian day {jd:.5} (UT)"), utc_to_second);
    let (valid_from, valid_to) = span_dates(valid);
    let coverage = match (&valid_from, &valid_to) {
        (Some(from), Some(to)) => format!("its data cover {from} to {to}"),
        _ => "the service has no data file for it".to_owned(),
    };
    let mut error = ApiInputError::new(format!(
        "{body} has no ephemeris data at {when}: {coverage}"
    ))
    .outside_ephemeris();
    error.details = Some(ErrorDetails::Range(Box::new(RangeDetails {
        body: body.to_owned(),
        valid_from,
        valid_to,
    })));
    error
}

/// [`no_data_error`] for a [`ChartError::NoData`], blamed on `field`; any other chart error
/// as [`CalcFailure`] sorts it, also blamed on `field`.
pub fn chart_failure_at(field: &str, error: ChartError) -> CalcFailure {
    match error {
        ChartError::NoData {
            body, jd, valid, ..
        } => CalcFailure::Input(no_data_error(&body, jd, valid).prefixed(field)),
        other => CalcFailure::from(other).at_field(field),
    }
}

#[cfg(test)]
mod tests {
    use orrery_ephem::bundled_range;

    use super::*;

    #[test]
    fn dates_are_proleptic_gregorian_days() {
        assert_eq!(iso_date(JulianDayUt(2_159_358.5)), "1200-01-09");
        assert_eq!(iso_date(JulianDayUt(3_474_222.5)), "4799-12-31");
        assert_eq!(iso_date(JulianDayUt(625_000.5)), "-003001-02-03");
    }

    #[test]
    fn an_omitted_chiron_says_why_and_its_dates() {
        let omitted = OmittedBody {
            body: Body::Chiron,
            valid: bundled_range(Body::Chiron.body_id()).valid(),
        };
        assert_eq!(
            serde_json::to_value(OmittedBodyDto::from(&omitted)).unwrap(),
            serde_json::json!({"body": "chiron", "reason": "outside_ephemeris_range",
                "valid_from": "1200-01-09", "valid_to": "4649-12-31"})
        );
    }

    #[test]
    fn a_body_asked_for_by_name_is_a_400_with_its_range_and_no_file_name() {
        let failure = chart_failure_at(
            "birth.datetime",
            ChartError::NoData {
                body: "chiron".into(),
                jd: 2_122_826.5,
                valid: bundled_range(Body::Chiron.body_id()).valid(),
                detail: "SwissEph file 'seas_11.se1' not found".into(),
            },
        );
        let CalcFailure::Input(error) = failure else {
            panic!("a 400")
        };
        assert_eq!(error.code.as_str(), "outside_ephemeris_range");
        assert_eq!(error.field.as_deref(), Some("birth.datetime"));
        assert_eq!(
            error.message,
            "birth.datetime: chiron has no ephemeris data at 1100-01-01T00:00:00Z: its data \
             cover 1200-01-09 to 4649-12-31"
        );
        assert!(!error.message.contains(".se1"));
        assert_eq!(
            serde_json::to_value(error.details).unwrap(),
            serde_json::json!({"body": "chiron", "valid_from": "1200-01-09",
                "valid_to": "4649-12-31"})
        );
    }
}
