//! Draw order of one system's particles (export spec §16.3 "绘制顺序"), back to front.
//!
//! Particles are kept by spawn serial `s` (birth order). With [`DrawOrder::NewestOnTop`] the
//! sequence drawn is `s` ascending (the newest particle drawn last, on top); with
//! [`DrawOrder::OldestOnTop`] it is `s` descending. Systems draw in scene order, each system's
//! particles together. The preview's sprites, `spineparticle simulate --dump` and the exporter's
//! slot order all follow this one rule.

use super::particle::Particle;
use crate::document::DrawOrder;

/// The particles of `particles` (sorted by serial, as [`super::SystemSim::particles`] keeps them)
/// from back to front under `order`.
pub fn back_to_front(particles: &[Particle], order: DrawOrder) -> BackToFront<'_> {
    BackToFront {
        particles,
        front: 0,
        back: particles.len(),
        order,
    }
}

/// Iterator of [`back_to_front`].
#[derive(Clone, Debug)]
pub struct BackToFront<'a> {
    particles: &'a [Particle],
    front: usize,
    back: usize,
    order: DrawOrder,
}

impl<'a> Iterator for BackToFront<'a> {
    type Item = &'a Particle;

    fn next(&mut self) -> Option<&'a Particle> {
        if self.front >= self.back {
            return None;
        }
        match self.order {
            DrawOrder::NewestOnTop => {
                self.front += 1;
                self.particles.get(self.front - 1)
            }
            DrawOrder::OldestOnTop => {
                self.back -= 1;
                self.particles.get(self.back)
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BackToFront<'_> {}

/// True when a particle born with spawn serial `a` is drawn over one with serial `b` under
/// `order`.
pub fn is_drawn_over(a: u64, b: u64, order: DrawOrder) -> bool {
    match order {
        DrawOrder::NewestOnTop => a > b,
        DrawOrder::OldestOnTop => a < b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{ParticleSystem, Range};
    use crate::sim::SystemSim;

    #[test]
    fn newest_on_top_is_serial_order_and_oldest_on_top_reverses_it() {
        let system = ParticleSystem {
            rate_per_sec: 30.0,
            lifetime_secs: Range::fixed(2.0),
            ..ParticleSystem::default()
        };
        let mut sim = SystemSim::new(&system);
        sim.advance_to_quiet(0.5);
        let serials = |order| -> Vec<u64> {
            back_to_front(sim.particles(), order)
                .map(|p| p.serial)
                .collect()
        };
        let newest = serials(DrawOrder::NewestOnTop);
        assert!(newest.len() > 10);
        assert!(newest.windows(2).all(|w| w[0] < w[1]));
        let mut oldest = serials(DrawOrder::OldestOnTop);
        assert_eq!(
            back_to_front(sim.particles(), DrawOrder::OldestOnTop).len(),
            newest.len()
        );
        oldest.reverse();
        assert_eq!(oldest, newest);
        assert!(is_drawn_over(5, 3, DrawOrder::NewestOnTop));
        assert!(is_drawn_over(3, 5, DrawOrder::OldestOnTop));
    }
}
