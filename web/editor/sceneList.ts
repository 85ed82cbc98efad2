// Scene list: the particle systems in draw order, with select, eye (hide), rename, add,
// duplicate, delete and reorder; below them the file-backed scene objects — the Spine skeletons
// and the MS3D models placed in the scene — with select (opens their panel), eye, rename and
// delete. Names are shown as text, never as markup.

import { deleteSystem, listCopyInColliders, renameSystem, systemNameFree, uniqueName } from '../document/names';
import { t } from '../i18n';
import type { ParticleSystem, Scene } from '../document/types';
import type { EditorContext } from './context';
import { clear, h } from '../ui/dom';
import { icon, type IconName } from '../ui/icons';
import type { MessageKey } from '../i18n';

/** What the scene list needs for a kind of file-backed object (web/skeleton/skeletons.ts,
 * web/models/objects.ts). */
export interface ObjectListHost {
  /** Name of the selected object, or null. */
  selectedName(): string | null;
  /** Index of the selected object (when names may repeat), or -1; else matched by name. */
  selectedIndex?(): number;
  /** Selects object `index` (opens its panel). */
  select(index: number): Promise<void> | void;
  /** Renames object `index`; false when refused. */
  rename(index: number, name: string): boolean;
  /** Removes object `index`. */
  remove(index: number): void;
  /** Shows or hides object `index`. */
  toggleVisible(index: number): void;
  /** Why object `name` does not play, or null. */
  problem(name: string): string | null;
  /** The section's add menu (colliders, paths): its label, its choices and what a pick does. */
  readonly addMenu?: { label: MessageKey; choices: readonly (readonly [string, MessageKey])[]; pick(value: string): void };
}

/** The skeletons' list host. */
export type SkeletonListHost = ObjectListHost;

/** How a kind of object is listed: its list id, class and action names, icon and labels. */
interface ObjectKind {
  kind: 'skeleton' | 'model' | 'collider' | 'path';
  heading: MessageKey;
  icon: IconName;
  iconTitle: MessageKey;
  deleteTitle: MessageKey;
}

const SKELETONS: ObjectKind = { kind: 'skeleton', heading: 'skeletons', icon: 'skeleton', iconTitle: 'skeletonIcon', deleteTitle: 'deleteSkeleton' };
const MODELS: ObjectKind = { kind: 'model', heading: 'models', icon: 'model', iconTitle: 'modelIcon', deleteTitle: 'deleteModel' };
const COLLIDERS: ObjectKind = { kind: 'collider', heading: 'colliders', icon: 'collider', iconTitle: 'colliderIcon', deleteTitle: 'deleteCollider' };
const PATHS: ObjectKind = { kind: 'path', heading: 'paths', icon: 'path', iconTitle: 'pathIcon', deleteTitle: 'deletePath' };

