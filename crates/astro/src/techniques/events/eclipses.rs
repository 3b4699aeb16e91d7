//! Eclipses from the library's own eclipse functions (global and local, solar and lunar), with
//! the eclipse's zodiac degree (the Sun's longitude for a solar eclipse, the Moon's for a lunar
//! one, at the greatest eclipse) and, for solar eclipses, gamma.

use orrery_ephem::{
    CalcRequest, Center as EphemCenter, Coordinates, EclipseType, EphemError, Ephemeris, Equinox,
    LocalEclipse, Observer, Saros, SolarEclipse, Zodiac,
};

use super::shadow::{self, LunarContact, LunarShadow, SolarContact, SolarShadow, SunMoon, Syzygy};
use super::{Event, EventError, EventQuery};
use crate::angle::Longitude;
use crate::body::Body;
use crate::chart::{Frame, position};
use crate::time::{Days, JulianDayUt};

/// The Earth's equatorial radius (IERS 2010 / WGS 84), km: gamma's unit.
const EARTH_EQUATORIAL_RADIUS_KM: f64 = 6378.137;
/// The astronomical unit (IAU 2012), km.
const AU_KM: f64 = 149_597_870.7;
/// The next eclipse of a kind is searched from a day after the last one's greatest phase: two
/// solar (or two lunar) eclipses are at least a lunar month apart.
const NEXT_SEARCH_OFFSET_DAYS: Days = Days(1.0);

/// Solar or lunar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EclipseKind {
    Solar,
    Lunar,
}

/// A global eclipse with the details of its kind.
#[derive(Debug, Clone, PartialEq)]
pub struct EclipseDetails {
    pub kind: EclipseKind,
    pub eclipse_type: EclipseType,
    pub greatest: JulianDayUt,
    /// The Sun's (solar) or the Moon's (lunar) longitude at the greatest eclipse, in the
    /// query's zodiac.
    pub lon: Longitude,
    /// Solar: the magnitude at the place of greatest eclipse; lunar: the umbral magnitude.
    pub magnitude: f64,
    /// Lunar only: the penumbral magnitude.
    pub penumbral_magnitude: Option<f64>,
    /// Solar only: the shadow axis' least distance from the Earth's centre in equatorial radii,
    /// positive north of it.
    pub gamma: Option<f64>,
    pub saros: Option<Saros>,
    /// Solar: where the eclipse is greatest (longitude, latitude in degrees).
    pub greatest_place: Option<(f64, f64)>,
    /// Solar: first and last contact of the penumbra with the Earth; lunar: with the
    /// penumbra's edge on the Moon.
    pub begin: Option<JulianDayUt>,
    pub end: Option<JulianDayUt>,
    /// Lunar: the partial phase (umbra); solar: the central phase.
    pub partial_begin: Option<JulianDayUt>,
    pub partial_end: Option<JulianDayUt>,
    /// Totality (lunar) or the central phase (solar).
    pub total_begin: Option<JulianDayUt>,
    pub total_end: Option<JulianDayUt>,
}

/// An eclipse seen from one place, with the eclipse's degree.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalEclipseDetails {
    pub kind: EclipseKind,
    pub local: LocalEclipse,
    pub lon: Longitude,
}

fn degree(
    eph: &Ephemeris,
    body: Body,
    zodiac: Zodiac,
    jd: JulianDayUt,
) -> Result<Longitude, EventError> {
    let frame = Frame {
        center: crate::chart::Center::Geocentric,
        zodiac,
    };
    Ok(position(eph, jd, body, &frame)?.lon)
}

/// Gamma: the least distance of the Moon's shadow axis (the line from the Sun through the
/// Moon) from the Earth's centre, in Earth equatorial radii, positive when the axis passes
/// north of the centre; from the Sun's and the Moon's positions in the true equator of date
/// (AU).
fn gamma(p: &SunMoon) -> f64 {
    let (sun, moon) = (p.sun, p.moon);
    let axis = [moon[0] - sun[0], moon[1] - sun[1], moon[2] - sun[2]];
    let length = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).sqrt();
    let u = [axis[0] / length, axis[1] / length, axis[2] / length];
    let along = moon[0] * u[0] + moon[1] * u[1] + moon[2] * u[2];
    let closest = [
        moon[0] - along * u[0],
        moon[1] - along * u[1],
        moon[2] - along * u[2],
    ];
    let distance_au =
        (closest[0] * closest[0] + closest[1] * closest[1] + closest[2] * closest[2]).sqrt();
    (distance_au * AU_KM / EARTH_EQUATORIAL_RADIUS_KM).copysign(closest[2])
}

