// The skeleton panel: shown when a Spine skeleton is dropped, or selected in the scene list. It
// reads the header metadata and
// defects through the wasm `skelInfo`, lets the user choose how charset mismatches are resolved
// (with an atlas: without one there is none), and repairs through `skelRepair` (when a defect
// was found: a clean skeleton would come back unchanged), downloading the repaired skeleton (`name.repaired.ext`), the
// atlas when it changed, and `repair-report.json`. Every skeleton-provided text (names, paths,
// versions) is written with textContent only: skeleton files are untrusted. Labels and messages
// follow the UI language (web/i18n/): a switch relabels an open panel in place, keeping the
// charset choice, the last repair report and the playback section. The header is only the start
// of the file: a 4.2 skeleton that spine-core cannot load (cut short, damaged) is refused by the
// scene (AttachSkeleton), and the panel then leads with why instead of "no defects found".

import './skeleton.css';
import { followLang, lang, Relabel, t, type MessageKey } from '../../i18n';
import { errorWording, issueText } from '../../i18n/error-wording';
import { findSkeletonFiles, MAX_SKELETON_BYTES, repairedName, versionSupport, type DroppedFile, type SkeletonFiles } from '../object/files';
import { h } from '../../ui/dom';
import { downloadFile as download } from '../../ui/download';
import type { RepairReport, SkelDefect, SkeletonInfo, SkelWasm } from './types';

export type { SkelWasm, SkelRepairResult } from './types';

/**
 * Places a playable skeleton (4.2, with its atlas) in the scene — or finds the entry it already
 * has — and fills `box` with its playback controls; resolves to null. A skeleton that cannot be
 * placed (spine-core cannot load it: cut short, damaged, a missing region, no animation) is not
 * placed and resolves to why, as a function giving the text in the current language, which the
 * panel shows as its error. Never throws.
 */
export type AttachSkeleton = (files: SkeletonFiles, skeleton: Uint8Array, atlas: Uint8Array, box: HTMLElement) => Promise<(() => string) | null>;

/** The legacy reader charset offered (GBK: libGDX on a Chinese-locale JVM ≤ 17). */
const LEGACY_CHARSET = 'gbk';

function where(d: { index?: number; path?: string }): string {
  return d.index !== undefined ? t('skelString', { index: d.index }) : (d.path ?? '');
}

function shown(value: string | null): string {
  // Make trailing/leading whitespace visible: the defect is invisible otherwise.
  return value === null ? '(null)' : JSON.stringify(value);
}

const KIND_KEY: Record<SkelDefect['kind'], MessageKey> = {
  trailing_whitespace: 'skelKind_trailing_whitespace',
  charset_mismatch: 'skelKind_charset_mismatch',
  runtime_decoding: 'skelKind_runtime_decoding',
};

function kindText(kind: SkelDefect['kind']): string {
  // An unknown kind (a newer wasm module) is shown as its id.
  const key = KIND_KEY[kind] as MessageKey | undefined;
  return key === undefined ? kind : t(key);
}

/** The playback note of a skeleton version (null for 4.2), in the current language. */
function versionText(version: string | null): string | null {
  const support = versionSupport(version);
  if (support === 'playable') return null;
  const shown = version === null || version === '' ? t('skelVersionUnknown') : version;
  return t(support === 'readable' ? 'skelVersionReadable' : 'skelVersionUnsupported', { version: shown });
}

/** A close button (×) labelled in the current language. */
function closeButton(labels: Relabel): HTMLButtonElement {
  const close = h('button', { type: 'button', class: 'icon' }, '×');
  labels.attr(close, 'title', () => t('close'));
  labels.attr(close, 'aria-label', () => t('close'));
  return close;
}

/** A message of the panel: its text is built again in the new language after a switch. */
type Message = { kind: 'error' | 'warning' | 'info'; text: () => string };

/** What the report area shows: nothing yet, the last repair, or why it failed. */
type ReportState = { report: RepairReport } | { error: string } | null;

/** One open panel: the files, their bytes, the current charset choice. */
class SkeletonPanel {
  readonly root: HTMLElement;
  private readonly labels = new Relabel();
  private readonly messages: HTMLElement;
  private readonly body: HTMLElement;
  private readonly report: HTMLElement;
  private readonly repairButton: HTMLButtonElement;
  private legacy = false;
  /** The header read with the current charset choice, or why it could not be read. */
  private info: { info: SkeletonInfo } | { error: string } | null = null;
  private reportState: ReportState = null;
  /** The playback section (filled by an {@link AttachSkeleton} for a 4.2 skeleton with its atlas). */
  readonly playBox: HTMLElement;
  /** Version read from the header (null when unreadable or absent). */
  version: string | null = null;
  /** Why the skeleton was not placed in the scene ({@link refuse}), or null. */
  private refusal: (() => string) | null = null;

