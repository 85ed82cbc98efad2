// Shared by every scene shader: the view block (see view.rs, ViewUniform).
struct ViewUniform {
    // (pan.x, pan.y, kx, ky): clip = (p - pan) * k
    pan_scale: vec4<f32>,
    // (width px, height px, device px per scene px, grid spacing in scene px)
    viewport: vec4<f32>,
    grid_color: vec4<f32>,
    axis_color: vec4<f32>,
};

@group(0) @binding(0) var<uniform> view: ViewUniform;

fn scene_to_clip(p: vec2<f32>) -> vec2<f32> {
    return (p - view.pan_scale.xy) * view.pan_scale.zw;
}
