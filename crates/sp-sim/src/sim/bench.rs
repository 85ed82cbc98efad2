//! The benchmark workload behind `spineparticle bench sim` and the wasm `benchSim`.
//!
//! One loop-continuous system whose population is steady at `live` particles: every particle lives
//! exactly [`BENCH_LIFETIME_SECS`], the rate is `live / lifetime`, and the cap is `live` (+1 so
//! that the pool never drops a birth). Each step therefore moves `live` particles (gravity, no
//! damping), evaluates a 2-key scale curve, a 3-key colour gradient and a 2-key alpha curve, and
//! performs `rate·dt` births and as many deaths. Equivalent `@pixi/particle-emitter` settings
//! (bench/bench.ts): frequency `1/rate`, lifetime 4 s, speed 50..150 px/s, 360° spread,
//! acceleration (0, 50), rotation speed −90..90 °/s, scale 1 → 0.5, colour
//! `#ffffff → #ffcc66 → #ff3300`, alpha 1 → 0, `maxParticles = live + 1`. Damping is 0 because
//! the emitter has no damping behaviour: both sides do the same motion work. (The per-particle
//! cost here does not depend on it: the damping factors are computed once per step.)
//! The caller times the steps (core crates never read clocks).
//!
//! With forces ([`BenchForces::All`]) the same system also has turbulence (1 octave), a vortex
//! and an attractor, so every particle is integrated on its age grid (240 steps per second of
//! age): the figure to report is then nanoseconds per particle per *grid step*
//! ([`substeps_per_frame`] grid steps per particle per frame).

use super::scene::SceneSim;
use crate::behaviour::{Attractor, Falloff, Force, Turbulence, Vortex};
use crate::document::{
    ColorKey, Curve, DEFAULT_SUBSTEPS_PER_SEC, EmitterShape, Gradient, ParticleSystem, PlayMode,
    Range, Rgb, Scene,
};

/// Which forces the benchmark system has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BenchForces {
    /// None: the closed-form path (gravity and damping).
    #[default]
    None,
    /// Turbulence + vortex + attractor: the integrated path.
    All,
}

/// The forces of [`BenchForces::All`].
pub fn bench_forces() -> Vec<Force> {
    vec![
        Force::Turbulence(Turbulence {
            accel_px_per_sec2: Range::new(150.0, 300.0),
            frequency_per_px: 0.01,
            ..Turbulence::default()
        }),
        Force::Vortex(Vortex {
            spin_deg_per_sec: Range::new(45.0, 90.0),
            radius_px: 200.0,
            pull_per_sec: 0.1,
            ..Vortex::default()
        }),
        Force::Attractor(Attractor {
            accel_px_per_sec2: Range::new(50.0, 100.0),
            position: [0.0, 100.0],
            radius_px: 400.0,
            falloff: Falloff::Linear,
            ..Attractor::default()
        }),
    ]
}

/// Grid steps per particle in a frame of `dt_secs` (the integrated path's work unit).
pub fn substeps_per_frame(dt_secs: f64) -> f64 {
    dt_secs * f64::from(DEFAULT_SUBSTEPS_PER_SEC)
}

/// [`bench_scene`] with the chosen forces.
pub fn bench_scene_with(live: u32, forces: BenchForces) -> Scene {
    let mut scene = bench_scene(live);
    if forces == BenchForces::All {
        for s in &mut scene.systems {
            s.forces = bench_forces();
        }
    }
    scene
}

/// [`warmed_bench`] with the chosen forces.
pub fn warmed_bench_with(live: u32, forces: BenchForces) -> SceneSim {
    let mut sim = SceneSim::plain(&bench_scene_with(live, forces));
    sim.seek(f64::from(BENCH_LIFETIME_SECS) + 0.01);
    sim
}

/// Lifetime of every benchmark particle, seconds.
pub const BENCH_LIFETIME_SECS: f32 = 4.0;

/// The benchmark scene for a steady population of `live` particles (see the module doc).
pub fn bench_scene(live: u32) -> Scene {
    let live = live.max(1);
    let system = ParticleSystem {
        name: format!("bench {live}"),
        mode: PlayMode::LoopContinuous,
        duration_secs: 1.0,
        emitter: EmitterShape::Circle {
            radius: 50.0,
            edge: false,
            thickness_px: 0.0,
        },
        rate_per_sec: live as f32 / BENCH_LIFETIME_SECS,
        max_particles: live + 1,
        lifetime_secs: Range::fixed(BENCH_LIFETIME_SECS),
        speed: Range::new(50.0, 150.0),
        spread_deg: 360.0,
        gravity: [0.0, 50.0],
        damping: 0.0,
        angular_velocity_deg: Range::new(-90.0, 90.0),
        scale_curve: Curve::ramp(1.0, 0.5),
        color_gradient: Gradient {
            keys: vec![
                ColorKey {
                    t: 0.0,
                    color: Rgb::from_u8(255, 255, 255),
                },
                ColorKey {
                    t: 0.5,
                    color: Rgb::from_u8(255, 204, 102),
                },
                ColorKey {
                    t: 1.0,
                    color: Rgb::from_u8(255, 51, 0),
                },
            ],
        },
        alpha_curve: Curve::ramp(1.0, 0.0),
        ..ParticleSystem::default()
    };
    Scene {
        systems: vec![system],
        ..Scene::default()
    }
}

/// A simulation of [`bench_scene`] already at its steady population (one full lifetime in): the
/// real simulation ([`SceneSim::plain`]), whose step is what the benchmark measures.
pub fn warmed_bench(live: u32) -> SceneSim {
    let mut sim = SceneSim::plain(&bench_scene(live));
    sim.seek(f64::from(BENCH_LIFETIME_SECS) + 0.01);
    sim
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_population_is_steady_at_the_requested_size() {
        let mut sim = warmed_bench(1000);
        for _ in 0..30 {
            sim.advance(1.0 / 60.0);
            let live = sim.live_particles();
            assert!((999..=1001).contains(&live), "{live}");
        }
        let mut forced = warmed_bench_with(1000, BenchForces::All);
        assert!(forced.systems()[0].motion_model().is_some(), "integrated");
        forced.advance(1.0 / 60.0);
        assert!((999..=1001).contains(&forced.live_particles()));
    }
}
