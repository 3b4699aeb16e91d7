//! Search against queries generated from the GeoNames data with an independent implementation of
//! the ranking rule (fixture and generator in `tests/fixtures/`).

use orrery_atlas::{Gazetteer, SearchQuery};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    queries: Vec<Query>,
}

#[derive(Deserialize)]
struct Query {
    kind: String,
    query: String,
    expected_id: u32,
    expected_name: String,
}

#[test]
fn every_query_finds_its_place_first() {
    let fixture: Fixture =
        serde_json::from_str(include_str!("fixtures/search_queries.json")).expect("fixture");
    assert!(fixture.queries.len() >= 300);
    let atlas = Gazetteer::bundled();
    let mut failures = Vec::new();
    for q in &fixture.queries {
        let hits = atlas.search(&SearchQuery::new(&q.query).with_limit(3));
        let found: Vec<String> = hits
            .iter()
            .map(|h| format!("{} {} ({})", h.place.id, h.place.name, h.place.population))
            .collect();
        if hits.first().map(|h| h.place.id) != Some(q.expected_id) {
            failures.push(format!(
                "{} {:?}: expected {} {}, found {found:?}",
                q.kind, q.query, q.expected_id, q.expected_name
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
