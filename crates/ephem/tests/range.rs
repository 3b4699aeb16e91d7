//! The historical range: positions from the `_12` and `_24` … `_42` files (1200–1800,
//! 2400–4800) and from the Moshier model (before 1200) against pyswisseph 2.10.3.2 on the same
//! files (fixtures/pyswisseph/generate_range.py), and the table of ranges
//! (`orrery_ephem::bundled_range`) against the library's measured answers
//! (fixtures/ephemeris_range/generate.py).

mod common;

use common::{Worst, ephemeris, load, six};
use orrery_ephem::{
    BodyId, BodyRange, CalcRequest, Center, Coordinates, DateSpan, EphemError, EphemerisSource,
    Equinox, JulianDayUt, Zodiac, bundled_range,
};
use serde::Deserialize;

/// Angles, degrees: the same C library on the same files, so only the last bits of the
/// arithmetic may differ; the issue asks for 1e-6 degree and the library gives far better.
const SAME_LIBRARY_DEG: f64 = 1e-7;
/// Daily motions, degrees per day: same reasoning.
const SAME_LIBRARY_DEG_PER_DAY: f64 = 1e-7;
/// Distances, relative: same reasoning; 1e-10 of 1 AU is 15 m.
const SAME_LIBRARY_REL: f64 = 1e-10;
/// The Moshier model, same library: the library keeps some of the model's intermediate results
/// from one call to the next (differences up to 4e-6 degree when the calls come in another
/// order), so the generator starts this set from a fresh library, as this test's own thread
/// does, and calls in the same order; then only the last bits differ.
const MOSHIER: Tolerances = FILES;
const FILES: Tolerances = Tolerances {
    deg: SAME_LIBRARY_DEG,
    deg_per_day: SAME_LIBRARY_DEG_PER_DAY,
    rel: SAME_LIBRARY_REL,
};

struct Tolerances {
    deg: f64,
    deg_per_day: f64,
    rel: f64,
}
/// The flag bits the fixtures record (the crate keeps the FFI constants private).
const SEFLG_SWIEPH: i32 = 2;
const SEFLG_MOSEPH: i32 = 4;

#[derive(Deserialize)]
struct Row {
    jd_ut: f64,
    body: i32,
    coordinates: String,
    x: [f64; 6],
    ret_flags: i32,
}

#[derive(Deserialize)]
struct RangePositions {
    files: Vec<Row>,
    moshier: Vec<Row>,
}

fn check_rows(rows: &[Row], set: &'static str, want_source: EphemerisSource, tol: &Tolerances) {
    let eph = ephemeris();
    let mut angle = Worst::new(set, tol.deg);
    let mut speed = Worst::new("speed (deg/day)", tol.deg_per_day);
    let mut dist = Worst::new("distance and its speed (relative)", tol.rel);
    for row in rows {
        let body = BodyId::from_se_number(row.body).expect("a named body");
        let request = CalcRequest {
            body,
            center: Center::Geocentric,
            zodiac: Zodiac::Tropical,
            coordinates: if row.coordinates == "equatorial" {
                Coordinates::Equatorial
            } else {
                Coordinates::Ecliptic
            },
            equinox: Equinox::True,
        };
        let at = || {
            format!(
                "{set}: body {} {} JD {}",
                row.body, row.coordinates, row.jd_ut
            )
        };
        let got = eph
            .calc(JulianDayUt(row.jd_ut), &request)
            .unwrap_or_else(|e| panic!("{}: {e}", at()));
        let x = six(&got.position);
        angle.angle(x[0], row.x[0], &at);
        angle.angle(x[1], row.x[1], &at);
        speed.abs(x[3], row.x[3], &at);
        speed.abs(x[4], row.x[4], &at);
        dist.rel(x[2], row.x[2], &at);
        dist.rel(x[5], row.x[5], &at);
        // The mean node and apogee are formulas the library always flags as its own.
        let expected = if row.ret_flags & SEFLG_SWIEPH != 0 {
            EphemerisSource::Swiss
        } else {
            assert!(row.ret_flags & SEFLG_MOSEPH != 0, "{}", at());
            want_source
        };
        assert_eq!(got.source, expected, "{}", at());
    }
    assert!(angle.checked > 500, "{set}: {} values", angle.checked);
    for w in [&angle, &speed, &dist] {
        w.report();
    }
}

