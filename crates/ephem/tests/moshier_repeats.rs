//! Outside the files the library answers from its analytical Moshier model, which keeps results
//! of earlier calls in the thread's state: without care the same position moves by up to about
//! 2e-6° depending on what the thread computed before (found by the parity comparison). A
//! position must not depend on a thread's history, so the same request gives the same bytes
//! (and the same entity tag means the same answer) on every thread of every instance.

mod common;

use common::{SUN_TO_PLUTO, ephemeris};
use orrery_ephem::{BodyId, CalcRequest, EphemerisSource, JulianDayUt};

/// 400-12-25 and nearby dates: before the files (1200), inside the Moshier model.
const JD_400: JulianDayUt = JulianDayUt(1_867_521.5);

#[test]
fn moshier_positions_do_not_depend_on_what_the_thread_computed_before() {
    let eph = ephemeris();
    // Each body first on a thread that computed nothing else.
    let fresh: Vec<[u64; 6]> = SUN_TO_PLUTO
        .into_iter()
        .map(|body| {
            let eph = eph.clone();
            std::thread::spawn(move || {
                let calculated = eph.calc(JD_400, &CalcRequest::new(body)).unwrap();
                assert_eq!(calculated.source, EphemerisSource::Moshier);
                calculated.ecliptic().unwrap().to_array().map(f64::to_bits)
            })
            .join()
            .unwrap()
        })
        .collect();
    // Then all of them on one thread, after other Moshier dates and bodies, twice over.
    std::thread::spawn(move || {
        for round in 0..2 {
            for offset in [0.0, 0.37, 11.0, -3.5] {
                for body in SUN_TO_PLUTO.into_iter().rev() {
                    let jd = JulianDayUt(JD_400.0 + offset + f64::from(round));
                    eph.calc(jd, &CalcRequest::new(body)).unwrap();
                }
            }
            // Positions from the files, at other dates: other files opened, other state kept.
            for jd in [2_451_545.0, 2_300_000.5, 2_600_000.5, 1_500_000.5] {
                for body in SUN_TO_PLUTO {
                    let _ = eph.calc(JulianDayUt(jd), &CalcRequest::new(body));
                }
                let _ = eph.calc(JulianDayUt(jd), &CalcRequest::new(BodyId::CHIRON));
            }
            for (body, expected) in SUN_TO_PLUTO.into_iter().zip(&fresh) {
                let again = eph.calc(JD_400, &CalcRequest::new(body)).unwrap();
                assert_eq!(
                    &again.ecliptic().unwrap().to_array().map(f64::to_bits),
                    expected,
                    "{body:?} moved after other calculations on its thread"
                );
            }
        }
    })
    .join()
    .unwrap();
}
