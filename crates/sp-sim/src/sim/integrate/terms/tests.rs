//! The forces' lists against one loop over the forces, and the heading's flow.

use super::*;
use crate::behaviour::attractor::{Attractor, Falloff};
use crate::behaviour::drag::Drag;
use crate::behaviour::vortex::Vortex;
use crate::behaviour::wind::Wind;
use crate::document::{Curve, Range};
use crate::sim::integrate::Kinematics;

/// Forces of every kind that adds to a sum, interleaved, with constant and varying
/// multipliers.
fn forces() -> Vec<Force> {
    vec![
        Force::Wind(Wind {
            accel_px_per_sec2: Range::new(20.0, 90.0),
            direction_deg: 30.0,
            ..Wind::default()
        }),
        Force::Attractor(Attractor {
            position: [40.0, -10.0],
            radius_px: 400.0,
            falloff: Falloff::Smooth,
            ..Attractor::default()
        }),
        Force::Drag(Drag {
            per_sec: Range::new(0.5, 2.0),
            over_life: Curve::ramp(1.0, 0.25),
        }),
        Force::Vortex(Vortex {
            center: [-30.0, 25.0],
            pull_per_sec: 0.3,
            ..Vortex::default()
        }),
        Force::Wind(Wind {
            direction_deg: 200.0,
            over_life: Curve::ramp(0.2, 1.5),
            ..Wind::default()
        }),
        Force::Attractor(Attractor {
            accel_px_per_sec2: Range::new(-150.0, 50.0),
            over_life: Curve::ramp(2.0, 0.0),
            ..Attractor::default()
        }),
        Force::Vortex(Vortex {
            spin_deg_per_sec: Range::new(-200.0, 40.0),
            radius_px: 60.0,
            over_life: Curve::ramp(0.5, 1.0),
            ..Vortex::default()
        }),
        Force::Drag(Drag::default()),
    ]
}

/// The derivative's parts as one loop over the forces in document order (the formula of the
/// parent module, written out).
fn one_loop(system: &ParticleSystem, r: &SpawnRecord, p: [f64; 2], age: f64) -> [f64; 5] {
    let t = Transform2D::default();
    let u = (age * r.inv_lifetime) as f32;
    let m = |c: &Curve| f64::from(CurveEval::new(c, 1.0).eval(u));
    let gm = m(&system.over_life.gravity);
    let g = [f64::from(system.gravity[0]), f64::from(system.gravity[1])];
    let mut accel = [g[0] * gm, g[1] * gm];
    let mut drag = f64::from(system.damping.max(0.0));
    let mut flow = [0.0, 0.0];
    for (f, &strength) in system.forces.iter().zip(r.strengths.iter()) {
        let s = f64::from(strength) * m(f.over_life());
        match f {
            Force::Vortex(v) => {
                let c = centre_in_particle_space(v.center, v.space, system.space, &t);
                let [fx, fy] = VortexField::new(v, c).velocity_about(c, p[0], p[1], s.to_radians());
                flow = [flow[0] + fx, flow[1] + fy];
            }
            Force::Attractor(a) => {
                let c = centre_in_particle_space(a.position, a.space, system.space, &t);
                let [ax, ay] = AttractorField::new(a, c).unit_accel_about(c, p[0], p[1]);
                accel = [accel[0] + s * ax, accel[1] + s * ay];
            }
            Force::Wind(w) => {
                let [ux, uy] = w.unit();
                accel = [accel[0] + s * ux, accel[1] + s * uy];
            }
            Force::Drag(_) => drag += s.max(0.0),
            _ => {}
        }
    }
    [accel[0], accel[1], drag, flow[0], flow[1]]
}

/// The `x`-th probe's record: birth, lifetime and each force's strength draw `(i + 1)·wave(x)`.
fn record(x: f64, wave: impl Fn(f32) -> f32) -> SpawnRecord {
    SpawnRecord {
        birth_secs: 0.1 * x,
        inv_lifetime: 1.0 / (0.5 + 0.01 * x),
        start: Kinematics::default(),
        strengths: std::array::from_fn(|i| (i as f32 + 1.0) * wave(x as f32)),
    }
}

#[test]
fn each_sum_adds_the_same_terms_in_the_same_order_as_one_loop_over_the_forces() {
    let system = ParticleSystem {
        forces: forces(),
        gravity: [3.0, 98.0],
        damping: 0.2,
        ..ParticleSystem::default()
    };
    let model =
        MotionModel::new(&system, 240, &Transform2D::default()).expect("forces need integration");
    for n in 0..200u32 {
        let x = f64::from(n);
        let r = record(x, |x| (0.37 * x).sin());
        let p = [7.3 * x - 500.0, 300.0 - 3.1 * x];
        let age = 0.0025 * x;
        let q = model.parts(&r, p, age, [0.0, 0.0]);
        let got = [q.accel[0], q.accel[1], q.drag, q.flow[0], q.flow[1]];
        let want = one_loop(&system, &r, p, age);
        assert_eq!(
            got.map(f64::to_bits),
            want.map(f64::to_bits),
            "point {n}: {got:?} vs {want:?}"
        );
    }
}

#[test]
fn the_heading_reads_the_flow_of_the_derivative() {
    let system = ParticleSystem {
        forces: forces(),
        ..ParticleSystem::default()
    };
    let model =
        MotionModel::new(&system, 240, &Transform2D::default()).expect("forces need integration");
    for n in 0..200u32 {
        let x = f64::from(n);
        let r = record(x, |x| (0.29 * x).cos());
        let y = Kinematics {
            p: [4.1 * x - 300.0, 200.0 - 2.3 * x],
            v: [35.0 * (0.11 * x).sin(), -20.0 + 0.4 * x],
        };
        let age = 0.003 * x;
        let flow = one_loop(&system, &r, y.p, age);
        let (dx, dy) = (y.v[0] + flow[3], y.v[1] + flow[4]);
        let want = libm::atan2(dy, dx).to_degrees();
        let got = model.heading_deg(&r, &y, age);
        assert_eq!(got.to_bits(), want.to_bits(), "point {n}: {got} vs {want}");
    }
}
