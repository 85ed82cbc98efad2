//! Painter's order for instanced clip drawing: instances are batched in *waves*.
//!
//! Instance `i` goes to wave `1 + max(wave j)` over the earlier instances `j` whose scene-space
//! bounding boxes overlap (or touch) its own, else to wave 0; waves are drawn in order. Two
//! instances of one wave never overlap, so within a wave instances of the same clip and layout
//! can be drawn by one instanced draw per draw range in any order, while a later instance that
//! overlaps an earlier one is still drawn entirely after it. A box that is not finite overlaps
//! everything.
//!
//! Cost: the boxes are bucketed in a uniform grid of about `√n × √n` cells over their union
//! (a counting sort, no per-cell allocation); each instance is tested only against the earlier
//! instances sharing one of its cells, so non-overlapping scenes cost O(n). Boxes covering more
//! than [`MAX_CELLS`] cells are tested against every earlier instance instead.

/// Scene-space axis-aligned box `[min_x, min_y, max_x, max_y]`.
pub type SceneBox = [f32; 4];

/// Largest number of grid cells a box is bucketed into (larger boxes are tested linearly).
pub const MAX_CELLS: usize = 16;

const MAX_GRID: usize = 64;

fn finite(b: &SceneBox) -> bool {
    b.iter().all(|v| v.is_finite())
}

/// Whether two boxes overlap or touch (a non-finite box overlaps everything).
pub fn boxes_overlap(a: &SceneBox, b: &SceneBox) -> bool {
    if !finite(a) || !finite(b) {
        return true;
    }
    a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
}

/// Reusable buffers of [`assign_waves`].
#[derive(Debug, Default)]
pub struct WaveScratch {
    cells_of: Vec<[u32; 4]>,
    large: Vec<bool>,
    starts: Vec<u32>,
    entries: Vec<u32>,
}

