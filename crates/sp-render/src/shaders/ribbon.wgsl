// Trail ribbons: indexed triangles whose vertices the CPU skinned (sp_sim::sim::trail), each with
// its atlas coordinates, layer and straight-alpha tint. Output is premultiplied like sprites:
// texel (premultiplied at upload) * (rgb * a, a).

@group(1) @binding(0) var atlas: texture_2d_array<f32>;
@group(1) @binding(1) var atlas_sampler: sampler;

struct RibbonIn {
    @location(0) position: vec2<f32>,
    @location(1) uv: vec2<f32>,
    @location(2) layer: u32,
    @location(3) color: vec4<f32>,
};

struct RibbonOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) @interpolate(flat) layer: u32,
    @location(2) tint: vec4<f32>,
};

@vertex
fn vs_ribbon(v: RibbonIn) -> RibbonOut {
    var out: RibbonOut;
    out.clip = vec4<f32>(scene_to_clip(v.position), 0.5, 1.0);
    out.uv = v.uv;
    out.layer = v.layer;
    out.tint = vec4<f32>(v.color.rgb * v.color.a, v.color.a);
    return out;
}

@fragment
fn fs_ribbon(v: RibbonOut) -> @location(0) vec4<f32> {
    let texel = textureSample(atlas, atlas_sampler, v.uv, v.layer);
    return texel * v.tint;
}