/// A candidate whose shadow geometry misses the Earth (solar) or the Moon (lunar) by more
/// than this is no eclipse; nearer misses are left to the library's verdict. Far above the
/// position cache's error (a few metres at the Moon) and the library's own limb test.
const SOLAR_MISS_MARGIN_KM: f64 = 500.0;
const LUNAR_MISS_MARGIN_AU: f64 = 500.0 / AU_KM;
/// The library's search takes an eclipse only if its greatest phase is more than this after
/// the start (`swe_sol_eclipse_when_glob`, `swe_lun_eclipse_when`: `tjd_start + 0.0001`).
const LIBRARY_START_MARGIN_DAYS: f64 = 0.0001;
/// The mean syzygy estimates are within a day of the greatest eclipse.
const ESTIMATE_SPAN_DAYS: f64 = 2.0;

/// ΔT as a straight line around one eclipse, to turn the search's TT into the position
/// cache's UT (ΔT changes by a few 1e-8 day a day: the line is exact to far below 1 µs over
/// the search's few days).
struct DeltaTLine {
    at_ut: f64,
    delta_t_days: f64,
    slope: f64,
}

impl DeltaTLine {
    fn around(eph: &Ephemeris, tt: f64) -> Result<Self, EphemError> {
        let at_ut = tt - eph.delta_t_days(JulianDayUt(tt))?;
        let delta_t_days = eph.delta_t_days(JulianDayUt(at_ut))?;
        let slope = eph.delta_t_days(JulianDayUt(at_ut + 1.0))? - delta_t_days;
        Ok(Self {
            at_ut,
            delta_t_days,
            slope,
        })
    }

    /// The UT whose TT is `tt`: `u + ΔT(u) = tt`.
    fn ut(&self, tt: f64) -> f64 {
        (tt - self.delta_t_days + self.slope * self.at_ut) / (1.0 + self.slope)
    }
}

/// The library's TT → UT for its greatest eclipse: three steps of `t − ΔT`.
fn library_ut(eph: &Ephemeris, tt: f64) -> Result<f64, EphemError> {
    let u = tt - eph.delta_t_days(JulianDayUt(tt))?;
    let u = tt - eph.delta_t_days(JulianDayUt(u))?;
    Ok(tt - eph.delta_t_days(JulianDayUt(u))?)
}

/// The Sun's and the Moon's apparent geocentric positions at `jd_ut` (ecliptic of date, AU)
/// from the position cache.
fn sun_moon(eph: &Ephemeris, jd_ut: f64) -> Result<SunMoon, EphemError> {
    let at = |body: Body| -> Result<[f64; 3], EphemError> {
        let request = CalcRequest {
            body: body.body_id(),
            center: EphemCenter::Geocentric,
            zodiac: Zodiac::Tropical,
            coordinates: Coordinates::Ecliptic,
            equinox: Equinox::True,
        };
        let calculated = eph.calc_cached(JulianDayUt(jd_ut), &request)?;
        let p = calculated.ecliptic().ok_or_else(|| EphemError::Library {
            function: "swe_calc_ut",
            message: "ecliptic coordinates were asked for but not returned".into(),
        })?;
        Ok(shadow::rectangular(p.lon_deg, p.lat_deg, p.dist_au))
    };
    Ok(SunMoon {
        sun: at(Body::Sun)?,
        moon: at(Body::Moon)?,
    })
}

/// [`sun_moon`] in the equator of date (`obliquity_deg`: the true obliquity).
fn sun_moon_equatorial(
    eph: &Ephemeris,
    jd_ut: f64,
    obliquity_deg: f64,
) -> Result<SunMoon, EphemError> {
    let p = sun_moon(eph, jd_ut)?;
    Ok(SunMoon {
        sun: shadow::to_equatorial(&p.sun, obliquity_deg),
        moon: shadow::to_equatorial(&p.moon, obliquity_deg),
    })
}

