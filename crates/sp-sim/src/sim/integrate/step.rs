//! One step of the integrated motion (see the parent module for the model): the derivative,
//! the chosen integrator's step, the stiff-drag step, the midpoint step's continuous extension
//! between grid points, the world limit and the speed limits.

use super::*;

impl MotionModel {
    /// `(p', v')` at `y` and age `a` (RK4's later stages).
    #[cfg(not(target_arch = "wasm32"))]
    #[inline(always)]
    fn derivative(&self, r: &SpawnRecord, y: &Kinematics, age: f64, turbulence: [f64; 2]) -> Deriv {
        Self::derivative_of(&self.parts(r, y.p, age, turbulence), y)
    }

    /// `(p', v')` at `y` from its parts `q`.
    #[inline(always)]
    fn derivative_of(q: &Parts, y: &Kinematics) -> Deriv {
        let dv = [q.accel[0] - q.drag * y.v[0], q.accel[1] - q.drag * y.v[1]];
        let dp = [
            q.speed * (y.v[0] + q.flow[0]),
            q.speed * (y.v[1] + q.flow[1]),
        ];
        (dp, dv)
    }

    /// One step of `tau_secs` from `y` at age `age_secs` with the held turbulence acceleration
    /// `turb` ([`GridState::turbulence`]; speed limits applied at the step's end).
    pub fn step(
        &self,
        r: &SpawnRecord,
        y: &Kinematics,
        age_secs: f64,
        tau_secs: f64,
        turb: [f64; 2],
    ) -> Kinematics {
        let (a, tau) = (age_secs, tau_secs);
        if let Some((g, k)) = self.exact {
            let f = StepFactors::new(k, tau);
            let (px, vx) = f.apply(y.p[0], y.v[0], g[0]);
            let (py, vy) = f.apply(y.p[1], y.v[1], g[1]);
            return Kinematics {
                p: [px, py],
                v: [vx, vy],
            };
        }
        let q = self.parts(r, y.p, a, turb);
        let next = if q.drag * tau > STIFF_DRAG_STEP {
            Self::stiff_step(&q, q.drag, y, tau)
        } else {
            self.explicit_step(r, y, a, tau, turb, q)
        };
        let next = if self.has_limit {
            self.limit(r, next, a + tau)
        } else {
            next
        };
        Self::within_world(next)
    }

