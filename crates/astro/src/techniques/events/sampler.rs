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
use crate::angle::wrap_180;
use crate::body::Body;
use crate::chart::{Center, ChartError, Frame, search_position};
use crate::search::{SECOND_DAYS, Sample, ScanStep, Track, interpolate};
use crate::techniques::motion;
use crate::time::JulianDayUt;

/// The grid's anchor: J2000 (UT), so that grid times are the same for every request.
const ANCHOR_JD: f64 = 2_451_545.0;

/// The longest step over which [`Sampler::longitude_near`] carries a longitude from a probe:
/// one minute, the largest Newton correction the refinement accepts from its probe
/// ([`crate::search::Track::refine`]).
const CARRY_LIMIT_DAYS: f64 = 60.0 * SECOND_DAYS;

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
/// Every position is a geocentric longitude from the true equinox of date, from the position
/// cache where it holds the body (docs/CACHE.md). A difference of two longitudes (aspects, the
/// Moon's phase) is the same in every zodiac (the nutation and the ayanamsa are added to both
/// alike), so it is taken from tropical longitudes, which the cache holds: in a tropical
/// calendar these are the very samples of the bodies' own tracks (ingresses, stations), so each
/// body is sampled once per grid time for every type, and a difference costs no position of
/// its own. The longitudes an event reports at its exact time are carried from the
/// refinement's probe (see [`Sampler::longitude_near`]) instead of being computed again.
///
/// A single longitude is the cache's (or the library's) value, never a mean longitude plus an
/// interpolated nutation: the nutation interpolated on a grid
/// ([`crate::techniques::nutation`]) was measured here and did not pay, since a calendar's
/// samples are days apart and each would need grid values of its own; and its rate, within
/// 1e-7°/day, would move a slow planet's station by a minute.
pub(super) struct Sampler<'e> {
    eph: &'e Ephemeris,
    frame: Frame,
    cache: KeyMap,
    /// Tropical samples for the differences of a sidereal calendar (a tropical calendar's are
    /// in `cache`).
    tropical_cache: KeyMap,
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
            tropical_cache: KeyMap::default(),
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

    /// `body`'s geocentric tropical longitude and speed at `jd`: the zodiac's samples in a
    /// tropical calendar, samples of their own in a sidereal one.
    fn tropical_sample(&mut self, body: Body, jd: f64) -> Result<Sample, ChartError> {
        if self.frame.zodiac == Zodiac::Tropical {
            return self.sample(body, jd);
        }
        if let Some(sample) = self.tropical_cache.get(&(body, jd.to_bits())) {
            return Ok(*sample);
        }
        let p = search_position(
            self.eph,
            JulianDayUt(jd),
            body,
            &Frame::GEOCENTRIC_TROPICAL,
            Equinox::True,
        )?;
        let sample = Sample {
            t_day: jd,
            value_deg: p.lon.degrees(),
            rate_deg_per_day: p.lon_speed_deg_per_day,
        };
        self.tropical_cache.insert((body, jd.to_bits()), sample);
        Ok(sample)
    }

    /// `body`'s longitude in the calendar's zodiac at `jd`: in the tropical zodiac, from the
    /// position cache where it holds the body (docs/CACHE.md), an evaluation of its series.
    pub(super) fn longitude(&mut self, body: Body, jd: f64) -> Result<f64, ChartError> {
        Ok(self.sample(body, jd)?.value_deg)
    }

    /// [`Sampler::longitude`] at an event's exact time `jd`, found by a refinement whose first
    /// evaluation (of this body too) was at `probe`. Where the refinement ended with a
    /// Newton step from the probe, `jd` was never evaluated: the body's longitude is carried
    /// there from the probe's with its speed, as the refinement carried the difference. The
    /// step is at most [`CARRY_LIMIT_DAYS`], over which the longitude departs from the line by
    /// half its acceleration times the step squared: for the Moon (at most 0.5°/day²) 1.2e-7°
    /// (0.0004″), under the position cache's own error for it (docs/CACHE.md), and less for
    /// every slower body. A sidereal calendar's probe was tropical, so its longitude is
    /// computed.
    pub(super) fn longitude_near(
        &mut self,
        body: Body,
        jd: f64,
        probe: f64,
    ) -> Result<f64, ChartError> {
        if let Some(sample) = self.cache.get(&(body, jd.to_bits())) {
            return Ok(sample.value_deg);
        }
        if (jd - probe).abs() <= CARRY_LIMIT_DAYS
            && let Some(at_probe) = self.cache.get(&(body, probe.to_bits()))
        {
            return Ok(at_probe.value_deg + at_probe.rate_deg_per_day * (jd - probe));
        }
        self.longitude(body, jd)
    }

    /// `first − second` in longitude (and speed) at `jd`, tropical (the same in every zodiac).
    pub(super) fn difference(
        &mut self,
        first: Body,
        second: Body,
        jd: f64,
    ) -> Result<Sample, ChartError> {
        let a = self.tropical_sample(first, jd)?;
        let b = self.tropical_sample(second, jd)?;
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
    /// often than the faster body's own turns and the slower body's stations allow. `targets`
    /// are the differences the caller will look for (see [`Sampler::pair_track_at`]).
    pub(super) fn pair_track(
        &mut self,
        first: Body,
        second: Body,
        targets: &[f64],
        from: f64,
        to: f64,
    ) -> Result<Track, EventError> {
        let step =
            motion::scan_step(first, &self.frame).min(motion::scan_step(second, &self.frame));
        self.pair_track_at(first, second, step, targets, from, to)
    }

    /// [`Sampler::pair_track`] at a step the caller declares.
    ///
    /// A body whose own step is coarser than the pair's is read between its own samples by
    /// their cubic ([`interpolated_step`]) rather than computed at every time of the pair's
    /// grid: a Moon or Mercury pair samples every 2 days, and the other body's own samples are
    /// 4 to 16 days apart. The track's nodes only bracket the crossings and give their first
    /// estimates (every crossing is refined on real positions, and so is every turn of the
    /// difference), so a node may be off by the cubic's error as long as it stays on the right
    /// side of every target and its rate on the right side of zero: a node whose interpolated
    /// difference comes within [`INTERPOLATED_VALUE_MARGIN_DEG`] of one of `targets`, or whose
    /// rate within [`INTERPOLATED_RATE_MARGIN_DEG_PER_DAY`] of zero, is computed.
    pub(super) fn pair_track_at(
        &mut self,
        first: Body,
        second: Body,
        step: ScanStep,
        targets: &[f64],
        from: f64,
        to: f64,
    ) -> Result<Track, EventError> {
        let times = grid(step, from, to);
        let samples = times
            .iter()
            .map(|&t| self.pair_node(first, second, step, targets, t))
            .collect::<Result<Vec<_>, _>>()?;
        Track::build_for_targets(
            &samples,
            |t| self.difference(first, second, t),
            EVENT_TOLERANCE,
            targets,
            UNSOLVED_TURN_MARGIN_DEG,
        )
        .map_err(|e| {
            EventError::from_search(|| format!("{} and {}", first.name(), second.name()), e)
        })
    }

    /// The difference at a time of the pair's grid: from the bodies' own samples where they
    /// are coarser and the result is safe to use (see [`Sampler::pair_track_at`]), computed
    /// otherwise.
    fn pair_node(
        &mut self,
        first: Body,
        second: Body,
        step: ScanStep,
        targets: &[f64],
        t: f64,
    ) -> Result<Sample, EventError> {
        let a = self.read_between_own_samples(first, step, t)?;
        let b = self.read_between_own_samples(second, step, t)?;
        if let (Some(a), Some(b)) = (a, b) {
            let difference = Sample {
                t_day: t,
                value_deg: a.value_deg - b.value_deg,
                rate_deg_per_day: a.rate_deg_per_day - b.rate_deg_per_day,
            };
            let near_target = targets.iter().any(|&target| {
                wrap_180(difference.value_deg - target).abs() < INTERPOLATED_VALUE_MARGIN_DEG
            });
            if !near_target
                && difference.rate_deg_per_day.abs() >= INTERPOLATED_RATE_MARGIN_DEG_PER_DAY
            {
                return Ok(difference);
            }
        }
        Ok(self.difference(first, second, t)?)
    }

    /// `body`'s tropical sample at `t`: its own where `t` is on its own grid, interpolated
    /// between its own where that grid is coarser than `pair_step` and the body's cubic is
    /// known to hold ([`interpolated_step`]); `None` where it has to be computed.
    fn read_between_own_samples(
        &mut self,
        body: Body,
        pair_step: ScanStep,
        t: f64,
    ) -> Result<Option<Sample>, EventError> {
        let Some(own) = interpolated_step(body).filter(|own| own.days() > pair_step.days()) else {
            return Ok(self.tropical_sample(body, t).map(Some)?);
        };
        // The body's own grid times around `t`, exactly as its own track has them, so that
        // both are read from the samples it already holds.
        let index = grid_index_at_or_before(own, t);
        let before = grid_time(own, index);
        if before.to_bits() == t.to_bits() {
            return Ok(Some(self.tropical_sample(body, t)?));
        }
        let a = self.tropical_sample(body, before)?;
        let b = self.tropical_sample(body, grid_time(own, index + 1.0))?;
        if !consistent(&a, &b) {
            return Ok(None);
        }
        match interpolate(&a, &b, t) {
            Ok(sample) => Ok(Some(sample)),
            // A motion the cubic cannot follow: the real position, and the track's own check.
            Err(_) => Ok(None),
        }
    }
}

