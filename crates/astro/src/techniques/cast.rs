//! A cast chart: the bodies of a birth (or any instant and place) with their houses, the cusps
//! and angles, and the aspects among the bodies (and the ascendant and MC), as one result.
//!
//! This is what `/v1/radix` answers, and what a chart wheel draws. [`cast_chart`] computes
//! the chart and assembles it; [`cast_of`] assembles a chart that was built otherwise (a
//! composite chart).

use orrery_ephem::{Ephemeris, EphemerisSource, Houses, Observer};

use crate::aspects::{AspectConfig, AspectReport, find_within};
use crate::body::Body;
use crate::chart::{
    BodyPosition, Chart, ChartEquatorial, ChartError, ChartInput, Frame, MissingData, OmittedBody,
    compute_chart_with,
};
use crate::equatorial::{BodyEquatorial, ChartEquator};
use crate::error::AspectError;
use crate::houses::{house_of, houses_note};
use crate::time::JulianDayUt;

/// Which parts of a chart are wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChartParts {
    /// The bodies with their positions and houses.
    pub bodies: bool,
    /// The cusps and the angles.
    pub houses: bool,
}

impl ChartParts {
    /// The bodies and the houses.
    pub const ALL: Self = Self {
        bodies: true,
        houses: true,
    };
}

/// What to assemble from a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct CastOptions {
    pub parts: ChartParts,
    /// The aspects among the bodies (and the axes, with `include_axes`) and their orbs; `None`:
    /// no aspects wanted.
    pub aspects: Option<AspectConfig>,
    /// The ascendant and the MC take part in the aspects (when the chart has houses).
    pub include_axes: bool,
}

impl CastOptions {
    /// Whether the chart needs its houses: to show them, or for the axes in the aspects.
    #[must_use]
    pub fn needs_houses(&self) -> bool {
        self.parts.houses || (self.aspects.is_some() && self.include_axes)
    }
}

/// What a chart is cast from.
#[derive(Debug, Clone, PartialEq)]
pub struct CastInput {
    /// The instant, the place, the bodies, the frame; its house system is `None` when the
    /// options need no houses ([`CastInput::new`]).
    pub chart: ChartInput,
    /// A body without data at the date is refused, or left out and listed.
    pub missing: MissingData,
    pub options: CastOptions,
}

impl CastInput {
    /// The input of a chart: `chart.house_system` is the system asked for, kept only when the
    /// options need the houses ([`CastOptions::needs_houses`]).
    #[must_use]
    pub fn new(mut chart: ChartInput, missing: MissingData, options: CastOptions) -> Self {
        if !options.needs_houses() {
            chart.house_system = None;
        }
        Self {
            chart,
            missing,
            options,
        }
    }
}

impl CastInput {
    /// A geocentric tropical chart of `bodies` at `jd` without houses (so without a place):
    /// the positions when `show_bodies`, and the aspects among them with `aspects`.
    #[must_use]
    pub fn sky(
        jd: JulianDayUt,
        bodies: Vec<Body>,
        missing: MissingData,
        show_bodies: bool,
        aspects: Option<AspectConfig>,
    ) -> Self {
        Self {
            chart: ChartInput {
                jd,
                // Only the houses read the place, and this chart has none.
                place: Observer {
                    lat_deg: 0.0,
                    lon_deg: 0.0,
                    alt_m: 0.0,
                },
                bodies,
                frame: Frame::GEOCENTRIC_TROPICAL,
                house_system: None,
            },
            missing,
            options: CastOptions {
                parts: ChartParts {
                    bodies: show_bodies,
                    houses: false,
                },
                aspects,
                include_axes: false,
            },
        }
    }
}

/// A body of a cast chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastBody {
    pub position: BodyPosition,
    /// The house (1..=12) its longitude falls in; `None` without houses or for the Gauquelin
    /// sectors.
    pub house: Option<u8>,
    /// Its right ascension and declination; `None` in a chart without an instant (a
    /// composite).
    pub equatorial: Option<BodyEquatorial>,
}

/// The houses of a cast chart.
#[derive(Debug, Clone, PartialEq)]
pub struct CastHouses {
    /// The cusps (in degrees of longitude), the angles and the system used.
    pub houses: Houses,
    /// Why the cusps are not what the system gives elsewhere (the library's fallback, or the
    /// IC on the 10th cusp inside the polar circles); `None` otherwise.
    pub note: Option<String>,
}

/// A chart with the parts asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct CastChart {
    /// The bodies in the order asked for; `None` when they were not asked for.
    pub bodies: Option<Vec<CastBody>>,
    /// The cusps and angles; `None` when not asked for or when the centre has none.
    pub houses: Option<CastHouses>,
    /// Why the houses asked for are missing (a centre off the Earth).
    pub houses_omitted_reason: Option<&'static str>,
    /// The aspects within the chart; `None` when not asked for.
    pub aspects: Option<AspectReport>,
    /// The bodies left out for lack of data, in the order asked for.
    pub omitted: Vec<OmittedBody>,
    /// [`EphemerisSource::Moshier`] when any position came from the analytical fallback.
    pub ephemeris: EphemerisSource,
    /// The equator of date, for the equatorial positions of the angles; `None` in a chart
    /// without an instant (a composite).
    pub equator: Option<ChartEquator>,
}

