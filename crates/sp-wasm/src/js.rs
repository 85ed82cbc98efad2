//! The one place where a [`crate::Error`] becomes a JS value: an `Error` whose `message` is the
//! English sentence, with `code` (stable, e.g. `sim.field.aboveMax`) and `params` (an object of
//! named numbers and strings) set on it, so the UI can word it in its language. Every exported
//! function returns `Result<T, JsValue>` and converts with `?`.

use wasm_bindgen::JsValue;

use crate::error::Error;

impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        let d = e.diagnostic();
        let error = js_sys::Error::new(&d.message);
        let params = serde_json::to_string(&d.params)
            .ok()
            .and_then(|text| js_sys::JSON::parse(&text).ok())
            .unwrap_or_else(|| js_sys::Object::new().into());
        let _ = js_sys::Reflect::set(&error, &"code".into(), &d.code.as_str().into());
        let _ = js_sys::Reflect::set(&error, &"params".into(), &params);
        error.into()
    }
}
