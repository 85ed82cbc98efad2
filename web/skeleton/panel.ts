// The skeleton panel: shown when a Spine skeleton is dropped, or selected in the scene list. It
// reads the header metadata and
// defects through the wasm `skelInfo`, lets the user choose how charset mismatches are resolved,
// and repairs through `skelRepair`, downloading the repaired skeleton (`name.repaired.ext`), the
// atlas when it changed, and `repair-report.json`. Every skeleton-provided text (names, paths,
// versions) is written with textContent only: skeleton files are untrusted.

import './skeleton.css';
import { findSkeletonFiles, MAX_SKELETON_BYTES, repairedName, versionNote, type DroppedFile, type SkeletonFiles } from './files';
import { el, errorText } from './dom';
import { closePlayback } from './controls';
import type { RepairReport, SkelDefect, SkeletonInfo, SkelWasm } from './types';

export type { SkelWasm, SkelRepairResult } from './types';
export type { SkeletonPlayHost, WasmClipEditor } from './play';

/**
 * Places a playable skeleton (4.2, with its atlas) in the scene — or finds the entry it already
 * has — and fills `box` with its playback controls. Problems are shown in `box`, never thrown.
 */
export type AttachSkeleton = (files: SkeletonFiles, skeleton: Uint8Array, atlas: Uint8Array, box: HTMLElement) => Promise<void>;

/** The legacy reader charset offered (GBK: libGDX on a Chinese-locale JVM ≤ 17). */
const LEGACY_CHARSET = 'gbk';

/** Starts a browser download of `bytes` as `name`. */
function download(name: string, bytes: Uint8Array | string, type: string): void {
  const blob = new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: name });
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function where(d: { index?: number; path?: string }): string {
  return d.index !== undefined ? `string ${d.index}` : (d.path ?? '');
}

function shown(value: string | null): string {
  // Make trailing/leading whitespace visible: the defect is invisible otherwise.
  return value === null ? '(null)' : JSON.stringify(value);
}

const KIND_TEXT: Record<SkelDefect['kind'], string> = {
  trailing_whitespace: 'trailing whitespace (#150)',
  charset_mismatch: 'charset mismatch with the atlas (#160)',
  runtime_decoding: 'misread by the runtimes (4-byte UTF-8)',
};

/** One open panel: the files, their bytes, the current charset choice. */
class SkeletonPanel {
  readonly root: HTMLElement;
  private readonly messages: HTMLElement;
  private readonly body: HTMLElement;
  private readonly report: HTMLElement;
  private readonly repairButton: HTMLButtonElement;
  private legacy = false;
  /** The playback section (filled by an {@link AttachSkeleton} for a 4.2 skeleton with its atlas). */
  readonly playBox: HTMLElement;
  /** Version read from the header (null when unreadable or absent). */
  version: string | null = null;

