// `spineparticle export` failure modes: non-zero exit with a message naming what is wrong, and
// nothing written.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runCliFailing } from '../support/cli';
import { tempDir } from '../support/tmp';

const dir = tempDir('sp-export-cli-', afterAll);

describe('spineparticle export errors', () => {
  it('missing scene file', () => {
    const out = join(dir, 'a.json');
    const { code, stderr } = runCliFailing(['export', join(dir, 'nope.json'), '-o', out]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('nope.json');
    expect(existsSync(out)).toBe(false);
  });

  it('invalid scene names the field', () => {
    const scene = join(dir, 'bad.json');
    writeFileSync(scene, JSON.stringify({ version: 1, export: { fps: 0 } }));
    const out = join(dir, 'b.json');
    const { code, stderr } = runCliFailing(['export', scene, '-o', out]);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/fps/);
    expect(existsSync(out)).toBe(false);
  });

  it('missing -o is a usage error', () => {
    const { code } = runCliFailing(['export', 'presets/fire.json']);
    expect(code).not.toBe(0);
  });

  it('image sizes file is used and the report lists warnings', () => {
    const scene = join(dir, 'img.json');
    writeFileSync(
      scene,
      JSON.stringify({ version: 1, systems: [{ name: 'S', durationSecs: 0.2, textures: ['fx/a.png', 'fx/b.png'] }] }),
    );
    const sizes = join(dir, 'sizes.json');
    writeFileSync(sizes, JSON.stringify({ 'fx/a.png': [10, 20] }));
    const out = join(dir, 'img.spine.json');
    const report = JSON.parse(runCli(['export', scene, '-o', out, '--images', sizes]));
    expect(report.warnings.some((w: string) => w.includes('fx/b.png'))).toBe(true);
    expect(report.warnings.some((w: string) => w.includes('fx/a.png'))).toBe(false);
  });
});
