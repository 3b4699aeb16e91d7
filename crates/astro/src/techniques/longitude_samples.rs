//! The samples of a graphic ephemeris: bodies' geocentric tropical longitudes at evenly spaced
//! instants of a window.

use orrery_ephem::{Ephemeris, Observer};

use crate::angle::Longitude;
use crate::body::Body;
use crate::chart::{ChartError, ChartInput, Frame, compute_chart};
use crate::time::{Days, JulianDayUt};

/// One body's longitudes over the window.
#[derive(Debug, Clone, PartialEq)]
pub struct LongitudeSeries {
    pub body: Body,
    /// `(instant, longitude)` in time order, from the window's start to its end.
    pub samples: Vec<(JulianDayUt, Longitude)>,
}

/// The longitudes of `bodies` at `intervals + 1` instants evenly spaced from `start` to `end`
/// (both included), one series per body in the order given.
///
/// # Errors
/// A body without data somewhere in the window, or a library failure.
pub fn sample_longitudes(
    eph: &Ephemeris,
    (start, end): (JulianDayUt, JulianDayUt),
    bodies: &[Body],
    intervals: usize,
) -> Result<Vec<LongitudeSeries>, ChartError> {
    let mut series: Vec<LongitudeSeries> = bodies
        .iter()
        .map(|&body| LongitudeSeries {
            body,
            samples: Vec::with_capacity(intervals + 1),
        })
        .collect();
    let mut input = ChartInput {
        jd: start,
        // Only the houses read the place, and these charts have none.
        place: Observer {
            lat_deg: 0.0,
            lon_deg: 0.0,
            alt_m: 0.0,
        },
        bodies: bodies.to_vec(),
        frame: Frame::GEOCENTRIC_TROPICAL,
        house_system: None,
    };
    for k in 0..=intervals {
        #[allow(
            clippy::cast_precision_loss,
            reason = "sample counts are far below 2^52"
        )]
        let offset = Days((end - start).0 * k as f64 / intervals as f64);
        input.jd = start + offset;
        let chart = compute_chart(eph, &input)?;
        for (line, position) in series.iter_mut().zip(&chart.positions) {
            line.samples.push((input.jd, position.lon));
        }
    }
    Ok(series)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::position;

    #[test]
    fn the_window_is_sampled_evenly_from_start_to_end() {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens");
        let (start, end) = (JulianDayUt(2_451_545.0), JulianDayUt(2_451_555.0));
        let series = sample_longitudes(&eph, (start, end), &[Body::Sun, Body::Mars], 4).unwrap();
        assert_eq!(series.len(), 2);
        let days: Vec<f64> = series[0].samples.iter().map(|(jd, _)| jd.0).collect();
        assert_eq!(
            days,
            [
                2_451_545.0,
                2_451_547.5,
                2_451_550.0,
                2_451_552.5,
                2_451_555.0
            ]
        );
        let mars = position(&eph, end, Body::Mars, &Frame::GEOCENTRIC_TROPICAL).unwrap();
        assert_eq!(series[1].samples[4].1, mars.lon);
    }
}