  constructor(
    private readonly files: SkeletonFiles,
    private readonly skeleton: Uint8Array,
    private readonly atlas: Uint8Array | undefined,
    private readonly wasm: SkelWasm,
  ) {
    const labels = this.labels;
    const close = closeButton(labels);
    close.addEventListener('click', () => this.root.remove());
    this.playBox = h('div', { class: 'skeleton-play', 'data-role': 'playback' });
    this.messages = h('div', { class: 'skeleton-messages' });
    this.body = h('div', { class: 'skeleton-body' });
    this.report = h('div', { class: 'skeleton-report' });
    this.repairButton = labels.text(h('button', { type: 'button', class: 'primary', 'data-action': 'repair' }), () => t('skelRepair'));
    this.repairButton.addEventListener('click', () => this.repair());
    const choice = h('fieldset', { class: 'skeleton-charset' }, labels.text(h('legend'), () => t('skelCharsetLegend')));
    const options: [string, () => string, boolean][] = [
      ['reencode', () => t('skelCharsetReencode'), false],
      ['legacy', () => t('skelCharsetLegacy', { charset: LEGACY_CHARSET.toUpperCase() }), true],
    ];
    for (const [value, label, legacy] of options) {
      const input = h('input', { type: 'radio', name: 'skeleton-charset', value });
      input.checked = legacy === this.legacy;
      input.addEventListener('change', () => {
        if (!input.checked) return;
        this.legacy = legacy;
        this.refresh();
      });
      choice.append(h('label', { 'data-charset': value }, input, labels.text(document.createTextNode(''), () => ` ${label()}`)));
    }
    this.root = h(
      'section',
      { class: 'skeleton-panel', id: 'skeleton-panel' },
      h('header', {}, h('h2', {}, files.skeleton.path), close),
      this.messages,
      this.body,
      this.playBox,
      // How a charset mismatch between skeleton and atlas is resolved: without an atlas there is
      // none to resolve.
      ...(files.atlas === null ? [] : [choice]),
      h('div', { class: 'skeleton-actions' }, this.repairButton),
      this.report,
    );
    labels.attr(this.root, 'aria-label', () => t('skelPanel'));
    if (files.atlas === null) this.message({ kind: 'warning', text: () => t('skelNoAtlas') });
    if (files.others.length > 0) this.message({ kind: 'info', text: () => t('skelOthers', { list: files.others.join(', ') }) });
    this.refresh();
    // The header and the report are drawn again from what they hold, in the new language.
    labels.on(() => {
      this.showBody();
      this.showReport();
    });
    followLang(this.root, () => labels.apply());
  }

  /** Sets `node`'s text to `text()`, now and after every language switch; returns `node`. */
  labelled<T extends Node>(node: T, text: () => string): T {
    return this.labels.text(node, text);
  }

  /**
   * The skeleton could not be placed in the scene: `text()` (in the current language) becomes
   * the panel's first error, and the defect list no longer says that nothing is wrong.
   */
  refuse(text: () => string): void {
    this.refusal = text;
    const p = h('p', { class: 'skeleton-message error', 'data-role': 'refused' });
    this.messages.prepend(this.labels.text(p, text));
    this.showBody();
  }

  private charset(): string | undefined {
    return this.legacy ? LEGACY_CHARSET : undefined;
  }

  /** Adds a message to the panel's message area (relabelled on a language switch). */
  private message(message: Message): void {
    const p = h('p', { class: `skeleton-message ${message.kind}` });
    this.messages.append(this.labels.text(p, message.text));
  }

  private note(slot: HTMLElement, message: Message): void {
    slot.append(h('p', { class: `skeleton-message ${message.kind}` }, message.text()));
  }

  /** Re-reads the header and defects with the current charset choice (the report is cleared). */
  refresh(): void {
    this.reportState = null;
    this.showReport();
    try {
      const info = JSON.parse(this.wasm.skelInfo(this.skeleton, this.atlas, this.charset())) as SkeletonInfo;
      this.info = { info };
      this.version = info.version;
    } catch (e) {
      this.info = { error: issueText(e) };
    }
    // Nothing to repair: the repair would download the skeleton unchanged.
    const clean = 'info' in this.info && this.info.info.defects.length === 0;
    this.repairButton.disabled = 'error' in this.info || clean;
    this.showBody();
  }

