import { describe, expect, it } from 'vitest';
import { DocumentStore, type ChangeEvent } from './store';
import type { Scene } from './types';

// Stand-in for wasm normalizeScene: canonical JSON, and refuses what Rust would (with the path).
function normalize(json: string): string {
  const doc = JSON.parse(json) as Scene;
  doc.systems.forEach((s, i) => {
    if (s.maxParticles > 100000) throw new Error(`systems[${i}].maxParticles: ${s.maxParticles} is above the limit 100000`);
  });
  return JSON.stringify(doc, null, 2);
}

function scene(): string {
  return JSON.stringify({
    version: 1,
    animations: ['animation'],
    systems: [{ name: 'a', maxParticles: 100, transform: { x: 0 } }],
    images: [],
    export: { fps: 30, curve: 'linear' },
  });
}

describe('DocumentStore', () => {
  it('applies commands as new documents and undoes/redoes them', () => {
    const store = DocumentStore.create(scene(), normalize);
    const events: ChangeEvent[] = [];
    store.subscribe((e) => events.push(e));
    expect(store.edit('rename', (d) => (d.systems[0].name = 'b')).ok).toBe(true);
    expect(store.doc.systems[0].name).toBe('b');
    expect(store.undo()).toBe(true);
    expect(store.doc.systems[0].name).toBe('a');
    expect(store.redo()).toBe(true);
    expect(store.doc.systems[0].name).toBe('b');
    expect(events.map((e) => e.source)).toEqual(['edit', 'undo', 'redo']);
  });

  it('takes export settings into the history', () => {
    const store = DocumentStore.create(scene(), normalize);
    store.edit('fps', (d) => (d.export.fps = 60));
    store.edit('curve', (d) => (d.export.curve = 'bezier'));
    store.undo();
    expect(store.doc.export).toMatchObject({ fps: 60, curve: 'linear' });
    store.undo();
    expect(store.doc.export.fps).toBe(30);
  });

  it('coalesces typing into one step', () => {
    const store = DocumentStore.create(scene(), normalize);
    for (const v of [1, 12, 120]) store.edit('x', (d) => (d.systems[0].transform.x = v), 'systems[0].transform.x');
    expect(store.undoDepth).toBe(1);
    store.breakCoalescing();
    store.edit('x', (d) => (d.systems[0].transform.x = 7), 'systems[0].transform.x');
    expect(store.undoDepth).toBe(2);
    store.undo();
    expect(store.doc.systems[0].transform.x).toBe(120);
    store.undo();
    expect(store.doc.systems[0].transform.x).toBe(0);
  });

  it('refuses invalid documents with the validator message and keeps the current one', () => {
    const store = DocumentStore.create(scene(), normalize);
    const before = store.json;
    const result = store.edit('max', (d) => (d.systems[0].maxParticles = 1e9));
    expect(result).toEqual({ ok: false, error: 'systems[0].maxParticles: 1000000000 is above the limit 100000' });
    expect(store.json).toBe(before);
    expect(store.undoDepth).toBe(0);
  });

  it('never lets a command mutate the current document in place', () => {
    const store = DocumentStore.create(scene(), normalize);
    const doc = store.doc;
    store.edit('boom', (d) => {
      d.systems[0].name = 'changed';
      throw new Error('boom');
    });
    expect(doc.systems[0].name).toBe('a');
    expect(store.doc.systems[0].name).toBe('a');
  });

  it('replace is one undoable step', () => {
    const store = DocumentStore.create(scene(), normalize);
    store.edit('x', (d) => (d.systems[0].transform.x = 3), 'k');
    expect(store.replace(JSON.stringify({ version: 1, animations: [], systems: [], images: [], export: {} }), 'open').ok).toBe(true);
    expect(store.doc.systems).toHaveLength(0);
    store.undo();
    expect(store.doc.systems[0].transform.x).toBe(3);
  });

  it('holds 200+ undo steps', () => {
    const store = DocumentStore.create(scene(), normalize);
    for (let i = 1; i <= 220; i++) store.edit('step', (d) => (d.systems[0].transform.x = i));
    let n = 0;
    while (store.undo()) n++;
    expect(n).toBe(220);
    expect(store.doc.systems[0].transform.x).toBe(0);
  });
});
