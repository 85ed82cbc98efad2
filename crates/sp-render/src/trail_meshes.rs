//! The trail meshes of a frame's systems, kept from frame to frame so the renderer uploads a
//! mesh only when it changes.
//!
//! The `k`-th trailed system a frame draws uses slot `k`. A slot keeps the [`TrailMesh`] it was
//! built from, its GPU vertex records ([`crate::trail_skin::TrailVertex`]) and triangles, and a
//! version unique in the process: a slot whose mesh differs from the frame's is rebuilt with a
//! new version, and the renderer re-uploads a slot whose version it does not hold (so one
//! renderer can draw batches of different owners).

use std::sync::atomic::{AtomicU64, Ordering};

use sp_sim::sim::trail::TrailMesh;

use crate::trail_skin::TrailVertex;

/// The next mesh version (unique in the process).
static NEXT_VERSION: AtomicU64 = AtomicU64::new(1);

/// One system's trail mesh, ready for the GPU.
#[derive(Clone, Debug)]
pub struct TrailMeshSlot {
    source: TrailMesh,
    /// Vertex records, in mesh vertex order.
    pub vertices: Vec<TrailVertex>,
    /// Triangle vertex indices.
    pub indices: Vec<u32>,
    /// Changes whenever the slot is rebuilt (see the module docs).
    pub version: u64,
}

impl TrailMeshSlot {
    fn new(mesh: &TrailMesh) -> TrailMeshSlot {
        TrailMeshSlot {
            source: mesh.clone(),
            vertices: TrailVertex::of_mesh(mesh),
            indices: mesh.triangles.clone(),
            version: NEXT_VERSION.fetch_add(1, Ordering::Relaxed),
        }
    }
}

/// The slots (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct TrailMeshes {
    slots: Vec<TrailMeshSlot>,
    used: usize,
}

impl TrailMeshes {
    /// Starts a frame: no slot in use (they stay for the next frame's systems).
    pub fn begin_frame(&mut self) {
        self.used = 0;
    }

    /// The slot of the frame's next trailed system, `mesh` (rebuilt when it held another).
    pub fn next(&mut self, mesh: &TrailMesh) -> u32 {
        let k = self.used;
        self.used += 1;
        match self.slots.get_mut(k) {
            Some(slot) if slot.source == *mesh => {}
            Some(slot) => *slot = TrailMeshSlot::new(mesh),
            None => self.slots.push(TrailMeshSlot::new(mesh)),
        }
        k as u32
    }

    /// Slot `k`.
    pub fn get(&self, k: u32) -> Option<&TrailMeshSlot> {
        self.slots.get(k as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sp_sim::behaviour::trail::Trail;

    #[test]
    fn a_slot_is_rebuilt_only_when_its_mesh_changes() {
        let mesh = |bones| {
            TrailMesh::new(&Trail {
                enabled: true,
                bones,
                ..Trail::default()
            })
        };
        let (a, b) = (mesh(4), mesh(8));
        let mut meshes = TrailMeshes::default();
        meshes.begin_frame();
        assert_eq!((meshes.next(&a), meshes.next(&b)), (0, 1));
        let (va, vb) = (
            meshes.get(0).unwrap().version,
            meshes.get(1).unwrap().version,
        );
        assert_ne!(va, vb);
        assert_eq!(meshes.get(1).unwrap().indices, b.triangles);
        assert_eq!(meshes.get(1).unwrap().vertices.len(), b.vertices.len());
        meshes.begin_frame();
        meshes.next(&a);
        meshes.next(&b);
        assert_eq!(meshes.get(0).unwrap().version, va, "same mesh: kept");
        assert_eq!(meshes.get(1).unwrap().version, vb);
        // The first system's trail removed: slot 0 now holds the other mesh, a new version.
        meshes.begin_frame();
        assert_eq!(meshes.next(&b), 0);
        let v = meshes.get(0).unwrap().version;
        assert!(v != va && v != vb);
        assert!(meshes.get(2).is_none());
    }
}
