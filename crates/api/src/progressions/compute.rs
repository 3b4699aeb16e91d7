//! Computing `POST /v1/progressions`: the natal points, then a snapshot, aspect events or
//! phases over a window.

use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::techniques::natal::{BirthPointsError, MissingData, birth_points};
use orrery_astro::techniques::progressions::events::{
    AspectEvents, AspectFrame, AspectWindow, ProgressionEvent, TRANSIT_PROGRESSED_EVENT_CAP,
    aspect_events,
};
use orrery_astro::techniques::progressions::phases::{
    Ingress, PhaseSelection, PhaseWindow, Phases, Station, phase_events,
};
use orrery_astro::techniques::progressions::{
    DEFAULT_MOVING_BODIES, MovingPoint, ProgressedPosition, Progression, Snapshot, calendar_jd,
    ephemeris_source, snapshot, snapshot_aspects, snapshot_plan,
};
use orrery_astro::techniques::transits::NatalPoint;
use orrery_astro::time::{JulianDayUt, timestamp_of};
use orrery_ephem::Ephemeris;

use crate::aspect_options::AspectSettingsDto;
use crate::common::{OrderedMap, ResolvedBirth, ResolvedTimeDto, ephemeris_name, event_time};
use crate::error::{ApiInputError, CalcFailure};
use crate::natal::points_echo;
use crate::presets::AppliedPreset;

use super::response::{
    EventDto, IngressDto, NatalDto, ProgressedPositionDto, ProgressionsResponse, SnapshotAspectDto,
    SnapshotResponse, SnapshotSettingsDto, StationDto, WindowResponse, WindowSettingsDto,
};
use super::{AspectFrameDto, Mode, NatalInput, PhaseDto, ProgressionsInput};

/// The date of a Julian day as the API writes computed events.
fn date_of(jd: JulianDayUt) -> Result<String, CalcFailure> {
    timestamp_of(jd).map(event_time).ok_or_else(|| {
        CalcFailure::Input(ApiInputError::new(format!(
            "Julian day {} is outside the years -9999..9999",
            jd.0
        )))
    })
}

/// The natal points of a birth: sun..pluto, chiron, ascendant and mc. Chiron is left out, with
/// a note, for a birth outside its data (before 1200), so that historical charts still progress.
fn natal_points(
    eph: &Ephemeris,
    birth: &ResolvedBirth,
    notes: &mut Vec<String>,
) -> Result<Vec<NatalPoint>, CalcFailure> {
    let natal = birth_points(
        eph,
        birth.jd,
        birth.place,
        &DEFAULT_MOVING_BODIES,
        MissingData::LeaveOut,
    )
    .map_err(|error| match error {
        BirthPointsError::Chart(error) => CalcFailure::from(error),
        BirthPointsError::UndefinedAngle { .. } => CalcFailure::Internal(error.to_string()),
    })?;
    notes.extend(natal.left_out.iter().map(|&body| {
        let valid = orrery_ephem::bundled_range(body.body_id()).valid();
        crate::ephemeris_range::left_out_note(body, valid, "the natal points")
    }));
    Ok(natal.points)
}

