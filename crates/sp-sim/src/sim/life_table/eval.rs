//! The over-life channels as a loop over many particles evaluates them ([`LifeEval`]): the
//! prepared channels, or their table alone with the particle's previous row as the guess.

use super::{LifeCurves, LifeValues, Table};

/// The over-life channels as a loop evaluates them: [`LifeCurves`] (the table or, for unsorted
/// keys, each channel alone) or its [`Table`] alone; the same values either way.
pub(in crate::sim) trait LifeEval {
    /// `write` applied to the channels at normalised life `u`; `hint` is the row of the last
    /// evaluation for the same particle, and the row of this one is returned.
    fn with_hint(&self, u: f32, hint: u32, write: impl FnOnce(LifeValues)) -> u32;
}

impl LifeEval for LifeCurves {
    #[inline(always)]
    fn with_hint(&self, u: f32, hint: u32, write: impl FnOnce(LifeValues)) -> u32 {
        LifeCurves::with(self, u, write);
        hint
    }
}

impl LifeEval for Table {
    #[inline(always)]
    fn with_hint(&self, u: f32, hint: u32, write: impl FnOnce(LifeValues)) -> u32 {
        // In WebAssembly the row's loads start from the guess `hint` instead of waiting for the
        // count of the key times below `u` (a chain of compares, a mask and a population count):
        // the count only confirms the guess, a branch the processor predicts, since a particle
        // changes rows a few times in its life. A wrong guess takes the out-of-line evaluation
        // at the counted row, so the values are those of `eval`. In Chromium the no-force step
        // took 0.92× the time with the guess (5 launches against the build without it; in Node
        // 20's older V8, 1.08×). Natively the row is counted first (`eval_scalar`).
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            let h = hint as usize;
            let j = self.row_of(u);
            if j != h {
                write(self.eval_row_cold(u, j));
                return j as u32;
            }
            write(self.eval_row(u, h));
            hint
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            write(self.eval(u));
            hint
        }
    }
}
