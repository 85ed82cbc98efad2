//! The canvas as a [`RenderTarget`], able to replace itself with a fresh clone.
//!
//! A canvas keeps the first kind of context it hands out (`webgpu` or `webgl2`), so when WebGPU
//! touched it and then failed, [`RenderTarget::renew`] puts a fresh clone (same attributes, same
//! place in the DOM, same pixel size) in its place; `Editor.canvas()` returns the current one.

use std::cell::RefCell;
use std::rc::Rc;

use sp_render::RenderTarget;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

/// Shared handle on the editor's current canvas.
#[derive(Clone, Debug)]
pub struct CanvasTarget {
    canvas: Rc<RefCell<HtmlCanvasElement>>,
}

impl CanvasTarget {
    /// Wraps a canvas.
    pub fn new(canvas: HtmlCanvasElement) -> CanvasTarget {
        CanvasTarget {
            canvas: Rc::new(RefCell::new(canvas)),
        }
    }

    /// The current canvas element.
    pub fn canvas(&self) -> HtmlCanvasElement {
        self.canvas.borrow().clone()
    }
}

impl RenderTarget for CanvasTarget {
    fn create_surface(
        &mut self,
        instance: &wgpu::Instance,
    ) -> Result<wgpu::Surface<'static>, String> {
        instance
            .create_surface(wgpu::SurfaceTarget::Canvas(self.canvas()))
            .map_err(|e| format!("cannot create a surface on the canvas ({e})"))
    }

    fn size_px(&self) -> (u32, u32) {
        let c = self.canvas.borrow();
        (c.width().max(1), c.height().max(1))
    }

    fn renew(&mut self) -> Result<(), String> {
        let old = self.canvas();
        let fresh = old
            .clone_node()
            .map_err(|_| "cannot clone the canvas".to_string())?
            .dyn_into::<HtmlCanvasElement>()
            .map_err(|_| "the canvas clone is not a canvas".to_string())?;
        fresh.set_width(old.width());
        fresh.set_height(old.height());
        if old.parent_node().is_some() {
            old.replace_with_with_node_1(&fresh)
                .map_err(|_| "cannot put the fresh canvas in the page".to_string())?;
        }
        *self.canvas.borrow_mut() = fresh;
        Ok(())
    }
}
