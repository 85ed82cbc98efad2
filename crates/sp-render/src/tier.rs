//! Which GPU backend drives the renderer.

/// The backend the renderer runs on, decided once when the renderer is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GpuTier {
    /// The browser's WebGPU (`navigator.gpu`).
    WebGpu,
    /// WebGL2 through wgpu's GLES backend (the fallback).
    WebGl2,
    /// Anything else wgpu offers natively (tests, tools).
    Native,
}

impl GpuTier {
    /// Display name used by the UI's status bar: `WebGPU`, `WebGL2` or `Native`.
    pub fn name(self) -> &'static str {
        match self {
            GpuTier::WebGpu => "WebGPU",
            GpuTier::WebGl2 => "WebGL2",
            GpuTier::Native => "Native",
        }
    }
}

/// What the caller asks for when creating the renderer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TierPreference {
    /// WebGPU when the browser gives an adapter, else WebGL2.
    Auto,
    /// WebGPU only (an error when unavailable).
    WebGpu,
    /// WebGL2 only.
    WebGl2,
}

impl TierPreference {
    /// Parses `auto`, `webgpu` or `webgl2` (case-insensitive).
    pub fn parse(text: &str) -> Option<TierPreference> {
        match text.to_ascii_lowercase().as_str() {
            "auto" | "" => Some(TierPreference::Auto),
            "webgpu" => Some(TierPreference::WebGpu),
            "webgl2" | "webgl" => Some(TierPreference::WebGl2),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_preferences_and_names_tiers() {
        assert_eq!(
            TierPreference::parse("WebGL2"),
            Some(TierPreference::WebGl2)
        );
        assert_eq!(TierPreference::parse("auto"), Some(TierPreference::Auto));
        assert_eq!(
            TierPreference::parse("webgpu"),
            Some(TierPreference::WebGpu)
        );
        assert_eq!(TierPreference::parse("vulkan"), None);
        assert_eq!(GpuTier::WebGpu.name(), "WebGPU");
        assert_eq!(GpuTier::WebGl2.name(), "WebGL2");
    }
}
