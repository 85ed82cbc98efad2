//! Paths: scene objects that emitters or particles travel along (export spec §10.3). A path is
//! never exported itself (§2.3, no Path Constraint): the motion it gives is baked into the
//! system bone's or the particles' own timelines. Systems name the path they follow
//! ([`crate::behaviour::path_follow`]), so path names are unique.
//!
//! Kinds, through `points` (scene pixels, y down), open or `closed` (the last point joins the
//! first):
//! - `polyline`: straight pieces (the direction turns at once at a point);
//! - `catmullRom`: a smooth curve through every point (centripetal Catmull–Rom, which never
//!   loops or cusps within a piece; an open path's end pieces use a mirrored neighbour);
//! - `bezier`: cubic pieces from point `i` to `i + 1` whose handles are `points[i] +
//!   handles[i].out` and `points[i+1] + handles[i+1].in` (offsets from their point; a missing
//!   handle is a zero offset, a corner).
//!
//! The geometry (flattening, arc length, tangent, nearest point) is
//! [`crate::sim::path_geom`]. The eye only shows or hides the path on the canvas.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::collider::point;
use super::schema::fields as f;
use super::validate::{err, list_len, text};
use crate::Result;
use crate::error::FieldIssue;

/// Most paths in a scene.
pub const MAX_PATHS: usize = 64;
/// Most points of one path.
pub const MAX_PATH_POINTS: usize = 256;

/// How a path goes through its points (see the module doc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum PathKind {
    /// Straight pieces.
    Polyline,
    /// A smooth curve through the points (centripetal Catmull–Rom).
    #[default]
    CatmullRom,
    /// Cubic Bézier pieces with handles.
    Bezier,
}

/// The two handles of a Bézier path point, as offsets from the point (pixels).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct BezierHandles {
    /// Handle of the piece arriving at the point.
    #[serde(rename = "in")]
    pub in_offset: [f32; 2],
    /// Handle of the piece leaving the point.
    #[serde(rename = "out")]
    pub out_offset: [f32; 2],
}

/// A path scene object (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct PathObject {
    /// Display name, unique among the scene's paths (systems follow a path by name).
    pub name: String,
    /// Eye icon: shows the path on the canvas (systems follow it either way).
    pub visible: bool,
    /// How the path goes through its points.
    pub kind: PathKind,
    /// Points, scene pixels (fewer than two: a path of length 0 at its point).
    pub points: Vec<[f32; 2]>,
    /// Bézier handles, one per point (`bezier` only; missing entries are corners).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<BezierHandles>>", optional)]
    pub handles: Vec<BezierHandles>,
    /// The last point joins the first.
    pub closed: bool,
}

impl Default for PathObject {
    fn default() -> Self {
        PathObject {
            name: "Path".into(),
            visible: true,
            kind: PathKind::CatmullRom,
            points: Vec::new(),
            handles: Vec::new(),
            closed: false,
        }
    }
}

impl PathObject {
    /// Checks the limits (the schema's [`fields`](crate::document::schema::fields)); `p` is
    /// the JSON path of the path object.
    pub fn validate(&self, p: &str) -> Result<()> {
        text(&format!("{p}.name"), &self.name, &f::PATH_NAME)?;
        if self.name.trim().is_empty() {
            return Err(err(&format!("{p}.name"), FieldIssue::Empty));
        }
        list_len(
            &format!("{p}.points"),
            self.points.len(),
            &f::PATH_POINTS,
            "points",
        )?;
        for (i, pt) in self.points.iter().enumerate() {
            point(
                &format!("{p}.points[{i}]"),
                *pt,
                &f::PATH_POINT_X,
                &f::PATH_POINT_Y,
            )?;
        }
        if self.handles.len() > self.points.len() {
            return Err(err(
                &format!("{p}.handles"),
                FieldIssue::TooManyHandles {
                    count: self.handles.len(),
                    points: self.points.len(),
                },
            ));
        }
        for (i, h) in self.handles.iter().enumerate() {
            point(
                &format!("{p}.handles[{i}].in"),
                h.in_offset,
                &f::PATH_HANDLE_IN_X,
                &f::PATH_HANDLE_IN_Y,
            )?;
            point(
                &format!("{p}.handles[{i}].out"),
                h.out_offset,
                &f::PATH_HANDLE_OUT_X,
                &f::PATH_HANDLE_OUT_Y,
            )?;
        }
        Ok(())
    }
}

/// Checks a scene's `paths`: each path, and names unique.
pub fn validate_paths(paths: &[PathObject]) -> Result<()> {
    list_len("paths", paths.len(), &f::PATHS, "paths")?;
    for (i, path) in paths.iter().enumerate() {
        let p = format!("paths[{i}]");
        path.validate(&p)?;
        if let Some(j) = paths[..i].iter().position(|o| o.name == path.name) {
            return Err(err(
                &format!("{p}.name"),
                FieldIssue::DuplicateName {
                    name: path.name.clone(),
                    other: format!("paths[{j}]"),
                },
            ));
        }
    }
    Ok(())
}
