//! A calculation stops soon after its token is cancelled, even inside one long library call:
//! a heliacal search in hazy air (meteorological range 2 km) is a single `swe_heliacal_ut` of
//! seconds, which our patch of the library ends at its next visibility step.

mod common;

use std::time::{Duration, Instant};

use common::ephemeris;
use orrery_ephem::{
    BodyId, CancelToken, EphemError, Extinction, HeliacalAtmosphere, HeliacalEvent, HeliacalEyes,
    HeliacalObject, HeliacalRequest, JulianDayUt, Observer, run_cancellable,
};

/// How soon after its cancellation a calculation must return (the bound).
const STOP_WITHIN: Duration = Duration::from_millis(100);

/// How long the search runs before it is cancelled: deep inside the call, and well before the
/// shortest of the searches below ends uncancelled (Saturn's, 0.7 s here).
const RUN_BEFORE_CANCEL: Duration = Duration::from_millis(100);

/// 2024-01-01 00:00 UT.
const JD_2024: JulianDayUt = JulianDayUt(2_460_310.5);

const CAIRO: Observer = Observer {
    lat_deg: 30.0,
    lon_deg: 31.0,
    alt_m: 0.0,
};

fn hazy(object: HeliacalObject<'_>, event: HeliacalEvent) -> HeliacalRequest<'_> {
    HeliacalRequest {
        object,
        event,
        observer: CAIRO,
        atmosphere: HeliacalAtmosphere {
            extinction: Extinction::MeteorologicalRangeKm(2.0),
            ..HeliacalAtmosphere::default()
        },
        eyes: HeliacalEyes::default(),
    }
}

/// Runs the search on its own thread, cancels it after [`RUN_BEFORE_CANCEL`], and returns its
/// result and how long after the cancellation it came.
fn cancelled_after_a_while(
    request: HeliacalRequest<'static>,
) -> (Result<(), EphemError>, Duration) {
    let eph = ephemeris();
    let token = CancelToken::new();
    let worker = {
        let token = token.clone();
        std::thread::spawn(move || {
            run_cancellable(&token, || eph.heliacal(JD_2024, &request).map(|_| ()))
        })
    };
    std::thread::sleep(RUN_BEFORE_CANCEL);
    assert!(
        !worker.is_finished(),
        "the search must still be running when it is cancelled"
    );
    token.cancel();
    let cancelled_at = Instant::now();
    let result = worker.join().expect("the search does not panic");
    (result, cancelled_at.elapsed())
}

#[test]
fn a_heliacal_search_in_hazy_air_stops_when_cancelled() {
    for request in [
        hazy(
            HeliacalObject::Star(",alCMa"),
            HeliacalEvent::HeliacalRising,
        ),
        hazy(
            HeliacalObject::Star("Aldebaran"),
            HeliacalEvent::HeliacalSetting,
        ),
        hazy(
            HeliacalObject::Body(BodyId::SATURN),
            HeliacalEvent::HeliacalRising,
        ),
        // Six seconds uncancelled.
        hazy(
            HeliacalObject::Body(BodyId::VENUS),
            HeliacalEvent::HeliacalRising,
        ),
    ] {
        let (result, took) = cancelled_after_a_while(request);
        assert_eq!(result, Err(EphemError::Cancelled), "{request:?}");
        assert!(
            took <= STOP_WITHIN,
            "{request:?} went on for {took:?} after its cancellation"
        );
    }
}

#[test]
fn a_search_nobody_cancels_is_not_disturbed() {
    let eph = ephemeris();
    let token = CancelToken::new();
    let clear = HeliacalRequest {
        atmosphere: HeliacalAtmosphere::default(),
        ..hazy(
            HeliacalObject::Star(",alCMa"),
            HeliacalEvent::HeliacalRising,
        )
    };
    let watched = run_cancellable(&token, || eph.heliacal(JD_2024, &clear));
    let unwatched = eph.heliacal(JD_2024, &clear);
    assert_eq!(watched, unwatched);
    assert!(matches!(watched, Ok(Some(_))), "{watched:?}");
}
