//! A system's trails as ribbons: for every visible particle (in the system's draw order, back to
//! front; a fake-dead particle shows no trail), its trail as the simulation computes it (`sp_sim::sim::SystemSim::trail_frame`: the
//! chain and the skinned mesh vertices, scene pixels), drawn with the trail's blend mode; image
//! coordinates from the system's trail mesh mapped into the image's atlas rectangle; tint = the
//! trail colour (over the particle's life) × the colour along the trail. A system draws all its
//! trails behind all its particles (`crate::scene_sprites`), as its export's slot order does.

use std::collections::BTreeSet;

use sp_sim::sim::trail::{MeshVertex, TrailFrame};
use sp_sim::sim::{SystemSim, back_to_front};

use crate::atlas::{AtlasEntry, AtlasLayout};
use crate::sprites::{RibbonVertex, SpriteBatch, pack_color};

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
    let mesh = &trail.mesh;
    let order = system_sim.system().draw_order;
    for p in back_to_front(particles, order) {
        // A fake-dead particle (a vanished flipbook) shows no trail either.
        if !p.visible {
            continue;
        }
        let Ok(index) = particles.binary_search_by_key(&p.serial, |q| q.serial) else {
            continue;
        };
        if !system_sim.trail_frame(index, frame, true) {
            continue;
        }
        let Some(Some(entry)) = frame.image.and_then(|k| entries.get(usize::from(k))) else {
            continue;
        };
        let [r, g, b, a] = frame.color;
        if a <= 0.0 {
            continue;
        }
        let [u0, v0, u1, v1] = entry.uv_rect;
        let (du, dv, layer) = (u1 - u0, v1 - v0, entry.layer);
        let uv = |v: &MeshVertex| [u0 + du * v.uv[0], v0 + dv * v.uv[1]];
        let pairs = mesh.vertices.iter().zip(&frame.vertices);
        if mesh.has_along {
            let vertices = pairs.map(|(v, xy)| {
                let [ar, ag, ab, aa] = v.along;
                RibbonVertex {
                    position: *xy,
                    uv: uv(v),
                    layer,
                    color: pack_color(r * ar, g * ag, b * ab, a * aa),
                }
            });
            batch.push_ribbon(trail.blend, vertices, &mesh.triangles);
        } else {
            // White and opaque along the whole trail: one colour for the ribbon (`x · 1 = x`).
            let color = pack_color(r, g, b, a);
            let vertices = pairs.map(|(v, xy)| RibbonVertex {
                position: *xy,
                uv: uv(v),
                layer,
                color,
            });
            batch.push_ribbon(trail.blend, vertices, &mesh.triangles);
        }
    }
}
