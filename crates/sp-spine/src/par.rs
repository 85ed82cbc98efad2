//! Ordered parallel map: the export's independent pieces of work (one life's samples, one
//! bone's timelines) spread over rayon's work-stealing pool when the `parallel` feature is on
//! and the caller asks for it, or run one after the other on the calling thread.
//!
//! The results come back in index order either way, and each piece is computed by the same
//! code from the same inputs, so the export is the same bytes with or without threads (the
//! wasm module, built without the feature, and the CLI, built with it, are compared byte for
//! byte by the tests).

/// Whether work asked to run `parallel` can: the feature is compiled in and the caller asked
/// (a constant `false` without the feature, so the branches for the pool compile away in the
/// wasm module).
#[inline(always)]
pub(crate) fn enabled(parallel: bool) -> bool {
    cfg!(feature = "parallel") && parallel
}

/// `f(0), f(1), …, f(n − 1)` in that order, computed on rayon's pool when `parallel` (and the
/// crate's `parallel` feature) is on, else on the calling thread, in order.
pub(crate) fn map<T, F>(parallel: bool, n: usize, f: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize) -> T + Sync + Send,
{
    #[cfg(feature = "parallel")]
    if enabled(parallel) && n > 1 {
        use rayon::prelude::*;
        return (0..n).into_par_iter().map(f).collect();
    }
    #[cfg(not(feature = "parallel"))]
    let _ = parallel;
    (0..n).map(f).collect()
}

/// [`map`] over fallible pieces: the first error in index order, as the sequential loop would
/// return it (every piece may still have run).
pub(crate) fn try_map<T, E, F>(parallel: bool, n: usize, f: F) -> Result<Vec<T>, E>
where
    T: Send,
    E: Send,
    F: Fn(usize) -> Result<T, E> + Sync + Send,
{
    if !enabled(parallel) {
        return (0..n).map(f).collect();
    }
    map(parallel, n, f).into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_index_order() {
        for parallel in [false, true] {
            let v = map(parallel, 1000, |i| i * 3);
            assert_eq!(v, (0..1000).map(|i| i * 3).collect::<Vec<_>>());
        }
    }

    #[test]
    fn the_first_error_in_index_order_wins() {
        for parallel in [false, true] {
            let r: Result<Vec<usize>, usize> =
                try_map(parallel, 100, |i| if i % 30 == 29 { Err(i) } else { Ok(i) });
            assert_eq!(r, Err(29));
            assert_eq!(try_map::<_, (), _>(parallel, 3, Ok), Ok(vec![0, 1, 2]));
        }
    }
}