/// The estimates (TT) of the mean syzygies of `kind` in the window (widened by the estimates'
/// error) where the library's node test allows an eclipse.
fn candidates(query: &EventQuery, kind: Syzygy) -> Vec<f64> {
    let (from, to) = (
        query.start.0 - ESTIMATE_SPAN_DAYS,
        query.end.0 + ESTIMATE_SPAN_DAYS,
    );
    let first = shadow::first_lunation(query.start.0);
    let last = shadow::first_lunation(to) + 2.0;
    let mut out = Vec::new();
    let mut k = first;
    while k <= last {
        if let Some(t) = shadow::syzygy_estimate(k, kind)
            && (from..=to).contains(&t)
        {
            out.push(t);
        }
        k += 1.0;
    }
    out
}

fn in_library_window(query: &EventQuery, greatest_ut: f64) -> bool {
    greatest_ut > query.start.0 + LIBRARY_START_MARGIN_DAYS && greatest_ut <= query.end.0
}

/// The greatest eclipse (UT) at the syzygy whose estimate (TT) is `estimate`, as the library
/// finds it (its measure and steps, [`shadow::greatest`]) on cached positions, if it falls in
/// the window as the library's search counts it.
fn greatest_in_window(
    eph: &Ephemeris,
    query: &EventQuery,
    kind: Syzygy,
    estimate: f64,
) -> Result<Option<f64>, EphemError> {
    let line = DeltaTLine::around(eph, estimate)?;
    let separation = match kind {
        Syzygy::New => shadow::solar_separation_deg,
        Syzygy::Full => shadow::lunar_separation_deg,
    };
    let tt = shadow::greatest(kind, estimate, |t| {
        Ok::<_, EphemError>(separation(&sun_moon(eph, line.ut(t))?))
    })?;
    let greatest = library_ut(eph, tt)?;
    Ok(in_library_window(query, greatest).then_some(greatest))
}

pub(super) fn global_eclipses(
    eph: &Ephemeris,
    query: &EventQuery,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    solar_eclipses(eph, query, out)?;
    lunar_eclipses(eph, query, out)
}

/// `equatorial`: the Sun's and the Moon's positions at the greatest eclipse, in the equator of
/// date, for gamma.
fn solar_details(
    eph: &Ephemeris,
    query: &EventQuery,
    equatorial: &SunMoon,
    e: SolarEclipse,
) -> Result<EclipseDetails, EventError> {
    Ok(EclipseDetails {
        kind: EclipseKind::Solar,
        eclipse_type: e.eclipse_type,
        greatest: e.greatest,
        lon: degree(eph, Body::Sun, query.zodiac, e.greatest)?,
        magnitude: e.magnitude,
        penumbral_magnitude: None,
        gamma: Some(gamma(equatorial)),
        saros: e.saros,
        greatest_place: Some((e.greatest_lon_deg, e.greatest_lat_deg)),
        begin: e.begin,
        end: e.end,
        partial_begin: None,
        partial_end: None,
        total_begin: e.central_begin,
        total_end: e.central_end,
    })
}

