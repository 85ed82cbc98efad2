//! The strategy for one particle system: every field drawn or derived from its seed.

use proptest::prelude::*;
use sp_sim::document::{
    BlendMode, Burst, Collision, CollisionResponse, DrawOrder, Flipbook, FlipbookMode, FollowBone,
    LoopAnimations, OverLife, ParticleSystem, PathFollow, PathFollowMode, PathRepeat, PathStart,
    PathTiming, PlayMode, Range, RotationMode, SimulationSpace, TexturePick,
};

use crate::seeded::{curve_of, forces_of, trail_of};
use crate::values::{curve, emitter, gradient, range, reference, text, transform};

pub fn system() -> impl Strategy<Value = ParticleSystem> {
    let identity = (
        text(),
        any::<bool>(),
        text(),
        (text(), text(), text()),
        any::<u32>(),
        transform(),
    );
    let timing = (
        prop_oneof![Just(SimulationSpace::Local), Just(SimulationSpace::World)],
        prop_oneof![Just(PlayMode::OneShot), Just(PlayMode::LoopContinuous)],
        0.01f32..3600.0,
        0.0f32..3600.0,
        emitter(),
        0.0f32..100_000.0,
        prop::collection::vec(
            (0.0f32..3600.0, 0u32..100_000)
                .prop_map(|(time_secs, count)| Burst::once(time_secs, count)),
            0..4,
        ),
        0u32..=100_000,
    );
    let motion = (
        range(0.001, 600.0),
        range(-1000.0, 1000.0),
        -720.0f32..720.0,
        0.0f32..=360.0,
        (-1000.0f32..1000.0, -1000.0f32..1000.0),
        0.0f32..100.0,
        range(-720.0, 720.0),
        range(-720.0, 720.0),
        any::<bool>(),
        range(0.0, 10.0),
    );
    let look = (
        curve(0.0, 10.0),
        gradient(),
        curve(0.0, 1.0),
        prop::collection::vec(reference(), 0..4),
        prop_oneof![Just(TexturePick::Random), Just(TexturePick::InOrder)],
        (
            any::<bool>(),
            1.0f32..=240.0,
            prop::sample::select(vec![
                FlipbookMode::OnceVanish,
                FlipbookMode::OnceHold,
                FlipbookMode::Loop,
                FlipbookMode::ReverseLoop,
            ]),
        ),
        (-1.0f32..2.0, -1.0f32..2.0),
        prop::sample::select(vec![
            BlendMode::Normal,
            BlendMode::Additive,
            BlendMode::Multiply,
            BlendMode::Screen,
        ]),
    );
    (identity, timing, motion, look).prop_map(|(id, tm, mo, lk)| {
        let (name, visible, animation, (start, looping, end), seed, transform) = id;
        let (space, mode, duration_secs, delay_secs, emitter, rate_per_sec, bursts, max_particles) =
            tm;
        let (
            lifetime,
            speed,
            direction_deg,
            spread_deg,
            (gx, gy),
            damping,
            rot,
            ang,
            align,
            start_scale,
        ) = mo;
        let (
            scale_curve,
            color_gradient,
            alpha_curve,
            textures,
            texture_pick,
            (enabled, fps, fmode),
            (ax, ay),
            blend,
        ) = lk;
        let lifetime_secs = Range {
            min: lifetime.min.max(0.001),
            max: lifetime.max.max(0.001),
        };
        ParticleSystem {
            name,
            visible,
            animation,
            loop_animations: LoopAnimations {
                start,
                looping,
                end,
            },
            seed,
            transform,
            space,
            mode,
            duration_secs,
            delay_secs,
            emitter,
            rate_per_sec,
            bursts,
            max_particles,
            lifetime_secs,
            speed,
            direction_deg,
            spread_deg,
            gravity: [gx, gy],
            damping,
            start_rotation_deg: rot,
            angular_velocity_deg: ang,
            align_to_velocity: align,
            start_scale,
            scale_curve,
            color_gradient,
            alpha_curve,
            textures,
            texture_pick,
            flipbook: Flipbook {
                enabled,
                fps,
                mode: fmode,
            },
            anchor: [ax, ay],
            blend,
            // Every other system keeps the oldest particle on top (derived from the seed as well).
            draw_order: if seed.is_multiple_of(2) {
                DrawOrder::OldestOnTop
            } else {
                DrawOrder::NewestOnTop
            },
            rotation_mode: [
                RotationMode::Random,
                RotationMode::Fixed,
                RotationMode::InitialDirection,
                RotationMode::Velocity,
            ][(seed % 4) as usize],
            over_life: OverLife {
                speed: curve_of(seed),
                spin: curve_of(seed / 2),
                size_x: curve_of(seed / 3),
                size_y: curve_of(seed / 5),
                gravity: curve_of(seed / 7),
            },
            forces: forces_of(seed),
            trail: trail_of(seed, max_particles),
            rate_curve: curve_of(seed / 37),
            // Collision response and path following derived from the seed as well.
            collision: Collision {
                response: [
                    CollisionResponse::Bounce,
                    CollisionResponse::None,
                    CollisionResponse::Stop,
                    CollisionResponse::Pause,
                    CollisionResponse::Destroy,
                ][(seed % 5) as usize],
                restitution: (seed % 11) as f32 / 10.0,
                friction: (seed % 7) as f32 / 6.0,
                pause_secs: (seed % 13) as f32 * 0.25,
                radius_px: (seed % 9) as f32,
            },
            path_follow: seed.is_multiple_of(4).then(|| PathFollow {
                mode: if seed.is_multiple_of(8) {
                    PathFollowMode::Particles
                } else {
                    PathFollowMode::Emitter
                },
                path: format!("path {}", seed % 3),
                timing: [PathTiming::Time, PathTiming::Speed][(seed % 2) as usize],
                travel_secs: (seed % 10) as f32 * 0.5,
                speed_px_per_sec: (seed % 1000) as f32,
                repeat: [PathRepeat::Once, PathRepeat::Loop, PathRepeat::PingPong]
                    [(seed % 3) as usize],
                orient: seed.is_multiple_of(5),
                start: [PathStart::PathStart, PathStart::Nearest][(seed / 2 % 2) as usize],
            }),
            // Every third system follows a bone (derived from the seed: the strategy tuple is
            // full).
            follow: seed.is_multiple_of(3).then(|| FollowBone {
                skeleton: "hero".into(),
                bone: format!("bone{}", seed % 7),
                instance: seed % 2,
                offset_x: (seed % 100) as f32 - 50.0,
                offset_y: 1.5,
            }),
        }
    })
}
