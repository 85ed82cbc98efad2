//! One particle system of a generated scene: every field drawn (its transform here, the
//! motion-v2 modules from `motion.rs`, the trail from `trail.rs`, collision and path following
//! from `world.rs`), then the bound on what its trail multiplies.

use arbitrary::{Result, Unstructured};
use sp_sim::document::{
    BlendMode, DrawOrder, Flipbook, FlipbookMode, FollowBone, LoopAnimations, ParticleSystem,
    PlayMode, Range, SimulationSpace, TexturePick, Transform2D,
};

use super::{Size, TEXTURES, curve, float, gradient, motion, name, range, trail, wide, world};

fn transform(u: &mut Unstructured<'_>) -> Result<Transform2D> {
    const COORD: (f32, f32) = (-1e6, 1e6);
    const SCALE: (f32, f32) = (-1000.0, 1000.0);
    Ok(Transform2D {
        x: wide(u, (-400.0, 400.0), 1e6, COORD)?,
        y: wide(u, (-400.0, 400.0), 1e6, COORD)?,
        rotation_deg: wide(u, (-360.0, 360.0), 1e6, COORD)?,
        scale_x: wide(u, (-2.0, 2.0), 1000.0, SCALE)?,
        scale_y: wide(u, (-2.0, 2.0), 1000.0, SCALE)?,
    })
}

pub(super) fn system(u: &mut Unstructured<'_>, size: Size, follow: bool) -> Result<ParticleSystem> {
    const COORD: (f32, f32) = (-1e6, 1e6);
    let duration_secs = float(u, 0.05, size.duration_secs)?;
    let bursts = motion::bursts(u, duration_secs)?;
    let mut textures = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        textures.push((*u.choose(&TEXTURES)?).to_owned());
    }
    let lifetime = Range::new(
        float(u, 0.02, size.lifetime_secs)?,
        float(u, 0.02, size.lifetime_secs)?,
    );
    let mut system = ParticleSystem {
        name: name(u)?,
        visible: !u.ratio(1u8, 8u8)?,
        animation: name(u)?,
        loop_animations: LoopAnimations {
            start: name(u)?,
            looping: name(u)?,
            end: name(u)?,
        },
        seed: u.arbitrary()?,
        transform: transform(u)?,
        space: if u.arbitrary()? {
            SimulationSpace::Local
        } else {
            SimulationSpace::World
        },
        mode: if u.arbitrary()? {
            PlayMode::LoopContinuous
        } else {
            PlayMode::OneShot
        },
        duration_secs,
        delay_secs: float(u, 0.0, 0.5)?,
        emitter: motion::emitter(u)?,
        rate_per_sec: float(u, 0.0, 40.0)?,
        rate_curve: motion::rate_curve(u)?,
        bursts,
        max_particles: u.int_in_range(0..=size.particles)?,
        lifetime_secs: lifetime,
        speed: Range::new(
            wide(u, (-400.0, 400.0), 1e6, COORD)?,
            wide(u, (-400.0, 400.0), 1e6, COORD)?,
        ),
        direction_deg: wide(u, (0.0, 360.0), 1e6, COORD)?,
        spread_deg: float(u, 0.0, 360.0)?,
        gravity: [
            wide(u, (-2000.0, 2000.0), 1e6, COORD)?,
            wide(u, (-2000.0, 2000.0), 1e6, COORD)?,
        ],
        damping: wide(u, (0.0, 5.0), 1000.0, (0.0, 1000.0))?,
        start_rotation_deg: Range::new(
            wide(u, (-360.0, 360.0), 1e6, COORD)?,
            wide(u, (-360.0, 360.0), 1e6, COORD)?,
        ),
        angular_velocity_deg: Range::new(
            wide(u, (-1080.0, 1080.0), 1e6, COORD)?,
            wide(u, (-1080.0, 1080.0), 1e6, COORD)?,
        ),
        align_to_velocity: u.arbitrary()?,
        rotation_mode: motion::rotation_mode(u)?,
        start_scale: range(u, 0.0, 3.0)?,
        scale_curve: curve(u, 0.0, 3.0)?,
        color_gradient: gradient(u)?,
        alpha_curve: curve(u, 0.0, 1.0)?,
        over_life: motion::over_life(u)?,
        forces: motion::forces(u)?,
        textures,
        texture_pick: if u.arbitrary()? {
            TexturePick::InOrder
        } else {
            TexturePick::Random
        },
        flipbook: Flipbook {
            enabled: u.arbitrary()?,
            fps: float(u, 1.0, 240.0)?,
            mode: *u.choose(&[
                FlipbookMode::OnceVanish,
                FlipbookMode::OnceHold,
                FlipbookMode::Loop,
                FlipbookMode::ReverseLoop,
            ])?,
        },
        anchor: [
            wide(u, (0.0, 1.0), 10.0, (-10.0, 10.0))?,
            wide(u, (0.0, 1.0), 10.0, (-10.0, 10.0))?,
        ],
        blend: *u.choose(&[
            BlendMode::Normal,
            BlendMode::Additive,
            BlendMode::Multiply,
            BlendMode::Screen,
        ])?,
        follow: if follow {
            Some(FollowBone {
                skeleton: "hero".into(),
                bone: (*u.choose(&["hip", "hip", "missing"])?).to_owned(),
                instance: *u.choose(&[0, 0, 1])?,
                offset_x: float(u, -100.0, 100.0)?,
                offset_y: float(u, -100.0, 100.0)?,
            })
        } else {
            None
        },
        draw_order: *u.choose(&[DrawOrder::NewestOnTop, DrawOrder::OldestOnTop])?,
        trail: trail::trail(u)?,
        collision: world::collision(u)?,
        path_follow: world::path_follow(u)?,
    };
    bound_trail_cost(&mut system);
    Ok(system)
}

/// Most vertices of a trail mesh the ordinary (non-extreme) trail settings reach: 16 columns
/// plus 3 tile seams, 2 rows (`trail.rs`).
const ORDINARY_TRAIL_VERTICES: usize = 64;

/// Most overlapping copies of a life a loop-continuous system with a trail keeps: lifetimes at
/// most this many durations.
const TRAIL_LOOP_COPIES: f32 = 4.0;

/// Bounds what a trail multiplies. A trail's cost is its mesh (written once per trail slot,
/// parsed back by the target) times its lives; a loop-continuous system keeps about
/// `lifetime / duration` overlapping copies of each life. Without a bound one input in a few
/// hundred wrote 2–16 MB of JSON (51 trail slots of a 2,000-vertex mesh) and took a second,
/// a third of the target's time. So: a system whose trail mesh is larger than the ordinary
/// settings reach emits at most 2 particles, and a loop-continuous system with a trail keeps
/// its lifetimes within [`TRAIL_LOOP_COPIES`] durations. Every trail setting, every particle
/// count and every lifetime stays reachable, only not all at their ends at once.
fn bound_trail_cost(system: &mut ParticleSystem) {
    if !system.trail.enabled {
        return;
    }
    if system.trail.vertex_count() > ORDINARY_TRAIL_VERTICES {
        system.max_particles = system.max_particles.min(2);
    }
    if system.mode == PlayMode::LoopContinuous {
        let longest = system.duration_secs * TRAIL_LOOP_COPIES;
        let life = &mut system.lifetime_secs;
        life.min = life.min.min(longest);
        life.max = life.max.min(longest);
    }
}
