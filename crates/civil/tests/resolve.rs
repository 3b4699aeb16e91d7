//! Named scenarios: the messages a client reads, the notes, and the choices documented in the
//! crate. Expected instants here are from the tz source (the Zone lines are quoted) or plain
//! arithmetic; the full golden set is in `fixtures.rs`.

use orrery_civil::jiff::civil::date;
use orrery_civil::{
    CivilError, CivilInput, Field, FoldChoice, LmtKind, LmtPolicy, LmtRules, Note, OffsetSource,
    Zone,
};

fn resolve(input: CivilInput<'_>) -> orrery_civil::Resolved {
    input
        .resolve()
        .unwrap_or_else(|e| panic!("{input:?} should resolve: {e}"))
}

#[test]
fn bundled_data_has_backzone() {
    // backzone: "Zone Europe/Amsterdam 0:19:32 - LMT 1835; 0:19:32 Neth %s 1937 Jul 1"
    let r = resolve(CivilInput::new("1900-06-01T12:00").with_timezone("Europe/Amsterdam"));
    assert_eq!(
        (r.offset_string().as_str(), r.abbreviation()),
        ("+00:19:32", Some("AMT"))
    );
    // backzone: "Zone Europe/Oslo 0:43:00 - LMT 1895 Jan 1"
    let r = resolve(
        CivilInput::new("1890-01-01T12:00")
            .with_timezone("Europe/Oslo")
            .with_lmt_policy(LmtPolicy::ZoneReference),
    );
    assert_eq!(r.offset_string(), "+00:43");
    // europe: "Zone Europe/Dublin -0:25:21 - DMT 1916 May 21 2:00s"
    let r = resolve(CivilInput::new("1910-01-01T12:00").with_timezone("Europe/Dublin"));
    assert_eq!(r.offset_string(), "-00:25:21");
}

#[test]
fn berlin_1880_uses_the_birth_place_lmt_by_default() {
    // Munich 11.5755° E: 11.5755 × 240 s = 2778.12 s → +00:46:18.
    let r = resolve(
        CivilInput::new("1880-06-01T12:00")
            .with_timezone("Europe/Berlin")
            .with_longitude_deg(11.5755),
    );
    assert_eq!(r.utc().to_string(), "1880-06-01T11:13:42Z");
    assert_eq!(r.offset_string(), "+00:46:18");
    assert_eq!(r.source(), OffsetSource::LocalMeanTime);
    assert_eq!(
        r.lmt(),
        Some(LmtKind::BirthPlace {
            longitude_deg: 11.5755
        })
    );
    assert_eq!(r.abbreviation(), Some("LMT"));
    assert!(r.notes().is_empty());

    // europe: "Zone Europe/Berlin 0:53:28 - LMT 1893 Apr"
    let r = resolve(
        CivilInput::new("1880-06-01T12:00")
            .with_timezone("Europe/Berlin")
            .with_longitude_deg(11.5755)
            .with_lmt_policy(LmtPolicy::ZoneReference),
    );
    assert_eq!(r.offset_string(), "+00:53:28");
    assert_eq!(r.lmt(), Some(LmtKind::ZoneReference));
}

#[test]
fn birth_place_without_longitude_falls_back_and_says_so() {
    let r = resolve(CivilInput::new("1880-06-01T12:00").with_timezone("Europe/Berlin"));
    assert_eq!(r.offset_string(), "+00:53:28");
    assert_eq!(r.lmt(), Some(LmtKind::ZoneReference));
    assert_eq!(
        r.notes(),
        &[Note::ZoneLmtWithoutLongitude {
            zone: "Europe/Berlin"
        }]
    );
    assert_eq!(
        r.notes()[0].to_string(),
        "before standard time: no longitude was given, so the Local Mean Time of Europe/Berlin's \
         reference city was used instead of the birth place's"
    );
}

#[test]
fn legal_mean_times_are_not_replaced_by_birth_place_lmt() {
    let r = resolve(
        CivilInput::new("1900-06-01T12:00")
            .with_timezone("Europe/Amsterdam")
            .with_longitude_deg(6.5665), // Groningen
    );
    assert_eq!(r.source(), OffsetSource::TzDatabase);
    assert_eq!(r.offset_string(), "+00:19:32");
}