fn natal_dto(input: &ProgressionsInput, points: &[NatalPoint]) -> Result<NatalDto, CalcFailure> {
    let (source, resolved) = match &input.natal {
        NatalInput::Birth(birth) => ("natal", Some(ResolvedTimeDto::new(birth))),
        NatalInput::Positions { .. } => ("natal_positions", None),
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
        sign: lon.sign().name(),
        sign_degree: lon.degree_in_sign(),
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
    let mut notes = Vec::new();
    let (points, place) = match &input.natal {
        NatalInput::Birth(birth) => (natal_points(eph, birth, &mut notes)?, Some(birth.place)),
        NatalInput::Positions { points, .. } => (points.clone(), None),
    };
    let progression = Progression {
        method: input.method,
        birth: input.natal.birth_jd(),
        place,
        natal: points,
    };
    let natal = natal_dto(input, &progression.natal)?;
    let mut response = match &input.mode {
        Mode::Snapshot { age_years, .. } => {
            compute_snapshot(eph, input, &progression, *age_years, natal)
                .map(|r| ProgressionsResponse::Snapshot(Box::new(r)))
        }
        Mode::Aspects {
            age_start,
            age_end,
            step_years,
            frame,
        } => compute_aspects(
            eph,
            input,
            &progression,
            (*age_start, *age_end, *step_years),
            *frame,
            natal,
        )
        .map(|r| ProgressionsResponse::Window(Box::new(r))),
        Mode::Phases {
            age_start,
            age_end,
            step_years,
            phases,
        } => compute_phases(
            eph,
            input,
            &progression,
            (*age_start, *age_end, *step_years),
            phases,
            natal,
        )
        .map(|r| ProgressionsResponse::Window(Box::new(r))),
    }?;
    // The data files cover a span of dates: the earliest and the latest date used tell.
    let (last_progressed, last_calendar) = match &input.mode {
        Mode::Snapshot { age_years, .. } => (*age_years, *age_years),
        Mode::Aspects {
            age_end,
            frame: AspectFrameDto::TransitProgressed,
            ..
        } => (*age_end, *age_end),
        Mode::Aspects { age_end, .. } | Mode::Phases { age_end, .. } => (*age_end, 0.0),
    };
    let source = ephemeris_source(
        eph,
        input.method,
        progression.birth,
        last_progressed,
        last_calendar,
    )?;
    match &mut response {
        ProgressionsResponse::Snapshot(r) => r.ephemeris = ephemeris_name(source),
        ProgressionsResponse::Window(r) => r.ephemeris = ephemeris_name(source),
    }
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

fn compute_snapshot(
    eph: &Ephemeris,
    input: &ProgressionsInput,
    progression: &Progression,
    age_years: f64,
    natal: NatalDto,
) -> Result<SnapshotResponse, CalcFailure> {
    let method = input.method;
    let plan = snapshot_plan(eph, progression, &input.moving)?;
    let snap: Snapshot = snapshot(eph, progression, age_years, &plan.points)?;
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
        for p in &plan.directed_only {
            let lon = arc
                .direct(p.lon)
                .map_err(|e| CalcFailure::Internal(format!("directed {}: {e}", p.name)))?;
            positions.push((
                p.name.clone(),
                position_dto(lon, arc.speed_deg_per_day, per_year),
            ));
        }
    }
    let report = snapshot_aspects(&snap, &progression.natal, &input.aspects)?;
    Ok(SnapshotResponse {
        mode: "snapshot",
        method: method.name(),
        ephemeris: "swiss",
        settings: SnapshotSettingsDto {
            age_years,
            at: date_of(snap.calendar_jd)?,
            at_jd: snap.calendar_jd.0,
            progressed_jd: snap.progressed_jd.0,
            progressed_datetime: date_of(snap.progressed_jd)?,
            moving_points: input.moving.iter().map(|p| p.name()).collect(),
            aspects: AspectSettingsDto::new(&input.aspects, "cross"),
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
                aspect: hit.aspect.name(),
                angle: hit.angle_deg,
                orb: hit.orb_deg,
                allowed_orb: hit.allowed_orb_deg,
                applying: hit.applying,
                exact_in_years: hit.exact_in_days,
            })
            .collect(),
        notes: plan.notes,
    })
}

fn window_settings(
    input: &ProgressionsInput,
    progression: &Progression,
    (age_start, age_end, step_years): (f64, f64, Option<f64>),
) -> Result<WindowSettingsDto, CalcFailure> {
    Ok(WindowSettingsDto {
        age_start,
        age_end,
        step_years,
        start: date_of(calendar_jd(progression.birth, age_start))?,
        end: date_of(calendar_jd(progression.birth, age_end))?,
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
        aspect: e.aspect.name(),
        angle: e.angle_deg,
        arc: e.arc_deg,
        exact_at_years: e.age_years,
        exact_at: date_of(e.calendar_jd)?,
        exact_at_jd: e.calendar_jd.0,
        progressed_jd: e.progressed_jd.0,
        moving_longitude: e.moving_lon.degrees(),
        moving_speed: e.moving_speed_deg_per_day,
        retrograde: e.retrograde,
        natal_longitude: e.natal_lon.degrees(),
    })
}

