//! Eclipses from the library's own eclipse functions (global and local, solar and lunar), with
//! the eclipse's zodiac degree (the Sun's longitude for a solar eclipse, the Moon's for a lunar
//! one, at the greatest eclipse) and, for solar eclipses, gamma.

use orrery_ephem::{
    CalcRequest, Center as EphemCenter, Coordinates, EclipseType, EphemError, Ephemeris, Equinox,
    LocalEclipse, Observer, Saros, Zodiac,
};

use super::{Event, EventError, EventQuery};
use crate::angle::Longitude;
use crate::body::Body;
use crate::chart::{Frame, position};
use crate::time::JulianDayUt;

/// The Earth's equatorial radius (IERS 2010 / WGS 84), km: gamma's unit.
const EARTH_EQUATORIAL_RADIUS_KM: f64 = 6378.137;
/// The astronomical unit (IAU 2012), km.
const AU_KM: f64 = 149_597_870.7;
/// The next eclipse of a kind is searched from a day after the last one's greatest phase: two
/// solar (or two lunar) eclipses are at least a lunar month apart.
const NEXT_SEARCH_OFFSET_DAYS: f64 = 1.0;

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

/// The unit vector of an equatorial direction, times `dist`.
fn cartesian(ra_deg: f64, dec_deg: f64, dist: f64) -> [f64; 3] {
    let (ra, dec) = (ra_deg.to_radians(), dec_deg.to_radians());
    [
        dist * dec.cos() * ra.cos(),
        dist * dec.cos() * ra.sin(),
        dist * dec.sin(),
    ]
}

/// Gamma: the least distance of the Moon's shadow axis (the line from the Sun through the
/// Moon) from the Earth's centre at `jd`, in Earth equatorial radii, positive when the axis
/// passes north of the centre (true equator of date).
fn gamma(eph: &Ephemeris, jd: JulianDayUt) -> Result<f64, EphemError> {
    let at = |body: Body| -> Result<[f64; 3], EphemError> {
        let request = CalcRequest {
            body: body.body_id(),
            center: EphemCenter::Geocentric,
            zodiac: Zodiac::Tropical,
            coordinates: Coordinates::Equatorial,
            equinox: Equinox::True,
        };
        let calculated = eph.calc(jd, &request)?;
        let p = calculated.equatorial().ok_or_else(|| EphemError::Library {
            function: "swe_calc_ut",
            message: "equatorial coordinates were asked for but not returned".into(),
        })?;
        Ok(cartesian(p.ra_deg, p.dec_deg, p.dist_au * AU_KM))
    };
    let (sun, moon) = (at(Body::Sun)?, at(Body::Moon)?);
    let axis = [moon[0] - sun[0], moon[1] - sun[1], moon[2] - sun[2]];
    let length = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).sqrt();
    let u = [axis[0] / length, axis[1] / length, axis[2] / length];
    let along = moon[0] * u[0] + moon[1] * u[1] + moon[2] * u[2];
    let closest = [
        moon[0] - along * u[0],
        moon[1] - along * u[1],
        moon[2] - along * u[2],
    ];
    let distance =
        (closest[0] * closest[0] + closest[1] * closest[1] + closest[2] * closest[2]).sqrt();
    Ok((distance / EARTH_EQUATORIAL_RADIUS_KM).copysign(closest[2]))
}

pub(super) fn global_eclipses(
    eph: &Ephemeris,
    query: &EventQuery,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    let mut from = query.start;
    loop {
        let e = eph.next_solar_eclipse(from)?;
        if e.greatest.0 > query.end.0 {
            break;
        }
        out.push(Event::Eclipse(EclipseDetails {
            kind: EclipseKind::Solar,
            eclipse_type: e.eclipse_type,
            greatest: e.greatest,
            lon: degree(eph, Body::Sun, query.zodiac, e.greatest)?,
            magnitude: e.magnitude,
            penumbral_magnitude: None,
            gamma: Some(gamma(eph, e.greatest)?),
            saros: e.saros,
            greatest_place: Some((e.greatest_lon_deg, e.greatest_lat_deg)),
            begin: e.begin,
            end: e.end,
            partial_begin: None,
            partial_end: None,
            total_begin: e.central_begin,
            total_end: e.central_end,
        }));
        from = JulianDayUt(e.greatest.0 + NEXT_SEARCH_OFFSET_DAYS);
    }
    let mut from = query.start;
    loop {
        let e = eph.next_lunar_eclipse(from)?;
        if e.greatest.0 > query.end.0 {
            break;
        }
        out.push(Event::Eclipse(EclipseDetails {
            kind: EclipseKind::Lunar,
            eclipse_type: e.eclipse_type,
            greatest: e.greatest,
            lon: degree(eph, Body::Moon, query.zodiac, e.greatest)?,
            magnitude: e.umbral_magnitude,
            penumbral_magnitude: Some(e.penumbral_magnitude),
            gamma: None,
            saros: e.saros,
            greatest_place: None,
            begin: e.penumbral_begin,
            end: e.penumbral_end,
            partial_begin: e.partial_begin,
            partial_end: e.partial_end,
            total_begin: e.total_begin,
            total_end: e.total_end,
        }));
        from = JulianDayUt(e.greatest.0 + NEXT_SEARCH_OFFSET_DAYS);
    }
    Ok(())
}

pub(super) fn local_eclipses(
    eph: &Ephemeris,
    query: &EventQuery,
    location: &Observer,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    for (kind, lunar, body) in [
        (EclipseKind::Solar, false, Body::Sun),
        (EclipseKind::Lunar, true, Body::Moon),
    ] {
        let mut from = query.start;
        loop {
            let local = eph.next_local_eclipse(from, location, lunar)?;
            if local.maximum.0 > query.end.0 {
                break;
            }
            from = JulianDayUt(local.maximum.0 + NEXT_SEARCH_OFFSET_DAYS);
            let lon = degree(eph, body, query.zodiac, local.maximum)?;
            out.push(Event::LocalEclipse(LocalEclipseDetails {
                kind,
                local,
                lon,
            }));
        }
    }
    Ok(())
}
