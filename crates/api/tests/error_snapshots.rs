//! Every error of the radix and ephemeris requests, as a client receives it (code, field,
//! message, details), under insta snapshots: a changed wording or code shows up in review as a
//! snapshot diff. The requests go through the same two steps as in the server: parsing
//! (`orrery_api::parse`) and the rules across fields (`TryFrom`).

use orrery_api::ApiInputError;
use orrery_api::ephemeris::{EphemerisInput, EphemerisRequest};
use orrery_api::parse::json_value;
use orrery_api::radix::{RadixInput, RadixRequest};
use serde_json::{Value, json};

/// The error as the error object shows it, less the request id.
fn shown(error: &ApiInputError) -> Value {
    json!({
        "code": error.code,
        "field": error.field,
        "message": error.message,
        "details": error.details,
    })
}

fn radix_error(body: Value) -> Value {
    let result = json_value::<RadixRequest>(body)
        .and_then(|request| RadixInput::try_from(&request).map(drop));
    shown(&result.expect_err("an invalid radix request"))
}

fn ephemeris_error(body: Value) -> Value {
    let result = json_value::<EphemerisRequest>(body)
        .and_then(|request| EphemerisInput::try_from(&request).map(drop));
    shown(&result.expect_err("an invalid ephemeris request"))
}

fn birth() -> Value {
    json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
           "location": {"latitude": 52.52, "longitude": 13.405}})
}

fn with_birth(changes: Value) -> Value {
    let mut birth = birth();
    for (key, value) in changes.as_object().unwrap() {
        birth[key] = value.clone();
    }
    json!({ "birth": birth })
}

#[test]
fn radix_errors() {
    let errors: Vec<Value> = [
        json!({}),
        json!({"birth": birth(), "bogus": 1}),
        with_birth(json!({"location": {"latitude": 91, "longitude": 0}})),
        with_birth(json!({"location": {"latitude": 0, "longitude": "east"}})),
        with_birth(json!({"location": {"latitude": 0, "longitude": 0, "altitude": 30000}})),
        with_birth(json!({"datetime": "2021-03-28T02:30:00"})),
        with_birth(json!({"datetime": "2021-10-31T02:30:00"})),
        with_birth(json!({"timezone": "Europe/Berln"})),
        with_birth(json!({"timezone": null})),
        with_birth(json!({"datetime": "15.05.1990 14:30"})),
        json!({"birth": birth(), "options": {"house_system": "plasidus"}}),
        json!({"birth": birth(), "options": {"zodiac": "sidereal", "ayanamsa": "lahri"}}),
        json!({"birth": birth(), "options": {"ayanamsa": "lahiri"}}),
        json!({"birth": birth(), "options": {"center": "planet:vulcan"}}),
        json!({"birth": birth(), "options": {"center": "selenocentric"}}),
        json!({"birth": birth(), "options": {"observer": {"latitude": 1, "longitude": 2}}}),
        json!({"birth": birth(), "options": {"bodies": ["sun", "vulcan"]}}),
        json!({"birth": birth(), "options": {"include": []}}),
        json!({"birth": birth(), "options": {"aspects": {"orbs": "wide"}}}),
        json!({"birth": birth(), "options": {"aspects": {"orbs": {"trine": -1}}}}),
        json!({"birth": birth(), "options": {"aspects": {"orbs": {"sesquiquintile": 1}}}}),
    ]
    .into_iter()
    .map(radix_error)
    .collect();
    insta::assert_json_snapshot!(errors);
}

#[test]
fn ephemeris_errors() {
    let window = |extra: Value| {
        let mut body = json!({"start": "2024-01-01T00:00:00Z", "end": "2024-01-02T00:00:00Z"});
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };
    let errors: Vec<Value> = [
        json!({"start": "2024-01-01T00:00:00Z"}),
        window(json!({"end": "2023-12-31T00:00:00Z"})),
        window(json!({"start": "2024-01-01T00:00:00"})),
        window(json!({"end": "2044-01-01T00:00:00Z", "step_hours": 1})),
        window(json!({"step_days": 1, "step_hours": 1})),
        window(json!({"step_days": 0})),
        window(json!({"points": ["sun", "vulcan"]})),
        window(json!({"fields": ["longitude", "colour"]})),
        window(json!({"center": "heliocentric", "points": ["sun"]})),
        window(json!({"center": "topocentric"})),
        window(json!({"ayanamsa": "lahiri"})),
        window(json!({"observer": {"latitude": -91, "longitude": 0}, "center": "topocentric"})),
    ]
    .into_iter()
    .map(ephemeris_error)
    .collect();
    insta::assert_json_snapshot!(errors);
}
