//! The geometry of the Swiss Ephemeris' global eclipse search (`swecl.c`:
//! `swe_sol_eclipse_when_glob`, `eclipse_where`, `swe_lun_eclipse_when`, `lun_eclipse_how`),
//! written out over plain position vectors so that the search can run on the position cache
//! instead of the library's own calls (docs/EVENTS.md, "Eclipses").
//!
//! Each function follows the library's formula and constants step by step, so that the same
//! positions give the same instants: the greatest eclipse as the library defines it (the least
//! geocentric distance of the discs' edges for a solar eclipse, the least selenocentric
//! distance of the Sun's and the Earth's edges for a lunar one), found by the library's own
//! parabola steps from the library's own first estimate, and the contacts by its own
//! quadratic and secant steps. Only the positions differ: the cache's, within its bounds
//! (docs/CACHE.md), instead of fresh library calls.

/// The astronomical unit in metres, as the library (DE431).
const AU_M: f64 = 1.495_978_707_00e11;
/// The library's eclipse diameters (`swecl.c`: `DSUN`, `DMOON`, `DEARTH`), AU.
const SUN_DIAMETER_AU: f64 = 1_392_000_000.0 / AU_M;
const MOON_DIAMETER_AU: f64 = 3_476_300.0 / AU_M;
const EARTH_DIAMETER_AU: f64 = 6_378_140.0 * 2.0 / AU_M;
const SUN_RADIUS_AU: f64 = SUN_DIAMETER_AU / 2.0;
const MOON_RADIUS_AU: f64 = MOON_DIAMETER_AU / 2.0;
const EARTH_RADIUS_AU: f64 = EARTH_DIAMETER_AU / 2.0;
/// The Earth's flattening in the library's solar eclipse geometry (AA 2006 K6).
const EARTH_FLATTENING: f64 = 1.0 / 298.256_42;
/// The Earth's radius in the contact conditions of `swe_sol_eclipse_when_glob`, km.
const EARTH_RADIUS_KM: f64 = 6378.140;
const J2000: f64 = 2_451_545.0;
const DEG: f64 = std::f64::consts::PI / 180.0;

/// `swe_sol_eclipse_when_glob`'s contact search: two hours either side, then secant steps of
/// 10/3 minutes, thirded three times.
const SOLAR_FIRST_STEP_DAYS: f64 = 2.0 / 24.0;
const SOLAR_SECANT_STEP_DAYS: f64 = 10.0 / 1440.0 / 3.0;
/// `swe_lun_eclipse_when`'s: two hours either side, then halving secant steps.
const LUNAR_FIRST_STEP_DAYS: f64 = 2.0 / 24.0;

pub(super) type Vector = [f64; 3];

fn dot(a: &Vector, b: &Vector) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn norm(a: &Vector) -> f64 {
    dot(a, a).sqrt()
}