/// A pair's difference turns where the two speeds are equal (Mercury's greatest elongations,
/// any planet's stations seen against another's motion); a turn is solved only where one of
/// the targets comes within this of the step around it ([`Track::build_for_targets`]), since
/// only the crossings of the targets are asked for. Four times the interpolated nodes' margin:
/// the step's cubic, from nodes off by at most a tenth of that margin, is off by about as much
/// inside.
const UNSOLVED_TURN_MARGIN_DEG: f64 = 1.0;

/// Whether a body's two own samples agree with their rates: the motion between them within
/// [`RATE_MISMATCH_DEG`] of what the mean of their rates predicts. The library's speed is
/// numerical and jumps where a planet passes behind the Sun (Uranus in June 1944: 0.017°/day
/// off at one sample, its longitude itself fine), and a wrong rate at one end moves the cubic
/// inside by up to 0.3 times that mismatch: such a step is computed, not read.
fn consistent(a: &Sample, b: &Sample) -> bool {
    let h = b.t_day - a.t_day;
    let predicted = 0.5 * h * (a.rate_deg_per_day + b.rate_deg_per_day);
    (wrap_180(b.value_deg - a.value_deg) - predicted).abs() <= RATE_MISMATCH_DEG
}

/// See [`consistent`]: honest steps of the bodies of [`interpolated_step`] show up to 0.039°
/// (Mars at 8 days near an opposition, Jupiter at 16; 1900–2100), Uranus' glitch of 1944
/// 0.142°. A rate wrong by the most this lets through moves the cubic by 0.015°.
const RATE_MISMATCH_DEG: f64 = 0.05;

