//! The natal input shared by the endpoints that work against a natal chart (transits,
//! progressions, returns): `natal` (a birth) or `natal_positions` (longitudes by point name),
//! their validation, and the echo of the natal points.

use std::collections::BTreeMap;

use orrery_astro::angle::Longitude;
use orrery_astro::techniques::transits::NatalPoint;

use crate::common::{BirthDto, OrderedMap, ResolvedBirth};
use crate::error::ApiInputError;

/// Which of the two natal inputs a request gave.
#[derive(Debug, Clone)]
pub enum NatalChoice<'a> {
    /// `natal`, resolved (its paths under `natal`).
    Birth(ResolvedBirth),
    /// `natal_positions`, as given.
    Positions(&'a BTreeMap<String, f64>),
}

/// Picks exactly one of `natal` and `natal_positions`; `missing` is the message when neither
/// is given.
///
/// # Errors
/// Both given, neither given, or a birth that does not resolve.
pub fn choose_natal<'a>(
    natal: Option<&BirthDto>,
    natal_positions: Option<&'a BTreeMap<String, f64>>,
    missing: &str,
) -> Result<NatalChoice<'a>, ApiInputError> {
    choose_natal_or(natal, natal_positions, "natal_positions", missing)
}

/// [`choose_natal`] for an endpoint whose longitudes field is called `positions_field`
/// (`positions` in midpoints and lots).
///
/// # Errors
/// Both given, neither given, or a birth that does not resolve.
pub fn choose_natal_or<'a>(
    natal: Option<&BirthDto>,
    natal_positions: Option<&'a BTreeMap<String, f64>>,
    positions_field: &str,
    missing: &str,
) -> Result<NatalChoice<'a>, ApiInputError> {
    match (natal, natal_positions) {
        (Some(_), Some(_)) => Err(ApiInputError::new(format!(
            "give either natal (the birth) or {positions_field} (the longitudes), not both"
        ))),
        (None, None) => Err(ApiInputError::new(missing)),
        (Some(birth), None) => Ok(NatalChoice::Birth(birth.resolve("natal")?)),
        (None, Some(map)) => Ok(NatalChoice::Positions(map)),
    }
}

/// Checks that `natal_positions` holds 1 to `max` points.
///
/// # Errors
/// An empty map, or more than `max` points.
pub fn check_point_count(map: &BTreeMap<String, f64>, max: usize) -> Result<(), ApiInputError> {
    check_point_count_at("natal_positions", map, max)
}

/// [`check_point_count`] for the map at `field`.
///
/// # Errors
/// An empty map, or more than `max` points.
pub fn check_point_count_at(
    field: &str,
    map: &BTreeMap<String, f64>,
    max: usize,
) -> Result<(), ApiInputError> {
    if map.is_empty() {
        return Err(ApiInputError::field(field, "must name at least one point"));
    }
    if map.len() > max {
        return Err(ApiInputError::too_many(
            field,
            format!("may hold at most {max} points (got {})", map.len()),
            max,
            map.len(),
        ));
    }
    Ok(())
}

/// The longitude of `natal_positions.<name>`, reduced to `[0, 360)`.
///
/// # Errors
/// A value that is not finite, named with its path.
pub fn natal_longitude(name: &str, lon_deg: f64) -> Result<Longitude, ApiInputError> {
    longitude_at("natal_positions", name, lon_deg)
}

/// [`natal_longitude`] for the map at `field`.
///
/// # Errors
/// A value that is not finite, named with its path.
pub fn longitude_at(field: &str, name: &str, lon_deg: f64) -> Result<Longitude, ApiInputError> {
    Longitude::new(lon_deg).map_err(|_| {
        ApiInputError::field(
            &format!("{field}.{name}"),
            format!("must be a finite longitude in degrees (got {lon_deg})"),
        )
    })
}

/// The natal points as responses echo them: longitude by name, in the points' order.
pub fn points_echo(points: &[NatalPoint]) -> OrderedMap<f64> {
    OrderedMap(
        points
            .iter()
            .map(|p| (p.name.clone(), p.lon.degrees()))
            .collect(),
    )
}
