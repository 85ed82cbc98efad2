//! A skeleton object's placed instance after the first (`skeletons[].extraInstances[j]`).
//!
//! In JSON an entry is a list of two or five numbers:
//! - `[x, y]`: drawn at (x, y) with the first instance's rotation and scale (the object's
//!   `transform`), as every document written before instances had their own;
//! - `[x, y, rotationDeg, scaleX, scaleY]`: drawn at (x, y) with its own.
//!
//! Either way a point (mx, my) of the instance (its own space, y down) lands at
//!
//! ```text
//! scene = (x, y) + R(θ)·(scaleX·mx, scaleY·my),   R(θ) = [cos θ  −sin θ; sin θ  cos θ]
//! ```
//!
//! in scene pixels, y down, θ = rotationDeg clockwise on screen, a negative scaleX mirroring the
//! instance left ↔ right about (x, y). A pair stays a pair when read and written back, so older
//! documents save byte for byte as before. The serde code is written by hand over a sequence
//! (no untagged enum: its buffering costs the WebAssembly module kilobytes).

use std::fmt;

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

use super::system::Transform2D;

/// What a wrong entry is told it should be.
const EXPECTED: &str = "[x, y] or [x, y, rotationDeg, scaleX, scaleY]";

/// An instance's own rotation and scale (the last three numbers of the five-number form).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InstanceTurn {
    /// Rotation about the instance's position, degrees, clockwise on screen.
    pub rotation_deg: f32,
    /// Horizontal scale (negative: mirrored left ↔ right; never 0).
    pub scale_x: f32,
    /// Vertical scale (never 0).
    pub scale_y: f32,
}

/// A placed instance of a skeleton object after the first (see the module doc for its JSON
/// forms and the formula): `[x, y]` or `[x, y, rotationDeg, scaleX, scaleY]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, TS)]
#[ts(type = "[number, number] | [number, number, number, number, number]")]
pub struct ExtraInstance {
    /// Position, scene pixels (right).
    pub x: f32,
    /// Position, scene pixels (down).
    pub y: f32,
    /// Its own rotation and scale, or `None`: the first instance's (the object's transform).
    pub own: Option<InstanceTurn>,
}

impl ExtraInstance {
    /// An instance at (x, y) with the first instance's rotation and scale (the `[x, y]` form).
    pub const fn at(x: f32, y: f32) -> ExtraInstance {
        ExtraInstance { x, y, own: None }
    }

    /// Where and how it is drawn, given the object's `transform` (the first instance).
    pub fn placement(&self, transform: &Transform2D) -> Transform2D {
        let own = self.own.unwrap_or(InstanceTurn {
            rotation_deg: transform.rotation_deg,
            scale_x: transform.scale_x,
            scale_y: transform.scale_y,
        });
        Transform2D {
            x: self.x,
            y: self.y,
            rotation_deg: own.rotation_deg,
            scale_x: own.scale_x,
            scale_y: own.scale_y,
        }
    }
}

impl ExtraInstance {
    /// Its JSON numbers: the first 2 (`[x, y]`) or all 5 (`[x, y, rotationDeg, scaleX, scaleY]`)
    /// of the returned array, and how many.
    pub fn numbers(&self) -> ([f32; 5], usize) {
        match &self.own {
            None => ([self.x, self.y, 0.0, 0.0, 0.0], 2),
            Some(o) => ([self.x, self.y, o.rotation_deg, o.scale_x, o.scale_y], 5),
        }
    }
}

impl Serialize for ExtraInstance {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // A list of numbers, as `[f32; 2]` was written: the same bytes for the pair form.
        let (values, len) = self.numbers();
        values[..len].serialize(serializer)
    }
}

/// Reads the two- or five-number list.
struct ExtraInstanceVisitor;

impl<'de> Visitor<'de> for ExtraInstanceVisitor {
    type Value = ExtraInstance;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(EXPECTED)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ExtraInstance, A::Error> {
        let mut v = [0.0f32; 5];
        let mut len = 0;
        // Every entry is read (a wrong length is reported with the whole count).
        while let Some(n) = seq.next_element::<f32>()? {
            if let Some(slot) = v.get_mut(len) {
                *slot = n;
            }
            len += 1;
        }
        let [x, y, rotation_deg, scale_x, scale_y] = v;
        match len {
            2 => Ok(ExtraInstance::at(x, y)),
            5 => Ok(ExtraInstance {
                x,
                y,
                own: Some(InstanceTurn {
                    rotation_deg,
                    scale_x,
                    scale_y,
                }),
            }),
            _ => Err(A::Error::invalid_length(len, &self)),
        }
    }
}

impl<'de> Deserialize<'de> for ExtraInstance {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ExtraInstance, D::Error> {
        deserializer.deserialize_seq(ExtraInstanceVisitor)
    }
}
