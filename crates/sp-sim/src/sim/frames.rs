//! Which image a particle shows: flipbook frame per mode, or a picked texture.
//!
//! Flipbook over `n` frames at `fps`, age `a`: `k = ⌊a·fps + 10⁻⁹⌋` (the tiny bias keeps exact
//! frame boundaries on the later frame whatever the step size), then
//! - once-vanish (单次-尾帧消失): frame `min(k, n−1)`, visible while `k < n` (fake death after);
//! - once-hold (单次-尾帧固定): frame `min(k, n−1)`, always visible;
//! - loop (正向循环): frame `k mod n`;
//! - reverse-loop (反向循环): frame `n − 1 − (k mod n)`.
//!
//! Without a flipbook the texture is fixed at birth: random pick `⌊u·n⌋` (clamped to `n − 1`) or
//! in-order pick `serial mod n`.

use crate::document::{FlipbookMode, TexturePick};

/// Frame index and visibility of a flipbook of `frames` frames (see the module formula).
#[inline]
pub fn flipbook_frame(mode: FlipbookMode, frames: u16, fps: f32, age_secs: f64) -> (u16, bool) {
    if frames == 0 {
        return (0, true);
    }
    let n = u64::from(frames);
    let k = flipbook_step(age_secs, fps);
    let last = n - 1;
    let (frame, visible) = match mode {
        FlipbookMode::OnceVanish => (k.min(last), k < n),
        FlipbookMode::OnceHold => (k.min(last), true),
        FlipbookMode::Loop => (k % n, true),
        FlipbookMode::ReverseLoop => (last - k % n, true),
    };
    // `frame < n ≤ u16::MAX`, so the conversion is lossless.
    (u16::try_from(frame).unwrap_or(u16::MAX), visible)
}

/// `⌊a·fps + 10⁻⁹⌋`, saturating at 0 for negative ages.
#[inline]
fn flipbook_step(age_secs: f64, fps: f32) -> u64 {
    let x = age_secs * f64::from(fps) + 1e-9;
    if x <= 0.0 { 0 } else { x as u64 }
}

/// Texture index fixed at birth without a flipbook (see the module formula).
pub fn picked_texture(pick: TexturePick, count: u16, u: f32, serial: u64) -> u16 {
    if count <= 1 {
        return 0;
    }
    match pick {
        TexturePick::Random => {
            let i = (u * f32::from(count)) as u16;
            i.min(count - 1)
        }
        TexturePick::InOrder => (serial % u64::from(count)) as u16,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn once_vanish_hides_after_the_last_frame() {
        // 4 frames at 10 fps: frames 0..3 over [0, 0.4), hidden from 0.4 on.
        assert_eq!(
            flipbook_frame(FlipbookMode::OnceVanish, 4, 10.0, 0.0),
            (0, true)
        );
        assert_eq!(
            flipbook_frame(FlipbookMode::OnceVanish, 4, 10.0, 0.25),
            (2, true)
        );
        assert_eq!(
            flipbook_frame(FlipbookMode::OnceVanish, 4, 10.0, 0.39),
            (3, true)
        );
        assert_eq!(
            flipbook_frame(FlipbookMode::OnceVanish, 4, 10.0, 0.4),
            (3, false)
        );
        assert_eq!(
            flipbook_frame(FlipbookMode::OnceVanish, 4, 10.0, 3.0),
            (3, false)
        );
    }

    #[test]
    fn once_hold_keeps_the_last_frame() {
        assert_eq!(
            flipbook_frame(FlipbookMode::OnceHold, 4, 10.0, 0.1),
            (1, true)
        );
        assert_eq!(
            flipbook_frame(FlipbookMode::OnceHold, 4, 10.0, 9.0),
            (3, true)
        );
    }

    #[test]
    fn loops_wrap_forward_and_backward() {
        let fwd: Vec<u16> = (0..9)
            .map(|i| flipbook_frame(FlipbookMode::Loop, 4, 10.0, f64::from(i) * 0.1).0)
            .collect();
        assert_eq!(fwd, [0, 1, 2, 3, 0, 1, 2, 3, 0]);
        let back: Vec<u16> = (0..9)
            .map(|i| flipbook_frame(FlipbookMode::ReverseLoop, 4, 10.0, f64::from(i) * 0.1).0)
            .collect();
        assert_eq!(back, [3, 2, 1, 0, 3, 2, 1, 0, 3]);
    }

    #[test]
    fn texture_picks() {
        assert_eq!(picked_texture(TexturePick::InOrder, 3, 0.9, 7), 1);
        assert_eq!(picked_texture(TexturePick::Random, 3, 0.999_999, 0), 2);
        assert_eq!(picked_texture(TexturePick::Random, 3, 0.34, 0), 1);
        assert_eq!(picked_texture(TexturePick::Random, 1, 0.9, 5), 0);
    }
}