/// Every solar eclipse of the window: the library's own search (`swe_sol_eclipse_when_glob`)
/// step by step over the position cache ([`shadow`]), with one library call
/// (`swe_sol_eclipse_where`) at each greatest eclipse for its type, place, magnitude and Saros
/// series.
fn solar_eclipses(
    eph: &Ephemeris,
    query: &EventQuery,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    for estimate in candidates(query, Syzygy::New) {
        let Some(greatest) = greatest_in_window(eph, query, Syzygy::New, estimate)? else {
            continue;
        };
        let obliquity = eph
            .obliquity_nutation(JulianDayUt(greatest))?
            .true_obliquity_deg;
        let at_ut = |t: f64| -> Result<SolarShadow, EphemError> {
            Ok(shadow::solar_shadow(&sun_moon_equatorial(
                eph, t, obliquity,
            )?))
        };
        let at_greatest_position = sun_moon_equatorial(eph, greatest, obliquity)?;
        let at_greatest = shadow::solar_shadow(&at_greatest_position);
        if !shadow::solar_penumbra_reached(&at_greatest, SOLAR_MISS_MARGIN_KM) {
            continue;
        }
        let verdict = eph.solar_eclipse_at(JulianDayUt(greatest))?;
        // The library's own test (`eclipse_how` at the place of greatest eclipse): the
        // magnitude there is positive exactly when the discs overlap.
        if verdict.magnitude <= 0.0 {
            continue;
        }
        let Some(eclipse_type) = verdict.eclipse_type else {
            // The cone misses the Earth, yet the Sun is nicked at the limb: the library calls
            // it partial and gives no contacts, only its greatest instant as both ends of the
            // central phase.
            out.push(Event::Eclipse(solar_details(
                eph,
                query,
                &at_greatest_position,
                SolarEclipse {
                    eclipse_type: EclipseType::Partial,
                    greatest: JulianDayUt(greatest),
                    begin: None,
                    end: None,
                    central_begin: Some(JulianDayUt(greatest)),
                    central_end: Some(JulianDayUt(greatest)),
                    greatest_lon_deg: verdict.greatest_lon_deg,
                    greatest_lat_deg: verdict.greatest_lat_deg,
                    magnitude: verdict.magnitude,
                    obscuration: verdict.obscuration,
                    saros: verdict.saros,
                },
            )?));
            continue;
        };
        // `swe_sol_eclipse_when_glob`'s contacts: the penumbra on the Earth, then (unless
        // partial) the umbra; the central line's own ends are not reported.
        let mut roots = (0.0, 0.0);
        let (begin, end) = shadow::contacts(false, greatest, &mut roots, |t| {
            Ok::<_, EphemError>(shadow::solar_contact_measure(
                &at_ut(t)?,
                SolarContact::Penumbra,
            ))
        })?;
        let (mut eclipse_type, mut central) = (eclipse_type, None);
        if eclipse_type != EclipseType::Partial {
            let (b, e) = shadow::contacts(false, greatest, &mut roots, |t| {
                Ok::<_, EphemError>(shadow::solar_contact_measure(
                    &at_ut(t)?,
                    SolarContact::Umbra,
                ))
            })?;
            // Total at the greatest eclipse and annular at an end of the central phase (or
            // the reverse is impossible: the library only looks from a total maximum).
            if eclipse_type == EclipseType::Total {
                let core = at_greatest.local_umbra_diameter_km;
                let ends = [
                    at_ut(b)?.local_umbra_diameter_km,
                    at_ut(e)?.local_umbra_diameter_km,
                ];
                if ends.iter().any(|d| core * d < 0.0) {
                    eclipse_type = EclipseType::Hybrid;
                }
            }
            central = Some((b, e));
        }
        out.push(Event::Eclipse(solar_details(
            eph,
            query,
            &at_greatest_position,
            SolarEclipse {
                eclipse_type,
                greatest: JulianDayUt(greatest),
                begin: Some(JulianDayUt(begin)),
                end: Some(JulianDayUt(end)),
                central_begin: central.map(|c| JulianDayUt(c.0)),
                central_end: central.map(|c| JulianDayUt(c.1)),
                greatest_lon_deg: verdict.greatest_lon_deg,
                greatest_lat_deg: verdict.greatest_lat_deg,
                magnitude: verdict.magnitude,
                obscuration: verdict.obscuration,
                saros: verdict.saros,
            },
        )?));
    }
    Ok(())
}

/// Every lunar eclipse of the window: the library's own search (`swe_lun_eclipse_when`) step
/// by step over the position cache ([`shadow`]), with one library call (`swe_lun_eclipse_how`)
/// at each greatest eclipse for its type, magnitudes and Saros series.
fn lunar_eclipses(
    eph: &Ephemeris,
    query: &EventQuery,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    for estimate in candidates(query, Syzygy::Full) {
        let Some(greatest) = greatest_in_window(eph, query, Syzygy::Full, estimate)? else {
            continue;
        };
        let at_ut = |t: f64| -> Result<LunarShadow, EphemError> {
            Ok(shadow::lunar_shadow(&sun_moon(eph, t)?))
        };
        if !shadow::lunar_penumbra_reached(&at_ut(greatest)?, LUNAR_MISS_MARGIN_AU) {
            continue;
        }
        let Some(verdict) = eph.lunar_eclipse_at(JulianDayUt(greatest))? else {
            continue;
        };
        let phases: &[LunarContact] = match verdict.eclipse_type {
            EclipseType::Penumbral => &[LunarContact::Penumbra],
            EclipseType::Partial => &[LunarContact::Penumbra, LunarContact::Umbra],
            _ => &[
                LunarContact::Penumbra,
                LunarContact::Umbra,
                LunarContact::Totality,
            ],
        };
        let mut roots = (0.0, 0.0);
        let mut found = [None; 3];
        for (slot, &phase) in found.iter_mut().zip(phases) {
            let (b, e) = shadow::contacts(true, greatest, &mut roots, |t| {
                Ok::<_, EphemError>(shadow::lunar_contact_measure(&at_ut(t)?, phase))
            })?;
            *slot = Some((JulianDayUt(b), JulianDayUt(e)));
        }
        let [penumbra, umbra, totality] = found;
        let greatest = JulianDayUt(greatest);
        out.push(Event::Eclipse(EclipseDetails {
            kind: EclipseKind::Lunar,
            eclipse_type: verdict.eclipse_type,
            greatest,
            lon: degree(eph, Body::Moon, query.zodiac, greatest)?,
            magnitude: verdict.umbral_magnitude,
            penumbral_magnitude: Some(verdict.penumbral_magnitude),
            gamma: None,
            saros: verdict.saros,
            greatest_place: None,
            begin: penumbra.map(|p| p.0),
            end: penumbra.map(|p| p.1),
            partial_begin: umbra.map(|p| p.0),
            partial_end: umbra.map(|p| p.1),
            total_begin: totality.map(|p| p.0),
            total_end: totality.map(|p| p.1),
        }));
    }
    Ok(())
}

