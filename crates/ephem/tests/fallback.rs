//! No silent fallbacks: outside the installed files the major bodies report the Moshier
//! model, bodies without an analytical model fail with a typed error carrying the library's
//! text, and the event functions refuse to hand out Moshier-based times. Bad inputs never
//! reach the C library.

mod common;

use common::ephemeris;
use orrery_ephem::{
    Atmosphere, BodyId, CalcRequest, Center, Coordinates, DiscReference, EphemError, Ephemeris,
    EphemerisSource, HeliacalAtmosphere, HeliacalEvent, HeliacalEyes, HeliacalObject,
    HeliacalRequest, HouseSystem, JulianDayUt, NodApsMethod, Observer, RiseTransEvent,
    RiseTransRequest, Target, Zodiac,
};

/// 1100-01-01 0h UT (Gregorian): before the files (they start 1200-01-09), inside the Moshier
/// model (from 3002 BC).
const JD_1100: JulianDayUt = JulianDayUt(2_122_826.5);
/// 4850-01-01 0h UT: after the files (they end 4800-01-08) and after the Moshier model's end
/// (3000): no body but the mean node and apogee has a position.
const JD_4850: JulianDayUt = JulianDayUt(3_492_486.5);
/// 2200-01-01 0h UT: inside the main files, after the numbered-asteroid files (end 2102).
const JD_2200: JulianDayUt = JulianDayUt(2_524_593.5);
/// 1400-01-01 0h UT: before the numbered-asteroid files (start 1500).
const JD_1400: JulianDayUt = JulianDayUt(2_232_407.5);
const J2000: JulianDayUt = JulianDayUt(2_451_545.0);

const LONDON: Observer = Observer {
    lat_deg: 51.5,
    lon_deg: -0.13,
    alt_m: 11.0,
};

/// Refused because the files do not cover the date: before them the library would silently
/// use its Moshier model; after 4800 it has nothing at all.
fn refused<T>(result: &Result<T, EphemError>) -> bool {
    matches!(
        result,
        Err(EphemError::OutOfRange { .. } | EphemError::DataUnavailable { .. })
    )
}

fn eris() -> BodyId {
    BodyId::asteroid(136_199).expect("Eris")
}

#[test]
fn major_bodies_outside_the_files_report_moshier() {
    let eph = ephemeris();
    for jd in [JD_1100] {
        for body in [
            BodyId::SUN,
            BodyId::MOON,
            BodyId::MARS,
            BodyId::PLUTO,
            BodyId::TRUE_NODE,
        ] {
            let got = eph
                .calc(jd, &CalcRequest::new(body))
                .expect("Moshier covers it");
            assert_eq!(
                got.source,
                EphemerisSource::Moshier,
                "body {body:?} at {jd:?}"
            );
        }
        // The mean node and mean apogee are formulas: no file, and the library says Swiss.
        let node = eph
            .calc(jd, &CalcRequest::new(BodyId::MEAN_NODE))
            .expect("formula");
        assert_eq!(node.source, EphemerisSource::Swiss);
    }
    for body in [BodyId::SUN, BodyId::MOON, BodyId::TRUE_NODE] {
        match eph.calc(JD_4850, &CalcRequest::new(body)) {
            Err(EphemError::DataUnavailable { message, .. }) => {
                assert!(message.contains("not found in PATH"), "{message}");
            }
            other => panic!("{body:?} in 4850: {other:?}"),
        }
    }
    let node = eph
        .calc(JD_4850, &CalcRequest::new(BodyId::MEAN_NODE))
        .expect("formula");
    assert_eq!(node.source, EphemerisSource::Swiss);
    for jd in [
        JulianDayUt(2_159_358.5),
        JulianDayUt(2_378_497.5),
        J2000,
        JulianDayUt(2_597_640.5),
        JulianDayUt(3_474_222.5),
    ] {
        let got = eph
            .calc(jd, &CalcRequest::new(BodyId::MOON))
            .expect("inside");
        assert_eq!(got.source, EphemerisSource::Swiss, "{jd:?}");
    }
}

#[test]
fn bodies_without_a_moshier_model_fail_with_the_library_text() {
    let eph = ephemeris();
    for body in [BodyId::CHIRON, BodyId::CERES, BodyId::VESTA] {
        match eph.calc(JD_1100, &CalcRequest::new(body)) {
            Err(EphemError::DataUnavailable { message, .. }) => {
                assert!(message.contains("not found in PATH"), "{message}");
                assert!(message.contains("seas_"), "{message}");
            }
            other => panic!("{body:?} in 1100: {other:?}"),
        }
    }
    for body in [BodyId::CERES, BodyId::VESTA] {
        match eph.calc(JD_4850, &CalcRequest::new(body)) {
            Err(EphemError::DataUnavailable { message, .. }) => {
                assert!(message.contains("not found in PATH"), "{message}");
            }
            other => panic!("{body:?} in 4850: {other:?}"),
        }
    }
    // Chiron's orbit is given to 4650 only: the library's own rule, before any file.
    match eph.calc(JD_4850, &CalcRequest::new(BodyId::CHIRON)) {
        Err(EphemError::OutOfRange { message, .. }) => {
            assert!(message.contains("restricted to"), "{message}");
        }
        other => panic!("Chiron in 4850: {other:?}"),
    }
}

