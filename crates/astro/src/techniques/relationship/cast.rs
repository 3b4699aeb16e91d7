//! One relationship chart from two births: [`relationship_chart`].

use jiff::Timestamp;
use orrery_ephem::{Ephemeris, HouseSystem, Houses, Observer};

use super::{Composite, RelationshipError, composite, davison_instant};
use crate::aspects::{AspectConfig, AspectReport, find_cross};
use crate::body::Body;
use crate::chart::{Chart, ChartError, ChartInput, Frame, compute_chart};
use crate::error::AspectError;
use crate::house_system::HouseSystemName;
use crate::techniques::cast::{CastChart, CastOptions, ChartParts, cast_of};
use crate::time::{JulianDayUt, julian_day_ut};

/// Why the composite cusps can leave their order.
pub const CUSP_ORDER_NOTE: &str = "the composite cusps are not in zodiacal order: some natal cusp pairs are (nearly) opposite, so their shorter-arc midpoint lies on the far side of the circle from its neighbours (exactly opposite pairs put cusps n and n+6 on the same point); the planets are given no house";

/// The three methods; Davison's place is the great-circle midpoint of the two births
/// ([`super::great_circle_midpoint`], checked when the request is read).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RelationshipMethod {
    Synastry,
    Composite,
    Davison { place: Observer },
}

/// One person's birth: the instant (for the Davison mean), its Julian day and the place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RelationshipBirth {
    pub instant: Timestamp,
    pub jd: JulianDayUt,
    pub place: Observer,
}

/// What a relationship chart is cast from. Positions are geocentric, tropical and apparent.
#[derive(Debug, Clone, Copy)]
pub struct RelationshipQuery<'a> {
    pub method: RelationshipMethod,
    pub person_a: RelationshipBirth,
    pub person_b: RelationshipBirth,
    /// The bodies of every chart, in order.
    pub bodies: &'a [Body],
    pub house_system: HouseSystem,
    /// The aspects of synastry and of each chart's own aspects.
    pub aspects: &'a AspectConfig,
    /// Whether the ascendant and the MC are aspect points.
    pub include_axes: bool,
}

/// The chart a calculation failed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhichChart {
    PersonA,
    PersonB,
    Davison,
}

/// Why a relationship chart could not be cast.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RelationshipChartError {
    /// A chart failed (a body without data at that date, or the library).
    #[error("{source}")]
    Chart {
        which: WhichChart,
        source: ChartError,
    },
    /// The two natal charts could not be combined (never with charts cast here).
    #[error("{0}")]
    Combine(RelationshipError),
    /// A non-finite aspect point (never from the library's own output).
    #[error("{0}")]
    Points(AspectError),
}

/// The relationship chart of one method; every chart is cast with all its parts (bodies,
/// houses, its own aspects).
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::large_enum_variant,
    reason = "one per request, returned once: boxing would only add an allocation"
)]
pub enum RelationshipChart {
    /// Both natal charts and the aspects between A's points (`first`) and B's (`second`).
    Synastry {
        natal_a: CastChart,
        natal_b: CastChart,
        aspects: AspectReport,
    },
    Composite(CompositeChart),
    /// The chart cast for the mean instant at the great-circle midpoint.
    Davison {
        instant: Timestamp,
        jd: JulianDayUt,
        place: Observer,
        chart: CastChart,
    },
}

/// A composite chart with the house rules of the composite applied: the planets have no
/// house when the cusps left their order, and the houses' note says when a natal chart fell
/// back to Porphyry.
#[derive(Debug, Clone, PartialEq)]
pub struct CompositeChart {
    /// The midpoint chart, cast.
    pub chart: CastChart,
    /// Whether the composite cusps go round the circle once ([`Composite::cusps_in_order`]).
    pub cusps_in_order: bool,
    /// `false` when the natal charts used different systems (then the composite has none to
    /// name); `true` without houses.
    pub same_natal_system: bool,
}