/// How close to a target an interpolated difference may come before its node is computed:
/// over eighty times the cubic's worst error (see [`interpolated_step`]), and over ten times
/// what a wrong rate let through by [`consistent`] could add.
const INTERPOLATED_VALUE_MARGIN_DEG: f64 = 0.25;

/// How close to zero an interpolated difference's rate may come before its node is computed,
/// so that the turns of the difference are bracketed on the right side: six times the worst
/// error of an interpolated rate (see [`interpolated_step`]).
const INTERPOLATED_RATE_MARGIN_DEG_PER_DAY: f64 = 0.05;

/// The bodies read between their own samples by [`Sampler::pair_track_at`], with their own
/// (geocentric) steps. Their cubic's worst error at the 2-day points between their own
/// samples, 1900–2100, in longitude and speed, over the steps [`consistent`] lets through
/// (the test `interpolation_errors_stay_well_inside_the_margins` prints them): the Sun (8
/// days) 9.3e-5° and 3.6e-5°/day, Venus (4) 4.0e-4° and 9.6e-4°/day, Mars (8) 2.5e-3° and
/// 8.1e-4°/day, Jupiter (16) 2.9e-3° and 4.0e-3°/day, Saturn 8.7e-4° and 2.9e-3°/day, Uranus
/// 2.1e-3° and 7.1e-3°/day, Neptune 3.1e-3° and 3.2e-3°/day, Pluto 8.4e-4° and 7.7e-3°/day,
/// Chiron 7.6e-4° and 2.3e-3°/day. The Moon and Mercury have the finest step; the other
/// bodies are not read this way.
fn interpolated_step(body: Body) -> Option<ScanStep> {
    match body {
        Body::Sun
        | Body::Venus
        | Body::Mars
        | Body::Jupiter
        | Body::Saturn
        | Body::Uranus
        | Body::Neptune
        | Body::Pluto
        | Body::Chiron => Some(motion::scan_step(body, &Frame::GEOCENTRIC_TROPICAL)),
        _ => None,
    }
}

