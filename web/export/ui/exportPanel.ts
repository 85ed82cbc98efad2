// Export settings panel: the document's `export` settings (undoable like every change), the
// project's list of 所属动画 names, and the download of the built-in textures the scene uses (the
// export names them; their files exist only in the editor: web/export/builtin-images.ts).

import { t } from '../../i18n';
import type { Scene } from '../../document/types';
import type { DocumentContext } from '../../document/context';
import { clear, h } from '../../ui/dom';
import { Form } from '../../ui/widgets';

/** Splits an animation list typed one per line: trimmed, empty lines and duplicates dropped. */
export function parseAnimationList(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const name = line.trim();
    if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The built-in textures of the scene, for the panel's download. */
export interface BuiltinImages {
  /** Names of the built-in textures `doc` uses. */
  used(doc: Scene): string[];
  /** Downloads them (a ZIP of `NAME.png`). */
  download(names: string[]): void;
}

/** The export settings panel. */
export class ExportPanel {
  private form: Form | null = null;
  private animations: HTMLTextAreaElement | null = null;
  private builtinButton: HTMLButtonElement | null = null;
  private builtinHint: HTMLElement | null = null;
  private builtinNames: string[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly ctx: DocumentContext,
    private readonly builtins: BuiltinImages | null = null,
  ) {}

  /** Rebuilds (language change). */
  build(): void {
    clear(this.root);
    const form = new Form(this.ctx);
    this.form = form;
    const key = (f: string): string => `export.${f}`;
    this.root.append(
      h('h2', {}, t('exportSettings')),
      form.text(t('imagesPath'), (d) => d.export.imagesPath, (d, v) => (d.export.imagesPath = v), key('imagesPath')),
      form.select(t('spineVersion'), [['4.2', '4.2']], (d) => d.export.spineVersion, (d, v) => (d.export.spineVersion = v as '4.2'), key('spineVersion')),
      form.select(t('curveKind'), [['linear', t('curveLinear')], ['bezier', t('curveBezier')]], (d) => d.export.curve, (d, v) => (d.export.curve = v as 'linear' | 'bezier'), key('curve')),
      form.number(t('exportFps'), (d) => d.export.fps, (d, v) => (d.export.fps = v), key('fps'), { min: 1, max: 240, integer: true }),
      form.check(t('omitFps'), (d) => d.export.omitFps, (d, v) => (d.export.omitFps = v), key('omitFps')),
      form.check(t('integerFrames'), (d) => d.export.integerFrames, (d, v) => (d.export.integerFrames = v), key('integerFrames')),
      form.check(t('bonePool'), (d) => d.export.bonePool, (d, v) => (d.export.bonePool = v), key('bonePool')),
      form.check(t('excludeEmpty'), (d) => d.export.excludeEmptyAnimations, (d, v) => (d.export.excludeEmptyAnimations = v), key('excludeEmptyAnimations')),
      form.text(t('fileName'), (d) => d.export.fileName, (d, v) => (d.export.fileName = v), key('fileName')),
    );
    const area = h('textarea', { id: 'animation-list', rows: 4, 'aria-label': t('animationList'), spellcheck: 'false' });
    area.addEventListener('change', () => {
      const names = parseAnimationList(area.value);
      if (names.length === 0) {
        this.ctx.message('error', t('animationListEmpty'));
        area.value = this.ctx.store.doc.animations.join('\n');
        return;
      }
      this.ctx.edit(t('animationList'), (d) => {
        d.animations = names;
        for (const s of d.systems) if (!names.includes(s.animation)) s.animation = names[0];
      });
    });
    this.animations = area;
    this.root.append(h('label', { class: 'row column' }, h('span', { class: 'label' }, t('animationList')), area, h('span', { class: 'hint' }, t('animationListHint'))));
    if (this.builtins !== null) {
      const builtins = this.builtins;
      this.builtinButton = h('button', { type: 'button', id: 'builtin-images', class: 'small', onclick: () => builtins.download(this.builtinNames) }, t('builtinImagesButton'));
      this.builtinHint = h('span', { class: 'hint', id: 'builtin-images-hint' });
      this.root.append(h('div', { class: 'row column' }, this.builtinButton, this.builtinHint));
      this.showBuiltins(this.ctx.store.doc);
    }
  }

  /** The download button and its hint for the built-in textures `doc` uses. */
  private showBuiltins(doc: Scene): void {
    if (this.builtins === null || this.builtinButton === null || this.builtinHint === null) return;
    this.builtinNames = this.builtins.used(doc);
    const none = this.builtinNames.length === 0;
    this.builtinButton.disabled = none;
    this.builtinHint.textContent = none ? t('builtinImagesNone') : t('builtinImagesHint', { names: this.builtinNames.map((n) => `${n}.png`).join(', '), folder: doc.export.imagesPath });
  }

  /** Refreshes values from `doc`. */
  update(doc: Scene): void {
    if (this.form === null) this.build();
    this.form?.refresh(doc);
    if (this.animations !== null && document.activeElement !== this.animations) {
      this.animations.value = doc.animations.join('\n');
    }
    this.showBuiltins(doc);
  }
}