#[test]
fn numbered_asteroids_outside_their_file_are_out_of_range() {
    let eph = ephemeris();
    let inside = eph
        .calc(J2000, &CalcRequest::new(eris()))
        .expect("Eris in 2000");
    assert_eq!(inside.source, EphemerisSource::Swiss);
    for (jd, limit) in [
        (JD_2200, "upper limit"),
        (JD_1400, "lower limit"),
        (JulianDayUt(2_615_903.5), "upper limit"),
    ] {
        match eph.calc(jd, &CalcRequest::new(eris())) {
            Err(EphemError::OutOfRange { message, what }) => {
                assert!(message.contains(limit), "{message}");
                assert!(what.starts_with("asteroid 136199 at JD"), "{what}");
            }
            other => panic!("Eris at {jd:?}: {other:?}"),
        }
    }
    // An asteroid whose file is not installed at all.
    match eph.calc(
        J2000,
        &CalcRequest::new(BodyId::asteroid(433).expect("Eros")),
    ) {
        Err(EphemError::DataUnavailable { message, .. }) => {
            assert!(message.contains("se00433s.se1"))
        }
        other => panic!("Eros: {other:?}"),
    }
}

#[test]
fn barycentric_positions_outside_the_files_are_an_error() {
    let eph = ephemeris();
    let request = CalcRequest {
        center: Center::Barycentric,
        ..CalcRequest::new(BodyId::SUN)
    };
    assert!(
        eph.calc(JD_1100, &request).is_err(),
        "the library has no barycentric Moshier Sun"
    );
}

#[test]
fn event_functions_refuse_moshier_times() {
    let eph = ephemeris();
    let rise = RiseTransRequest {
        target: Target::Body(BodyId::SUN),
        event: RiseTransEvent::Rise,
        observer: LONDON,
        disc: DiscReference::UpperLimb,
        refraction: true,
        atmosphere: Atmosphere::default(),
    };
    // Before the files the library would use Moshier: refused. After 4800 it has nothing.
    for jd in [JD_1100, JD_4850] {
        assert!(refused(&eph.rise_trans(jd, &rise)));
        let star = RiseTransRequest {
            target: Target::Star("Sirius"),
            ..rise
        };
        assert!(refused(&eph.rise_trans(jd, &star)));
        assert!(refused(&eph.fixed_star("Sirius", jd, Zodiac::Tropical)));
        assert!(refused(&eph.nodes_apsides(
            jd,
            BodyId::MARS,
            NodApsMethod::Osculating,
            false
        )));
        assert!(refused(&eph.sun_crossing(0.0, jd, Zodiac::Tropical)));
        assert!(refused(&eph.moon_crossing(0.0, jd, Zodiac::Tropical)));
        assert!(refused(&eph.houses(
            jd,
            51.5,
            0.0,
            HouseSystem::SUNSHINE,
            Zodiac::Tropical
        )));
        // Houses that need no ephemeris work at any date.
        assert!(
            eph.houses(jd, 51.5, 0.0, HouseSystem::PLACIDUS, Zodiac::Tropical)
                .is_ok()
        );
    }
    // Starting inside the files, but the crossing falls after their end (4800-01-08), where
    // the library has nothing (the Moshier model ends in 3000).
    let late = JulianDayUt(3_474_181.5); // 4799-11-20
    let sun = eph.sun_crossing(0.0, late, Zodiac::Tropical);
    assert!(refused(&sun), "{sun:?}");
    // A heliocentric crossing that ends beyond the files (Pluto needs ~248 years per orbit).
    let pluto = eph.helio_crossing(
        BodyId::PLUTO,
        0.0,
        JulianDayUt(3_474_000.5),
        Zodiac::Tropical,
        orrery_ephem::Direction::Forward,
    );
    assert!(refused(&pluto), "{pluto:?}");
    let heliacal = HeliacalRequest {
        object: HeliacalObject::Body(BodyId::VENUS),
        event: HeliacalEvent::HeliacalRising,
        observer: LONDON,
        atmosphere: HeliacalAtmosphere::default(),
        eyes: HeliacalEyes::default(),
    };
    assert!(matches!(
        eph.heliacal(JD_1100, &heliacal),
        Err(EphemError::OutOfRange { .. })
    ));
}

