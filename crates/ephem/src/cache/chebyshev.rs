//! Chebyshev interpolation on `[-1, 1]`: coefficients from values at the Chebyshev nodes of the
//! first kind, evaluation by the Clenshaw recurrence.
//!
//! Interpolation at these nodes is within a factor `2 + (2/π)·ln(n+1)` of the best polynomial
//! approximation of the same degree, and needs no linear solve: the coefficients are a discrete
//! cosine transform of the samples.

use std::f64::consts::PI;

/// The `k`-th of `count` Chebyshev nodes of the first kind, `cos(π(k + ½)/count)`: from near
/// `+1` down to near `-1`.
pub(crate) fn node(k: usize, count: usize) -> f64 {
    (PI * (k as f64 + 0.5) / count as f64).cos()
}

/// The coefficients `c[0..count]` of the polynomial that interpolates `values[k]` at
/// [`node`]`(k, count)`, with `c[0]` already halved, so that `f(x) = Σ c[j]·T_j(x)`.
pub(crate) fn fit(values: &[f64], coefficients: &mut [f64]) {
    let count = values.len();
    debug_assert_eq!(count, coefficients.len());
    let scale = 2.0 / count as f64;
    for (j, c) in coefficients.iter_mut().enumerate() {
        let sum: f64 = values
            .iter()
            .enumerate()
            .map(|(k, v)| v * (PI * j as f64 * (k as f64 + 0.5) / count as f64).cos())
            .sum();
        *c = scale * sum;
    }
    coefficients[0] *= 0.5;
}

/// `Σ c[j]·T_j(x)` by the Clenshaw recurrence (stable, one multiply-add pair per term).
pub(crate) fn evaluate(coefficients: &[f64], x: f64) -> f64 {
    let two_x = 2.0 * x;
    let (mut b1, mut b2) = (0.0, 0.0);
    for &c in coefficients.iter().skip(1).rev() {
        let b0 = c + two_x * b1 - b2;
        b2 = b1;
        b1 = b0;
    }
    coefficients[0] + x * b1 - b2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fitted(f: impl Fn(f64) -> f64, count: usize) -> Vec<f64> {
        let values: Vec<f64> = (0..count).map(|k| f(node(k, count))).collect();
        let mut c = vec![0.0; count];
        fit(&values, &mut c);
        c
    }

    #[test]
    fn a_polynomial_of_the_fitted_degree_is_reproduced() {
        // 3x³ - 2x + 0.5 = 0.75·T3 + 0.25·T1 + 0.5·T0 (x³ = (3T1 + T3)/4).
        let c = fitted(|x| 3.0 * x.powi(3) - 2.0 * x + 0.5, 4);
        let want = [0.5, 0.25, 0.0, 0.75];
        for (got, want) in c.iter().zip(want) {
            assert!((got - want).abs() < 1e-14, "{c:?}");
        }
        for x in [-1.0, -0.3, 0.0, 0.7, 1.0] {
            let exact = 3.0 * f64::powi(x, 3) - 2.0 * x + 0.5;
            assert!((evaluate(&c, x) - exact).abs() < 1e-14);
        }
    }

    #[test]
    fn a_smooth_function_converges_with_the_degree() {
        let f = |x: f64| (3.0 * x).sin() + (x * 0.5).exp();
        let worst = |count: usize| {
            let c = fitted(f, count);
            (0..=200)
                .map(|i| -1.0 + f64::from(i) / 100.0)
                .map(|x| (evaluate(&c, x) - f(x)).abs())
                .fold(0.0, f64::max)
        };
        assert!(
            worst(4) > 1e-3,
            "degree 3 cannot be this good: {}",
            worst(4)
        );
        assert!(worst(20) < 1e-13, "degree 19: {}", worst(20));
    }

    #[test]
    fn the_nodes_run_from_plus_one_to_minus_one_inside_the_interval() {
        let count = 9;
        let nodes: Vec<f64> = (0..count).map(|k| node(k, count)).collect();
        assert!(nodes.windows(2).all(|w| w[0] > w[1]));
        assert!(nodes[0] < 1.0 && nodes[count - 1] > -1.0);
        assert!(nodes[count / 2].abs() < 1e-15);
    }
}