fn compute_aspects(
    eph: &Ephemeris,
    input: &ProgressionsInput,
    progression: &Progression,
    span: (f64, f64, Option<f64>),
    frame: AspectFrameDto,
    natal: NatalDto,
) -> Result<WindowResponse, CalcFailure> {
    let frame: AspectFrame = frame.into();
    let transit_bodies: Vec<Body> = input
        .moving
        .iter()
        .filter_map(|p| match p {
            MovingPoint::Body(body) => Some(*body),
            MovingPoint::Angle(_) => None,
        })
        .collect();
    let window = AspectWindow {
        frame,
        moving: input.moving.clone(),
        transit_bodies: transit_bodies.clone(),
        aspects: input.aspects.clone(),
        age_start_years: span.0,
        age_end_years: span.1,
        step_cap_years: span.2,
        event_cap: TRANSIT_PROGRESSED_EVENT_CAP,
    };
    let AspectEvents { events, truncated } = aspect_events(eph, progression, &window)?;
    let mut settings = window_settings(input, progression, span)?;
    settings.aspect_frame = Some(frame.name());
    settings.aspect_names = Some(input.aspects.aspects().iter().map(|a| a.name()).collect());
    let is_transit = frame == AspectFrame::TransitProgressed;
    if is_transit {
        settings.transit_points = Some(
            transit_bodies
                .iter()
                .map(|b| b.name().into_owned())
                .collect(),
        );
    }
    let mut notes = Vec::new();
    let (complete_until_years, complete_until) = match truncated {
        Some(t) => {
            notes.push(format!(
                "the list stopped at {} events: every event up to age {:.6} is listed, later ones are left out; narrow the window or the moving points for the rest",
                t.cap, t.complete_until_years
            ));
            (
                Some(t.complete_until_years),
                Some(date_of(calendar_jd(
                    progression.birth,
                    t.complete_until_years,
                ))?),
            )
        }
        None => (None, None),
    };
    let events = events
        .iter()
        .map(event_dto)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(WindowResponse {
        mode: "window",
        method: input.method.name(),
        ephemeris: "swiss",
        settings,
        natal,
        event_count: events.len(),
        events: Some(events),
        truncated: is_transit.then_some(truncated.is_some()),
        event_limit: is_transit.then_some(TRANSIT_PROGRESSED_EVENT_CAP),
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
        sign: i.sign.name(),
        from_sign: i.from_sign.name(),
        exact_at_years: i.age_years,
        exact_at: date_of(i.calendar_jd)?,
        exact_at_jd: i.calendar_jd.0,
        progressed_jd: i.progressed_jd.0,
        longitude: i.lon.degrees(),
        retrograde: i.retrograde,
    })
}

fn station_dto(s: &Station) -> Result<StationDto, CalcFailure> {
    Ok(StationDto {
        point: s.point.clone(),
        station: s.kind.name(),
        exact_at_years: s.age_years,
        exact_at: date_of(s.calendar_jd)?,
        exact_at_jd: s.calendar_jd.0,
        progressed_jd: s.progressed_jd.0,
        longitude: s.lon.degrees(),
    })
}

fn compute_phases(
    eph: &Ephemeris,
    input: &ProgressionsInput,
    progression: &Progression,
    span: (f64, f64, Option<f64>),
    phases: &[PhaseDto],
    natal: NatalDto,
) -> Result<WindowResponse, CalcFailure> {
    let selection = PhaseSelection {
        ingress: phases.contains(&PhaseDto::Ingress),
        station: phases.contains(&PhaseDto::Station),
        axis: phases.contains(&PhaseDto::Axis),
    };
    let window = PhaseWindow {
        moving: input.moving.clone(),
        phases: selection,
        age_start_years: span.0,
        age_end_years: span.1,
        step_cap_years: span.2,
    };
    let found: Phases = phase_events(eph, progression, &window)?;
    let mut settings = window_settings(input, progression, span)?;
    settings.phases = Some(phases.to_vec());
    let ingresses = selected(selection.ingress, &found.ingresses, ingress_dto)?;
    let stations = selected(selection.station, &found.stations, station_dto)?;
    let axis_ingresses = selected(selection.axis, &found.axis_ingresses, ingress_dto)?;
    let event_count = ingresses.as_ref().map_or(0, Vec::len)
        + stations.as_ref().map_or(0, Vec::len)
        + axis_ingresses.as_ref().map_or(0, Vec::len);
    Ok(WindowResponse {
        mode: "window",
        method: input.method.name(),
        ephemeris: "swiss",
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
