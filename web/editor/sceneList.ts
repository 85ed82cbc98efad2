// Scene list: the particle systems in draw order, with select, eye (hide), rename, add,
// duplicate, delete and reorder; below them the Spine skeletons placed in the scene, with
// select (opens the skeleton panel), eye, rename and delete. Names are shown as text, never as
// markup.

import { uniqueName } from '../document/names';
import { t } from '../i18n';
import type { ParticleSystem, Scene, SkeletonObject } from '../document/types';
import type { EditorContext } from './context';
import { clear, h } from '../ui/dom';
import { icon } from '../ui/icons';

/** What the scene list needs for the skeletons (web/skeleton/skeletons.ts). */
export interface SkeletonListHost {
  /** Name of the selected skeleton, or null. */
  selectedName(): string | null;
  /** Selects skeleton `index` (opens its panel). */
  select(index: number): Promise<void> | void;
  /** Renames skeleton `index`; false when refused. */
  rename(index: number, name: string): boolean;
  /** Removes skeleton `index`. */
  remove(index: number): void;
  /** Shows or hides skeleton `index`. */
  toggleVisible(index: number): void;
  /** Why skeleton `name` does not play, or null. */
  problem(name: string): string | null;
}

/** The scene list panel. */
export class SceneListPanel {
  private renaming = -1;
  private renamingSkeleton = -1;

  constructor(
    private readonly root: HTMLElement,
    private readonly ctx: EditorContext,
    private readonly newSystem: () => ParticleSystem,
    private readonly skeletons: SkeletonListHost | null = null,
  ) {}

  /** Redraws from `doc`. */
  update(doc: Scene): void {
    clear(this.root);
    const sel = this.ctx.selected();
    this.root.appendChild(
      h('div', { class: 'panel-head' },
        h('h2', {}, t('systems')),
        h('button', { type: 'button', id: 'add-system', class: 'small', onclick: () => this.add() }, t('add')),
        h('button', { type: 'button', id: 'duplicate-system', class: 'small', disabled: sel < 0, onclick: () => this.duplicate() }, t('duplicate')),
        h('button', { type: 'button', id: 'delete-system', class: 'small danger', disabled: sel < 0, onclick: () => this.remove() }, t('delete')),
      ),
    );
    const list = h('ul', { class: 'system-list', id: 'system-list', role: 'listbox' });
    doc.systems.forEach((sys, i) => list.appendChild(this.item(sys, i, i === sel, doc.systems.length)));
    if (doc.systems.length === 0) list.appendChild(h('li', { class: 'hint' }, t('noSystems')));
    this.root.appendChild(list);
    if (this.skeletons !== null && doc.skeletons.length > 0) {
      this.root.appendChild(h('div', { class: 'panel-head' }, h('h2', {}, t('skeletons'))));
      const skels = h('ul', { class: 'system-list skeleton-list', id: 'skeleton-list', role: 'listbox' });
      const selectedName = this.skeletons.selectedName();
      doc.skeletons.forEach((k, i) => skels.appendChild(this.skeletonItem(this.skeletons as SkeletonListHost, k, i, k.name === selectedName)));
      this.root.appendChild(skels);
    }
  }

  private skeletonItem(host: SkeletonListHost, k: SkeletonObject, i: number, selected: boolean): HTMLElement {
    const eye = eyeButton(k.visible, () => host.toggleVisible(i), { 'data-action': 'toggle-skeleton' });
    let label: HTMLElement;
    if (this.renamingSkeleton === i) {
      label = renameField(k.name, (commit, value) => {
        if (this.renamingSkeleton !== i) return;
        this.renamingSkeleton = -1;
        if (!(commit && value !== k.name && host.rename(i, value))) this.update(this.ctx.store.doc);
      });
    } else {
      label = h('span', { class: 'name', title: t('renameHint') }, k.name);
      label.addEventListener('dblclick', () => this.startSkeletonRename(i));
    }
    const problem = host.problem(k.name);
    return h('li', {
      class: `system skeleton${selected ? ' selected' : ''}${k.visible ? '' : ' hidden'}`,
      role: 'option',
      'aria-selected': String(selected),
      'data-index': i,
      'data-name': k.name,
      onclick: () => void host.select(i),
    },
      eye,
      h('span', { class: 'object-icon', title: t('skeletonIcon') }, icon('skeleton')),
      label,
      problem === null ? null : h('span', { class: 'warn-tag', title: problem, 'data-role': 'skeleton-problem' }, '!'),
      h('button', { type: 'button', class: 'icon', title: t('rename'), 'data-action': 'rename-skeleton', onclick: (e: Event) => { e.stopPropagation(); this.startSkeletonRename(i); } }, '✎'),
      h('button', { type: 'button', class: 'icon danger', title: t('deleteSkeleton'), 'data-action': 'delete-skeleton', onclick: (e: Event) => { e.stopPropagation(); host.remove(i); } }, '✕'),
    );
  }

