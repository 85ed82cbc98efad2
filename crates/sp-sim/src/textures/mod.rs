//! Procedural built-in textures, referenced in documents as `builtin:NAME`.
//!
//! Each is a pure function of the pixel centre `(x + ½, y + ½)` mapped to `[−1, 1]²` (so they
//! are deterministic, identical natively and in wasm, and need no asset files). White RGB with
//! straight (not premultiplied) alpha `a(x, y)`; the particle colour tints them. With `r` the
//! distance from the centre:
//! - `soft_dot` (64²): `a = (1 − r²)²` inside the unit circle (smooth radial falloff);
//! - `spark` (64×16): a streak along +x, `a = (1 − |x|)^1.5 · e^{−(y/0.25)²}` with a hot core;
//! - `star` (64²): four sharp rays `e^{−|x·y|·40}·(1 − r)` plus a glow `e^{−(r/0.2)²}`;
//! - `ring` (64²): a band `e^{−((r − 0.7)/0.12)²}`;
//! - `smoke` (128²): a puff, `(1 − r²)^1.2` modulated by 4 octaves of value noise with a fixed
//!   seed, `a = puff·(0.5 + 0.8·noise)`;
//! - `trail` (64×32, for trails: `x` along, `y` across): `a = (1 − (y/0.95)²)²`, soft edges, even
//!   along;
//! - `trail_fade` (128×32): `a = (1 − (y/0.95)²)²·((x + 1)/2)^1.5`, opaque at the head (`x = 1`, the
//!   image's right side, `u = 1` on a trail) and fading to the tail.

mod noise;

/// An RGBA8 image, straight alpha, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Texture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width·height·4` bytes, R, G, B, A per pixel.
    pub rgba: Vec<u8>,
}

/// Names of the built-in textures (use as `builtin:NAME`).
pub const BUILTIN_NAMES: [&str; 7] = [
    "soft_dot",
    "spark",
    "star",
    "ring",
    "smoke",
    "trail",
    "trail_fade",
];

/// Prefix of built-in texture references in documents.
pub const BUILTIN_PREFIX: &str = "builtin:";

/// Generates the built-in texture `name` (without the `builtin:` prefix).
pub fn builtin(name: &str) -> Option<Texture> {
    let name = name.strip_prefix(BUILTIN_PREFIX).unwrap_or(name);
    match name {
        "soft_dot" => Some(render(64, 64, soft_dot)),
        "spark" => Some(render(64, 16, spark)),
        "star" => Some(render(64, 64, star)),
        "ring" => Some(render(64, 64, ring)),
        "smoke" => {
            let field = noise::ValueNoise::new(0x5350_4d4b);
            Some(render(128, 128, |x, y| smoke(&field, x, y)))
        }
        "trail" => Some(render(64, 32, |_, y| across(y))),
        "trail_fade" => Some(render(128, 32, |x, y| {
            across(y) * libm::pow(((x + 1.0) / 2.0).max(0.0), 1.5)
        })),
        _ => None,
    }
}

/// Size of a built-in texture without generating it.
pub fn builtin_size(name: &str) -> Option<(u32, u32)> {
    let name = name.strip_prefix(BUILTIN_PREFIX).unwrap_or(name);
    match name {
        "soft_dot" | "star" | "ring" => Some((64, 64)),
        "spark" => Some((64, 16)),
        "smoke" => Some((128, 128)),
        "trail" => Some((64, 32)),
        "trail_fade" => Some((128, 32)),
        _ => None,
    }
}

/// Fills a `w × h` white image whose alpha is `alpha(x, y)` at pixel centres in `[−1, 1]²`.
fn render(w: u32, h: u32, alpha: impl Fn(f64, f64) -> f64) -> Texture {
    let mut rgba = Vec::with_capacity((w * h * 4) as usize);
    for j in 0..h {
        for i in 0..w {
            let x = (f64::from(i) + 0.5) / f64::from(w) * 2.0 - 1.0;
            let y = (f64::from(j) + 0.5) / f64::from(h) * 2.0 - 1.0;
            let a = alpha(x, y).clamp(0.0, 1.0);
            rgba.extend_from_slice(&[255, 255, 255, (a * 255.0 + 0.5) as u8]);
        }
    }
    Texture {
        width: w,
        height: h,
        rgba,
    }
}

fn soft_dot(x: f64, y: f64) -> f64 {
    let r2 = x * x + y * y;
    if r2 >= 1.0 {
        0.0
    } else {
        (1.0 - r2) * (1.0 - r2)
    }
}

fn spark(x: f64, y: f64) -> f64 {
    let along = libm::pow((1.0 - x.abs()).max(0.0), 1.5);
    let across = libm::exp(-(y / 0.25) * (y / 0.25));
    let core = libm::exp(-(y / 0.08) * (y / 0.08)) * 0.5;
    along * (across + core)
}

fn star(x: f64, y: f64) -> f64 {
    let r = libm::hypot(x, y);
    let rays = libm::exp(-(x * y).abs() * 40.0) * (1.0 - r).max(0.0);
    let glow = libm::exp(-(r / 0.2) * (r / 0.2));
    rays + glow
}

fn ring(x: f64, y: f64) -> f64 {
    let d = (libm::hypot(x, y) - 0.7) / 0.12;
    libm::exp(-d * d)
}

/// Soft profile across a trail: `(1 − (y/0.95)²)²` (zero at the image's edge rows).
fn across(y: f64) -> f64 {
    let r = y / 0.95;
    let k = (1.0 - r * r).max(0.0);
    k * k
}

fn smoke(field: &noise::ValueNoise, x: f64, y: f64) -> f64 {
    let r2 = x * x + y * y;
    if r2 >= 1.0 {
        return 0.0;
    }
    let puff = libm::pow(1.0 - r2, 1.2);
    puff * (0.5 + 0.8 * field.fractal((x + 1.0) * 3.0, (y + 1.0) * 3.0, 4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_exists_with_its_declared_size() {
        for name in BUILTIN_NAMES {
            let t = builtin(name).expect(name);
            assert_eq!(Some((t.width, t.height)), builtin_size(name));
            assert!(t.width <= 128 && t.height <= 128);
            assert_eq!(t.rgba.len(), (t.width * t.height * 4) as usize);
            let alphas: Vec<u8> = t.rgba.chunks(4).map(|p| p[3]).collect();
            assert!(alphas.iter().any(|&a| a > 200), "{name} has an opaque part");
            assert_eq!(alphas[0], 0, "{name} corner is transparent");
            assert_eq!(builtin(&format!("builtin:{name}")), Some(t));
        }
        assert_eq!(builtin("nope"), None);
    }

    #[test]
    fn generation_is_deterministic() {
        let hash = |t: &Texture| {
            let mut h = crate::sim::Fnv64::default();
            h.write(&t.rgba);
            h.finish()
        };
        let smoke = builtin("smoke").expect("smoke");
        assert_eq!(hash(&smoke), hash(&builtin("smoke").expect("smoke")));
    }
}
