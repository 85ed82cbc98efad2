//! The `Editor`'s view and look: the canvas size, pan and zoom, the object outlines, grid and
//! background, and the images the particles draw (`resize`, `setView`, `setObjectOutlines`,
//! `setGrid`, `setBackground`, `addImage`, `removeImage`).

use sp_render::image::MAX_IMAGE_SIDE_PX;
use sp_sim::document::Rgb;
use wasm_bindgen::prelude::*;

use super::Editor;
use crate::error::{Error, finite};

#[wasm_bindgen]
impl Editor {
    /// Canvas size in CSS pixels and the device pixel ratio; sets the canvas's pixel size.
    pub fn resize(
        &self,
        css_width: f64,
        css_height: f64,
        device_pixel_ratio: f64,
    ) -> Result<(), JsValue> {
        let w = finite("cssWidth", css_width, Some(0.0))?;
        let h = finite("cssHeight", css_height, Some(0.0))?;
        let dpr = finite("devicePixelRatio", device_pixel_ratio, Some(0.1))?.min(8.0);
        let width_px = (w * dpr).round().clamp(1.0, 8192.0) as u32;
        let height_px = (h * dpr).round().clamp(1.0, 8192.0) as u32;
        let mut g = self.inner.borrow_mut();
        let canvas = g.target.canvas();
        if canvas.width() != width_px {
            canvas.set_width(width_px);
        }
        if canvas.height() != height_px {
            canvas.set_height(height_px);
        }
        g.view.width_px = width_px;
        g.view.height_px = height_px;
        g.view.device_pixel_ratio = dpr as f32;
        let view = g.view;
        g.renderer.set_view(view);
        g.view = g.renderer.view();
        Ok(())
    }

    /// The scene point `(panX, panY)` is drawn at the canvas centre, `zoom` CSS pixels per scene
    /// pixel (0.01..100).
    #[wasm_bindgen(js_name = setView)]
    pub fn set_view(&self, pan_x: f64, pan_y: f64, zoom: f64) -> Result<(), JsValue> {
        let x = finite("panX", pan_x, None)?;
        let y = finite("panY", pan_y, None)?;
        let z = finite("zoom", zoom, Some(f64::MIN_POSITIVE))?.clamp(0.01, 100.0);
        let mut g = self.inner.borrow_mut();
        g.view.pan_x = x as f32;
        g.view.pan_y = y as f32;
        g.view.zoom = z as f32;
        let view = g.view;
        g.renderer.set_view(view);
        Ok(())
    }

    /// Shows or hides the outlines of the scene's colliders and paths (on by default; each
    /// object's own eye still hides it).
    #[wasm_bindgen(js_name = setObjectOutlines)]
    pub fn set_object_outlines(&self, on: bool) {
        self.inner.borrow_mut().show_gizmos = on;
    }

    /// Shows or hides the grid.
    #[wasm_bindgen(js_name = setGrid)]
    pub fn set_grid(&self, on: bool) {
        self.inner.borrow_mut().renderer.set_grid(on);
    }

    /// Background colour `#rrggbb` (or `#rgb`).
    #[wasm_bindgen(js_name = setBackground)]
    pub fn set_background(&self, hex: &str) -> Result<(), JsValue> {
        let rgb = Rgb::parse_hex(hex).ok_or_else(|| Error::Argument {
            name: "background",
            reason: format!("`{hex}` is not a #rrggbb colour"),
        })?;
        self.inner
            .borrow_mut()
            .renderer
            .set_background([rgb.r, rgb.g, rgb.b]);
        Ok(())
    }

    /// Adds or replaces the image `path` (straight-alpha RGBA8, `width·height·4` bytes). Throws
    /// for an empty image, a side above 4096 px or a wrong byte length (checked before copying).
    #[wasm_bindgen(js_name = addImage)]
    pub fn add_image(
        &self,
        path: &str,
        width: u32,
        height: u32,
        rgba: &js_sys::Uint8Array,
    ) -> Result<(), JsValue> {
        let sides_ok =
            (1..=MAX_IMAGE_SIDE_PX).contains(&width) && (1..=MAX_IMAGE_SIDE_PX).contains(&height);
        let expected = u64::from(width) * u64::from(height) * 4;
        let actual = u64::from(rgba.length());
        let pixels = if sides_ok && actual == expected {
            rgba.to_vec()
        } else if !sides_ok {
            Vec::new()
        } else {
            return Err(Error::Render(sp_render::Error::BadImage {
                path: path.into(),
                reason: format!(
                    "{actual} bytes of pixel data, expected {expected} (= {width}×{height}×4 RGBA)"
                ),
            })
            .into());
        };
        self.inner
            .borrow_mut()
            .renderer
            .add_image(path, width, height, pixels)
            .map_err(|e| Error::from(e).into())
    }

    /// Forgets the image `path` (particles using it are no longer drawn).
    #[wasm_bindgen(js_name = removeImage)]
    pub fn remove_image(&self, path: &str) {
        self.inner.borrow_mut().renderer.remove_image(path);
    }
}
