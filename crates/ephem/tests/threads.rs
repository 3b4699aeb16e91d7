//! The per-thread traps of the C library: a fresh thread must not silently fall back to the
//! Moshier model, and settings (sidereal mode, observer) must never leak between calls that
//! run on several threads at once.

mod common;

use std::sync::Arc;
use std::thread;

use common::{SUN_TO_PLUTO, ephemeris};
use orrery_ephem::{
    AyanamsaId, BodyId, CalcRequest, Center, Coordinates, EphemError, Ephemeris, EphemerisSource,
    Equinox, HouseSystem, JulianDayUt, Observer, Zodiac,
};

/// One job of the mixed workload.
#[derive(Debug, Clone, Copy)]
enum Job {
    Calc(JulianDayUt, CalcRequest),
    Ayanamsa(JulianDayUt, AyanamsaId),
    Houses {
        jd: JulianDayUt,
        lat_deg: f64,
        lon_deg: f64,
        system: HouseSystem,
        zodiac: Zodiac,
    },
}

/// A job's result as raw bits: "bit-identical" means exactly that.
fn run(eph: &Ephemeris, job: &Job) -> Vec<u64> {
    match *job {
        Job::Calc(jd, request) => {
            let got = eph.calc(jd, &request).expect("calc");
            assert_eq!(got.source, EphemerisSource::Swiss, "{job:?}");
            let x = common::six(&got.position);
            x.iter().map(|v| v.to_bits()).collect()
        }
        Job::Ayanamsa(jd, mode) => vec![eph.ayanamsa_deg(jd, mode).expect("ayanamsa").to_bits()],
        Job::Houses {
            jd,
            lat_deg,
            lon_deg,
            system,
            zodiac,
        } => {
            let h = eph
                .houses(jd, lat_deg, lon_deg, system, zodiac)
                .expect("houses");
            h.cusps
                .iter()
                .flat_map(|c| [c.lon_deg, c.speed_deg_per_day])
                .chain([
                    h.angles.ascendant.lon_deg,
                    h.angles.mc.lon_deg,
                    h.angles.vertex.lon_deg,
                ])
                .map(f64::to_bits)
                .collect()
        }
    }
}

/// A small deterministic generator (64-bit LCG, Knuth's constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next()).unwrap_or(0) % n
    }

    fn unit(&mut self) -> f64 {
        (self.next() as f64) / f64::from(1u32 << 31)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

fn mixed_jobs(count: usize, seed: u64) -> Vec<Job> {
    let mut rng = Lcg(seed);
    let ayanamsas = [
        AyanamsaId::LAHIRI,
        AyanamsaId::FAGAN_BRADLEY,
        AyanamsaId::RAMAN,
        AyanamsaId::KRISHNAMURTI,
        AyanamsaId::TRUE_CITRA,
    ];
    let observers = [
        Observer {
            lat_deg: 51.5,
            lon_deg: -0.13,
            alt_m: 11.0,
        },
        Observer {
            lat_deg: -33.9,
            lon_deg: 151.2,
            alt_m: 58.0,
        },
        Observer {
            lat_deg: 19.8,
            lon_deg: -155.5,
            alt_m: 4205.0,
        },
        Observer {
            lat_deg: 64.1,
            lon_deg: -21.9,
            alt_m: 0.0,
        },
    ];
    let bodies: Vec<BodyId> = SUN_TO_PLUTO
        .into_iter()
        .chain([BodyId::CHIRON, BodyId::TRUE_NODE])
        .collect();
    let mut jobs: Vec<Job> = (0..count)
        .map(|i| {
            // 1900..2100, and a few jobs share an instant so that cached values are reused.
            let jd = JulianDayUt(
                2_415_020.5
                    + (rng.unit() * 73_000.0).floor()
                    + f64::from(u32::try_from(i % 4).unwrap_or(0)) * 0.25,
            );
            let body = bodies[rng.below(bodies.len())];
            let mut request = CalcRequest::new(body);
            match rng.below(6) {
                // The mean equinox skips the nutation that the other calls leave cached.
                0 if rng.below(2) == 0 => request.equinox = Equinox::Mean,
                0 => {}
                5 => return Job::Ayanamsa(jd, ayanamsas[rng.below(ayanamsas.len())]),
                1 => request.zodiac = Zodiac::Sidereal(ayanamsas[rng.below(ayanamsas.len())]),
                2 => request.center = Center::Topocentric(observers[rng.below(observers.len())]),
                3 if body != BodyId::SUN && body != BodyId::MOON && body != BodyId::TRUE_NODE => {
                    request.center = Center::Heliocentric;
                }
                3 => request.coordinates = Coordinates::Equatorial,
                _ => {
                    let o = observers[rng.below(observers.len())];
                    return Job::Houses {
                        jd,
                        lat_deg: o.lat_deg,
                        lon_deg: o.lon_deg,
                        system: HouseSystem::ALL[rng.below(HouseSystem::ALL.len())],
                        zodiac: Zodiac::Sidereal(ayanamsas[rng.below(ayanamsas.len())]),
                    };
                }
            }
            Job::Calc(jd, request)
        })
        .collect();
    rng.shuffle(&mut jobs);
    jobs
}

#[test]
fn a_fresh_thread_computes_what_the_main_thread_computes() {
    let eph = ephemeris();
    let jobs = mixed_jobs(200, 7);
    let here: Vec<Vec<u64>> = jobs.iter().map(|j| run(&eph, j)).collect();
    let (eph2, jobs2) = (eph.clone(), jobs.clone());
    let there = thread::spawn(move || jobs2.iter().map(|j| run(&eph2, j)).collect::<Vec<_>>())
        .join()
        .expect("thread");
    assert_eq!(here, there);
}

#[test]
fn concurrent_mixed_settings_give_bit_identical_results() {
    const THREADS: usize = 6;
    const ITERATIONS: usize = 20;
    let eph = ephemeris();
    let jobs = Arc::new(mixed_jobs(400, 42));
    // The reference: one by one, on one fresh thread.
    let reference = {
        let (eph, jobs) = (eph.clone(), Arc::clone(&jobs));
        Arc::new(
            thread::spawn(move || jobs.iter().map(|j| run(&eph, j)).collect::<Vec<_>>())
                .join()
                .expect("reference thread"),
        )
    };
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let (eph, jobs, reference) = (eph.clone(), Arc::clone(&jobs), Arc::clone(&reference));
            thread::spawn(move || {
                // Each thread walks the jobs in its own order, so that every kind of setting
                // runs beside every other kind on the other threads.
                let mut order: Vec<usize> = (0..jobs.len()).collect();
                let mut rng = Lcg(1000 + t as u64);
                let mut mismatches = 0usize;
                for _ in 0..ITERATIONS {
                    rng.shuffle(&mut order);
                    for &i in &order {
                        if run(&eph, &jobs[i]) != reference[i] {
                            mismatches += 1;
                        }
                    }
                }
                mismatches
            })
        })
        .collect();
    let mismatches: usize = handles.into_iter().map(|h| h.join().expect("worker")).sum();
    assert_eq!(
        mismatches, 0,
        "results differ from the one-thread reference"
    );
}

