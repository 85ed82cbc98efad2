// Full-screen grid: one triangle covering the canvas; each fragment finds its scene position
// scene = pan + (frag_px - size/2) / ppu * (1, 1) and draws a 1-device-pixel line where the
// distance to the nearest multiple of the spacing is under half a pixel; axes (x = 0, y = 0)
// stronger. Output premultiplied (normal blending).

@vertex
fn vs_grid(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4<f32> {
    let x = f32(i32(vi & 1u) * 4 - 1);
    let y = f32(i32(vi >> 1u) * 4 - 1);
    return vec4<f32>(x, y, 0.5, 1.0);
}

fn line_distance_px(coord: f32, spacing: f32, ppu: f32) -> f32 {
    let t = coord / spacing;
    return abs(t - round(t)) * spacing * ppu;
}

@fragment
fn fs_grid(@builtin(position) frag: vec4<f32>) -> @location(0) vec4<f32> {
    let ppu = view.viewport.z;
    let spacing = view.viewport.w;
    let scene = view.pan_scale.xy + (frag.xy - 0.5 * view.viewport.xy) / ppu;
    let axis = min(abs(scene.x), abs(scene.y)) * ppu;
    if (axis < 0.75) {
        return view.axis_color;
    }
    let d = min(line_distance_px(scene.x, spacing, ppu), line_distance_px(scene.y, spacing, ppu));
    if (d < 0.5) {
        let major = min(
            line_distance_px(scene.x, spacing * 5.0, ppu),
            line_distance_px(scene.y, spacing * 5.0, ppu));
        if (major < 0.5) {
            return view.grid_color * 1.8;
        }
        return view.grid_color;
    }
    return vec4<f32>(0.0);
}
