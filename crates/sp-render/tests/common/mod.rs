//! The off-screen harness of the pixel tests: a renderer on wgpu's GL backend over Mesa's
//! llvmpipe (EGL, surfaceless: no display, no GPU), one at a time, and a frame's pixels read back
//! by scene point.
#![allow(dead_code)] // Each test file uses the parts it needs.

use std::sync::{Mutex, MutexGuard};

use sp_render::clips::ClipTopology;
use sp_render::{ClipInstance, FrameReport, Gpu, Renderer, SpriteBatch, View};

/// The topology of one quad at the start of a clip: 4 vertices, 6 indices.
pub const ONE_QUAD: ClipTopology = ClipTopology {
    first_vertex: 0,
    vertex_count: 4,
    first_index: 0,
    index_count: 6,
};

/// Side of the square off-screen frame, pixels.
pub const SIZE: u32 = 64;
/// One rasteriser at a time: EGL contexts on several test threads gain nothing.
static GL: Mutex<()> = Mutex::new(());

/// Holds the rasteriser for one test (a panicking test does not poison the others).
pub fn gl_lock() -> MutexGuard<'static, ()> {
    GL.lock().unwrap_or_else(|e| e.into_inner())
}

/// A renderer on Mesa's software GL, `SIZE`² pixels, no grid, black background, scene origin at
/// the centre.
pub fn gl_renderer() -> Renderer {
    let gpu = pollster::block_on(Gpu::open_headless(
        wgpu::Backends::GL,
        wgpu::BackendOptions::default(),
        SIZE,
        SIZE,
    ))
    .unwrap_or_else(|e| {
        panic!(
            "pixel tests need Mesa's software GL through EGL (Debian: libegl-mesa0, libgl1-mesa-dri): {e}"
        )
    });
    let mut r = Renderer::with_gpu(gpu);
    r.set_view(View {
        width_px: SIZE,
        height_px: SIZE,
        ..View::default()
    });
    r.set_grid(false);
    r.set_background([0.0, 0.0, 0.0]);
    r
}

/// Renders `instances`; returns the report and the pixel (RGBA 0..1) at a scene point.
pub fn render(
    r: &mut Renderer,
    instances: &[ClipInstance],
) -> (FrameReport, impl Fn(f32, f32) -> [f32; 4] + use<>) {
    let report = r
        .render(&SpriteBatch::default(), instances)
        .expect("render");
    assert!(report.presented);
    assert_eq!(r.take_gpu_error(), None);
    let (w, h, rgba) = r.read_offscreen_rgba().expect("read back the frame");
    assert_eq!((w, h), (SIZE, SIZE));
    let px = move |x: f32, y: f32| {
        let px = (x + SIZE as f32 / 2.0).floor() as usize;
        let py = (y + SIZE as f32 / 2.0).floor() as usize;
        let o = (py * SIZE as usize + px) * 4;
        std::array::from_fn(|i| f32::from(rgba[o + i]) / 255.0)
    };
    (report, px)
}

/// RGB within 2.5/255 of `want`.
pub fn assert_rgb(got: [f32; 4], want: [f32; 4], what: &str) {
    let close = (0..3).all(|i| (got[i] - want[i]).abs() <= 2.5 / 255.0);
    assert!(close, "{what}: got {got:?}, expected rgb {want:?}");
}
