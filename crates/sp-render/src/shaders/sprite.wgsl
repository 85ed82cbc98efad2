// Instanced particle quads. One instance per particle; 4 vertices (triangle strip) per quad.
// corner c in {0,1}^2; local = (c - anchor) * size; rotated clockwise on screen (y down):
//   x' = x cos r - y sin r, y' = x sin r + y cos r; scene = position + rotated.
// Output is premultiplied: texel (premultiplied at upload) * (rgb * a, a).

@group(1) @binding(0) var atlas: texture_2d_array<f32>;
@group(1) @binding(1) var atlas_sampler: sampler;

struct SpriteIn {
    @location(0) position: vec2<f32>,
    @location(1) size: vec2<f32>,
    @location(2) anchor: vec2<f32>,
    @location(3) rotation_rad: f32,
    @location(4) layer: u32,
    @location(5) uv_rect: vec4<f32>,
    @location(6) color: vec4<f32>,
};

struct SpriteOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) @interpolate(flat) layer: u32,
    @location(2) tint: vec4<f32>,
};

@vertex
fn vs_sprite(@builtin(vertex_index) vi: u32, s: SpriteIn) -> SpriteOut {
    let c = vec2<f32>(f32(vi & 1u), f32((vi >> 1u) & 1u));
    let local = (c - s.anchor) * s.size;
    let cs = cos(s.rotation_rad);
    let sn = sin(s.rotation_rad);
    let rotated = vec2<f32>(local.x * cs - local.y * sn, local.x * sn + local.y * cs);
    var out: SpriteOut;
    out.clip = vec4<f32>(scene_to_clip(s.position + rotated), 0.5, 1.0);
    out.uv = mix(s.uv_rect.xy, s.uv_rect.zw, c);
    out.layer = s.layer;
    out.tint = vec4<f32>(s.color.rgb * s.color.a, s.color.a);
    return out;
}

@fragment
fn fs_sprite(v: SpriteOut) -> @location(0) vec4<f32> {
    let texel = textureSample(atlas, atlas_sampler, v.uv, v.layer);
    return texel * v.tint;
}
