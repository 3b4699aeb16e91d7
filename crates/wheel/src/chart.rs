//! The plain data a wheel is drawn from: no ephemeris, no HTTP, only longitudes.

use crate::error::WheelError;

/// A chart to draw: one ring of bodies (a natal, composite or return chart), or two (natal
/// inside, transits, progressions or a partner outside), with the inner chart's houses.
#[derive(Debug, Clone, Default)]
pub struct WheelChart {
    /// Shown in the picture's `<title>` ("Natal chart", "Transits to the natal chart").
    pub title: String,
    pub inner: Ring,
    pub outer: Option<Ring>,
    /// The inner chart's cusps and angles; `None` (heliocentric charts and other centres) puts
    /// 0° Aries at 9 o'clock.
    pub houses: Option<HouseCusps>,
    /// Aspects to draw as lines and in the grid: within the inner ring, or between the rings.
    pub aspects: Vec<AspectLink>,
}

/// One ring of bodies.
#[derive(Debug, Clone, Default)]
pub struct Ring {
    /// What the ring shows, in words ("natal", "transits 2025-01-01T00:00:00Z").
    pub label: String,
    pub bodies: Vec<BodyPoint>,
    /// The ring's own ascendant and MC (a partner's, a return's): aspect end points only.
    pub axes: Option<Axes>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BodyPoint {
    /// The API's snake_case name (`mars`, `true_node`, `asteroid_433`).
    pub name: String,
    /// Ecliptic longitude, degrees.
    pub longitude_deg: f64,
    pub speed_deg_per_day: f64,
}

impl BodyPoint {
    pub fn is_retrograde(&self) -> bool {
        self.speed_deg_per_day < 0.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Axes {
    pub ascendant_deg: f64,
    pub mc_deg: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct HouseCusps {
    /// Cusp longitudes from house 1 on (12, or 36 Gauquelin sectors), degrees.
    pub cusps_deg: Vec<f64>,
    pub axes: Axes,
}

/// Which ring an aspect's end point belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RingSide {
    Inner,
    Outer,
}

impl RingSide {
    pub fn name(self) -> &'static str {
        match self {
            Self::Inner => "inner",
            Self::Outer => "outer",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct AspectEnd {
    pub ring: RingSide,
    /// A body of that ring, or `ascendant` / `mc` of its axes.
    pub point: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AspectLink {
    pub first: AspectEnd,
    pub second: AspectEnd,
    /// The aspect's snake_case name (`trine`).
    pub aspect: String,
    /// |separation - exact angle|, degrees.
    pub orb_deg: f64,
    /// 1 when exact, 0 at the edge of the allowed orb: the line's opacity follows it.
    pub strength: f64,
}

impl WheelChart {
    /// The longitude of an aspect's end point.
    ///
    /// # Errors
    /// [`WheelError::UnknownAspectPoint`] when the ring has no such body or axis.
    pub fn end_longitude(&self, end: &AspectEnd) -> Result<f64, WheelError> {
        let ring = match end.ring {
            RingSide::Inner => Some(&self.inner),
            RingSide::Outer => self.outer.as_ref(),
        };
        let axes = match end.ring {
            RingSide::Inner => self
                .houses
                .as_ref()
                .map(|h| h.axes)
                .or_else(|| ring.and_then(|r| r.axes)),
            RingSide::Outer => ring.and_then(|r| r.axes),
        };
        let from_body = ring.and_then(|r| {
            r.bodies
                .iter()
                .find(|b| b.name == end.point)
                .map(|b| b.longitude_deg)
        });
        let from_axes = axes.and_then(|a| match end.point.as_str() {
            "ascendant" => Some(a.ascendant_deg),
            "mc" => Some(a.mc_deg),
            _ => None,
        });
        from_body
            .or(from_axes)
            .ok_or_else(|| WheelError::UnknownAspectPoint {
                ring: end.ring.name(),
                point: end.point.clone(),
            })
    }

    /// Checks every number the drawing uses.
    ///
    /// # Errors
    /// A non-finite longitude, speed, orb or strength, a house list that is neither 12 nor 36
    /// cusps, or an aspect whose end point is not in the chart.
    pub fn validate(&self) -> Result<(), WheelError> {
        let rings = std::iter::once(&self.inner).chain(self.outer.as_ref());
        for ring in rings {
            for body in &ring.bodies {
                finite(&body.name, body.longitude_deg)?;
                finite(&body.name, body.speed_deg_per_day)?;
            }
        }
        if let Some(houses) = &self.houses {
            if houses.cusps_deg.len() != 12 && houses.cusps_deg.len() != 36 {
                return Err(WheelError::CuspCount(houses.cusps_deg.len()));
            }
            for (i, cusp) in houses.cusps_deg.iter().enumerate() {
                finite(&format!("cusp {}", i + 1), *cusp)?;
            }
            finite("ascendant", houses.axes.ascendant_deg)?;
            finite("mc", houses.axes.mc_deg)?;
        }
        for aspect in &self.aspects {
            self.end_longitude(&aspect.first)?;
            self.end_longitude(&aspect.second)?;
            finite(&aspect.aspect, aspect.orb_deg)?;
            finite(&aspect.aspect, aspect.strength)?;
        }
        Ok(())
    }
}

fn finite(what: &str, value: f64) -> Result<(), WheelError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(WheelError::NotFinite(what.to_owned()))
    }
}
