//! Where the renderer draws, without knowing what it is (a browser canvas, a window, nothing).
//!
//! The wasm crate implements [`RenderTarget`] for an `HtmlCanvasElement`; tests render
//! off-screen and need no target.

/// A drawable target the renderer can create surfaces on.
pub trait RenderTarget {
    /// Creates a surface for `instance` on the target.
    ///
    /// # Errors
    /// A plain message when the target refuses (e.g. the canvas already holds another kind of
    /// context).
    fn create_surface(
        &mut self,
        instance: &wgpu::Instance,
    ) -> std::result::Result<wgpu::Surface<'static>, String>;

    /// Current size in device pixels.
    fn size_px(&self) -> (u32, u32);

    /// Replaces the target with a fresh one of the same size and place. Called after an attempt
    /// that touched the target failed: a canvas that has handed out a `webgpu` context can never
    /// give a `webgl2` one, and the reverse.
    ///
    /// # Errors
    /// A plain message when no fresh target can be made.
    fn renew(&mut self) -> std::result::Result<(), String>;
}
