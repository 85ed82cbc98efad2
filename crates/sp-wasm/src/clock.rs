//! `performance.now()` from the window or a worker (core crates never read clocks).

use wasm_bindgen::JsCast;

/// Milliseconds from the page's (or worker's) time origin; 0 when there is no `performance`.
pub fn now_ms() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .filter(|p| !p.is_undefined())
        .map(|p| p.unchecked_into::<web_sys::Performance>().now())
        .unwrap_or(0.0)
}
