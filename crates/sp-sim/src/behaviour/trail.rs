//! Trails (export spec §9): a ribbon behind each particle, drawn through the positions its head
//! went through, exported as a bone chain driving a weighted mesh.
//!
//! Per particle of age `a` (geometry in [`crate::sim::trail`]):
//! - **History**: candidate points at the fixed ages `k·Δ` (`Δ` = [`RECORD_INTERVAL_SECS`],
//!   rounded to whole grid steps on the integrated path, so the kept grid states *are* the
//!   candidates), in the particle's own space; candidate 0 (the birth position) is always
//!   recorded, a later one only when it lies at least `minMovePx` from the last recorded point.
//! - **Polyline**: the head (the particle's position now) followed by the recorded points older
//!   than `a`, newest first; `lengthMode: "secs"` keeps the points younger than `a − lengthSecs`
//!   and ends at the point of age `a − lengthSecs` interpolated linearly in age between its two
//!   recorded neighbours (or at the birth point while `a < lengthSecs`); `"points"` keeps the
//!   newest `lengthPoints` recorded points. Local-space polylines are carried into the scene
//!   with the system's transform of now, like the particles.
//! - **Chain**: `N = bones` nodes `P₀ … P_{N−1}` at equal arc lengths along the polyline, `P₀`
//!   the head. Bone `j < N − 1` sits at `P_j` and points at `P_{j+1}` (direction `θ_j`, chord
//!   length `ℓ_j`); the tail bone repeats the last chord's direction and length. A zero chord
//!   takes the direction of the nearest non-zero chord towards the head, then towards the tail,
//!   then the direction opposite to the particle's velocity.
//! - **Width**: every bone has the vertical scale `σ = widthPx · f`, `f` the particle's size
//!   now (the mean of its scene `|scaleX|` and `|scaleY|`) when `widthBySize`, else 1 (times
//!   the system's mean scale in Local space). The shape along the trail (`widthCurve`, head → tail)
//!   is in the mesh's bind pose.
//! - **Mesh**: a grid of `gridCols` quads along (0: `2·(N − 1)`, rounded up to a multiple of the
//!   tile count) by `gridRows` across; vertex `(s, c)` with `s ∈ [0, 1]` head → tail and
//!   `c ∈ [−½, ½]` across sits on chain parameter `q = s·(N − 1)` and is skinned (linear blend)
//!   on its two nearest bones, bone centres at `j + ½` (the tail bone's at `N − 1`), weights
//!   linear between centres and summing to 1, in bone `k`'s frame at `(q − k, c·widthCurve(s))`
//!   (x in chord lengths, y in widths): its position is
//!   `Σ_k w_k·(P_k + ℓ_k·(q − k)·t_k + σ·c·widthCurve(s)·n_k)` with `t_k` the bone's direction and
//!   `n_k` its normal (`t_k` turned 90° clockwise on screen).
//! - **Image**: `u` runs from the tail (0) to the head (1) once (`stretch`) or `tileCount` times
//!   (`tile`, a seam of duplicated vertices between tiles), `v = ½ − c` across (0 on the left
//!   of the direction of motion: bones point from the head back, so their normal `n_k` is on the
//!   motion's left): the image appears upright on a trail moving right;
//!   `uvRotationDeg` turns the image on the ribbon by 90° steps clockwise:
//!   `(u, v) → (v, 1 − u)` for 90, `(1 − u, 1 − v)` for 180, `(1 − v, u)` for 270.
//! - **Colour**: the trail slot's colour `colorOverLife(u)·alphaOverLife(u)` times the
//!   particle's own colour and alpha when `inheritColor` (`u` the particle's normalised life).
//!   `colorAlong` / `alphaAlong` (head → tail) tint the vertices of the preview only: a Spine
//!   mesh has one colour per slot, so the export warns and leaves them out (put such a fade into
//!   the trail image, e.g. `builtin:trail_fade`).
//!
//! A trail is shown while its particle is alive and visible (a fake-dead particle, a vanished
//! flipbook, shows none); a system draws its trails behind its particles.
//!
//! Channels (export): translate (chain root), rotate and scale (every chain bone), rgba and
//! attachment (the trail slot). Never a deform timeline.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Channel;
use crate::FieldIssue;
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::{curve, err, gradient, int, list_len, num, reference};
use crate::document::{BlendMode, Curve, CurveKey, Gradient};

