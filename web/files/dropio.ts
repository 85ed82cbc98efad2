// Collects dropped or picked files with their relative paths (folders are walked through
// webkitGetAsEntry), sniffs .json contents, and hands the pure router (drop.ts) its input.

import { categorize, MAX_DROP_BYTES, MAX_JSON_BYTES, planDrop, sniffJson, type DropFile, type DropPlan } from './drop';

/** A dropped file and its relative path. */
export interface PathedFile {
  path: string;
  file: File;
}

/** Largest number of files taken from one drop (folders can be huge). */
export const MAX_DROP_FILES = 2000;

function readAllEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = (): void => {
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          if (all.length > MAX_DROP_FILES) resolve(all);
          else next();
        }
      }, reject);
    };
    next();
  });
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, prefix: string, out: PathedFile[]): Promise<void> {
  if (out.length > MAX_DROP_FILES) return;
  if (entry.isFile) {
    out.push({ path: prefix + entry.name, file: await entryFile(entry as FileSystemFileEntry) });
  } else if (entry.isDirectory) {
    const children = await readAllEntries((entry as FileSystemDirectoryEntry).createReader());
    for (const child of children) await walk(child, `${prefix}${entry.name}/`, out);
  }
}

/**
 * Files of a drop with relative paths. Must be called synchronously inside the drop handler
 * (entries are only available then); the walk itself is asynchronous.
 */
export function collectDrop(data: DataTransfer): Promise<PathedFile[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(data.items)) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry !== null) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file !== null) loose.push(file);
    }
  }
  if (entries.length === 0 && loose.length === 0) loose.push(...Array.from(data.files));
  return (async () => {
    const out: PathedFile[] = loose.map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    for (const entry of entries) await walk(entry, '', out);
    return out;
  })();
}

/** Files from an `<input type=file>` (keeps `webkitRelativePath` for folder pickers). */
export function collectPicked(files: FileList): PathedFile[] {
  return Array.from(files).map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

/** Sniffs .json files (small ones only) and routes the drop. */
export async function routeFiles(files: PathedFile[]): Promise<{ plan: DropPlan; byPath: Map<string, PathedFile>; texts: Map<string, string> }> {
  const byPath = new Map<string, PathedFile>();
  const texts = new Map<string, string>();
  const input: DropFile[] = [];
  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  for (const f of files) {
    byPath.set(f.path, f);
    const entry: DropFile = { path: f.path, size: f.file.size };
    if (categorize(f.path) === 'json' && f.file.size <= MAX_JSON_BYTES && total <= MAX_DROP_BYTES) {
      const text = await f.file.text();
      texts.set(f.path, text);
      entry.jsonKind = sniffJson(text);
    }
    input.push(entry);
  }
  return { plan: planDrop(input), byPath, texts };
}
