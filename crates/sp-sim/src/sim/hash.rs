//! A hash of simulation states, identical natively and in wasm.
//!
//! FNV-1a 64: `h ← (h ⊕ byte)·0x100000001b3` from `h = 0xcbf29ce484222325`, over little-endian
//! bytes. A frame contributes, per system in scene order: its index, its particle count, then per
//! particle (serial order) slot, serial, the `f32` bit patterns of x, y, rotation, scale x/y,
//! r, g, b, alpha, the texture index and visibility; a system with an active trail then adds,
//! per particle, the `f32` bits of its trail's skinned vertices, colour and image index
//! ([`super::trail`]). [`state_hash`] hashes the frames at `i / fps` for
//! `i = 0 … ⌊duration·fps⌋` ([`Timebase::frame_count`]), each reached by advancing to that exact
//! time.

use super::follow::FollowTracks;
use super::scene::SceneSim;
use super::trail::TrailDetail;
use crate::document::Scene;
use crate::time::Timebase;

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
    /// Feeds one part of a content key: its length (`u64`, little-endian), so that part
    /// boundaries count. Its bytes follow with [`Fnv64::write`] (in one piece or in chunks).
    pub fn write_part_len(&mut self, len_bytes: u64) {
        self.write_u64(len_bytes);
    }
    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
    /// The hash so far as 16 lowercase hex digits (the editor's file keys: `fnv1a64-<hex>`).
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// FNV-1a 64 of byte strings, each preceded by its length ([`Fnv64::write_part_len`]), as 16
/// hex digits: the content key of the editor's stored file sets (`web/skeleton/object/store.ts`).
pub fn content_hash(parts: &[&[u8]]) -> String {
    let mut h = Fnv64::default();
    for part in parts {
        h.write_part_len(part.len() as u64);
        h.write(part);
    }
    h.hex()
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
                system.trail_frame(i, &mut frame, TrailDetail::Skinned);
                for v in frame.vertices.iter().flatten().chain(&frame.color) {
                    h.write_f32(*v);
                }
                h.write(&frame.image.unwrap_or(u16::MAX).to_le_bytes());
            }
        }
    }
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
    let clock = Timebase::new(fps).unwrap_or(Timebase::DEFAULT);
    for i in 0..clock.frame_count(duration_secs) {
        sim.advance_to(clock.time_of(i));
        frame_hash(&sim, &mut h);
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_hash_is_fnv1a_64_over_length_prefixed_parts() {
        // Nothing at all is the offset basis; the other values are computed independently
        // (Python, arbitrary-precision integers) and pin the keys stored documents refer to.
        assert_eq!(content_hash(&[]), "cbf29ce484222325");
        assert_eq!(content_hash(&[b"a"]), "529a4ddc8ff56bbf");
        assert_eq!(content_hash(&[b"", b""]), "88201fb960ff6465");
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(content_hash(&[b"s.skel", &bytes]), "045b77e29101a7ae");
        // Boundaries count: the same bytes split differently hash differently.
        assert_ne!(content_hash(&[b"ab", b"c"]), content_hash(&[b"a", b"bc"]));
    }
}
