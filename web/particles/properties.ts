// Property panel of the selected system, built from the core's field schema (panel-plan.ts):
// each schema field gets the input of its kind with the schema's limits, unit and label; tagged
// objects get a kind selector, lists add / remove / reorder entries. Pickers whose choices come
// from the document (animation, textures, followed skeleton, bone and instance) are the only fields named
// here. Rebuilt when the structure changes (selection, kinds, list lengths, language);
// otherwise values refresh in place so typing keeps focus. Every write goes through ctx.edit.

import { t, type MessageKey } from '../i18n';
import { entryLabel, fieldLabel, hasUnsetOption, labelWithUnit, optionLabel, unitLabel } from '../i18n/field-labels';
import type { CurveKey, ParticleSystem, Scene } from '../document/types';
import type { EditorContext } from '../editor/context';
import { colliderActsOn, renameSystem, systemNameFree } from '../document/names';
import { clear, h } from '../ui/dom';
import { Form, type Choice } from '../ui/widgets';
import { curveField } from './curve-field';
import { followNotes, followPicker, followSignature } from './follow-section';
import { fieldLimits } from './limits';
import { getAt, headOf, newEntry, setAt, SYSTEM_PREFIX, systemPlan, type ListItem, type PanelItem, type TaggedItem } from './panel-plan';
import { responseOf, shapeOf, SHOWN_WHEN } from './shown';

type Obj = Record<string, unknown>;

/** Where an item's values live: the object in a document, its data-key and schema prefixes. */
interface Base {
  obj: (d: Scene) => Obj | undefined;
  key: string;
  schema: string;
}

/** The path a system follows: a menu of the scene's paths (first in its section), the other path
 * fields shown once one is chosen. */
const PATH_FOLLOW_PATH = `${SYSTEM_PREFIX}pathFollow.path`;
/** The follow section's menus of skeletons, bones and instances (follow-section.ts). */
const FOLLOW_PICKERS = ['skeleton', 'bone', 'instance'].map((f) => `${SYSTEM_PREFIX}follow.${f}`);
/** The rotation mode menu (it also shows and clears the legacy `alignToVelocity`). */
const ROTATION_MODE = `${SYSTEM_PREFIX}rotationMode`;

