//! Pool slots: a birth takes the lowest free slot; a death frees its slot for the next birth.
//!
//! Free slots below the high-water mark sit in a min-heap; a birth pops the heap when it is not
//! empty (every freed slot is below the mark) and otherwise takes the mark and raises it. So the
//! slot of a particle is the smallest index not used by a living particle at its birth time.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The slot allocator of one system.
#[derive(Clone, Debug, Default)]
pub struct SlotPool {
    free: BinaryHeap<Reverse<u32>>,
    high_water: u32,
}

impl SlotPool {
    /// Takes the lowest free slot.
    pub fn take(&mut self) -> u32 {
        match self.free.pop() {
            Some(Reverse(slot)) => slot,
            None => {
                let slot = self.high_water;
                self.high_water += 1;
                slot
            }
        }
    }

    /// Returns `slot` to the pool.
    pub fn give_back(&mut self, slot: u32) {
        self.free.push(Reverse(slot));
    }

    /// Highest slot count ever in use (bones needed for this system with a bone pool).
    pub fn high_water(&self) -> u32 {
        self.high_water
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_free_slot_first() {
        let mut pool = SlotPool::default();
        assert_eq!(
            [pool.take(), pool.take(), pool.take(), pool.take()],
            [0, 1, 2, 3]
        );
        pool.give_back(2);
        pool.give_back(0);
        assert_eq!([pool.take(), pool.take(), pool.take()], [0, 2, 4]);
        assert_eq!(pool.high_water(), 5);
    }
}
