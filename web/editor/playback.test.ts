import { describe, expect, it } from 'vitest';
import { frameAt, readout } from './playback';

describe('time read-out', () => {
  it('reads out seconds and frames at the export fps', () => {
    expect(frameAt(1, 30)).toBe(30);
    expect(frameAt(0.1 * 3, 10)).toBe(3);
    expect(readout(1.2345, 24)).toEqual({ seconds: '1.23', frame: 29 });
  });
});