/// Why a chart could not be cast.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CastError {
    /// A body or the houses could not be computed.
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// An aspect point with a non-finite longitude or speed (never from the library's own
    /// output).
    #[error(transparent)]
    Aspect(#[from] AspectError),
}

/// Computes a chart and assembles the parts asked for.
///
/// # Errors
/// A body without data at the date ([`MissingData::Refuse`]), a frame the library rejects,
/// or a non-finite aspect point.
pub fn cast_chart(eph: &Ephemeris, input: &CastInput) -> Result<CastChart, CastError> {
    let chart = compute_chart_with(eph, &input.chart, input.missing)?;
    Ok(cast_of(chart, &input.options)?)
}

/// Assembles a chart already computed (or built, like a composite chart): the bodies with
/// their houses, the cusps and angles, the aspects among the bodies (and the ascendant and MC
/// with `include_axes`, when the chart has houses).
///
/// # Errors
/// A non-finite longitude or speed (never from the library's own output).
pub fn cast_of(chart: Chart, options: &CastOptions) -> Result<CastChart, AspectError> {
    let ephemeris = chart.ephemeris_source();
    let parts = options.parts;
    let aspects = match &options.aspects {
        Some(config) => Some(find_within(
            &chart.aspect_points(options.include_axes)?,
            config,
        )),
        None => None,
    };
    let Chart {
        positions,
        houses,
        houses_omitted_reason,
        omitted,
        equatorial,
    } = chart;
    let bodies = parts.bodies.then(|| {
        positions
            .iter()
            .enumerate()
            .map(|(i, p)| CastBody {
                position: *p,
                house: houses.as_ref().and_then(|h| house_of(p.lon, h)),
                equatorial: equatorial.as_ref().and_then(|e| e.bodies.get(i).copied()),
            })
            .collect()
    });
    let equator = equatorial.as_ref().map(|e: &ChartEquatorial| e.equator);
    let houses = houses.filter(|_| parts.houses).map(|houses| CastHouses {
        note: houses_note(&houses),
        houses,
    });
    Ok(CastChart {
        bodies,
        houses,
        houses_omitted_reason,
        aspects,
        omitted,
        ephemeris,
        equator,
    })
}

#[cfg(test)]
mod tests {
    use orrery_ephem::HouseSystem;

    use super::*;
    use crate::aspects::{AspectCategory, OrbPreset, OrbSpec};
    use crate::chart::{Center, HOUSES_OMITTED_FOR_CENTER};

    fn ephemeris() -> Ephemeris {
        Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens")
    }

    fn input(parts: ChartParts, include_axes: bool, frame: Frame) -> CastInput {
        let aspects = AspectConfig::new(
            AspectCategory::Major.aspects(),
            OrbSpec::Preset(OrbPreset::Classic),
        )
        .unwrap();
        CastInput::new(
            ChartInput {
                jd: JulianDayUt(2_448_027.0),
                place: Observer {
                    lat_deg: 52.52,
                    lon_deg: 13.405,
                    alt_m: 0.0,
                },
                bodies: vec![Body::Moon, Body::Mars, Body::Jupiter],
                frame,
                house_system: Some(HouseSystem::KOCH),
            },
            MissingData::Refuse,
            CastOptions {
                parts,
                aspects: Some(aspects),
                include_axes,
            },
        )
    }

    #[test]
    fn houses_are_computed_for_the_axes_in_the_aspects_but_not_shown() {
        let aspects_only = ChartParts {
            bodies: true,
            houses: false,
        };
        let with_axes = input(aspects_only, true, Frame::GEOCENTRIC_TROPICAL);
        assert!(with_axes.chart.house_system.is_some());
        let without = input(aspects_only, false, Frame::GEOCENTRIC_TROPICAL);
        assert!(without.chart.house_system.is_none());

        let chart = cast_chart(&ephemeris(), &with_axes).unwrap();
        assert!(chart.houses.is_none(), "not asked for");
        let bodies = chart.bodies.unwrap();
        assert!(bodies.iter().all(|b| b.house.is_some()), "houses known");
        let aspects = chart.aspects.unwrap();
        assert!(
            aspects.aspects.iter().any(|a| a.first == "ascendant"
                || a.second == "ascendant"
                || a.first == "mc"
                || a.second == "mc"),
            "the axes take part"
        );
    }

    #[test]
    fn every_part_and_none_off_the_earth() {
        let eph = ephemeris();
        let chart = cast_chart(
            &eph,
            &input(ChartParts::ALL, true, Frame::GEOCENTRIC_TROPICAL),
        )
        .unwrap();
        assert_eq!(chart.bodies.as_ref().map(Vec::len), Some(3));
        assert_eq!(
            chart.houses.as_ref().map(|h| h.houses.cusps.len()),
            Some(12)
        );
        assert_eq!(chart.ephemeris, EphemerisSource::Swiss);

        let helio = Frame {
            center: Center::Heliocentric,
            ..Frame::GEOCENTRIC_TROPICAL
        };
        let chart = cast_chart(&eph, &input(ChartParts::ALL, true, helio)).unwrap();
        assert!(chart.houses.is_none());
        assert_eq!(chart.houses_omitted_reason, Some(HOUSES_OMITTED_FOR_CENTER));
        assert!(chart.bodies.unwrap().iter().all(|b| b.house.is_none()));
    }
}
