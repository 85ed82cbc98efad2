//! Colliders, paths and each system's collision and path following (issue 11): none in half the
//! scenes, else up to two colliders of every shape (segments, open and closed polylines with 0–6
//! points, circles, rotated rectangles; zero sizes included), aimed at all systems or at named
//! ones (a name that matches no system too), and up to two paths of every kind (polyline,
//! Catmull-Rom, Bézier with 0..=points handles; open or closed; 0–6 points). A system draws every
//! collision response with its settings, and follows a path one time in three (a missing path's
//! name too), in either mode with every timing, repeat, orientation and start.

use arbitrary::{Result, Unstructured};
use sp_sim::behaviour::collision::{MAX_PAUSE_SECS, MAX_RADIUS_PX};
use sp_sim::behaviour::{
    Collision, CollisionResponse, PathFollow, PathFollowMode, PathRepeat, PathStart, PathTiming,
};
use sp_sim::document::{BezierHandles, Collider, ColliderShape, PathKind, PathObject, Scene};

use super::{float, name, wide};

/// Path names the generator uses (and one that no path has).
const PATH_NAMES: [&str; 3] = ["rail", "轨道", "missing"];

/// A point near the emitters, far away one time in sixteen.
fn point(u: &mut Unstructured<'_>) -> Result<[f32; 2]> {
    const COORD: (f32, f32) = (-1e6, 1e6);
    Ok([
        wide(u, (-300.0, 300.0), 1e6, COORD)?,
        wide(u, (-300.0, 300.0), 1e6, COORD)?,
    ])
}

fn points(u: &mut Unstructured<'_>) -> Result<Vec<[f32; 2]>> {
    let mut v = Vec::new();
    for _ in 0..u.int_in_range(0..=6)? {
        v.push(point(u)?);
    }
    Ok(v)
}

fn shape(u: &mut Unstructured<'_>) -> Result<ColliderShape> {
    Ok(match u.int_in_range(0..=3)? {
        0 => ColliderShape::Segment {
            a: point(u)?,
            b: point(u)?,
        },
        1 => ColliderShape::Polyline {
            points: points(u)?,
            closed: u.arbitrary()?,
        },
        2 => ColliderShape::Circle {
            center: point(u)?,
            radius: float(u, 0.0, 300.0)?,
        },
        _ => ColliderShape::Rect {
            center: point(u)?,
            width: float(u, 0.0, 600.0)?,
            height: float(u, 0.0, 300.0)?,
            rotation_deg: float(u, -360.0, 360.0)?,
        },
    })
}

/// Adds colliders and paths to `scene` (whose systems are already drawn).
pub(super) fn scene_objects(u: &mut Unstructured<'_>, scene: &mut Scene) -> Result<()> {
    if !u.arbitrary::<bool>()? {
        return Ok(());
    }
    for _ in 0..u.int_in_range(0..=2)? {
        let mut systems = Vec::new();
        if u.ratio(1u8, 3u8)? {
            for _ in 0..u.int_in_range(1..=2)? {
                systems.push(name(u)?);
            }
        }
        scene.colliders.push(Collider {
            name: name(u)?,
            visible: !u.ratio(1u8, 8u8)?,
            shape: shape(u)?,
            systems,
        });
    }
    let count = u.int_in_range(0..=2)?;
    // Names are unique within a scene (the validator refuses a second "rail").
    for path_name in &PATH_NAMES[..count] {
        let points = points(u)?;
        let kind = *u.choose(&[PathKind::Polyline, PathKind::CatmullRom, PathKind::Bezier])?;
        let mut handles = Vec::new();
        if kind == PathKind::Bezier {
            for _ in 0..u.int_in_range(0..=points.len())? {
                handles.push(BezierHandles {
                    in_offset: point(u)?,
                    out_offset: point(u)?,
                });
            }
        }
        scene.paths.push(PathObject {
            name: (*path_name).to_owned(),
            visible: !u.ratio(1u8, 8u8)?,
            kind,
            points,
            handles,
            closed: u.arbitrary()?,
        });
    }
    Ok(())
}

/// A system's collision settings: the default one time in four, else every response.
pub(super) fn collision(u: &mut Unstructured<'_>) -> Result<Collision> {
    if u.ratio(1u8, 4u8)? {
        return Ok(Collision::default());
    }
    Ok(Collision {
        response: *u.choose(&[
            CollisionResponse::None,
            CollisionResponse::Bounce,
            CollisionResponse::Stop,
            CollisionResponse::Pause,
            CollisionResponse::Destroy,
        ])?,
        restitution: float(u, 0.0, 1.0)?,
        friction: float(u, 0.0, 1.0)?,
        pause_secs: wide(u, (0.0, 0.5), MAX_PAUSE_SECS, (0.0, MAX_PAUSE_SECS))?,
        radius_px: wide(u, (0.0, 20.0), MAX_RADIUS_PX, (0.0, MAX_RADIUS_PX))?,
    })
}

/// A system's path following: none two times in three.
pub(super) fn path_follow(u: &mut Unstructured<'_>) -> Result<Option<PathFollow>> {
    if !u.ratio(1u8, 3u8)? {
        return Ok(None);
    }
    Ok(Some(PathFollow {
        mode: *u.choose(&[PathFollowMode::Emitter, PathFollowMode::Particles])?,
        path: (*u.choose(&PATH_NAMES)?).to_owned(),
        timing: *u.choose(&[PathTiming::Time, PathTiming::Speed])?,
        travel_secs: float(u, 0.0, 2.0)?,
        speed_px_per_sec: wide(u, (0.0, 1000.0), 1e6, (0.0, 1e6))?,
        repeat: *u.choose(&[PathRepeat::Once, PathRepeat::Loop, PathRepeat::PingPong])?,
        orient: u.arbitrary()?,
        start: *u.choose(&[PathStart::PathStart, PathStart::Nearest])?,
    }))
}
