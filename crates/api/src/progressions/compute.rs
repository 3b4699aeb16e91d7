//! Computing `POST /v1/progressions`: the natal points, then a snapshot, aspect events or
//! phases over a window.

use orrery_astro::angle::Longitude;
use orrery_astro::aspects::AspectReport;
use orrery_astro::techniques::natal::BirthPointsError;
use orrery_astro::techniques::progressions::events::{AspectEvents, AspectFrame, ProgressionEvent};
use orrery_astro::techniques::progressions::phases::{Ingress, PhaseSelection, Phases, Station};
use orrery_astro::techniques::progressions::{
    DirectedPoint, ProgressedPosition, ProgressionFound, ProgressionNatal, ProgressionQuery,
    ProgressionReport, ProgressionReportError, ProgressionSpan, Snapshot, progression_report,
};
use orrery_astro::techniques::transits::NatalPoint;
use orrery_astro::time::{JulianDayUt, timestamp_of};
use orrery_ephem::Ephemeris;

use crate::aspect_options::{AspectPairing, AspectSettingsDto};
use crate::closed_sets::EphemerisName;
use crate::common::{OrderedMap, ResolvedTimeDto, ephemeris_name, event_time};
use crate::error::{ApiInputError, CalcFailure};
use crate::instant_fields::Stamp;
use crate::names::{BodyField, Named};
use crate::natal::points_echo;
use crate::presets::AppliedPreset;

use super::response::{
    EventDto, IngressDto, ModeName, NatalDto, NatalSourceName, ProgressedPositionDto,
    ProgressionsResponse, SnapshotAspectDto, SnapshotResponse, SnapshotSettingsDto, StationDto,
    WindowResponse, WindowSettingsDto,
};
use super::{Mode, NatalInput, PhaseDto, ProgressionsInput};

/// The date of a Julian day as the API writes computed events.
fn date_of(jd: JulianDayUt) -> Result<String, CalcFailure> {
    timestamp_of(jd).map(event_time).ok_or_else(|| {
        CalcFailure::Input(ApiInputError::new(format!(
            "Julian day {} is outside the years -9999..9999",
            jd.0
        )))
    })
}

fn natal_dto(input: &ProgressionsInput, points: &[NatalPoint]) -> Result<NatalDto, CalcFailure> {
    let (source, resolved) = match &input.natal {
        NatalInput::Birth(birth) => (NatalSourceName::Natal, Some(ResolvedTimeDto::new(birth))),
        NatalInput::Positions { .. } => (NatalSourceName::NatalPositions, None),
    };
    let birth_jd = input.natal.birth_jd();
    Ok(NatalDto {
        source,
        birth_jd: birth_jd.0,
        birth_utc: date_of(birth_jd)?,
        resolved,
        points: points_echo(points),
    })
}

fn position_dto(lon: Longitude, speed: f64, per_year: f64) -> ProgressedPositionDto {
    ProgressedPositionDto {
        longitude: lon.degrees(),
        longitude_speed: speed,
        motion_per_year: speed * per_year,
        retrograde: speed < 0.0,
        sign: Named(lon.sign()),
        sign_degree: lon.degree_in_sign(),
    }
}

/// The report's errors: the natal chart's, the progression's, and a directed point's.
fn report_failure(error: ProgressionReportError) -> CalcFailure {
    match error {
        ProgressionReportError::Natal(BirthPointsError::Chart(error)) => CalcFailure::from(error),
        ProgressionReportError::Natal(error @ BirthPointsError::UndefinedAngle { .. }) => {
            CalcFailure::Internal(error.to_string())
        }
        ProgressionReportError::Progression(error) => error.into(),
        error @ ProgressionReportError::Directed { .. } => CalcFailure::Internal(error.to_string()),
    }
}