fn sub(a: &Vector, b: &Vector) -> Vector {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn scale(a: &Vector, k: f64) -> Vector {
    [a[0] * k, a[1] * k, a[2] * k]
}

/// The angle between two directions, degrees (`acos` of the unit vectors' product, clamped as
/// the library's `swi_dot_prod_unit`).
fn angle_deg(a: &Vector, b: &Vector) -> f64 {
    let d = dot(a, b) / (norm(a) * norm(b));
    d.clamp(-1.0, 1.0).acos() / DEG
}

/// Spherical (longitude, latitude in degrees, distance) to rectangular.
pub(super) fn rectangular(lon_deg: f64, lat_deg: f64, dist: f64) -> Vector {
    let (lon, lat) = (lon_deg * DEG, lat_deg * DEG);
    [
        dist * lat.cos() * lon.cos(),
        dist * lat.cos() * lon.sin(),
        dist * lat.sin(),
    ]
}

/// An ecliptic vector of date turned into the equator of date, `obliquity_deg` the true
/// obliquity.
pub(super) fn to_equatorial(v: &Vector, obliquity_deg: f64) -> Vector {
    let (s, c) = (obliquity_deg * DEG).sin_cos();
    [v[0], v[1] * c - v[2] * s, v[1] * s + v[2] * c]
}

/// The Sun's and the Moon's apparent geocentric positions at one instant, AU.
#[derive(Debug, Clone, Copy)]
pub(super) struct SunMoon {
    pub sun: Vector,
    pub moon: Vector,
}

/// The library's measure of a solar eclipse's progress: the geocentric angle between the
/// Sun's and the Moon's centres less both radii, degrees. Its minimum is the greatest eclipse.
pub(super) fn solar_separation_deg(p: &SunMoon) -> f64 {
    let rmoon = (MOON_RADIUS_AU / norm(&p.moon)).asin() / DEG;
    let rsun = (SUN_RADIUS_AU / norm(&p.sun)).asin() / DEG;
    angle_deg(&p.sun, &p.moon) - (rmoon + rsun)
}

/// The same seen from the Moon, for a lunar eclipse: the selenocentric angle between the Sun
/// and the Earth less both radii, degrees.
pub(super) fn lunar_separation_deg(p: &SunMoon) -> f64 {
    let sun = sub(&p.sun, &p.moon);
    let earth = scale(&p.moon, -1.0);
    let rearth = (EARTH_RADIUS_AU / norm(&earth)).asin() / DEG;
    let rsun = (SUN_RADIUS_AU / norm(&sun)).asin() / DEG;
    angle_deg(&sun, &earth) - (rearth + rsun)
}

/// `find_maximum`: the vertex of the parabola through three values `dx` apart, as the offset
/// the library adds to the first time (`tjd += dtint + dt`, here returned as `dtint + dt`).
fn parabola_vertex_offset(y0: f64, y1: f64, y2: f64, dx: f64) -> f64 {
    let b = (y2 - y0) / 2.0;
    let a = (y2 + y0) / 2.0 - y1;
    let x = -b / 2.0 / a;
    (x - 1.0) * dx + dx
}

/// `find_zero`: the two roots of the parabola through three values `dx` apart, in the library's
/// form `(x − 1)·dx` with `x` the root's place in steps from the middle value (the root is at
/// `middle + offset + dx`), or `None` where it has none (the library then keeps its previous
/// values).
fn parabola_roots(y0: f64, y1: f64, y2: f64, dx: f64) -> Option<(f64, f64)> {
    let c = y1;
    let b = (y2 - y0) / 2.0;
    let a = (y2 + y0) / 2.0 - c;
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return None;
    }
    let x1 = (-b + disc.sqrt()) / 2.0 / a;
    let x2 = (-b - disc.sqrt()) / 2.0 / a;
    Some(((x1 - 1.0) * dx, (x2 - 1.0) * dx))
}

/// Which syzygy: the library numbers new moons by `k` from 2000 January 6 and full moons by
/// `k + ½`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Syzygy {
    New,
    Full,
}

/// The library's first lunation number for a search from `start_jd_ut` (`K` of
/// `swe_sol_eclipse_when_glob` and `swe_lun_eclipse_when`, before their loop).
pub(super) fn first_lunation(start_jd_ut: f64) -> f64 {
    ((start_jd_ut - J2000) / 365.2425 * 12.3685).trunc() - 1.0
}