/// Fewest bones in a trail chain.
pub const MIN_BONES: u32 = 2;
/// Most bones in a trail chain.
pub const MAX_BONES: u32 = 32;
/// Longest trail, seconds of history.
pub const MAX_LENGTH_SECS: f32 = 10.0;
/// Most recorded points a trail keeps (`lengthMode: "points"`).
pub const MAX_LENGTH_POINTS: u32 = 600;
/// Widest trail, pixels.
pub const MAX_WIDTH_PX: f32 = 4096.0;
/// Largest minimum movement between recorded points, pixels.
pub const MAX_MIN_MOVE_PX: f32 = 1000.0;
/// Most mesh rows across (`trailGridRows`).
pub const MAX_GRID_ROWS: u32 = 16;
/// Most mesh columns along (`trailGridCols`; 0 = automatic).
pub const MAX_GRID_COLS: u32 = 128;
/// Most image repeats along the trail (`textureMode: "tile"`).
pub const MAX_TILES: u32 = 32;
/// Most trail images.
pub const MAX_IMAGES: usize = 64;
/// Most points the histories of one system may hold (`maxParticles` × points per trail): a
/// hostile document must not exhaust memory.
pub const MAX_HISTORY_POINTS_PER_SYSTEM: u64 = 4_000_000;
/// Most mesh vertices one system's trails may draw (`maxParticles` × vertices per trail).
pub const MAX_VERTICES_PER_SYSTEM: u64 = 2_000_000;
/// Age between candidate points, seconds (rounded to whole grid steps on the integrated path).
pub const RECORD_INTERVAL_SECS: f64 = 1.0 / 60.0;

/// What `length` counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum LengthMode {
    /// Seconds of history (`lengthSecs`).
    #[default]
    Secs,
    /// Recorded points (`lengthPoints`).
    Points,
}

/// Which trail image a particle's trail shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ImagePick {
    /// One image per particle, picked at random (from the system seed and the spawn serial).
    #[default]
    Random,
    /// The image with the particle's own texture index (its picked image or flipbook frame),
    /// modulo the number of trail images: switches with the particle's flipbook.
    Particle,
}

/// How the image covers the trail's length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum TextureMode {
    /// Once over the whole length.
    #[default]
    Stretch,
    /// `tileCount` times.
    Tile,
}

/// A system's trail settings (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Trail {
    /// Trails on.
    pub enabled: bool,
    /// Whether the length is seconds or points.
    pub length_mode: LengthMode,
    /// Seconds of history (`lengthMode: "secs"`), above 0.
    pub length_secs: f32,
    /// Recorded points (`lengthMode: "points"`), at least 1.
    pub length_points: u32,
    /// Bones per trail (chain nodes), `2..=32`.
    pub bones: u32,
    /// Width, scene pixels.
    pub width_px: f32,
    /// Width multiplier along the trail, head (`t = 0`) to tail (`t = 1`); empty: 1.
    pub width_curve: Curve,
    /// Width multiplied by the particle's size now.
    pub width_by_size: bool,
    /// Colour over the particle's life.
    pub color_over_life: Gradient,
    /// Alpha over the particle's life, 0..1 (empty: 1).
    pub alpha_over_life: Curve,
    /// Multiply by the particle's own colour and alpha.
    pub inherit_color: bool,
    /// Colour along the trail, head to tail (preview only, see the module docs; empty: white).
    #[serde(skip_serializing_if = "is_empty_gradient")]
    #[ts(as = "Option<Gradient>", optional)]
    pub color_along: Gradient,
    /// Alpha along the trail, head to tail (preview only; empty: 1).
    #[serde(skip_serializing_if = "Curve::is_empty")]
    #[ts(as = "Option<Curve>", optional)]
    pub alpha_along: Curve,
    /// Trail images: built-ins as `builtin:NAME`, user images by relative path.
    pub images: Vec<String>,
    /// Which image a trail shows.
    pub image_pick: ImagePick,
    /// Turn of the image on the ribbon, degrees clockwise: 0, 90, 180 or 270.
    pub uv_rotation_deg: u32,
    /// Stretch or tile along the length.
    pub texture_mode: TextureMode,
    /// Repeats along the length in `tile` mode, `1..=32`.
    pub tile_count: u32,
    /// Mesh rows across (`trailGridRows`), `1..=16`.
    pub grid_rows: u32,
    /// Mesh columns along (`trailGridCols`), 0 = `2·(bones − 1)`, at most 128.
    pub grid_cols: u32,
    /// Least head movement before a new point is recorded, pixels (0: every candidate).
    pub min_move_px: f32,
    /// Blend mode of the trail slot; absent: the system's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub blend: Option<BlendMode>,
    /// Whether the particle's own sprite is still drawn (and exported).
    pub draw_particle: bool,
}

