//! The scene the editor opens with: a campfire centred on the scene origin, made of built-in
//! textures only. Back to front: grey smoke (normal blend) rising and drifting, an additive flame,
//! additive sparks thrown upwards that fall back under gravity.

use super::color::Rgb;
use super::curve::{ColorKey, Curve, CurveKey, Gradient};
use super::emission::EmitterShape;
use super::scene::Scene;
use super::system::{BlendMode, ParticleSystem, PlayMode, Range, Transform2D};

fn hex(s: &str) -> Rgb {
    Rgb::parse_hex(s).unwrap_or(Rgb::WHITE)
}

fn curve(keys: &[(f32, f32)]) -> Curve {
    Curve {
        keys: keys.iter().map(|&(t, v)| CurveKey::linear(t, v)).collect(),
    }
}

fn gradient(keys: &[(f32, &str)]) -> Gradient {
    Gradient {
        keys: keys
            .iter()
            .map(|&(t, c)| ColorKey { t, color: hex(c) })
            .collect(),
    }
}

fn at(x: f32, y: f32) -> Transform2D {
    Transform2D {
        x,
        y,
        ..Transform2D::default()
    }
}

/// The default scene (see the module doc).
pub fn default_scene() -> Scene {
    let smoke = ParticleSystem {
        name: "Smoke".into(),
        seed: 3,
        transform: at(0.0, 10.0),
        mode: PlayMode::LoopContinuous,
        duration_secs: 2.0,
        emitter: EmitterShape::Circle {
            radius: 14.0,
            edge: false,
            thickness_px: 0.0,
        },
        rate_per_sec: 9.0,
        max_particles: 60,
        lifetime_secs: Range::new(2.0, 3.0),
        speed: Range::new(25.0, 45.0),
        spread_deg: 30.0,
        gravity: [12.0, -10.0],
        start_rotation_deg: Range::new(0.0, 360.0),
        angular_velocity_deg: Range::new(-40.0, 40.0),
        start_scale: Range::new(0.5, 0.7),
        scale_curve: curve(&[(0.0, 0.6), (1.0, 1.8)]),
        color_gradient: gradient(&[(0.0, "#6b6460"), (1.0, "#9a9590")]),
        alpha_curve: curve(&[(0.0, 0.0), (0.25, 0.45), (1.0, 0.0)]),
        textures: vec!["builtin:smoke".into()],
        ..ParticleSystem::default()
    };
    let flame = ParticleSystem {
        name: "Flame".into(),
        seed: 1,
        transform: at(0.0, 60.0),
        mode: PlayMode::LoopContinuous,
        duration_secs: 2.0,
        emitter: EmitterShape::Circle {
            radius: 16.0,
            edge: false,
            thickness_px: 0.0,
        },
        rate_per_sec: 90.0,
        max_particles: 200,
        lifetime_secs: Range::new(0.5, 1.0),
        speed: Range::new(60.0, 120.0),
        spread_deg: 20.0,
        gravity: [0.0, -120.0],
        damping: 1.0,
        start_scale: Range::new(0.5, 0.9),
        scale_curve: curve(&[(0.0, 1.0), (1.0, 0.2)]),
        color_gradient: gradient(&[(0.0, "#fff2a8"), (0.35, "#ff9a2e"), (1.0, "#c41e0a")]),
        alpha_curve: curve(&[(0.0, 0.0), (0.1, 0.55), (0.7, 0.35), (1.0, 0.0)]),
        textures: vec!["builtin:soft_dot".into()],
        blend: BlendMode::Additive,
        ..ParticleSystem::default()
    };
    let sparks = ParticleSystem {
        name: "Sparks".into(),
        seed: 2,
        transform: at(0.0, 55.0),
        mode: PlayMode::LoopContinuous,
        duration_secs: 2.0,
        emitter: EmitterShape::Circle {
            radius: 10.0,
            edge: false,
            thickness_px: 0.0,
        },
        rate_per_sec: 14.0,
        max_particles: 40,
        lifetime_secs: Range::new(0.7, 1.3),
        speed: Range::new(140.0, 230.0),
        spread_deg: 50.0,
        gravity: [0.0, 220.0],
        align_to_velocity: true,
        start_scale: Range::new(0.5, 0.8),
        color_gradient: gradient(&[(0.0, "#fff4c0"), (1.0, "#ff7a1a")]),
        alpha_curve: curve(&[(0.0, 1.0), (0.8, 0.8), (1.0, 0.0)]),
        textures: vec!["builtin:spark".into()],
        blend: BlendMode::Additive,
        ..ParticleSystem::default()
    };
    Scene {
        systems: vec![smoke, flame, sparks],
        ..Scene::default()
    }
}