/// Meeus' mean lunation (Astronomical Algorithms ch. 49, as in the library): the time (TT) of
/// the mean syzygy `k`, and whether the Moon's argument of latitude then is within 21° of a
/// node — the library's test for a possible eclipse, with a wide margin over the eclipse
/// limits (about 18.5° for the Sun, 17° for the Moon's penumbra, after the largest periodic
/// terms). `None` where no eclipse is possible.
pub(super) fn syzygy_estimate(k: f64, kind: Syzygy) -> Option<f64> {
    let k = match kind {
        Syzygy::New => k,
        Syzygy::Full => k + 0.5,
    };
    let t = k / 1236.85;
    let (t2, t3, t4) = (t * t, t * t * t, t * t * t * t);
    let f_deg = (160.7108 + 390.670_502_74 * k - 0.001_634_1 * t2 - 0.000_002_27 * t3
        + 0.000_000_011 * t4)
        .rem_euclid(360.0);
    let ff = if f_deg > 180.0 { f_deg - 180.0 } else { f_deg };
    if ff > 21.0 && ff < 159.0 {
        return None;
    }
    let mean = 2_451_550.097_65 + 29.530_588_853 * k + 0.000_133_7 * t2 - 0.000_000_150 * t3
        + 0.000_000_000_73 * t4;
    let m =
        (2.5534 + 29.105_356_69 * k - 0.000_021_8 * t2 - 0.000_000_11 * t3).rem_euclid(360.0) * DEG;
    let mm =
        (201.5643 + 385.816_935_28 * k + 0.101_743_8 * t2 + 0.000_012_39 * t3 + 0.000_000_058 * t4)
            .rem_euclid(360.0)
            * DEG;
    let e = 1.0 - 0.002_516 * t - 0.000_007_4 * t2;
    Some(match kind {
        Syzygy::New => mean - 0.4075 * mm.sin() + 0.1721 * e * m.sin(),
        Syzygy::Full => {
            let om = (124.7746 - 1.563_755_80 * k + 0.002_069_1 * t2 + 0.000_002_15 * t3)
                .rem_euclid(360.0)
                * DEG;
            let a1 = (299.77 + 0.107_408 * k - 0.009_173 * t2).rem_euclid(360.0) * DEG;
            let f1 = f_deg * DEG - 0.02665 * om.sin() * DEG;
            mean - 0.4075 * mm.sin() + 0.1721 * e * m.sin() + 0.0161 * (2.0 * mm).sin()
                - 0.0097 * (2.0 * f1).sin()
                + 0.0073 * e * (mm - m).sin()
                - 0.0050 * e * (mm + m).sin()
                - 0.0023 * (mm - 2.0 * f1).sin()
                + 0.0021 * e * (2.0 * m).sin()
                + 0.0012 * (mm + 2.0 * f1).sin()
                + 0.0006 * e * (2.0 * mm + m).sin()
                - 0.0004 * (3.0 * mm).sin()
                - 0.0003 * e * (m + 2.0 * f1).sin()
                + 0.0003 * a1.sin()
                - 0.0002 * e * (m - 2.0 * f1).sin()
                - 0.0002 * e * (2.0 * mm - m).sin()
                - 0.0002 * om.sin()
        }
    })
}

/// The greatest eclipse (TT) by the library's steps from its estimate `tjd_tt`: three values
/// `dt` apart, the parabola's vertex, `dt` quartered, until `dt` is below the library's limit
/// (0.0001 day for the Sun, 0.001 for the Moon). `separation(t)` is the measure above at TT
/// `t`.
pub(super) fn greatest<E>(
    kind: Syzygy,
    mut tjd_tt: f64,
    mut separation: impl FnMut(f64) -> Result<f64, E>,
) -> Result<f64, E> {
    let (mut dt, limit) = match kind {
        Syzygy::New if (2_000_000.0..=2_500_000.0).contains(&tjd_tt) => (1.0, 0.0001),
        Syzygy::New => (5.0, 0.0001),
        Syzygy::Full if (2_100_000.0..=2_500_000.0).contains(&tjd_tt) => (0.1, 0.001),
        Syzygy::Full => (5.0, 0.001),
    };
    while dt > limit {
        let y0 = separation(tjd_tt - dt)?;
        let y1 = separation(tjd_tt)?;
        let y2 = separation(tjd_tt + dt)?;
        tjd_tt += parabola_vertex_offset(y0, y1, y2, dt);
        dt /= 4.0;
    }
    Ok(tjd_tt)
}