/// Writes the wave of every box into `waves` (see the module docs).
pub fn assign_waves(boxes: &[SceneBox], scratch: &mut WaveScratch, waves: &mut Vec<u32>) {
    let n = boxes.len();
    waves.clear();
    waves.resize(n, 0);
    if n < 2 {
        return;
    }
    let mut union = [
        f32::INFINITY,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NEG_INFINITY,
    ];
    for b in boxes.iter().filter(|b| finite(b)) {
        union = [
            union[0].min(b[0]),
            union[1].min(b[1]),
            union[2].max(b[2]),
            union[3].max(b[3]),
        ];
    }
    let g = (n as f64).sqrt().ceil().clamp(1.0, MAX_GRID as f64) as usize;
    let size = |lo: f32, hi: f32| {
        let s = (hi - lo) / g as f32;
        if s.is_finite() && s > 0.0 { s } else { 1.0 }
    };
    let (cw, ch) = (size(union[0], union[2]), size(union[1], union[3]));
    let cell = |v: f32, lo: f32, s: f32| (((v - lo) / s).floor().max(0.0) as usize).min(g - 1);

    // Cells of every box; large or non-finite boxes are not bucketed.
    let s = scratch;
    s.cells_of.clear();
    s.large.clear();
    s.starts.clear();
    s.starts.resize(g * g + 1, 0);
    for b in boxes {
        let c = if finite(b) {
            [
                cell(b[0], union[0], cw),
                cell(b[1], union[1], ch),
                cell(b[2], union[0], cw),
                cell(b[3], union[1], ch),
            ]
        } else {
            [0, 0, g - 1, g - 1]
        };
        let covered = (c[2] - c[0] + 1) * (c[3] - c[1] + 1);
        let large = !finite(b) || covered > MAX_CELLS;
        if !large {
            for y in c[1]..=c[3] {
                for x in c[0]..=c[2] {
                    s.starts[y * g + x + 1] += 1;
                }
            }
        }
        s.cells_of.push(c.map(|v| v as u32));
        s.large.push(large);
    }
    for i in 1..s.starts.len() {
        s.starts[i] += s.starts[i - 1];
    }
    s.entries.clear();
    s.entries.resize(s.starts[g * g] as usize, 0);
    let mut fill = s.starts.clone();
    for (i, c) in s.cells_of.iter().enumerate() {
        if s.large[i] {
            continue;
        }
        for y in c[1] as usize..=c[3] as usize {
            for x in c[0] as usize..=c[2] as usize {
                let at = &mut fill[y * g + x];
                s.entries[*at as usize] = i as u32;
                *at += 1;
            }
        }
    }
    // Large boxes, in order, are tested by every later instance.
    let large_list: Vec<u32> = (0..n as u32).filter(|&i| s.large[i as usize]).collect();

    for i in 0..n {
        let b = &boxes[i];
        let mut wave = 0u32;
        let consider = |j: usize, wave: &mut u32| {
            if boxes_overlap(b, &boxes[j]) {
                *wave = (*wave).max(waves[j] + 1);
            }
        };
        if s.large[i] {
            for j in 0..i {
                consider(j, &mut wave);
            }
        } else {
            let c = s.cells_of[i];
            for y in c[1] as usize..=c[3] as usize {
                for x in c[0] as usize..=c[2] as usize {
                    let cell = y * g + x;
                    let list = &s.entries[s.starts[cell] as usize..s.starts[cell + 1] as usize];
                    for &j in list.iter().take_while(|&&j| (j as usize) < i) {
                        consider(j as usize, &mut wave);
                    }
                }
            }
            for &j in large_list.iter().take_while(|&&j| (j as usize) < i) {
                consider(j as usize, &mut wave);
            }
        }
        waves[i] = wave;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waves(boxes: &[SceneBox]) -> Vec<u32> {
        let mut out = Vec::new();
        assign_waves(boxes, &mut WaveScratch::default(), &mut out);
        out
    }

    fn brute(boxes: &[SceneBox]) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for (i, b) in boxes.iter().enumerate() {
            let w = (0..i)
                .filter(|&j| boxes_overlap(b, &boxes[j]))
                .map(|j| out[j] + 1)
                .max()
                .unwrap_or(0);
            out.push(w);
        }
        out
    }

    fn square(x: f32, y: f32, s: f32) -> SceneBox {
        [x, y, x + s, y + s]
    }

    #[test]
    fn separate_instances_share_wave_zero() {
        let grid: Vec<SceneBox> = (0..200)
            .map(|i| square((i % 15) as f32 * 10.0, (i / 15) as f32 * 10.0, 9.0))
            .collect();
        assert!(waves(&grid).iter().all(|&w| w == 0));
    }

    #[test]
    fn an_overlapping_later_instance_goes_after_the_earlier_one() {
        // A overlaps B, B overlaps C, A does not overlap C: a chain of three waves.
        let chain = [
            square(0.0, 0.0, 10.0),
            square(8.0, 0.0, 10.0),
            square(16.0, 0.0, 10.0),
        ];
        assert_eq!(waves(&chain), vec![0, 1, 2]);
        // Two separate boxes, then one over both: after both.
        let over = [
            square(0.0, 0.0, 5.0),
            square(20.0, 0.0, 5.0),
            [2.0, 2.0, 22.0, 3.0],
        ];
        assert_eq!(waves(&over), vec![0, 0, 1]);
        // A later box that overlaps only the first returns to wave 1 even after a wave 2.
        let back = [
            square(0.0, 0.0, 10.0),
            square(5.0, 0.0, 10.0),
            square(9.0, 0.0, 10.0),
            square(0.0, 9.0, 2.0),
        ];
        assert_eq!(waves(&back), vec![0, 1, 2, 1]);
        // Touching counts as overlapping; a NaN box overlaps everything.
        assert_eq!(
            waves(&[square(0.0, 0.0, 1.0), square(1.0, 0.0, 1.0)]),
            vec![0, 1]
        );
        let nan = [
            square(0.0, 0.0, 1.0),
            [f32::NAN; 4],
            square(50.0, 50.0, 1.0),
        ];
        assert_eq!(waves(&nan), vec![0, 1, 2]);
    }

    #[test]
    fn the_grid_gives_the_same_waves_as_testing_every_pair() {
        let mut seed = 0x2545_f491_u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            (seed % 10_000) as f32 / 10.0
        };
        for n in [2, 3, 17, 100, 400] {
            let boxes: Vec<SceneBox> = (0..n)
                .map(|i| {
                    let (x, y) = (next(), next());
                    // Mostly small boxes, some huge ones (tested linearly), one NaN.
                    let s = if i % 23 == 7 { 600.0 } else { next() / 20.0 };
                    if i == n / 2 && n > 50 {
                        [f32::NAN, 0.0, 1.0, 1.0]
                    } else {
                        square(x, y, s)
                    }
                })
                .collect();
            let got = waves(&boxes);
            assert_eq!(got, brute(&boxes), "{n} boxes");
            if n >= 100 {
                assert!(
                    got.iter().any(|&w| w > 1),
                    "{n} boxes have overlaps to test"
                );
            }
        }
    }
}
