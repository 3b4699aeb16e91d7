//! The positions every event type of one calendar shares: each body's longitude (and speed) at
//! times on one grid, computed once, and the tracks built from them.
//!
//! The grid is anchored at J2000 and its steps are powers of two days ([`super::super::motion`]),
//! so `ANCHOR + k·step` of a coarse step is bit for bit a point of every finer grid: a body
//! sampled for its ingresses at 16 days and for its aspects to the Moon at 2 days is computed
//! once at the common times. A window widened for one type (the retrograde periods' shadows,
//! the void of course's look-back) reuses what the others computed.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use orrery_ephem::{Ephemeris, Equinox, Zodiac};

use super::{EVENT_TOLERANCE, EventError};
use crate::body::Body;
use crate::chart::{Center, ChartError, Frame, search_position};
use crate::search::{Sample, ScanStep, Track};
use crate::techniques::motion;
use crate::time::JulianDayUt;

/// The grid's anchor: J2000 (UT), so that grid times are the same for every request.
const ANCHOR_JD: f64 = 2_451_545.0;

/// The samples by body and the bits of their time.
type KeyMap = HashMap<(Body, u64), Sample, BuildHasherDefault<KeyHasher>>;

/// A fast hasher for [`KeyMap`]'s keys. The standard SipHash resists hash flooding, which
/// these keys (a body and a grid or solver time, made by the search itself) cannot cause, and
/// it was a tenth of a calendar's time: words are mixed in by a rotate, xor and multiply (as
/// `FxHasher`), and `finish` scrambles all bits into the low ones (splitmix64's finaliser),
/// since the grid times' low bits are mostly zero and the table indexes by the low bits.
#[derive(Debug, Default, Clone, Copy)]
struct KeyHasher(u64);

impl KeyHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0_u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[allow(
        clippy::cast_sign_loss,
        reason = "the bits are hashed, not the value: an enum's discriminant"
    )]
    fn write_isize(&mut self, n: isize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Positions of one calendar, cached by body and time.
///
/// Differences of two longitudes (aspects, the Moon's phase) come from tropical longitudes of
/// the mean equinox of date: the nutation in longitude (and, in a sidereal zodiac, the
/// ayanamsa) is added to both longitudes alike and cancels, and the library skips its two
/// nutation evaluations per position, about two thirds of a call's cost (see [`Equinox`]).
///
/// A single longitude (not a difference) is a full call: the nutation interpolated on a grid
/// ([`crate::techniques::nutation`]) was measured here and did not pay, since a calendar's
/// samples are days apart and each would need grid values of its own; and its rate, within
/// 1e-7°/day, would move a slow planet's station by a minute.
pub(super) struct Sampler<'e> {
    eph: &'e Ephemeris,
    frame: Frame,
    cache: KeyMap,
    mean_cache: KeyMap,
}

impl<'e> Sampler<'e> {
    pub(super) fn new(eph: &'e Ephemeris, zodiac: Zodiac) -> Self {
        Self {
            eph,
            frame: Frame {
                center: Center::Geocentric,
                zodiac,
            },
            cache: KeyMap::default(),
            mean_cache: KeyMap::default(),
        }
    }