/// What `eclipse_where` computes of the Moon's shadow on the fundamental plane at one instant
/// (its `dcore`), from the Sun's and the Moon's positions in the **equator** of date (the
/// Earth's flattening acts along its axis).
#[derive(Debug, Clone, Copy)]
pub(super) struct SolarShadow {
    /// The shadow axis' distance from the geocentre (flattened Earth), km.
    pub axis_distance_km: f64,
    /// The umbra's diameter on the fundamental plane, km (negative: antumbra).
    pub umbra_diameter_km: f64,
    /// The penumbra's diameter on the fundamental plane, km.
    pub penumbra_diameter_km: f64,
    /// The umbra's diameter at the place of greatest eclipse, km (positive: annular).
    pub local_umbra_diameter_km: f64,
    pub cos_f1: f64,
    pub cos_f2: f64,
}

/// `eclipse_where`'s geometry, with its one iteration for the flattening at the shadow's
/// latitude.
pub(super) fn solar_shadow(p: &SunMoon) -> SolarShadow {
    let (rmt, rst) = (p.moon, p.sun);
    let drad = SUN_RADIUS_AU;
    let rmoon = MOON_RADIUS_AU;
    let dmoon = 2.0 * rmoon;
    let de = 6_378_140.0 / AU_M;
    let mut earthobl = 1.0 - EARTH_FLATTENING;
    let mut niter = 0;
    loop {
        let rm = [rmt[0], rmt[1], rmt[2] / earthobl];
        let rs = [rst[0], rst[1], rst[2] / earthobl];
        let dm = norm(&rm);
        let e = sub(&rm, &rs);
        let et = sub(&rmt, &rst);
        let dsm = norm(&e);
        let dsmt = norm(&et);
        let e = scale(&e, 1.0 / dsm);
        let sinf1 = (drad - rmoon) / dsm;
        let cosf1 = (1.0 - sinf1 * sinf1).sqrt();
        let sinf2 = (drad + rmoon) / dsm;
        let cosf2 = (1.0 - sinf2 * sinf2).sqrt();
        let s0 = -dot(&rm, &e);
        let r0 = (dm * dm - s0 * s0).sqrt();
        let d0 = (s0 / dsm * (drad * 2.0 - dmoon) - dmoon) / cosf1;
        let big_d0 = (s0 / dsm * (drad * 2.0 + dmoon) + dmoon) / cosf2;
        let d = s0 * s0 + de * de - dm * dm;
        let d = if d > 0.0 { d.sqrt() } else { 0.0 };
        let s = s0 - d;
        let xs = [rm[0] + s * e[0], rm[1] + s * e[1], rm[2] + s * e[2]];
        let xst = [xs[0], xs[1], xs[2] * earthobl];
        if niter == 0 {
            let lat = xst[2].atan2(xst[0].hypot(xst[1]));
            let (sinfi, cosfi) = lat.sin_cos();
            let f = 1.0 - EARTH_FLATTENING;
            let cc = 1.0 / (cosfi * cosfi + f * f * sinfi * sinfi).sqrt();
            earthobl = f * f * cc;
            niter += 1;
            continue;
        }
        let s = norm(&sub(&rmt, &xst));
        let km = AU_M / 1000.0;
        return SolarShadow {
            axis_distance_km: r0 * km,
            umbra_diameter_km: d0 * km,
            penumbra_diameter_km: big_d0 * km,
            local_umbra_diameter_km: (s / dsmt * (drad * 2.0 - dmoon) - dmoon) * cosf1 * km,
            cos_f1: cosf1,
            cos_f2: cosf2,
        };
    }
}

/// The pairs of contacts of a solar eclipse, as `swe_sol_eclipse_when_glob` orders them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SolarContact {
    /// The penumbra first and last touches the Earth.
    Penumbra,
    /// The umbra (or antumbra) touches the Earth: the central phase anywhere. (The library
    /// also finds where the shadow axis first and last meets the Earth; no answer reports
    /// it.)
    Umbra,
}