  /** Draws the header and defects last read, in the current language. */
  private showBody(): void {
    this.body.replaceChildren();
    const state = this.info;
    if (state === null) return;
    this.repairButton.title = 'info' in state && state.info.defects.length === 0 && this.refusal === null ? t('skelNothingToRepair') : '';
    if ('error' in state) {
      this.note(this.body, { kind: 'error', text: () => t('skelCannotRead', { path: this.files.skeleton.path, error: state.error }) });
      return;
    }
    const note = versionText(state.info.version);
    if (note !== null) this.note(this.body, { kind: 'info', text: () => note });
    // Worded from the code and parameters in the UI language (English sentence as fallback).
    for (const detail of state.info.warningDetails ?? []) {
      this.note(this.body, { kind: 'warning', text: () => t('skelReadWarning', { warning: errorWording(detail, lang()) ?? detail.message }) });
    }
    this.body.append(this.metadata(state.info), this.defects(state.info.defects));
  }

  private metadata(info: SkeletonInfo): HTMLElement {
    const binaryOnly = t('skelBinaryOnly');
    const rows: [string, string, string][] = [
      ['format', t('skelFormat'), info.format === 'json' ? 'JSON' : t('skelFormatBinary')],
      ['version', t('skelVersion'), info.version ?? '—'],
      ['hash', t('skelHash'), info.hash ?? '—'],
      ['size', t('skelSize'), t('skelSizeValue', { width: info.width, height: info.height, x: info.x, y: info.y })],
      ['fps', t('skelFps'), String(info.fps)],
      ['images', t('skelImages'), info.images ?? '—'],
      ['referenceScale', t('skelReferenceScale'), info.referenceScale === null ? t('skelOnly42') : String(info.referenceScale)],
      ['nonessential', t('skelNonessential'), info.nonessential === null ? binaryOnly : info.nonessential ? t('skelYes') : t('skelNo')],
      ['strings', t('skelStrings'), info.strings === null ? binaryOnly : String(info.strings.length)],
      ['headerSize', t('skelHeaderSize'), info.headerSize === null ? binaryOnly : t('skelBytes', { count: info.headerSize })],
      ['atlas', t('skelAtlas'), this.files.atlas === null ? t('none') : t('skelAtlasValue', { path: this.files.atlas.path, pages: this.files.pages.length })],
    ];
    const dl = h('dl', { class: 'skeleton-meta' });
    for (const [key, label, value] of rows) {
      dl.append(h('dt', {}, label), h('dd', { 'data-field': key }, value));
    }
    return dl;
  }