#[test]
fn positions_from_1200_to_1800_and_2400_to_4800_match_pyswisseph_on_the_same_files() {
    let fixture: RangePositions = load("range_positions.json");
    assert!(
        fixture
            .files
            .iter()
            .all(|r| r.ret_flags & SEFLG_SWIEPH != 0)
    );
    check_rows(
        &fixture.files,
        "files 1200-1800, 2400-4800 (deg)",
        EphemerisSource::Swiss,
        &FILES,
    );
}

#[test]
fn moshier_positions_before_1200_match_pyswisseph_and_say_moshier() {
    let fixture: RangePositions = load("range_positions.json");
    check_rows(
        &fixture.moshier,
        "Moshier -3000..1200 (deg)",
        EphemerisSource::Moshier,
        &MOSHIER,
    );
}

#[derive(Deserialize)]
struct Segment {
    source: String,
    from_jd_ut: f64,
    to_jd_ut: f64,
}

#[derive(Deserialize)]
struct MeasuredBody {
    name: String,
    /// The library's body number (asteroids: 10000 + their number).
    body: i32,
    segments: Vec<Segment>,
}

fn ranges_fixture() -> Vec<MeasuredBody> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/ephemeris_range/ranges.json"
    );
    let text = std::fs::read_to_string(path).expect("run fixtures/ephemeris_range/generate.py");
    serde_json::from_str(&text).expect("fixture parses")
}

/// The source pyswisseph measured at `jd` (with a closed library, see the generator).
fn measured(segments: &[Segment], jd: f64) -> &str {
    segments
        .iter()
        .find(|s| (s.from_jd_ut..s.to_jd_ut).contains(&jd))
        .map_or("none", |s| s.source.as_str())
}

#[test]
fn the_table_of_ranges_matches_the_measured_library() {
    let fixture = ranges_fixture();
    assert!(fixture.len() >= 24);
    for MeasuredBody {
        name,
        body,
        segments,
    } in &fixture
    {
        let body = BodyId::from_se_number(*body).expect("a body the crate knows");
        match bundled_range(body) {
            BodyRange::Unlimited => {
                assert_eq!(segments.len(), 1, "{name}");
                assert_eq!(segments[0].source, "files", "{name}");
            }
            BodyRange::Limited { valid, files } => {
                let span_is = |span: DateSpan, want: &str| {
                    for jd in [span.first.0, span.last.0] {
                        assert_eq!(measured(segments, jd), want, "{name} at JD {jd}");
                    }
                };
                span_is(files, "files");
                if valid.first.0 < files.first.0 {
                    span_is(
                        DateSpan {
                            first: valid.first,
                            // The files start within a day for the different bodies.
                            last: JulianDayUt(files.first.0 - 2.0),
                        },
                        "moshier",
                    );
                }
                // The bounds are tight: two days outside, nothing.
                assert_eq!(measured(segments, valid.first.0 - 2.0), "none", "{name}");
                assert_eq!(measured(segments, valid.last.0 + 2.0), "none", "{name}");
            }
        }
    }
}

#[test]
fn this_crate_answers_as_the_table_says_at_each_bound() {
    let eph = ephemeris();
    let mut bodies: Vec<BodyId> = BodyId::NAMED
        .into_iter()
        .filter(|b| *b != BodyId::EARTH)
        .collect();
    bodies.push(BodyId::asteroid(136_199).expect("Eris"));
    for body in bodies {
        let BodyRange::Limited { valid, files } = bundled_range(body) else {
            continue;
        };
        let calc = |jd: f64| eph.calc(JulianDayUt(jd), &CalcRequest::new(body));
        for jd in [files.first.0, files.last.0] {
            let got = calc(jd).unwrap_or_else(|e| panic!("{body:?} at {jd}: {e}"));
            assert_eq!(got.source, EphemerisSource::Swiss, "{body:?} at {jd}");
        }
        if valid.first.0 < files.first.0 {
            let got = calc(valid.first.0).expect("Moshier");
            assert_eq!(got.source, EphemerisSource::Moshier, "{body:?}");
        }
        // With the last file still open, the library answers a few days past the file's
        // measured end (fixtures/ephemeris_range/generate.py): ten days out, it never does.
        for jd in [valid.first.0 - 10.0, valid.last.0 + 10.0] {
            assert!(
                matches!(
                    calc(jd),
                    Err(EphemError::OutOfRange { .. } | EphemError::DataUnavailable { .. })
                ),
                "{body:?} at {jd}: {:?}",
                calc(jd)
            );
        }
    }
}