  constructor(
    private readonly files: SkeletonFiles,
    private readonly skeleton: Uint8Array,
    private readonly atlas: Uint8Array | undefined,
    private readonly wasm: SkelWasm,
  ) {
    const close = el('button', { type: 'button', class: 'icon', title: 'Close', 'aria-label': 'Close' }, '×');
    close.addEventListener('click', () => {
      closePlayback();
      this.root.remove();
    });
    this.playBox = el('div', { class: 'skeleton-play', 'data-role': 'playback' });
    this.messages = el('div', { class: 'skeleton-messages' });
    this.body = el('div', { class: 'skeleton-body' });
    this.report = el('div', { class: 'skeleton-report' });
    this.repairButton = el('button', { type: 'button', class: 'primary', 'data-action': 'repair' }, 'Repair');
    this.repairButton.addEventListener('click', () => this.repair());
    const choice = el('fieldset', { class: 'skeleton-charset' }, el('legend', {}, 'Charset mismatches (#160)'));
    const options: [string, string, boolean][] = [
      ['reencode', 'Re-encode the atlas to UTF-8', false],
      ['legacy', `Rewrite the skeleton for a legacy ${LEGACY_CHARSET.toUpperCase()} atlas reader`, true],
    ];
    for (const [value, label, legacy] of options) {
      const input = el('input', { type: 'radio', name: 'skeleton-charset', value });
      input.checked = legacy === this.legacy;
      input.addEventListener('change', () => {
        if (!input.checked) return;
        this.legacy = legacy;
        this.refresh();
      });
      choice.append(el('label', {}, input, ` ${label}`));
    }
    this.root = el(
      'section',
      { class: 'skeleton-panel', id: 'skeleton-panel', 'aria-label': 'Spine skeleton' },
      el('header', {}, el('h2', {}, files.skeleton.path), close),
      this.messages,
      this.body,
      this.playBox,
      choice,
      el('div', { class: 'skeleton-actions' }, this.repairButton),
      this.report,
    );
    if (files.atlas === null) {
      this.message('warning', 'No .atlas among the dropped files: the skeleton\'s names are checked for trailing whitespace only. Drop the atlas with the skeleton to check charsets and repair it too.');
    }
    if (files.others.length > 0) this.message('info', `Only the first skeleton is shown; also dropped: ${files.others.join(', ')}.`);
    this.refresh();
  }

  private charset(): string | undefined {
    return this.legacy ? LEGACY_CHARSET : undefined;
  }

  private message(kind: 'error' | 'warning' | 'info', text: string, slot: HTMLElement = this.messages): void {
    slot.append(el('p', { class: `skeleton-message ${kind}` }, text));
  }

  /** Re-reads the header and defects with the current charset choice. */
  refresh(): void {
    this.body.replaceChildren();
    this.report.replaceChildren();
    let info: SkeletonInfo;
    try {
      info = JSON.parse(this.wasm.skelInfo(this.skeleton, this.atlas, this.charset())) as SkeletonInfo;
    } catch (e) {
      this.message('error', `Cannot read ${this.files.skeleton.path}: ${errorText(e)}`, this.body);
      this.repairButton.disabled = true;
      return;
    }
    this.repairButton.disabled = false;
    this.version = info.version;
    const note = versionNote(info.version);
    if (note !== null) this.message('info', note, this.body);
    this.body.append(this.metadata(info), this.defects(info.defects));
  }

  private metadata(info: SkeletonInfo): HTMLElement {
    const rows: [string, string, string][] = [
      ['format', 'Format', info.format === 'json' ? 'JSON' : 'binary (.skel)'],
      ['version', 'Version', info.version ?? '—'],
      ['hash', 'Hash', info.hash ?? '—'],
      ['size', 'Size', `${info.width} × ${info.height} at (${info.x}, ${info.y})`],
      ['fps', 'FPS', String(info.fps)],
      ['images', 'Images path', info.images ?? '—'],
      ['referenceScale', 'Reference scale', info.referenceScale === null ? '— (4.2 only)' : String(info.referenceScale)],
      ['nonessential', 'Nonessential data', info.nonessential === null ? '— (binary only)' : info.nonessential ? 'yes' : 'no'],
      ['strings', 'Strings', info.strings === null ? '— (binary only)' : String(info.strings.length)],
      ['headerSize', 'Header size', info.headerSize === null ? '— (binary only)' : `${info.headerSize} bytes`],
      ['atlas', 'Atlas', this.files.atlas === null ? 'none' : `${this.files.atlas.path} (${this.files.pages.length} page image(s) found)`],
    ];
    const dl = el('dl', { class: 'skeleton-meta' });
    for (const [key, label, value] of rows) {
      dl.append(el('dt', {}, label), el('dd', { 'data-field': key }, value));
    }
    return dl;
  }

