//! Data files and threads. The library keeps its open files per thread. Orrery's patch
//! (crates/swisseph-sys) reads them from one shared in-memory copy, so threads hold no file
//! descriptors; with the library's own reads, each thread holds its files, and the
//! thread-local guard must close them (`swe_close()`) when the thread exits. Its own test binary,
//! so that no other test opens or closes files while the descriptors are counted; one test,
//! because the switch between the two ways of reading is per process.

mod common;

use std::sync::{Arc, Barrier};
use std::thread;

use common::ephemeris;
use orrery_ephem::{BodyId, CalcRequest, Ephemeris, JulianDayUt};

const THREADS: usize = 50;

fn open_descriptors() -> usize {
    std::fs::read_dir("/proc/self/fd")
        .expect("/proc/self/fd")
        .count()
}

/// Descriptors before, while `THREADS` threads that each computed a planet, the Moon and an
/// asteroid are alive, and after they exited.
fn descriptors_around_threads(eph: &Ephemeris, jd: JulianDayUt) -> (usize, usize, usize) {
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
    (before, while_alive, open_descriptors())
}

#[test]
fn threads_share_the_files_in_memory_and_with_system_calls_close_theirs_on_exit() {
    let eph = ephemeris();
    let jd = JulianDayUt(2_451_545.0);
    // This thread's own files are open from here on; they are part of the baseline.
    eph.calc(jd, &CalcRequest::new(BodyId::CERES))
        .expect("warm up");

    // From memory: no descriptor per thread at all.
    let (before, while_alive, after) = descriptors_around_threads(&eph, jd);
    assert!(
        while_alive <= before + 2 && after <= before + 2,
        "threads reading from memory held descriptors: before {before}, alive {while_alive}, \
         after {after}"
    );

    // The library's own reads: the trap is real, living threads hold their own files...
    orrery_ephem::read_data_files_with_system_calls();
    let (before, while_alive, after) = descriptors_around_threads(&eph, jd);
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
