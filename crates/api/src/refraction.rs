//! The air of a refraction as requests give it (`atmosphere.pressure`, `atmosphere.temperature`),
//! shared by `/v1/rise-transit-set` and `/v1/heliacal` so that neither builds on the other.

use crate::bounded::bounded_number;

/// Air pressure bounds, hPa: from the thin air of the highest observatories and aircraft
/// cabins to above any sea-level record (1084 hPa); 0 would switch the refraction off silently.
pub const PRESSURE_HPA: (f64, f64) = (1.0, 1100.0);
/// Air temperature bounds, °C: beyond the records on the Earth's surface (−89 °C, +57 °C).
pub const TEMPERATURE_C: (f64, f64) = (-100.0, 60.0);
/// The spec's default atmosphere.
pub const DEFAULT_PRESSURE_HPA: f64 = 1013.25;
pub const DEFAULT_TEMPERATURE_C: f64 = 15.0;

bounded_number!(
    /// Air pressure, hPa.
    PressureHpa,
    PressureHpaBounds,
    PRESSURE_HPA,
    "Air pressure, hPa, 1..1100."
);
bounded_number!(
    /// Air temperature, °C.
    TemperatureC,
    TemperatureCBounds,
    TEMPERATURE_C,
    "Air temperature, °C, -100..60."
);
