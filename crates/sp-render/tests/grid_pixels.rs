//! Pixels of the editor grid (`grid.wgsl`) on a real rasteriser (wgpu's GL backend on Mesa's
//! llvmpipe, as `clip_pixels.rs`): every grid line is one device pixel wide along its whole
//! length, exactly where the shader's rule puts it, at whole-number pans too. There a line falls
//! halfway between two pixel centres, and lines computed from a scaled fraction came out on
//! either side, or on neither, line by line: the grid showed only near the axes.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use sp_render::{SpriteBatch, View};

use common::{SIZE, gl_lock, gl_renderer};

/// What the grid draws at a device pixel: nothing, a grid line, or an axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ink {
    None,
    Line,
    Axis,
}

/// The shader's rule, in exact arithmetic: a pixel is on a line when its centre's scene
/// coordinate lies within [−½, ½) device pixel of a multiple of the spacing; on an axis within
/// ¾ device pixel of 0.
fn expected(view: &View, col: u32, row: u32) -> Ink {
    let ppu = f64::from(view.pixels_per_unit());
    let spacing = f64::from(view.grid_spacing());
    let scene = |pan: f32, px: u32, size: u32| {
        f64::from(pan) + (f64::from(px) + 0.5 - f64::from(size) / 2.0) / ppu
    };
    let x = scene(view.pan_x, col, view.width_px);
    let y = scene(view.pan_y, row, view.height_px);
    if x.abs().min(y.abs()) * ppu < 0.75 {
        return Ink::Axis;
    }
    let on = |c: f64| {
        let o = (c - spacing * (c / spacing).round()) * ppu;
        (-0.5..0.5).contains(&o)
    };
    if on(x) || on(y) { Ink::Line } else { Ink::None }
}

/// Renders the grid alone for `view`; returns what each pixel shows, row by row.
fn drawn(view: View) -> Vec<Vec<Ink>> {
    let mut r = gl_renderer();
    r.set_view(view);
    r.set_grid(true);
    let report = r.render(&SpriteBatch::default(), &[]).expect("render");
    assert!(report.presented);
    assert_eq!(r.take_gpu_error(), None);
    let (w, h, rgba) = r.read_offscreen_rgba().expect("read back the frame");
    assert_eq!((w, h), (SIZE, SIZE));
    (0..SIZE as usize)
        .map(|row| {
            (0..SIZE as usize)
                .map(|col| match rgba[(row * SIZE as usize + col) * 4] {
                    0..=10 => Ink::None,
                    11..=60 => Ink::Line,
                    _ => Ink::Axis,
                })
                .collect()
        })
        .collect()
}

#[test]
fn every_grid_line_is_one_pixel_wide_along_its_whole_length_at_whole_and_fractional_pans() {
    let _gl = gl_lock();
    let mut tied = 0;
    // Zoom ¼: lines every 100 scene px are 25 device px apart, so the 64-pixel frame holds
    // several; a whole-number pan puts some of them exactly halfway between pixel centres.
    for (pan_x, pan_y, zoom) in [
        (0.0, 0.0, 0.25),
        (3.0, -62.0, 0.25),
        (2.0, 2.0, 0.25),
        (0.5, 0.3, 0.25),
        (2.75, -62.19, 0.25),
        (0.0, 0.0, 1.0),
        (17.0, -40.0, 1.0),
    ] {
        let view = View {
            pan_x,
            pan_y,
            zoom,
            width_px: SIZE,
            height_px: SIZE,
            device_pixel_ratio: 1.0,
        };
        let got = drawn(view);
        let mut wrong = Vec::new();
        for row in 0..SIZE {
            for col in 0..SIZE {
                let want = expected(&view, col, row);
                if got[row as usize][col as usize] != want {
                    wrong.push((col, row, got[row as usize][col as usize], want));
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "pan ({pan_x}, {pan_y}) zoom {zoom}: {} of {} pixels differ from the rule, first {:?}",
            wrong.len(),
            SIZE * SIZE,
            &wrong[..wrong.len().min(6)]
        );
        // Count the pans whose lines fall halfway between pixel centres (the case at issue).
        let ppu = f64::from(view.pixels_per_unit());
        let spacing = f64::from(view.grid_spacing());
        let half = (0..SIZE).any(|col| {
            let x = f64::from(pan_x) + (f64::from(col) + 0.5 - f64::from(SIZE) / 2.0) / ppu;
            ((x - spacing * (x / spacing).round()) * ppu).abs() == 0.5
        });
        tied += usize::from(half);
        // Each vertical line away from the axis: one column, lit in every row off the axis and
        // the horizontal lines.
        let columns: Vec<u32> = (0..SIZE)
            .filter(|&col| (0..SIZE).all(|row| got[row as usize][col as usize] != Ink::None))
            .collect();
        for pair in columns.windows(2) {
            assert!(
                pair[1] - pair[0] > 1 || expected(&view, pair[0], 0) == Ink::Axis,
                "pan ({pan_x}, {pan_y}) zoom {zoom}: a line two pixels wide at columns {pair:?}"
            );
        }
    }
    assert!(
        tied >= 3,
        "the cases include lines halfway between pixel centres ({tied})"
    );
}
