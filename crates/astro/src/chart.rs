//! Positions of bodies in a frame, and charts (positions plus houses and angles).

use orrery_ephem::{
    AyanamsaId, BodyRange, CalcRequest, Coordinates, DateSpan, EclipticPosition, EphemError,
    Ephemeris, EphemerisSource, EquatorialPosition, Equinox, HouseSystem, Houses, Observer,
    bundled_range,
};

use crate::angle::Longitude;
use crate::aspects::{AspectPoint, Declination};
use crate::body::Body;
use crate::equatorial::{BodyEquatorial, ChartEquator, EquatorialPoint};
use crate::error::AspectError;
use crate::time::JulianDayUt;

/// Where positions are seen from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Center {
    Geocentric,
    /// From a place on the Earth's surface.
    Topocentric(Observer),
    Heliocentric,
    Barycentric,
    /// From another body's centre.
    PlanetCentric(Body),
}

impl Center {
    /// Houses and angles exist only for a place on or at the Earth.
    pub fn has_houses(self) -> bool {
        matches!(self, Center::Geocentric | Center::Topocentric(_))
    }

    pub(crate) fn ephem(self) -> orrery_ephem::Center {
        match self {
            Center::Geocentric => orrery_ephem::Center::Geocentric,
            Center::Topocentric(observer) => orrery_ephem::Center::Topocentric(observer),
            Center::Heliocentric => orrery_ephem::Center::Heliocentric,
            Center::Barycentric => orrery_ephem::Center::Barycentric,
            Center::PlanetCentric(body) => orrery_ephem::Center::PlanetCentric(body.body_id()),
        }
    }
}

/// Tropical or sidereal longitudes.
pub use orrery_ephem::Zodiac;

/// The frame of a set of positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub center: Center,
    pub zodiac: Zodiac,
}

/// The bodies of a chart unless a request names them: the standard points without the Earth
/// point (which always opposes the Sun).
#[must_use]
pub fn chart_bodies() -> Vec<Body> {
    Body::STANDARD
        .into_iter()
        .filter(|b| *b != Body::Earth)
        .collect()
}

/// [`chart_bodies`] for a centre: seen from elsewhere than the Earth, the lunar nodes and
/// apogees mean nothing and the Earth is a body (second, after the Sun); seen from the Sun, the
/// Sun has no position.
#[must_use]
pub fn chart_bodies_seen_from(center: Center) -> Vec<Body> {
    if center.has_houses() {
        return chart_bodies();
    }
    let mut bodies: Vec<Body> = chart_bodies()
        .into_iter()
        .filter(|b| !b.is_lunar_point())
        .filter(|b| !(center == Center::Heliocentric && *b == Body::Sun))
        .collect();
    bodies.insert(1, Body::Earth);
    bodies
}

impl Frame {
    /// Geocentric, tropical: the astrological default.
    pub const GEOCENTRIC_TROPICAL: Frame = Frame {
        center: Center::Geocentric,
        zodiac: Zodiac::Tropical,
    };

    pub fn sidereal(self) -> Option<AyanamsaId> {
        match self.zodiac {
            Zodiac::Tropical => None,
            Zodiac::Sidereal(mode) => Some(mode),
        }
    }
}

/// Why a chart could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ChartError {
    #[error(transparent)]
    Ephemeris(#[from] EphemError),
    #[error("{body} is the centre of the frame and has no position in it")]
    BodyIsCenter { body: String },
    /// The installed data have nothing for this body at this date (`orrery_ephem::bundled_range`
    /// gives each body's dates: Chiron 1200-4650, the other main asteroids 1200-4800, the
    /// numbered asteroids 1500-2102, the planets and the Moon 3002 BC-4800).
    #[error("{body} has no ephemeris data at Julian day {jd:.5} (UT): {detail}")]
    NoData {
        body: String,
        jd: f64,
        /// The dates the body has data for; `None` when it has none at all (a numbered
        /// asteroid whose file is not installed).
        valid: Option<DateSpan>,
        detail: String,
    },
}

