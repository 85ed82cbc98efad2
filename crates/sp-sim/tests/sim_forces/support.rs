//! The helpers of the motion tests: a system sampled at a frame rate, a system with every force
//! on, a spawn record and a pure vortex.

use sp_sim::behaviour::MAX_FORCES;
use sp_sim::document::{
    Attractor, CentreSpace, Curve, CurveKey, Drag, EmitterShape, Falloff, Force, OverLife,
    ParticleSystem, PlayMode, Range, RotationMode, SimulationSpace, SpeedLimit, Transform2D,
    Turbulence, Vortex, Wind,
};
use sp_sim::sim::SystemSim;
use sp_sim::sim::integrate::{Kinematics, SpawnRecord};

/// Positions of every live particle, by serial, after advancing `sim` frame by frame at `fps`
/// to each time in `times` (multiples of 1/6 s, common to 24, 30, 60 and 144 fps).
pub fn sampled(system: &ParticleSystem, fps: u32, times: &[u32]) -> Vec<Vec<(u64, f32, f32, f32)>> {
    let mut sim = SystemSim::new(system);
    let mut events = Vec::new();
    let mut out = Vec::new();
    let mut frame = 0u32;
    for &sixths in times {
        let target = sixths * fps / 6;
        while frame < target {
            frame += 1;
            events.clear();
            sim.advance_to(f64::from(frame) / f64::from(fps), &mut events);
        }
        out.push(
            sim.particles()
                .iter()
                .map(|p| (p.serial, p.x, p.y, p.rotation_deg))
                .collect(),
        );
    }
    out
}

/// A loop-continuous system of `seed` with every force on (turbulence of `strength` px/s²),
/// over-life curves, spin and a velocity rotation, in `space`.
pub fn every_force(seed: u32, strength: f32, space: SimulationSpace) -> ParticleSystem {
    ParticleSystem {
        name: "forces".into(),
        seed,
        mode: PlayMode::LoopContinuous,
        space,
        transform: Transform2D {
            x: 40.0,
            y: -20.0,
            rotation_deg: 25.0,
            scale_x: 1.5,
            scale_y: 0.8,
        },
        duration_secs: 1.0,
        rate_per_sec: 30.0,
        max_particles: 200,
        lifetime_secs: Range::new(0.5, 2.5),
        speed: Range::new(20.0, 200.0),
        spread_deg: 360.0,
        gravity: [0.0, 40.0],
        damping: 0.3,
        rotation_mode: RotationMode::Velocity,
        angular_velocity_deg: Range::new(-90.0, 90.0),
        emitter: EmitterShape::Circle {
            radius: 30.0,
            edge: true,
            thickness_px: 10.0,
        },
        over_life: OverLife {
            speed: Curve {
                keys: vec![CurveKey::smooth(0.0, 1.0), CurveKey::linear(1.0, 0.4)],
            },
            gravity: Curve::ramp(0.0, 2.0),
            spin: Curve::ramp(1.0, 0.0),
            ..OverLife::default()
        },
        forces: vec![
            Force::Turbulence(Turbulence {
                accel_px_per_sec2: Range::new(0.5 * strength, strength),
                octaves: 2,
                ..Turbulence::default()
            }),
            Force::Vortex(Vortex {
                spin_deg_per_sec: Range::new(60.0, 180.0),
                center: [10.0, 5.0],
                radius_px: 80.0,
                pull_per_sec: 0.2,
                ..Vortex::default()
            }),
            Force::Attractor(Attractor {
                accel_px_per_sec2: Range::new(-100.0, 300.0),
                position: [0.0, 60.0],
                space: CentreSpace::Scene,
                radius_px: 250.0,
                falloff: Falloff::Smooth,
                ..Attractor::default()
            }),
            Force::Wind(Wind {
                accel_px_per_sec2: Range::new(10.0, 50.0),
                over_life: Curve::ramp(1.0, 0.0),
                direction_deg: 30.0,
            }),
            Force::Drag(Drag {
                per_sec: Range::new(0.1, 1.5),
                ..Drag::default()
            }),
            Force::SpeedLimit(SpeedLimit {
                max_px_per_sec: Range::new(120.0, 250.0),
                ..SpeedLimit::default()
            }),
        ],
        ..ParticleSystem::default()
    }
}

/// A record at the origin of a system, `speed` px/s along +x.
pub fn record(speed: f64) -> SpawnRecord {
    SpawnRecord {
        birth_secs: 0.0,
        inv_lifetime: 1.0 / 100.0,
        start: Kinematics {
            p: [100.0, 0.0],
            v: [speed, 0.0],
        },
        strengths: [1.0; MAX_FORCES],
    }
}

/// A system whose only force is a vortex of `deg_per_sec` without a radius or pull.
pub fn pure_vortex(deg_per_sec: f32) -> ParticleSystem {
    ParticleSystem {
        forces: vec![Force::Vortex(Vortex {
            spin_deg_per_sec: Range::fixed(deg_per_sec),
            radius_px: 0.0,
            ..Vortex::default()
        })],
        ..ParticleSystem::default()
    }
}
