//! The workloads of Orrery's benchmarks, shared by the criterion benches (`benches/calc.rs`), the
//! thread-scaling bench (`benches/scaling.rs`) and the instruction-count example
//! (`examples/instructions.rs`, driven by `bench/instructions.sh`).
//!
//! Each workload comes in two forms computing the same numbers:
//!
//! * **raw**: the plainest sequence of Swiss Ephemeris calls, made through the hidden
//!   `orrery_ephem::baseline` module (one `swe_calc_ut` with `SEFLG_SWIEPH | SEFLG_SPEED` per
//!   body, one `swe_houses_ex2` for Placidus), with the data path set once per thread;
//! * **orrery**: what the service does for a request, through `orrery_astro` and `orrery_api`.
//!
//! Dates are drawn uniformly from 1900-2100 with a fixed seed ([`SEED`]), places from latitudes
//! -60..60 (outside the polar circles, where Placidus is defined), so every run and both forms
//! see the same sequence. The figures and the commands that produce them are in
//! `bench/RESULTS.md`.
//!
//! The event searches of issue 4 (transit windows, progressions, returns) and the compiled form
//! of their Python peer are in [`events`].
#![forbid(unsafe_code)]

pub mod calendar;
pub mod events;

use std::error::Error;

use orrery_api::ephemeris::{EphemerisInput, EphemerisRequest, EphemerisResponse};
use orrery_api::planets::{PlanetsInput, PlanetsResponse};
use orrery_astro::aspects::{
    AspectCategory, AspectConfig, AspectPoint, AspectReport, OrbSpec, find_within,
};
use orrery_astro::body::Body;
use orrery_astro::chart::{Chart, ChartInput, Frame, compute_chart};
use orrery_astro::time::{julian_day_ut, timestamp_of};
use orrery_ephem::baseline::{RawHouses, RawLibrary};
use orrery_ephem::{BodyId, CalcRequest, Ephemeris, HouseSystem, JulianDayUt, Observer};

/// Any failure of a workload (the benches stop on the first one).
pub type BenchError = Box<dyn Error + Send + Sync>;

/// The seed of every date and place sequence.
pub const SEED: u64 = 0x5eed_0f0e_7e7e;

/// Julian day (UT) of 1900-01-01T00:00Z.
const JD_1900: f64 = 2_415_020.5;
/// Julian day (UT) of 2101-01-01T00:00Z.
const JD_2101: f64 = 2_488_434.5;

/// The bodies of a benchmark chart: Sun to Pluto, both lunar nodes, Chiron.
pub const CHART_BODIES: [Body; 13] = [
    Body::Sun,
    Body::Moon,
    Body::Mercury,
    Body::Venus,
    Body::Mars,
    Body::Jupiter,
    Body::Saturn,
    Body::Uranus,
    Body::Neptune,
    Body::Pluto,
    Body::MeanNode,
    Body::TrueNode,
    Body::Chiron,
];

/// The library's numbers of [`CHART_BODIES`].
pub const CHART_BODY_IDS: [BodyId; 13] = [
    BodyId::SUN,
    BodyId::MOON,
    BodyId::MERCURY,
    BodyId::VENUS,
    BodyId::MARS,
    BodyId::JUPITER,
    BodyId::SATURN,
    BodyId::URANUS,
    BodyId::NEPTUNE,
    BodyId::PLUTO,
    BodyId::MEAN_NODE,
    BodyId::TRUE_NODE,
    BodyId::CHIRON,
];

/// The library calls behind `GET /v1/planets`: its 16 points less the Earth point, which is
/// the Sun's position turned by 180° (no call of its own).
pub const PLANETS_BODY_IDS: [BodyId; 15] = [
    BodyId::SUN,
    BodyId::MOON,
    BodyId::MERCURY,
    BodyId::VENUS,
    BodyId::MARS,
    BodyId::JUPITER,
    BodyId::SATURN,
    BodyId::URANUS,
    BodyId::NEPTUNE,
    BodyId::PLUTO,
    BodyId::MEAN_NODE,
    BodyId::TRUE_NODE,
    BodyId::MEAN_APOGEE,
    BodyId::OSCULATING_APOGEE,
    BodyId::CHIRON,
];