/// A body's ecliptic position with its daily motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyPosition {
    pub body: Body,
    pub lon: Longitude,
    pub lat_deg: f64,
    pub dist_au: f64,
    pub lon_speed_deg_per_day: f64,
    pub lat_speed_deg_per_day: f64,
    pub dist_speed_au_per_day: f64,
    pub source: EphemerisSource,
}

impl BodyPosition {
    /// Retrograde means a negative speed in longitude (docs/CONVENTIONS.md).
    pub fn is_retrograde(&self) -> bool {
        self.lon_speed_deg_per_day < 0.0
    }

    fn from_ecliptic(
        body: Body,
        p: &EclipticPosition,
        source: EphemerisSource,
    ) -> Result<Self, ChartError> {
        let lon = Longitude::new(p.lon_deg).map_err(|_| EphemError::Library {
            function: "swe_calc_ut",
            message: format!("{} longitude is not finite", body.name()),
        })?;
        Ok(Self {
            body,
            lon,
            lat_deg: p.lat_deg,
            dist_au: p.dist_au,
            lon_speed_deg_per_day: p.lon_speed_deg_per_day,
            lat_speed_deg_per_day: p.lat_speed_deg_per_day,
            dist_speed_au_per_day: p.dist_speed_au_per_day,
            source,
        })
    }

    /// The Earth point of cosmobiology: the Sun's position mirrored through the Earth.
    fn earth_point(sun: &BodyPosition) -> Self {
        Self {
            body: Body::Earth,
            lon: Longitude::new(sun.lon.degrees() + 180.0).unwrap_or(sun.lon),
            lat_deg: -sun.lat_deg,
            dist_au: sun.dist_au,
            lon_speed_deg_per_day: sun.lon_speed_deg_per_day,
            lat_speed_deg_per_day: -sun.lat_speed_deg_per_day,
            dist_speed_au_per_day: sun.dist_speed_au_per_day,
            source: sun.source,
        }
    }
}

fn seen_from_earth(center: Center) -> bool {
    matches!(center, Center::Geocentric | Center::Topocentric(_))
}

fn check_not_center(body: Body, frame: &Frame) -> Result<(), ChartError> {
    if frame.center == Center::PlanetCentric(body) {
        return Err(ChartError::BodyIsCenter {
            body: body.name().into_owned(),
        });
    }
    Ok(())
}

/// The library's message without the server's folder (`... not found in PATH '/srv/ephe/'`).
fn without_paths(message: &str) -> String {
    message
        .split_once(" in PATH")
        .map_or(message, |(head, _)| head)
        .to_owned()
}

/// Names the body and its range when the library has no data for it.
pub(crate) fn no_data(body: Body, jd: JulianDayUt, error: EphemError) -> ChartError {
    no_data_in(body, jd, error, bundled_range(body.body_id()))
}

/// As [`no_data`], for a calculation that only the Swiss Ephemeris files serve (nodes and
/// apsides: the library's functions that do not say which ephemeris they used refuse the
/// Moshier model, `orrery_ephem`'s `require_swiss_files`): the range stated is the files',
/// not the wider one of positions, which would include the refused date.
pub(crate) fn no_file_data(body: Body, jd: JulianDayUt, error: EphemError) -> ChartError {
    let range = match bundled_range(body.body_id()) {
        BodyRange::Limited { files, .. } => BodyRange::Limited {
            valid: files,
            files,
        },
        BodyRange::Unlimited => BodyRange::Unlimited,
    };
    no_data_in(body, jd, error, range)
}

fn no_data_in(body: Body, jd: JulianDayUt, error: EphemError, range: BodyRange) -> ChartError {
    let valid = match &error {
        // Inside the years of the asteroid files, a missing file means this asteroid has none.
        EphemError::DataUnavailable { .. }
            if matches!(body, Body::Asteroid(_)) && range.contains(jd) =>
        {
            None
        }
        _ => range.valid(),
    };
    match error {
        EphemError::DataUnavailable { message, .. } | EphemError::OutOfRange { message, .. } => {
            ChartError::NoData {
                body: body.name().into_owned(),
                jd: jd.0,
                valid,
                detail: without_paths(&message),
            }
        }
        other => ChartError::Ephemeris(other),
    }
}