fn is_empty_gradient(g: &Gradient) -> bool {
    g.keys.is_empty()
}

impl Default for Trail {
    fn default() -> Self {
        Trail {
            enabled: false,
            length_mode: LengthMode::Secs,
            length_secs: 0.3,
            length_points: 20,
            bones: 8,
            width_px: 16.0,
            width_curve: Curve {
                keys: vec![CurveKey::linear(0.0, 1.0), CurveKey::linear(1.0, 0.0)],
            },
            width_by_size: false,
            color_over_life: Gradient { keys: Vec::new() },
            alpha_over_life: Curve { keys: Vec::new() },
            inherit_color: true,
            color_along: Gradient { keys: Vec::new() },
            alpha_along: Curve { keys: Vec::new() },
            images: vec!["builtin:trail".into()],
            image_pick: ImagePick::Random,
            uv_rotation_deg: 0,
            texture_mode: TextureMode::Stretch,
            tile_count: 1,
            grid_rows: 1,
            grid_cols: 0,
            min_move_px: 0.0,
            blend: None,
            draw_particle: true,
        }
    }
}

impl Trail {
    /// Export channels: the chain's translate, rotate and scale, the trail slot's colour and
    /// attachment.
    pub const CHANNELS: &'static [Channel] = &[
        Channel::Translate,
        Channel::Rotate,
        Channel::Scale,
        Channel::Rgba,
        Channel::Attachment,
    ];

    /// True for the default settings (left out of saved documents, so documents without
    /// trails save as before).
    pub fn is_default(&self) -> bool {
        *self == Trail::default()
    }

    /// Whether a trail is drawn and exported: enabled, with at least one image.
    pub fn is_active(&self) -> bool {
        self.enabled && !self.images.is_empty()
    }

    /// Whether the particle's sprite is drawn and exported.
    pub fn draws_particle(&self) -> bool {
        !self.is_active() || self.draw_particle
    }

    /// Bones per trail, clamped to `2..=32`.
    pub fn bone_count(&self) -> usize {
        self.bones.clamp(MIN_BONES, MAX_BONES) as usize
    }

    /// Tiles along the trail (1 in `stretch` mode).
    pub fn tiles(&self) -> u32 {
        match self.texture_mode {
            TextureMode::Stretch => 1,
            TextureMode::Tile => self.tile_count.clamp(1, MAX_TILES),
        }
    }

    /// Mesh columns (quads along): `gridCols` or `2·(N − 1)` when 0, rounded up to a multiple of
    /// the tile count.
    pub fn columns(&self) -> u32 {
        let n = self.bone_count() as u32;
        let cols = match self.grid_cols {
            0 => 2 * (n - 1),
            c => c.min(MAX_GRID_COLS),
        }
        .max(1);
        let tiles = self.tiles();
        cols.div_ceil(tiles) * tiles
    }

    /// Mesh rows (quads across).
    pub fn rows(&self) -> u32 {
        self.grid_rows.clamp(1, MAX_GRID_ROWS)
    }

    /// Vertices of one trail's mesh: `(columns + 1 + tiles − 1)·(rows + 1)`.
    pub fn vertex_count(&self) -> usize {
        ((self.columns() + self.tiles()) * (self.rows() + 1)) as usize
    }

    /// Most recorded points one particle's history keeps.
    pub fn history_capacity(&self) -> usize {
        match self.length_mode {
            LengthMode::Secs => {
                (f64::from(self.length_secs.max(0.0)) / RECORD_INTERVAL_SECS) as usize + 3
            }
            LengthMode::Points => self.length_points as usize + 2,
        }
    }

    /// Whether the preview-only colour along the trail is set (the export warns about it).
    pub fn has_color_along(&self) -> bool {
        self.color_along
            .keys
            .iter()
            .any(|k| k.color != crate::document::Rgb::WHITE)
            || !self.alpha_along.is_constant(1.0)
    }

    /// Checks the limits; `p` is the JSON path of the trail, `max_particles` the system's.
    pub fn validate(&self, p: &str, max_particles: u32) -> Result<()> {
        let at = |field: &str| format!("{p}.{field}");
        num(&at("lengthSecs"), self.length_secs, &f::TRAIL_LENGTH_SECS)?;
        if self.length_mode == LengthMode::Secs && self.length_secs <= 0.0 {
            // 0 is allowed by the schema for `lengthMode: "points"`, which ignores it.
            return Err(err(
                &at("lengthSecs"),
                FieldIssue::NotPositive {
                    value: f64::from(self.length_secs),
                    unit: " seconds",
                },
            ));
        }
        int(
            &at("lengthPoints"),
            self.length_points,
            &f::TRAIL_LENGTH_POINTS,
        )?;
        int(&at("bones"), self.bones, &f::TRAIL_BONES)?;
        num(&at("widthPx"), self.width_px, &f::TRAIL_WIDTH)?;
        curve(&at("widthCurve"), &self.width_curve, &f::TRAIL_WIDTH_CURVE)?;
        gradient(&at("colorOverLife"), &self.color_over_life)?;
        curve(
            &at("alphaOverLife"),
            &self.alpha_over_life,
            &f::TRAIL_ALPHA_OVER_LIFE,
        )?;
        gradient(&at("colorAlong"), &self.color_along)?;
        curve(&at("alphaAlong"), &self.alpha_along, &f::TRAIL_ALPHA_ALONG)?;
        list_len(&at("images"), self.images.len(), &f::TRAIL_IMAGES, "images")?;
        for (i, image) in self.images.iter().enumerate() {
            reference(&format!("{p}.images[{i}]"), image, &f::TRAIL_IMAGE)?;
        }
        if !matches!(self.uv_rotation_deg, 0 | 90 | 180 | 270) {
            return Err(err(
                &at("uvRotationDeg"),
                FieldIssue::NotAChoice {
                    value: self.uv_rotation_deg.to_string(),
                    choices: "0, 90, 180 or 270",
                },
            ));
        }
        int(&at("tileCount"), self.tile_count, &f::TRAIL_TILE_COUNT)?;
        int(&at("gridRows"), self.grid_rows, &f::TRAIL_GRID_ROWS)?;
        int(&at("gridCols"), self.grid_cols, &f::TRAIL_GRID_COLS)?;
        num(&at("minMovePx"), self.min_move_px, &f::TRAIL_MIN_MOVE)?;
        if self.enabled {
            let count = u64::from(max_particles) * self.history_capacity() as u64;
            if count > MAX_HISTORY_POINTS_PER_SYSTEM {
                return Err(err(
                    p,
                    FieldIssue::TrailHistoryTooLarge {
                        count,
                        limit: MAX_HISTORY_POINTS_PER_SYSTEM,
                    },
                ));
            }
            let count = u64::from(max_particles) * self.vertex_count() as u64;
            if count > MAX_VERTICES_PER_SYSTEM {
                return Err(err(
                    p,
                    FieldIssue::TrailMeshTooLarge {
                        count,
                        limit: MAX_VERTICES_PER_SYSTEM,
                    },
                ));
            }
        }
        Ok(())
    }
}
