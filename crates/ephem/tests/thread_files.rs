//! A thread that used the library and exits must not leave its data files open: the
//! thread-local guard calls `swe_close()`. Its own test binary, so that no other test opens
//! or closes files while the descriptors are counted.

mod common;

use std::sync::{Arc, Barrier};
use std::thread;

use common::ephemeris;
use orrery_ephem::{BodyId, CalcRequest, JulianDayUt};

fn open_descriptors() -> usize {
    std::fs::read_dir("/proc/self/fd")
        .expect("/proc/self/fd")
        .count()
}

#[test]
fn exiting_threads_close_their_files() {
    const THREADS: usize = 50;
    let eph = ephemeris();
    // This thread's own files are open from here on; they are part of the baseline.
    let jd = JulianDayUt(2_451_545.0);
    eph.calc(jd, &CalcRequest::new(BodyId::CERES))
        .expect("warm up");
    let before = open_descriptors();

    let all_computed = Arc::new(Barrier::new(THREADS + 1));
    let may_exit = Arc::new(Barrier::new(THREADS + 1));
    let handles: Vec<_> = (0..THREADS)
        .map(|_| {
            let (eph, all_computed, may_exit) =
                (eph.clone(), all_computed.clone(), may_exit.clone());
            thread::spawn(move || {
                // Planet, Moon and main-asteroid files: three per thread.
                for body in [BodyId::MARS, BodyId::MOON, BodyId::CERES] {
                    eph.calc(jd, &CalcRequest::new(body)).expect("calc");
                }
                all_computed.wait();
                may_exit.wait();
            })
        })
        .collect();

    all_computed.wait();
    let while_alive = open_descriptors();
    may_exit.wait();
    for handle in handles {
        handle.join().expect("thread");
    }
    let after = open_descriptors();

    // The trap is real: living threads hold their own files...
    assert!(
        while_alive >= before + 2 * THREADS,
        "expected each thread to hold its files open: before {before}, alive {while_alive}"
    );
    // ...and the guard closes them when the threads exit.
    assert!(
        after <= before + 2,
        "files leaked: before {before}, alive {while_alive}, after {after}"
    );
}
