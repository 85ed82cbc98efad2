//! Reduced keys of one channel group over a bone's runs (see the parent module): the forced
//! keys (attachment changes, collision events, abrupt turns), the stepped last key of every run
//! but the bone's last and of every sudden change, and the keys' JSON form.

use super::KeyMode;
use crate::bake::Run;
use crate::json::{CurveJson, Num, ValueKey, XyKey};
use crate::reduce::corners::abrupt_turns;
use crate::reduce::{ChannelSpec, Key, KeyCurve, RunBuffers, RunFrames, Timing, reduce_run_into};

/// What forces keys in a channel beyond the attachment changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::exporter) enum Forced {
    /// Nothing else (scale, colour).
    Attachments,
    /// Collision events: the frames before and after each (rotation).
    Impacts,
    /// Collision events and abrupt turns of the path (translation).
    ImpactsAndCorners,
}

/// Run-local frames around the collision events of `run` (§10.2, §12.4): an event between
/// frames `k − 1` and `k` forces keys at both.
fn impact_frames(run: &Run) -> impl Iterator<Item = usize> + '_ {
    (1..run.states.len())
        .filter(|&k| run.states[k].events != run.states[k - 1].events)
        .flat_map(|k| [k - 1, k])
}

/// Makes a linear key stepped where its value changes so fast to the next frame's key (a
/// bounce turning a spark aligned with its motion, the apex of a vertical throw) that the
/// runtime, already [`Timing::key_lag_secs`] past the key when it samples the key's own frame,
/// would be off the sample `samples[frame − start_frame]` by more than the tolerance (the lag's
/// share added to what the written value already differs): the next key holds the frame
/// after, and between the two frames the change is sudden anyway. A spark flipping by 100° or
/// more in one frame at a bounce or at 240 fps takes it.
fn step_sudden_keys<const N: usize>(
    keys: &mut [Key<N>],
    specs: &[ChannelSpec; N],
    timing: Timing,
    samples: &[[f64; N]],
    start_frame: u32,
) {
    for i in 0..keys.len().saturating_sub(1) {
        let (a, b) = (&keys[i], &keys[i + 1]);
        if b.frame != a.frame + 1 || a.curve != KeyCurve::Linear {
            continue;
        }
        let Some(sample) = a
            .frame
            .checked_sub(start_frame)
            .and_then(|k| samples.get(k as usize))
        else {
            continue;
        };
        let span = timing.key_time(b.frame) - timing.key_time(a.frame);
        if span <= 0.0 {
            continue;
        }
        let lag = timing.key_lag_secs(a.frame) / span;
        let err: [f64; N] =
            std::array::from_fn(|c| a.values[c] + (b.values[c] - a.values[c]) * lag - sample[c]);
        if !crate::reduce::within_tolerance(specs, &err) {
            keys[i].curve = KeyCurve::Stepped;
        }
    }
}

pub(super) fn channel_keys<const N: usize>(
    runs: &[Run],
    specs: &[ChannelSpec; N],
    mode: KeyMode,
    forced_by: Forced,
    value: impl Fn(&crate::bake::FrameState) -> [f64; N],
) -> (Vec<Key<N>>, usize) {
    run_keys(
        runs,
        specs,
        mode,
        forced_by,
        |run| run.states.iter().map(&value).collect(),
        |s| s.texture,
    )
}

/// Reduced keys of one channel group over `runs`: `samples(run)` gives a run's values frame by
/// frame, `switch` the attachment shown (a key is forced wherever it changes, §12.4); `forced_by`
/// says what else forces keys (the frames around collision events, abrupt turns of a
/// two-channel path). Returns the keys and the frames.
pub(in crate::exporter) fn run_keys<const N: usize>(
    runs: &[Run],
    specs: &[ChannelSpec; N],
    mode: KeyMode,
    forced_by: Forced,
    samples: impl Fn(&Run) -> Vec<[f64; N]>,
    switch: impl Fn(&crate::bake::FrameState) -> Option<u16>,
) -> (Vec<Key<N>>, usize) {
    let mut keys: Vec<Key<N>> = Vec::new();
    let mut frames = 0;
    let (mut forced, mut buffers) = (Vec::new(), RunBuffers::default());
    for (ri, run) in runs.iter().enumerate() {
        let samples: Vec<[f64; N]> = samples(run);
        frames += samples.len();
        let first = keys.len();
        if mode.reduce {
            // Forced keys (§12.4): every frame where the attachment shows, hides or switches;
            // for positions and rotations the frames around every collision event (§10.2), and
            // for positions every abrupt turn of the path.
            forced.clear();
            forced.extend(
                (1..run.states.len())
                    .filter(|&k| switch(&run.states[k]) != switch(&run.states[k - 1])),
            );
            if forced_by != Forced::Attachments {
                forced.extend(impact_frames(run));
            }
            if forced_by == Forced::ImpactsAndCorners && N == 2 {
                forced.extend(abrupt_turns(&samples, specs[0].tolerance));
            }
            forced.sort_unstable();
            forced.dedup();
            let frames = RunFrames {
                start_frame: run.start_frame,
                samples: &samples,
                forced: &forced,
                specs,
                mode: mode.curve,
                timing: mode.timing,
            };
            reduce_run_into(&mut keys, &mut buffers, &frames);
        } else {
            keys.extend(samples.iter().enumerate().map(|(k, s)| Key {
                frame: run.start_frame + k as u32,
                values: std::array::from_fn(|c| specs[c].quantize(s[c])),
                curve: KeyCurve::Linear,
            }));
        }
        let run_keys = &mut keys[first..];
        step_sudden_keys(run_keys, specs, mode.timing, &samples, run.start_frame);
        if ri + 1 < runs.len()
            && let Some(last) = run_keys.last_mut()
        {
            last.curve = KeyCurve::Stepped;
        }
    }
    (keys, frames)
}

pub(in crate::exporter) fn curve_json<const N: usize>(curve: &KeyCurve<N>) -> CurveJson {
    match curve {
        KeyCurve::Linear => CurveJson::Linear,
        KeyCurve::Stepped => CurveJson::Stepped,
        KeyCurve::Bezier(h) => CurveJson::Bezier(h.iter().flatten().map(|&v| Num(v)).collect()),
    }
}

pub(in crate::exporter) fn all_equal<const N: usize>(keys: &[Key<N>], default: [f64; N]) -> bool {
    keys.iter().all(|k| k.values == default)
}

/// One-channel keys (rotate) as JSON keys.
pub(in crate::exporter) fn value_keys(keys: &[Key<1>], time: impl Fn(u32) -> Num) -> Vec<ValueKey> {
    keys.iter()
        .map(|k| ValueKey {
            time: time(k.frame),
            value: Num(k.values[0]),
            curve: curve_json(&k.curve),
        })
        .collect()
}

/// Two-channel keys (translate, scale) as JSON keys.
pub(in crate::exporter) fn xy_keys(keys: &[Key<2>], time: impl Fn(u32) -> Num) -> Vec<XyKey> {
    keys.iter()
        .map(|k| XyKey {
            time: time(k.frame),
            x: Num(k.values[0]),
            y: Num(k.values[1]),
            curve: curve_json(&k.curve),
        })
        .collect()
}