/// The grid times of `step` covering `[from, to]`: from the last grid time at or before `from`
/// to the first at or after `to`.
pub(super) fn grid(step: ScanStep, from: f64, to: f64) -> Vec<f64> {
    let first = grid_index_at_or_before(step, from);
    let last = ((to - ANCHOR_JD) / step.days()).ceil().max(first + 1.0);
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
            grid_time(step, k)
        })
        .collect()
}

/// The index (from [`ANCHOR_JD`]) of the last time of `step`'s grid at or before `t`.
fn grid_index_at_or_before(step: ScanStep, t: f64) -> f64 {
    ((t - ANCHOR_JD) / step.days()).floor()
}

/// The time of `step`'s grid with `index`: the same bits wherever it is asked for, which the
/// sample caches' keys rely on.
fn grid_time(step: ScanStep, index: f64) -> f64 {
    ANCHOR_JD + index * step.days()
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

    /// The worst errors of [`interpolated_step`]'s cubics, which its margins are set from:
    /// `cargo test --release -p orrery-astro --lib interpolation_errors -- --ignored --nocapture`.
    #[test]
    #[ignore = "a 200-year sweep of nine bodies; run by hand in release"]
    fn interpolation_errors_stay_well_inside_the_margins() {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens");
        let frame = Frame::GEOCENTRIC_TROPICAL;
        let at = |body: Body, t: f64| {
            let p = search_position(&eph, JulianDayUt(t), body, &frame, Equinox::True)
                .expect("a position");
            Sample {
                t_day: t,
                value_deg: p.lon.degrees(),
                rate_deg_per_day: p.lon_speed_deg_per_day,
            }
        };
        let (from, to) = (ANCHOR_JD - 36_525.0, ANCHOR_JD + 36_525.0);
        for body in super::super::DEFAULT_EVENT_BODIES {
            let Some(own) = interpolated_step(body) else {
                continue;
            };
            let (mut worst_deg, mut worst_rate, mut worst_mismatch) = (0.0_f64, 0.0_f64, 0.0_f64);
            for pair in grid(own, from, to).windows(2) {
                let (a, b) = (at(body, pair[0]), at(body, pair[1]));
                let mismatch = (wrap_180(b.value_deg - a.value_deg)
                    - 0.5 * (b.t_day - a.t_day) * (a.rate_deg_per_day + b.rate_deg_per_day))
                    .abs();
                println_if_large(body, pair[0], mismatch);
                if !consistent(&a, &b) {
                    continue;
                }
                worst_mismatch = worst_mismatch.max(mismatch);
                for t in grid(ScanStep::constant(2.0), pair[0], pair[1]) {
                    if t <= pair[0] || t >= pair[1] {
                        continue;
                    }
                    let read = interpolate(&a, &b, t).expect("a cubic");
                    let real = at(body, t);
                    worst_deg = worst_deg.max(wrap_180(read.value_deg - real.value_deg).abs());
                    worst_rate =
                        worst_rate.max((read.rate_deg_per_day - real.rate_deg_per_day).abs());
                }
            }
            println!(
                "{}: {worst_deg:.2e}° {worst_rate:.2e}°/day (steps used: mismatch up to {worst_mismatch:.2e}°)",
                body.name()
            );
            assert!(
                worst_deg < INTERPOLATED_VALUE_MARGIN_DEG / 10.0,
                "{}",
                body.name()
            );
            assert!(
                worst_rate < INTERPOLATED_RATE_MARGIN_DEG_PER_DAY / 5.0,
                "{}",
                body.name()
            );
        }
    }

    fn println_if_large(body: Body, t: f64, mismatch: f64) {
        if mismatch > RATE_MISMATCH_DEG {
            println!(
                "  {} at {t}: rates and motion differ by {mismatch:.3}°",
                body.name()
            );
        }
    }

    #[test]
    fn an_empty_window_still_has_two_times() {
        let times = grid(ScanStep::constant(2.0), 2_460_000.0, 2_460_000.0);
        assert!(times.len() >= 2);
    }
}
