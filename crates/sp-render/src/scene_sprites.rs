//! The particle scene as sprites: every visible particle of every visible system, systems in
//! scene order, each system's particles back to front in its draw order
//! (`sp_sim::sim::draw_order`: spawn serial ascending for newest on top, descending for oldest
//! on top), the order the export's slots keep.
//!
//! Per particle with scene pose `(x, y, θ, sx, sy)` (`sp_sim::sim::SystemSim::scene_pose`, which carries Local-space particles with the system's effective transform, followed bone included) and image
//! `w × h`: position `(x, y)`, size `(w·sx, h·sy)`, the system's anchor, rotation `θ` (degrees
//! clockwise → radians), tint = colour over life, alpha over life. A system with no textures
//! draws `builtin:soft_dot`; a texture the renderer does not have is skipped and reported.
//! A system with a trail draws its trails first ([`crate::scene_trails`]), then its particles
//! (unless the trail hides them).

use std::collections::BTreeSet;

use sp_sim::sim::trail::TrailFrame;
use sp_sim::sim::{SceneSim, back_to_front};
use sp_sim::textures::{BUILTIN_NAMES, BUILTIN_PREFIX, builtin};

use crate::atlas::{AtlasEntry, AtlasLayout};
use crate::error::Result;
use crate::renderer::Renderer;
use crate::scene_trails::push_system_trails;
use crate::sprites::{SpriteBatch, SpriteInstance, pack_color};

/// Texture drawn by a system whose texture list is empty.
pub const FALLBACK_TEXTURE: &str = "builtin:soft_dot";

/// Adds every built-in texture (`builtin:NAME`) to the renderer.
///
/// # Errors
/// Only if a built-in were malformed (a bug, reported as [`crate::Error::BadImage`]).
pub fn add_builtin_images(renderer: &mut Renderer) -> Result<()> {
    for name in BUILTIN_NAMES {
        if let Some(t) = builtin(name) {
            renderer.add_image(
                &format!("{BUILTIN_PREFIX}{name}"),
                t.width,
                t.height,
                t.rgba,
            )?;
        }
    }
    Ok(())
}

