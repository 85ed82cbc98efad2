//! The scheduled deaths of a system: a min-queue of `(time bits, serial, slot)`.
//!
//! Deaths are pushed at birth and popped in time order. When every particle lives equally long
//! (a fixed lifetime, the usual case), they are pushed already in order, and a binary heap still
//! pays a sift of `log₂ n` levels for each: in WebAssembly that was about 5 % of a step of 10,000
//! live particles without forces (V8's code in Chromium, profiled with `perf`). So a death that is
//! not earlier than the last one queued in order goes to the back of a FIFO run, any other one to
//! a heap, and the earlier of the two fronts comes out first. The keys are unique (serials are),
//! so the deaths come out in exactly the order of one heap: the same simulation.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// A scheduled death: `(time bits, serial, slot)`; non-negative `f64` bits order like the
/// numbers.
pub(super) type Death = (u64, u64, u32);

/// The deaths in the future, earliest first (see the module doc).
#[derive(Clone, Debug, Default)]
pub(super) struct Deaths {
    /// Deaths queued in nondecreasing order.
    run: VecDeque<Death>,
    /// The others.
    heap: BinaryHeap<Reverse<Death>>,
}

impl Deaths {
    /// Schedules `death`.
    #[inline]
    pub(super) fn push(&mut self, death: Death) {
        match self.run.back() {
            Some(last) if death < *last => self.heap.push(Reverse(death)),
            _ => self.run.push_back(death),
        }
    }

    /// The earliest scheduled death.
    #[inline]
    pub(super) fn peek(&self) -> Option<Death> {
        match (self.run.front(), self.heap.peek()) {
            (Some(&a), Some(&Reverse(b))) => Some(a.min(b)),
            (a, b) => a.copied().or(b.map(|r| r.0)),
        }
    }

    /// Removes the earliest scheduled death.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<Death> {
        let from_run = match (self.run.front(), self.heap.peek()) {
            (Some(a), Some(Reverse(b))) => a < b,
            (a, _) => a.is_some(),
        };
        if from_run {
            self.run.pop_front()
        } else {
            self.heap.pop().map(|r| r.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::Pcg32;

    /// Random pushes and pops, with runs in order, out of order and ties in time: every pop
    /// gives what one binary heap gives.
    #[test]
    fn deaths_come_out_as_from_one_heap() {
        let mut rng = Pcg32::new(7);
        for case in 0..200 {
            let (mut deaths, mut heap) = (Deaths::default(), BinaryHeap::new());
            let mut serial = 0u64;
            let mut now = 0.0f64;
            for _ in 0..400 {
                if rng.next_f32() < 0.6 {
                    serial += 1;
                    now += f64::from(rng.next_f32()) * 0.1;
                    let life = match case % 3 {
                        0 => 2.0,
                        1 => 1.0 + f64::from(rng.next_f32()),
                        _ => f64::from((rng.next_f32() * 4.0).floor()) * 0.5,
                    };
                    let d = ((now + life).to_bits(), serial, (serial % 17) as u32);
                    deaths.push(d);
                    heap.push(Reverse(d));
                } else {
                    assert_eq!(deaths.peek(), heap.peek().map(|r| r.0));
                    assert_eq!(deaths.pop(), heap.pop().map(|r| r.0));
                }
                assert_eq!(deaths.peek(), heap.peek().map(|r| r.0));
            }
            while let Some(Reverse(d)) = heap.pop() {
                assert_eq!(deaths.pop(), Some(d));
            }
            assert_eq!(deaths.pop(), None);
            assert_eq!(deaths.peek(), None);
        }
    }
}
