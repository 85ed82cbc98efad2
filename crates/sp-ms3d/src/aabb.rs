//! Axis-aligned bounding boxes.

use serde::Serialize;

/// An axis-aligned box, `min ≤ max` on every axis.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Aabb {
    /// Smallest corner.
    pub min: [f32; 3],
    /// Largest corner.
    pub max: [f32; 3],
}

impl Aabb {
    /// Bounds of some points (`None` when there are none). Non-finite coordinates are skipped.
    pub fn from_points(points: impl IntoIterator<Item = [f32; 3]>) -> Option<Self> {
        let mut bbox: Option<Aabb> = None;
        for p in points {
            if !p.iter().all(|c| c.is_finite()) {
                continue;
            }
            let b = bbox.get_or_insert(Aabb { min: p, max: p });
            b.include(p);
        }
        bbox
    }

    /// Grows the box to contain `p`.
    pub fn include(&mut self, p: [f32; 3]) {
        for (axis, &v) in p.iter().enumerate() {
            self.min[axis] = self.min[axis].min(v);
            self.max[axis] = self.max[axis].max(v);
        }
    }

    /// Grows the box to contain `other`.
    pub fn union(&mut self, other: &Aabb) {
        self.include(other.min);
        self.include(other.max);
    }

    /// `max - min` per axis.
    pub fn extent(&self) -> [f32; 3] {
        [
            self.max[0] - self.min[0],
            self.max[1] - self.min[1],
            self.max[2] - self.min[2],
        ]
    }
}