  private defects(defects: SkelDefect[]): HTMLElement {
    const box = h('div', { class: 'skeleton-defects' });
    if (defects.length === 0) {
      // A refused skeleton has a problem the name checks do not see: "no defects" would mislead.
      if (this.refusal === null) box.append(h('p', { class: 'skeleton-ok' }, t('skelNoDefects')));
      return box;
    }
    const table = h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, t('skelDefect')), h('th', {}, t('skelWhere')), h('th', {}, t('skelValue')))));
    const tbody = h('tbody');
    for (const d of defects) {
      tbody.append(h('tr', { 'data-kind': d.kind }, h('td', {}, kindText(d.kind)), h('td', {}, where(d)), h('td', { class: 'value' }, shown(d.value))));
    }
    table.append(tbody);
    box.append(h('p', {}, t('skelDefectCount', { count: defects.length })), table);
    return box;
  }

  /** Repairs and downloads the results. */
  private repair(): void {
    this.reportState = null;
    this.showReport();
    let report: RepairReport;
    let reportJson: string;
    try {
      const result = this.wasm.skelRepair(this.skeleton, this.atlas, this.charset());
      try {
        const skeletonOut = result.skeleton();
        const atlasOut = result.atlas();
        reportJson = result.reportJson();
        report = JSON.parse(reportJson) as RepairReport;
        download(repairedName(this.files.skeleton.path), skeletonOut, 'application/octet-stream');
        if (atlasOut !== undefined && result.atlasChanged() && this.files.atlas !== null) {
          download(repairedName(this.files.atlas.path), atlasOut, 'text/plain;charset=utf-8');
        }
      } finally {
        result.free?.();
      }
      download('repair-report.json', `${JSON.stringify(JSON.parse(reportJson), null, 2)}\n`, 'application/json');
    } catch (e) {
      this.reportState = { error: issueText(e) };
      this.showReport();
      return;
    }
    this.reportState = { report };
    this.showReport();
  }

  /** Draws the last repair (or why it failed), in the current language. */
  private showReport(): void {
    this.report.replaceChildren();
    const state = this.reportState;
    if (state === null) return;
    if ('error' in state) {
      this.note(this.report, { kind: 'error', text: () => t('skelRepairFailed', { error: state.error }) });
      return;
    }
    const { report } = state;
    const n = report.changes.length;
    this.note(this.report, { kind: 'info', text: () => (n === 0 ? t('skelNothingRepaired') : t('skelRepaired', { count: n })) });
    if (report.atlas !== null && report.atlas.changed) {
      const { encoding, writtenEncoding } = report.atlas;
      this.note(this.report, { kind: 'info', text: () => t('skelAtlasRewritten', { from: encoding, to: writtenEncoding }) });
    }
    const list = h('ul', { class: 'skeleton-changes' });
    for (const c of report.changes) list.append(h('li', {}, t('skelChange', { where: where(c), before: shown(c.before), after: shown(c.after), reason: c.reason })));
    for (const u of report.unresolved) list.append(h('li', { class: 'unresolved' }, t('skelUnresolved', { where: where(u), value: shown(u.value), reason: u.reason })));
    if (list.childElementCount > 0) this.report.append(list);
  }
}

/** A panel that only says why nothing could be opened (relabelled on a language switch). */
function problemPanel(text: () => string): HTMLElement {
  const labels = new Relabel();
  const close = closeButton(labels);
  const root = h(
    'section',
    { class: 'skeleton-panel', id: 'skeleton-panel' },
    h('header', {}, labels.text(h('h2'), () => t('skelPanel')), close),
    labels.text(h('p', { class: 'skeleton-message error' }), text),
  );
  labels.attr(root, 'aria-label', () => t('skelPanel'));
  close.addEventListener('click', () => root.remove());
  followLang(root, () => labels.apply());
  return root;
}

/**
 * Opens the skeleton panel for a drop in `host` (replacing a panel already open there): finds the
 * skeleton, its atlas and pages among `files`, and shows metadata, defects and the Repair button.
 * A 4.2 skeleton with its atlas is handed to `attach` (placed in the scene, playback controls).
 * Never throws: problems are shown in the panel.
 */
export async function openSkeletonDrop(files: { path: string; file: File }[], host: HTMLElement, wasm: SkelWasm, attach?: AttachSkeleton): Promise<void> {
  host.querySelector(':scope > .skeleton-panel')?.remove();
  let panel: HTMLElement;
  let playback: (() => Promise<void>) | null = null;
  try {
    const found = await findSkeletonFiles(files as DroppedFile[]);
    if ('kind' in found) {
      const problem = found;
      panel = problemPanel(() =>
        problem.kind === 'noSkeleton'
          ? t('skelNoSkeleton')
          : t('skelTooLarge', { path: problem.path, size: (problem.sizeBytes / 1048576).toFixed(1), max: MAX_SKELETON_BYTES / 1048576 }),
      );
    } else {
      const skeleton = new Uint8Array(await found.skeleton.file.arrayBuffer());
      const atlas = found.atlas === null ? undefined : new Uint8Array(await found.atlas.file.arrayBuffer());
      const opened = new SkeletonPanel(found, skeleton, atlas, wasm);
      panel = opened.root;
      // Playback needs spine-core 4.2 and the atlas (the version note explains other versions).
      const playable = versionSupport(opened.version) === 'playable';
      if (attach !== undefined && atlas !== undefined && playable) {
        playback = async () => {
          const refusal = await attach(found, skeleton, atlas, opened.playBox);
          if (refusal !== null) opened.refuse(refusal);
        };
      } else if (attach !== undefined && atlas === undefined && playable) {
        opened.playBox.append(opened.labelled(h('p', { class: 'skeleton-message info' }), () => t('skelPlaybackNeedsAtlas')));
      }
    }
  } catch (e) {
    const error = issueText(e);
    panel = problemPanel(() => t('skelCannotOpen', { error }));
  }
  host.append(panel);
  if (playback !== null) await playback();
}
