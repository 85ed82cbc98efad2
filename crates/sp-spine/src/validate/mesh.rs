//! Mesh checks of the validator (trail meshes come later): UV, vertex and triangle counts,
//! weighted-vertex bone indices and weight sums (export spec §16.1).

use serde_json::Value;

use super::Validator;

impl Validator {
    /// Meshes (trails, later): UV/vertex/triangle counts, bone indices and weights.
    pub(crate) fn check_mesh(&mut self, path: &str, o: &serde_json::Map<String, Value>) {
        let nums = |k: &str| -> Option<Vec<f64>> {
            o.get(k)?.as_array()?.iter().map(Value::as_f64).collect()
        };
        let Some(uvs) = nums("uvs") else {
            self.issue(format!("{path}.uvs"), "missing or not all numbers");
            return;
        };
        if uvs.len() % 2 != 0 {
            self.issue(format!("{path}.uvs"), "odd number of values");
            return;
        }
        let vertex_count = uvs.len() / 2;
        match nums("triangles") {
            Some(t)
                if t.len() % 3 == 0
                    && t.iter()
                        .all(|&i| i >= 0.0 && (i as usize) < vertex_count && i.fract() == 0.0) => {}
            _ => self.issue(
                format!("{path}.triangles"),
                format!("expected index triples below the vertex count {vertex_count}"),
            ),
        }
        let Some(v) = nums("vertices") else {
            self.issue(format!("{path}.vertices"), "missing or not all numbers");
            return;
        };
        if v.len() == uvs.len() {
            return;
        }
        let mut i = 0;
        for vertex in 0..vertex_count {
            let Some(&count) = v.get(i) else {
                self.issue(
                    format!("{path}.vertices"),
                    format!("weighted stream ends before vertex {vertex}"),
                );
                return;
            };
            i += 1;
            let mut sum = 0.0;
            for _ in 0..count as usize {
                let Some(&[bone, _, _, w]) =
                    v.get(i..i + 4).and_then(|s| <&[f64; 4]>::try_from(s).ok())
                else {
                    self.issue(
                        format!("{path}.vertices"),
                        format!("weighted stream ends inside vertex {vertex}"),
                    );
                    return;
                };
                if bone < 0.0 || bone.fract() != 0.0 {
                    self.issue(
                        format!("{path}.vertices[{i}]"),
                        format!("invalid bone index {bone}"),
                    );
                }
                sum += w;
                i += 4;
            }
            if (sum - 1.0).abs() > 1e-3 {
                self.issue(
                    format!("{path}.vertices"),
                    format!("weights of vertex {vertex} sum to {sum}, not 1"),
                );
            }
        }
        if i != v.len() {
            self.issue(
                format!("{path}.vertices"),
                "weighted stream longer than the vertex count",
            );
        }
    }
}