  private startSkeletonRename(i: number): void {
    this.renamingSkeleton = i;
    this.update(this.ctx.store.doc);
  }

  private item(sys: ParticleSystem, i: number, selected: boolean, count: number): HTMLElement {
    const eye = eyeButton(sys.visible, () => this.ctx.edit(sys.visible ? t('hide') : t('show'), (d) => (d.systems[i].visible = !d.systems[i].visible)));
    let label: HTMLElement;
    if (this.renaming === i) {
      label = renameField(sys.name, (commit, value) => {
        if (this.renaming !== i) return;
        this.renaming = -1;
        if (commit && value !== sys.name) this.ctx.edit(t('rename'), (d) => (d.systems[i].name = value));
        else this.update(this.ctx.store.doc);
      });
    } else {
      label = h('span', { class: 'name', title: t('renameHint') }, sys.name === '' ? '—' : sys.name);
      label.addEventListener('dblclick', () => this.startRename(i));
    }
    return h('li', {
      class: `system${selected ? ' selected' : ''}${sys.visible ? '' : ' hidden'}`,
      role: 'option',
      'aria-selected': String(selected),
      'data-index': i,
      onclick: () => this.ctx.select(i),
    },
      eye,
      label,
      h('span', { class: 'blend-tag' }, sys.blend === 'normal' ? '' : t(`blend${sys.blend[0].toUpperCase()}${sys.blend.slice(1)}` as 'blendAdditive')),
      h('button', { type: 'button', class: 'icon', title: t('rename'), onclick: (e: Event) => { e.stopPropagation(); this.startRename(i); } }, '✎'),
      h('button', { type: 'button', class: 'icon', title: t('moveUp'), disabled: i === 0, onclick: (e: Event) => { e.stopPropagation(); this.move(i, -1); } }, '↑'),
      h('button', { type: 'button', class: 'icon', title: t('moveDown'), disabled: i === count - 1, onclick: (e: Event) => { e.stopPropagation(); this.move(i, 1); } }, '↓'),
    );
  }

  private startRename(i: number): void {
    this.renaming = i;
    this.ctx.select(i);
    this.update(this.ctx.store.doc);
  }

  private add(): void {
    const doc = this.ctx.store.doc;
    const sys = this.newSystem();
    sys.name = uniqueName(t('newSystemName'), doc.systems.map((s) => s.name));
    sys.seed = (doc.systems.length * 7919 + 1) >>> 0;
    if (doc.animations.length > 0 && !doc.animations.includes(sys.animation)) sys.animation = doc.animations[0];
    if (this.ctx.edit(t('add'), (d) => void d.systems.push(sys))) this.ctx.select(doc.systems.length);
  }

  private duplicate(): void {
    const i = this.ctx.selected();
    const doc = this.ctx.store.doc;
    const src = doc.systems[i];
    if (src === undefined) return;
    const copy = structuredClone(src);
    copy.name = uniqueName(`${src.name} ${t('copySuffix')}`, doc.systems.map((s) => s.name));
    copy.seed = (src.seed + 1) >>> 0;
    if (this.ctx.edit(t('duplicate'), (d) => void d.systems.splice(i + 1, 0, copy))) this.ctx.select(i + 1);
  }

  private remove(): void {
    const i = this.ctx.selected();
    if (i < 0) return;
    if (this.ctx.edit(t('delete'), (d) => void d.systems.splice(i, 1))) {
      this.ctx.select(Math.min(i, this.ctx.store.doc.systems.length - 1));
    }
  }

  private move(i: number, by: number): void {
    const j = i + by;
    if (this.ctx.edit(t('reorder'), (d) => {
      const [s] = d.systems.splice(i, 1);
      d.systems.splice(j, 0, s);
    })) this.ctx.select(j);
  }
}

/** The eye icon of a list entry: shows whether it is visible, `toggle` on click (not selecting). */
function eyeButton(visible: boolean, toggle: () => void, attrs: Record<string, string> = {}): HTMLElement {
  return h('button', {
    type: 'button',
    class: `icon eye${visible ? '' : ' off'}`,
    title: visible ? t('hide') : t('show'),
    'aria-label': visible ? t('hide') : t('show'),
    'aria-pressed': String(!visible),
    ...attrs,
    onclick: (e: Event) => {
      e.stopPropagation();
      toggle();
    },
  }, icon(visible ? 'eye' : 'eyeOff'));
}

/** An inline rename field, focused with its text selected: Enter or blur commits, Escape cancels. */
function renameField(value: string, finish: (commit: boolean, value: string) => void): HTMLInputElement {
  const input = h('input', { type: 'text', class: 'rename', value, maxlength: 200, 'aria-label': t('rename') });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') finish(true, input.value);
    if (e.key === 'Escape') finish(false, input.value);
    e.stopPropagation();
  });
  input.addEventListener('blur', () => finish(true, input.value));
  queueMicrotask(() => {
    input.focus();
    input.select();
  });
  return input;
}