/// The library calls of `POST /v1/ephemeris` with its default points: Sun..Pluto, the mean node
/// and Chiron.
pub const SERIES_BODY_IDS: [BodyId; 12] = [
    BodyId::SUN,
    BodyId::MOON,
    BodyId::MERCURY,
    BodyId::VENUS,
    BodyId::MARS,
    BodyId::JUPITER,
    BodyId::SATURN,
    BodyId::URANUS,
    BodyId::NEPTUNE,
    BodyId::PLUTO,
    BodyId::MEAN_NODE,
    BodyId::CHIRON,
];

/// Samples of the benchmark series: the most one request may ask for.
pub const SERIES_SAMPLES: usize = 10_000;
/// The series' first instant, 2000-01-01T00:00Z, as a Julian day (UT).
pub const SERIES_START_JD: f64 = 2_451_544.5;

/// SplitMix64: a tiny, well-mixed generator, so the sequences need no dependency.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn next_unit(&mut self) -> f64 {
        // The top 53 bits: every value is exact and below 1.
        #[allow(clippy::cast_precision_loss, reason = "53 bits fit a double exactly")]
        let mantissa = (self.next_u64() >> 11) as f64;
        mantissa / (1_u64 << 53) as f64
    }
}

/// One chart's inputs: a date and a place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    pub jd: JulianDayUt,
    pub place: Observer,
}

/// `n` dates uniform over 1900-2100 (to the whole second, as the API takes them), with places.
#[must_use]
pub fn samples(n: usize, seed: u64) -> Vec<Sample> {
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let jd = JD_1900 + rng.next_unit() * (JD_2101 - JD_1900);
            // Round to the second through the API's own conversion.
            let jd = timestamp_of(JulianDayUt(jd)).map_or(JulianDayUt(jd), julian_day_ut);
            Sample {
                jd,
                place: Observer {
                    lat_deg: -60.0 + 120.0 * rng.next_unit(),
                    lon_deg: -180.0 + 360.0 * rng.next_unit(),
                    alt_m: 0.0,
                },
            }
        })
        .collect()
}

/// The aspects of a benchmark chart: the major ones with the default (classic) orbs.
///
/// # Panics
/// Never: the major category is not empty.
#[must_use]
pub fn aspect_config() -> AspectConfig {
    AspectConfig::new(
        orrery_astro::aspects::Aspect::of_categories(&[AspectCategory::Major]),
        OrbSpec::default(),
    )
    .expect("the major aspects are not empty")
}

/// What `/v1/radix` computes: the chart of [`CHART_BODIES`] with Placidus houses, then the
/// aspects between the bodies.
///
/// # Errors
/// The chart's or an aspect point's error.
pub fn orrery_chart(
    eph: &Ephemeris,
    sample: &Sample,
    config: &AspectConfig,
) -> Result<(Chart, AspectReport), BenchError> {
    let input = ChartInput {
        jd: sample.jd,
        place: sample.place,
        bodies: CHART_BODIES.to_vec(),
        frame: Frame::GEOCENTRIC_TROPICAL,
        house_system: Some(HouseSystem::PLACIDUS),
    };
    let chart = compute_chart(eph, &input)?;
    let points = chart
        .positions
        .iter()
        .map(|p| AspectPoint::new(p.body.name(), p.lon, Some(p.lon_speed_deg_per_day)))
        .collect::<Result<Vec<_>, _>>()?;
    let report = find_within(&points, config);
    Ok((chart, report))
}

/// The same chart's library calls, made directly: 13 × `swe_calc_ut`, 1 × `swe_houses_ex2`.
pub fn raw_chart(raw: &RawLibrary, sample: &Sample, out: &mut [[f64; 6]; 13]) -> RawHouses {
    raw.chart(
        sample.jd.0,
        sample.place.lat_deg,
        sample.place.lon_deg,
        &CHART_BODY_IDS,
        out,
    )
}

/// The input of `GET /v1/planets` at the sample's date.
///
/// # Errors
/// A date jiff cannot represent (none between 1900 and 2100).
pub fn planets_input(sample: &Sample) -> Result<PlanetsInput, BenchError> {
    let instant = timestamp_of(sample.jd).ok_or("date out of jiff's range")?;
    Ok(PlanetsInput {
        instant,
        jd: julian_day_ut(instant),
    })
}

