//! What a system meets in its scene: the colliders acting on it and the path it follows,
//! resolved by name from the scene document. Collider geometry is prepared once per scene and
//! shared; a system's own walls are the colliders whose `systems` list names it (or lists
//! nothing).

use std::sync::Arc;

use super::walls::Walls;
use crate::behaviour::CollisionResponse;
use crate::document::{Collider, ParticleSystem, PathObject, Scene};

/// The scene objects acting on one system.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SystemEnv {
    /// Walls of the colliders acting on it (scene space); `None` when none does, or its
    /// response is `none`.
    pub walls: Option<Arc<Walls>>,
    /// The path it follows, when it names one that exists.
    pub path: Option<Arc<PathObject>>,
}

impl SystemEnv {
    /// Nothing acts on the system.
    pub fn none() -> SystemEnv {
        SystemEnv::default()
    }

    /// Resolves what acts on `system` in `scene` (it need not be one of `scene.systems`).
    pub fn resolve(scene: &Scene, system: &ParticleSystem) -> SystemEnv {
        SystemEnv::from_objects(&scene.colliders, &scene.paths, system)
    }

    /// Resolves what acts on `system` among `colliders` and `paths`.
    pub fn from_objects(
        colliders: &[Collider],
        paths: &[PathObject],
        system: &ParticleSystem,
    ) -> SystemEnv {
        let acting: Vec<&Collider> = colliders
            .iter()
            .filter(|c| c.affects(&system.name))
            .collect();
        let walls = (system.collision.response != CollisionResponse::None && !acting.is_empty())
            .then(|| Walls::new(acting))
            .filter(|w| !w.is_empty())
            .map(Arc::new);
        let path = system
            .path_follow
            .as_ref()
            .and_then(|f| paths.iter().find(|p| p.name == f.path))
            .map(|p| Arc::new(p.clone()));
        SystemEnv { walls, path }
    }
}

/// Systems (scene index, name, path name) that follow a path the scene does not have: they
/// keep their own motion.
pub fn missing_paths(scene: &Scene) -> Vec<(usize, String, String)> {
    scene
        .systems
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let f = s.path_follow.as_ref()?;
            (!scene.paths.iter().any(|p| p.name == f.path))
                .then(|| (i, s.name.clone(), f.path.clone()))
        })
        .collect()
}