#[test]
fn polar_houses_fall_back_to_porphyry_and_say_so() {
    let eph = ephemeris();
    for system in [
        HouseSystem::PLACIDUS,
        HouseSystem::KOCH,
        HouseSystem::GAUQUELIN,
    ] {
        let h = eph
            .houses(J2000, 70.0, 20.0, system, Zodiac::Tropical)
            .expect("fallback, not error");
        assert_eq!(h.system_requested, system);
        assert_eq!(h.system_used, HouseSystem::PORPHYRY);
        assert_eq!(
            h.fallback.as_deref(),
            Some("within polar circle, switched to Porphyry")
        );
        assert_eq!(h.cusps.len(), 12);
        let porphyry = eph
            .houses(J2000, 70.0, 20.0, HouseSystem::PORPHYRY, Zodiac::Tropical)
            .expect("O");
        assert_eq!(h.cusps, porphyry.cusps);
    }
    let gauquelin = eph
        .houses(J2000, 45.0, 20.0, HouseSystem::GAUQUELIN, Zodiac::Tropical)
        .expect("G");
    assert_eq!((gauquelin.cusps.len(), gauquelin.fallback), (36, None));
}

#[test]
fn bad_numbers_never_reach_the_library() {
    let eph = ephemeris();
    let mars = CalcRequest::new(BodyId::MARS);
    assert!(matches!(
        eph.calc(JulianDayUt(f64::NAN), &mars),
        Err(EphemError::NotFinite { name: "jd_ut", .. })
    ));
    assert!(matches!(
        eph.calc(JulianDayUt(f64::INFINITY), &mars),
        Err(EphemError::NotFinite { .. })
    ));
    let topo = |lat_deg| CalcRequest {
        center: Center::Topocentric(Observer {
            lat_deg,
            lon_deg: 0.0,
            alt_m: 0.0,
        }),
        ..mars
    };
    assert!(matches!(
        eph.calc(J2000, &topo(f64::NAN)),
        Err(EphemError::NotFinite {
            name: "observer.lat_deg",
            ..
        })
    ));
    assert!(matches!(
        eph.calc(J2000, &topo(91.0)),
        Err(EphemError::InvalidInput {
            name: "observer.lat_deg",
            ..
        })
    ));
    assert!(matches!(
        eph.houses(
            J2000,
            f64::NAN,
            0.0,
            HouseSystem::PLACIDUS,
            Zodiac::Tropical
        ),
        Err(EphemError::NotFinite {
            name: "lat_deg",
            ..
        })
    ));
    assert!(matches!(
        eph.sun_crossing(f64::NAN, J2000, Zodiac::Tropical),
        Err(EphemError::NotFinite { .. })
    ));
    assert!(matches!(
        eph.ayanamsa_deg(JulianDayUt(f64::NAN), orrery_ephem::AyanamsaId::LAHIRI),
        Err(EphemError::NotFinite { .. })
    ));
    assert!(BodyId::asteroid(0).is_err());
    assert!(HouseSystem::from_code('Z').is_err());
    assert!(
        HouseSystem::from_code('p').is_err(),
        "lower-case codes are deprecated in the library"
    );
    assert!(
        orrery_ephem::AyanamsaId::from_se_number(255).is_err(),
        "no user-defined mode"
    );
    assert!(matches!(
        eph.fixed_star("No Such Star", J2000, Zodiac::Tropical),
        Err(EphemError::StarNotFound { .. })
    ));
    assert!(matches!(
        eph.fixed_star("", J2000, Zodiac::Tropical),
        Err(EphemError::InvalidInput { .. })
    ));
    let far_north = HeliacalRequest {
        object: HeliacalObject::Star("Sirius"),
        event: HeliacalEvent::HeliacalRising,
        observer: Observer {
            lat_deg: 65.0,
            lon_deg: 0.0,
            alt_m: 0.0,
        },
        atmosphere: HeliacalAtmosphere::default(),
        eyes: HeliacalEyes::default(),
    };
    assert!(matches!(
        eph.heliacal(J2000, &far_north),
        Err(EphemError::InvalidInput { .. })
    ));
    let sun = HeliacalRequest {
        object: HeliacalObject::Body(BodyId::SUN),
        observer: LONDON,
        ..far_north
    };
    assert!(matches!(
        eph.heliacal(J2000, &sun),
        Err(EphemError::InvalidInput { .. })
    ));
    let equatorial = CalcRequest {
        coordinates: Coordinates::Equatorial,
        ..mars
    };
    assert!(eph.calc(J2000, &equatorial).is_ok());
}

