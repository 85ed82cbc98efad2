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

use super::scene::SceneSim;
use crate::document::{
    ColorKey, Curve, EmitterShape, Gradient, ParticleSystem, PlayMode, Range, Rgb, Scene,
};

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

/// A simulation of [`bench_scene`] already at its steady population (one full lifetime in).
pub fn warmed_bench(live: u32) -> SceneSim {
    let mut sim = SceneSim::new(&bench_scene(live));
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
    }
}
