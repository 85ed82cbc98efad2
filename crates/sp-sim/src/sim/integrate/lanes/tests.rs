//! Two particles stepped at once against each stepped alone: the same grid states and samples,
//! bit for bit.

use std::sync::Arc;

use super::*;
use crate::behaviour::attractor::{Attractor, Falloff};
use crate::behaviour::drag::Drag;
use crate::behaviour::speed_limit::SpeedLimit;
use crate::behaviour::turbulence::Turbulence;
use crate::behaviour::vortex::Vortex;
use crate::behaviour::wind::Wind;
use crate::document::{Curve, Range};
use crate::sim::follow::BoneTrack;

/// Every force kind, constant and varying multipliers, every falloff, a speed limit and
/// over-life gravity and speed.
fn system(damping: f32) -> ParticleSystem {
    let mut s = ParticleSystem {
        forces: vec![
            Force::Turbulence(Turbulence {
                accel_px_per_sec2: Range::new(100.0, 400.0),
                frequency_per_px: 0.02,
                scroll_per_sec: 0.5,
                octaves: 2,
                ..Turbulence::default()
            }),
            Force::Vortex(Vortex {
                spin_deg_per_sec: Range::new(-200.0, 300.0),
                radius_px: 80.0,
                pull_per_sec: 0.4,
                over_life: Curve::ramp(0.5, 1.5),
                ..Vortex::default()
            }),
            Force::Attractor(Attractor {
                accel_px_per_sec2: Range::new(-80.0, 200.0),
                position: [30.0, -40.0],
                radius_px: 150.0,
                falloff: Falloff::Smooth,
                ..Attractor::default()
            }),
            Force::Wind(Wind {
                accel_px_per_sec2: Range::new(10.0, 60.0),
                direction_deg: 120.0,
                over_life: Curve::ramp(1.0, 0.0),
            }),
            Force::Attractor(Attractor {
                position: [-60.0, 20.0],
                radius_px: 90.0,
                falloff: Falloff::Constant,
                over_life: Curve::ramp(0.0, 2.0),
                ..Attractor::default()
            }),
            Force::Vortex(Vortex {
                center: [10.0, 50.0],
                radius_px: 0.0,
                ..Vortex::default()
            }),
            Force::Drag(Drag {
                per_sec: Range::new(-0.5, 3.0),
                over_life: Curve::ramp(1.0, 0.25),
            }),
            Force::SpeedLimit(SpeedLimit {
                max_px_per_sec: Range::new(120.0, 400.0),
                ..SpeedLimit::default()
            }),
        ],
        gravity: [5.0, 90.0],
        damping,
        ..ParticleSystem::default()
    };
    s.over_life.gravity = Curve::ramp(1.0, -0.5);
    s.over_life.speed = Curve::ramp(1.5, 0.5);
    s
}

/// The `k`-th particle: born at its own time, off the grid of the others, with its own draws.
fn record(k: u32) -> SpawnRecord {
    let x = f64::from(k);
    SpawnRecord {
        birth_secs: 0.0137 * x,
        inv_lifetime: 1.0 / (1.5 + 0.05 * x),
        start: Kinematics {
            p: [-120.0 + 9.7 * x, 80.0 - 6.1 * x],
            v: [150.0 * (0.7 * x).sin(), -90.0 + 11.0 * x],
        },
        strengths: std::array::from_fn(|i| ((0.31 * x as f32 + i as f32).sin() + 1.0) * 0.5),
    }
}

/// Steps `model`'s particles in pairs and alone through the same frames (at `fps`, each pair
/// some frames apart in age) and asserts every grid state and sample is the same bits.
fn assert_pairs_match_singles(model: &MotionModel, fps: f64, track_heading: bool) {
    let mut paired = 0;
    for k in (0..24).step_by(2) {
        let r = [record(k), record(k + 1)];
        let mut two = [
            model.birth_grid(&r[0], track_heading),
            model.birth_grid(&r[1], track_heading),
        ];
        let mut one = two;
        for frame in 1..=120 {
            let t = f64::from(frame) / fps;
            let age = [t - r[0].birth_secs, t - r[1].birth_secs].map(|a| a.max(0.0));
            let [g0, g1] = &mut two;
            let before = [g0.n, g1.n];
            model.advance_two([&r[0], &r[1]], [g0, g1], age, track_heading);
            paired += usize::from(two[0].n > before[0] && two[1].n > before[1]);
            for i in 0..2 {
                let a = model.sample(&r[i], &mut two[i], age[i], track_heading);
                let b = model.sample(&r[i], &mut one[i], age[i], track_heading);
                assert_eq!(
                    two[i], one[i],
                    "pair {k}, particle {i}, frame {frame}: grid"
                );
                assert_eq!(a, b, "pair {k}, particle {i}, frame {frame}: sample");
                let bits = |y: &Kinematics| [y.p[0], y.p[1], y.v[0], y.v[1]].map(f64::to_bits);
                assert_eq!(
                    bits(&a.y),
                    bits(&b.y),
                    "pair {k}, particle {i}, frame {frame}"
                );
            }
        }
    }
    assert!(paired > 500, "the pairs stepped together: {paired} frames");
}

#[test]
fn two_particles_at_once_take_the_same_steps_as_each_alone() {
    let t = Transform2D::default();
    let model = MotionModel::new(&system(0.3), 240, &t).expect("integrated");
    for fps in [24.0, 60.0, 144.0] {
        assert_pairs_match_singles(&model, fps, false);
    }
    assert_pairs_match_singles(&model, 30.0, true);
    // A coarser grid.
    let coarse = MotionModel::new(&system(0.3), 60, &t).expect("integrated");
    assert_pairs_match_singles(&coarse, 50.0, false);
}

#[test]
fn stiff_steps_and_moving_centres_stay_the_same_in_pairs() {
    let t = Transform2D {
        rotation_deg: 30.0,
        scale_x: 1.5,
        scale_y: 0.8,
        ..Transform2D::default()
    };
    // Damping past the stiff bound at 240 steps per second (z = 1000/240 > 2): every step
    // takes the half-implicit form, so the pairs fall back to the one-particle path.
    let stiff = MotionModel::new(&system(1000.0), 240, &t).expect("integrated");
    assert_pairs_match_singles(&stiff, 60.0, false);
    // Centres carried by a followed bone (system centres of World particles).
    let follow = Follow {
        track: Arc::new(BoneTrack {
            sample_fps: 30.0,
            looping: true,
            points: (0..31)
                .map(|i| {
                    let a = f64::from(i) * std::f64::consts::TAU / 30.0;
                    [(80.0 * a.cos()) as f32, (50.0 * a.sin()) as f32]
                })
                .collect(),
        }),
        offset: [12.0, -7.0],
    };
    let s = system(0.3);
    let moving = MotionModel::new_following(&s, 240, &t, Some(&follow)).expect("integrated");
    assert!(moving.terms.any_moving(), "the centres move");
    assert_pairs_match_singles(&moving, 60.0, true);
}
