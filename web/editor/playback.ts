// The time read-out (pure). The timeline's length is the core's rule (Engine.timelineLength →
// sp_sim::time::timeline_length_secs). Frame of time t at f fps: floor(t·f + 1e-6).

/** Frame index of `timeSecs` at `fps`. */
export function frameAt(timeSecs: number, fps: number): number {
  return Math.floor(timeSecs * fps + 1e-6);
}

/** `1.25 s · 37 f` style read-out parts. */
export function readout(timeSecs: number, fps: number): { seconds: string; frame: number } {
  return { seconds: timeSecs.toFixed(2), frame: frameAt(timeSecs, fps) };
}
