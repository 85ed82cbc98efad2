//! Colliders, paths and the systems' responses to them (`colliders`, `paths`,
//! `systems[].collision`, `systems[].pathFollow`): a scene has no collider or path half the
//! time, else up to three of each, every shape (segment, open and closed polylines of 0–6
//! points, circles, rotated rectangles; zero sizes included), every path kind (polyline,
//! Catmull-Rom, Bézier with or without handles, open or closed, 0–6 points), colliders acting
//! on all systems or on named ones. A system keeps the default collision three times in four,
//! else every response with its settings; it follows a path one time in four (a named path or a
//! missing one), with either mode, timing, repeat, orientation and start. Coordinates stay near
//! the particles (±400 px), the limits' ends come up one time in sixteen.

use arbitrary::{Result, Unstructured};
use sp_sim::behaviour::collision::{MAX_PAUSE_SECS, MAX_RADIUS_PX};
use sp_sim::behaviour::path_follow::MAX_PATH_SPEED_PX_PER_SEC;
use sp_sim::document::{
    BezierHandles, Collider, ColliderShape, Collision, CollisionResponse, PathFollow,
    PathFollowMode, PathKind, PathObject, PathRepeat, PathStart, PathTiming,
};

use super::{NAMES, float, name, wide};

/// Path names systems follow (the generator names paths from the same list; the last one
/// names no path).
const PATH_NAMES: [&str; 4] = ["path", "火路", "p 2", "missing"];

const COORD: (f32, f32) = (-1e6, 1e6);

fn point(u: &mut Unstructured<'_>) -> Result<[f32; 2]> {
    Ok([
        wide(u, (-400.0, 400.0), 1e6, COORD)?,
        wide(u, (-400.0, 400.0), 1e6, COORD)?,
    ])
}

fn points(u: &mut Unstructured<'_>) -> Result<Vec<[f32; 2]>> {
    let mut out = Vec::new();
    for _ in 0..u.int_in_range(0..=6)? {
        out.push(point(u)?);
    }
    Ok(out)
}

fn size(u: &mut Unstructured<'_>) -> Result<f32> {
    wide(u, (0.0, 300.0), 1e6, (0.0, 1e6))
}

fn collider(u: &mut Unstructured<'_>) -> Result<Collider> {
    let shape = match u.int_in_range(0..=3)? {
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
            radius: size(u)?,
        },
        _ => ColliderShape::Rect {
            center: point(u)?,
            width: size(u)?,
            height: size(u)?,
            rotation_deg: wide(u, (-360.0, 360.0), 1e6, COORD)?,
        },
    };
    let mut systems = Vec::new();
    if u.arbitrary()? {
        for _ in 0..u.int_in_range(1..=2)? {
            systems.push((*u.choose(&NAMES)?).to_owned());
        }
    }
    Ok(Collider {
        name: name(u)?,
        visible: u.arbitrary()?,
        shape,
        systems,
    })
}

fn path(u: &mut Unstructured<'_>, name: &str) -> Result<PathObject> {
    let kind = *u.choose(&[PathKind::Polyline, PathKind::CatmullRom, PathKind::Bezier])?;
    let points = points(u)?;
    let mut handles = Vec::new();
    if kind == PathKind::Bezier && u.arbitrary()? {
        for _ in 0..u.int_in_range(0..=points.len())? {
            handles.push(BezierHandles {
                in_offset: point(u)?,
                out_offset: point(u)?,
            });
        }
    }
    Ok(PathObject {
        name: name.to_owned(),
        visible: u.arbitrary()?,
        kind,
        points,
        handles,
        closed: u.arbitrary()?,
    })
}

/// The scene's colliders and paths (none of either half the time).
pub(super) fn world(u: &mut Unstructured<'_>) -> Result<(Vec<Collider>, Vec<PathObject>)> {
    if u.arbitrary()? {
        return Ok((Vec::new(), Vec::new()));
    }
    let mut colliders = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        colliders.push(collider(u)?);
    }
    let mut paths = Vec::new();
    for name in &PATH_NAMES[..u.int_in_range(0..=3)?] {
        paths.push(path(u, name)?);
    }
    Ok((colliders, paths))
}

/// A system's collision response: the default three times in four.
pub(super) fn collision(u: &mut Unstructured<'_>) -> Result<Collision> {
    if !u.ratio(1u8, 4u8)? {
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

/// A system's path following: none three times in four.
pub(super) fn path_follow(u: &mut Unstructured<'_>) -> Result<Option<PathFollow>> {
    if !u.ratio(1u8, 4u8)? {
        return Ok(None);
    }
    Ok(Some(PathFollow {
        mode: *u.choose(&[PathFollowMode::Emitter, PathFollowMode::Particles])?,
        path: (*u.choose(&PATH_NAMES)?).to_owned(),
        timing: *u.choose(&[PathTiming::Time, PathTiming::Speed])?,
        travel_secs: float(u, 0.0, 1.0)?,
        speed_px_per_sec: wide(
            u,
            (0.0, 1000.0),
            MAX_PATH_SPEED_PX_PER_SEC,
            (0.0, MAX_PATH_SPEED_PX_PER_SEC),
        )?,
        repeat: *u.choose(&[PathRepeat::Once, PathRepeat::Loop, PathRepeat::PingPong])?,
        orient: u.arbitrary()?,
        start: *u.choose(&[PathStart::PathStart, PathStart::Nearest])?,
    }))
}