/// The ecliptic position of `body` at `jd` in `frame`.
///
/// # Errors
/// [`ChartError::Ephemeris`] when the library has no data for the body at that date (for
/// example an asteroid outside its file's years), or a frame the library rejects.
pub fn position(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    frame: &Frame,
) -> Result<BodyPosition, ChartError> {
    position_from(eph, jd, body, frame, Equinox::True)
}

/// As [`position`], with tropical longitudes measured from `equinox`: [`Equinox::Mean`] leaves
/// out the nutation in longitude, for a search that adds it back from an interpolation (see
/// [`Equinox`]).
///
/// # Errors
/// As [`position`]; [`Equinox::Mean`] with a sidereal zodiac is an invalid input.
pub fn position_from(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    frame: &Frame,
    equinox: Equinox,
) -> Result<BodyPosition, ChartError> {
    position_via(eph, jd, body, frame, equinox, Via::Library)
}

/// As [`position_from`], for the dense evaluations of a search: geocentric tropical positions
/// of the Sun to Pluto, Chiron, the mean node and the mean apogee, 1800–2399, come from the
/// ephemeris' position cache ([`Ephemeris::calc_cached`]: the library's within 0.001″, the
/// Moon's within 0.0015″, always the same answer for the same input); anything else from the
/// library. Positions shown as such come from [`position`] (docs/CACHE.md).
///
/// # Errors
/// As [`position_from`].
pub fn search_position(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    frame: &Frame,
    equinox: Equinox,
) -> Result<BodyPosition, ChartError> {
    position_via(eph, jd, body, frame, equinox, Via::Cache)
}

/// Where a position comes from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Via {
    /// The library ([`Ephemeris::calc`]).
    Library,
    /// The position cache where it holds the answer ([`Ephemeris::calc_cached`]).
    Cache,
}

/// [`position_from`] or [`search_position`], as `via` says.
pub(crate) fn position_via(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    frame: &Frame,
    equinox: Equinox,
    via: Via,
) -> Result<BodyPosition, ChartError> {
    check_not_center(body, frame)?;
    if body == Body::Earth && seen_from_earth(frame.center) {
        return Ok(BodyPosition::earth_point(&position_via(
            eph,
            jd,
            Body::Sun,
            frame,
            equinox,
            via,
        )?));
    }
    let request = CalcRequest {
        body: body.body_id(),
        center: frame.center.ephem(),
        zodiac: frame.zodiac,
        coordinates: Coordinates::Ecliptic,
        equinox,
    };
    let calculated = match via {
        Via::Library => eph.calc(jd, &request),
        Via::Cache => eph.calc_cached(jd, &request),
    }
    .map_err(|e| no_data(body, jd, e))?;
    let ecliptic = calculated.ecliptic().ok_or_else(|| EphemError::Library {
        function: "swe_calc_ut",
        message: "ecliptic coordinates were asked for but not returned".into(),
    })?;
    BodyPosition::from_ecliptic(body, ecliptic, calculated.source)
}

/// The declination of `body` at `jd` seen from the frame's centre, in degrees.
///
/// # Errors
/// As [`position`].
pub fn declination_deg(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    frame: &Frame,
) -> Result<f64, ChartError> {
    declination_with_source(eph, jd, body, frame).map(|(dec_deg, _)| dec_deg)
}

/// As [`declination_deg`], with the ephemeris the library used (a series that asks for
/// declinations only must still say when the Moshier fallback was used).
///
/// # Errors
/// As [`position`].
pub fn declination_with_source(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    frame: &Frame,
) -> Result<(f64, EphemerisSource), ChartError> {
    check_not_center(body, frame)?;
    equatorial_from_library(eph, jd, body, frame).map(|(p, source)| (p.dec_deg, source))
}

