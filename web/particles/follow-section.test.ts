// The Follow section's instance menu and the systems left following a removed instance.
import { describe, expect, it } from 'vitest';
import type { FollowBone, ParticleSystem, Scene } from '../document/types';
import { setLang } from '../i18n';
import { strandedFollowers } from '../skeleton/object/doc';
import type { FollowSkeleton } from '../skeleton/object/follow-live';
import { instanceChoices, setInstance } from './follow-section';

const placed = (instances: FollowSkeleton['instances']): Map<string, FollowSkeleton> => new Map([['vine', { instances } as FollowSkeleton]]);

describe('follow instance', () => {
  it('the menu lists every placed instance, counted from 1, with its position; a missing one is marked', () => {
    setLang('en', null);
    const skeletons = placed([{ x: 10, y: 20 }, { x: -30.26, y: 40.04 }]);
    expect(instanceChoices(skeletons, 'vine', 1)).toEqual([['0', '1 (10, 20)'], ['1', '2 (-30.3, 40)']]);
    expect(instanceChoices(skeletons, 'vine', 4)).toEqual([['0', '1 (10, 20)'], ['1', '2 (-30.3, 40)'], ['4', '5 (not placed)']]);
    expect(instanceChoices(placed([]), 'vine', 0)).toEqual([['0', '1 (not placed)']]);
    expect(instanceChoices(new Map(), 'vine', 1)).toEqual([['1', '2 (not loaded)']]);
    setLang('zh-CN', null);
    expect(instanceChoices(skeletons, 'vine', 2)[2]).toEqual(['2', '3（未放置）']);
    setLang('en', null);
  });

  it('the first instance is written as no key (documents stay as they were)', () => {
    const f: FollowBone = { skeleton: 'vine', bone: 'vine13', offsetX: 0, offsetY: 0 };
    setInstance(f, 2);
    expect(f).toEqual({ skeleton: 'vine', bone: 'vine13', offsetX: 0, offsetY: 0, instance: 2 });
    setInstance(f, 0);
    expect(Object.keys(f)).not.toContain('instance');
  });

  it('systems following an instance the skeleton no longer has are named; others are not', () => {
    const sys = (name: string, follow?: Partial<FollowBone>): ParticleSystem =>
      ({ name, follow: follow === undefined ? undefined : { skeleton: 'vine', bone: 'vine13', offsetX: 0, offsetY: 0, ...follow } }) as ParticleSystem;
    const doc = { systems: [sys('first'), sys('none'), sys('second', { instance: 1 }), sys('third', { instance: 2 }), sys('other', { skeleton: 'hero', instance: 5 }), sys('plain')] } as Scene;
    doc.systems[1].follow = undefined;
    doc.systems[5].follow = undefined;
    // Three instances placed: everyone follows; the last removed: the third's system is stranded.
    expect(strandedFollowers(doc, 'vine', 3)).toEqual([]);
    expect(strandedFollowers(doc, 'vine', 2)).toEqual(['third']);
    expect(strandedFollowers(doc, 'vine', 1)).toEqual(['second', 'third']);
    expect(strandedFollowers(doc, 'hero', 1)).toEqual(['other']);
  });
});
