//! The ribbon index buffer uploads only what changed since the previous frame.
//!
//! A trail's triangles are the same every frame and a ribbon's indices only depend on where its
//! vertices start, so from one frame to the next the index list usually keeps a long common
//! prefix (all of it while the ribbons stay the same in number): only the part after the first
//! difference is written (a ribbon born or dead changes the end, or shifts what follows it).

/// What the GPU index buffer is known to hold, from its start.
#[derive(Debug, Default)]
pub(super) struct HeldIndices {
    held: Vec<u32>,
}

impl HeldIndices {
    /// Forgets what the buffer holds (a new buffer).
    pub(super) fn clear(&mut self) {
        self.held.clear();
    }

    /// The index of the first entry of `indices` the buffer does not hold already; from then
    /// on the buffer is taken to hold `indices` from its start (the caller writes
    /// `indices[first..]` at entry `first`; what it held past their end stays).
    pub(super) fn update(&mut self, indices: &[u32]) -> usize {
        let first = common_prefix(&self.held, indices);
        let end = indices.len();
        if first < end {
            if self.held.len() < end {
                self.held.resize(end, 0);
            }
            self.held[first..end].copy_from_slice(&indices[first..]);
        }
        first
    }
}

/// Length of the common prefix of `a` and `b`, compared in blocks of 64 entries whose XOR is
/// folded without an early exit (vector code in wasm; a slice comparison there is a byte loop).
fn common_prefix(a: &[u32], b: &[u32]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut start = 0;
    for (x, y) in a.chunks(BLOCK).zip(b.chunks(BLOCK)) {
        if x.iter().zip(y).fold(0, |acc, (p, q)| acc | (p ^ q)) != 0 {
            return start + x.iter().zip(y).take_while(|(p, q)| p == q).count();
        }
        start += x.len();
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_end_is_new() {
        let mut held = HeldIndices::default();
        let a: Vec<u32> = (0..1000).collect();
        assert_eq!(held.update(&a), 0, "an empty buffer holds nothing");
        assert_eq!(held.update(&a), 1000, "the same list: nothing to write");
        let mut b = a.clone();
        b[700] = 7;
        assert_eq!(held.update(&b), 700);
        assert_eq!(
            held.update(&b[..500]),
            500,
            "shorter: the buffer still holds it"
        );
        let longer: Vec<u32> = b.iter().copied().chain([5, 6]).collect();
        assert_eq!(
            held.update(&longer),
            1000,
            "the prefix was kept, the end is new"
        );
        let mut c = longer.clone();
        c[63] = 1;
        c[64] = 1;
        assert_eq!(held.update(&c), 63, "a difference at a block's end");
        held.clear();
        assert_eq!(held.update(&c), 0, "a new buffer holds nothing");
    }
}