/// What a chart is computed from.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartInput {
    pub jd: JulianDayUt,
    /// The place of the houses (and the observer of a topocentric frame).
    pub place: Observer,
    pub bodies: Vec<Body>,
    pub frame: Frame,
    /// `None`: no houses wanted.
    pub house_system: Option<HouseSystem>,
}

/// Why a chart has no houses although they were asked for.
pub const HOUSES_OMITTED_FOR_CENTER: &str = "houses and axes exist only for a place on the Earth: they are omitted for a heliocentric, barycentric or planet-centred chart";

/// What to do with a body the installed data have nothing for at the date (Chiron before
/// 1200).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingData {
    /// The calculation fails with [`ChartError::NoData`] naming the body (a body asked for
    /// by name).
    Refuse,
    /// The body is left out and listed as omitted (a body only in a default list), as long as
    /// the Sun has data at the date: outside every range (after 4800) a chart of the mean node
    /// alone would tell nothing, and the calculation fails as with [`MissingData::Refuse`].
    LeaveOut,
}

impl MissingData {
    /// Whether a body without data at `jd` is left out (rather than refused).
    #[must_use]
    pub fn leaves_out_at(self, jd: JulianDayUt) -> bool {
        self == MissingData::LeaveOut && bundled_range(Body::Sun.body_id()).contains(jd)
    }

    /// `bodies` split into those to compute at `jd` and those left out, by the table of
    /// ranges (`orrery_ephem::bundled_range`), for a technique that computes its positions in
    /// one go: with [`MissingData::Refuse`] (or outside every range) nothing is left out and
    /// the calculation itself reports the body.
    #[must_use]
    pub fn split(self, bodies: &[Body], jd: JulianDayUt) -> (Vec<Body>, Vec<OmittedBody>) {
        self.split_over(bodies, jd, jd)
    }

    /// As [`MissingData::split`] for every date of `first..=last` (a window, a series, two
    /// births): a body is kept only if it has data at both ends (the ranges are unbroken).
    #[must_use]
    pub fn split_over(
        self,
        bodies: &[Body],
        first: JulianDayUt,
        last: JulianDayUt,
    ) -> (Vec<Body>, Vec<OmittedBody>) {
        if !(self.leaves_out_at(first) && self.leaves_out_at(last)) {
            return (bodies.to_vec(), Vec::new());
        }
        let mut kept = Vec::with_capacity(bodies.len());
        let mut omitted = Vec::new();
        for &body in bodies {
            let range = bundled_range(body.body_id());
            if range.contains(first) && range.contains(last) {
                kept.push(body);
            } else {
                omitted.push(OmittedBody {
                    body,
                    valid: range.valid(),
                });
            }
        }
        (kept, omitted)
    }
}

/// A body left out of a chart for lack of data ([`MissingData::LeaveOut`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OmittedBody {
    pub body: Body,
    /// The dates the body has data for (`None`: none at all).
    pub valid: Option<DateSpan>,
}

/// Positions, and houses when the frame has them.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub positions: Vec<BodyPosition>,
    pub houses: Option<Houses>,
    pub houses_omitted_reason: Option<&'static str>,
    /// The bodies left out for lack of data, in the order asked for.
    pub omitted: Vec<OmittedBody>,
    /// The equator of date and the bodies' equatorial positions; `None` for a chart without
    /// an instant of its own (a composite).
    pub equatorial: Option<ChartEquatorial>,
}

/// A chart's equator of date and its bodies measured from it.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartEquatorial {
    pub equator: ChartEquator,
    /// In the order of [`Chart::positions`].
    pub bodies: Vec<BodyEquatorial>,
}

