//! Which place a name stands for, against real queries whose outcome an independent
//! implementation of the rule derived from the GeoNames rows (`fixtures/places/`, generator
//! `make_places_fixture.py`): resolved to the same place, or refused for the same reason with
//! the place meant among the candidates.

use orrery_atlas::{Ambiguity, Gazetteer, PlaceQuery, Resolution};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    queries: Vec<Query>,
}

#[derive(Deserialize)]
struct Query {
    query: String,
    #[serde(default)]
    country: Option<String>,
    #[serde(default)]
    region: Option<String>,
    means: String,
    outcome: String,
    #[serde(default)]
    reason: Option<String>,
    place_id: u32,
    #[serde(default)]
    listed: bool,
}

fn reason_name(reason: Ambiguity) -> &'static str {
    match reason {
        Ambiguity::SimilarPopulation => "similar_population",
        Ambiguity::AnotherPlacesName => "another_places_name",
        Ambiguity::LargerPlaceNearby => "larger_place_nearby",
    }
}

#[test]
fn every_query_gets_the_outcome_of_the_rule() {
    let fixture: Fixture =
        serde_json::from_str(include_str!("../../../fixtures/places/places.json"))
            .expect("fixture");
    assert!(fixture.queries.len() >= 100);
    let atlas = Gazetteer::bundled();
    let mut failures = Vec::new();
    for q in &fixture.queries {
        let mut request = PlaceQuery::new(&q.query);
        if let Some(country) = &q.country {
            request = request.in_country(country);
        }
        if let Some(region) = &q.region {
            request = request.in_region(region);
        }
        let label = format!(
            "{:?} (country {:?}, region {:?}, meaning {})",
            q.query, q.country, q.region, q.means
        );
        let Ok(resolution) = atlas.resolve(&request) else {
            failures.push(format!("{label}: a qualifier was not understood"));
            continue;
        };
        let (outcome, reason, candidates) = match &resolution {
            Resolution::Unique(hit) => ("resolved", None, vec![hit.place.id]),
            Resolution::Ambiguous { reason, candidates } => (
                "ambiguous",
                Some(reason_name(*reason)),
                candidates.iter().map(|c| c.place.id).collect(),
            ),
            Resolution::Unknown { candidates } => (
                "unknown",
                None,
                candidates.iter().map(|c| c.place.id).collect(),
            ),
        };
        let ok = outcome == q.outcome
            && reason == q.reason.as_deref()
            && match outcome {
                "resolved" => candidates == [q.place_id],
                _ => !q.listed || candidates.contains(&q.place_id),
            };
        if !ok {
            failures.push(format!(
                "{label}: expected {} {:?} {}, got {outcome} {reason:?} {candidates:?}",
                q.outcome, q.reason, q.place_id
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} queries differ:\n{}",
        failures.len(),
        fixture.queries.len(),
        failures.join("\n")
    );
}