/// Computes the answer.
///
/// # Errors
/// A point without data at a date (400), progressed angles at a polar latitude (400), or a
/// failure of the search (500).
pub fn compute(
    eph: &Ephemeris,
    input: &ProgressionsInput,
) -> Result<ProgressionsResponse, CalcFailure> {
    let report = report(eph, input)?;
    let natal = natal_dto(input, &report.progression.natal)?;
    let mut response = match (&report.found, &input.mode) {
        (
            ProgressionFound::Snapshot {
                snapshot,
                directed,
                aspects,
                notes,
            },
            _,
        ) => snapshot_response(input, snapshot, directed, aspects, notes, natal)
            .map(|r| ProgressionsResponse::Snapshot(Box::new(r))),
        (
            ProgressionFound::Aspects {
                found,
                transit_bodies,
                start,
                end,
                complete_until,
                capped,
            },
            Mode::Aspects { .. },
        ) => {
            let settings = window_settings(input, (*start, *end))?;
            aspects_response(
                input,
                found,
                transit_bodies,
                *complete_until,
                *capped,
                settings,
                natal,
            )
            .map(|r| ProgressionsResponse::Window(Box::new(r)))
        }
        (ProgressionFound::Phases { found, start, end }, Mode::Phases { phases, .. }) => {
            let settings = window_settings(input, (*start, *end))?;
            phases_response(input, found, phases, settings, natal)
                .map(|r| ProgressionsResponse::Window(Box::new(r)))
        }
        _ => Err(CalcFailure::Internal(
            "the progression answered another mode than asked".into(),
        )),
    }?;
    let source = ephemeris_name(report.source);
    match &mut response {
        ProgressionsResponse::Snapshot(r) => r.ephemeris = source,
        ProgressionsResponse::Window(r) => r.ephemeris = source,
    }
    let mut notes = left_out_notes(&report);
    if !notes.is_empty() {
        let response_notes = match &mut response {
            ProgressionsResponse::Snapshot(r) => &mut r.notes,
            ProgressionsResponse::Window(r) => &mut r.notes,
        };
        notes.append(response_notes);
        *response_notes = notes;
    }
    Ok(response)
}

/// The progression report of the validated request (the core's one call).
///
/// # Errors
/// As [`compute`].
pub(crate) fn report(
    eph: &Ephemeris,
    input: &ProgressionsInput,
) -> Result<ProgressionReport, CalcFailure> {
    let natal = match &input.natal {
        NatalInput::Birth(birth) => ProgressionNatal::Birth {
            jd: birth.jd,
            place: birth.place,
        },
        NatalInput::Positions { birth_jd, points } => ProgressionNatal::Positions {
            birth: *birth_jd,
            points,
        },
    };
    let span = match &input.mode {
        Mode::Snapshot { age_years, .. } => ProgressionSpan::Snapshot {
            age_years: *age_years,
        },
        Mode::Aspects {
            age_start,
            age_end,
            step_years,
            frame,
        } => ProgressionSpan::Aspects {
            age_start_years: *age_start,
            age_end_years: *age_end,
            step_cap_years: *step_years,
            frame: (*frame).into(),
        },
        Mode::Phases {
            age_start,
            age_end,
            step_years,
            phases,
        } => ProgressionSpan::Phases {
            age_start_years: *age_start,
            age_end_years: *age_end,
            step_cap_years: *step_years,
            phases: PhaseSelection {
                ingress: phases.contains(&PhaseDto::Ingress),
                station: phases.contains(&PhaseDto::Station),
                axis: phases.contains(&PhaseDto::Axis),
            },
        },
    };
    progression_report(
        eph,
        &ProgressionQuery {
            method: input.method,
            natal,
            span,
            moving: &input.moving,
            aspects: &input.aspects,
        },
    )
    .map_err(report_failure)
}

/// A note for each natal body left out for lack of data.
fn left_out_notes(report: &ProgressionReport) -> Vec<String> {
    report
        .natal_left_out
        .iter()
        .map(|&body| {
            let valid = orrery_ephem::bundled_range(body.body_id()).valid();
            crate::ephemeris_range::left_out_note(body, valid, "the natal points")
        })
        .collect()
}