/** The scene list panel. */
export class SceneListPanel {
  private renaming = -1;
  private renamingObject: { kind: ObjectKind['kind']; index: number } | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly ctx: EditorContext,
    private readonly newSystem: () => ParticleSystem,
    private readonly skeletons: ObjectListHost | null = null,
    private readonly models: ObjectListHost | null = null,
    private readonly colliders: ObjectListHost | null = null,
    private readonly paths: ObjectListHost | null = null,
  ) {}

  /** Redraws from `doc`. */
  update(doc: Scene): void {
    clear(this.root);
    const sel = this.ctx.selected();
    this.root.appendChild(
      h('div', { class: 'panel-head' },
        h('h2', {}, t('systems')),
        h('button', { type: 'button', id: 'add-system', class: 'small', onclick: () => this.add() }, t('add')),
        h('button', { type: 'button', id: 'duplicate-system', class: 'small', title: `${t('duplicate')} (Ctrl+D)`, disabled: sel < 0, onclick: () => this.duplicate() }, t('duplicate')),
        h('button', { type: 'button', id: 'delete-system', class: 'small danger', disabled: sel < 0, onclick: () => this.remove() }, t('delete')),
      ),
    );
    const list = h('ul', { class: 'system-list', id: 'system-list', role: 'listbox' });
    doc.systems.forEach((sys, i) => list.appendChild(this.item(sys, i, i === sel, doc.systems.length)));
    if (doc.systems.length === 0) list.appendChild(h('li', { class: 'hint' }, t('noSystems')));
    this.root.appendChild(list);
    this.objectSection(SKELETONS, this.skeletons, doc.skeletons);
    this.objectSection(MODELS, this.models, doc.models);
    this.objectSection(COLLIDERS, this.colliders, doc.colliders ?? []);
    this.objectSection(PATHS, this.paths, doc.paths ?? []);
  }

  private objectSection(kind: ObjectKind, host: ObjectListHost | null, entries: readonly { name: string; visible: boolean }[]): void {
    if (host === null || (entries.length === 0 && host.addMenu === undefined)) return;
    this.root.appendChild(h('div', { class: 'panel-head' }, h('h2', {}, t(kind.heading)), host.addMenu === undefined ? null : addMenu(kind.kind, host.addMenu)));
    const list = h('ul', { class: `system-list ${kind.kind}-list`, id: `${kind.kind}-list`, role: 'listbox' });
    const selectedName = host.selectedName();
    const selectedIndex = host.selectedIndex?.() ?? null;
    entries.forEach((k, i) => list.appendChild(this.objectItem(kind, host, k, i, selectedIndex === null ? k.name === selectedName : i === selectedIndex)));
    this.root.appendChild(list);
  }

  private objectItem(kind: ObjectKind, host: ObjectListHost, k: { name: string; visible: boolean }, i: number, selected: boolean): HTMLElement {
    const eye = eyeButton(k.visible, () => host.toggleVisible(i), { 'data-action': `toggle-${kind.kind}` });
    let label: HTMLElement;
    if (this.renamingObject?.kind === kind.kind && this.renamingObject.index === i) {
      label = renameField(k.name, (commit, value) => {
        if (this.renamingObject?.kind !== kind.kind || this.renamingObject.index !== i) return;
        this.renamingObject = null;
        if (!(commit && value !== k.name && host.rename(i, value))) this.update(this.ctx.store.doc);
      });
    } else {
      label = h('span', { class: 'name', title: t('renameHint') }, k.name);
      label.addEventListener('dblclick', () => this.startObjectRename(kind, i));
    }
    const problem = host.problem(k.name);
    return h('li', {
      class: `system ${kind.kind}${selected ? ' selected' : ''}${k.visible ? '' : ' hidden'}`,
      role: 'option',
      'aria-selected': String(selected),
      'data-index': i,
      'data-name': k.name,
      onclick: () => void host.select(i),
    },
      eye,
      h('span', { class: 'object-icon', title: t(kind.iconTitle) }, icon(kind.icon)),
      label,
      problem === null ? null : h('span', { class: 'warn-tag', title: problem, 'data-role': `${kind.kind}-problem` }, '!'),
      h('button', { type: 'button', class: 'icon', title: t('rename'), 'data-action': `rename-${kind.kind}`, onclick: (e: Event) => { e.stopPropagation(); this.startObjectRename(kind, i); } }, '✎'),
      h('button', { type: 'button', class: 'icon danger', title: t(kind.deleteTitle), 'data-action': `delete-${kind.kind}`, onclick: (e: Event) => { e.stopPropagation(); host.remove(i); } }, '✕'),
    );
  }

  private startObjectRename(kind: ObjectKind, i: number): void {
    this.renamingObject = { kind: kind.kind, index: i };
    this.update(this.ctx.store.doc);
  }

  private item(sys: ParticleSystem, i: number, selected: boolean, count: number): HTMLElement {
    const eye = eyeButton(sys.visible, () => this.ctx.edit(sys.visible ? t('hide') : t('show'), (d) => (d.systems[i].visible = !d.systems[i].visible)));
    let label: HTMLElement;
    if (this.renaming === i) {
      label = renameField(sys.name, (commit, value) => {
        if (this.renaming !== i) return;
        this.renaming = -1;
        const name = value.trim();
        if (commit && name !== sys.name) {
          this.ctx.edit(t('rename'), (d) => {
            if (!systemNameFree(d, i, name)) throw new Error(t('objectNameTaken', { name }));
            renameSystem(d, i, name);
          });
        }
        // Also after a refused name, which changes nothing that would redraw the list.
        this.update(this.ctx.store.doc);
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
    const edited = this.ctx.edit(t('duplicate'), (d) => {
      d.systems.splice(i + 1, 0, copy);
      listCopyInColliders(d, src.name, copy.name);
    });
    if (edited) this.ctx.select(i + 1);
  }

  private remove(): void {
    const i = this.ctx.selected();
    if (i < 0) return;
    if (this.ctx.edit(t('delete'), (d) => deleteSystem(d, i))) {
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

/** A section's add menu: picking a choice runs it and shows the label again. */
function addMenu(kind: string, menu: NonNullable<ObjectListHost['addMenu']>): HTMLSelectElement {
  const select = h('select', { class: 'small add-object', id: `add-${kind}`, 'aria-label': t(menu.label) },
    h('option', { value: '' }, t(menu.label)),
    ...menu.choices.map(([value, label]) => h('option', { value }, t(label))));
  select.addEventListener('change', () => {
    const value = select.value;
    select.value = '';
    if (value !== '') menu.pick(value);
  });
  return select;
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
