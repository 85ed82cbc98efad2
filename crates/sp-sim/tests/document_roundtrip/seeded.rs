//! Document values derived from a seed: the proptest strategy tuples are full, so the systems'
//! over-life curves, trails and forces are derived from the seed each system draws.

use sp_sim::behaviour::trail::{ImagePick, LengthMode, TextureMode, Trail};
use sp_sim::document::{
    Attractor, BlendMode, CentreSpace, ColorKey, Curve, CurveKey, Drag, Falloff, Force, Gradient,
    Interp, Range, Rgb, SpeedLimit, Turbulence, Vortex, Wind,
};

/// A curve derived from `k` (the strategy tuple is full): 0–3 keys, some smooth.
pub fn curve_of(k: u32) -> Curve {
    Curve {
        keys: (0..k % 4)
            .map(|i| CurveKey {
                t: i as f32 / 3.0,
                v: ((k / 4 + i * 13) % 17) as f32 * 0.25,
                interp: if (k + i).is_multiple_of(2) {
                    Interp::Smooth
                } else {
                    Interp::Linear
                },
            })
            .collect(),
    }
}

/// Trail settings derived from the seed: every third system has non-default ones, enabled
/// when the system is small enough for the history limit.
pub fn trail_of(seed: u32, max_particles: u32) -> Trail {
    if !seed.is_multiple_of(3) {
        return Trail::default();
    }
    Trail {
        enabled: max_particles <= 2000,
        length_mode: if seed.is_multiple_of(2) {
            LengthMode::Secs
        } else {
            LengthMode::Points
        },
        length_secs: 0.05 + (seed % 40) as f32 * 0.05,
        length_points: 1 + seed % 60,
        bones: 2 + seed % 31,
        width_px: (seed % 90) as f32 * 0.5,
        width_curve: curve_of(seed / 11),
        width_by_size: seed.is_multiple_of(5),
        color_over_life: Gradient {
            keys: vec![ColorKey {
                t: 0.0,
                color: Rgb::from_u8((seed % 256) as u8, 20, 200),
            }],
        },
        alpha_over_life: Curve {
            keys: curve_of(seed / 13)
                .keys
                .iter()
                .map(|k| CurveKey {
                    v: k.v.min(1.0),
                    ..*k
                })
                .collect(),
        },
        inherit_color: seed.is_multiple_of(7),
        images: vec!["builtin:trail_fade".into(), "fx/streak.png".into()],
        image_pick: if seed.is_multiple_of(4) {
            ImagePick::Particle
        } else {
            ImagePick::Random
        },
        uv_rotation_deg: (seed % 4) * 90,
        texture_mode: if seed.is_multiple_of(8) {
            TextureMode::Tile
        } else {
            TextureMode::Stretch
        },
        tile_count: 1 + seed % 5,
        grid_rows: 1 + seed % 4,
        grid_cols: seed % 40,
        min_move_px: (seed % 9) as f32 * 0.25,
        blend: seed.is_multiple_of(9).then_some(BlendMode::Additive),
        draw_particle: !seed.is_multiple_of(6),
        ..Trail::default()
    }
}

/// Forces derived from the seed: 0–6 of them, every kind.
pub fn forces_of(seed: u32) -> Vec<Force> {
    let r = |a: u32| Range::new((a % 50) as f32, (a % 50 + 10) as f32);
    let all = [
        Force::Turbulence(Turbulence {
            accel_px_per_sec2: r(seed),
            over_life: curve_of(seed / 3),
            frequency_per_px: 0.005 + (seed % 7) as f32 * 0.001,
            scroll_per_sec: (seed % 5) as f32 * 0.5,
            octaves: 1 + seed % 4,
            seed: seed / 5,
        }),
        Force::Vortex(Vortex {
            spin_deg_per_sec: r(seed / 7),
            over_life: curve_of(seed / 11),
            center: [(seed % 100) as f32, -3.5],
            space: if seed.is_multiple_of(2) {
                CentreSpace::System
            } else {
                CentreSpace::Scene
            },
            radius_px: (seed % 300) as f32,
            pull_per_sec: (seed % 3) as f32 * 0.25,
        }),
        Force::Attractor(Attractor {
            accel_px_per_sec2: r(seed / 13),
            over_life: curve_of(seed / 17),
            position: [1.0, (seed % 90) as f32],
            space: CentreSpace::Scene,
            radius_px: 1.0 + (seed % 500) as f32,
            falloff: [Falloff::Constant, Falloff::Linear, Falloff::Smooth][(seed % 3) as usize],
        }),
        Force::Wind(Wind {
            accel_px_per_sec2: r(seed / 19),
            over_life: Curve::default(),
            direction_deg: (seed % 360) as f32,
        }),
        Force::Drag(Drag {
            per_sec: r(seed / 23),
            over_life: curve_of(seed / 29),
        }),
        Force::SpeedLimit(SpeedLimit {
            max_px_per_sec: r(seed / 31),
            over_life: Curve::default(),
        }),
    ];
    let n = (seed % 7) as usize;
    all.into_iter()
        .cycle()
        .skip((seed / 7) as usize % 6)
        .take(n)
        .collect()
}
