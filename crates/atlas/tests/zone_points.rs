//! `zone_at` against PyPI's timezonefinder (fixture and generator in `tests/fixtures/`).
//!
//! Every disagreement is written to `tests/fixtures/zone_disagreements.json` (regenerate with
//! `ORRERY_UPDATE_ATLAS_FIXTURES=1`) with its class and the reference's distance to a border:
//! - `overlap`: timezone-boundary-builder's Asia/Shanghai covers Asia/Urumqi's area by design
//!   (both clocks are in use in Xinjiang); `zone_at` answers Asia/Urumqi there, so a point in the
//!   overlap that the reference gives the other zone is listed as this (expected: none).
//! - `reference_ocean`: timezonefinder-data's Pacific/Easter polygon reaches hundreds of km into
//!   the open Pacific; points there are at sea (Easter Island is 24 km across).
//! - `reference_zone`: points where the reference contradicts the tz database itself, listed in
//!   [`EXPLAINED`] with the reason.
//! - `border`: the two data sets draw a border differently (simplification, data release).

use std::collections::BTreeMap;

use orrery_atlas::{land_zones_at, zone_at};
use serde::{Deserialize, Serialize};

/// Agreement required over all points, counting every disagreement (the figure).
const MIN_AGREEMENT_OVERALL: f64 = 0.98;
/// Agreement required away from borders, where the `reference_ocean` points are left out.
const MIN_AGREEMENT_AWAY_FROM_BORDERS: f64 = 0.999;
/// "Away from a border": no other zone on the reference's rings up to this radius.
const AWAY_KM: f64 = 20.0;
/// The farthest a `border` disagreement may lie from the reference's nearest border: the two data
/// sets simplify the same boundaries differently, by up to a few km.
const MAX_BORDER_DISAGREEMENT_KM: f64 = 5.0;
/// Easter Island's centre (degrees north, east) and how far from it a point is surely at sea.
const EASTER_ISLAND: (f64, f64) = (-27.12, -109.35);
const EASTER_ISLAND_SEA_KM: f64 = 50.0;
const EARTH_RADIUS_KM: f64 = 6371.0088;

/// Disagreements farther than [`MAX_BORDER_DISAGREEMENT_KM`] from a border, each explained:
/// (degrees north, degrees east, why).
const EXPLAINED: &[(f64, f64, &str)] = &[(
    -20.58337,
    -29.22605,
    "Trindade island: the tz database's zone.tab puts Trindade in America/Noronha (Atlantic \
     islands); timezonefinder-data gives it America/Sao_Paulo",
)];

#[derive(Deserialize)]
struct Fixture {
    reference: String,
    links: BTreeMap<String, String>,
    points: Vec<Point>,
}

#[derive(Deserialize)]
struct Point {
    kind: String,
    latitude: f64,
    longitude: f64,
    timezone: String,
    border_km: Option<f64>,
}

#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct Disagreement {
    class: String,
    kind: String,
    latitude: f64,
    longitude: f64,
    reference: String,
    ours: String,
    /// The reference's distance to its nearest border, km (null: none within 50 km).
    border_km: Option<f64>,
}

fn distance_km((lat1, lon1): (f64, f64), (lat2, lon2): (f64, f64)) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let (dp, dl) = (p2 - p1, (lon2 - lon1).to_radians());
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * a.sqrt().asin()
}

#[test]
fn zones_agree_with_timezonefinder() {
    let fixture: Fixture =
        serde_json::from_str(include_str!("fixtures/zone_points.json")).expect("fixture");
    let canonical = |name: &str| fixture.links.get(name).cloned().unwrap_or(name.to_owned());
    let mut disagreements = Vec::new();
    let (mut away, mut away_agree) = (0_u32, 0_u32);
    for p in &fixture.points {
        let ours = zone_at(p.latitude, p.longitude);
        let agree = canonical(&ours.timezone) == canonical(&p.timezone);
        let class = if agree {
            None
        } else if land_zones_at(p.latitude, p.longitude).contains(&p.timezone) {
            Some("overlap")
        } else if ours.at_sea
            && p.timezone == "Pacific/Easter"
            && distance_km(EASTER_ISLAND, (p.latitude, p.longitude)) > EASTER_ISLAND_SEA_KM
        {
            Some("reference_ocean")
        } else if EXPLAINED
            .iter()
            .any(|&(lat, lon, _)| distance_km((lat, lon), (p.latitude, p.longitude)) < 0.01)
        {
            Some("reference_zone")
        } else {
            Some("border")
        };
        if p.border_km.is_none_or(|km| km > AWAY_KM) && class != Some("reference_ocean") {
            away += 1;
            away_agree += u32::from(class.is_none());
        }
        if let Some(class) = class {
            disagreements.push(Disagreement {
                class: class.to_owned(),
                kind: p.kind.clone(),
                latitude: p.latitude,
                longitude: p.longitude,
                reference: p.timezone.clone(),
                ours: ours.timezone,
                border_km: p.border_km,
            });
        }
    }
    let total = fixture.points.len();
    let overall = 1.0 - disagreements.len() as f64 / total as f64;
    let away_rate = f64::from(away_agree) / f64::from(away);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/zone_disagreements.json"
    );
    if std::env::var_os("ORRERY_UPDATE_ATLAS_FIXTURES").is_some() {
        let text = serde_json::to_string_pretty(&disagreements).expect("json") + "\n";
        std::fs::write(path, text).expect("write the disagreements");
    }
    println!(
        "{total} points vs {}: {overall:.4} agree; {away} away from borders: {away_rate:.5} agree",
        fixture.reference
    );
    assert!(total >= 12_000);
    assert!(overall >= MIN_AGREEMENT_OVERALL, "{overall}");
    assert!(away_rate >= MIN_AGREEMENT_AWAY_FROM_BORDERS, "{away_rate}");
    let listed: Vec<Disagreement> =
        serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json");
    assert_eq!(
        listed, disagreements,
        "zone_disagreements.json lists every disagreement"
    );
    for d in disagreements.iter().filter(|d| d.class == "border") {
        assert!(
            d.border_km
                .is_some_and(|km| km <= MAX_BORDER_DISAGREEMENT_KM),
            "{d:?} is farther than {MAX_BORDER_DISAGREEMENT_KM} km from a border"
        );
    }
}