impl CompositeChart {
    /// The note on the cusps' order, when they left it.
    #[must_use]
    pub fn cusp_order_note(&self) -> Option<&'static str> {
        (!self.cusps_in_order).then_some(CUSP_ORDER_NOTE)
    }
}

/// Casts the relationship chart of `query.method`.
///
/// # Errors
/// A chart's failure, named by the chart it belongs to.
pub fn relationship_chart(
    eph: &Ephemeris,
    query: &RelationshipQuery<'_>,
) -> Result<RelationshipChart, RelationshipChartError> {
    let compute = |jd: JulianDayUt, place: Observer, which: WhichChart| {
        let input = ChartInput {
            jd,
            place,
            bodies: query.bodies.to_vec(),
            frame: Frame::GEOCENTRIC_TROPICAL,
            house_system: Some(query.house_system),
        };
        compute_chart(eph, &input).map_err(|source| RelationshipChartError::Chart { which, source })
    };
    let options = CastOptions {
        parts: ChartParts::ALL,
        aspects: Some(query.aspects.clone()),
        include_axes: query.include_axes,
    };
    let cast = |chart: Chart| cast_of(chart, &options).map_err(RelationshipChartError::Points);
    let natal = |which| {
        let birth = match which {
            WhichChart::PersonB => &query.person_b,
            WhichChart::PersonA | WhichChart::Davison => &query.person_a,
        };
        compute(birth.jd, birth.place, which)
    };
    match query.method {
        RelationshipMethod::Synastry => {
            let natal_a = natal(WhichChart::PersonA)?;
            let natal_b = natal(WhichChart::PersonB)?;
            let points = |chart: &Chart| {
                chart
                    .aspect_points(query.include_axes)
                    .map_err(RelationshipChartError::Points)
            };
            let aspects = find_cross(&points(&natal_a)?, &points(&natal_b)?, query.aspects);
            Ok(RelationshipChart::Synastry {
                natal_a: cast(natal_a)?,
                natal_b: cast(natal_b)?,
                aspects,
            })
        }
        RelationshipMethod::Composite => {
            let natal_a = natal(WhichChart::PersonA)?;
            let natal_b = natal(WhichChart::PersonB)?;
            let Composite {
                chart,
                cusps_in_order,
            } = composite(&natal_a, &natal_b).map_err(RelationshipChartError::Combine)?;
            let (note, same) = match (&natal_a.houses, &natal_b.houses) {
                (Some(ha), Some(hb)) => (fallback_note(ha, hb), ha.system_used == hb.system_used),
                _ => (None, true),
            };
            let mut chart = cast(chart)?;
            if let Some(houses) = chart.houses.as_mut()
                && note.is_some()
            {
                houses.note = note;
            }
            if !cusps_in_order {
                for body in chart.bodies.iter_mut().flatten() {
                    body.house = None;
                }
            }
            Ok(RelationshipChart::Composite(CompositeChart {
                chart,
                cusps_in_order,
                same_natal_system: same,
            }))
        }
        RelationshipMethod::Davison { place } => {
            let instant = davison_instant(query.person_a.instant, query.person_b.instant);
            let jd = julian_day_ut(instant);
            let chart = compute(jd, place, WhichChart::Davison)?;
            Ok(RelationshipChart::Davison {
                instant,
                jd,
                place,
                chart: cast(chart)?,
            })
        }
    }
}

/// Whose natal cusps fell back to Porphyry, and that the composite cusps are their midpoints.
fn fallback_note(a: &Houses, b: &Houses) -> Option<String> {
    let notes: Vec<String> = [("person_a", a), ("person_b", b)]
        .into_iter()
        .filter_map(|(who, h)| {
            h.fallback.as_ref().map(|why| {
                format!(
                    "{who}'s natal cusps are {} ({why})",
                    HouseSystemName::of(h.system_used).name
                )
            })
        })
        .collect();
    (!notes.is_empty()).then(|| {
        format!(
            "{}; the composite cusps are the midpoints of the natal cusps as computed",
            notes.join("; ")
        )
    })
}
