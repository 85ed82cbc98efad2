//! Adapter, device and surface creation, with the WebGPU → WebGL2 fallback.
//!
//! Order for [`TierPreference::Auto`]: ask WebGPU for an adapter *without* touching the target
//! (no surface yet); only when one exists create the surface, the device and configure it. If any
//! step after the target was touched fails, the target is renewed ([`RenderTarget::renew`])
//! before WebGL2 is tried, because a canvas keeps the first kind of context it gave out.
//! WebGL2 needs the surface first (its adapter comes from the canvas's context).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::error::{Error, Result};
use crate::target::RenderTarget;
use crate::tier::{GpuTier, TierPreference};

/// Largest atlas page side the renderer will use, whatever the device allows.
pub const MAX_PAGE_PX: u32 = 4096;

/// An open device, its queue and (unless off-screen) the configured surface.
pub struct Gpu {
    /// Backend in use.
    pub tier: GpuTier,
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
    /// The surface, `None` off-screen.
    pub surface: Option<wgpu::Surface<'static>>,
    /// Surface configuration (size, format), also used off-screen.
    pub config: wgpu::SurfaceConfiguration,
    /// Largest 2D texture side.
    pub max_texture_px: u32,
    /// Largest number of texture array layers.
    pub max_layers: u32,
    /// Set by the device-lost callback.
    pub lost: Arc<AtomicBool>,
    /// Last uncaptured (validation) error message.
    pub last_error: Arc<Mutex<Option<String>>>,
    /// Why the preferred backend was not used (`None` when it was).
    pub fallback_reason: Option<String>,
}

impl std::fmt::Debug for Gpu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gpu")
            .field("tier", &self.tier)
            .finish_non_exhaustive()
    }
}

impl Gpu {
    /// Opens a device on `target` following `preference` (see the module docs).
    ///
    /// # Errors
    /// [`Error::NoRenderer`] listing why each allowed backend failed.
    pub async fn open(target: &mut dyn RenderTarget, preference: TierPreference) -> Result<Gpu> {
        let mut reasons = Vec::new();
        if preference != TierPreference::WebGl2 {
            match open_webgpu(target).await {
                Ok(gpu) => return Ok(gpu),
                Err((reason, touched)) => {
                    reasons.push(format!("WebGPU: {reason}"));
                    if touched && let Err(e) = target.renew() {
                        reasons.push(format!("fresh canvas: {e}"));
                        return Err(Error::NoRenderer(reasons.join("; ")));
                    }
                }
            }
        }
        if preference != TierPreference::WebGpu {
            match open_webgl2(target).await {
                Ok(mut gpu) => {
                    gpu.fallback_reason = (!reasons.is_empty()).then(|| reasons.join("; "));
                    return Ok(gpu);
                }
                Err(reason) => reasons.push(format!("WebGL2: {reason}")),
            }
        }
        Err(Error::NoRenderer(reasons.join("; ")))
    }

    /// Opens an off-screen device on the given native backends (tests: `Backends::NOOP`).
    ///
    /// # Errors
    /// [`Error::NoRenderer`] when no adapter or device is available.
    pub async fn open_headless(
        backends: wgpu::Backends,
        backend_options: wgpu::BackendOptions,
        width_px: u32,
        height_px: u32,
    ) -> Result<Gpu> {
        if wgpu::Instance::enabled_backend_features().is_empty() {
            return Err(Error::NoRenderer("this build has no GPU backend".into()));
        }
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
        desc.backends = backends;
        desc.backend_options = backend_options;
        let instance = wgpu::Instance::new(desc);
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions::default())
            .await
            .map_err(|e| Error::NoRenderer(e.to_string()))?;
        let format = wgpu::TextureFormat::Rgba8Unorm;
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            format,
            width: width_px.max(1),
            height: height_px.max(1),
            present_mode: wgpu::PresentMode::Fifo,
            desired_maximum_frame_latency: 2,
            alpha_mode: wgpu::CompositeAlphaMode::Opaque,
            view_formats: vec![],
            color_space: Default::default(),
        };
        finish(
            adapter,
            None,
            config,
            GpuTier::Native,
            wgpu::Limits::downlevel_webgl2_defaults(),
        )
        .await
        .map_err(Error::NoRenderer)
    }

    /// Reconfigures the surface for a new size in device pixels (clamped to 1..device limit).
    pub fn resize(&mut self, width_px: u32, height_px: u32) {
        let w = width_px.clamp(1, self.max_texture_px);
        let h = height_px.clamp(1, self.max_texture_px);
        if (w, h) == (self.config.width, self.config.height) {
            return;
        }
        self.config.width = w;
        self.config.height = h;
        if let Some(surface) = &self.surface {
            surface.configure(&self.device, &self.config);
        }
    }

    /// Whether the device was lost (the renderer must be rebuilt).
    pub fn is_lost(&self) -> bool {
        self.lost.load(Ordering::Relaxed)
    }

    /// Takes the last uncaptured GPU error, if any.
    pub fn take_error(&self) -> Option<String> {
        self.last_error.lock().ok().and_then(|mut e| e.take())
    }
}

