//! Times a fuzz target body on every file of a directory (native, no instrumentation):
//! `cargo run -p sp-fuzz --release --example timing -- TARGET DIR [REPEAT]`.
//! Prints the total, the median and the slowest inputs in thread CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`, nanoseconds, so a loaded machine does not inflate them; wall time
//! where there is none), so a slow execution rate can be traced to the inputs (and then the
//! code) that cost it. (Linux's `schedstat`, read before, advanced in 4 ms scheduler ticks on
//! this project's machines: most inputs read 0.)

use std::time::Instant;

/// Seconds of CPU this thread has run (wall time since `start` where there is no thread clock).
fn cpu_secs(start: Instant) -> f64 {
    cpu_time::ThreadTime::try_now().map_or_else(
        |_| start.elapsed().as_secs_f64(),
        |t| t.as_duration().as_secs_f64(),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(target), Some(dir)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: timing TARGET DIR [REPEAT]");
        std::process::exit(2);
    };
    let repeat: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let Some((_, body)) = sp_fuzz::TARGETS.iter().find(|(n, _)| n == target) else {
        eprintln!("unknown target {target}");
        std::process::exit(2);
    };
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let mut times = Vec::with_capacity(files.len());
    let all = Instant::now();
    for path in &files {
        let bytes = std::fs::read(path).expect("read");
        let t = cpu_secs(all);
        for _ in 0..repeat {
            body(&bytes);
        }
        times.push((
            (cpu_secs(all) - t) / repeat as f64,
            path.clone(),
            bytes.len(),
        ));
    }
    let total = all.elapsed().as_secs_f64();
    let sum: f64 = times.iter().map(|t| t.0).sum();
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = times.len();
    println!(
        "{target}: {n} inputs, total {total:.3} s wall, {sum:.3} s CPU, mean {:.1} us, median {:.1} us, p90 {:.1} us, p99 {:.1} us, max {:.1} us",
        sum / n as f64 * 1e6,
        times[n / 2].0 * 1e6,
        times[n * 9 / 10].0 * 1e6,
        times[n * 99 / 100].0 * 1e6,
        times[n - 1].0 * 1e6
    );
    let top: f64 = times.iter().rev().take(n / 100 + 1).map(|t| t.0).sum();
    println!("slowest 1% = {:.1}% of the time", top / sum * 100.0);
    for (t, p, len) in times.iter().rev().take(15) {
        println!("{:10.1} us  {len:7} B  {}", t * 1e6, p.display());
    }
}