#[test]
fn two_directories_on_one_thread_each_get_their_own_path() {
    // A second directory with the main files but without the numbered-asteroid folders.
    let full = ephemeris();
    let dir = std::env::temp_dir().join(format!("orrery-ephem-two-dirs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for file in ["sepl_18.se1", "semo_18.se1", "seas_18.se1", "sefstars.txt"] {
        let link = dir.join(file);
        if !link.exists() {
            std::os::unix::fs::symlink(full.data_dir().join(file), &link).expect("symlink");
        }
    }
    let partial = Ephemeris::open(&dir).expect("open the partial directory");
    let eris = CalcRequest::new(BodyId::asteroid(136_199).expect("Eris"));
    let jd = JulianDayUt(2_451_545.0);
    // Alternate on one thread: each call must switch the library to its handle's directory.
    for _ in 0..3 {
        assert!(full.calc(jd, &eris).is_ok());
        assert!(matches!(
            partial.calc(jd, &eris),
            Err(EphemError::DataUnavailable { .. })
        ));
    }
    // The major bodies agree, whichever directory the thread used last.
    let mars = CalcRequest::new(BodyId::MARS);
    assert_eq!(
        full.calc(jd, &mars).expect("full"),
        partial.calc(jd, &mars).expect("partial")
    );
    assert_ne!(full.data_version(), partial.data_version());
    drop(std::fs::remove_dir_all(&dir));
}

#[test]
fn failed_and_out_of_range_calls_leave_no_trace_on_the_thread() {
    // Out-of-range calls make the library close its files and look for others (and fail);
    // errors leave half-set state. Neither may change what the next call computes.
    let eph = ephemeris();
    let jobs = mixed_jobs(150, 99);
    let jd_1850 = JulianDayUt(2_396_758.5);
    let extra = move |eph: &Ephemeris| {
        (
            eph.delta_t_days(jd_1850).expect("delta T").to_bits(),
            eph.sidereal_time_hours(jd_1850)
                .expect("sidereal time")
                .to_bits(),
            eph.sun_crossing(0.0, jd_1850, Zodiac::Tropical)
                .expect("crossing")
                .0
                .to_bits(),
        )
    };
    let clean = {
        let (eph, jobs) = (eph.clone(), jobs.clone());
        thread::spawn(move || {
            (
                jobs.iter().map(|j| run(&eph, j)).collect::<Vec<_>>(),
                extra(&eph),
            )
        })
        .join()
        .expect("clean thread")
    };
    let disturbed = thread::spawn(move || {
        // 1100 (the Moshier model) and 4850 (no data at all).
        let moshier = [JulianDayUt(2_122_826.5), JulianDayUt(3_492_486.5)];
        for jd in moshier {
            for body in [
                BodyId::SUN,
                BodyId::MOON,
                BodyId::CHIRON,
                BodyId::asteroid(136_199).expect("Eris"),
            ] {
                drop(eph.calc(jd, &CalcRequest::new(body)));
            }
            drop(eph.fixed_star("Sirius", jd, Zodiac::Sidereal(AyanamsaId::LAHIRI)));
            drop(eph.houses(jd, 70.0, 0.0, HouseSystem::SUNSHINE, Zodiac::Tropical));
        }
        drop(eph.calc(
            JulianDayUt(2_524_593.5),
            &CalcRequest::new(BodyId::asteroid(136_199).expect("Eris")),
        ));
        drop(eph.fixed_star("No Such Star", JulianDayUt(2_451_545.0), Zodiac::Tropical));
        (
            jobs.iter().map(|j| run(&eph, j)).collect::<Vec<_>>(),
            extra(&eph),
        )
    })
    .join()
    .expect("disturbed thread");
    assert!(
        clean == disturbed,
        "results changed after out-of-range and failed calls"
    );
}
