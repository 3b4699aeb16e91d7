//! Chart data for the tests: made-up longitudes (the drawing's input is plain data, so any
//! longitudes test it), from a fixed-seed generator so that every run draws the same charts.
#![allow(dead_code, unreachable_pub)]

use orrery_wheel::{
    AspectEnd, AspectLink, Axes, BodyPoint, HouseCusps, Ring, RingSide, WheelChart,
};

pub const BODIES: [&str; 15] = [
    "sun",
    "moon",
    "mercury",
    "venus",
    "mars",
    "jupiter",
    "saturn",
    "uranus",
    "neptune",
    "pluto",
    "mean_node",
    "true_node",
    "mean_apogee",
    "osculating_apogee",
    "chiron",
];

/// splitmix64: a tiny deterministic generator (no dependency for a test's random numbers).
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_f64(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn range(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.next_f64()
    }
}

pub fn ring(random: &mut Random, label: &str, longitudes: &[f64]) -> Ring {
    Ring {
        label: label.to_owned(),
        bodies: longitudes
            .iter()
            .zip(BODIES)
            .map(|(&lon, name)| BodyPoint {
                name: name.to_owned(),
                longitude_deg: lon,
                speed_deg_per_day: random.range(-0.5, 1.5),
            })
            .collect(),
        axes: None,
    }
}

/// Placidus-like cusps: unequal houses around an ascendant and MC.
pub fn houses(random: &mut Random) -> HouseCusps {
    let ascendant = random.range(0.0, 360.0);
    let mc = ascendant - random.range(60.0, 120.0);
    // Houses 10..12 divide MC..AC, houses 1..3 divide AC..IC; the others are opposite.
    let east = (ascendant - mc).rem_euclid(360.0);
    let mut cusps = vec![0.0; 12];
    for k in 0..3 {
        cusps[9 + k] = mc + east * k as f64 / 3.0;
        cusps[k] = ascendant + (180.0 - east) * k as f64 / 3.0;
    }
    for k in 0..3 {
        cusps[3 + k] = cusps[9 + k] + 180.0;
        cusps[6 + k] = cusps[k] + 180.0;
    }
    HouseCusps {
        cusps_deg: cusps
            .into_iter()
            .map(|c: f64| c.rem_euclid(360.0))
            .collect(),
        axes: Axes {
            ascendant_deg: ascendant.rem_euclid(360.0),
            mc_deg: mc.rem_euclid(360.0),
        },
    }
}

/// The aspects among the bodies (and between the rings for a bi-wheel), found the simple way.
pub fn aspects(chart: &WheelChart) -> Vec<AspectLink> {
    const ASPECTS: [(&str, f64, f64); 5] = [
        ("conjunction", 0.0, 8.0),
        ("sextile", 60.0, 4.0),
        ("square", 90.0, 7.0),
        ("trine", 120.0, 7.0),
        ("opposition", 180.0, 8.0),
    ];
    let inner: Vec<(RingSide, &BodyPoint)> = chart
        .inner
        .bodies
        .iter()
        .map(|b| (RingSide::Inner, b))
        .collect();
    let outer: Vec<(RingSide, &BodyPoint)> = chart
        .outer
        .iter()
        .flat_map(|r| r.bodies.iter().map(|b| (RingSide::Outer, b)))
        .collect();
    let pairs: Vec<_> = if outer.is_empty() {
        inner
            .iter()
            .enumerate()
            .flat_map(|(i, a)| inner[..i].iter().map(move |b| (*a, *b)))
            .collect()
    } else {
        inner
            .iter()
            .flat_map(|a| outer.iter().map(move |b| (*a, *b)))
            .collect()
    };
    let mut links = Vec::new();
    for ((side_a, a), (side_b, b)) in pairs {
        let d = (a.longitude_deg - b.longitude_deg).rem_euclid(360.0);
        let separation = d.min(360.0 - d);
        for (name, angle, max_orb) in ASPECTS {
            let orb = (separation - angle).abs();
            if orb <= max_orb {
                links.push(AspectLink {
                    first: AspectEnd {
                        ring: side_a,
                        point: a.name.clone(),
                    },
                    second: AspectEnd {
                        ring: side_b,
                        point: b.name.clone(),
                    },
                    aspect: name.to_owned(),
                    orb_deg: orb,
                    strength: 1.0 - orb / max_orb,
                });
            }
        }
    }
    links
}

pub fn natal(seed: u64) -> WheelChart {
    let mut random = Random::new(seed);
    let longitudes: Vec<f64> = (0..15).map(|_| random.range(0.0, 360.0)).collect();
    let mut chart = WheelChart {
        title: "Natal chart".to_owned(),
        inner: ring(&mut random, "natal", &longitudes),
        outer: None,
        houses: Some(houses(&mut random)),
        aspects: Vec::new(),
    };
    chart.aspects = aspects(&chart);
    chart
}

pub fn bi_wheel(seed: u64) -> WheelChart {
    let mut chart = natal(seed);
    let mut random = Random::new(seed ^ 0xABCD);
    let longitudes: Vec<f64> = (0..10).map(|_| random.range(0.0, 360.0)).collect();
    chart.title = "Transits to the natal chart".to_owned();
    chart.outer = Some(ring(&mut random, "transits", &longitudes));
    chart.aspects = aspects(&chart);
    chart
}
