//! The wheel's rotation and its polar coordinates.
//!
//! Longitudes run counter-clockwise, as on every astrological wheel, and the rotation puts one
//! longitude at 9 o'clock: the ascendant when the chart has houses, else 0° Aries.

use std::fmt::Write;

/// The centre and scale of a wheel, and the longitude drawn at 9 o'clock.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    pub cx: f64,
    pub cy: f64,
    /// Half the wheel's width: radii are fractions of it.
    pub unit: f64,
    pub left_longitude_deg: f64,
}

/// The screen angle (degrees counter-clockwise from 3 o'clock, y up) at which a longitude is
/// drawn when `left_longitude_deg` is at 9 o'clock.
pub fn screen_angle_deg(longitude_deg: f64, left_longitude_deg: f64) -> f64 {
    (180.0 + longitude_deg - left_longitude_deg).rem_euclid(360.0)
}

impl Frame {
    /// The point at `radius` (a fraction of the unit) and `longitude_deg`, in pixels (y down).
    pub(crate) fn at(&self, radius: f64, longitude_deg: f64) -> (f64, f64) {
        let angle = screen_angle_deg(longitude_deg, self.left_longitude_deg).to_radians();
        (
            self.cx + radius * self.unit * angle.cos(),
            self.cy - radius * self.unit * angle.sin(),
        )
    }

    /// The unit vector pointing outwards at a longitude, in pixels' orientation (y down).
    pub(crate) fn outward(&self, longitude_deg: f64) -> (f64, f64) {
        let angle = screen_angle_deg(longitude_deg, self.left_longitude_deg).to_radians();
        (angle.cos(), -angle.sin())
    }

    /// The centre of a `width` × `height` box that touches the circle of `radius` from outside
    /// at `longitude_deg` (its nearest side on the circle).
    pub(crate) fn outside(
        &self,
        radius: f64,
        longitude_deg: f64,
        (width, height): (f64, f64),
    ) -> (f64, f64) {
        let (ux, uy) = self.outward(longitude_deg);
        let reach = width / 2.0 * ux.abs() + height / 2.0 * uy.abs();
        let (x, y) = self.at(radius, longitude_deg);
        (x + ux * reach, y + uy * reach)
    }

    /// An SVG `<line>` between two polar points.
    pub(crate) fn line(
        &self,
        out: &mut String,
        (r1, lon1): (f64, f64),
        (r2, lon2): (f64, f64),
        attributes: &str,
    ) {
        let (x1, y1) = self.at(r1, lon1);
        let (x2, y2) = self.at(r2, lon2);
        let _ = write!(
            out,
            r#"<line x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}""#
        );
        if !attributes.is_empty() {
            out.push(' ');
            out.push_str(attributes);
        }
        out.push_str("/>");
    }

    /// The path of the ring sector between two radii and two longitudes (`from` to `to`
    /// counter-clockwise on the screen, less than 180° apart).
    pub(crate) fn sector(&self, (r_in, r_out): (f64, f64), from_deg: f64, to_deg: f64) -> String {
        let (ax, ay) = self.at(r_out, from_deg);
        let (bx, by) = self.at(r_out, to_deg);
        let (cx, cy) = self.at(r_in, to_deg);
        let (dx, dy) = self.at(r_in, from_deg);
        let (ro, ri) = (r_out * self.unit, r_in * self.unit);
        // Counter-clockwise on the screen is sweep-flag 0 (SVG's y points down).
        format!(
            "M{ax:.2} {ay:.2}A{ro:.2} {ro:.2} 0 0 0 {bx:.2} {by:.2}L{cx:.2} {cy:.2}A{ri:.2} {ri:.2} 0 0 1 {dx:.2} {dy:.2}Z"
        )
    }
}

/// A longitude as sign, degree and minute, truncated (12°34′59″ is 12°34′, and a body at
/// 29°59.9′ stays in its sign).
pub(crate) fn sign_degree_minute(longitude_deg: f64) -> (usize, u32, u32) {
    let total_minutes = (longitude_deg.rem_euclid(360.0) * 60.0).floor() as u32 % 21_600;
    (
        (total_minutes / 1800) as usize,
        total_minutes % 1800 / 60,
        total_minutes % 60,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_left_longitude_is_at_nine_o_clock_and_longitudes_run_counter_clockwise() {
        let frame = Frame {
            cx: 100.0,
            cy: 100.0,
            unit: 100.0,
            left_longitude_deg: 40.0,
        };
        let (x, y) = frame.at(1.0, 40.0);
        assert!((x - 0.0).abs() < 1e-9 && (y - 100.0).abs() < 1e-9);
        // 90° further is at 6 o'clock (counter-clockwise from 9 o'clock, y down).
        let (x, y) = frame.at(1.0, 130.0);
        assert!((x - 100.0).abs() < 1e-9 && (y - 200.0).abs() < 1e-9);
    }

    #[test]
    fn truncation_keeps_the_sign() {
        assert_eq!(sign_degree_minute(59.999_99), (1, 29, 59));
        assert_eq!(sign_degree_minute(132.5678), (4, 12, 34));
        assert_eq!(sign_degree_minute(-0.5), (11, 29, 30));
    }
}