/** The property panel. */
export class PropertiesPanel {
  private form: Form | null = null;
  private signature = '';
  /** Index of the system the panel was last built for (−1: none). */
  private shown = -1;
  private readonly closed = new Set<string>();
  /** Names of the scene's paths (what a system can follow). */
  private pathNames: string[] = [];
  /** Whether any collider of the scene acts on the selected system (else the collision section says so). */
  private collides = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly ctx: EditorContext,
  ) {}

  /** Shows the selected system of `doc`. */
  update(doc: Scene): void {
    const index = this.ctx.selected();
    const sys = index >= 0 ? doc.systems[index] : undefined;
    const skeletons = followSignature(this.ctx.followSkeletons());
    this.pathNames = (doc.paths ?? []).map((p) => p.name);
    this.collides = sys !== undefined && (doc.colliders ?? []).some((c) => colliderActsOn(c, sys.name));
    const signature = JSON.stringify([index, shapeOf(sys), skeletons, doc.animations, doc.images.map((i) => i.path), this.pathNames, this.collides]);
    if (signature !== this.signature || this.form === null) {
      // A rebuild of the same system (a key, a force or a burst added or removed) keeps the
      // panel where the user was: emptying it would scroll its column to the top.
      const scroller = this.root.closest<HTMLElement>('.panel');
      const top = index === this.shown ? (scroller?.scrollTop ?? 0) : 0;
      this.signature = signature;
      this.shown = index;
      this.build(index, sys);
      if (scroller !== null) scroller.scrollTop = top;
    }
    this.form?.refresh(doc);
  }

  /** Forces a rebuild (language change). */
  invalidate(): void {
    this.signature = '';
  }

  private build(i: number, sys: ParticleSystem | undefined): void {
    clear(this.root);
    this.root.appendChild(h('h2', {}, t('properties')));
    const form = new Form(this.ctx);
    this.form = form;
    if (sys === undefined) {
      this.root.appendChild(h('p', { class: 'hint' }, t('noSelection')));
      return;
    }
    const base: Base = { obj: (d) => d.systems[i] as unknown as Obj | undefined, key: `systems[${i}].`, schema: SYSTEM_PREFIX };
    for (const section of systemPlan(this.ctx.engine.fieldSchema())) {
      const body = h('div', { class: 'section-body' });
      const open = !this.closed.has(section.id) && (section.id !== 'follow' || sys.follow !== undefined || this.ctx.followSkeletons().size > 0);
      const details = h('details', { class: 'section', open, 'data-section': section.id }, h('summary', {}, t(`sec_${section.id}` as MessageKey)), body);
      // A section the user closed stays closed across rebuilds.
      details.addEventListener('toggle', () => void (details.open ? this.closed.delete(section.id) : this.closed.add(section.id)));
      this.root.appendChild(details);
      const items = section.id === 'pathFollow' ? [...section.items].sort((a, b) => Number(b.rel === 'pathFollow.path') - Number(a.rel === 'pathFollow.path')) : section.items;
      for (const item of items) {
        const shown = SHOWN_WHEN[item.rel] ?? SHOWN_WHEN[headOf(item.rel)];
        if (shown === undefined || shown(sys, item.rel)) this.item(body, form, item, base, sys);
      }
      if (section.id === 'follow') followNotes(body, this.ctx.followSkeletons(), sys);
      if (section.id === 'pathFollow' && this.pathNames.length === 0 && sys.pathFollow === undefined) body.append(h('p', { class: 'hint' }, t('pathFollowNoPath')));
      if (section.id === 'collision' && !this.collides && responseOf(sys) !== 'none') body.append(h('p', { class: 'hint', 'data-hint': 'no-collider' }, t('collisionNoCollider')));
    }
  }

  /** Appends the input(s) of `item` to `parent`. */
  private item(parent: HTMLElement, form: Form, item: PanelItem, base: Base, sys: ParticleSystem): void {
    if (item.type === 'tagged') return this.tagged(parent, form, item, base, sys);
    if (item.type === 'list') return this.list(parent, form, item, base, sys);
    const f = item.field;
    const path = base.schema + item.rel;
    const key = base.key + item.rel;
    const label = labelWithUnit(path, f.unit);
    const get = (d: Scene): unknown => getAt(base.obj(d), item.rel) ?? f.default;
    const set = (d: Scene, v: unknown): void => {
      const obj = base.obj(d);
      if (obj === undefined) throw new Error(t('systemGone'));
      setAt(obj, item.rel, v);
    };
    if (FOLLOW_PICKERS.includes(path)) {
      const S = (d: Scene): ParticleSystem => {
        const s = base.obj(d) as unknown as ParticleSystem | undefined;
        if (s === undefined) throw new Error(t('systemGone'));
        return s;
      };
      return followPicker(parent, form, this.ctx.followSkeletons(), path, label, key, S, sys);
    }
    if (sys.follow === undefined && item.rel.startsWith('follow.')) return;
    if (path === PATH_FOLLOW_PATH) return this.pathPicker(parent, form, label, key, base, sys);
    if (sys.pathFollow === undefined && item.rel.startsWith('pathFollow.')) return;
    switch (f.kind) {
      case 'number':
      case 'integer':
        parent.append(withPath(form.number(label, (d) => Number(get(d) ?? 0), set, key, fieldLimits(f)), path));
        return;
      case 'range': {
        const limits = fieldLimits(f);
        const end = (d: Scene, e: 'min' | 'max'): number => Number((get(d) as { min: number; max: number } | undefined)?.[e] ?? 0);
        const setEnd = (e: 'min' | 'max') => (d: Scene, v: number) => set(d, { min: end(d, 'min'), max: end(d, 'max'), [e]: v });
        parent.append(
          withPath(h('label', { class: 'row' }, h('span', { class: 'label' }, label),
            form.numberInput(`${label} ${t('min')}`, (d) => end(d, 'min'), setEnd('min'), `${key}.min`, limits),
            form.numberInput(`${label} ${t('max')}`, (d) => end(d, 'max'), setEnd('max'), `${key}.max`, limits)), path),
        );
        return;
      }
      case 'bool':
        parent.append(form.check(label, (d) => get(d) === true, set, key));
        return;
      case 'choice': {
        // "Unset" (the field absent) is a choice of its own where it has a label; otherwise a
        // field absent by default means its first option, and choosing that option removes it
        // again, as the core saves it.
        const unset = hasUnsetOption(path);
        const choices: Choice[] = [...(unset ? [''] : []), ...f.options].map((o) => [o, optionLabel(path, o)]);
        const write = (d: Scene, v: string): void => set(d, v === '' || (f.default === undefined && !unset && v === f.options[0]) ? undefined : v);
        if (path === ROTATION_MODE) {
          // `alignToVelocity: true` (older documents) is the velocity mode whatever
          // `rotationMode` says, as the core reads it: show that, and clear the flag with a choice.
          const legacy = (d: Scene): boolean => base.obj(d)?.alignToVelocity === true;
          const shown = (d: Scene): string => (legacy(d) ? 'velocity' : String(get(d) ?? f.options[0]));
          const choose = (d: Scene, v: string): void => {
            if (legacy(d)) setAt(base.obj(d) as Obj, 'alignToVelocity', false);
            write(d, v);
          };
          parent.append(form.select(label, choices, shown, choose, key));
          return;
        }
        parent.append(form.select(label, choices, (d) => String(get(d) ?? (unset ? '' : f.options[0])), write, key));
        return;
      }
      case 'colour':
        parent.append(h('label', { class: 'row' }, h('span', { class: 'label' }, label), form.colorInput(label, (d) => String(get(d) ?? '#ffffff'), set, key)));
        return;
      case 'curve':
      case 'gradient': {
        const keyLimit = this.ctx.engine.fieldSchema().fields.find((x) => x.path === `${SYSTEM_PREFIX}scaleCurve[]`)?.max ?? 64;
        parent.append(
          // The editor shows the unit itself (title and read-out): the label without it.
          curveField({ ctx: this.ctx, label: fieldLabel(path), key, kind: f.kind, limits: fieldLimits(f), unit: unitLabel(f.unit), axis: f.axis, maxKeys: keyLimit, get: (d) => get(d) as CurveKey[] | undefined, set: (d, v) => set(d, v.length === 0 && f.default === undefined ? undefined : v) }),
        );
        return;
      }
      case 'text':
        if (item.rel === 'animation') {
          const choices: Choice[] = this.ctx.store.doc.animations.map((a) => [a, a]);
          parent.append(form.select(label, choices, (d) => String(get(d) ?? ''), set, key));
        } else if (path === `${SYSTEM_PREFIX}name`) {
          // A rename carries the system's place in the colliders that list it by name.
          const rename = (d: Scene, v: unknown): void => {
            const obj = base.obj(d);
            if (obj === undefined) throw new Error(t('systemGone'));
            const index = d.systems.indexOf(obj as unknown as ParticleSystem);
            const name = String(v).trim();
            if (!systemNameFree(d, index, name)) throw new Error(t('objectNameTaken', { name }));
            renameSystem(d, index, name);
          };
          parent.append(form.text(label, (d) => String(get(d) ?? ''), rename, key));
        } else parent.append(form.text(label, (d) => String(get(d) ?? ''), set, key));
        return;
      case 'list':
        return;
    }
  }

  /** A tagged object: kind selector, then the active kind's fields. */
  private tagged(parent: HTMLElement, form: Form, item: TaggedItem, base: Base, sys: ParticleSystem): void {
    const kindPath = `${base.schema}${item.rel}.kind`;
    const current = getAt(base.obj(this.ctx.store.doc), item.rel) as Obj | undefined;
    const kind = String(current?.kind ?? item.kind.default ?? item.kind.options[0]);
    const choices: Choice[] = item.kind.options.map((o) => [o, optionLabel(kindPath, o)]);
    parent.append(
      form.select(fieldLabel(kindPath), choices, (d) => String((getAt(base.obj(d), item.rel) as Obj | undefined)?.kind ?? kind), (d, v) => {
        const obj = base.obj(d);
        if (obj !== undefined && (getAt(obj, item.rel) as Obj | undefined)?.kind !== v) setAt(obj, item.rel, newEntry(item.variants.get(v) ?? [], v));
      }, `${base.key}${item.rel}.kind`),
    );
    const inner: Base = { obj: (d) => getAt(base.obj(d), item.rel) as Obj | undefined, key: `${base.key}${item.rel}.`, schema: `${base.schema}${item.rel}(${kind}).` };
    const fields = item.variants.get(kind) ?? [];
    // An edge band's thickness matters only for an edge-only shape (an arc has no `edge`: its band
    // always shows), so it is shown once `edge` is on.
    const hasEdge = fields.some((it) => it.type === 'field' && it.rel === 'edge');
    for (const it of fields) {
      if (hasEdge && it.rel === 'thicknessPx' && current?.edge !== true) continue;
      this.item(parent, form, it, inner, sys);
    }
  }

  /** A list: its entries (each with move and remove buttons) and an add button or kind menu. */
  private list(parent: HTMLElement, form: Form, item: ListItem, base: Base, sys: ParticleSystem): void {
    const path = base.schema + item.rel;
    const entries = (d: Scene): unknown[] => (getAt(base.obj(d), item.rel) as unknown[] | undefined) ?? [];
    const edit = (label: string, fn: (list: unknown[]) => void): void => {
      this.ctx.edit(label, (d) => {
        const obj = base.obj(d);
        if (obj === undefined) throw new Error(t('systemGone'));
        const list = entries(d);
        fn(list);
        setAt(obj, item.rel, list.length === 0 && item.list?.default === undefined ? undefined : list);
      });
    };
    if (item.value !== undefined) return this.images(parent, form, item, base, edit);
    const now = entries(this.ctx.store.doc);
    const max = item.list?.max ?? Infinity;
    const box = h('div', { class: 'list', 'data-list': base.key + item.rel }, h('div', { class: 'list-title' }, fieldLabel(path)));
    now.forEach((entry, n) => {
      const kind = item.kind === undefined ? undefined : String((entry as Obj).kind);
      // One entry's title names one entry ("Burst 2"), not the list ("Bursts 2").
      const one = entryLabel(path);
      const title = kind === undefined ? `${one.charAt(0).toUpperCase()}${one.slice(1)} ${n + 1}` : `${n + 1}. ${optionLabel(`${path}[].kind`, kind)}`;
      const fields = kind === undefined ? item.entry : (item.variants.get(kind) ?? []);
      const entryBox = h('div', { class: 'entry', 'data-entry': `${base.key}${item.rel}[${n}]` },
        h('div', { class: 'row' }, h('span', { class: 'label' }, title),
          h('button', { type: 'button', class: 'icon', title: t('moveUp'), disabled: n === 0, onclick: () => edit(t('reorder'), (l) => swap(l, n, n - 1)) }, '↑'),
          h('button', { type: 'button', class: 'icon', title: t('moveDown'), disabled: n === now.length - 1, onclick: () => edit(t('reorder'), (l) => swap(l, n, n + 1)) }, '↓'),
          h('button', { type: 'button', class: 'icon', title: t('remove'), onclick: () => edit(t('removeEntry', { name: title }), (l) => void l.splice(n, 1)) }, '✕')));
      const inner: Base = { obj: (d) => entries(d)[n] as Obj | undefined, key: `${base.key}${item.rel}[${n}].`, schema: `${path}[]${kind === undefined ? '' : `(${kind})`}.` };
      for (const it of fields) this.item(entryBox, form, it, inner, sys);
      box.appendChild(entryBox);
    });
    const full = now.length >= max;
    if (item.kind === undefined) {
      box.appendChild(h('button', { type: 'button', class: 'small', disabled: full, onclick: () => edit(t('addEntry', { name: entryLabel(path) }), (l) => void l.push(newEntry(item.entry))) }, t('addEntry', { name: entryLabel(path) })));
    } else {
      const kinds = item.kind;
      const menu = h('select', { 'aria-label': t('addEntry', { name: entryLabel(path) }), 'data-add': base.key + item.rel, disabled: full },
        h('option', { value: '' }, t('addEntry', { name: entryLabel(path) })),
        ...kinds.options.map((o) => h('option', { value: o }, optionLabel(`${path}[].kind`, o))));
      menu.addEventListener('change', () => {
        const kind = menu.value;
        menu.value = '';
        if (kind !== '') edit(t('addEntry', { name: optionLabel(`${path}[].kind`, kind) }), (l) => void l.push(newEntry(item.variants.get(kind) ?? [], kind)));
      });
      box.appendChild(menu);
    }
    parent.append(box);
  }

  /** A list of image references (`textures`, a trail's images): a picker of the built-in and
   * scene images per entry. A list that starts with an image keeps at least one. */
  private images(parent: HTMLElement, form: Form, item: ListItem, base: Base, edit: (label: string, fn: (l: unknown[]) => void) => void): void {
    const path = base.schema + item.rel;
    const choices: Choice[] = this.ctx.textureChoices().map((c) => [c, c]);
    const loaded = this.ctx.engine.imagePaths();
    const missing = new Set(this.ctx.store.doc.images.filter((im) => !loaded.includes(im.path)).map((im) => im.path));
    const list = (getAt(base.obj(this.ctx.store.doc), item.rel) as string[] | undefined) ?? [];
    const fewest = Array.isArray(item.list?.default) && item.list.default.length > 0 ? 1 : 0;
    const box = h('div', { class: 'list', 'data-list': base.key + item.rel }, h('div', { class: 'list-title' }, fieldLabel(path)));
    list.forEach((tex, n) => {
      box.append(
        h('div', { class: 'row keyrow' },
          form.selectInput(`${fieldLabel(`${path}[]`)} ${n + 1}`, choices, (d) => String((getAt(base.obj(d), item.rel) as string[] | undefined)?.[n] ?? ''), (d, v) => setAt(base.obj(d) ?? {}, `${item.rel}[${n}]`, v), `${base.key}${item.rel}[${n}]`),
          missing.has(tex) ? h('span', { class: 'badge warn', title: t('imageMissing') }, '!') : null,
          h('button', { type: 'button', class: 'icon', title: t('moveUp'), disabled: n === 0, onclick: () => edit(t('reorderTextures'), (l) => swap(l, n, n - 1)) }, '↑'),
          h('button', { type: 'button', class: 'icon', title: t('remove'), disabled: list.length <= fewest, onclick: () => edit(t('removeTexture'), (l) => void l.splice(n, 1)) }, '✕'),
        ),
      );
    });
    const full = list.length >= (item.list?.max ?? Infinity);
    box.append(h('button', { type: 'button', class: 'small', disabled: full, onclick: () => edit(t('addTexture'), (l) => void l.push(l[l.length - 1] ?? item.value?.default ?? choices[0]?.[0])) }, t('addTexture')));
    if (item.rel === 'textures') box.append(h('p', { class: 'hint' }, t('dropHint')));
    parent.append(box);
  }

  /**
   * The path the system follows: none (no `pathFollow`), one of the scene's paths, or a name the
   * scene does not have (kept, marked). Choosing a path first creates `pathFollow` with the
   * schema's defaults; choosing none removes it.
   */
  private pathPicker(parent: HTMLElement, form: Form, label: string, key: string, base: Base, sys: ParticleSystem): void {
    const current = sys.pathFollow?.path;
    const choices: Choice[] = [['', t('pathFollowNone')], ...this.pathNames.map((n): Choice => [n, n])];
    if (current !== undefined && !this.pathNames.includes(current)) choices.push([current, t('pathFollowMissing', { name: current })]);
    // The section's fields with their schema defaults, as a new list entry is made.
    const defaults = (): ParticleSystem['pathFollow'] => {
      const items = systemPlan(this.ctx.engine.fieldSchema()).find((sec) => sec.id === 'pathFollow')?.items ?? [];
      return (newEntry(items) as Partial<ParticleSystem>).pathFollow;
    };
    const setPath = (d: Scene, name: string): void => {
      const s = base.obj(d) as unknown as ParticleSystem | undefined;
      if (s === undefined) throw new Error(t('systemGone'));
      if (name === '') {
        delete s.pathFollow;
        return;
      }
      s.pathFollow = { ...(s.pathFollow ?? defaults()), path: name } as ParticleSystem['pathFollow'];
    };
    const get = (d: Scene): string => (base.obj(d) as unknown as ParticleSystem | undefined)?.pathFollow?.path ?? '';
    parent.append(form.select(label, choices, get, setPath, key));
  }
}


/** Marks the inputs of `row` with their schema path (`data-path`: tests compare limits). */
function withPath(row: HTMLElement, path: string): HTMLElement {
  for (const input of row.querySelectorAll('input')) input.dataset.path = path;
  return row;
}

function swap(list: unknown[], a: number, b: number): void {
  const tmp = list[a];
  list[a] = list[b];
  list[b] = tmp;
}
