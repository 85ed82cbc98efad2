import { describe, expect, it } from 'vitest';
import { missingImages } from './status';
import { rendererFromQuery } from '../engine/engine';
import type { Scene } from '../document/types';
import { addColorKey, addCurveKey, gradientCss } from '../particles/curves';
import { parseAnimationList } from '../export/ui/exportPanel';
import { uniqueName } from '../document/names';
import { zoomAbout } from './viewport';
import { normalizeHex } from '../ui/widgets';

describe('panel logic', () => {
  it('makes unique system names', () => {
    expect(uniqueName('Fire', ['Smoke'])).toBe('Fire');
    expect(uniqueName('Fire', ['Fire', 'Fire 2'])).toBe('Fire 3');
  });

  it('parses the animation list one per line', () => {
    expect(parseAnimationList(' idle \n\nhit\nidle\n  ')).toEqual(['idle', 'hit']);
    expect(parseAnimationList('\n \n')).toEqual([]);
  });

  it('zooms about the cursor: the scene point under it stays put', () => {
    const pan: [number, number] = [100, 50];
    const cursor: [number, number] = [200, -80];
    const before = [pan[0] + cursor[0] / 1, pan[1] + cursor[1] / 1];
    const next = zoomAbout(pan, 1, 4, cursor);
    expect(next[0] + cursor[0] / 4).toBeCloseTo(before[0]);
    expect(next[1] + cursor[1] / 4).toBeCloseTo(before[1]);
  });

  it('adds curve keys in the widest gap, keeping order', () => {
    const keys = [{ t: 0, v: 1 }, { t: 1, v: 0 }];
    addCurveKey(keys);
    expect(keys).toEqual([{ t: 0, v: 1 }, { t: 0.5, v: 1 }, { t: 1, v: 0 }]);
    const one = [{ t: 0, v: 2 }];
    addCurveKey(one);
    expect(one).toEqual([{ t: 0, v: 2 }, { t: 0.5, v: 2 }]);
    const colours = [{ t: 0, color: '#ff0000' }, { t: 0.2, color: '#00ff00' }];
    addColorKey(colours);
    expect(colours[2]).toEqual({ t: 0.6, color: '#00ff00' });
  });

  it('builds a sanitised CSS gradient', () => {
    expect(gradientCss([{ t: 0, color: '#F00' }])).toBe('#ff0000');
    expect(gradientCss([{ t: 0, color: 'red;background:url(x)' }, { t: 1, color: '#0000ff' }])).toBe('linear-gradient(to right, #000000 0.0%, #0000ff 100.0%)');
    expect(normalizeHex('#AbC')).toBe('#aabbcc');
  });

  it('lists missing user images, never built-ins', () => {
    const doc = { systems: [{ textures: ['builtin:spark', 'a.png', 'b.png'] }], images: [{ path: 'c.png' }] } as unknown as Scene;
    expect(missingImages(doc, ['b.png'])).toEqual(['a.png', 'c.png']);
  });

  it('reads the forced renderer from the query', () => {
    expect(rendererFromQuery('?renderer=webgl2')).toBe('webgl2');
    expect(rendererFromQuery('?renderer=webgpu&x=1')).toBe('webgpu');
    expect(rendererFromQuery('?renderer=<script>')).toBe('auto');
    expect(rendererFromQuery('')).toBe('auto');
  });
});
