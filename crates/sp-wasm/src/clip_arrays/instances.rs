//! Clip instance placement, shared by `setClipInstances` (JSON, [`ClipInstanceJson`]) and
//! `setClipInstanceArray` (a `Float64Array`, [`INSTANCE_VALUES`] per instance,
//! [`instances_from_array`]): where and how an instance is drawn ([`Placement`]) turned into the
//! renderer's [`ClipInstance`].

use serde::Deserialize;
use sp_render::{ClipId, ClipInstance};
use ts_rs::TS;

use super::{arg, whole};
use crate::error::Error;

fn white() -> [f32; 4] {
    [1.0; 4]
}

fn one() -> f32 {
    1.0
}

/// One entry of `setClipInstances`' JSON (see `clips_api.rs`); absent fields take their
/// defaults.
#[derive(Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClipInstanceJson {
    /// Clip id.
    pub clip: u32,
    /// Clip time, seconds.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub time_secs: f64,
    /// Wrap at the end.
    #[serde(default, rename = "loop")]
    #[ts(optional = nullable)]
    pub looping: bool,
    /// Scene x, pixels.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub x: f32,
    /// Scene y, pixels (down).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub y: f32,
    /// Clockwise rotation, degrees.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub rotation_deg: f32,
    /// Horizontal scale (default 1).
    #[serde(default = "one")]
    #[ts(optional = nullable)]
    pub scale_x: f32,
    /// Vertical scale (default 1; −1 for a y-up model).
    #[serde(default = "one")]
    #[ts(optional = nullable)]
    pub scale_y: f32,
    /// Depth, scene pixels.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub depth: f32,
    /// Straight-alpha RGBA multiplier (default white).
    #[serde(default = "white")]
    #[ts(optional = nullable)]
    pub tint: [f32; 4],
}

/// Where and how one clip instance is drawn (the fields of `setClipInstances`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Clip id.
    pub clip: u32,
    /// Clip time, seconds.
    pub time_secs: f64,
    /// Wrap at the end.
    pub looping: bool,
    /// Scene position, pixels (y down).
    pub x: f32,
    /// Scene position, pixels (y down).
    pub y: f32,
    /// Clockwise rotation, degrees.
    pub rotation_deg: f32,
    /// Horizontal scale.
    pub scale_x: f32,
    /// Vertical scale (−1 for a y-up model).
    pub scale_y: f32,
    /// Depth offset, scene pixels.
    pub depth: f32,
    /// Straight-alpha RGBA tint.
    pub tint: [f32; 4],
}

impl Placement {
    /// The renderer's instance: scene = (x, y) + R(θ)·(scaleX·mx, scaleY·my), depth z + depth.
    ///
    /// # Errors
    /// [`Error::Argument`] (`name`, entry `i`) when a number is not finite.
    pub fn instance(&self, name: &'static str, i: usize) -> Result<ClipInstance, Error> {
        let numbers = [
            self.x,
            self.y,
            self.rotation_deg,
            self.scale_x,
            self.scale_y,
            self.depth,
        ];
        if !self.time_secs.is_finite() || numbers.iter().chain(&self.tint).any(|v| !v.is_finite()) {
            return Err(arg(name, format!("[{i}] has a number that is not finite")));
        }
        let (s, c) = self.rotation_deg.to_radians().sin_cos();
        let (sx, sy) = (self.scale_x, self.scale_y);
        Ok(ClipInstance {
            clip: ClipId(self.clip),
            time_secs: self.time_secs,
            looping: self.looping,
            model_to_scene: [
                c * sx,
                s * sx,
                0.0,
                0.0, //
                -s * sy,
                c * sy,
                0.0,
                0.0, //
                0.0,
                0.0,
                1.0,
                0.0, //
                self.x,
                self.y,
                self.depth,
                1.0,
            ],
            tint: self.tint,
        })
    }
}

/// Values per instance of `setClipInstanceArray`: `clip, timeSecs, loop (0 or 1), x, y,
/// rotationDeg, scaleX, scaleY, depth, tint r, g, b, a`.
pub const INSTANCE_VALUES: usize = 13;

/// The instances of a `setClipInstanceArray` call (see [`INSTANCE_VALUES`]).
///
/// # Errors
/// [`Error::Argument`] (`values`) naming the instance: a length that is not a whole number of
/// instances, a clip id that is not a whole number in `0..2³²`, a `loop` other than 0 or 1, a
/// number that is not finite.
pub fn instances_from_array(values: &[f64]) -> Result<Vec<ClipInstance>, Error> {
    let n = whole("values", values.len(), INSTANCE_VALUES, "instances")?;
    let mut out = Vec::with_capacity(n);
    for (i, v) in values.chunks_exact(INSTANCE_VALUES).enumerate() {
        if !(v[0].fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&v[0])) {
            return Err(arg(
                "values",
                format!("[{i}] has clip {}, not a clip id", v[0]),
            ));
        }
        if v[2] != 0.0 && v[2] != 1.0 {
            return Err(arg(
                "values",
                format!("[{i}] has loop {}, expected 0 or 1", v[2]),
            ));
        }
        let f = |k: usize| v[k] as f32;
        let placement = Placement {
            clip: v[0] as u32,
            time_secs: v[1],
            looping: v[2] == 1.0,
            x: f(3),
            y: f(4),
            rotation_deg: f(5),
            scale_x: f(6),
            scale_y: f(7),
            depth: f(8),
            tint: [f(9), f(10), f(11), f(12)],
        };
        out.push(placement.instance("values", i)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_arrays_place_instances_and_name_bad_entries() {
        let one = [
            7.0, 1.25, 1.0, 10.0, 20.0, 90.0, 2.0, -1.0, 3.0, 1.0, 0.5, 0.25, 1.0,
        ];
        let list = instances_from_array(&[one, one].concat()).unwrap();
        assert_eq!(list.len(), 2);
        let inst = &list[1];
        assert_eq!(
            (inst.clip, inst.time_secs, inst.looping),
            (ClipId(7), 1.25, true)
        );
        assert_eq!(inst.tint, [1.0, 0.5, 0.25, 1.0]);
        // 90° clockwise, scale (2, −1): model x → scene +y·2, model y → scene +x·1.
        let m = inst.model_to_scene;
        assert!((m[1] - 2.0).abs() < 1e-6 && m[0].abs() < 1e-6);
        assert!((m[4] - 1.0).abs() < 1e-6 && m[5].abs() < 1e-6);
        assert_eq!((m[12], m[13], m[14]), (10.0, 20.0, 3.0));
        assert!(instances_from_array(&[]).unwrap().is_empty());
        let bad = |k: usize, v: f64| {
            let mut a = [one, one].concat();
            a[INSTANCE_VALUES + k] = v;
            instances_from_array(&a).unwrap_err().to_string()
        };
        assert!(bad(0, 1.5).contains("[1] has clip 1.5, not a clip id"));
        assert!(bad(0, -1.0).contains("[1] has clip -1"));
        assert!(bad(2, 0.5).contains("[1] has loop 0.5, expected 0 or 1"));
        assert!(bad(4, f64::NAN).contains("[1] has a number that is not finite"));
        assert!(bad(12, f64::INFINITY).contains("[1] has a number that is not finite"));
        let short = instances_from_array(&one[..12]).unwrap_err().to_string();
        assert!(short.contains("12 values is not a whole number of instances"));
    }
}
