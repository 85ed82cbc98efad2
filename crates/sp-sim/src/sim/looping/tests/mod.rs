//! Tests of the periodic emitter: the copies are the real lives shifted by whole periods
//! ([`copies`], and their trails: [`trails`]), the segments join and seek exactly
//! ([`segments`]), and the timeline plays them ([`playback`]). Here: the systems and scenes
//! they share and the particles' bit patterns.

mod copies;
mod playback;
mod segments;
mod trails;

use super::*;
use crate::behaviour::Force;
use crate::behaviour::turbulence::Turbulence;
use crate::document::{ParticleSystem, PlayMode, Range, Scene};
use crate::sim::{Particle, SceneSim};

/// A loop-continuous system of `rate` births per second living `life` (min, max) seconds,
/// emitting for `duration` seconds, at most `max`.
fn looping(rate: f32, life: (f32, f32), duration: f32, max: u32) -> ParticleSystem {
    ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: rate,
        lifetime_secs: Range::new(life.0, life.1),
        duration_secs: duration,
        max_particles: max,
        speed: Range::new(40.0, 90.0),
        gravity: [0.0, 60.0],
        damping: 0.7,
        ..Default::default()
    }
}

/// `s` with a turbulence added (integrated motion).
fn turbulent(mut s: ParticleSystem) -> ParticleSystem {
    s.forces.push(Force::Turbulence(Turbulence {
        accel_px_per_sec2: Range::new(200.0, 300.0),
        frequency_per_px: 0.02,
        scroll_per_sec: 0.5,
        ..Turbulence::default()
    }));
    s
}

/// A scene of `systems` exported at 30 fps.
fn scene(systems: Vec<ParticleSystem>) -> Scene {
    let mut s = Scene {
        systems,
        ..Scene::default()
    };
    s.export.fps = 30;
    s
}

/// `(x, y, rotation, scale x, alpha, texture)` bit patterns, for exact comparisons.
fn bits(p: &Particle) -> [u32; 6] {
    [
        p.x.to_bits(),
        p.y.to_bits(),
        p.rotation_deg.to_bits(),
        p.scale_x.to_bits(),
        p.alpha.to_bits(),
        u32::from(p.texture_index),
    ]
}

/// The bit patterns of the particles system `i` shows.
fn shown(sim: &SceneSim, i: usize) -> Vec<[u32; 6]> {
    sim.systems()[i].particles().iter().map(bits).collect()
}
