//! CPU skinning of MS3D instances: the alternative that the playback benchmark
//! (`bench/bench-ms3d.ts`) measures the vertex-frame path against, in the same page and run.
//!
//! Per instance and frame, what a CPU-skinning player does before it can upload and draw:
//! the clip frame at the instance's time ([`sp_ms3d::Clip::frame_at`], looping), every joint's
//! animated matrix and every vertex's weighted blend ([`sp_ms3d::Rig::skin_into`], Hermite
//! position keys as the editor bakes them), into the instance's own position buffer. No upload
//! and no draw: a lower bound of a CPU-skinning renderer's frame, so the ratio errs in its favour.

use glam::Mat4;
use sp_ms3d::{Clip, Interp, Rig, model_clips, parse};

use super::arg;
use crate::error::Result;

/// A model and clip skinned on the CPU for any number of instances.
pub struct CpuSkinning {
    rig: Rig,
    clip: Clip,
    buffers: Vec<Vec<[f32; 3]>>,
    scratch: Vec<Mat4>,
    checksum: f64,
}

impl CpuSkinning {
    /// Parses `bytes` and takes clip `clip` (index into the model's clips).
    pub fn new(bytes: &[u8], clip: u32) -> Result<CpuSkinning> {
        let parsed = parse(bytes)?;
        let rig = Rig::new(&parsed.model)?;
        let clips = model_clips(&parsed.model, rig.last_key_frame());
        let count = clips.len();
        let clip = clips.into_iter().nth(clip as usize).ok_or_else(|| {
            arg(
                "clip",
                format!("{clip} is not below the clip count {count}"),
            )
        })?;
        Ok(CpuSkinning {
            rig,
            clip,
            buffers: Vec::new(),
            scratch: Vec::new(),
            checksum: 0.0,
        })
    }

    /// Skins instance `i` at clip-local time `times_secs[i]` (looping) into its buffer; returns
    /// the number of vertices skinned. Buffers are allocated on the first call with more
    /// instances (size the instances with an untimed call first).
    pub fn frame(&mut self, times_secs: &[f64]) -> Result<usize> {
        let n = self.rig.vertex_count();
        if self.buffers.len() < times_secs.len() {
            self.buffers.resize(times_secs.len(), vec![[0.0; 3]; n]);
        }
        for (&t, buf) in times_secs.iter().zip(self.buffers.iter_mut()) {
            let frame = self.clip.frame_at(t as f32, true);
            self.rig
                .skin_into(frame, Interp::Hermite, &mut self.scratch, buf)?;
            self.checksum += f64::from(buf.first().map_or(0.0, |v| v[0]));
        }
        Ok(n * times_secs.len())
    }

    /// Vertices of the model.
    pub fn vertex_count(&self) -> usize {
        self.rig.vertex_count()
    }

    /// Duration of the clip, seconds.
    pub fn duration_secs(&self) -> f64 {
        f64::from(self.clip.duration_secs())
    }

    /// Sum of the first skinned x of every instance and frame so far.
    pub fn checksum(&self) -> f64 {
        self.checksum
    }

    /// Skinned positions of instance `i` after the last [`CpuSkinning::frame`].
    pub fn positions(&self, i: usize) -> Option<&[[f32; 3]]> {
        self.buffers.get(i).map(Vec::as_slice)
    }
}

/// The JS class `Ms3dCpuSkinning` over [`CpuSkinning`].
#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::*;

    use super::CpuSkinning;

    /// JS: `new Ms3dCpuSkinning(bytes, clip)` (see [`CpuSkinning`]).
    #[wasm_bindgen]
    pub struct Ms3dCpuSkinning(CpuSkinning);

    #[wasm_bindgen]
    impl Ms3dCpuSkinning {
        /// Parses the model and takes clip `clip`; throws naming the section and byte offset.
        #[wasm_bindgen(constructor)]
        pub fn new(bytes: &[u8], clip: u32) -> Result<Ms3dCpuSkinning, JsValue> {
            Ok(CpuSkinning::new(bytes, clip).map(Ms3dCpuSkinning)?)
        }

        /// Skins every instance at its time; returns the vertices skinned.
        pub fn frame(&mut self, times_secs: &[f64]) -> Result<u32, JsValue> {
            let n = self.0.frame(times_secs)?;
            Ok(u32::try_from(n).unwrap_or(u32::MAX))
        }

        /// Vertices of the model.
        #[wasm_bindgen(js_name = vertexCount)]
        pub fn vertex_count(&self) -> u32 {
            u32::try_from(self.0.vertex_count()).unwrap_or(u32::MAX)
        }

        /// Duration of the clip, seconds.
        #[wasm_bindgen(js_name = durationSecs)]
        pub fn duration_secs(&self) -> f64 {
            self.0.duration_secs()
        }

        /// Sum of the first skinned x of every instance and frame so far.
        pub fn checksum(&self) -> f64 {
            self.0.checksum()
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub use js::Ms3dCpuSkinning;

#[cfg(test)]
mod tests {
    use super::*;
    use sp_ms3d::writer::{self, synth::synth_model};

    #[test]
    fn skins_each_instance_at_its_own_time_as_the_rig_does() -> Result<()> {
        let model = synth_model(12, 2);
        let bytes = writer::write(&model)?;
        let mut cpu = CpuSkinning::new(&bytes, 0)?;
        assert_eq!(cpu.vertex_count(), model.vertices.len());
        let times = [0.1, 0.5, 0.5 + cpu.duration_secs()];
        assert_eq!(cpu.frame(&times)?, 3 * model.vertices.len());
        let rig = Rig::new(&model)?;
        let clip = &model_clips(&model, rig.last_key_frame())[0];
        let mut want = vec![[0.0; 3]; rig.vertex_count()];
        rig.skin_into(
            clip.frame_at(0.5, true),
            Interp::Hermite,
            &mut Vec::new(),
            &mut want,
        )?;
        assert_eq!(cpu.positions(1), Some(want.as_slice()));
        // Looping: one period later is the same pose (up to the f32 time).
        let (a, b) = (
            cpu.positions(1).unwrap_or_default(),
            cpu.positions(2).unwrap_or_default(),
        );
        let worst = a
            .iter()
            .zip(b)
            .map(|(p, q)| (p[1] - q[1]).abs())
            .fold(0.0, f32::max);
        assert!(worst < 1e-3, "{worst}");
        assert_ne!(
            cpu.positions(0),
            cpu.positions(1),
            "different times, different poses"
        );
        assert!(cpu.checksum().is_finite());
        assert!(
            CpuSkinning::new(&bytes, 2).is_err(),
            "the strip has two clips"
        );
        assert!(CpuSkinning::new(&bytes[..100], 0).is_err());
        Ok(())
    }
}
