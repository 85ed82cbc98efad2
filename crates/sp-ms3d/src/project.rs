//! From model space to the 2D editor: pick the source's up axis, then an orthographic front
//! view. Model units become editor pixels at `pixels_per_unit`, x to the right, y down:
//!
//! - Y-up source: `(x, y, z) → (x · s, −y · s)`, depth `z` (towards the viewer).
//! - Z-up source: `(x, y, z) → (x · s, −z · s)`, depth `−y`.
//!
//! The scene object's own position, rotation and scale are applied after this, like any other
//! scene object.

use serde::{Deserialize, Serialize};

/// Which model axis points up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum UpAxis {
    /// +Y is up (MilkShape's convention, the default).
    #[default]
    Y,
    /// +Z is up (models from Z-up tools).
    Z,
}

impl UpAxis {
    /// Editor pixels (x right, y down) of model point `p`.
    pub fn to_editor(self, p: [f32; 3], pixels_per_unit: f32) -> [f32; 2] {
        match self {
            UpAxis::Y => [p[0] * pixels_per_unit, -p[1] * pixels_per_unit],
            UpAxis::Z => [p[0] * pixels_per_unit, -p[2] * pixels_per_unit],
        }
    }

    /// Depth of `p` towards the viewer (larger = nearer), for sorting or a depth buffer.
    pub fn depth(self, p: [f32; 3]) -> f32 {
        match self {
            UpAxis::Y => p[2],
            UpAxis::Z => -p[1],
        }
    }

    /// The same mapping as a column-major 4×4 matrix (`[x_px, y_px, depth, 1] = M · [x, y, z,
    /// 1]`) for a vertex shader.
    pub fn editor_matrix(self, pixels_per_unit: f32) -> [[f32; 4]; 4] {
        let s = pixels_per_unit;
        match self {
            UpAxis::Y => [
                [s, 0.0, 0.0, 0.0],
                [0.0, -s, 0.0, 0.0],
                [0.0, 0.0, 1.0, 0.0],
                [0.0, 0.0, 0.0, 1.0],
            ],
            UpAxis::Z => [
                [s, 0.0, 0.0, 0.0],
                [0.0, 0.0, -1.0, 0.0],
                [0.0, -s, 0.0, 0.0],
                [0.0, 0.0, 0.0, 1.0],
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_agrees_with_functions() {
        for axis in [UpAxis::Y, UpAxis::Z] {
            let m = glam::Mat4::from_cols_array_2d(&axis.editor_matrix(10.0));
            let p = [1.0, 2.0, 3.0];
            let out = m.transform_point3(glam::Vec3::from_array(p));
            let xy = axis.to_editor(p, 10.0);
            assert_eq!([out.x, out.y, out.z], [xy[0], xy[1], axis.depth(p)]);
        }
        assert_eq!(UpAxis::Y.to_editor([1.0, 2.0, 3.0], 10.0), [10.0, -20.0]);
        assert_eq!(UpAxis::Z.to_editor([1.0, 2.0, 3.0], 10.0), [10.0, -30.0]);
    }
}
