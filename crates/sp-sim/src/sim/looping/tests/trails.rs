//! Trails of the copies: a copy carries its life's trail shifted by whole periods, and the
//! loop's last frame shows its first frame's trails.

use super::*;
use crate::sim::trail::TrailDetail;

fn trailed(mut s: ParticleSystem) -> ParticleSystem {
    s.trail.enabled = true;
    s.trail.images = vec!["builtin:trail_fade".into()];
    s.trail.length_secs = 0.4;
    s.trail.min_move_px = 0.5;
    s
}

/// A trail's chain (`x`, `y`, chord) and ribbon vertices as bit patterns.
type TrailBits = (Vec<[u64; 3]>, Vec<[u32; 2]>);

/// A trail's chain and ribbon as bit patterns.
fn trail_bits(f: &crate::sim::trail::TrailFrame) -> TrailBits {
    (
        f.nodes
            .iter()
            .map(|n| [n.x.to_bits(), n.y.to_bits(), n.length_px.to_bits()])
            .collect(),
        f.vertices
            .iter()
            .map(|v| [v[0].to_bits(), v[1].to_bits()])
            .collect(),
    )
}

fn trails_of(sim: &SceneSim, i: usize) -> Vec<TrailBits> {
    let s = &sim.systems()[i];
    let mut f = crate::sim::trail::TrailFrame::default();
    (0..s.particles().len())
        .map(|j| {
            assert!(
                s.trail_frame(j, &mut f, TrailDetail::Skinned),
                "copy {j} has a trail"
            );
            trail_bits(&f)
        })
        .collect()
}

/// A copy shifted by `k·Λ` carries its life's trail shifted the same way: at every frame of the
/// loop segment, played forward and seeked backward, each copy's chain is the real simulation's
/// trail of the same life at `v + k·Λ` (bit for bit when integrated; within rounding of the
/// incremental steps in closed form), and the loop's last frame shows the first frame's trails.
#[test]
fn a_copy_carries_its_life_trail_shifted_by_whole_periods() {
    for system in [
        trailed(looping(12.0, (0.6, 1.7), 1.0, 200)),
        trailed(turbulent(looping(12.0, (0.6, 1.7), 1.0, 200))),
    ] {
        let integrated = !system.forces.is_empty();
        let sc = scene(vec![system]);
        let mut sim = SceneSim::new(&sc);
        let plan = *sim.systems()[0].loop_set().expect("periodic").plan();
        let (t0, l) = (plan.t0_frames, plan.loop_frames);
        let mut checked = 0;
        let mut f = crate::sim::trail::TrailFrame::default();
        let mut g = crate::sim::trail::TrailFrame::default();
        // Forward through the loop, then backward (kept histories must not be reused ahead).
        let frames: Vec<u32> = (t0..=t0 + l).chain((t0..t0 + l).rev().step_by(7)).collect();
        for frame in frames {
            let v = f64::from(frame) / 30.0;
            sim.seek(v);
            let s = &sim.systems()[0];
            let set = s.loop_set().expect("periodic").clone();
            for (i, p) in s.particles().iter().enumerate() {
                let c = set.copy_of_serial(p.serial).expect("copy");
                let life = set.lives()[c.life];
                let u = (f64::from(frame) + (c.k * i64::from(l)) as f64) / 30.0;
                let mut real = SceneSim::plain(&sc);
                real.advance_to(u);
                let r = &real.systems()[0];
                let q = r
                    .particles()
                    .iter()
                    .position(|q| q.serial == life.serial)
                    .expect("the real simulation shows the life");
                assert!(s.trail_frame(i, &mut f, TrailDetail::Skinned));
                assert!(r.trail_frame(q, &mut g, TrailDetail::Skinned));
                assert_eq!(f.nodes.len(), g.nodes.len());
                if integrated {
                    assert_eq!(trail_bits(&f), trail_bits(&g), "frame {frame} k {}", c.k);
                } else {
                    for (a, b) in f.nodes.iter().zip(&g.nodes) {
                        assert!((a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3);
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked}");
        sim.seek(f64::from(t0) / 30.0);
        let first = trails_of(&sim, 0);
        sim.seek(f64::from(t0 + l) / 30.0);
        let mut last = trails_of(&sim, 0);
        let mut first = first;
        first.sort();
        last.sort();
        assert!(!first.is_empty());
        assert_eq!(
            first, last,
            "the loop's last frame shows its first frame's trails"
        );
    }
}
