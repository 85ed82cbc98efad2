import { describe, expect, it } from 'vitest';
import { History } from './history';

describe('History', () => {
  it('undoes and redoes single steps', () => {
    const h = new History('a');
    h.push('b', 'to b', null, 0);
    h.push('c', 'to c', null, 1);
    expect(h.undo()).toBe('b');
    expect(h.undo()).toBe('a');
    expect(h.undo()).toBeNull();
    expect(h.redo()).toBe('b');
    expect(h.redo()).toBe('c');
    expect(h.redo()).toBeNull();
  });

  it('coalesces a run of changes with the same key inside the window', () => {
    const h = new History('0');
    for (let i = 1; i <= 20; i++) h.push(String(i), 'drag', 'sys0.x', i * 50);
    expect(h.undoDepth).toBe(1);
    expect(h.current).toBe('20');
    expect(h.undo()).toBe('0');
  });

  it('does not coalesce different keys, gaps past the window, or after a break', () => {
    const h = new History('0');
    h.push('1', 'x', 'a', 0);
    h.push('2', 'y', 'b', 10);
    expect(h.undoDepth).toBe(2);
    h.push('3', 'y', 'b', 5000);
    expect(h.undoDepth).toBe(3);
    h.breakCoalescing();
    h.push('4', 'y', 'b', 5010);
    expect(h.undoDepth).toBe(4);
  });

  it('a coalesced run that returns to its start vanishes', () => {
    const h = new History('5');
    h.push('55', 'type', 'k', 0);
    h.push('5', 'type', 'k', 10);
    expect(h.undoDepth).toBe(0);
    expect(h.current).toBe('5');
  });

  it('a new change clears the redo branch and never coalesces into an undone step', () => {
    const h = new History('a');
    h.push('b', 'b', 'k', 0);
    h.undo();
    h.push('c', 'c', 'k', 1);
    expect(h.redoDepth).toBe(0);
    expect(h.undoDepth).toBe(1);
    expect(h.undo()).toBe('a');
  });

  it('ignores no-op changes', () => {
    const h = new History('a');
    expect(h.push('a', 'same')).toBe(false);
    expect(h.undoDepth).toBe(0);
  });

  it('keeps at least 200 steps and drops the oldest past the limit', () => {
    const h = new History('0', { limit: 250 });
    for (let i = 1; i <= 300; i++) h.push(String(i), 'step', null, i);
    expect(h.undoDepth).toBe(250);
    let last: string | null = null;
    for (let i = 0; i < 250; i++) last = h.undo();
    expect(last).toBe('50');
    expect(h.undo()).toBeNull();
  });

  it('reports labels of the steps undo and redo would apply', () => {
    const h = new History('a');
    h.push('b', 'rename', null, 0);
    expect(h.undoLabel).toBe('rename');
    h.undo();
    expect(h.redoLabel).toBe('rename');
  });
});
