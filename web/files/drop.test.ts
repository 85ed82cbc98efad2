import { describe, expect, it } from 'vitest';
import { MAX_DROP_BYTES, MAX_FILE_BYTES, categorize, planDrop, sniffImage, sniffJson, type DropFile } from './drop';

const img = (path: string, size = 1000): DropFile => ({ path, size });

describe('planDrop', () => {
  it('one image becomes a texture', () => {
    const plan = planDrop([img('spark.png')]);
    expect(plan.actions).toEqual([{ kind: 'texture', image: img('spark.png') }]);
    expect(plan.rejected).toEqual([]);
  });

  it('several images become a flipbook in natural order', () => {
    const plan = planDrop([img('fx_10.png'), img('fx_2.webp'), img('fx_1.JPG')]);
    expect(plan.actions).toHaveLength(1);
    const action = plan.actions[0];
    expect(action.kind).toBe('flipbook');
    if (action.kind === 'flipbook') expect(action.frames.map((f) => f.path)).toEqual(['fx_1.JPG', 'fx_2.webp', 'fx_10.png']);
  });

  it('a folder keeps relative paths', () => {
    const plan = planDrop([img('fire/f_2.png'), img('fire/f_1.png')]);
    const action = plan.actions[0];
    expect(action.kind === 'flipbook' && action.frames.map((f) => f.path)).toEqual(['fire/f_1.png', 'fire/f_2.png']);
  });

  it('a scene json opens the scene and carries the images beside it', () => {
    const plan = planDrop([{ path: 'proj/scene.json', size: 500, jsonKind: 'scene' }, img('proj/images/a.png')]);
    expect(plan.actions).toEqual([
      { kind: 'scene', scene: { path: 'proj/scene.json', size: 500, jsonKind: 'scene' }, images: [img('proj/images/a.png')] },
    ]);
  });

  it('a spine json is recognised, never opened as a scene, and takes its atlas and pages', () => {
    const plan = planDrop([
      { path: 'hero.json', size: 800, jsonKind: 'spine' },
      { path: 'hero.atlas', size: 200 },
      img('hero.png'),
    ]);
    expect(plan.actions).toEqual([{ kind: 'spine', skeleton: { path: 'hero.json', size: 800, jsonKind: 'spine' }, atlas: { path: 'hero.atlas', size: 200 }, pages: [img('hero.png')] }]);
  });

  it('a binary .skel is recognised', () => {
    const plan = planDrop([{ path: 'boss.skel', size: 800 }]);
    expect(plan.actions).toEqual([{ kind: 'spine', skeleton: { path: 'boss.skel', size: 800 }, atlas: null, pages: [] }]);
  });

  it('an .ms3d model is recognised', () => {
    expect(planDrop([{ path: 'm/dragon.ms3d', size: 5000 }]).actions).toEqual([{ kind: 'ms3d', model: { path: 'm/dragon.ms3d', size: 5000 }, images: [] }]);
    // Images dropped with a model are its textures, not a particle texture.
    expect(planDrop([{ path: 'dragon.ms3d', size: 5000 }, img('skin.png')]).actions).toEqual([{ kind: 'ms3d', model: { path: 'dragon.ms3d', size: 5000 }, images: [img('skin.png')] }]);
  });

  it('a drop above the cap is refused as a whole before reading', () => {
    const plan = planDrop([img('huge.png', 200 * 1024 * 1024)]);
    expect(plan.totalTooLarge).toBe(true);
    expect(plan.actions).toEqual([]);
    expect(planDrop([img('a.png', MAX_DROP_BYTES / 2), img('b.png', MAX_DROP_BYTES / 2 + 1)]).totalTooLarge).toBe(true);
  });

  it('a single file above the per-file cap is rejected, the rest is used', () => {
    const plan = planDrop([img('big.png', MAX_FILE_BYTES + 1), img('ok.png')]);
    expect(plan.rejected).toEqual([{ path: 'big.png', reason: 'tooLarge', sizeBytes: MAX_FILE_BYTES + 1, limitBytes: MAX_FILE_BYTES }]);
    expect(plan.actions).toEqual([{ kind: 'texture', image: img('ok.png') }]);
  });

  it('unsupported, invalid and unknown files are reported', () => {
    const plan = planDrop([
      { path: 'notes.txt', size: 3 },
      { path: 'bad.json', size: 3, jsonKind: 'invalid' },
      { path: 'pkg.json', size: 3, jsonKind: 'unknown' },
      { path: 'anim.gif', size: 3 },
    ]);
    expect(plan.actions).toEqual([]);
    expect(plan.rejected.map((r) => r.reason).sort()).toEqual(['invalidJson', 'unknownJson', 'unsupported', 'unsupported']);
  });

  it('a refused skeleton leaves its atlas and page unused, never a texture (coin-pro-4.2 cut short)', () => {
    const plan = planDrop([
      { path: 'coin-pro-4.2.json', size: 3000, jsonKind: 'invalid' },
      { path: 'coin-pro-4.2.atlas', size: 400 },
      img('coin-pro-4.2.png'),
    ]);
    expect(plan.actions).toEqual([]);
    expect(plan.rejected).toEqual([
      { path: 'coin-pro-4.2.json', reason: 'invalidJson' },
      { path: 'coin-pro-4.2.atlas', reason: 'unused', because: 'skeletonRefused' },
      { path: 'coin-pro-4.2.png', reason: 'unused', because: 'skeletonRefused', atlas: 'coin-pro-4.2.atlas' },
    ]);
    // A .skel above the per-file cap is a refused skeleton too.
    const big = planDrop([{ path: 'hero.skel', size: MAX_FILE_BYTES + 1 }, { path: 'hero.atlas', size: 400 }, img('hero.png')]);
    expect(big.actions).toEqual([]);
    expect(big.rejected.map((r) => [r.path, r.reason, r.because])).toEqual([
      ['hero.skel', 'tooLarge', undefined],
      ['hero.atlas', 'unused', 'skeletonRefused'],
      ['hero.png', 'unused', 'skeletonRefused'],
    ]);
  });

  it('an atlas with its pages and no skeleton: nothing becomes a texture or flipbook', () => {
    const one = planDrop([{ path: 'hero.atlas', size: 400 }, img('hero.png')]);
    expect(one.actions).toEqual([]);
    expect(one.rejected).toEqual([
      { path: 'hero.atlas', reason: 'unused', because: 'noSkeleton' },
      { path: 'hero.png', reason: 'unused', because: 'noSkeleton', atlas: 'hero.atlas' },
    ]);
    // Several pages: not a flipbook either.
    const two = planDrop([{ path: 'fx/hero.atlas', size: 400 }, img('fx/hero_10.png'), img('fx/hero_2.png')]);
    expect(two.actions).toEqual([]);
    expect(two.rejected.map((r) => r.path)).toEqual(['fx/hero.atlas', 'fx/hero_2.png', 'fx/hero_10.png']);
  });

  it('images outside an unused atlas folder still become the texture', () => {
    const plan = planDrop([{ path: 'atlas/hero.atlas', size: 400 }, img('atlas/hero.png'), img('spark.png')]);
    expect(plan.actions).toEqual([{ kind: 'texture', image: img('spark.png') }]);
    expect(plan.rejected.map((r) => [r.path, r.because])).toEqual([
      ['atlas/hero.atlas', 'noSkeleton'],
      ['atlas/hero.png', 'noSkeleton'],
    ]);
  });

  it('an atlas a skeleton does not take keeps its pages from the texture too', () => {
    const plan = planDrop([
      { path: 'a/hero.json', size: 800, jsonKind: 'spine' },
      { path: 'a/hero.atlas', size: 200 },
      img('a/hero.png'),
      { path: 'b/other.atlas', size: 200 },
      img('b/other.png'),
    ]);
    expect(plan.actions).toEqual([
      { kind: 'spine', skeleton: { path: 'a/hero.json', size: 800, jsonKind: 'spine' }, atlas: { path: 'a/hero.atlas', size: 200 }, pages: [img('a/hero.png')] },
    ]);
    expect(plan.rejected).toEqual([
      { path: 'b/other.atlas', reason: 'unused', because: 'noMatchingSkeleton' },
      { path: 'b/other.png', reason: 'unused', because: 'noMatchingSkeleton', atlas: 'b/other.atlas' },
    ]);
  });

  it('an unused atlas page still travels beside a scene dropped with it', () => {
    const scene = { path: 'scene.json', size: 500, jsonKind: 'scene' as const };
    const plan = planDrop([scene, { path: 'hero.atlas', size: 200 }, img('hero.png')]);
    expect(plan.actions).toEqual([{ kind: 'scene', scene, images: [img('hero.png')] }]);
    expect(plan.rejected).toEqual([{ path: 'hero.atlas', reason: 'unused', because: 'noSkeleton' }]);
  });

  it('an empty drop does nothing', () => {
    expect(planDrop([])).toEqual({ actions: [], rejected: [], totalTooLarge: false, totalBytes: 0 });
  });
});

describe('sniffing', () => {
  it('recognises scenes and spine skeletons by content', () => {
    expect(sniffJson('{"version":1,"systems":[]}')).toBe('scene');
    expect(sniffJson('{"systems":[]}')).toBe('scene');
    expect(sniffJson('{"skeleton":{"spine":"4.2.40"},"bones":[]}')).toBe('spine');
    expect(sniffJson('{"bones":[],"version":1}')).toBe('spine');
    expect(sniffJson('{"name":"x"}')).toBe('unknown');
    expect(sniffJson('[1,2]')).toBe('unknown');
    expect(sniffJson('{"systems":')).toBe('invalid');
    expect(sniffJson('')).toBe('invalid');
  });
  it('recognises image signatures', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImage(new Uint8Array([]))).toBeNull();
  });
  it('categorises by extension, case-insensitively', () => {
    expect(categorize('A/B.PNG')).toBe('image');
    expect(categorize('x.jpeg')).toBe('image');
    expect(categorize('x.atlas')).toBe('atlas');
    expect(categorize('x.skel')).toBe('skel');
    expect(categorize('noext')).toBe('unsupported');
    expect(categorize('.png')).toBe('unsupported');
  });
});
