//! The benchmarks' clocks: this thread's CPU time, so a machine loaded by other work slows a run
//! less than the wall clock says, and the whole process's, for work spread over a thread pool.
//!
//! Read with `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` (the `cpu-time` crate), which counts in
//! nanoseconds. Linux's `/proc/thread-self/schedstat`, read before, advances in scheduler ticks
//! on kernels built without scheduler statistics (4 ms on this project's machines: a 90 ms
//! export read 88.0 or 91.9, and a stage under 4 ms read 0 or 4), so it is no longer used.

/// Nanoseconds this thread has run on a CPU, `None` where the platform has no per-thread CPU
/// clock (the callers then use the wall clock).
pub(super) fn thread_cpu_ns() -> Option<u64> {
    let t = cpu_time::ThreadTime::try_now().ok()?;
    u64::try_from(t.as_duration().as_nanos()).ok()
}

/// Nanoseconds every thread of this process has run on a CPU
/// (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`: an export on a thread pool counts all its
/// threads), `None` where the platform has no such clock.
pub(super) fn process_cpu_ns() -> Option<u64> {
    let t = cpu_time::ProcessTime::try_now().ok()?;
    u64::try_from(t.as_duration().as_nanos()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_finer_than_a_scheduler_tick() {
        let Some(start) = thread_cpu_ns() else {
            return;
        };
        // Spin until the clock moves, then check it moved by less than a 4 ms tick.
        let mut x = 0u64;
        let moved = loop {
            for i in 0..1000u64 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
            }
            let now = thread_cpu_ns().unwrap_or(start);
            if now != start {
                break now - start;
            }
        };
        assert!(x != 1, "keeps the loop");
        assert!(moved < 1_000_000, "the clock moved by {moved} ns at once");
    }
}