#[test]
fn new_york_spring_forward_gap_names_both_candidates() {
    let input = CivilInput::new("2021-03-14T02:30").with_timezone("America/New_York");
    let err = input.resolve().unwrap_err();
    assert_eq!(err.field(), Field::Datetime);
    assert_eq!(
        err.to_string(),
        "datetime 2021-03-14T02:30:00 does not exist in America/New_York: the clocks jumped from \
         -05:00 to -04:00 and skipped it; choose `earlier` for 2021-03-14T06:30:00Z (offset -04:00) \
         or `later` for 2021-03-14T07:30:00Z (offset -05:00)"
    );

    let earlier = resolve(input.with_fold_choice(FoldChoice::Earlier));
    assert_eq!(earlier.utc().to_string(), "2021-03-14T06:30:00Z");
    assert_eq!(earlier.offset_string(), "-04:00");
    assert_eq!(earlier.abbreviation(), Some("EDT"));
    let later = resolve(input.with_fold_choice(FoldChoice::Later));
    assert_eq!(later.utc().to_string(), "2021-03-14T07:30:00Z");
    assert_eq!(later.abbreviation(), Some("EST"));
    assert_eq!(
        later.notes()[0].to_string(),
        "the local time was skipped by a clock change; `later` was chosen, the other reading is \
         2021-03-14T06:30:00Z (offset -04:00)"
    );
}

#[test]
fn new_york_fall_back_fold_names_both_candidates() {
    let input = CivilInput::new("2021-11-07T01:30").with_timezone("America/New_York");
    let err = input.resolve().unwrap_err();
    assert_eq!(
        err.to_string(),
        "datetime 2021-11-07T01:30:00 happened twice in America/New_York: the clocks went back \
         from -04:00 to -05:00; choose `earlier` for 2021-11-07T05:30:00Z (offset -04:00) or \
         `later` for 2021-11-07T06:30:00Z (offset -05:00)"
    );
    let CivilError::Fold { earlier, later, .. } = err else {
        panic!("expected a fold")
    };
    assert_eq!(earlier.source(), OffsetSource::TzDatabase);
    assert!(earlier.utc() < later.utc());
    assert_eq!(
        resolve(input.with_fold_choice(FoldChoice::Later)).utc(),
        later.utc()
    );
}

#[test]
fn birth_place_lmt_moves_the_switch_to_standard_time() {
    // Königsberg, 20.5° E: LMT +01:22. When Germany went to CET on 1893-04-01 (00:00 Berlin LMT =
    // 1893-03-31T23:06:32Z), Königsberg's clocks went *back* 22 minutes: a fold, where Berlin's
    // own LMT makes 00:15 plain CET (Berlin's clocks jumped forward over 00:00..00:06:31).
    let at = |policy| {
        CivilInput::new("1893-04-01T00:15")
            .with_timezone("Europe/Berlin")
            .with_longitude_deg(20.5)
            .with_lmt_policy(policy)
            .resolve()
    };
    let Err(CivilError::Fold { earlier, later, .. }) = at(LmtPolicy::BirthPlace) else {
        panic!("expected a fold")
    };
    assert_eq!(earlier.utc().to_string(), "1893-03-31T22:53:00Z");
    assert_eq!(earlier.source(), OffsetSource::LocalMeanTime);
    assert_eq!(later.utc().to_string(), "1893-03-31T23:15:00Z");
    assert_eq!(later.source(), OffsetSource::TzDatabase);
    let berlin = at(LmtPolicy::ZoneReference).expect("unambiguous with Berlin's LMT");
    assert_eq!(berlin.utc(), later.utc());
}

#[test]
fn kolkata_1800_lmt_is_before_1800_in_ut() {
    // asia: "Zone Asia/Kolkata 5:53:28 - LMT 1854 Jun 28"
    let r = resolve(
        CivilInput::new("1800-01-01T00:00")
            .with_timezone("Asia/Kolkata")
            .with_lmt_policy(LmtPolicy::ZoneReference),
    );
    assert_eq!(r.utc().to_string(), "1799-12-31T18:06:32Z");
}

#[test]
fn offset_in_input_wins_over_the_zone_with_a_note() {
    let r = resolve(CivilInput::new("2024-07-01T12:00:00+01:00").with_timezone("Europe/Berlin"));
    assert_eq!(r.source(), OffsetSource::OffsetInInput);
    assert_eq!(r.utc().to_string(), "2024-07-01T11:00:00Z");
    assert_eq!(r.zone(), Some("Europe/Berlin"));
    assert_eq!(r.abbreviation(), None);
    assert_eq!(
        r.notes()[0].to_string(),
        "the offset in datetime was used; Europe/Berlin had +02:00 (CEST) at that instant"
    );

    // Agreeing with the zone's birth-place LMT is agreeing: no note.
    let r = resolve(
        CivilInput::new("1880-06-01T12:00+00:46:18")
            .with_timezone("Europe/Berlin")
            .with_longitude_deg(11.5755),
    );
    assert!(r.notes().is_empty(), "{:?}", r.notes());
    assert_eq!(r.abbreviation(), Some("LMT"));
}

