//! Every validation error of every request, as a client receives it (code, field, message,
//! details), under insta snapshots: a changed wording or code shows up in review as a snapshot
//! diff. The requests go through the same two steps as in the server: parsing
//! (`orrery_api::parse`, which names the field from the deserialiser's path) and the rules
//! across fields (`TryFrom` or `validate`). No server starts: the HTTP tests keep one case per
//! endpoint for the envelope (status, error object, request id), and the errors that only a
//! calculation finds (a body outside the data files).
//!
//! Update after an intended change with `INSTA_UPDATE=always cargo test -p orrery-api --test
//! error_snapshots` and review the diff.

use jiff::Timestamp;
use orrery_api::ApiInputError;
use orrery_api::antiscia::{AntisciaInput, AntisciaRequest};
use orrery_api::aspects::AspectsRequest;
use orrery_api::cartography::{AcgLinesInput, AcgNearInput, AcgRequest};
use orrery_api::dignities::{DignitiesInput, DignitiesRequest};
use orrery_api::directions::{DirectionsRequest, DirectionsRequestInput};
use orrery_api::ephemeris::{EphemerisInput, EphemerisRequest};
use orrery_api::heliacal::{HeliacalInput, HeliacalRequest};
use orrery_api::lots::{LotsInput, LotsRequest};
use orrery_api::midpoints::{MidpointsInput, MidpointsRequest};
use orrery_api::nodes_apsides::{NodesApsidesInput, NodesApsidesRequest};
use orrery_api::panchanga::{PanchangaInput, PanchangaRequest};
use orrery_api::parse::json_value;
use orrery_api::planets::{PlanetsInput, PlanetsQuery};
use orrery_api::progressions::ProgressionsRequest;
use orrery_api::radix::{RadixInput, RadixRequest};
use orrery_api::relationship::{RelationshipInput, RelationshipRequest};
use orrery_api::releasing::ReleasingRequest;
use orrery_api::returns::{ReturnsEndpoint, ReturnsRequest};
use orrery_api::rise_set::{RiseSetInput, RiseSetRequest};
use orrery_api::time_lords::{TimeLordsInput, TimeLordsRequest};
use orrery_api::transits::{TransitsInput, TransitsRequest};
use orrery_api::vedic::{VedicInput, VedicRequest};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// The error as the error object shows it (less the request id), after the request.
fn shown(request: &Value, error: &ApiInputError) -> Value {
    json!({
        "request": request,
        "code": error.code,
        "field": error.field,
        "message": error.message,
        "details": error.details,
    })
}

/// Parses each body as `R` and applies `validate`; every body must fail, in either step.
fn errors<R: DeserializeOwned>(
    bodies: impl IntoIterator<Item = Value>,
    validate: impl Fn(&R) -> Result<(), ApiInputError>,
) -> Vec<Value> {
    bodies
        .into_iter()
        .map(|body| {
            let result = json_value::<R>(body.clone()).and_then(|request| validate(&request));
            match result {
                Err(error) => shown(&body, &error),
                Ok(()) => panic!("{body} was accepted"),
            }
        })
        .collect()
}

/// The clock of the requests that default to now.
fn now() -> Timestamp {
    "2024-06-01T00:00:00Z".parse().unwrap()
}

/// `base` with `changes` applied: a key with `null` is removed.
fn with(base: &Value, changes: Value) -> Value {
    let mut body = base.clone();
    for (key, value) in changes.as_object().unwrap() {
        if value.is_null() {
            body.as_object_mut().unwrap().remove(key);
        } else {
            body[key] = value.clone();
        }
    }
    body
}

