//! Frame-rate independence of impacts: every response, with and without a particle radius,
//! gives the same particles, positions, rotations and impact times at 24, 30, 60 and 144 fps.

use sp_sim::document::CollisionResponse;
use sp_sim::sim::SceneSim;

use crate::common::shower;

/// What a test frame records of a particle: serial, position, rotation, impacts, last impact.
type Seen = (u64, [f32; 2], f32, u32, Option<f64>);

#[test]
fn impacts_do_not_depend_on_the_frame_rate() {
    for (response, radius) in [
        (CollisionResponse::Bounce, 0.0),
        (CollisionResponse::Bounce, 3.0),
        (CollisionResponse::Pause, 0.0),
        (CollisionResponse::Stop, 2.0),
        (CollisionResponse::Destroy, 0.0),
    ] {
        let s = shower(response, radius);
        // Times common to 24, 30, 60 and 144 fps: multiples of 1/6 s.
        let mut reference: Option<Vec<Vec<Seen>>> = None;
        let mut impacts_seen = 0;
        for fps in [24u32, 30, 60, 144] {
            let mut sim = SceneSim::new(&s);
            let mut common = Vec::new();
            let per = fps / 6;
            for i in 0..=(3 * fps) {
                sim.advance_to(f64::from(i) / f64::from(fps));
                if i % per == 0 {
                    let sys = &sim.systems()[0];
                    common.push(
                        sys.particles()
                            .iter()
                            .enumerate()
                            .map(|(k, p)| {
                                (
                                    p.serial,
                                    [p.x, p.y],
                                    p.rotation_deg,
                                    p.impacts,
                                    sys.last_impact_secs(k),
                                )
                            })
                            .collect::<Vec<_>>(),
                    );
                }
            }
            impacts_seen = common.iter().flatten().map(|e| e.3).max().unwrap_or(0);
            match &reference {
                None => reference = Some(common),
                Some(r) => {
                    assert_eq!(r.len(), common.len());
                    for (f, (a, b)) in r.iter().zip(&common).enumerate() {
                        assert_eq!(
                            a.iter().map(|e| e.0).collect::<Vec<_>>(),
                            b.iter().map(|e| e.0).collect::<Vec<_>>(),
                            "{response:?} {fps} fps, common frame {f}: the same particles live"
                        );
                        for (x, y) in a.iter().zip(b) {
                            let d = (x.1[0] - y.1[0]).abs().max((x.1[1] - y.1[1]).abs());
                            assert!(d < 1e-3, "{response:?} {fps} fps frame {f}: {x:?} vs {y:?}");
                            assert!(
                                (x.2 - y.2).abs() < 1e-3,
                                "{response:?} rotation {x:?} {y:?}"
                            );
                            assert_eq!(x.3, y.3, "{response:?} impact count {x:?} {y:?}");
                            match (x.4, y.4) {
                                (Some(p), Some(q)) => assert!((p - q).abs() < 1e-8, "{p} {q}"),
                                (p, q) => assert_eq!(p, q),
                            }
                        }
                    }
                }
            }
        }
        if response != CollisionResponse::Destroy {
            assert!(impacts_seen > 0, "{response:?}: the sparks hit something");
        }
    }
}