    pub(super) fn ephemeris(&self) -> &'e Ephemeris {
        self.eph
    }

    /// `body`'s geocentric longitude and speed at `jd`, from the cache or the ephemeris.
    pub(super) fn sample(&mut self, body: Body, jd: f64) -> Result<Sample, ChartError> {
        if let Some(sample) = self.cache.get(&(body, jd.to_bits())) {
            return Ok(*sample);
        }
        let p = search_position(self.eph, JulianDayUt(jd), body, &self.frame, Equinox::True)?;
        let sample = Sample {
            t_day: jd,
            value_deg: p.lon.degrees(),
            rate_deg_per_day: p.lon_speed_deg_per_day,
        };
        self.cache.insert((body, jd.to_bits()), sample);
        Ok(sample)
    }

    /// `body`'s geocentric tropical longitude from the mean equinox of date, and its speed.
    fn mean_sample(&mut self, body: Body, jd: f64) -> Result<Sample, ChartError> {
        if let Some(sample) = self.mean_cache.get(&(body, jd.to_bits())) {
            return Ok(*sample);
        }
        let p = search_position(
            self.eph,
            JulianDayUt(jd),
            body,
            &Frame::GEOCENTRIC_TROPICAL,
            Equinox::Mean,
        )?;
        let sample = Sample {
            t_day: jd,
            value_deg: p.lon.degrees(),
            rate_deg_per_day: p.lon_speed_deg_per_day,
        };
        self.mean_cache.insert((body, jd.to_bits()), sample);
        Ok(sample)
    }

    /// `body`'s longitude in the calendar's zodiac at `jd`: in the tropical zodiac, from the
    /// position cache where it holds the body (docs/CACHE.md), an evaluation of its series.
    pub(super) fn longitude(&mut self, body: Body, jd: f64) -> Result<f64, ChartError> {
        Ok(self.sample(body, jd)?.value_deg)
    }

    /// [`Sampler::longitude`] at an event's exact time `jd`, found by a refinement whose first
    /// probe was at `probe`. With the position cache an evaluation at `jd` costs less than
    /// carrying the probe's position there and adding the library's nutation, which this did
    /// before; `probe` is kept for the callers.
    pub(super) fn longitude_near(
        &mut self,
        body: Body,
        jd: f64,
        _probe: f64,
    ) -> Result<f64, ChartError> {
        self.longitude(body, jd)
    }

    /// `first − second` in longitude (and speed) at `jd`, from the mean equinox (the same in
    /// every zodiac).
    pub(super) fn difference(
        &mut self,
        first: Body,
        second: Body,
        jd: f64,
    ) -> Result<Sample, ChartError> {
        let a = self.mean_sample(first, jd)?;
        let b = self.mean_sample(second, jd)?;
        Ok(Sample {
            t_day: jd,
            value_deg: a.value_deg - b.value_deg,
            rate_deg_per_day: a.rate_deg_per_day - b.rate_deg_per_day,
        })
    }

    /// The track of `body`'s longitude over `[from, to]` (widened to the grid).
    pub(super) fn body_track(
        &mut self,
        body: Body,
        from: f64,
        to: f64,
    ) -> Result<Track, EventError> {
        let step = motion::scan_step(body, &self.frame);
        let times = grid(step, from, to);
        let samples = times
            .iter()
            .map(|&t| self.sample(body, t))
            .collect::<Result<Vec<_>, _>>()?;
        Track::build(&samples, |t| self.sample(body, t), EVENT_TOLERANCE)
            .map_err(|e| EventError::from_search(|| body.name().into_owned(), e))
    }

    /// The track of `first − second` over `[from, to]`, sampled at the finer of the two bodies'
    /// steps: the difference turns only where the two speeds are equal, which happens no more
    /// often than the faster body's own turns and the slower body's stations allow.
    pub(super) fn pair_track(
        &mut self,
        first: Body,
        second: Body,
        from: f64,
        to: f64,
    ) -> Result<Track, EventError> {
        let step =
            motion::scan_step(first, &self.frame).min(motion::scan_step(second, &self.frame));
        self.pair_track_at(first, second, step, from, to)
    }

    /// [`Sampler::pair_track`] at a step the caller declares.
    pub(super) fn pair_track_at(
        &mut self,
        first: Body,
        second: Body,
        step: ScanStep,
        from: f64,
        to: f64,
    ) -> Result<Track, EventError> {
        let times = grid(step, from, to);
        let samples = times
            .iter()
            .map(|&t| self.difference(first, second, t))
            .collect::<Result<Vec<_>, _>>()?;
        Track::build(
            &samples,
            |t| self.difference(first, second, t),
            EVENT_TOLERANCE,
        )
        .map_err(|e| {
            EventError::from_search(|| format!("{} and {}", first.name(), second.name()), e)
        })
    }
}

/// The grid times of `step` covering `[from, to]`: from the last grid time at or before `from`
/// to the first at or after `to`.
pub(super) fn grid(step: ScanStep, from: f64, to: f64) -> Vec<f64> {
    let days = step.days();
    let first = ((from - ANCHOR_JD) / days).floor();
    let last = ((to - ANCHOR_JD) / days).ceil().max(first + 1.0);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "windows are bounded by the request limits: a few hundred thousand steps"
    )]
    let count = (last - first) as usize + 1;
    (0..count)
        .map(|k| {
            #[allow(clippy::cast_precision_loss, reason = "k is small")]
            let k = first + k as f64;
            ANCHOR_JD + k * days
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coarse_grid_is_part_of_a_finer_one() {
        let coarse = grid(ScanStep::constant(16.0), 2_460_000.3, 2_460_400.7);
        let fine = grid(ScanStep::constant(2.0), 2_459_990.0, 2_460_500.0);
        assert!(coarse.first().unwrap() <= &2_460_000.3);
        assert!(coarse.last().unwrap() >= &2_460_400.7);
        for t in &coarse {
            assert!(fine.iter().any(|f| f.to_bits() == t.to_bits()), "{t}");
        }
    }

    #[test]
    fn an_empty_window_still_has_two_times() {
        let times = grid(ScanStep::constant(2.0), 2_460_000.0, 2_460_000.0);
        assert!(times.len() >= 2);
    }
}
