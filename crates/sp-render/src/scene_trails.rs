//! A system's trails as GPU-skinned ribbons: for every visible particle (in the system's draw
//! order, back to front; a fake-dead particle shows no trail), its trail's chain as the
//! simulation computes it (`sp_sim::sim::SystemSim::trail_frame` without the skinned vertices)
//! into the batch's trail data, and one trail instance: the trail image's atlas rectangle and
//! layer, the width, tint = the trail colour (over the particle's life; the colour along the
//! trail multiplies it per vertex), drawn with the trail's blend mode on the system's trail mesh
//! ([`crate::trail_skin`]). A system draws all its trails behind all its particles
//! (`crate::scene_sprites`), as its export's slot order does.

use std::collections::BTreeSet;

use sp_sim::sim::trail::{TrailDetail, TrailFrame};
use sp_sim::sim::{SystemSim, back_to_front};

use crate::atlas::{AtlasEntry, AtlasLayout};
use crate::sprites::{SpriteBatch, pack_color};
use crate::trail_skin::{TrailInstance, push_chain};

/// Appends the trails of `system_sim` to `batch` (see the module docs); trail images the atlas
/// lacks are added to `missing`. `frame` is scratch space kept by the caller.
pub fn push_system_trails(
    system_sim: &SystemSim,
    layout: &AtlasLayout,
    batch: &mut SpriteBatch,
    missing: &mut BTreeSet<String>,
    frame: &mut TrailFrame,
) {
    let Some(trail) = system_sim.trail() else {
        return;
    };
    let particles = system_sim.particles();
    if particles.is_empty() {
        return;
    }
    let entries: Vec<Option<AtlasEntry>> = trail
        .settings
        .images
        .iter()
        .map(|path| {
            let entry = layout.entry(path);
            if entry.is_none() {
                missing.insert(path.clone());
            }
            entry
        })
        .collect();
    let bones = trail.mesh.bones;
    let mesh = batch.trail_meshes.next(&trail.mesh);
    let order = system_sim.system().draw_order;
    for p in back_to_front(particles, order) {
        // A fake-dead particle (a vanished flipbook) shows no trail either.
        if !p.visible {
            continue;
        }
        let Ok(index) = particles.binary_search_by_key(&p.serial, |q| q.serial) else {
            continue;
        };
        if !system_sim.trail_frame(index, frame, TrailDetail::Chain) {
            continue;
        }
        let Some(Some(entry)) = frame.image.and_then(|k| entries.get(usize::from(k))) else {
            continue;
        };
        let [r, g, b, a] = frame.color;
        if a <= 0.0 {
            continue;
        }
        let chain = push_chain(&mut batch.trail_words, &frame.nodes, bones);
        batch.push_trail(
            trail.blend,
            mesh,
            TrailInstance {
                chain,
                layer: entry.layer,
                width_px: frame.width_px as f32,
                color: pack_color(r, g, b, a),
                uv_rect: entry.uv_rect,
            },
        );
    }
}