#[test]
fn utc_keeps_nanoseconds() {
    let r = resolve(CivilInput::new("2024-03-20T08:36:21.123456789+05:30"));
    assert_eq!(r.utc().as_second(), 1_710_903_981);
    assert_eq!(r.utc().subsec_nanosecond(), 123_456_789);
    let r = resolve(CivilInput::new("1880-06-01T12:00:00.25").with_timezone("UTC"));
    assert_eq!(r.utc().to_string(), "1880-06-01T12:00:00.25Z");
}

#[test]
fn years_1000_to_3000_and_beyond() {
    // europe: "Zone Europe/London -0:01:15 - LMT 1847 Dec 1"
    let r = resolve(
        CivilInput::new("1000-01-01T12:00")
            .with_timezone("Europe/London")
            .with_lmt_policy(LmtPolicy::ZoneReference),
    );
    assert_eq!(r.utc().to_string(), "1000-01-01T12:01:15Z");
    // The current rules go on: 3000-07-01 is in US daylight time.
    let r = resolve(CivilInput::new("3000-07-01T12:00").with_timezone("America/New_York"));
    assert_eq!(r.utc().to_string(), "3000-07-01T16:00:00Z");
    let r = resolve(CivilInput::new("-000500-03-20T12:00Z"));
    assert_eq!(r.utc().to_string(), "-000500-03-20T12:00:00Z");
}

#[test]
fn every_error_names_its_field() {
    let cases: [(CivilInput<'_>, Field); 5] = [
        (
            CivilInput::new("2024-02-30T12:00").with_timezone("UTC"),
            Field::Datetime,
        ),
        (CivilInput::new("2024-03-20T12:00"), Field::Timezone),
        (
            CivilInput::new("2024-03-20T12:00").with_timezone("Europe/Berlim"),
            Field::Timezone,
        ),
        (
            CivilInput::new("2024-03-20T12:00")
                .with_timezone("UTC")
                .with_longitude_deg(200.0),
            Field::Longitude,
        ),
        (
            CivilInput::new("2021-03-14T02:30").with_timezone("America/New_York"),
            Field::Datetime,
        ),
    ];
    for (input, field) in cases {
        let err = input.resolve().unwrap_err();
        assert_eq!(err.field(), field, "{err}");
    }
    assert_eq!(
        CivilInput::new("2024-03-20T12:00")
            .resolve()
            .unwrap_err()
            .to_string(),
        "timezone is required because datetime \"2024-03-20T12:00\" has no UTC offset: give an \
         IANA time zone name like Europe/Berlin, or add an offset like Z or +01:00 to datetime"
    );
    assert_eq!(
        CivilInput::new("2024-03-20")
            .with_timezone("UTC")
            .resolve()
            .unwrap_err()
            .to_string(),
        "datetime must be an ISO 8601 date-time like 2024-03-20T03:06:21Z or 2024-03-20T03:06:21 \
         (got \"2024-03-20\"): a time of day is required, a date alone is not enough (send T12:00 \
         if noon is meant, e.g. 2024-03-20T12:00)"
    );
}

#[test]
fn uninhabited_periods_need_a_longitude() {
    // antarctica: "Zone Antarctica/Troll 0 - -00 2005 Feb 12"
    let zone = Zone::get("Antarctica/Troll").expect("zone");
    let local = date(1990, 6, 1).at(12, 0, 0, 0);
    let err = zone
        .resolve_local(local, LmtRules::default(), None)
        .unwrap_err();
    assert!(matches!(err, CivilError::NoCivilTime { .. }), "{err}");
    let rules = LmtRules {
        policy: LmtPolicy::BirthPlace,
        longitude: Some(orrery_civil::GeoLongitude::new(2.5347).expect("longitude")),
    };
    let r = zone.resolve_local(local, rules, None).expect("resolves");
    assert_eq!(r.offset_seconds(), 608);
    assert_eq!(r.source(), OffsetSource::LocalMeanTime);
}

#[test]
fn a_fold_choice_on_an_unambiguous_time_changes_nothing() {
    let input = CivilInput::new("2021-07-01T12:00").with_timezone("America/New_York");
    let plain = resolve(input);
    assert_eq!(resolve(input.with_fold_choice(FoldChoice::Earlier)), plain);
    assert_eq!(resolve(input.with_fold_choice(FoldChoice::Later)), plain);
}
