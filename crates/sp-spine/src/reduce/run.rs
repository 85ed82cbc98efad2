//! Reducing one run of consecutive frames to keys (see the parent module for the formula): the
//! run is cut into pieces at its forced keys, and each piece's keys are chosen segment by
//! segment, the farthest linear one or, in Bézier mode, a Bézier one when it pays.

use super::{ChannelSpec, CurveMode, Key, KeyCost, KeyCurve, Piece, Timing, bezier, linear};

/// Reduces one run of consecutive frames starting at `start_frame`. The result starts with the
/// run's first frame and ends with its last; the last key's curve is `Linear` (the caller sets
/// `Stepped` when the next key belongs to another run).
pub fn reduce_run<const N: usize>(
    start_frame: u32,
    samples: &[[f64; N]],
    specs: &[ChannelSpec; N],
    mode: CurveMode,
    timing: Timing,
) -> Vec<Key<N>> {
    reduce_run_forced(start_frame, samples, &[], specs, mode, timing)
}

/// [`reduce_run`] with forced keys: every index in `forced` (sorted, inside the run) is a key and
/// no segment crosses it (export spec §12.4).
pub fn reduce_run_forced<const N: usize>(
    start_frame: u32,
    samples: &[[f64; N]],
    forced: &[usize],
    specs: &[ChannelSpec; N],
    mode: CurveMode,
    timing: Timing,
) -> Vec<Key<N>> {
    let mut keys = Vec::new();
    let run = RunFrames {
        start_frame,
        samples,
        forced,
        specs,
        mode,
        timing,
    };
    reduce_run_into(&mut keys, &mut RunBuffers::default(), &run);
    keys
}

/// One run of consecutive frames to reduce (the arguments of [`reduce_run_forced`]).
#[derive(Clone, Copy)]
pub struct RunFrames<'a, const N: usize> {
    /// Frame of the first sample.
    pub start_frame: u32,
    /// The samples, one per frame.
    pub samples: &'a [[f64; N]],
    /// Indices that must be keys (sorted, inside the run).
    pub forced: &'a [usize],
    /// The channels' tolerances and rounding.
    pub specs: &'a [ChannelSpec; N],
    /// Linear or Bézier keys.
    pub mode: CurveMode,
    /// The frames' times.
    pub timing: Timing,
}

/// Buffers [`reduce_run_into`] reuses from run to run.
#[derive(Default)]
pub struct RunBuffers {
    /// The run's stored key times ([`Piece::key_t`]).
    key_t: Vec<f64>,
    /// The run's evaluation times ([`Piece::eval_t`]).
    eval_t: Vec<f64>,
    /// The Bézier fits'.
    bezier: bezier::Scratch,
}

/// [`reduce_run_forced`] of `run`, appending the keys to `keys` (the caller's keys of earlier
/// runs: no vector per run), with `buffers` kept from earlier runs.
pub fn reduce_run_into<const N: usize>(
    keys: &mut Vec<Key<N>>,
    buffers: &mut RunBuffers,
    run: &RunFrames<'_, N>,
) {
    let n = run.samples.len();
    if n == 0 {
        return;
    }
    // The run's times, once for all its pieces (which share their end frames).
    let RunBuffers {
        key_t,
        eval_t,
        bezier: scratch,
    } = buffers;
    let frames = run.start_frame..run.start_frame + n as u32;
    key_t.clear();
    key_t.extend(frames.clone().map(|f| run.timing.stored_key_time(f)));
    eval_t.clear();
    eval_t.extend(frames.map(|f| run.timing.eval_time(f)));
    let cost = KeyCost::estimate(run.specs);
    // The first key is the first sample as written; every later key is chosen by its segment.
    let mut value: [f64; N] = std::array::from_fn(|c| run.specs[c].quantize(run.samples[0][c]));
    let mut from = 0usize;
    let ends = run
        .forced
        .iter()
        .copied()
        .filter(|&k| k > 0 && k + 1 < n)
        .chain([n - 1]);
    for to in ends {
        if to <= from {
            continue;
        }
        let piece = Piece {
            start_frame: run.start_frame + from as u32,
            samples: &run.samples[from..=to],
            specs: run.specs,
            timing: run.timing,
            key_t: &key_t[from..=to],
            eval_t: &eval_t[from..=to],
            pin_last: to == n - 1,
        };
        value = reduce_piece(&piece, value, run.mode, &cost, keys, scratch);
        from = to;
    }
    keys.push(Key {
        frame: run.start_frame + (n - 1) as u32,
        values: value,
        curve: KeyCurve::Linear,
    });
}

/// Keys of one piece but its last (whose written value is returned), starting from `value`.
fn reduce_piece<const N: usize>(
    piece: &Piece<'_, N>,
    mut value: [f64; N],
    mode: CurveMode,
    cost: &KeyCost,
    keys: &mut Vec<Key<N>>,
    scratch: &mut bezier::Scratch,
) -> [f64; N] {
    let n = piece.samples.len();
    let mut i = 0usize;
    while i + 1 < n {
        let (lin_j, lin_v) = linear::farthest(piece, i, &value);
        let mut chosen = (lin_j, lin_v, KeyCurve::Linear);
        if mode == CurveMode::Bezier && lin_j + 1 < n {
            // A Bézier key pays only when it costs fewer bytes per frame it covers.
            let from = i + (cost.bezier / cost.linear * (lin_j - i) as f64) as usize + 1;
            if let Some((j, v, handles)) = bezier::farthest(piece, i, &value, from, scratch) {
                chosen = (j, v, KeyCurve::Bezier(handles));
            }
        }
        keys.push(Key {
            frame: piece.start_frame + i as u32,
            values: value,
            curve: chosen.2,
        });
        i = chosen.0;
        value = chosen.1;
    }
    value
}
