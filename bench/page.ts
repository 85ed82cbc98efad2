// Helpers shared by the benchmark pages (bench-skeleton.ts, bench-ms3d.ts): the status line,
// the timer's resolution, and running work once per animation frame as the editor draws.

/** Shows `text` in the page's status line. */
export function status(text: string): void {
  const el = document.getElementById('status');
  if (el !== null) el.textContent = text;
}

/** Smallest step of performance.now() seen, ms. */
export function timerResolutionMs(): number {
  let best = Infinity;
  for (let i = 0; i < 20; i++) {
    const a = performance.now();
    let b = performance.now();
    while (b === a) b = performance.now();
    best = Math.min(best, b - a);
  }
  return best;
}

/** Runs `body` in each of the next `count` animation frames. */
export async function eachFrame(count: number, body: () => void): Promise<void> {
  for (let i = 0; i < count; i++) {
    await new Promise<void>((resolve, reject) =>
      requestAnimationFrame(() => {
        try {
          body();
          resolve();
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      }),
    );
  }
}

/** Frames of round `r` when `frames` are split into `rounds` alternating blocks. */
export function roundFrames(frames: number, rounds: number, r: number): number {
  return Math.floor(frames / rounds) + (r < frames % rounds ? 1 : 0);
}
