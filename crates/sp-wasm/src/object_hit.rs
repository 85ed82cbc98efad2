//! Hit test of the canvas's collider and path gizmos (`hitObject`): which visible object part
//! lies under a scene point, for the UI's select / drag / insert tools.
//!
//! Parts, in priority order (a part of a higher kind wins over a nearer one of a lower kind,
//! so a point on a line is grabbed as the point): Bézier handle ends (`handleIn`, `handleOut`,
//! with `point` = the path point), points (`point`: segment `a` = 0 and `b` = 1, polyline and
//! path points by index; `center` of circles and rectangles), then the drawn line (`edge`, with
//! `segment` = the index of the piece in `objectOutlines`' polyline and `t` 0..1 along it: where
//! to insert a point, or for a circle the radius to drag). Within a kind the nearest wins, then
//! the later object (drawn on top). Distances are scene pixels: the caller passes its pick
//! radius in scene pixels (CSS pixels / zoom). Geometry is the simulation's own
//! (`collider_outline`, `PathGeom::polyline`), as drawn by `sp_render::scene_gizmos`.

use serde::Serialize;
use sp_sim::document::{ColliderShape, PathKind, Scene};
use sp_sim::sim::path_geom::PathGeom;
use sp_sim::sim::walls::collider_outline;
use ts_rs::TS;

/// A part of a collider or path under the pointer.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ObjectHit {
    /// `collider` or `path`.
    pub kind: &'static str,
    /// Index in `colliders` or `paths`.
    pub index: usize,
    /// `handleIn`, `handleOut`, `point`, `center` or `edge`.
    pub part: &'static str,
    /// Point index (`point`, `handleIn`, `handleOut`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub point: Option<usize>,
    /// Piece of the drawn polyline (`edge`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub segment: Option<usize>,
    /// The control-point piece that edge lies on (`edge`; points `piece` and `piece + 1`, the
    /// last one closing a closed line): where a point inserted there goes. For a segment or
    /// polyline collider and a polyline path it is `segment`; a curved path draws
    /// [`sp_sim::sim::path_geom::SUBDIVISIONS`] pieces per control-point piece.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub piece: Option<usize>,
    /// Position along that piece, 0..1 (`edge`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub t: Option<f64>,
    /// Distance from the query point, scene pixels.
    pub distance_px: f64,
}

fn dist(a: [f32; 2], p: [f64; 2]) -> f64 {
    let (dx, dy) = (f64::from(a[0]) - p[0], f64::from(a[1]) - p[1]);
    (dx * dx + dy * dy).sqrt()
}

/// Nearest point of segment `a b` to `p`: (distance, t).
fn to_segment(a: [f32; 2], b: [f32; 2], p: [f64; 2]) -> (f64, f64) {
    let (ax, ay) = (f64::from(a[0]), f64::from(a[1]));
    let (dx, dy) = (f64::from(b[0]) - ax, f64::from(b[1]) - ay);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p[0] - ax) * dx + (p[1] - ay) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (ax + t * dx - p[0], ay + t * dy - p[1]);
    ((qx * qx + qy * qy).sqrt(), t)
}

/// The part of a visible collider or path within `radius_px` of `(x, y)` (see the module doc).
pub fn hit_object(scene: &Scene, x: f64, y: f64, radius_px: f64) -> Option<ObjectHit> {
    let p = [x, y];
    // (rank, distance, hit): lower rank wins, then nearer, then later.
    let mut best: Option<(u8, f64, ObjectHit)> = None;
    let mut offer = |rank: u8, hit: ObjectHit| {
        if hit.distance_px > radius_px {
            return;
        }
        let better = match &best {
            None => true,
            Some((r, d, _)) => rank < *r || (rank == *r && hit.distance_px <= *d),
        };
        if better {
            best = Some((rank, hit.distance_px, hit));
        }
    };
    let hit = |kind, index, part, point, distance_px| ObjectHit {
        kind,
        index,
        part,
        point,
        segment: None,
        piece: None,
        t: None,
        distance_px,
    };
    for (index, c) in scene.colliders.iter().enumerate() {
        if !c.visible {
            continue;
        }
        match &c.shape {
            ColliderShape::Segment { a, b } => {
                for (k, q) in [a, b].into_iter().enumerate() {
                    offer(1, hit("collider", index, "point", Some(k), dist(*q, p)));
                }
            }
            ColliderShape::Polyline { points, .. } => {
                for (k, q) in points.iter().enumerate() {
                    offer(1, hit("collider", index, "point", Some(k), dist(*q, p)));
                }
            }
            ColliderShape::Circle { center, .. } | ColliderShape::Rect { center, .. } => {
                offer(1, hit("collider", index, "center", None, dist(*center, p)));
            }
        }
        edges(&collider_outline(&c.shape), p, &mut |segment, t, d| {
            offer(
                2,
                ObjectHit {
                    segment: Some(segment),
                    piece: Some(segment),
                    t: Some(t),
                    ..hit("collider", index, "edge", None, d)
                },
            );
        });
    }
    for (index, path) in scene.paths.iter().enumerate() {
        if !path.visible {
            continue;
        }
        if path.kind == PathKind::Bezier {
            for (k, (q, h)) in path.points.iter().zip(&path.handles).enumerate() {
                for (part, off) in [("handleIn", h.in_offset), ("handleOut", h.out_offset)] {
                    if off != [0.0, 0.0] {
                        let end = [q[0] + off[0], q[1] + off[1]];
                        offer(0, hit("path", index, part, Some(k), dist(end, p)));
                    }
                }
            }
        }
        for (k, q) in path.points.iter().enumerate() {
            offer(1, hit("path", index, "point", Some(k), dist(*q, p)));
        }
        let geom = PathGeom::new(path, |q| q);
        edges(&geom.polyline(), p, &mut |segment, t, d| {
            offer(
                2,
                ObjectHit {
                    segment: Some(segment),
                    piece: geom.piece_of_chord(segment),
                    t: Some(t),
                    ..hit("path", index, "edge", None, d)
                },
            );
        });
    }
    best.map(|(_, _, h)| h)
}