impl ChartEquatorial {
    /// The equatorial positions of `positions` at `jd` in `frame`: their ecliptic positions
    /// turned by the true obliquity (tropical and most sidereal zodiacs), or the library's
    /// equatorial positions where the sidereal longitudes are not of date.
    ///
    /// # Errors
    /// As [`position`].
    pub fn of(
        eph: &Ephemeris,
        jd: JulianDayUt,
        frame: &Frame,
        positions: &[BodyPosition],
    ) -> Result<Self, ChartError> {
        let equator = ChartEquator::at(eph, jd, frame.zodiac)?;
        let obliquity = equator.obliquity;
        let bodies = positions
            .iter()
            .map(|p| {
                let tropical = match equator.tropical(
                    p.lon,
                    p.lat_deg,
                    p.lon_speed_deg_per_day,
                    p.lat_speed_deg_per_day,
                ) {
                    Some(tropical) => tropical,
                    None => obliquity.ecliptic(&equatorial_from_library(eph, jd, p.body, frame)?.0),
                };
                Ok(BodyEquatorial::of(obliquity, &tropical))
            })
            .collect::<Result<_, ChartError>>()?;
        Ok(Self { equator, bodies })
    }
}

/// The library's equatorial position of `body` (of date, whatever the frame's zodiac), with
/// the ephemeris it used.
fn equatorial_from_library(
    eph: &Ephemeris,
    jd: JulianDayUt,
    body: Body,
    frame: &Frame,
) -> Result<(EquatorialPosition, EphemerisSource), ChartError> {
    if body == Body::Earth && seen_from_earth(frame.center) {
        // The Earth point is the Sun's antipode.
        let (sun, source) = equatorial_from_library(eph, jd, Body::Sun, frame)?;
        let antipode = EquatorialPosition {
            ra_deg: (sun.ra_deg + 180.0).rem_euclid(360.0),
            dec_deg: -sun.dec_deg,
            ra_speed_deg_per_day: sun.ra_speed_deg_per_day,
            dec_speed_deg_per_day: -sun.dec_speed_deg_per_day,
            ..sun
        };
        return Ok((antipode, source));
    }
    let request = CalcRequest {
        body: body.body_id(),
        center: frame.center.ephem(),
        zodiac: Zodiac::Tropical,
        coordinates: Coordinates::Equatorial,
        equinox: Equinox::True,
    };
    let calculated = eph.calc(jd, &request).map_err(|e| no_data(body, jd, e))?;
    let position = calculated.equatorial().copied().ok_or_else(|| {
        ChartError::Ephemeris(EphemError::Library {
            function: "swe_calc_ut",
            message: "equatorial coordinates were asked for but not returned".into(),
        })
    })?;
    Ok((position, calculated.source))
}

impl Chart {
    /// The chart's aspect points: its bodies with their speeds, then the ascendant and the MC
    /// with theirs when `include_axes` and the chart has houses.
    ///
    /// # Errors
    /// A non-finite longitude or speed (never from the library's own output).
    pub fn aspect_points(&self, include_axes: bool) -> Result<Vec<AspectPoint>, AspectError> {
        let mut points = Vec::with_capacity(self.positions.len() + 2);
        for (i, p) in self.positions.iter().enumerate() {
            let name = p.body.name();
            let point = AspectPoint::new(name.clone(), p.lon, Some(p.lon_speed_deg_per_day))?;
            points.push(
                match self.equatorial.as_ref().and_then(|e| e.bodies.get(i)) {
                    Some(equatorial) => point.with_declinations(
                        declination(&name, &equatorial.body)?,
                        declination(&name, &equatorial.ecliptic_degree)?,
                    ),
                    None => point,
                },
            );
        }
        if let (true, Some(houses)) = (include_axes, self.houses.as_ref()) {
            for (name, point) in [
                ("ascendant", houses.angles.ascendant),
                ("mc", houses.angles.mc),
            ] {
                let lon =
                    Longitude::new(point.lon_deg).map_err(|_| AspectError::LongitudeNotFinite {
                        point: name.to_owned(),
                        value: point.lon_deg,
                    })?;
                let point = AspectPoint::new(name, lon, Some(point.speed_deg_per_day))?;
                let equatorial = self.equatorial.as_ref().and_then(|e| {
                    e.equator
                        .point(lon, 0.0, point.speed_deg_per_day().unwrap_or(0.0), 0.0)
                });
                points.push(match equatorial {
                    Some(equatorial) => point.with_declination(declination(name, &equatorial)?),
                    None => point,
                });
            }
        }
        Ok(points)
    }

