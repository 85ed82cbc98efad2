//! The part of the scene an effect covers over its timeline: what the editor's view frames.
//!
//! A fresh simulation of the scene (with the followed bones' tracks) plays its whole timeline
//! ([`SceneTimeline::length_secs`](super::SceneTimeline::length_secs)) at [`EXTENT_FPS`] frames a
//! second; the extent is the box of every visible system's origin and of every live particle's
//! position in scene space at those frames (particle centres: the page adds the sprites' reach).
//! The work is bounded: it stops after [`EXTENT_BUDGET`] particle samples (a dense scene then
//! frames what its first seconds cover), so framing never freezes the page.

use super::{FollowTracks, SceneSim};
use crate::document::Scene;

/// Frames a second at which the timeline is sampled.
pub const EXTENT_FPS: f64 = 10.0;

/// Most particle samples taken (positions read, summed over the sampled frames).
pub const EXTENT_BUDGET: usize = 50_000;

/// A box in scene pixels (y down), `min ≤ max` on both axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extent {
    /// Smallest x and y.
    pub min: [f64; 2],
    /// Largest x and y.
    pub max: [f64; 2],
}

impl Extent {
    fn around(p: [f64; 2]) -> Extent {
        Extent { min: p, max: p }
    }

    fn add(&mut self, p: [f64; 2]) {
        for (axis, v) in p.into_iter().enumerate() {
            self.min[axis] = self.min[axis].min(v);
            self.max[axis] = self.max[axis].max(v);
        }
    }
}

/// The extent of `scene`'s visible systems over its timeline (see the module doc), `None` when
/// no system is visible.
pub fn effect_extent(scene: &Scene, follow: &FollowTracks) -> Option<Extent> {
    let mut sim = SceneSim::with_follow(scene, follow);
    let length_secs = sim.timeline().length_secs();
    let frames = if length_secs.is_finite() && length_secs > 0.0 {
        f64::ceil(length_secs * EXTENT_FPS) as u64
    } else {
        0
    };
    let mut extent: Option<Extent> = None;
    let mut add = |p: [f64; 2]| {
        if p[0].is_finite() && p[1].is_finite() {
            match extent.as_mut() {
                Some(e) => e.add(p),
                None => extent = Some(Extent::around(p)),
            }
        }
    };
    let mut samples = 0usize;
    for frame in 0..=frames {
        let t = (frame as f64 / EXTENT_FPS).min(length_secs.max(0.0));
        sim.advance_to(t);
        for s in sim.systems().iter().filter(|s| s.system().visible) {
            let origin = s.transform_at(s.time_secs());
            add([f64::from(origin.x), f64::from(origin.y)]);
            for p in s.particles() {
                let pose = s.scene_pose(p);
                add([f64::from(pose.x), f64::from(pose.y)]);
            }
            samples += s.particles().len();
        }
        if samples >= EXTENT_BUDGET {
            break;
        }
    }
    extent
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{ParticleSystem, PlayMode, Range, Transform2D};

    /// One-shot particles flying right at 100 px/s for 2 s from `(x, y)`.
    fn flyer(x: f32, y: f32) -> ParticleSystem {
        ParticleSystem {
            mode: PlayMode::OneShot,
            duration_secs: 0.5,
            rate_per_sec: 20.0,
            lifetime_secs: Range::fixed(2.0),
            speed: Range::fixed(100.0),
            direction_deg: 0.0,
            spread_deg: 0.0,
            gravity: [0.0, 0.0],
            transform: Transform2D {
                x,
                y,
                ..Transform2D::default()
            },
            ..ParticleSystem::default()
        }
    }

    #[test]
    fn covers_where_the_particles_go_over_the_timeline() {
        let scene = Scene {
            systems: vec![flyer(-50.0, 30.0)],
            ..Scene::default()
        };
        let e = effect_extent(&scene, &FollowTracks::new()).expect("a visible system");
        // From the origin to about 200 px right of it (2 s at 100 px/s, sampled at 10 fps).
        assert!((e.min[0] - -50.0).abs() < 1.0, "{e:?}");
        assert!(
            e.max[0] > -50.0 + 180.0 && e.max[0] <= -50.0 + 200.5,
            "{e:?}"
        );
        assert!(
            (e.min[1] - 30.0).abs() < 1e-3 && (e.max[1] - 30.0).abs() < 1e-3,
            "{e:?}"
        );
    }

    #[test]
    fn hidden_systems_are_left_out_and_none_visible_is_none() {
        let mut hidden = flyer(500.0, 500.0);
        hidden.visible = false;
        let scene = Scene {
            systems: vec![flyer(0.0, 0.0), hidden.clone()],
            ..Scene::default()
        };
        let e = effect_extent(&scene, &FollowTracks::new()).expect("one visible");
        assert!(e.max[0] < 300.0 && e.max[1] < 1.0, "{e:?}");
        let only_hidden = Scene {
            systems: vec![hidden],
            ..Scene::default()
        };
        assert_eq!(effect_extent(&only_hidden, &FollowTracks::new()), None);
    }

    #[test]
    fn a_dense_scene_stops_at_the_budget() {
        let mut dense = flyer(0.0, 0.0);
        dense.duration_secs = 30.0;
        dense.rate_per_sec = 20_000.0;
        dense.max_particles = 100_000;
        let scene = Scene {
            systems: vec![dense],
            ..Scene::default()
        };
        // 2,000 more particles each sampled frame: the budget is spent within the first second
        // (whose particles have flown under 100 px), not over the 32 s timeline.
        let e = effect_extent(&scene, &FollowTracks::new()).expect("visible");
        assert!(e.max[0] > 0.0 && e.max[0] < 100.0, "{e:?}");
    }
}