/// The quantity whose zeros are the contacts (`swe_sol_eclipse_when_glob`'s `dc`), km.
pub(super) fn solar_contact_measure(shadow: &SolarShadow, contact: SolarContact) -> f64 {
    let de = EARTH_RADIUS_KM;
    match contact {
        SolarContact::Penumbra => {
            shadow.penumbra_diameter_km / 2.0 + de / shadow.cos_f1 - shadow.axis_distance_km
        }
        SolarContact::Umbra => {
            shadow.umbra_diameter_km.abs() / 2.0 + de / shadow.cos_f2 - shadow.axis_distance_km
        }
    }
}

/// What `lun_eclipse_how` computes of the Earth's shadow at the Moon (its `dcore`), AU.
#[derive(Debug, Clone, Copy)]
pub(super) struct LunarShadow {
    /// The shadow axis' distance from the Moon's centre.
    pub axis_distance: f64,
    /// The umbra's and the penumbra's diameters, widened for the atmosphere (1/50) and scaled
    /// to NASA's figures as the library does.
    pub umbra_diameter: f64,
    pub penumbra_diameter: f64,
    pub cos_f1: f64,
    pub cos_f2: f64,
}

/// `lun_eclipse_how`'s geometry (any frame: it uses only distances).
pub(super) fn lunar_shadow(p: &SunMoon) -> LunarShadow {
    let dm = norm(&p.moon);
    let rs = sub(&p.sun, &p.moon);
    let rm = scale(&p.moon, -1.0);
    let e = sub(&rm, &rs);
    let dsm = norm(&e);
    let e = scale(&e, 1.0 / dsm);
    let f1 = (SUN_RADIUS_AU - EARTH_RADIUS_AU) / dsm;
    let cosf1 = (1.0 - f1 * f1).sqrt();
    let f2 = (SUN_RADIUS_AU + EARTH_RADIUS_AU) / dsm;
    let cosf2 = (1.0 - f2 * f2).sqrt();
    let s0 = -dot(&rm, &e);
    let r0 = (dm * dm - s0 * s0).sqrt();
    let atmosphere = 1.0 + 1.0 / 50.0;
    let d0 = (s0 / dsm * (SUN_DIAMETER_AU - EARTH_DIAMETER_AU) - EARTH_DIAMETER_AU).abs()
        * atmosphere
        / cosf1
        / cosf1
        * 0.99405;
    let big_d0 = (s0 / dsm * (SUN_DIAMETER_AU + EARTH_DIAMETER_AU) + EARTH_DIAMETER_AU)
        * atmosphere
        / cosf2
        / cosf2
        * 0.98813;
    LunarShadow {
        axis_distance: r0,
        umbra_diameter: d0,
        penumbra_diameter: big_d0,
        cos_f1: cosf1,
        cos_f2: cosf2,
    }
}

/// Whether the Moon touches the penumbra (`lun_eclipse_how`'s last test), with `margin_au`
/// to spare.
pub(super) fn lunar_penumbra_reached(shadow: &LunarShadow, margin_au: f64) -> bool {
    shadow.penumbra_diameter / 2.0 + margin_au
        >= shadow.axis_distance - MOON_RADIUS_AU / shadow.cos_f2
}

/// Whether the Moon's penumbra reaches the Earth (`eclipse_where`'s last test), with
/// `margin_km` to spare.
pub(super) fn solar_penumbra_reached(shadow: &SolarShadow, margin_km: f64) -> bool {
    shadow.axis_distance_km
        <= EARTH_RADIUS_KM * shadow.cos_f2 + shadow.penumbra_diameter_km / 2.0 + margin_km
}

/// The phases of a lunar eclipse, as `swe_lun_eclipse_when` orders them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LunarContact {
    Penumbra,
    Umbra,
    Totality,
}

