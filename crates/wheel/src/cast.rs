//! Wheels from the core's results: a chart wheel from a cast chart, a bi-wheel from two.
//!
//! Every endpoint that draws a chart (`/v1/chart-wheel`, the natal lines of the graphic
//! ephemeris) hands over the core's [`CastChart`]s; these conversions are the only place that
//! turns them into the plain data the drawing reads.

use orrery_astro::aspects::AspectReport;
use orrery_astro::techniques::cast::{CastChart, CastHouses};

use crate::chart::{
    AspectEnd, AspectLink, Axes, BodyPoint, HouseCusps, Ring, RingSide, WheelChart,
};

impl Axes {
    /// The ascendant and the MC of a chart's houses.
    #[must_use]
    pub fn of_houses(houses: &CastHouses) -> Self {
        Self {
            ascendant_deg: houses.houses.angles.ascendant.lon_deg,
            mc_deg: houses.houses.angles.mc.lon_deg,
        }
    }
}

impl Ring {
    /// The bodies of a cast chart (none when they were not cast), with its axes when it
    /// shows houses.
    #[must_use]
    pub fn of_chart(chart: &CastChart, label: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            bodies: chart
                .bodies
                .iter()
                .flatten()
                .map(|b| BodyPoint {
                    name: b.position.body.name().into_owned(),
                    longitude_deg: b.position.lon.degrees(),
                    speed_deg_per_day: b.position.lon_speed_deg_per_day,
                })
                .collect(),
            axes: chart.houses.as_ref().map(Axes::of_houses),
        }
    }
}

impl HouseCusps {
    /// The cusps and axes of a cast chart; `None` when it shows no houses.
    #[must_use]
    pub fn of_chart(chart: &CastChart) -> Option<Self> {
        chart.houses.as_ref().map(|houses| Self {
            cusps_deg: houses.houses.cusps.iter().map(|c| c.lon_deg).collect(),
            axes: Axes::of_houses(houses),
        })
    }
}

/// The aspects of a report as lines between the rings: `first` is the ring of each aspect's
/// first point, `second` of its second.
#[must_use]
pub fn aspect_links(report: &AspectReport, first: RingSide, second: RingSide) -> Vec<AspectLink> {
    report
        .aspects
        .iter()
        .map(|a| AspectLink {
            first: AspectEnd {
                ring: first,
                point: a.first.clone(),
            },
            second: AspectEnd {
                ring: second,
                point: a.second.clone(),
            },
            aspect: a.aspect.name().to_owned(),
            orb_deg: a.orb_deg,
            strength: a.strength,
        })
        .collect()
}

impl WheelChart {
    /// A chart wheel: one cast chart with its houses and its own aspects.
    #[must_use]
    pub fn of_chart(chart: &CastChart, title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            inner: Ring::of_chart(chart, "chart"),
            outer: None,
            houses: HouseCusps::of_chart(chart),
            aspects: chart
                .aspects
                .as_ref()
                .map(|report| aspect_links(report, RingSide::Inner, RingSide::Inner))
                .unwrap_or_default(),
        }
    }

    /// A bi-wheel: `inner` with its houses inside, `outer` around it, and the aspects of
    /// `cross` (first points inner, second points outer).
    #[must_use]
    pub fn bi_wheel(
        title: impl Into<String>,
        inner: (&CastChart, &str),
        outer: (&CastChart, &str),
        cross: Option<&AspectReport>,
    ) -> Self {
        Self {
            title: title.into(),
            inner: Ring::of_chart(inner.0, inner.1),
            outer: Some(Ring::of_chart(outer.0, outer.1)),
            houses: HouseCusps::of_chart(inner.0),
            aspects: cross
                .map(|report| aspect_links(report, RingSide::Inner, RingSide::Outer))
                .unwrap_or_default(),
        }
    }
}
