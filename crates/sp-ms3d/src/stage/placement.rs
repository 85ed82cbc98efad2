//! Where an object's model lands in the scene (formula in the module docs of `stage`).

use sp_sim::document::Transform2D;

use crate::UpAxis;

/// `T(x, y) · R(rotation) · S(scaleX, scaleY, √|scaleX·scaleY|) · E(up, ppu)`, column-major.
pub fn placement(t: &Transform2D, up: UpAxis, pixels_per_unit: f32) -> [f32; 16] {
    let r = t.rotation_deg.to_radians();
    let (sin, cos) = libm::sincosf(r);
    let (sx, sy) = (t.scale_x, t.scale_y);
    let sz = f32::sqrt((sx * sy).abs());
    let trs = glam::Mat4::from_cols_array(&[
        cos * sx,
        sin * sx,
        0.0,
        0.0, //
        -sin * sy,
        cos * sy,
        0.0,
        0.0, //
        0.0,
        0.0,
        sz,
        0.0, //
        t.x,
        t.y,
        0.0,
        1.0,
    ]);
    let e = glam::Mat4::from_cols_array_2d(&up.editor_matrix(pixels_per_unit));
    (trs * e).to_cols_array()
}
