//! The 2D view: pan, zoom and canvas size → clip space.
//!
//! Scene coordinates are pixels with y down. With the canvas `W × H` device pixels, device pixel
//! ratio `r` and zoom `z` (CSS pixels per scene pixel), the scene point `pan` is at the canvas
//! centre and
//!
//! `clip.x = (x − pan.x) · 2·z·r / W`, `clip.y = −(y − pan.y) · 2·z·r / H`.

use bytemuck::{Pod, Zeroable};

/// Camera and canvas state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Scene x at the canvas centre.
    pub pan_x: f32,
    /// Scene y at the canvas centre.
    pub pan_y: f32,
    /// CSS pixels per scene pixel.
    pub zoom: f32,
    /// Canvas width in device pixels.
    pub width_px: u32,
    /// Canvas height in device pixels.
    pub height_px: u32,
    /// Device pixels per CSS pixel.
    pub device_pixel_ratio: f32,
}

impl Default for View {
    fn default() -> Self {
        View {
            pan_x: 0.0,
            pan_y: 0.0,
            zoom: 1.0,
            width_px: 1,
            height_px: 1,
            device_pixel_ratio: 1.0,
        }
    }
}

impl View {
    /// Device pixels per scene pixel.
    pub fn pixels_per_unit(&self) -> f32 {
        self.zoom * self.device_pixel_ratio
    }

    /// `(kx, ky)` such that `clip = (p − pan) · k` (see the module docs).
    pub fn clip_scale(&self) -> [f32; 2] {
        let ppu = self.pixels_per_unit();
        [
            2.0 * ppu / self.width_px.max(1) as f32,
            -2.0 * ppu / self.height_px.max(1) as f32,
        ]
    }

    /// Scene point to clip space (for tests and CPU-side checks).
    pub fn scene_to_clip(&self, x: f32, y: f32) -> [f32; 2] {
        let [kx, ky] = self.clip_scale();
        [(x - self.pan_x) * kx, (y - self.pan_y) * ky]
    }

    /// Grid spacing in scene pixels: the smallest of 1, 2, 5 × 10ⁿ that is at least 24 CSS pixels
    /// on screen.
    pub fn grid_spacing(&self) -> f32 {
        let min_scene = 24.0 / self.zoom.max(1e-6);
        let mut step = 1.0f32;
        while step < min_scene && step < 1e7 {
            for m in [2.0, 2.5, 2.0] {
                step *= m;
                if step >= min_scene {
                    break;
                }
            }
        }
        step
    }
}

/// The uniform block shared by all scene shaders (`view.wgsl`'s `ViewUniform`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Pod, Zeroable)]
pub struct ViewUniform {
    /// `(pan.x, pan.y, kx, ky)`.
    pub pan_scale: [f32; 4],
    /// `(W, H, pixels per scene unit, grid spacing)`.
    pub viewport: [f32; 4],
    /// Grid line colour, premultiplied.
    pub grid_color: [f32; 4],
    /// Axis line colour, premultiplied.
    pub axis_color: [f32; 4],
}

impl ViewUniform {
    /// Builds the block for `view`, with grid colours contrasting `background` (0..1 RGB).
    pub fn new(view: &View, background: [f32; 3]) -> ViewUniform {
        let [kx, ky] = view.clip_scale();
        let luma = 0.299 * background[0] + 0.587 * background[1] + 0.114 * background[2];
        let ink = if luma > 0.5 { 0.0 } else { 1.0 };
        let grid_a = 0.10;
        let axis_a = 0.28;
        ViewUniform {
            pan_scale: [view.pan_x, view.pan_y, kx, ky],
            viewport: [
                view.width_px as f32,
                view.height_px as f32,
                view.pixels_per_unit(),
                view.grid_spacing(),
            ],
            grid_color: [ink * grid_a, ink * grid_a, ink * grid_a, grid_a],
            axis_color: [ink * axis_a, ink * axis_a, ink * axis_a, axis_a],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pan_is_at_centre_and_y_points_down() {
        let v = View {
            pan_x: 100.0,
            pan_y: 50.0,
            zoom: 2.0,
            width_px: 800,
            height_px: 400,
            device_pixel_ratio: 1.0,
        };
        assert_eq!(v.scene_to_clip(100.0, 50.0), [0.0, 0.0]);
        // 200 scene px right at zoom 2 = 400 px = the right edge.
        assert_eq!(v.scene_to_clip(300.0, 50.0), [1.0, 0.0]);
        // y down in the scene is down on screen (negative clip y).
        assert_eq!(v.scene_to_clip(100.0, 150.0), [0.0, -1.0]);
    }

    #[test]
    fn grid_spacing_is_readable() {
        for zoom in [0.01f32, 0.1, 0.5, 1.0, 3.0, 40.0] {
            let v = View {
                zoom,
                ..View::default()
            };
            let s = v.grid_spacing();
            assert!(s * zoom >= 24.0 - 1e-3, "zoom {zoom}: spacing {s}");
            assert!(s * zoom < 24.0 * 2.6, "zoom {zoom}: spacing {s} too coarse");
        }
    }
}