  private defects(defects: SkelDefect[]): HTMLElement {
    const box = el('div', { class: 'skeleton-defects' });
    if (defects.length === 0) {
      box.append(el('p', { class: 'skeleton-ok' }, 'No defects found.'));
      return box;
    }
    const table = el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'Defect'), el('th', {}, 'Where'), el('th', {}, 'Value'))));
    const tbody = el('tbody');
    for (const d of defects) {
      tbody.append(el('tr', { 'data-kind': d.kind }, el('td', {}, KIND_TEXT[d.kind] ?? d.kind), el('td', {}, where(d)), el('td', { class: 'value' }, shown(d.value))));
    }
    table.append(tbody);
    box.append(el('p', {}, `${defects.length} defect(s):`), table);
    return box;
  }

  /** Repairs and downloads the results. */
  private repair(): void {
    this.report.replaceChildren();
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
      this.message('error', `Repair failed: ${errorText(e)}`, this.report);
      return;
    }
    this.showReport(report);
  }

  private showReport(report: RepairReport): void {
    const n = report.changes.length;
    this.report.append(el('p', { class: 'skeleton-message info' }, n === 0 ? 'Nothing needed repair: the skeleton was downloaded unchanged.' : `${n} name(s) repaired; downloaded the repaired files and repair-report.json.`));
    if (report.atlas !== null && report.atlas.changed) {
      this.report.append(el('p', { class: 'skeleton-message info' }, `Atlas re-written (${report.atlas.encoding} → ${report.atlas.writtenEncoding}).`));
    }
    const list = el('ul', { class: 'skeleton-changes' });
    for (const c of report.changes) list.append(el('li', {}, `${where(c)}: ${shown(c.before)} → ${shown(c.after)} — ${c.reason}`));
    for (const u of report.unresolved) list.append(el('li', { class: 'unresolved' }, `${where(u)}: ${shown(u.value)} left unchanged — ${u.reason}`));
    if (list.childElementCount > 0) this.report.append(list);
  }
}

function problemPanel(text: string): HTMLElement {
  const close = el('button', { type: 'button', class: 'icon', title: 'Close', 'aria-label': 'Close' }, '×');
  const root = el('section', { class: 'skeleton-panel', id: 'skeleton-panel', 'aria-label': 'Spine skeleton' }, el('header', {}, el('h2', {}, 'Spine skeleton'), close), el('p', { class: 'skeleton-message error' }, text));
  close.addEventListener('click', () => root.remove());
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
  closePlayback();
  let panel: HTMLElement;
  let playback: (() => Promise<void>) | null = null;
  try {
    const found = await findSkeletonFiles(files as DroppedFile[]);
    if ('kind' in found) {
      panel = problemPanel(
        found.kind === 'noSkeleton'
          ? 'No Spine skeleton among the dropped files: drop a .skel, or a .json with "skeleton" and "bones", with its .atlas and page images.'
          : `${found.path} is ${(found.sizeBytes / 1048576).toFixed(1)} MiB: skeletons and atlases over ${MAX_SKELETON_BYTES / 1048576} MiB are refused.`,
      );
    } else {
      const skeleton = new Uint8Array(await found.skeleton.file.arrayBuffer());
      const atlas = found.atlas === null ? undefined : new Uint8Array(await found.atlas.file.arrayBuffer());
      const opened = new SkeletonPanel(found, skeleton, atlas, wasm);
      panel = opened.root;
      // Playback needs spine-core 4.2 and the atlas (versionNote explains other versions).
      if (attach !== undefined && atlas !== undefined && opened.version !== null && versionNote(opened.version) === null) {
        playback = () => attach(found, skeleton, atlas, opened.playBox);
      } else if (attach !== undefined && atlas === undefined && opened.version !== null && versionNote(opened.version) === null) {
        opened.playBox.append(el('p', { class: 'skeleton-message info' }, 'Playback needs the .atlas and its page images dropped with the skeleton.'));
      }
    }
  } catch (e) {
    panel = problemPanel(`Cannot open the skeleton: ${errorText(e)}`);
  }
  host.append(panel);
  if (playback !== null) await playback();
}
