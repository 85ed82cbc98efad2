// Instanced vertex-frame playback. One draw = one draw range of one layout for a run of
// instances (see clip_pack.rs, clip_draw.rs, clip_waves.rs).
//
// Positions and colours live in the clip's data texture (R32Uint, one word per texel, row-major,
// rows continuing on the next array layer; textureLoad only, so it works on WebGL2 too):
// vertex v of frame f is words (frame_base[f] + v) * wpv .. + wpv, wpv = 3 (f32 bit patterns) or
// 2 (u16: x | y << 16, z; decoded as p = bbox_min + q / 65535 * bbox_extent); colour-table
// entry d is 8 words from color_base + 8 d: light rgba (straight), dark rgb, unused. The draw's
// position k in its frame's run of draws is info.z, or per vertex word(k_table + v) for merged
// draws (k_table != 0xffffffff).
// The instance gives frames a and b (first vertices), the position blend p = mix(a, b, w), the
// colour entries of both frames and their blend, the tint and model_to_clip (model transform and
// view). The index buffer's values are relative to the topology's first vertex, so
// vertex_index is v.
// Colour: Spine's two-colour tint for premultiplied textures (see clip_draw.rs): with
// a = light.a * tint.a, light' = (clamp(light.rgb * tint.rgb) * a, a), dark' = clamp(dark) * a,
// mixed between the two frames; for the premultiplied texel t,
// rgb = (t.a - t.rgb) * dark' + t.rgb * light'.rgb, alpha = t.a * light'.a (dark = 0: plain tint).
// Lit clips (3D models) are shaded without stored normals: the face normal is
// n = normalize(cross(dpdx(p), dpdy(p))) of the model-space position, lit two-sided by a fixed
// model-space light L: rgb *= 0.45 + 0.55 * |n . L| (alpha untouched). Unlit clips (Spine
// skeletons) keep their colours as given.

@group(1) @binding(0) var atlas: texture_2d_array<f32>;
@group(1) @binding(1) var atlas_sampler: sampler;

@group(2) @binding(0) var clip_data: texture_2d_array<u32>;

struct ClipDrawUniform {
    uv_rect: vec4<f32>,
    bbox_min: vec4<f32>,
    bbox_extent: vec4<f32>,
    // x: atlas layer, y: 1 = lit, z: position k of the range in its frame's draws,
    // w: words per vertex
    info: vec4<u32>,
    // x: first word of the colour table, y: first word of the layout's k table (or 0xffffffff),
    // z: texels per row of clip_data, w: rows per array layer
    color_base: vec4<u32>,
};

@group(3) @binding(0) var<uniform> draw: ClipDrawUniform;

struct ClipOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) model_pos: vec3<f32>,
    @location(2) @interpolate(flat) light: vec4<f32>,
    @location(3) @interpolate(flat) dark: vec3<f32>,
};

fn word(i: u32) -> u32 {
    let width = draw.color_base.z;
    let rows = draw.color_base.w;
    let row = i / width;
    return textureLoad(clip_data, vec2<u32>(i % width, row % rows), row / rows, 0).x;
}

fn fword(i: u32) -> f32 {
    return bitcast<f32>(word(i));
}

// Undecoded position of vertex `v` (f32: model units; u16: 0..1 of the bbox).
fn raw_position(v: u32) -> vec3<f32> {
    let wpv = draw.info.w;
    let at = v * wpv;
    if (wpv == 3u) {
        return vec3<f32>(fword(at), fword(at + 1u), fword(at + 2u));
    }
    let xy = word(at);
    let z = word(at + 1u);
    return vec3<f32>(f32(xy & 0xffffu), f32(xy >> 16u), f32(z & 0xffffu)) / 65535.0;
}

struct Colors {
    light: vec4<f32>,
    dark: vec3<f32>,
};

fn entry_colors(d: u32, tint: vec4<f32>) -> Colors {
    let at = draw.color_base.x + d * 8u;
    let light = vec4<f32>(fword(at), fword(at + 1u), fword(at + 2u), fword(at + 3u));
    let dark = vec3<f32>(fword(at + 4u), fword(at + 5u), fword(at + 6u));
    let a = clamp(light.a * tint.a, 0.0, 1.0);
    var out: Colors;
    out.light = vec4<f32>(clamp(light.rgb * tint.rgb, vec3<f32>(0.0), vec3<f32>(1.0)) * a, a);
    out.dark = clamp(dark, vec3<f32>(0.0), vec3<f32>(1.0)) * a;
    return out;
}

@vertex
fn vs_clip(
    @builtin(vertex_index) v: u32,
    @location(0) uv: vec2<f32>,
    @location(1) m0: vec4<f32>,
    @location(2) m1: vec4<f32>,
    @location(3) m2: vec4<f32>,
    @location(4) m3: vec4<f32>,
    @location(5) frames: vec4<u32>,
    @location(6) weights: vec4<f32>,
    @location(7) tint: vec4<f32>,
) -> ClipOut {
    // Frame b and its colours are read only when they are blended in.
    var q = raw_position(frames.x + v);
    if (weights.x != 0.0) {
        q = mix(q, raw_position(frames.y + v), weights.x);
    }
    let p = draw.bbox_min.xyz + q * draw.bbox_extent.xyz;
    var k = draw.info.z;
    if (draw.color_base.y != 0xffffffffu) {
        k = word(draw.color_base.y + v);
    }
    let ca = entry_colors(frames.z + k, tint);
    var cb = ca;
    if (weights.y != 0.0) {
        cb = entry_colors(frames.w + k, tint);
    }
    var out: ClipOut;
    out.clip = mat4x4<f32>(m0, m1, m2, m3) * vec4<f32>(p, 1.0);
    out.model_pos = p;
    out.uv = mix(draw.uv_rect.xy, draw.uv_rect.zw, clamp(uv, vec2<f32>(0.0), vec2<f32>(1.0)));
    out.light = mix(ca.light, cb.light, weights.y);
    out.dark = mix(ca.dark, cb.dark, weights.y);
    return out;
}

@fragment
fn fs_clip(v: ClipOut) -> @location(0) vec4<f32> {
    let t = textureSample(atlas, atlas_sampler, v.uv, draw.info.x);
    // Derivatives in uniform control flow, used only when lit.
    let n = cross(dpdx(v.model_pos), dpdy(v.model_pos));
    let len = length(n);
    var shade = 1.0;
    if (draw.info.y != 0u && len > 0.0) {
        shade = 0.45 + 0.55 * abs(dot(n / len, normalize(vec3<f32>(0.35, 0.55, 0.75))));
    }
    let rgb = (vec3<f32>(t.a) - t.rgb) * v.dark + t.rgb * v.light.rgb;
    let c = vec4<f32>(rgb * shade, t.a * v.light.a);
    if (c.a < 0.004) {
        discard;
    }
    return c;
}
