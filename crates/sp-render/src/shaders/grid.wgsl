// Full-screen grid: one triangle covering the canvas; each fragment finds its scene position
// scene = pan + (frag_px - size/2) / ppu * (1, 1) and draws a 1-device-pixel line: the pixel
// whose centre lies within [-1/2, 1/2) device pixel of a multiple of the spacing, so exactly one
// pixel when a line falls halfway between two pixel centres (a whole-number pan at zoom 1); axes
// (x = 0, y = 0) stronger. Output premultiplied (normal blending).

@vertex
fn vs_grid(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4<f32> {
    let x = f32(i32(vi & 1u) * 4 - 1);
    let y = f32(i32(vi >> 1u) * 4 - 1);
    return vec4<f32>(x, y, 0.5, 1.0);
}

// Whether `coord` is within [-1/2, 1/2) device pixel of a multiple of `spacing`. The signed
// remainder is a subtraction, exact when `coord` and the multiple are (a scaled fraction
// `t - round(t)` is not, and a tie at half a pixel then fell on either side, or on neither,
// line by line).
fn on_line(coord: f32, spacing: f32, ppu: f32) -> bool {
    let o = (coord - spacing * round(coord / spacing)) * ppu;
    return o >= -0.5 && o < 0.5;
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
    let on_x = on_line(scene.x, spacing, ppu);
    let on_y = on_line(scene.y, spacing, ppu);
    if (on_x || on_y) {
        let major = (on_x && on_line(scene.x, spacing * 5.0, ppu))
            || (on_y && on_line(scene.y, spacing * 5.0, ppu));
        if (major) {
            return view.grid_color * 1.8;
        }
        return view.grid_color;
    }
    return vec4<f32>(0.0);
}