/// The last eclipse of a kind visible at `location` in the window, by the library's search run
/// backward from the window's end: `Some(None)` if there is none in the window, `None` if the
/// backward search failed (near the files' first date, where it would have to look before
/// them) and the window's end is to be found as before.
fn last_local_eclipse(
    eph: &Ephemeris,
    query: &EventQuery,
    location: &Observer,
    lunar: bool,
) -> Option<Option<LocalEclipse>> {
    // The library takes an eclipse only if its maximum is more than its margin before the
    // start it is given.
    let mut before = query.end.0 + 2.0 * LIBRARY_START_MARGIN_DAYS;
    loop {
        let local = eph
            .previous_local_eclipse(JulianDayUt(before), location, lunar)
            .ok()?;
        let maximum = local.maximum.0;
        if maximum <= query.end.0 {
            return Some(in_library_window(query, maximum).then_some(local));
        }
        before = maximum;
    }
}

/// How far a mean syzygy's estimate may lie from an eclipse's local maximum: the estimate is
/// within about 0.6 day of the greatest eclipse, the local maximum within the eclipse's few
/// hours of it. Two eclipses of a kind are at least a lunar month apart.
const ESTIMATE_TO_LOCAL_DAYS: f64 = 1.0;

/// Eclipses seen from `location`, from the library's own local eclipse functions. Its search
/// runs on from eclipse to eclipse until it finds one visible here, however far past the
/// window's end that is. So the window's last one is found first (backward from the end,
/// through the window's invisible eclipses only), and the forward search stops there; where no
/// eclipse of the kind is possible between the last one found and that last one (no mean
/// syzygy near a node, [`candidates`]), the last one is the next and is not searched again.
pub(super) fn local_eclipses(
    eph: &Ephemeris,
    query: &EventQuery,
    location: &Observer,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    for (kind, lunar, body, syzygy) in [
        (EclipseKind::Solar, false, Body::Sun, Syzygy::New),
        (EclipseKind::Lunar, true, Body::Moon, Syzygy::Full),
    ] {
        let last = last_local_eclipse(eph, query, location, lunar);
        if matches!(last, Some(None)) {
            continue;
        }
        let last = last.flatten();
        let estimates = candidates(query, syzygy);
        let mut from = query.start;
        // Estimates after this may belong to the next eclipse.
        let mut after = query.start.0 - ESTIMATE_TO_LOCAL_DAYS;
        loop {
            let local = match &last {
                Some(l)
                    if !estimates
                        .iter()
                        .any(|&t| t > after && t < l.maximum.0 - 2.0 * ESTIMATE_TO_LOCAL_DAYS) =>
                {
                    l.clone()
                }
                _ => eph.next_local_eclipse(from, location, lunar)?,
            };
            if local.maximum.0 > query.end.0 {
                break;
            }
            let is_last = last
                .as_ref()
                .is_some_and(|l| local.maximum.0 >= l.maximum.0);
            from = local.maximum + NEXT_SEARCH_OFFSET_DAYS;
            after = local.maximum.0 + ESTIMATE_TO_LOCAL_DAYS;
            let lon = degree(eph, body, query.zodiac, local.maximum)?;
            out.push(Event::LocalEclipse(LocalEclipseDetails {
                kind,
                local,
                lon,
            }));
            if is_last {
                break;
            }
        }
    }
    Ok(())
}