/// Appends the sprites of `sim` to `batch` (see the module docs). Texture references the atlas
/// lacks are added to `missing`.
pub fn build_scene_sprites(
    sim: &SceneSim,
    layout: &AtlasLayout,
    batch: &mut SpriteBatch,
    missing: &mut BTreeSet<String>,
) {
    let mut entries: Vec<Option<AtlasEntry>> = Vec::new();
    let mut trail = TrailFrame::default();
    for system_sim in sim.systems() {
        let system = system_sim.system();
        if !system.visible || system_sim.particles().is_empty() {
            continue;
        }
        push_system_trails(system_sim, layout, batch, missing, &mut trail);
        if !system.trail.draws_particle() {
            continue;
        }
        entries.clear();
        if system.textures.is_empty() {
            entries.push(layout.entry(FALLBACK_TEXTURE));
        } else {
            for path in &system.textures {
                let entry = layout.entry(path);
                if entry.is_none() {
                    missing.insert(path.clone());
                }
                entries.push(entry);
            }
        }
        let anchor = system.anchor;
        for p in back_to_front(system_sim.particles(), system.draw_order) {
            if !p.visible {
                continue;
            }
            let Some(Some(entry)) = entries
                .get(usize::from(p.texture_index))
                .or(entries.first())
            else {
                continue;
            };
            let pose = system_sim.scene_pose(p);
            batch.push(
                system.blend,
                SpriteInstance {
                    position: [pose.x, pose.y],
                    size: [
                        entry.width_px * pose.scale_x,
                        entry.height_px * pose.scale_y,
                    ],
                    anchor,
                    rotation_rad: pose.rotation_deg.to_radians(),
                    layer: entry.layer,
                    uv_rect: entry.uv_rect,
                    color: pack_color(p.color.r, p.color.g, p.color.b, p.alpha),
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use sp_sim::document::{BlendMode, ParticleSystem, Range, Scene};

    use super::*;
    use crate::atlas::pack;
    use crate::image::PremulImage;

    fn layout_with(paths: &[(&str, u32, u32)]) -> AtlasLayout {
        let mut images = BTreeMap::new();
        for &(p, w, h) in paths {
            images.insert(p.to_string(), PremulImage::white(1).resized(w, h));
        }
        pack(&images, 1024)
    }

    fn system(name: &str, blend: BlendMode, textures: &[&str]) -> ParticleSystem {
        ParticleSystem {
            name: name.into(),
            rate_per_sec: 20.0,
            lifetime_secs: Range::fixed(5.0),
            blend,
            textures: textures.iter().map(|s| s.to_string()).collect(),
            ..ParticleSystem::default()
        }
    }

    #[test]
    fn systems_in_scene_order_particles_by_serial_hidden_skipped() {
        let mut hidden = system("hidden", BlendMode::Normal, &["builtin:star"]);
        hidden.visible = false;
        let scene = Scene {
            systems: vec![
                system("a", BlendMode::Normal, &["builtin:star"]),
                hidden,
                system("b", BlendMode::Additive, &["user/fx.png"]),
            ],
            ..Scene::default()
        };
        let mut sim = SceneSim::new(&scene);
        sim.seek(1.0);
        let layout = layout_with(&[("builtin:star", 64, 64), ("user/fx.png", 30, 10)]);
        let mut batch = SpriteBatch::default();
        let mut missing = BTreeSet::new();
        build_scene_sprites(&sim, &layout, &mut batch, &mut missing);
        assert!(missing.is_empty());
        let a = sim.systems()[0].particles().len();
        let b = sim.systems()[2].particles().len();
        assert!(a > 0 && b > 0);
        assert_eq!(batch.len(), a + b);
        assert_eq!(batch.draws.len(), 2);
        assert_eq!(batch.draws[0].blend, BlendMode::Normal);
        assert_eq!(batch.draws[0].count as usize, a);
        assert_eq!(batch.draws[1].blend, BlendMode::Additive);
        // Image size × scale.
        let first_b = &batch.instances[a];
        let pb = sim.systems()[2].particles()[0];
        assert!((first_b.size[0] - 30.0 * pb.scale_x).abs() < 1e-4);
        assert!((first_b.size[1] - 10.0 * pb.scale_y).abs() < 1e-4);
        // Same order as the simulation (serials ascending).
        let pa = sim.systems()[0].particles();
        for (inst, p) in batch.instances[..a].iter().zip(pa) {
            assert_eq!(inst.position, [p.x, p.y]);
        }
    }

    #[test]
    fn oldest_on_top_draws_the_newest_first() {
        let mut sys = system("a", BlendMode::Normal, &["builtin:star"]);
        sys.draw_order = sp_sim::document::DrawOrder::OldestOnTop;
        let scene = Scene {
            systems: vec![sys],
            ..Scene::default()
        };
        let mut sim = SceneSim::new(&scene);
        sim.seek(1.0);
        let layout = layout_with(&[("builtin:star", 64, 64)]);
        let mut batch = SpriteBatch::default();
        build_scene_sprites(&sim, &layout, &mut batch, &mut BTreeSet::new());
        let particles = sim.systems()[0].particles();
        assert!(particles.len() > 2);
        assert_eq!(batch.len(), particles.len());
        // Back to front: the newest (last serial) first, the oldest drawn last, on top.
        for (inst, p) in batch.instances.iter().zip(particles.iter().rev()) {
            assert_eq!(inst.position, [p.x, p.y]);
        }
    }

    #[test]
    fn missing_images_are_reported_not_drawn() {
        let scene = Scene {
            systems: vec![system("a", BlendMode::Normal, &["nope.png"])],
            ..Scene::default()
        };
        let mut sim = SceneSim::new(&scene);
        sim.seek(1.0);
        let layout = layout_with(&[("builtin:soft_dot", 64, 64)]);
        let mut batch = SpriteBatch::default();
        let mut missing = BTreeSet::new();
        build_scene_sprites(&sim, &layout, &mut batch, &mut missing);
        assert!(batch.is_empty());
        assert_eq!(
            missing.into_iter().collect::<Vec<_>>(),
            vec!["nope.png".to_string()]
        );
    }
}