/// What `GET /v1/planets` computes (16 points, the response DTO), without HTTP and JSON.
///
/// # Errors
/// A body without data at the date.
pub fn orrery_planets(
    eph: &Ephemeris,
    input: &PlanetsInput,
) -> Result<PlanetsResponse, BenchError> {
    Ok(orrery_api::planets::compute(eph, input)?)
}

/// The same points' library calls, made directly: 15 × `swe_calc_ut`.
pub fn raw_planets(raw: &RawLibrary, jd_ut: f64, out: &mut [[f64; 6]; 15]) {
    for (body, row) in PLANETS_BODY_IDS.iter().zip(out.iter_mut()) {
        *row = raw.calc(jd_ut, *body).map_or([0.0; 6], |(x, _)| x);
    }
}

/// The benchmark series: `POST /v1/ephemeris` with its defaults (12 points, longitude and
/// retrograde, daily steps) from 2000-01-01 to 2027-05-18, i.e. 10,000 samples.
///
/// # Errors
/// The request no longer validates (the endpoint's rules changed).
pub fn ephemeris_input() -> Result<EphemerisInput, BenchError> {
    // Parsed as the server parses a body.
    let request: EphemerisRequest = orrery_api::parse::json_value(serde_json::json!({
        "start": "2000-01-01T00:00:00Z",
        "end": "2027-05-18T00:00:00Z",
    }))?;
    let input = EphemerisInput::try_from(&request)?;
    if input.sample_count() != SERIES_SAMPLES || input.points().len() != SERIES_BODY_IDS.len() {
        return Err(format!(
            "the series has {} samples of {} points, not {SERIES_SAMPLES} of {}",
            input.sample_count(),
            input.points().len(),
            SERIES_BODY_IDS.len()
        )
        .into());
    }
    Ok(input)
}

/// What `POST /v1/ephemeris` computes for `input` (the response DTO), without HTTP and JSON.
///
/// # Errors
/// A point without data at a sample.
pub fn orrery_ephemeris(
    eph: &Ephemeris,
    input: &EphemerisInput,
) -> Result<EphemerisResponse, BenchError> {
    Ok(orrery_api::ephemeris::compute(eph, input)?)
}

/// The same series' library calls, made directly: `swe_calc_ut` for each of the 12 points at
/// each of the 10,000 days, in the endpoint's order (samples outer, points inner), into `out`.
pub fn raw_ephemeris(raw: &RawLibrary, out: &mut [[[f64; 6]; 12]]) {
    let mut jd = SERIES_START_JD;
    for sample in out.iter_mut() {
        for (body, row) in SERIES_BODY_IDS.iter().zip(sample.iter_mut()) {
            *row = raw.calc(jd, *body).map_or([0.0; 6], |(x, _)| x);
        }
        jd += 1.0;
    }
}

/// The same series' positions through the position cache (`Ephemeris::calc_cached`, true
/// equinox, in the endpoint's order), into `out`: what the series would cost if the endpoint
/// took its positions from the cache, which it does not (docs/CACHE.md).
///
/// # Errors
/// A point without data at a sample.
pub fn cached_ephemeris(eph: &Ephemeris, out: &mut [[[f64; 6]; 12]]) -> Result<(), BenchError> {
    let mut jd = SERIES_START_JD;
    for sample in out.iter_mut() {
        for (body, row) in SERIES_BODY_IDS.iter().zip(sample.iter_mut()) {
            let calculated = eph.calc_cached(JulianDayUt(jd), &CalcRequest::new(*body))?;
            let p = calculated.ecliptic().ok_or("no ecliptic position")?;
            *row = p.to_array();
        }
        jd += 1.0;
    }
    Ok(())
}

