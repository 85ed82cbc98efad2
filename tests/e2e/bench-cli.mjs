// What the benchmark runners (bench.mjs, bench-ms3d.mjs, bench-skeleton.mjs,
// bench-editor-export.mjs) share: Chromium's flags per renderer tier and the command-line options
// every runner reads the same way.

/** Flags every launch gets (see README "Tests"). */
export const BASE_FLAGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** The flags that select each renderer tier in headless Chromium (SwiftShader). */
export const TIER_FLAGS = {
  webgpu: ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'],
  webgl2: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
};

/**
 * The command line of runner `name`: `fail` (prints `name: message`, exits 1), `option`
 * (`--x value` or the fallback), `wholeOption` (a whole number ≥ min) and the `tiers` of `--tier`
 * (webgpu, webgl2 or both; default both).
 */
export function runnerArgs(name) {
  const fail = (message) => {
    console.error(`${name}: ${message}`);
    process.exit(1);
  };
  const option = (key, fallback) => {
    const i = process.argv.indexOf(`--${key}`);
    if (i < 0) return fallback;
    const value = process.argv[i + 1];
    if (value === undefined || value.startsWith('--')) fail(`--${key} needs a value`);
    return value;
  };
  const wholeOption = (key, fallback, min) => {
    const text = option(key, String(fallback));
    const v = Number(text);
    if (!Number.isInteger(v) || v < min) fail(`--${key} ${text}: expected a whole number ≥ ${min}`);
    return v;
  };
  const tierArg = option('tier', 'both');
  if (!['webgpu', 'webgl2', 'both'].includes(tierArg)) fail(`--tier ${tierArg}: expected webgpu, webgl2 or both`);
  const tiers = tierArg === 'both' ? ['webgpu', 'webgl2'] : [tierArg];
  return { fail, option, wholeOption, tiers };
}
