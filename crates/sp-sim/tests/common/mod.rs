//! Fixtures shared by the collider tests (`sim_colliders`, `sim_colliders_loop`): a floor and
//! a shower of sparks onto it and a tilted ledge.

use sp_sim::document::{
    Collider, ColliderShape, Collision, CollisionResponse, ParticleSystem, Range, Scene,
};

/// A floor: the segment at `y` from x = −1000 to 1000.
pub fn floor_at(y: f32) -> Collider {
    Collider {
        name: "floor".into(),
        shape: ColliderShape::Segment {
            a: [-1000.0, y],
            b: [1000.0, y],
        },
        ..Collider::default()
    }
}

/// A shower of sparks bouncing off a floor and a tilted ledge.
pub fn shower(response: CollisionResponse, radius: f32) -> Scene {
    Scene {
        systems: vec![ParticleSystem {
            name: "sparks".into(),
            rate_per_sec: 60.0,
            duration_secs: 1.0,
            max_particles: 40,
            lifetime_secs: Range::new(1.0, 2.0),
            speed: Range::new(200.0, 400.0),
            direction_deg: 300.0,
            spread_deg: 90.0,
            gravity: [0.0, 900.0],
            damping: 0.3,
            align_to_velocity: true,
            collision: Collision {
                response,
                restitution: 0.55,
                friction: 0.3,
                pause_secs: 0.2,
                radius_px: radius,
            },
            ..ParticleSystem::default()
        }],
        colliders: vec![
            floor_at(120.0),
            Collider {
                shape: ColliderShape::Rect {
                    center: [90.0, 40.0],
                    width: 80.0,
                    height: 10.0,
                    rotation_deg: -20.0,
                },
                ..Collider::default()
            },
        ],
        ..Scene::default()
    }
}
