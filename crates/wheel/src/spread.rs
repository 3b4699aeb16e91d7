//! Glyph spreading: where to draw each body's glyph so that neighbours keep a minimum angle
//! between them, while every glyph stays as close to its own longitude as it can.
//!
//! Around the circle, take the bodies in order of longitude from some first body on: the
//! positions `p_k` must satisfy `p_{k+1} - p_k >= gap`. With `q_k = p_k - k * gap` that is
//! `q` non-decreasing, and the positions nearest (least squares) to the longitudes `x_k` are the
//! isotonic regression of `x_k - k * gap` (pool adjacent violators, exact in O(n)). The circle
//! adds one constraint across 360°; every body is tried as the first one, and the nearest
//! arrangement that also keeps the gap across 0° wins.

/// Display angles in degrees (the longitudes' frame, not normalised) for points at
/// `longitudes_deg`, at least `min_gap_deg` apart around the circle (less when the points cannot
/// fit: then `360 / n`).
pub fn spread(longitudes_deg: &[f64], min_gap_deg: f64) -> Vec<f64> {
    let n = longitudes_deg.len();
    if n < 2 {
        return longitudes_deg.to_vec();
    }
    let gap = min_gap_deg.min(360.0 / n as f64);
    let mut order: Vec<usize> = (0..n).collect();
    let lon = |i: usize| longitudes_deg[i].rem_euclid(360.0);
    order.sort_by(|&a, &b| lon(a).total_cmp(&lon(b)));

    let mut best: Option<(f64, usize, Vec<f64>)> = None;
    for first in 0..n {
        let unrolled: Vec<f64> = (0..n)
            .map(|k| {
                let index = (first + k) % n;
                lon(order[index]) + if first + k >= n { 360.0 } else { 0.0 }
            })
            .collect();
        let shifted: Vec<f64> = unrolled
            .iter()
            .enumerate()
            .map(|(k, x)| x - k as f64 * gap)
            .collect();
        let positions: Vec<f64> = isotonic(&shifted)
            .iter()
            .enumerate()
            .map(|(k, q)| q + k as f64 * gap)
            .collect();
        let wraps = positions[0] + 360.0 - positions[n - 1] >= gap - 1e-9;
        if !wraps {
            continue;
        }
        let cost: f64 = positions
            .iter()
            .zip(&unrolled)
            .map(|(p, x)| (p - x).powi(2))
            .sum();
        if best.as_ref().is_none_or(|(c, _, _)| cost < *c) {
            best = Some((cost, first, positions));
        }
    }
    let mut result = vec![0.0; n];
    match best {
        Some((_, first, positions)) => {
            for (k, p) in positions.into_iter().enumerate() {
                let index = order[(first + k) % n];
                // Back into the frame of the body's own longitude (within 180° of it).
                let own = longitudes_deg[index];
                result[index] = own + (p - own.rem_euclid(360.0) + 180.0).rem_euclid(360.0) - 180.0;
            }
        }
        None => {
            // Only when the gap is the whole circle divided evenly: spaced from the first body.
            let start = lon(order[0]);
            for (k, &index) in order.iter().enumerate() {
                result[index] = start + k as f64 * gap;
            }
        }
    }
    result
}

/// The non-decreasing sequence nearest to `values` in least squares (pool adjacent violators).
fn isotonic(values: &[f64]) -> Vec<f64> {
    // (mean, count) of each pooled block.
    let mut blocks: Vec<(f64, usize)> = Vec::with_capacity(values.len());
    for &value in values {
        let mut block = (value, 1usize);
        while let Some(&(mean, count)) = blocks.last() {
            if mean <= block.0 {
                break;
            }
            blocks.pop();
            let total = count + block.1;
            block = (
                (mean * count as f64 + block.0 * block.1 as f64) / total as f64,
                total,
            );
        }
        blocks.push(block);
    }
    blocks
        .into_iter()
        .flat_map(|(mean, count)| std::iter::repeat_n(mean, count))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circular_gap(a: f64, b: f64) -> f64 {
        let d = (a - b).rem_euclid(360.0);
        d.min(360.0 - d)
    }

    #[test]
    fn points_far_apart_stay_where_they_are() {
        let lons = [10.0, 100.0, 200.0, 300.0];
        let spread = spread(&lons, 8.0);
        for (s, l) in spread.iter().zip(&lons) {
            assert!((s - l).abs() < 1e-12);
        }
    }

    #[test]
    fn a_stellium_across_aries_keeps_the_gap_and_its_centre() {
        let lons = [356.0, 358.0, 359.5, 1.0, 3.0];
        let spread = spread(&lons, 6.0);
        for i in 0..lons.len() {
            for j in 0..i {
                assert!(
                    circular_gap(spread[i], spread[j]) >= 6.0 - 1e-9,
                    "{spread:?}"
                );
            }
            assert!((spread[i] - lons[i]).abs() < 20.0, "{spread:?}");
        }
        // The order along the circle is kept.
        let sorted: Vec<f64> = spread
            .iter()
            .map(|s| (s + 180.0).rem_euclid(360.0))
            .collect();
        assert!(sorted.windows(2).all(|w| w[0] < w[1]), "{spread:?}");
    }

    #[test]
    fn too_many_points_share_the_circle_evenly() {
        let lons: Vec<f64> = (0..40).map(|i| f64::from(i) * 0.5).collect();
        let spread = spread(&lons, 20.0);
        for i in 0..lons.len() {
            for j in 0..i {
                assert!(circular_gap(spread[i], spread[j]) >= 9.0 - 1e-6);
            }
        }
    }

    #[test]
    fn isotonic_pools_violators() {
        assert_eq!(isotonic(&[1.0, 3.0, 2.0, 4.0]), vec![1.0, 2.5, 2.5, 4.0]);
    }
}