/// The quantity whose zeros are the contacts (`swe_lun_eclipse_when`'s `dc`), AU.
pub(super) fn lunar_contact_measure(shadow: &LunarShadow, contact: LunarContact) -> f64 {
    match contact {
        LunarContact::Penumbra => {
            shadow.penumbra_diameter / 2.0 + MOON_RADIUS_AU / shadow.cos_f2 - shadow.axis_distance
        }
        LunarContact::Umbra => {
            shadow.umbra_diameter / 2.0 + MOON_RADIUS_AU / shadow.cos_f1 - shadow.axis_distance
        }
        LunarContact::Totality => {
            shadow.umbra_diameter / 2.0 - MOON_RADIUS_AU / shadow.cos_f1 - shadow.axis_distance
        }
    }
}

/// A pair of contacts around the greatest eclipse `greatest` (UT), by the library's steps:
/// the parabola through the measure two hours either side, then secant steps.
/// `measure(t)` is the contact's measure at UT `t`; `roots` carries the library's two
/// variables from pair to pair (the parabola's offsets, the first overwritten by each secant
/// step), which it keeps where the parabola has no root.
pub(super) fn contacts<E>(
    lunar: bool,
    greatest: f64,
    roots: &mut (f64, f64),
    mut measure: impl FnMut(f64) -> Result<f64, E>,
) -> Result<(f64, f64), E> {
    let dta = if lunar {
        LUNAR_FIRST_STEP_DAYS
    } else {
        SOLAR_FIRST_STEP_DAYS
    };
    let y0 = measure(greatest - dta)?;
    let y1 = measure(greatest)?;
    let y2 = measure(greatest + dta)?;
    if let Some(found) = parabola_roots(y0, y1, y2, dta) {
        *roots = found;
    }
    let mut pair = [greatest + roots.0 + dta, greatest + roots.1 + dta];
    // The lunar search starts its secant steps at half the first contact's distance from the
    // greatest eclipse and halves them; the solar one at 10/3 minutes, thirded.
    let (mut dt, divisor) = if lunar {
        ((roots.0 + dta) / 2.0 / 2.0, 2.0)
    } else {
        (SOLAR_SECANT_STEP_DAYS, 3.0)
    };
    for _ in 0..3 {
        for t in &mut pair {
            let a = measure(*t - dt)?;
            let b = measure(*t)?;
            roots.0 = b / ((b - a) / dt);
            *t -= roots.0;
        }
        dt /= divisor;
    }
    Ok((pair[0], pair[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parabola_vertex_of_a_known_parabola() {
        // y = (t - 0.3)², sampled at -1, 0, 1 around 0 with dx 1: vertex at +0.3 from the
        // middle, i.e. 1.3 from the first sample.
        let y = |t: f64| (t - 0.3) * (t - 0.3);
        let off = parabola_vertex_offset(y(-1.0), y(0.0), y(1.0), 1.0);
        assert!((off - 0.3).abs() < 1e-12, "{off}");
    }

    #[test]
    fn the_parabola_roots_of_a_known_parabola() {
        let y = |t: f64| t * t - 0.25;
        let (a, b) = parabola_roots(y(-1.0), y(0.0), y(1.0), 1.0).unwrap();
        let mut r = [a + 1.0, b + 1.0];
        r.sort_by(f64::total_cmp);
        assert!(
            (r[0] + 0.5).abs() < 1e-12 && (r[1] - 0.5).abs() < 1e-12,
            "{r:?}"
        );
        assert!(parabola_roots(1.0, 0.5, 1.0, 1.0).is_none());
    }

    #[test]
    fn the_greatest_eclipse_of_a_made_up_separation() {
        let t0 = 2_460_000.123_456;
        let sep = |t: f64| -> Result<f64, ()> { Ok((0.01 + ((t - t0) * 12.0).powi(2)).sqrt()) };
        let found = greatest(Syzygy::New, t0 + 0.4, sep).unwrap();
        assert!((found - t0).abs() < 1e-6, "{}", (found - t0) * 86_400.0);
    }
}