fn snapshot_response(
    input: &ProgressionsInput,
    snap: &Snapshot,
    directed: &[DirectedPoint],
    report: &AspectReport,
    notes: &[String],
    natal: NatalDto,
) -> Result<SnapshotResponse, CalcFailure> {
    let method = input.method;
    let per_year = method.progressed_days_per_year();
    let mut positions: Vec<(String, ProgressedPositionDto)> = snap
        .positions
        .iter()
        .map(|p: &ProgressedPosition| {
            (
                p.point.name(),
                position_dto(p.lon, p.speed_deg_per_day, per_year),
            )
        })
        .collect();
    if let Some(arc) = snap.solar_arc {
        for p in directed {
            positions.push((
                p.name.clone(),
                position_dto(p.lon, arc.speed_deg_per_day, per_year),
            ));
        }
    }
    Ok(SnapshotResponse {
        mode: ModeName::Snapshot,
        method: method.into(),
        ephemeris: EphemerisName::Swiss,
        settings: SnapshotSettingsDto {
            age_years: snap.age_years,
            at: date_of(snap.calendar_jd)?,
            at_jd: snap.calendar_jd.0,
            progressed_jd: snap.progressed_jd.0,
            progressed_datetime: date_of(snap.progressed_jd)?,
            moving_points: input.moving.iter().map(|p| p.name()).collect(),
            aspects: AspectSettingsDto::new(&input.aspects, AspectPairing::Cross),
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        natal,
        solar_arc: snap.solar_arc.map(|a| a.arc_deg),
        positions: OrderedMap(positions),
        aspects: report
            .aspects
            .iter()
            .map(|hit| SnapshotAspectDto {
                moving_point: hit.first.clone(),
                natal_point: hit.second.clone(),
                aspect: Named(hit.aspect),
                angle: hit.angle_deg,
                orb: hit.orb_deg,
                allowed_orb: hit.allowed_orb_deg,
                applying: hit.applying,
                exact_in_years: hit.exact_in_days,
            })
            .collect(),
        notes: notes.to_vec(),
    })
}

fn window_settings(
    input: &ProgressionsInput,
    (start, end): (JulianDayUt, JulianDayUt),
) -> Result<WindowSettingsDto, CalcFailure> {
    let (age_start, age_end, step_years) = match &input.mode {
        Mode::Aspects {
            age_start,
            age_end,
            step_years,
            ..
        }
        | Mode::Phases {
            age_start,
            age_end,
            step_years,
            ..
        } => (*age_start, *age_end, *step_years),
        Mode::Snapshot { .. } => {
            return Err(CalcFailure::Internal("a snapshot has no window".into()));
        }
    };
    Ok(WindowSettingsDto {
        age_start,
        age_end,
        step_years,
        start: date_of(start)?,
        end: date_of(end)?,
        moving_points: input.moving.iter().map(|p| p.name()).collect(),
        aspect_frame: None,
        transit_points: None,
        aspect_names: None,
        phases: None,
        preset: input.preset.as_ref().map(AppliedPreset::echo),
    })
}

fn event_dto(e: &ProgressionEvent) -> Result<EventDto, CalcFailure> {
    Ok(EventDto {
        moving_point: e.moving_point.clone(),
        natal_point: e.natal_point.clone(),
        aspect: Named(e.aspect),
        angle: e.angle_deg,
        arc: e.arc_deg,
        exact_at_years: e.age_years,
        exact: Stamp::new(date_of(e.calendar_jd)?, e.calendar_jd),
        progressed_jd: e.progressed_jd.0,
        moving_longitude: e.moving_lon.degrees(),
        moving_speed: e.moving_speed_deg_per_day,
        retrograde: e.retrograde,
        natal_longitude: e.natal_lon.degrees(),
    })
}

fn aspects_response(
    input: &ProgressionsInput,
    found: &AspectEvents,
    transit_bodies: &[orrery_astro::body::Body],
    complete_until_jd: Option<JulianDayUt>,
    capped: Option<usize>,
    mut settings: WindowSettingsDto,
    natal: NatalDto,
) -> Result<WindowResponse, CalcFailure> {
    let Mode::Aspects { frame, .. } = input.mode else {
        return Err(CalcFailure::Internal(
            "aspect events without the aspects mode".into(),
        ));
    };
    settings.aspect_frame = Some(frame);
    settings.aspect_names = Some(input.aspects.aspects().iter().copied().map(Named).collect());
    if AspectFrame::from(frame) == AspectFrame::TransitProgressed {
        settings.transit_points = Some(transit_bodies.iter().copied().map(BodyField).collect());
    }
    let mut notes = Vec::new();
    let (complete_until_years, complete_until) = match (found.truncated, complete_until_jd) {
        (Some(t), Some(jd)) => {
            notes.push(format!(
                "the list stopped at {} events: every event up to age {:.6} is listed, later ones are left out; narrow the window or the moving points for the rest",
                t.cap, t.complete_until_years
            ));
            (Some(t.complete_until_years), Some(date_of(jd)?))
        }
        _ => (None, None),
    };
    let events = found
        .events
        .iter()
        .map(event_dto)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(WindowResponse {
        mode: ModeName::Window,
        method: input.method.into(),
        ephemeris: EphemerisName::Swiss,
        settings,
        natal,
        event_count: events.len(),
        events: Some(events),
        truncated: capped.map(|_| found.truncated.is_some()),
        event_limit: capped,
        complete_until_years,
        complete_until,
        ingresses: None,
        stations: None,
        axis_ingresses: None,
        notes,
    })
}

fn ingress_dto(i: &Ingress) -> Result<IngressDto, CalcFailure> {
    Ok(IngressDto {
        point: i.point.clone(),
        sign: Named(i.sign),
        from_sign: Named(i.from_sign),
        exact_at_years: i.age_years,
        exact: Stamp::new(date_of(i.calendar_jd)?, i.calendar_jd),
        progressed_jd: i.progressed_jd.0,
        longitude: i.lon.degrees(),
        retrograde: i.retrograde,
    })
}

fn station_dto(s: &Station) -> Result<StationDto, CalcFailure> {
    Ok(StationDto {
        point: s.point.clone(),
        station: s.kind.into(),
        exact_at_years: s.age_years,
        exact: Stamp::new(date_of(s.calendar_jd)?, s.calendar_jd),
        progressed_jd: s.progressed_jd.0,
        longitude: s.lon.degrees(),
    })
}

fn phases_response(
    input: &ProgressionsInput,
    found: &Phases,
    phases: &[PhaseDto],
    mut settings: WindowSettingsDto,
    natal: NatalDto,
) -> Result<WindowResponse, CalcFailure> {
    settings.phases = Some(phases.to_vec());
    let ingresses = selected(
        phases.contains(&PhaseDto::Ingress),
        &found.ingresses,
        ingress_dto,
    )?;
    let stations = selected(
        phases.contains(&PhaseDto::Station),
        &found.stations,
        station_dto,
    )?;
    let axis_ingresses = selected(
        phases.contains(&PhaseDto::Axis),
        &found.axis_ingresses,
        ingress_dto,
    )?;
    let event_count = ingresses.as_ref().map_or(0, Vec::len)
        + stations.as_ref().map_or(0, Vec::len)
        + axis_ingresses.as_ref().map_or(0, Vec::len);
    Ok(WindowResponse {
        mode: ModeName::Window,
        method: input.method.into(),
        ephemeris: EphemerisName::Swiss,
        settings,
        natal,
        event_count,
        events: None,
        truncated: None,
        event_limit: None,
        complete_until_years: None,
        complete_until: None,
        ingresses,
        stations,
        axis_ingresses,
        notes: Vec::new(),
    })
}

/// The answer's list of one kind of phase: its events when the kind was asked for, else none.
fn selected<T, D>(
    asked: bool,
    events: &[T],
    dto: fn(&T) -> Result<D, CalcFailure>,
) -> Result<Option<Vec<D>>, CalcFailure> {
    asked
        .then(|| events.iter().map(dto).collect::<Result<Vec<_>, _>>())
        .transpose()
}
