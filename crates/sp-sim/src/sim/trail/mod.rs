//! One trail geometry, shared by the preview, the `--dump` of the CLI and the exporter: a
//! particle's recorded points ([`history`]) → its polyline in the scene → `N` chain nodes and
//! bones ([`chain`]) → the mesh vertices by linear-blend skinning of the system's grid
//! ([`mesh`]). Formulas: [`crate::behaviour::trail`].
//!
//! The preview skins the chain ([`TrailFrame::nodes`] without their angles:
//! [`TrailDetail::Chain`], [`TrailFrame::width_px`]) with the
//! mesh's bind ([`TrailMesh`]) on the GPU (the renderer's `trail_skin`: [`TrailMesh::skin`]'s
//! formula in `f32`); [`TrailFrame::vertices`] is that skin on the CPU in `f64` (the CLI's
//! `--dump`, the state hash, tests). The export writes the same chain and bind, so the
//! runtime's skinning of the exported mesh lands on the preview's ribbon.

pub mod chain;
pub mod history;
pub mod mesh;

pub use chain::{ChainNode, build_chain};
pub use history::{History, Recorder, TrailPoint};
pub use mesh::{Influence, MeshVertex, TrailMesh, influences, rotate_uv};

use super::lookup::{CurveEval, GradientEval, clamp};
use super::particle::{Particle, ScenePose};
use crate::behaviour::trail::{ImagePick, RECORD_INTERVAL_SECS, Trail};
use crate::document::{BlendMode, ParticleSystem, SimulationSpace, Transform2D};

/// A system's trail settings prepared for the per-particle work.
#[derive(Clone, Debug, PartialEq)]
pub struct PreparedTrail {
    /// The settings.
    pub settings: Trail,
    /// The mesh every trail of the system uses.
    pub mesh: TrailMesh,
    /// Recording rules.
    pub recorder: Recorder,
    /// Grid steps between candidates on the integrated path.
    pub stride: u32,
    /// Blend mode of the trails.
    pub blend: BlendMode,
    color: GradientEval,
    alpha: CurveEval,
    seed: u32,
}

impl PreparedTrail {
    /// The prepared trail of `system` (`None` without an active trail); `integrated`: the
    /// system's motion is integrated on a grid of `substeps_per_sec` steps per second, and the
    /// candidates are every `round(substeps·Δ)`-th grid point.
    pub fn new(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        integrated: bool,
    ) -> Option<PreparedTrail> {
        let t = &system.trail;
        if !t.is_active() {
            return None;
        }
        let sps = f64::from(substeps_per_sec.max(1));
        let (stride, interval) = if integrated {
            let stride = (f64::round(sps * RECORD_INTERVAL_SECS) as u32).max(1);
            (stride, f64::from(stride) / sps)
        } else {
            (1, RECORD_INTERVAL_SECS)
        };
        Some(PreparedTrail {
            mesh: TrailMesh::new(t),
            recorder: Recorder {
                interval_secs: interval,
                min_move_px: f64::from(t.min_move_px.max(0.0)),
                mode: t.length_mode,
                length_secs: f64::from(t.length_secs.max(0.0)),
                length_points: t.length_points.max(1) as usize,
            },
            stride,
            blend: t.blend.unwrap_or(system.blend),
            color: GradientEval::new(&t.color_over_life),
            alpha: CurveEval::new(&t.alpha_over_life, 1.0),
            seed: system.seed,
            settings: t.clone(),
        })
    }

    /// The trail image a particle shows (index into the trail's `images`).
    pub fn image(&self, p: &Particle) -> Option<u16> {
        let n = self.settings.images.len() as u64;
        if n == 0 {
            return None;
        }
        let k = match self.settings.image_pick {
            ImagePick::Random => mix64((u64::from(self.seed) << 32) ^ p.serial) % n,
            ImagePick::Particle => u64::from(p.texture_index) % n,
        };
        Some(k as u16)
    }

    /// The trail slot's colour `[r, g, b, a]` of a particle (see the module formula of
    /// [`crate::behaviour::trail`]).
    pub fn color(&self, p: &Particle) -> [f32; 4] {
        let u = if p.lifetime_secs > 0.0 {
            clamp(p.age_secs / p.lifetime_secs, 0.0, 1.0)
        } else {
            1.0
        };
        let c = self.color.eval(u);
        let a = clamp(self.alpha.eval(u), 0.0, 1.0);
        let unit = |v: f32| if v.is_nan() { 0.0 } else { clamp(v, 0.0, 1.0) };
        if self.settings.inherit_color {
            [
                unit(c.r * p.color.r),
                unit(c.g * p.color.g),
                unit(c.b * p.color.b),
                unit(a * p.alpha),
            ]
        } else {
            [unit(c.r), unit(c.g), unit(c.b), unit(a)]
        }
    }
}

