//! The helpers of the behaviour tests: a loop-continuous system and a run with a varying step.

use sp_sim::document::{ParticleSystem, PlayMode, Range};
use sp_sim::sim::{ParticleEvent, SystemSim};

/// A loop-continuous system: `rate` births per second living `lifetime` seconds, at most `max`.
pub fn looping(rate: f32, lifetime: f32, max: u32) -> ParticleSystem {
    ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: rate,
        lifetime_secs: Range::fixed(lifetime),
        max_particles: max,
        ..ParticleSystem::default()
    }
}

/// Steps `sim` to `until` with a varying step, returning all events with the step end time.
pub fn run(sim: &mut SystemSim, until: f64, base_dt: f64) -> Vec<(f64, ParticleEvent)> {
    let mut out = Vec::new();
    let mut events = Vec::new();
    let mut i = 0u32;
    while sim.time_secs() < until {
        let dt = base_dt * (1.0 + 0.5 * f64::from(i % 3));
        events.clear();
        sim.advance(dt.min(until - sim.time_secs()), &mut events);
        out.extend(events.iter().map(|e| (sim.time_secs(), *e)));
        i += 1;
    }
    out
}
