//! A hash of simulation states, identical natively and in wasm.
//!
//! FNV-1a 64: `h ← (h ⊕ byte)·0x100000001b3` from `h = 0xcbf29ce484222325`, over little-endian
//! bytes. A frame contributes, per system in scene order: its index, its particle count, then per
//! particle (serial order) slot, serial, the `f32` bit patterns of x, y, rotation, scale x/y,
//! r, g, b, alpha, the texture index and visibility; a system with an active trail then adds,
//! per particle, the `f32` bits of its trail's skinned vertices, colour and image index
//! ([`super::trail`]). [`state_hash`] hashes the frames at
//! `i / fps` for `i = 0 … ⌊duration·fps⌋`, each reached by advancing to that exact time.

use super::follow::FollowTracks;
use super::scene::SceneSim;
use crate::document::{PlayMode, Scene};

/// FNV-1a 64-bit hasher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv64 {
    /// Feeds bytes.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    /// Feeds a `u32`, little-endian.
    pub fn write_u32(&mut self, v: u32) {
        self.write(&v.to_le_bytes());
    }
    /// Feeds a `u64`, little-endian.
    pub fn write_u64(&mut self, v: u64) {
        self.write(&v.to_le_bytes());
    }
    /// Feeds the bit pattern of an `f32`.
    pub fn write_f32(&mut self, v: f32) {
        self.write_u32(v.to_bits());
    }
    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// Feeds the current state of every system of `sim` into `h` (see the module formula).
pub fn frame_hash(sim: &SceneSim, h: &mut Fnv64) {
    for (i, system) in sim.systems().iter().enumerate() {
        h.write_u64(i as u64);
        h.write_u64(system.particles().len() as u64);
        for p in system.particles() {
            h.write_u32(p.slot);
            h.write_u64(p.serial);
            for v in [
                p.x,
                p.y,
                p.rotation_deg,
                p.scale_x,
                p.scale_y,
                p.color.r,
                p.color.g,
                p.color.b,
                p.alpha,
            ] {
                h.write_f32(v);
            }
            h.write(&p.texture_index.to_le_bytes());
            h.write(&[u8::from(p.visible)]);
        }
        if system.trail().is_some() {
            let mut frame = super::trail::TrailFrame::default();
            for i in 0..system.particles().len() {
                system.trail_frame(i, &mut frame, true);
                for v in frame.vertices.iter().flatten().chain(&frame.color) {
                    h.write_f32(*v);
                }
                h.write(&frame.image.unwrap_or(u16::MAX).to_le_bytes());
            }
        }
    }
}

/// Number of frames [`state_hash`] visits: `⌊duration·fps⌋ + 1` (at least 1).
pub fn frame_count(duration_secs: f64, fps: f64) -> u64 {
    if !(duration_secs > 0.0 && fps > 0.0) {
        return 1;
    }
    libm::floor(duration_secs * fps + 1e-9) as u64 + 1
}

/// Hash of every frame of `scene` from 0 to `duration_secs` at `fps` (see the module formula).
pub fn state_hash(scene: &Scene, duration_secs: f64, fps: f64) -> u64 {
    state_hash_following(scene, &FollowTracks::new(), duration_secs, fps)
}

/// [`state_hash`] with following systems on the bones of `tracks`.
pub fn state_hash_following(
    scene: &Scene,
    tracks: &FollowTracks,
    duration_secs: f64,
    fps: f64,
) -> u64 {
    let mut sim = SceneSim::with_follow(scene, tracks);
    let mut h = Fnv64::default();
    let fps = if fps > 0.0 { fps } else { 30.0 };
    for i in 0..frame_count(duration_secs, fps) {
        sim.advance_to(i as f64 / fps);
        frame_hash(&sim, &mut h);
    }
    h.finish()
}

/// A sensible length to simulate `scene` for, in seconds: per system, delay + emission length
/// (duration, or the last burst if later; one loop length for loop-continuous) + the longest
/// lifetime; the maximum over systems (1 s for an empty scene).
pub fn natural_duration_secs(scene: &Scene) -> f64 {
    let mut longest = 1.0f64;
    for s in &scene.systems {
        let last_burst = s.bursts.iter().map(|b| b.time_secs).fold(0.0f32, f32::max);
        let emission = match s.mode {
            PlayMode::OneShot => s.duration_secs.max(last_burst),
            PlayMode::LoopContinuous => s.duration_secs,
        };
        let life = s.lifetime_secs.min.max(s.lifetime_secs.max);
        longest = longest.max(f64::from(s.delay_secs) + f64::from(emission) + f64::from(life));
    }
    longest
}