/// Opens the repository's data directory (or `ORRERY_EPHE_PATH`).
///
/// # Errors
/// The directory is missing or incomplete.
pub fn open_ephemeris() -> Result<Ephemeris, BenchError> {
    Ok(Ephemeris::open(Ephemeris::default_data_dir())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The baseline must compute what Orrery computes, or the comparison means nothing.
    #[test]
    fn raw_and_orrery_charts_agree_bit_for_bit() -> Result<(), BenchError> {
        let eph = open_ephemeris()?;
        let raw = RawLibrary::new(&eph)?;
        let config = aspect_config();
        let mut rows = [[0.0; 6]; 13];
        for sample in samples(50, SEED) {
            let houses = raw_chart(&raw, &sample, &mut rows);
            let (chart, _) = orrery_chart(&eph, &sample, &config)?;
            for (row, position) in rows.iter().zip(&chart.positions) {
                assert_eq!(row[0].to_bits(), position.lon.degrees().to_bits());
                assert_eq!(row[3].to_bits(), position.lon_speed_deg_per_day.to_bits());
            }
            let cusps = chart.houses.ok_or("no houses")?.cusps;
            for (raw_cusp, cusp) in houses.cusps[1..].iter().zip(&cusps) {
                assert_eq!(raw_cusp.to_bits(), cusp.lon_deg.to_bits());
            }
        }
        Ok(())
    }

    #[test]
    fn raw_and_orrery_planets_agree() -> Result<(), BenchError> {
        let eph = open_ephemeris()?;
        let raw = RawLibrary::new(&eph)?;
        let mut rows = [[0.0; 6]; 15];
        for sample in samples(20, SEED) {
            let input = planets_input(&sample)?;
            raw_planets(&raw, input.jd.0, &mut rows);
            let response = orrery_planets(&eph, &input)?;
            let points = &response.planets.0;
            assert_eq!(points.len(), 16);
            // The response has the Earth point between the osculating apogee and Chiron.
            let without_earth = points[..14].iter().chain(&points[15..]);
            for (row, (_, dto)) in rows.iter().zip(without_earth) {
                assert_eq!(row[0].to_bits(), dto.longitude.to_bits());
                assert_eq!(row[5].to_bits(), dto.distance_speed.to_bits());
            }
        }
        Ok(())
    }

    #[test]
    fn raw_and_orrery_series_agree() -> Result<(), BenchError> {
        let eph = open_ephemeris()?;
        let raw = RawLibrary::new(&eph)?;
        let input = ephemeris_input()?;
        let mut rows = vec![[[0.0; 6]; 12]; SERIES_SAMPLES];
        raw_ephemeris(&raw, &mut rows);
        let response = orrery_ephemeris(&eph, &input)?;
        assert_eq!(response.samples.len(), SERIES_SAMPLES);
        let pairs = response.samples.iter().zip(&rows).enumerate();
        for (day, (sample, raw_sample)) in pairs.step_by(997) {
            // The endpoint's Julian days are the raw loop's, bit for bit.
            #[allow(clippy::cast_precision_loss, reason = "day < 10,000")]
            let jd = SERIES_START_JD + day as f64;
            assert_eq!(sample.julian_day_ut.to_bits(), jd.to_bits());
            for ((_, values), row) in sample.points.0.iter().zip(raw_sample) {
                assert_eq!(values.longitude.map(f64::to_bits), Some(row[0].to_bits()));
            }
        }
        Ok(())
    }

    #[test]
    fn the_cached_series_is_the_raw_one_within_the_cache_bounds() -> Result<(), BenchError> {
        let eph = open_ephemeris()?;
        let raw = RawLibrary::new(&eph)?;
        let mut rows = vec![[[0.0; 6]; 12]; 400];
        let mut cached = rows.clone();
        raw_ephemeris(&raw, &mut rows);
        cached_ephemeris(&eph, &mut cached)?;
        for (raw_sample, cached_sample) in rows.iter().zip(&cached) {
            for (r, c) in raw_sample.iter().zip(cached_sample) {
                // 0.0015″ (the Moon's bound, docs/CACHE.md), across the 0/360 seam.
                let diff = ((r[0] - c[0] + 180.0).rem_euclid(360.0) - 180.0).abs();
                assert!(diff <= 0.0015 / 3600.0, "{diff}");
            }
        }
        Ok(())
    }

    #[test]
    fn samples_cover_the_two_centuries() {
        let s = samples(10_000, SEED);
        let (lo, hi) = s.iter().fold((f64::MAX, f64::MIN), |(lo, hi), x| {
            (lo.min(x.jd.0), hi.max(x.jd.0))
        });
        assert!((JD_1900..JD_1900 + 100.0).contains(&lo));
        assert!((JD_2101 - 100.0..JD_2101).contains(&hi));
    }
}