#[test]
fn opening_checks_the_directory() {
    assert!(matches!(
        Ephemeris::open("/nonexistent/ephe"),
        Err(EphemError::DataDir { .. })
    ));
    let empty = std::env::temp_dir().join(format!("orrery-ephem-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("temp dir");
    match Ephemeris::open(&empty) {
        Err(EphemError::DataDir { reason, .. }) => {
            assert!(reason.contains("sepl_18.se1"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    drop(std::fs::remove_dir(&empty));
    let eph = ephemeris();
    assert!(
        eph.data_version().starts_with("se-2.10.03+de441+"),
        "{}",
        eph.data_version()
    );
    assert!(eph.star_names().expect("catalogue").len() > 1000);
}

#[test]
fn meaningless_requests_are_rejected_not_answered_with_zeros() {
    let eph = ephemeris();
    let invalid = |request: CalcRequest| {
        matches!(
            eph.calc(J2000, &request),
            Err(EphemError::InvalidInput { .. })
        )
    };
    let mars = CalcRequest::new(BodyId::MARS);
    // The library answers these with a row of zeros or a meaningless number.
    assert!(invalid(CalcRequest::new(BodyId::EARTH)));
    assert!(invalid(CalcRequest {
        center: Center::Heliocentric,
        ..CalcRequest::new(BodyId::SUN)
    }));
    assert!(invalid(CalcRequest {
        center: Center::Heliocentric,
        ..CalcRequest::new(BodyId::MEAN_NODE)
    }));
    assert!(invalid(CalcRequest {
        center: Center::Barycentric,
        ..CalcRequest::new(BodyId::OSCULATING_APOGEE)
    }));
    assert!(invalid(CalcRequest {
        center: Center::PlanetCentric(BodyId::MEAN_NODE),
        ..mars
    }));
    assert!(invalid(CalcRequest {
        center: Center::PlanetCentric(BodyId::MARS),
        ..mars
    }));
    assert!(invalid(CalcRequest {
        center: Center::PlanetCentric(BodyId::MARS),
        ..CalcRequest::new(BodyId::TRUE_NODE)
    }));
    assert!(invalid(CalcRequest {
        zodiac: Zodiac::Sidereal(orrery_ephem::AyanamsaId::LAHIRI),
        coordinates: Coordinates::Equatorial,
        ..mars
    }));
    assert!(invalid(CalcRequest {
        zodiac: Zodiac::Sidereal(orrery_ephem::AyanamsaId::LAHIRI),
        equinox: orrery_ephem::Equinox::Mean,
        ..mars
    }));
    // The Earth itself is fine from anywhere else.
    let earth_helio = CalcRequest {
        center: Center::Heliocentric,
        ..CalcRequest::new(BodyId::EARTH)
    };
    assert!(eph.calc(J2000, &earth_helio).is_ok());
    assert!(matches!(
        eph.nodes_apsides(J2000, BodyId::MEAN_NODE, NodApsMethod::Mean, false),
        Err(EphemError::InvalidInput { .. })
    ));
    for body in [BodyId::SUN, BodyId::MOON, BodyId::TRUE_NODE] {
        let crossing = eph.helio_crossing(
            body,
            0.0,
            J2000,
            Zodiac::Tropical,
            orrery_ephem::Direction::Forward,
        );
        assert!(
            matches!(crossing, Err(EphemError::InvalidInput { .. })),
            "{body:?}"
        );
    }
    let rise = RiseTransRequest {
        target: Target::Star("No Such Star"),
        event: RiseTransEvent::Rise,
        observer: LONDON,
        disc: DiscReference::UpperLimb,
        refraction: true,
        atmosphere: Atmosphere::default(),
    };
    assert!(matches!(
        eph.rise_trans(J2000, &rise),
        Err(EphemError::StarNotFound { .. })
    ));
    let heliacal = |object, event| HeliacalRequest {
        object,
        event,
        observer: LONDON,
        atmosphere: HeliacalAtmosphere::default(),
        eyes: HeliacalEyes::default(),
    };
    for (object, event) in [
        (
            HeliacalObject::Body(BodyId::MOON),
            HeliacalEvent::HeliacalRising,
        ),
        (
            HeliacalObject::Body(BodyId::JUPITER),
            HeliacalEvent::EveningFirst,
        ),
        (HeliacalObject::Star("Sirius"), HeliacalEvent::MorningLast),
        (
            HeliacalObject::Body(BodyId::VENUS),
            HeliacalEvent::AcronychalSetting,
        ),
    ] {
        let got = eph.heliacal(J2000, &heliacal(object, event));
        assert!(
            matches!(got, Err(EphemError::NotProvided { .. })),
            "{object:?} {event:?}: {got:?}"
        );
    }
}