/// `hitObject(sceneJson, x, y, radiusPx)`: the [`ObjectHit`] as JSON, or `null` (throws naming
/// the field of an invalid document or a non-finite argument).
pub fn hit_object_json(scene_json: &str, x: f64, y: f64, radius_px: f64) -> crate::Result<String> {
    let x = crate::error::finite("x", x, None)?;
    let y = crate::error::finite("y", y, None)?;
    let radius_px = crate::error::finite("radiusPx", radius_px, Some(0.0))?;
    let scene = sp_sim::document::load_scene(scene_json)?;
    Ok(serde_json::to_string(&hit_object(&scene, x, y, radius_px))
        .unwrap_or_else(|_| "null".into()))
}

/// Calls `f(piece, t, distance)` for the nearest point of each piece of `line`.
fn edges(line: &[[f32; 2]], p: [f64; 2], f: &mut dyn FnMut(usize, f64, f64)) {
    for (k, w) in line.windows(2).enumerate() {
        let (d, t) = to_segment(w[0], w[1], p);
        f(k, t, d);
    }
}

#[cfg(test)]
mod tests {
    use sp_sim::document::{BezierHandles, Collider, PathObject};

    use super::*;

    fn scene() -> Scene {
        Scene {
            colliders: vec![
                Collider {
                    shape: ColliderShape::Segment {
                        a: [0.0, 100.0],
                        b: [200.0, 100.0],
                    },
                    ..Collider::default()
                },
                Collider {
                    visible: false,
                    shape: ColliderShape::Circle {
                        center: [0.0, 0.0],
                        radius: 50.0,
                    },
                    ..Collider::default()
                },
            ],
            paths: vec![PathObject {
                kind: PathKind::Bezier,
                points: vec![[0.0, -100.0], [200.0, -100.0]],
                handles: vec![
                    BezierHandles {
                        in_offset: [0.0, 0.0],
                        out_offset: [0.0, 40.0],
                    },
                    BezierHandles::default(),
                ],
                ..PathObject::default()
            }],
            ..Scene::default()
        }
    }

    #[test]
    fn an_edge_names_the_control_point_piece_a_point_is_inserted_on() {
        let s = Scene {
            paths: vec![PathObject {
                kind: PathKind::CatmullRom,
                points: vec![[0.0, 0.0], [100.0, 0.0], [200.0, 0.0]],
                ..PathObject::default()
            }],
            ..Scene::default()
        };
        let first = hit_object(&s, 30.0, 2.0, 6.0).expect("first piece");
        let second = hit_object(&s, 160.0, 2.0, 6.0).expect("second piece");
        assert_eq!((first.part, first.piece), ("edge", Some(0)));
        assert_eq!((second.part, second.piece), ("edge", Some(1)));
        // The drawn chord is one of the 32 of its piece.
        assert!(second.segment.expect("a chord") >= 32);
    }

    #[test]
    fn points_win_over_lines_handles_over_points_and_hidden_objects_are_skipped() {
        let s = scene();
        let h = hit_object(&s, 198.0, 101.0, 6.0).expect("b end");
        assert_eq!(
            (h.kind, h.index, h.part, h.point),
            ("collider", 0, "point", Some(1))
        );
        let e = hit_object(&s, 50.0, 103.0, 6.0).expect("the line");
        assert_eq!((e.part, e.segment), ("edge", Some(0)));
        assert!((e.t.unwrap() - 0.25).abs() < 1e-9 && (e.distance_px - 3.0).abs() < 1e-9);
        // The hidden circle's edge (r = 50) is not hit; nothing else is near.
        assert_eq!(hit_object(&s, 50.0, 0.0, 6.0), None);
        // The handle end (0, −60) wins over the path's point 0 (0, −100) within a large radius.
        let handle = hit_object(&s, 0.0, -70.0, 40.0).expect("handle");
        assert_eq!(
            (handle.kind, handle.part, handle.point),
            ("path", "handleOut", Some(0))
        );
        assert_eq!(hit_object(&s, 100.0, 40.0, 6.0), None);
    }

    #[test]
    fn the_json_call_checks_its_arguments() {
        let json =
            r#"{"version":1,"colliders":[{"shape":{"kind":"segment","a":[0,0],"b":[10,0]}}]}"#;
        let v: serde_json::Value =
            serde_json::from_str(&hit_object_json(json, 5.0, 1.0, 2.0).unwrap()).unwrap();
        assert_eq!(v["part"], "edge");
        assert_eq!(v["distancePx"], 1.0);
        assert_eq!(hit_object_json(json, 50.0, 0.0, 2.0).unwrap(), "null");
        assert!(hit_object_json(json, f64::NAN, 0.0, 2.0).is_err());
        assert!(hit_object_json(json, 0.0, 0.0, -1.0).is_err());
    }
}
