// Which dropped files make up a skeleton (web/skeleton/object/files.ts): skeleton detection by
// extension and content, atlas pairing, page images, size refusal, download names, version notes.
import { describe, expect, it } from 'vitest';
import { atlasPageNames, findSkeletonFiles, isSkeletonJson, repairedName, versionSupport, type DroppedFile } from '../../web/skeleton/object/files.ts';

const file = (path: string, content: string | Uint8Array<ArrayBuffer> = ''): DroppedFile => ({ path, file: new Blob([content]) });
const sized = (path: string, sizeBytes: number): DroppedFile => ({ path, file: { size: sizeBytes } as Blob });

const ATLAS = 'hero.png\nsize:64,64\nhead\nbounds:0,0,8,8\n\nhero_2.png\nsize:64,64\narm\nbounds:0,0,8,8\n';

describe('skeleton drop files', () => {
  it('finds a .skel with its atlas and pages (pages in atlas order, same folder first)', async () => {
    const found = await findSkeletonFiles([file('a/hero_2.png'), file('a/hero.atlas', ATLAS), file('a/hero.png'), file('b/hero.png'), file('a/hero.skel', new Uint8Array([1, 2]))]);
    expect('kind' in found).toBe(false);
    if ('kind' in found) return;
    expect(found.skeleton.path).toBe('a/hero.skel');
    expect(found.atlas?.path).toBe('a/hero.atlas');
    expect(found.pages.map((p) => p.path)).toEqual(['a/hero.png', 'a/hero_2.png']);
    expect(found.others).toEqual([]);
  });

  it('recognises JSON skeletons by content and pairs atlases by stem', async () => {
    const found = await findSkeletonFiles([
      file('scene.json', '{"version":3,"systems":[]}'),
      file('boss.json', '{"skeleton":{"spine":"4.2.22"},"bones":[]}'),
      file('boss.atlas', 'boss.png\nsize:4,4\n'),
      file('other.atlas', 'other.png\nsize:4,4\n'),
      file('z.skel'),
    ]);
    if ('kind' in found) throw new Error(found.kind);
    expect(found.skeleton.path).toBe('boss.json');
    expect(found.atlas?.path).toBe('boss.atlas');
    expect(found.pages).toEqual([]);
    expect(found.others).toEqual(['z.skel']);
  });

  it('no atlas of the same name among several: none; the only atlas: that one', async () => {
    const two = await findSkeletonFiles([file('x.skel'), file('a.atlas', 'a.png\n'), file('b.atlas', 'b.png\n')]);
    if ('kind' in two) throw new Error(two.kind);
    expect(two.atlas).toBeNull();
    const one = await findSkeletonFiles([file('x.skel'), file('a.atlas', 'a.png\n')]);
    if ('kind' in one) throw new Error(one.kind);
    expect(one.atlas?.path).toBe('a.atlas');
  });

  it('reports a drop without a skeleton and refuses files over 64 MiB unread', async () => {
    expect(await findSkeletonFiles([file('a.png'), file('scene.json', '{"systems":[]}'), file('bad.json', '{')])).toEqual({ kind: 'noSkeleton' });
    // `sized` files have no contents: reading one would throw, so this proves nothing is read.
    expect(await findSkeletonFiles([sized('big.skel', 64 * 1024 * 1024 + 1)])).toEqual({ kind: 'tooLarge', path: 'big.skel', sizeBytes: 67108865 });
    expect(await findSkeletonFiles([file('s.skel'), sized('s.atlas', 70 * 1024 * 1024)])).toEqual({ kind: 'tooLarge', path: 's.atlas', sizeBytes: 73400320 });
  });

  it('names, notes and atlas pages', () => {
    expect(repairedName('dir/hero.skel')).toBe('hero.repaired.skel');
    expect(repairedName('hero.atlas')).toBe('hero.repaired.atlas');
    expect(repairedName('a.b/README')).toBe('README.repaired');
    expect(versionSupport('4.2.22')).toBe('playable');
    expect(versionSupport('4.2')).toBe('playable');
    expect(versionSupport('3.8.55')).toBe('readable');
    expect(versionSupport('4.1.17')).toBe('readable');
    expect(versionSupport('4.20.1')).toBe('unsupported');
    expect(versionSupport(null)).toBe('unsupported');
    expect(atlasPageNames(ATLAS)).toEqual(['hero.png', 'hero_2.png']);
    expect(atlasPageNames('\r\n\r\npage one.png\r\nsize: 2,2\r\nr\r\n')).toEqual(['page one.png']);
    expect(isSkeletonJson('{"bones":[]}')).toBe(true);
    expect(isSkeletonJson('[1]')).toBe(false);
  });
});