fn birth() -> Value {
    json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

fn utc_birth() -> Value {
    json!({"datetime": "1990-05-15T12:30:00Z",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

fn with_birth(changes: Value) -> Value {
    json!({ "birth": with(&birth(), changes) })
}

#[test]
fn radix_errors() {
    let b = birth();
    let errors = errors::<RadixRequest>(
        [
            json!({}),
            json!({"birth": b, "bogus": 1}),
            with_birth(json!({"location": {"latitude": 91, "longitude": 0}})),
            with_birth(json!({"location": {"latitude": "north", "longitude": 0}})),
            with_birth(json!({"location": {"latitude": 0, "longitude": "east"}})),
            with_birth(json!({"location": {"latitude": 0, "longitude": 0, "altitude": 30000}})),
            with_birth(json!({"datetime": "2021-03-28T02:30:00"})),
            with_birth(json!({"datetime": "2021-10-31T02:30:00"})),
            with_birth(json!({"timezone": "Europe/Berln"})),
            with_birth(json!({"timezone": "Mars/Olympus"})),
            with_birth(json!({"timezone": null})),
            with_birth(json!({"datetime": "15.05.1990 14:30"})),
            with_birth(json!({"datetime": "yesterday"})),
            json!({"birth": b, "options": {"house_system": "plasidus"}}),
            json!({"birth": b, "options": {"zodiac": "galactic"}}),
            json!({"birth": b, "options": {"zodiac": "sidereal", "ayanamsa": "lahri"}}),
            json!({"birth": b, "options": {"ayanamsa": "lahiri"}}),
            json!({"birth": b, "options": {"center": "planet:vulcan"}}),
            json!({"birth": b, "options": {"center": "selenocentric"}}),
            json!({"birth": b, "options": {"observer": {"latitude": 1, "longitude": 2}}}),
            json!({"birth": b, "options": {"colour": "blue"}}),
            json!({"birth": b, "options": {"bodies": ["sun", "vulcan"]}}),
            json!({"birth": b, "options": {"include": []}}),
            json!({"birth": b, "options": {"aspects": {"orbs": "wide"}}}),
            json!({"birth": b, "options": {"aspects": {"orbs": 45}}}),
            json!({"birth": b, "options": {"aspects": {"orbs": {"trine": -1}}}}),
            json!({"birth": b, "options": {"aspects": {"orbs": {"sesquiquintile": 1}}}}),
            with_birth(json!({"datetime": "1500-02-29T12:00"})),
            with_birth(json!({"datetime": "1500-02-30T12:00", "calendar": "julian"})),
            with_birth(json!({"calendar": "byzantine"})),
            with_birth(json!({"datetime": "1492-10-12T12:00Z", "calendar": "julian"})),
            with_birth(json!({"datetime": "1582-10-10T12:00", "calendar": "auto"})),
        ],
        |request| RadixInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn ephemeris_errors() {
    let window = json!({"start": "2024-01-01T00:00:00Z", "end": "2024-01-02T00:00:00Z"});
    let errors = errors::<EphemerisRequest>(
        [
            json!({"start": "2024-01-01T00:00:00Z"}),
            with(&window, json!({"end": "2023-12-31T00:00:00Z"})),
            with(&window, json!({"start": "2024-01-01T00:00:00"})),
            with(
                &window,
                json!({"end": "2044-01-01T00:00:00Z", "step_hours": 1}),
            ),
            with(&window, json!({"step_days": 1, "step_hours": 1})),
            with(&window, json!({"step_hours": 1, "step_minutes": 6})),
            with(&window, json!({"step_days": 0})),
            with(&window, json!({"step_hours": -2})),
            with(&window, json!({"step_days": "x"})),
            with(&window, json!({"points": ["sun", "vulcan"]})),
            with(&window, json!({"fields": ["longitude", "colour"]})),
            with(&window, json!({"fields": []})),
            with(&window, json!({"asteroids": [0]})),
            with(
                &window,
                json!({"center": "heliocentric", "points": ["sun"]}),
            ),
            with(
                &window,
                json!({"center": "heliocentric", "points": ["mean_node"]}),
            ),
            with(
                &window,
                json!({"center": "planet:mars", "points": ["mars"]}),
            ),
            with(&window, json!({"center": "topocentric"})),
            with(&window, json!({"ayanamsa": "lahiri"})),
            with(
                &window,
                json!({"zodiac": "sidereal", "ayanamsa": "lahiri_x"}),
            ),
            with(
                &window,
                json!({"observer": {"latitude": -91, "longitude": 0}, "center": "topocentric"}),
            ),
            with(&window, json!({"step": 1})),
        ],
        |request| EphemerisInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn planets_errors() {
    let errors = errors::<PlanetsQuery>(
        [
            json!({}),
            json!({"datetime": "2000-01-01T12:00:00"}),
            json!({"datetime": "2000-01-01T12:00:00 01:00"}),
        ],
        |query| PlanetsInput::try_from(query).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn aspects_errors() {
    let errors = errors::<AspectsRequest>(
        [
            json!({"positions": {"sun": 1.0}, "datetime": "2024-03-20T03:06:21Z"}),
            json!({"positions_b": {"sun": 1.0}}),
            json!({"positions": {}}),
            json!({"positions": {"sun": "high"}}),
            json!({"positions": {"sun": {"longitude": 1.0, "speed": "fast"}}}),
            json!({"positions": {"sun": {"longitude": 1.0, "colour": 1}}}),
            json!({"positions": {"sun": 1.0}, "aspects": ["trine", "sesquisquare"]}),
            json!({"positions": {"sun": 1.0}, "orbs": {"max": 5, "trine": 7}}),
            json!({"positions": {"sun": 1.0}, "orbs": "loose"}),
            json!({"datetime": "2024-03-20T03:06:21"}),
        ],
        |request| request.validate(now()).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn antiscia_errors() {
    let at = "2024-01-01T00:00:00Z";
    let errors = errors::<AntisciaRequest>(
        [
            json!({"bodies": ["sun"]}),
            json!({"datetime": "yesterday"}),
            json!({"datetime": at, "orb": 3.5}),
            json!({"datetime": at, "orb": -0.5}),
            json!({"datetime": at, "orb": "wide"}),
            json!({"datetime": at, "bodies": []}),
            json!({"datetime": at, "bodies": [1]}),
            json!({"datetime": at, "include_pairs": "no"}),
            json!({"datetime": at, "orbs": 2}),
        ],
        |request| AntisciaInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn cartography_errors() {
    let b =
        json!({"datetime": "2000-01-01T12:00:00Z", "location": {"latitude": 0, "longitude": 0}});
    let p = json!({"latitude": 10, "longitude": 20});
    let both = [
        json!({}),
        json!({"birth": {"datetime": "2000-01-01T12:00:00", "location": {"latitude": 0, "longitude": 0}}}),
        json!({"birth": {"datetime": "2000-01-01T12:00:00Z", "location": {"latitude": 91, "longitude": 0}}}),
        json!({"birth": b, "bodies": []}),
        json!({"birth": b, "bodies": vec!["sun"; 17]}),
        json!({"birth": b, "bodies": ["sun", "vulcan"]}),
        json!({"birth": b, "bodies": ["moon", "sun", "moon"]}),
        json!({"birth": b, "bodies": ["mean_apogee", "mean_lilith"]}),
        json!({"birth": b, "line_types": []}),
        json!({"birth": b, "line_types": ["mc", "mc"]}),
        json!({"birth": b, "line_types": ["mc", "zenith"]}),
        json!({"birth": b, "step_degrees": 0.05}),
        json!({"birth": b, "step_degrees": 2.5}),
        json!({"birth": b, "aspects": {"angles": []}}),
        json!({"birth": b, "aspects": {"angles": [30, 45, 60, 90, 120, 150, 180]}}),
        json!({"birth": b, "aspects": {"angles": [0]}}),
        json!({"birth": b, "aspects": {"angles": [90, 200]}}),
        json!({"birth": b, "aspects": {"angles": [90, 90]}}),
        json!({"birth": b, "aspects": {"targets": ["mc"]}}),
        json!({"birth": b, "aspects": {"angles": [90], "targets": []}}),
        json!({"birth": b, "aspects": {"angles": [90], "targets": ["ac", "ac"]}}),
        json!({"birth": b, "aspects": {"angles": [90], "orb": 1}}),
        json!({"birth": b, "zodiac": "sidereal"}),
    ];
    let lines = errors::<AcgRequest>(
        both.clone().into_iter().chain([
            json!({"birth": b, "location": p}),
            json!({"birth": b, "max_km": 100}),
        ]),
        |request| AcgLinesInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!("acg_lines_errors", lines) });
    let near = errors::<AcgRequest>(
        both.into_iter().chain([
            json!({"birth": b}),
            json!({"birth": b, "location": {"latitude": 0, "longitude": 181}}),
            json!({"birth": b, "location": p, "max_km": -1}),
        ]),
        |request| AcgNearInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!("acg_near_errors", near) });
}

#[test]
fn directions_errors() {
    let with_options = |options: Value| json!({"birth": utc_birth(), "options": options});
    let errors = errors::<DirectionsRequest>(
        [
            json!({}),
            json!({"birth": {"datetime": "1990-05-15T12:30:00Z",
                             "location": {"latitude": 91.5, "longitude": 0}}}),
            with_options(json!({"promissors": vec!["sun"; 13]})),
            with_options(json!({"promissors": []})),
            with_options(json!({"promissors": ["sun", "vulcan"]})),
            with_options(json!({"key": 0.4})),
            with_options(json!({"key": 2.5})),
            with_options(json!({"key": "cardan"})),
            with_options(json!({"key": true})),
            with_options(json!({"mode": "mundane"})),
            with_options(json!({"age_start": -1})),
            with_options(json!({"age_end": 121})),
            with_options(json!({"age_start": 50, "age_end": 10})),
            with_options(json!({"age_start": 100})),
            with_options(json!({"significators": {"angles": ["asc", "vertex"]}})),
            with_options(json!({"significators": {"bodies": ["sun", "lilith"]}})),
            with_options(json!({"significators": {"angles": [], "bodies": []}})),
            with_options(json!({"significators": {"houses": []}})),
            with_options(json!({"aspects": []})),
            with_options(json!({"aspects": [0, 400]})),
            with_options(json!({"aspects": ["square"]})),
            with_options(json!({"orb": 1})),
        ],
        |request| DirectionsRequestInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn heliacal_errors() {
    let valid = json!({
        "datetime_start": "2024-01-01T00:00:00Z",
        "object": "venus",
        "event_type": "heliacal_rising",
        "location": {"latitude": 30.0, "longitude": 31.0},
    });
    let at = |pointer: &str, value: Value| {
        let mut body = valid.clone();
        *body.pointer_mut(pointer).unwrap() = value;
        body
    };
    let errors = errors::<HeliacalRequest>(
        [
            at("/datetime_start", json!("2024-01-01T00:00:00")),
            at("/datetime_start", json!("yesterday")),
            at("/object", json!("sun")),
            at("/object", json!(" ")),
            at("/event_type", json!("heliacal_dawn")),
            at("/location/latitude", json!(91.0)),
            at("/location/latitude", json!(61.0)),
            at("/location/longitude", json!(200.0)),
            at(
                "/location",
                json!({"latitude": 30.0, "longitude": 31.0, "altitude": 30000.0}),
            ),
            with(&valid, json!({"atmosphere": {"pressure": 0.0}})),
            with(&valid, json!({"atmosphere": {"temperature": 80.0}})),
            with(&valid, json!({"atmosphere": {"humidity": 120.0}})),
            with(&valid, json!({"atmosphere": {"meteo_range_km": 0.5}})),
            with(&valid, json!({"atmosphere": {"visibility": 3}})),
            with(&valid, json!({"observer": {"age": 0.0}})),
            with(&valid, json!({"observer": {"eyes": 3}})),
            with(&valid, json!({"observer": {"magnification": 0.5}})),
            with(&valid, json!({"observer": {"aperture_mm": -1.0}})),
            with(&valid, json!({"observer": {"transmission": 0.0}})),
            with(&valid, json!({"observer": {"aperture_mm": 50.0}})),
            with(&valid, json!({"observer": {"transmission": 0.8}})),
            with(&valid, json!({"observer": {"magnification": 7.0}})),
        ],
        |request| HeliacalInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn lots_errors() {
    let natal = utc_birth();
    let pos = json!({"sun": 10.0, "moon": 100.0, "ascendant": 200.0});
    let errors = errors::<LotsRequest>(
        [
            json!({}),
            json!({"natal": natal, "positions": pos}),
            json!({"natal": natal, "sect": "day"}),
            json!({"positions": pos, "sect": "dusk"}),
            json!({"positions": {"moon": 1.0, "ascendant": 2.0}}),
            json!({"positions": {"sun": 1.0, "moon": 2.0}}),
            json!({"positions": {"sun": 1.0, "moon": 2.0, "ascendant": 3.0, "uranus": 4.0}}),
            json!({"positions": {"sun": "x"}}),
            json!({"positions": pos, "lots": []}),
            json!({"positions": pos, "lots": ["fortune", "part_of_love"]}),
            json!({"positions": pos, "lots": ["spirit", "necessity"]}),
            json!({"positions": pos, "lots": ["eros"]}),
            json!({"natal": {"datetime": "1990-05-15T12:30:00Z",
                             "location": {"latitude": 52, "longitude": 181}}}),
            json!({"natal": {"datetime": "1990-05-15T12:30:00",
                             "location": {"latitude": 52, "longitude": 13}}}),
            json!({"positions": pos, "house_system": "koch"}),
        ],
        |request| LotsInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn midpoints_errors() {
    let natal = utc_birth();
    let pos = json!({"sun": 10.0, "moon": 100.0, "mars": 200.0});
    let many: serde_json::Map<String, Value> = (0..33)
        .map(|i| (format!("p{i}"), json!(f64::from(i))))
        .collect();
    let errors = errors::<MidpointsRequest>(
        [
            json!({}),
            json!({"natal": natal, "positions": pos}),
            json!({"positions": {}}),
            json!({"positions": {"sun": 1.0}}),
            json!({"positions": many}),
            json!({"positions": {"sun": "x"}}),
            json!({"positions": pos, "points": ["sun", "venus"]}),
            json!({"positions": pos, "points": ["sun", "sun"]}),
            json!({"positions": pos, "points": ["sun", ""]}),
            json!({"natal": natal, "points": ["sun", "vulcan"]}),
            json!({"natal": natal, "points": ["mean_lilith", "mean_apogee"]}),
            json!({"positions": pos, "aspect_angles": [0, 60]}),
            json!({"positions": pos, "aspect_angles": []}),
            json!({"positions": pos, "orb": 5.5}),
            json!({"positions": pos, "orb": -1}),
            json!({"positions": pos, "include": []}),
            json!({"positions": pos, "include": ["all"]}),
            json!({"natal": {"datetime": "1990-05-15T12:30:00Z",
                             "location": {"latitude": 91, "longitude": 0}}}),
            json!({"natal": {"datetime": "1990-05-15T12:30:00",
                             "location": {"latitude": 52, "longitude": 13}}}),
            json!({"positions": pos, "orbs": 1}),
        ],
        |request| MidpointsInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn nodes_apsides_errors() {
    let at = "2024-01-01T00:00:00Z";
    let errors = errors::<NodesApsidesRequest>(
        [
            json!({}),
            json!({"datetime": "2024-01-01T00:00:00"}),
            json!({"datetime": "new year"}),
            json!({"datetime": 2024}),
            json!({"datetime": at, "bodies": []}),
            json!({"datetime": at, "bodies": ["moon", "vulcan"]}),
            json!({"datetime": at, "bodies": ["sun"]}),
            json!({"datetime": at, "bodies": ["mars", "earth"]}),
            json!({"datetime": at, "bodies": ["true_node"]}),
            json!({"datetime": at, "bodies": ["mean_lilith"]}),
            json!({"datetime": at, "bodies": ["interpolated_perigee"]}),
            json!({"datetime": at, "bodies": "moon"}),
            json!({"datetime": at, "method": "true"}),
            json!({"datetime": at, "heliocentric": "yes"}),
            json!({"datetime": at, "center": "heliocentric"}),
        ],
        |request| NodesApsidesInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn progressions_errors() {
    let natal = birth();
    let errors = errors::<ProgressionsRequest>(
        [
            json!({"age_years": 3}),
            json!({"natal": natal, "method": "quaternary"}),
            json!({"natal": natal, "age_years": 3, "age_start": 0, "age_end": 5}),
            json!({"natal": natal, "age_years": 3, "at": "2000-01-01T00:00:00Z"}),
            json!({"natal": natal, "at": "2000-01-01T00:00:00"}),
            json!({"natal": natal, "at": "1900-01-01T00:00:00Z"}),
            json!({"natal": natal, "age_start": 10, "age_end": 5}),
            json!({"natal": natal, "age_start": 10}),
            json!({"natal": natal, "age_years": 121}),
            json!({"natal": natal, "age_start": 0, "age_end": 5, "aspect_frame": "natal_natal"}),
            json!({"natal": natal, "age_start": 0, "age_end": 5, "phases": ["eclipse"]}),
            json!({"natal": natal, "method": "minor", "age_start": 0, "age_end": 5,
                   "phases": ["axis"]}),
            json!({"natal": natal, "method": "solar_arc", "age_start": 0, "age_end": 5,
                   "aspect_frame": "progressed_progressed"}),
            json!({"natal_positions": {"sun": 10.0}, "age_years": 3}),
            json!({"natal": natal, "age_start": 0, "age_end": 90, "step_years": 0.001}),
            json!({"natal": natal, "moving_points": []}),
            json!({"natal": natal, "moving_points": ["sun", "pluto", "nibiru"]}),
            json!({"natal": natal, "method": "minor", "moving_points": ["mc"]}),
            json!({"natal_positions": {"sun": 10.0}, "birth_jd": 2_451_545.0,
                   "moving_points": ["ascendant"]}),
            json!({"natal": natal, "age_years": 3, "unknown_field": 1}),
            json!({"natal": natal, "age_years": 3, "orbs": "wide"}),
        ],
        |request| request.validate(now()).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn relationship_errors() {
    let birth_at = |datetime: &str, latitude: f64, longitude: f64| json!({"datetime": datetime, "location": {"latitude": latitude, "longitude": longitude}});
    let someone = |datetime: &str, latitude: f64, longitude: f64| json!({"birth": birth_at(datetime, latitude, longitude)});
    let a = json!({"name": "Ann", "birth": birth_at("1990-05-15T12:30:00Z", 52.52, 13.405)});
    let b = json!({"birth": birth_at("1988-11-02T13:15:00Z", 40.7128, -74.006)});
    let pair = |method: &str, a: &Value, b: &Value, options: Value| json!({"method": method, "person_a": a, "person_b": b, "options": options});
    let errors = errors::<RelationshipRequest>(
        [
            pair("synergy", &a, &b, json!({})),
            json!({"method": "synastry", "person_a": a}),
            pair(
                "synastry",
                &a,
                &someone("1988-11-02T13:15:00Z", 91.5, 0.0),
                json!({}),
            ),
            pair(
                "composite",
                &someone("1990-05-15T12:30:00Z", 0.0, 180.5),
                &b,
                json!({}),
            ),
            pair(
                "synastry",
                &json!({"name": "x".repeat(101), "birth": birth_at("1990-05-15T12:30:00Z", 0.0, 0.0)}),
                &b,
                json!({}),
            ),
            pair(
                "synastry",
                &a,
                &someone("1990-05-15T12:30:00", 0.0, 0.0),
                json!({}),
            ),
            pair(
                "synastry",
                &a,
                &json!({"birth": {"datetime": "2021-03-28T02:30:00", "timezone": "Europe/Berlin",
                                  "location": {"latitude": 52.5, "longitude": 13.4}}}),
                json!({}),
            ),
            pair("synastry", &a, &b, json!({"house_system": "kotch"})),
            pair("synastry", &a, &b, json!({"aspects": {"orbs": "loose"}})),
            pair(
                "composite",
                &a,
                &b,
                json!({"aspects": {"aspect_types": ["major", "odd"]}}),
            ),
            pair("synastry", &a, &b, json!({"bodies": ["sun", "vulcan"]})),
            pair("composite", &a, &b, json!({"include_natal_charts": true})),
            pair("synastry", &a, &b, json!({"zodiac": "sidereal"})),
            pair(
                "davison",
                &someone("1990-05-15T12:30:00Z", 10.0, 20.0),
                &someone("1991-05-15T12:30:00Z", -10.0, -160.0),
                json!({}),
            ),
        ],
        |request| RelationshipInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn releasing_errors() {
    let birth = "1990-06-15T08:30:00Z";
    let errors = errors::<ReleasingRequest>(
        [
            json!({"start_sign": "leo"}),
            json!({"birth_datetime": birth}),
            json!({"birth_datetime": birth, "start_sign": "leo", "lot_longitude": 10}),
            json!({"birth_datetime": birth, "start_sign": "lion"}),
            json!({"birth_datetime": birth, "start_sign": "leo", "max_level": 0}),
            json!({"birth_datetime": birth, "lot_longitude": 400}),
            json!({"birth_datetime": birth, "start_sign": "leo", "year_days": 300}),
            json!({"birth_datetime": birth, "start_sign": "leo",
                   "target_datetime": "1989-01-01T00:00:00Z"}),
            json!({"birth_datetime": birth, "sign": "leo"}),
            json!({"birth_datetime": birth, "start_sign": "leo", "loosing_of_the_bond": "skip"}),
        ],
        |request| request.validate(now()).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn returns_errors() {
    let n = birth();
    let bodies = [
        json!({"natal": n}),
        json!({"natal": n, "planet": []}),
        json!({"natal": n, "planet": "vulcan"}),
        json!({"natal": n, "planet": ["sun", "true_node"]}),
        json!({"natal": n, "planet": 7}),
        json!({"planet": "sun"}),
        json!({"natal": n, "natal_positions": {"sun": 10.0}, "planet": "sun"}),
        json!({"natal_positions": {"sun": 10.0}, "planet": "sun"}),
        json!({"natal_positions": {"moon": 10.0}, "planet": "sun", "include": []}),
        json!({"natal_positions": {"sun": "ten"}, "planet": "sun"}),
        json!({"natal": n, "planet": "sun", "target_angle": 400}),
        json!({"natal": n, "planet": "sun", "target_angle": "half"}),
        json!({"natal": n, "planet": "sun", "from": "2024-01-01"}),
        json!({"natal": n, "planet": "sun", "from": "2024-01-01T00:00:00"}),
        json!({"natal": n, "planet": "sun", "count": 0}),
        json!({"natal": n, "planet": "sun", "location": {"latitude": 0, "longitude": 181}}),
        json!({"natal": n, "planet": "sun", "location": {"latitude": 0}}),
        json!({"natal": n, "planet": "sun", "include": ["planets"]}),
        json!({"natal": n, "planet": "sun", "house_system": "koch2"}),
        json!({"natal": n, "planet": "sun", "aspects": {"orbs": -1}}),
        json!({"natal": n, "planet": "sun", "aspects": {"aspect_types": ["odd"]}}),
        json!({"natal": n, "planet": "sun", "aspects": {"aspects": []}}),
        json!({"natal": n, "planet": "sun", "orbs": "tight"}),
        json!({"natal": with(&n, json!({"timezone": null})), "planet": "sun"}),
        json!({"natal": with(&n, json!({"location": {"latitude": 95, "longitude": 13.4}})),
               "planet": "sun"}),
    ];
    let returns = errors::<ReturnsRequest>(bodies, |request| {
        request.validate(now(), ReturnsEndpoint::Returns).map(drop)
    });
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!("returns_errors", returns) });
    let mercury = errors::<ReturnsRequest>(
        [
            json!({"natal": n, "planet": "venus"}),
            json!({"natal": n, "planet": ["mercury", "venus"]}),
        ],
        |request| {
            request
                .validate(now(), ReturnsEndpoint::MercuryReturn)
                .map(drop)
        },
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!("mercury_return_errors", mercury) });
}

#[test]
fn rise_set_errors() {
    let d = "2024-03-20T00:00:00Z";
    let p = json!({"latitude": 52.52, "longitude": 13.405});
    let errors = errors::<RiseSetRequest>(
        [
            json!({"datetime": d, "location": {"latitude": 91.5, "longitude": 0}}),
            json!({"datetime": d, "location": {"latitude": 0, "longitude": -180.5}}),
            json!({"datetime": d, "location": {"latitude": 0, "longitude": 0, "altitude": -600}}),
            json!({"location": p}),
            json!({"datetime": d}),
            json!({"datetime": "2024-03-20T00:00:00", "location": p}),
            json!({"datetime": d, "end": "tomorrow", "location": p}),
            json!({"datetime": d, "end": "2024-03-19T23:59:59Z", "location": p}),
            json!({"datetime": d, "end": "2024-05-22T00:00:00Z", "location": p}),
            json!({"datetime": d, "location": p, "bodies": []}),
            json!({"datetime": d, "location": p, "bodies": vec!["sun"; 13]}),
            json!({"datetime": d, "location": p, "bodies": ["sun", "vulcan"]}),
            json!({"datetime": d, "location": p, "bodies": ["moon", "sun", "moon"]}),
            json!({"datetime": d, "location": p, "bodies": ["mean_node"]}),
            json!({"datetime": d, "location": p, "bodies": ["sun", "true_node"]}),
            json!({"datetime": d, "location": p, "bodies": ["earth"]}),
            json!({"datetime": d, "location": p, "events": []}),
            json!({"datetime": d, "location": p, "events": ["set", "set"]}),
            json!({"datetime": d, "location": p, "events": ["rise", "dawn"]}),
            json!({"datetime": d, "location": p, "disc": "lower_limb"}),
            json!({"datetime": d, "location": p, "atmosphere": {"pressure": 1200}}),
            json!({"datetime": d, "location": p, "atmosphere": {"temperature": -120}}),
            json!({"datetime": d, "location": p, "atmosphere": {"humidity": 50}}),
            json!({"datetime": d, "location": p, "refraction": "no"}),
        ],
        |request| RiseSetInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn transits_errors() {
    let natal = json!({"sun": 10.0});
    let window = json!({"natal_positions": natal, "start": "2024-01-01T00:00:00Z",
                        "end": "2024-02-01T00:00:00Z"});
    let w = |changes: Value| with(&window, changes);
    let too_many_points: serde_json::Map<String, Value> =
        (0..101).map(|i| (format!("p{i}"), json!(1.0))).collect();
    let too_many_bodies: Vec<String> = (1..=33).map(|n| format!("asteroid_{n}")).collect();
    let hundred: serde_json::Map<String, Value> = (0..100)
        .map(|i| (format!("p{i}"), json!(f64::from(i))))
        .collect();
    let errors = errors::<TransitsRequest>(
        [
            w(json!({"natal": utc_birth()})),
            w(json!({"natal_positions": null})),
            w(json!({"at": "2024-01-01T00:00:00Z"})),
            json!({"natal_positions": natal}),
            w(json!({"end": null})),
            w(json!({"start": null})),
            w(json!({"end": "2023-12-31T00:00:00Z"})),
            w(json!({"end": "2024-01-01T00:00:00Z"})),
            w(json!({"end": "2124-01-03T00:00:00Z"})),
            w(json!({"start": "2024-01-01T00:00:00"})),
            json!({"natal_positions": natal, "at": "yesterday"}),
            w(json!({"transit_points": ["sun", "vulcan"]})),
            w(json!({"transit_points": []})),
            w(json!({"transit_points": too_many_bodies})),
            w(json!({"aspects": ["conjunction", "squircle"]})),
            w(json!({"aspect_types": ["mayor"]})),
            w(json!({"orbs": "loose"})),
            w(json!({"orbs": -1})),
            w(json!({"orbs": {"trine": "wide"}})),
            w(json!({"orbs": [1]})),
            w(json!({"step_days": 0})),
            w(json!({"step_days": -1})),
            w(json!({"step_days": 31})),
            json!({"natal_positions": natal, "at": "2024-01-01T00:00:00Z", "step_days": 1}),
            w(json!({"step_days": 0.001, "end": "2026-01-01T00:00:00Z"})),
            w(json!({"natal_positions": {}})),
            w(json!({"natal_positions": {"sun": "leo"}})),
            w(json!({"natal_positions": {"": 1.0}})),
            w(json!({"natal_positions": too_many_points})),
            w(
                json!({"natal": with(&utc_birth(), json!({"datetime": "1990-05-15T14:30:00"})),
                     "natal_positions": null}),
            ),
            w(
                json!({"natal": with(&utc_birth(), json!({"location": {"latitude": 91.0, "longitude": 13.4}})),
                     "natal_positions": null}),
            ),
            w(json!({"house_system": "koch"})),
            json!({"natal_positions": hundred, "start": "2000-01-01T00:00:00Z",
                   "end": "2050-01-01T00:00:00Z", "aspect_types": ["major", "minor"]}),
        ],
        |request| TransitsInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn vedic_errors() {
    let birth = json!({"datetime": "2000-01-01T12:00:00Z",
                       "location": {"latitude": 28.6, "longitude": 77.2}});
    let field = |name: &str, value: Value| {
        let mut body = json!({"birth": birth.clone()});
        body[name] = value;
        body
    };
    let errors = errors::<VedicRequest>(
        [
            json!({}),
            json!({"birth": {"datetime": "2000-01-01T12:00:00Z",
                             "location": {"latitude": 91.5, "longitude": 0}}}),
            json!({"birth": {"datetime": "2000-01-01T12:00:00",
                             "location": {"latitude": 0, "longitude": 0}}}),
            field("ayanamsa", json!("tropical")),
            field("ayanamsa", json!("lahari")),
            field("include", json!([])),
            field("include", json!(["houses"])),
            field("vargas", json!([])),
            field("vargas", json!(["D9", "D5"])),
            field("vargas", json!([9])),
            field("dasha_levels", json!(6)),
            field("dasha_levels", json!(-1)),
            field("dasha_levels", json!(1.5)),
            field("dasha_levels", json!("2")),
            field("dasha_year_days", json!(400)),
            field("dasha_year_days", json!(359.9)),
            field("dasha_year_days", json!("365.25")),
            field("dasha_at", json!("1999-12-31T00:00:00Z")),
            field("dasha_at", json!("2001-01-01T00:00:00")),
            field("preset", json!("solar_fire")),
            field("zodiac", json!("sidereal")),
        ],
        |request| VedicInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn dignities_errors() {
    let birth = utc_birth();
    let errors = errors::<DignitiesRequest>(
        [
            json!({}),
            json!({"birth": birth, "scheme": "hellenistic"}),
            json!({"birth": birth, "rulers": "esoteric"}),
            json!({"birth": birth, "house_system": "nowhere"}),
            json!({"birth": birth, "almuten_of": vec![0.0_f64; 13]}),
            json!({"birth": birth, "almuten_of": ["aries"]}),
            json!({"birth": birth, "natal": birth}),
        ],
        |request| DignitiesInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn time_lords_errors() {
    let birth = utc_birth();
    let at = "2001-01-01T00:00:00Z";
    let errors = errors::<TimeLordsRequest>(
        [
            json!({}),
            json!({"birth": birth}),
            json!({"birth": birth, "at": "someday"}),
            json!({"birth": birth, "at": at, "variant": "valens"}),
            json!({"birth": birth, "at": at, "year": "lunar"}),
            json!({"birth": birth, "at": at, "until_age_years": 0.5}),
            json!({"birth": birth, "at": at, "until_age_years": 500}),
            json!({"birth": birth, "at": at, "techniques": []}),
            json!({"birth": birth, "at": at, "techniques": ["decennials"]}),
            json!({"birth": birth, "at": at, "profections": {"months": "lunar"}}),
            json!({"birth": birth, "at": at, "profections": {"houses": "octopus"}}),
            json!({"birth": birth, "at": at, "profections": {"year": "solar"}}),
            json!({"birth": birth, "at": at,
                   "window": {"start": "2001-01-01T00:00:00Z", "end": "2000-01-01T00:00:00Z"}}),
            json!({"birth": birth, "at": at,
                   "window": {"start": "1801-01-01T00:00:00Z", "end": "2001-01-01T00:00:00Z"}}),
        ],
        |request| TimeLordsInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}

#[test]
fn panchanga_errors() {
    let place = json!({"latitude": 28.6, "longitude": 77.2});
    let at = "2024-03-20T06:00:00Z";
    let errors = errors::<PanchangaRequest>(
        [
            json!({}),
            json!({"location": place}),
            json!({"datetime": at, "date": "2024-03-20", "timezone": "Asia/Kolkata",
                   "location": place}),
            json!({"date": "2024-03-20", "location": place}),
            json!({"datetime": at, "timezone": "Asia/Kolkata", "location": place}),
            json!({"date": "2024-02-30", "timezone": "Asia/Kolkata", "location": place}),
            json!({"date": "20 March 2024", "timezone": "Asia/Kolkata", "location": place}),
            json!({"date": "2024-03-20", "timezone": "asia/kolkata", "location": place}),
            json!({"datetime": "2024-03-20T06:00:00", "location": place}),
            json!({"datetime": at, "location": {"latitude": 91, "longitude": 0}}),
            json!({"datetime": at, "location": place, "ayanamsa": "tropical"}),
            json!({"datetime": at, "location": place, "ayanamsa": "lahari"}),
            json!({"datetime": at, "location": place, "disc": "lower_limb"}),
            json!({"datetime": at, "location": place, "refraction": "yes"}),
            json!({"datetime": at, "location": place, "preset": "solar_fire"}),
            json!({"datetime": at, "location": place, "tithi": true}),
        ],
        |request| PanchangaInput::try_from(request).map(drop),
    );
    insta::with_settings!({sort_maps => true}, { insta::assert_json_snapshot!(errors) });
}
