//! Scene documents: load + validate + a few simulated frames, and the share-link path.
//!
//! There is no Rust share-link decoder: `web/share.ts` turns `#scene=…` into text (base64url →
//! raw inflate capped at 1 MiB → UTF-8, fatal, BOM stripped by `TextDecoder`) and hands it to
//! the wasm `normalizeScene`, which is `load_scene` then `save_scene`. [`share`] fuzzes that
//! Rust path with the text as the decoder would hand it over.

use sp_sim::document::{MAX_DOCUMENT_BYTES, Scene, load_scene, save_scene};
use sp_sim::sim::SceneSim;

/// Systems simulated per input (the rest are loaded and validated only).
const SIM_SYSTEMS: usize = 16;
/// `maxParticles` cap while simulating (keeps one input in the milliseconds).
const SIM_PARTICLES: u32 = 1000;

/// Fuzz target: scene document text (see the crate docs for the invariants).
pub fn scene(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let scene = match load_scene(text) {
        Ok(s) => s,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    simulate(&scene);
}

/// A few frames of the loaded scene (at most [`SIM_SYSTEMS`] systems, `maxParticles` capped at
/// [`SIM_PARTICLES`]): every live particle is finite and no system holds more than its cap.
fn simulate(scene: &Scene) {
    let mut capped = scene.clone();
    capped.systems.truncate(SIM_SYSTEMS);
    for s in &mut capped.systems {
        s.max_particles = s.max_particles.min(SIM_PARTICLES);
    }
    let mut sim = SceneSim::new(&capped);
    for dt in [1.0 / 240.0, 1.0 / 30.0, 1.0 / 30.0, 0.5] {
        sim.advance(dt);
        for (i, s) in sim.systems().iter().enumerate() {
            let cap = capped.systems[i].max_particles as usize;
            assert!(
                s.particles().len() <= cap,
                "system {i}: {} alive, maxParticles {cap}",
                s.particles().len()
            );
            for p in s.particles() {
                let pose = s.scene_pose(p);
                let values = [
                    pose.x,
                    pose.y,
                    pose.rotation_deg,
                    pose.scale_x,
                    pose.scale_y,
                    p.alpha,
                    p.color.r,
                    p.color.g,
                    p.color.b,
                ];
                assert!(
                    values.iter().all(|v| v.is_finite()),
                    "system {i} at {} s: particle {} not finite: {pose:?} {p:?}",
                    sim.time_secs(),
                    p.serial
                );
                assert!(
                    (0.0..=1.0).contains(&p.alpha),
                    "system {i}: alpha {} outside 0..1",
                    p.alpha
                );
                assert!(
                    usize::from(p.texture_index) < capped.systems[i].textures.len().max(1),
                    "system {i}: texture index {} of {} textures",
                    p.texture_index,
                    capped.systems[i].textures.len()
                );
            }
        }
    }
}

/// Fuzz target: the decoded text of a share link (see the module docs).
pub fn share(data: &[u8]) {
    if data.len() > MAX_DOCUMENT_BYTES {
        return; // web/share.ts refuses more than 1 MiB before Rust sees it
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return; // TextDecoder('utf-8', { fatal: true }) refuses it
    };
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let scene = match load_scene(text) {
        Ok(s) => s,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let normalized = save_scene(&scene);
    let again = match load_scene(&normalized) {
        Ok(s) => s,
        Err(e) => panic!("the normalised document does not load again: {e}"),
    };
    assert!(
        save_scene(&again) == normalized,
        "normalising twice changed the document"
    );
}
