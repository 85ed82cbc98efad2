// Vertex-frame playback: frame i and frame i+1 arrive as two vertex streams; the vertex shader
// blends them: p = mix(a, b, blend). Quantised frames (unorm16) decode as
// p = bbox_min + q * bbox_extent (f32 frames use bbox_min = 0, bbox_extent = 1).
// model_to_clip already contains the model transform and the view.
// Colour: Spine's two-colour tint for premultiplied textures (see clip_draw.rs): for the
// premultiplied texel t, rgb = (t.a - t.rgb) * dark + t.rgb * light.rgb, alpha = t.a * light.a,
// with light and dark premultiplied by the draw's alpha on the CPU (dark = 0: plain tint).
// Lit clips (3D models) are shaded without stored normals: the face normal is
// n = normalize(cross(dpdx(p), dpdy(p))) of the model-space position, lit two-sided by a fixed
// model-space light L: rgb *= 0.45 + 0.55 * |n . L| (alpha untouched). Unlit clips (Spine
// skeletons) keep their colours as given.

@group(1) @binding(0) var atlas: texture_2d_array<f32>;
@group(1) @binding(1) var atlas_sampler: sampler;

struct ClipDrawUniform {
    model_to_clip: mat4x4<f32>,
    bbox_min: vec4<f32>,
    // xyz: extent, w: blend factor between the two frames
    bbox_extent_blend: vec4<f32>,
    // premultiplied light colour (material colour * tint)
    color: vec4<f32>,
    // premultiplied dark colour (rgb; w unused)
    dark: vec4<f32>,
    uv_rect: vec4<f32>,
    // x: atlas layer, y: 1 = lit
    layer: vec4<u32>,
};

@group(2) @binding(0) var<uniform> draw: ClipDrawUniform;

struct ClipOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) model_pos: vec3<f32>,
};

fn clip_vertex(a: vec3<f32>, b: vec3<f32>, uv: vec2<f32>) -> ClipOut {
    let q = mix(a, b, draw.bbox_extent_blend.w);
    let p = draw.bbox_min.xyz + q * draw.bbox_extent_blend.xyz;
    var out: ClipOut;
    out.clip = draw.model_to_clip * vec4<f32>(p, 1.0);
    out.model_pos = p;
    out.uv = mix(draw.uv_rect.xy, draw.uv_rect.zw, clamp(uv, vec2<f32>(0.0), vec2<f32>(1.0)));
    return out;
}

// f32 frames: Float32x3 per vertex.
@vertex
fn vs_clip_f32(
    @location(0) a: vec3<f32>,
    @location(1) b: vec3<f32>,
    @location(2) uv: vec2<f32>,
) -> ClipOut {
    return clip_vertex(a, b, uv);
}

// Quantised frames: Unorm16x4 per vertex (w unused).
@vertex
fn vs_clip_u16(
    @location(0) a: vec4<f32>,
    @location(1) b: vec4<f32>,
    @location(2) uv: vec2<f32>,
) -> ClipOut {
    return clip_vertex(a.xyz, b.xyz, uv);
}

@fragment
fn fs_clip(v: ClipOut) -> @location(0) vec4<f32> {
    let t = textureSample(atlas, atlas_sampler, v.uv, draw.layer.x);
    // Derivatives in uniform control flow, used only when lit.
    let n = cross(dpdx(v.model_pos), dpdy(v.model_pos));
    let len = length(n);
    var shade = 1.0;
    if (draw.layer.y != 0u && len > 0.0) {
        shade = 0.45 + 0.55 * abs(dot(n / len, normalize(vec3<f32>(0.35, 0.55, 0.75))));
    }
    let rgb = (vec3<f32>(t.a) - t.rgb) * draw.dark.rgb + t.rgb * draw.color.rgb;
    let c = vec4<f32>(rgb * shade, t.a * draw.color.a);
    if (c.a < 0.004) {
        discard;
    }
    return c;
}
