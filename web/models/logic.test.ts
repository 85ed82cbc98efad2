import { describe, expect, it } from 'vitest';
import { formatBytes, splitModelDrop, trimLog } from './logic';

describe('model panel logic', () => {
  it('splits models from their textures, in natural order', () => {
    const blob = new Blob([]);
    const { models, images } = splitModelDrop([
      { path: 'm/skin.PNG', file: blob },
      { path: 'm/b10.ms3d', file: blob },
      { path: 'm/b2.MS3D', file: blob },
      { path: 'm/readme.txt', file: blob },
    ]);
    expect(models.map((m) => m.path)).toEqual(['m/b2.MS3D', 'm/b10.ms3d']);
    expect(images.map((m) => m.path)).toEqual(['m/skin.PNG']);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KiB');
    expect(formatBytes(3 * 1048576)).toBe('3.00 MiB');
  });

  it('keeps the newest log lines', () => {
    expect(trimLog([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(trimLog([1], 2)).toEqual([1]);
  });
});
