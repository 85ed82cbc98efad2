//! Flipbooks: the frame and visibility of each mode over a particle's life.

use sp_sim::document::{Burst, Flipbook, FlipbookMode, ParticleSystem, Range};
use sp_sim::sim::SystemSim;

fn flipbook_system(mode: FlipbookMode) -> ParticleSystem {
    ParticleSystem {
        bursts: vec![Burst::once(0.0, 1)],
        rate_per_sec: 0.0,
        lifetime_secs: Range::fixed(2.0),
        textures: (0..4).map(|_| "builtin:soft_dot".to_string()).collect(),
        flipbook: Flipbook {
            enabled: true,
            fps: 10.0,
            mode,
        },
        ..ParticleSystem::default()
    }
}

#[test]
fn flipbook_frames_follow_each_mode() {
    let expect: [(FlipbookMode, [(u16, bool); 6]); 4] = [
        (
            FlipbookMode::OnceVanish,
            [
                (0, true),
                (1, true),
                (3, true),
                (3, false),
                (3, false),
                (3, false),
            ],
        ),
        (
            FlipbookMode::OnceHold,
            [
                (0, true),
                (1, true),
                (3, true),
                (3, true),
                (3, true),
                (3, true),
            ],
        ),
        (
            FlipbookMode::Loop,
            [
                (0, true),
                (1, true),
                (3, true),
                (0, true),
                (1, true),
                (2, true),
            ],
        ),
        (
            FlipbookMode::ReverseLoop,
            [
                (3, true),
                (2, true),
                (0, true),
                (3, true),
                (2, true),
                (1, true),
            ],
        ),
    ];
    let times = [0.0, 0.15, 0.35, 0.45, 0.55, 0.65];
    for (mode, frames) in expect {
        let mut sim = SystemSim::new(&flipbook_system(mode));
        let mut events = Vec::new();
        for (t, want) in times.iter().zip(frames) {
            sim.advance_to(*t, &mut events);
            let p = sim.particles()[0];
            assert_eq!((p.texture_index, p.visible), want, "{mode:?} at {t}");
        }
    }
}
