import { describe, expect, it } from 'vitest';
import { colliderActsOn, deleteSystem, listCopyInColliders, renameSystem, systemNameFree, uniqueName } from './names';

describe('scene object names', () => {
  it('takes the first free name', () => {
    expect(uniqueName('Rain', [])).toBe('Rain');
    expect(uniqueName('Rain', ['Rain', 'Rain 2'])).toBe('Rain 3');
  });

  it('renames a system in the colliders that list it, and leaves the others alone', () => {
    const doc = {
      systems: [{ name: 'Rain' }, { name: 'Smoke' }],
      colliders: [{ systems: ['Rain', 'Smoke'] }, { systems: [] as string[] }, { systems: ['Smoke'] }],
    };
    renameSystem(doc, 0, 'Drizzle');
    expect(doc.systems.map((s) => s.name)).toEqual(['Drizzle', 'Smoke']);
    expect(doc.colliders.map((c) => c.systems)).toEqual([['Drizzle', 'Smoke'], [], ['Smoke']]);
  });

  it('keeps the old name where another system still has it, and never lists a name twice', () => {
    const doc = { systems: [{ name: 'A' }, { name: 'A' }, { name: 'B' }], colliders: [{ systems: ['A'] }, { systems: ['A', 'B'] }] };
    renameSystem(doc, 0, 'B');
    expect(doc.colliders.map((c) => c.systems)).toEqual([['A', 'B'], ['A', 'B']]);
    const single = { systems: [{ name: 'A' }, { name: 'B' }], colliders: [{ systems: ['A', 'B'] }] };
    renameSystem(single, 0, 'B');
    expect(single.colliders[0].systems).toEqual(['B']);
  });

  it("a system's name is free when it is not blank and no other system has it", () => {
    const doc = { systems: [{ name: 'Rain' }, { name: 'Smoke' }] };
    expect(systemNameFree(doc, 0, 'Drizzle')).toBe(true);
    expect(systemNameFree(doc, 0, 'Rain')).toBe(true);
    expect(systemNameFree(doc, 0, 'Smoke')).toBe(false);
    expect(systemNameFree(doc, 1, 'Rain')).toBe(false);
    expect(systemNameFree(doc, 0, '')).toBe(false);
    expect(systemNameFree(doc, 0, ' \t ')).toBe(false);
  });

  it('lists a duplicated system beside its original', () => {
    const doc = { systems: [{ name: 'Sparks' }, { name: 'Sparks copy' }], colliders: [{ systems: ['Sparks'] }, { systems: [] as string[] }, { systems: ['Other'] }] };
    listCopyInColliders(doc, 'Sparks', 'Sparks copy');
    expect(doc.colliders.map((c) => c.systems)).toEqual([['Sparks', 'Sparks copy'], [], ['Other']]);
  });

  it('reads a collider\'s empty list as every system', () => {
    expect(colliderActsOn({ systems: [] }, 'Rain')).toBe(true);
    expect(colliderActsOn({ systems: ['Rain'] }, 'Rain')).toBe(true);
    expect(colliderActsOn({ systems: ['Rain'] }, 'Smoke')).toBe(false);
  });

  it('takes a deleted system out of the colliders that list it with others, and keeps it where it is alone', () => {
    const doc = {
      systems: [{ name: 'Rain' }, { name: 'Smoke' }],
      colliders: [{ systems: ['Rain', 'Smoke'] }, { systems: ['Rain'] }, { systems: [] as string[] }, { systems: ['Smoke'] }],
    };
    deleteSystem(doc, 0);
    expect(doc.systems).toEqual([{ name: 'Smoke' }]);
    // Alone, it stays: the empty list would mean every system.
    expect(doc.colliders.map((c) => c.systems)).toEqual([['Smoke'], ['Rain'], [], ['Smoke']]);
    deleteSystem(doc, 5);
    expect(doc.systems).toEqual([{ name: 'Smoke' }]);
  });
});
