//! Motion under constant acceleration `g` and linear damping `k ≥ 0`:
//! `v' = g − k·v`, `p' = v`.
//!
//! Closed form after a time `τ` from `(p₀, v₀)`:
//! - `v(τ) = v₀·e^{−kτ} + g·φ(τ)`
//! - `p(τ) = p₀ + v₀·φ(τ) + g·ψ(τ)`
//!
//! with `φ(τ) = (1 − e^{−kτ})/k = −expm1(−kτ)/k` and `ψ(τ) = (τ − φ(τ))/k`.
//! Limit `k → 0`: `φ = τ`, `ψ = τ²/2` (plain ballistic motion). For small `kτ` (< 10⁻³) `ψ` uses
//! its series `τ²/2 − kτ³/6 + k²τ⁴/24` to avoid cancellation.
//!
//! Because the flow is exact, stepping by `τ₁` then `τ₂` equals stepping by `τ₁ + τ₂` (up to
//! rounding): the step size never changes where a particle is. The factors depend only on `k` and
//! `τ`, so one [`StepFactors`] serves every particle of a system in a step (no transcendental per
//! particle).

/// `e^{−kτ}`, `φ(τ)`, `ψ(τ)` for one damping and one time span.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepFactors {
    /// `e^{−kτ}`: how much of the velocity survives.
    pub decay: f64,
    /// `φ(τ)`: displacement per unit initial velocity.
    pub phi: f64,
    /// `ψ(τ)`: displacement per unit acceleration.
    pub psi: f64,
}

impl StepFactors {
    /// The factors for damping `k` (per second, ≥ 0) over `tau_secs` (≥ 0).
    pub fn new(k: f64, tau_secs: f64) -> StepFactors {
        let tau = tau_secs.max(0.0);
        if k <= 0.0 {
            return StepFactors {
                decay: 1.0,
                phi: tau,
                psi: 0.5 * tau * tau,
            };
        }
        let kt = k * tau;
        let decay = libm::exp(-kt);
        let phi = -libm::expm1(-kt) / k;
        let psi = if kt < 1e-3 {
            let t2 = tau * tau;
            t2 * (0.5 - kt / 6.0 + kt * kt / 24.0)
        } else {
            (tau - phi) / k
        };
        StepFactors { decay, phi, psi }
    }

    /// Advances one axis: returns `(p(τ), v(τ))` from `(p₀, v₀)` under acceleration `g`.
    #[inline]
    pub fn apply(&self, p0: f64, v0: f64, g: f64) -> (f64, f64) {
        (
            p0 + v0 * self.phi + g * self.psi,
            v0 * self.decay + g * self.phi,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undamped_is_ballistic() {
        let f = StepFactors::new(0.0, 2.0);
        assert_eq!(f.apply(1.0, 3.0, 10.0), (1.0 + 6.0 + 20.0, 23.0));
    }

    #[test]
    fn split_steps_equal_one_step() {
        for &k in &[0.0, 1e-6, 0.5, 3.0, 40.0] {
            let whole = StepFactors::new(k, 1.3).apply(5.0, -200.0, 98.0);
            let a = StepFactors::new(k, 0.4).apply(5.0, -200.0, 98.0);
            let b = StepFactors::new(k, 0.9).apply(a.0, a.1, 98.0);
            assert!(
                (whole.0 - b.0).abs() < 1e-9 && (whole.1 - b.1).abs() < 1e-9,
                "k={k}"
            );
        }
    }

    #[test]
    fn small_damping_tends_to_the_ballistic_limit() {
        let damped = StepFactors::new(1e-9, 2.0).apply(0.0, 10.0, 5.0);
        let free = StepFactors::new(0.0, 2.0).apply(0.0, 10.0, 5.0);
        assert!((damped.0 - free.0).abs() < 1e-6 && (damped.1 - free.1).abs() < 1e-6);
    }

    #[test]
    fn damping_reaches_terminal_velocity() {
        let (_, v) = StepFactors::new(2.0, 50.0).apply(0.0, 0.0, 100.0);
        assert!((v - 50.0).abs() < 1e-9);
    }
}
