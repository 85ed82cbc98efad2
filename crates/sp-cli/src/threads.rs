//! `--threads N` of the commands that export: how many threads the bake's systems and lives,
//! the reducer's bones and the writer's timeline maps are spread over
//! (`sp_spine::ExportOptions::parallel`, on a rayon pool). The output is the same bytes at any
//! count.

use crate::error::{Error, Result};

/// The most threads `--threads` accepts: more than any machine's cores, few enough that the
/// pool starts (a hundred million made thread creation fail inside the pool, which aborted).
pub const MAX_THREADS: usize = 256;

/// The export's threads: a pool of more than one, or the calling thread alone.
pub struct Threads {
    pool: Option<rayon::ThreadPool>,
}

impl Threads {
    /// `threads` threads (0: one per core; 1: the calling thread alone, no pool; at most
    /// [`MAX_THREADS`]).
    pub fn new(threads: usize) -> Result<Threads> {
        if threads > MAX_THREADS {
            return Err(Error::Usage(format!(
                "--threads {threads}: at most {MAX_THREADS} (0: one per core)"
            )));
        }
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let n = if threads == 0 { cores } else { threads };
        if n <= 1 {
            return Ok(Threads { pool: None });
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| Error::Usage(format!("--threads {threads}: no thread pool ({e})")))?;
        Ok(Threads { pool: Some(pool) })
    }

    /// How many threads an export runs on.
    pub fn count(&self) -> usize {
        self.pool
            .as_ref()
            .map_or(1, rayon::ThreadPool::current_num_threads)
    }

    /// Runs `export`, told whether it may spread its work, on the pool (its serial parts then
    /// take one of the pool's threads, not a thread more than the cores), or here.
    pub fn run<T: Send>(&self, export: impl FnOnce(bool) -> T + Send) -> T {
        match &self.pool {
            Some(pool) => pool.install(|| export(true)),
            None => export(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_checked_and_one_thread_has_no_pool() {
        let too_many = Threads::new(MAX_THREADS + 1).map(|t| t.count());
        assert!(
            matches!(&too_many, Err(Error::Usage(m)) if m.contains("at most 256")),
            "{too_many:?}"
        );
        let one = Threads::new(1).expect("one thread");
        assert_eq!(one.count(), 1);
        assert!(!one.run(|parallel| parallel), "one thread does not spread");
        let three = Threads::new(3).expect("a pool of 3");
        assert_eq!(three.count(), 3);
        assert!(three.run(|parallel| parallel), "a pool spreads");
        assert!(Threads::new(0).expect("one per core").count() >= 1);
    }
}