    /// `swiss` when every position came from the data files, `moshier` when any fell back.
    pub fn ephemeris_source(&self) -> EphemerisSource {
        if self
            .positions
            .iter()
            .any(|p| p.source == EphemerisSource::Moshier)
        {
            EphemerisSource::Moshier
        } else {
            EphemerisSource::Swiss
        }
    }
}

/// An equatorial position's declination as an aspect point's.
fn declination(name: &str, equatorial: &EquatorialPoint) -> Result<Declination, AspectError> {
    Declination::new(
        name,
        equatorial.declination_deg,
        Some(equatorial.declination_speed_deg_per_day),
    )
}

/// Computes a chart. Bodies equal to the frame's centre are left out.
///
/// # Errors
/// As [`position`], and the library's house errors.
pub fn compute_chart(eph: &Ephemeris, input: &ChartInput) -> Result<Chart, ChartError> {
    compute_chart_with(eph, input, MissingData::Refuse)
}

/// [`compute_chart`], with a body without data at the date refused or left out as `missing`
/// says.
///
/// # Errors
/// As [`compute_chart`]; [`ChartError::NoData`] only with [`MissingData::Refuse`].
pub fn compute_chart_with(
    eph: &Ephemeris,
    input: &ChartInput,
    missing: MissingData,
) -> Result<Chart, ChartError> {
    let mut positions = Vec::with_capacity(input.bodies.len());
    let mut omitted = Vec::new();
    for &body in &input.bodies {
        if input.frame.center == Center::PlanetCentric(body) {
            continue;
        }
        match position(eph, input.jd, body, &input.frame) {
            Ok(p) => positions.push(p),
            Err(ChartError::NoData { valid, .. }) if missing.leaves_out_at(input.jd) => {
                omitted.push(OmittedBody { body, valid });
            }
            Err(error) => return Err(error),
        }
    }
    let (houses, houses_omitted_reason) = match input.house_system {
        Some(system) if input.frame.center.has_houses() => (
            Some(eph.houses(
                input.jd,
                input.place.lat_deg,
                input.place.lon_deg,
                system,
                input.frame.zodiac,
            )?),
            None,
        ),
        Some(_) => (None, Some(HOUSES_OMITTED_FOR_CENTER)),
        None => (None, None),
    };
    // After the bodies: the library has the nutation of this instant cached by now.
    let equatorial = ChartEquatorial::of(eph, input.jd, &input.frame, &positions)?;
    Ok(Chart {
        positions,
        houses,
        houses_omitted_reason,
        omitted,
        equatorial: Some(equatorial),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_geocentric_chart_has_the_standard_points_but_the_earth() {
        let bodies = chart_bodies_seen_from(Center::Geocentric);
        assert_eq!(bodies.len(), Body::STANDARD.len() - 1);
        assert!(!bodies.contains(&Body::Earth));
        assert!(bodies.contains(&Body::MeanNode) && bodies.contains(&Body::OsculatingApogee));
    }

    #[test]
    fn seen_from_elsewhere_the_earth_is_a_body_and_the_lunar_points_are_gone() {
        let helio = chart_bodies_seen_from(Center::Heliocentric);
        assert_eq!(helio[..2], [Body::Moon, Body::Earth]);
        assert!(!helio.contains(&Body::Sun));
        assert!(!helio.iter().any(|b| b.is_lunar_point()));
        let bary = chart_bodies_seen_from(Center::Barycentric);
        assert_eq!(bary[..2], [Body::Sun, Body::Earth]);
        assert!(!bary.iter().any(|b| b.is_lunar_point()));
    }
}