    /// The slopes of a plain midpoint step of `tau_secs` from `y` at age `age_secs` (see
    /// [`Slopes`]), `None` when the step is not one: a closed-form or collider system, another
    /// integrator, or a stiff step (`step` then decides). In wasm one out-of-line copy, called
    /// by the grid step and the sample between grid points (smaller and faster there); inlined
    /// natively.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn midpoint_slopes(
        &self,
        r: &SpawnRecord,
        y: &Kinematics,
        age_secs: f64,
        tau_secs: f64,
        turb: [f64; 2],
    ) -> Option<Slopes> {
        if !self.plain_midpoint() {
            return None;
        }
        let (a, tau) = (age_secs, tau_secs);
        let q = self.parts(r, y.p, a, turb);
        if q.drag * tau > STIFF_DRAG_STEP {
            return None;
        }
        let half = 0.5 * tau;
        let k1 = Self::derivative_of(&q, y);
        let mid = Self::along(y, half, &k1);
        let q2 = self.parts(r, mid.p, a + half, turb);
        if q2.drag * tau > STIFF_DRAG_STEP {
            return None;
        }
        Some(Slopes {
            k1,
            k2: Self::derivative_of(&q2, &mid),
        })
    }

    /// Whether this model's step is the plain midpoint step: no closed form, no colliders, the
    /// midpoint method (its slopes can then be computed ahead of the step, or two at a time).
    #[inline(always)]
    pub(super) fn plain_midpoint(&self) -> bool {
        self.exact.is_none() && self.contacts.is_none() && self.integrator == Integrator::Midpoint
    }

    /// `y + s·k`.
    #[inline(always)]
    pub(super) fn along(y: &Kinematics, s: f64, k: &Deriv) -> Kinematics {
        Kinematics {
            p: [y.p[0] + s * k.0[0], y.p[1] + s * k.0[1]],
            v: [y.v[0] + s * k.1[0], y.v[1] + s * k.1[1]],
        }
    }

    /// The midpoint step's continuous extension at `τ` into the grid step `h` from `y`:
    /// `y + τ·((1 − θ)·k₁ + θ·k₂)`, `θ = τ/h` (second order like the step, `y + h·k₂` at `θ = 1`,
    /// so the samples join the grid states continuously).
    #[inline(always)]
    pub(super) fn dense(y: &Kinematics, tau: f64, h: f64, s: &Slopes) -> Kinematics {
        let theta = tau / h;
        let (w1, w2) = (tau * (1.0 - theta), tau * theta);
        let mix = |a: f64, b: f64| w1 * a + w2 * b;
        Kinematics {
            p: [
                y.p[0] + mix(s.k1.0[0], s.k2.0[0]),
                y.p[1] + mix(s.k1.0[1], s.k2.0[1]),
            ],
            v: [
                y.v[0] + mix(s.k1.1[0], s.k2.1[0]),
                y.v[1] + mix(s.k1.1[1], s.k2.1[1]),
            ],
        }
    }

    /// The end of a step at age `age_secs`: speed limits, then the world limit (as `step`).
    #[inline(always)]
    pub(super) fn finish(&self, r: &SpawnRecord, y: Kinematics, age_secs: f64) -> Kinematics {
        // The world limit on each branch: merged before it, the state went through the stack
        // slot the out-of-line `limit` returns into (wasm).
        if self.has_limit {
            Self::within_world(self.limit(r, y, age_secs))
        } else {
            Self::within_world(y)
        }
    }

    /// Clamps every coordinate of the state to `±`[`WORLD_LIMIT_PX`] (see there); the identity
    /// for any state inside it, bit for bit.
    #[inline(always)]
    fn within_world(y: Kinematics) -> Kinematics {
        // Compares and selects (`f64::clamp` asserts its bounds first); a NaN stays NaN, as
        // with `clamp`.
        let c = |x: f64| {
            let x = if x < -WORLD_LIMIT_PX {
                -WORLD_LIMIT_PX
            } else {
                x
            };
            if x > WORLD_LIMIT_PX {
                WORLD_LIMIT_PX
            } else {
                x
            }
        };
        Kinematics {
            p: [c(y.p[0]), c(y.p[1])],
            v: [c(y.v[0]), c(y.v[1])],
        }
    }

    /// The stiff step (see [`STIFF_DRAG_STEP`]): the decay `drag` implicit, the rest explicit
    /// from the parts `q` at the step's start: `v ← (v + τ·accel)/(1 + τ·drag)`,
    /// `p ← p + τ·s·(v_new + flow)`. Stable for any drag; its velocity settles on `accel/drag`,
    /// the terminal velocity.
    fn stiff_step(q: &Parts, drag: f64, y: &Kinematics, tau: f64) -> Kinematics {
        let d = 1.0 + tau * drag;
        let v = [
            (y.v[0] + tau * q.accel[0]) / d,
            (y.v[1] + tau * q.accel[1]) / d,
        ];
        Kinematics {
            p: [
                y.p[0] + tau * q.speed * (v[0] + q.flow[0]),
                y.p[1] + tau * q.speed * (v[1] + q.flow[1]),
            ],
            v,
        }
    }

    /// One step of the chosen [`Integrator`], `q` the parts at its start.
    #[inline(always)]
    fn explicit_step(
        &self,
        r: &SpawnRecord,
        y: &Kinematics,
        a: f64,
        tau: f64,
        turb: [f64; 2],
        q: Parts,
    ) -> Kinematics {
        match self.integrator {
            #[cfg(not(target_arch = "wasm32"))]
            Integrator::SemiImplicitEuler => {
                let v = [
                    y.v[0] + tau * (q.accel[0] - q.drag * y.v[0]),
                    y.v[1] + tau * (q.accel[1] - q.drag * y.v[1]),
                ];
                Kinematics {
                    p: [
                        y.p[0] + tau * q.speed * (v[0] + q.flow[0]),
                        y.p[1] + tau * q.speed * (v[1] + q.flow[1]),
                    ],
                    v,
                }
            }
            Integrator::Midpoint => {
                let half = 0.5 * tau;
                let (dp1, dv1) = Self::derivative_of(&q, y);
                let mid = Kinematics {
                    p: [y.p[0] + half * dp1[0], y.p[1] + half * dp1[1]],
                    v: [y.v[0] + half * dv1[0], y.v[1] + half * dv1[1]],
                };
                let q2 = self.parts(r, mid.p, a + half, turb);
                if q2.drag * tau > STIFF_DRAG_STEP {
                    // The drag jumps within the step (an over-life curve): stiff at the middle.
                    return Self::stiff_step(&q, q2.drag, y, tau);
                }
                let (dp2, dv2) = Self::derivative_of(&q2, &mid);
                Kinematics {
                    p: [y.p[0] + tau * dp2[0], y.p[1] + tau * dp2[1]],
                    v: [y.v[0] + tau * dv2[0], y.v[1] + tau * dv2[1]],
                }
            }
            #[cfg(not(target_arch = "wasm32"))]
            Integrator::Rk4 => {
                let half = 0.5 * tau;
                let at = |d: &Deriv, s: f64| Kinematics {
                    p: [y.p[0] + s * d.0[0], y.p[1] + s * d.0[1]],
                    v: [y.v[0] + s * d.1[0], y.v[1] + s * d.1[1]],
                };
                let k1 = Self::derivative_of(&q, y);
                let k2 = self.derivative(r, &at(&k1, half), a + half, turb);
                let k3 = self.derivative(r, &at(&k2, half), a + half, turb);
                let k4 = self.derivative(r, &at(&k3, tau), a + tau, turb);
                let w = tau / 6.0;
                let sum = |a1: f64, a2: f64, a3: f64, a4: f64| a1 + 2.0 * a2 + 2.0 * a3 + a4;
                Kinematics {
                    p: [
                        y.p[0] + w * sum(k1.0[0], k2.0[0], k3.0[0], k4.0[0]),
                        y.p[1] + w * sum(k1.0[1], k2.0[1], k3.0[1], k4.0[1]),
                    ],
                    v: [
                        y.v[0] + w * sum(k1.1[0], k2.1[0], k3.1[0], k4.1[0]),
                        y.v[1] + w * sum(k1.1[1], k2.1[1], k3.1[1], k4.1[1]),
                    ],
                }
            }
        }
    }

    /// Applies the speed limits at age `age` (see [`crate::behaviour::speed_limit`]).
    fn limit(&self, r: &SpawnRecord, mut y: Kinematics, age: f64) -> Kinematics {
        let u = (age * r.inv_lifetime) as f32;
        for t in &self.terms.limits {
            let max = t.strength(r, u).max(0.0);
            let speed2 = y.v[0] * y.v[0] + y.v[1] * y.v[1];
            if speed2 > max * max {
                let k = max / speed2.sqrt();
                y.v = [y.v[0] * k, y.v[1] * k];
            }
        }
        y
    }
}