/// SplitMix64's finaliser: a well-mixed hash of `x`.
fn mix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// How much of a [`TrailFrame`] [`TrailFrame::compute`] forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrailDetail {
    /// The chain's nodes, unit chords and lengths, the width, colour and image: what the
    /// preview's GPU skinning reads. Each bone's `rotation_deg` is 0.
    Chain,
    /// The chain with each bone's `rotation_deg` (an `atan2` per bone): what the export writes.
    Angles,
    /// The chain with its angles and the mesh vertices skinned on the CPU (the CLI's `--dump`,
    /// the state hash, tests).
    Skinned,
}

/// One particle's trail at one time, scene space (pixels, y down, degrees clockwise).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrailFrame {
    /// The chain, head first.
    pub nodes: Vec<ChainNode>,
    /// Vertical scale of every bone: the trail's width in scene pixels.
    pub width_px: f64,
    /// Trail slot colour `[r, g, b, a]`, 0..1.
    pub color: [f32; 4],
    /// Trail image shown (index into the trail's `images`).
    pub image: Option<u16>,
    /// The mesh vertices, skinned (empty unless [`TrailDetail::Skinned`]).
    pub vertices: Vec<[f32; 2]>,
    polyline: Vec<[f64; 2]>,
    segments_px: Vec<f64>,
}

/// What [`TrailFrame::compute`] needs of the particle besides its history.
#[derive(Clone, Copy, Debug)]
pub struct TrailInput<'a> {
    /// The particle.
    pub particle: &'a Particle,
    /// Its scene pose now (the head).
    pub pose: ScenePose,
    /// Its age now, seconds (system time − birth, in `f64`).
    pub age_secs: f64,
    /// Its own velocity, particle space.
    pub velocity: [f64; 2],
    /// The system's space.
    pub space: SimulationSpace,
    /// The system's effective transform now.
    pub transform: &'a Transform2D,
}

impl TrailFrame {
    /// Computes the trail of `input` from `history` with the system's `trail` (see the module
    /// docs), as far as `detail` asks.
    pub fn compute(
        &mut self,
        trail: &PreparedTrail,
        history: &History,
        input: &TrailInput,
        detail: TrailDetail,
    ) {
        let p = input.particle;
        history.polyline(
            &trail.recorder,
            [f64::from(p.x), f64::from(p.y)],
            input.age_secs,
            &mut self.polyline,
        );
        // Into the scene: the head exactly where the particle is drawn.
        let local = input.space == SimulationSpace::Local;
        let t = input.transform;
        let (sin, cos) = {
            let rad = f64::from(t.rotation_deg).to_radians();
            libm::sincos(rad)
        };
        let (sx, sy) = (f64::from(t.scale_x), f64::from(t.scale_y));
        let map = |q: [f64; 2]| -> [f64; 2] {
            let (lx, ly) = (sx * q[0], sy * q[1]);
            [
                f64::from(t.x) + cos * lx - sin * ly,
                f64::from(t.y) + sin * lx + cos * ly,
            ]
        };
        if local {
            for q in self.polyline.iter_mut().skip(1) {
                *q = map(*q);
            }
        }
        self.polyline[0] = [f64::from(input.pose.x), f64::from(input.pose.y)];
        let [mut vx, mut vy] = input.velocity;
        if local {
            let (lx, ly) = (sx * vx, sy * vy);
            (vx, vy) = (cos * lx - sin * ly, sin * lx + cos * ly);
        }
        // Backwards along the velocity, asked for only when no chord has a direction.
        let fallback = || {
            if vx == 0.0 && vy == 0.0 {
                0.0
            } else {
                libm::atan2(-vy, -vx).to_degrees()
            }
        };
        build_chain(
            &self.polyline,
            trail.mesh.bones,
            fallback,
            detail != TrailDetail::Chain,
            &mut self.segments_px,
            &mut self.nodes,
        );
        let s = &trail.settings;
        let factor = if s.width_by_size {
            0.5 * (f64::from(input.pose.scale_x).abs() + f64::from(input.pose.scale_y).abs())
        } else if local {
            0.5 * (sx.abs() + sy.abs())
        } else {
            1.0
        };
        self.width_px = f64::from(s.width_px) * factor;
        self.color = trail.color(p);
        self.image = trail.image(p);
        if detail == TrailDetail::Skinned {
            trail
                .mesh
                .skin(&self.nodes, self.width_px, &mut self.vertices);
        } else {
            self.vertices.clear();
        }
    }
}
