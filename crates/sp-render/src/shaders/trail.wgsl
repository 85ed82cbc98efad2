// Trail ribbons skinned on the GPU (see trail_skin.rs): one instanced draw per system's trails,
// the vertices the system's trail mesh (bind, image coordinates, colour along the trail), the
// instance one trail (first chain word, atlas layer, width, tint, atlas rectangle).
// The chains live in the trail data texture (R32Uint, one word per texel, row-major, rows
// continuing on the next array layer; textureLoad only, so it works on WebGL2 too): bone k of a
// trail is words chain + 5 k .. + 5: x, y, cos, sin, chord length (f32 bit patterns).
// Position: with a = width * y, the sum over the vertex's one or two influences, in order, of
// weight * (P + along * t + a * n), along = length * x, t = (cos, sin), n = (-sin, cos)
// (sp_sim's TrailMesh::skin in f32). Output is premultiplied like sprites:
// texel (premultiplied at upload) * (rgb * a, a), tint = instance colour * colour along.

@group(1) @binding(0) var atlas: texture_2d_array<f32>;
@group(1) @binding(1) var atlas_sampler: sampler;

@group(2) @binding(0) var trail_data: texture_2d_array<u32>;

struct TrailIn {
    @location(0) uv: vec2<f32>,
    @location(1) along_color: vec4<f32>,
    @location(2) x: vec2<f32>,
    @location(3) weight: vec2<f32>,
    @location(4) y: f32,
    @location(5) bones: u32,
    @location(6) chain_layer: vec2<u32>,
    @location(7) width: f32,
    @location(8) color: vec4<f32>,
    @location(9) uv_rect: vec4<f32>,
};

struct TrailOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) @interpolate(flat) layer: u32,
    @location(2) tint: vec4<f32>,
};

fn trail_word(i: u32, size: vec2<u32>) -> f32 {
    let row = i / size.x;
    return bitcast<f32>(textureLoad(trail_data, vec2<u32>(i % size.x, row % size.y), row / size.y, 0).x);
}

// weight * (P + along * t + a * n) of the bone whose words start at `at`.
fn bone_term(at: u32, size: vec2<u32>, x: f32, weight: f32, across: f32) -> vec2<f32> {
    let px = trail_word(at, size);
    let py = trail_word(at + 1u, size);
    let c = trail_word(at + 2u, size);
    let s = trail_word(at + 3u, size);
    let along = trail_word(at + 4u, size) * x;
    return vec2<f32>(weight * (px + along * c - across * s), weight * (py + along * s + across * c));
}

@vertex
fn vs_trail(v: TrailIn) -> TrailOut {
    let size = textureDimensions(trail_data);
    let across = v.width * v.y;
    let chain = v.chain_layer.x;
    var p = bone_term(chain + (v.bones & 0xffffu) * 5u, size, v.x.x, v.weight.x, across);
    let second = v.bones >> 16u;
    if (second != 0xffffu) {
        p = p + bone_term(chain + second * 5u, size, v.x.y, v.weight.y, across);
    }
    var out: TrailOut;
    out.clip = vec4<f32>(scene_to_clip(p), 0.5, 1.0);
    out.uv = v.uv_rect.xy + (v.uv_rect.zw - v.uv_rect.xy) * v.uv;
    out.layer = v.chain_layer.y;
    let tint = v.color * v.along_color;
    out.tint = vec4<f32>(tint.rgb * tint.a, tint.a);
    return out;
}

@fragment
fn fs_trail(v: TrailOut) -> @location(0) vec4<f32> {
    let texel = textureSample(atlas, atlas_sampler, v.uv, v.layer);
    return texel * v.tint;
}