/// WebGPU attempt; the error says whether the target was touched.
async fn open_webgpu(target: &mut dyn RenderTarget) -> std::result::Result<Gpu, (String, bool)> {
    if !wgpu::Instance::enabled_backend_features().contains(wgpu::Backends::BROWSER_WEBGPU) {
        return Err(("not compiled in".into(), false));
    }
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::BROWSER_WEBGPU;
    let instance = wgpu::Instance::new(desc);
    let adapter = instance
        .request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            ..Default::default()
        })
        .await
        .map_err(|e| (format!("no adapter ({e})"), false))?;
    let surface = target.create_surface(&instance).map_err(|e| (e, true))?;
    let config = surface_config(&surface, &adapter, target.size_px()).map_err(|e| (e, true))?;
    let limits = wgpu::Limits::downlevel_webgl2_defaults();
    finish(adapter, Some(surface), config, GpuTier::WebGpu, limits)
        .await
        .map_err(|e| (e, true))
}

/// WebGL2 attempt.
async fn open_webgl2(target: &mut dyn RenderTarget) -> std::result::Result<Gpu, String> {
    if !wgpu::Instance::enabled_backend_features().contains(wgpu::Backends::GL) {
        return Err("not compiled in".into());
    }
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::GL;
    let instance = wgpu::Instance::new(desc);
    let surface = target.create_surface(&instance)?;
    let adapter = instance
        .request_adapter(&wgpu::RequestAdapterOptions {
            compatible_surface: Some(&surface),
            ..Default::default()
        })
        .await
        .map_err(|e| format!("no adapter ({e})"))?;
    let config = surface_config(&surface, &adapter, target.size_px())?;
    let limits = wgpu::Limits::downlevel_webgl2_defaults();
    finish(adapter, Some(surface), config, GpuTier::WebGl2, limits).await
}

/// Surface configuration: a non-sRGB format (blending happens on the stored values, as in the
/// Spine runtimes), opaque canvas.
fn surface_config(
    surface: &wgpu::Surface<'static>,
    adapter: &wgpu::Adapter,
    (width, height): (u32, u32),
) -> std::result::Result<wgpu::SurfaceConfiguration, String> {
    let caps = surface.get_capabilities(adapter);
    let format = caps
        .formats
        .iter()
        .copied()
        .find(|f| !f.is_srgb())
        .or_else(|| caps.formats.first().copied())
        .ok_or_else(|| "the canvas offers no texture format".to_string())?;
    let alpha_mode = if caps.alpha_modes.contains(&wgpu::CompositeAlphaMode::Opaque) {
        wgpu::CompositeAlphaMode::Opaque
    } else {
        caps.alpha_modes
            .first()
            .copied()
            .unwrap_or(wgpu::CompositeAlphaMode::Auto)
    };
    Ok(wgpu::SurfaceConfiguration {
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
        format,
        width: width.max(1),
        height: height.max(1),
        present_mode: wgpu::PresentMode::Fifo,
        desired_maximum_frame_latency: 2,
        alpha_mode,
        view_formats: vec![],
        color_space: Default::default(),
    })
}

async fn finish(
    adapter: wgpu::Adapter,
    surface: Option<wgpu::Surface<'static>>,
    mut config: wgpu::SurfaceConfiguration,
    tier: GpuTier,
    base_limits: wgpu::Limits,
) -> std::result::Result<Gpu, String> {
    let adapter_limits = adapter.limits();
    // Ask for the adapter's texture sizes (atlas pages up to 4096) but WebGL2-level everything else.
    let mut limits = base_limits.using_resolution(adapter_limits.clone());
    limits.max_texture_array_layers = adapter_limits.max_texture_array_layers.min(256);
    let (device, queue) = adapter
        .request_device(&wgpu::DeviceDescriptor {
            label: Some("spineparticle"),
            required_features: wgpu::Features::empty(),
            required_limits: limits.clone(),
            ..Default::default()
        })
        .await
        .map_err(|e| format!("no device ({e})"))?;
    let lost = Arc::new(AtomicBool::new(false));
    let lost_flag = lost.clone();
    device.set_device_lost_callback(move |_, _| lost_flag.store(true, Ordering::Relaxed));
    let last_error = Arc::new(Mutex::new(None));
    let error_slot = last_error.clone();
    device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
        if let Ok(mut slot) = error_slot.lock() {
            *slot = Some(e.to_string());
        }
    }));
    let max_texture_px = limits.max_texture_dimension_2d.max(1);
    config.width = config.width.min(max_texture_px);
    config.height = config.height.min(max_texture_px);
    if let Some(surface) = &surface {
        surface.configure(&device, &config);
    }
    Ok(Gpu {
        tier,
        device,
        queue,
        surface,
        config,
        max_texture_px,
        max_layers: limits.max_texture_array_layers.max(1),
        lost,
        last_error,
        fallback_reason: None,
    })
}
