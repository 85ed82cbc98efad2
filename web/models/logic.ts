// Pure helpers of the model panel (no DOM): which dropped files are models and which are
// textures for them, and how sizes are shown.

/** A dropped file with its relative path (`/` separators). */
export interface ModelDropFile {
  path: string;
  file: Blob;
}

const IMAGE_EXT = /\.(png|jpe?g|webp|bmp|gif|tga)$/i;

/** The `.ms3d` files (natural order of paths) and the image files of a drop. */
export function splitModelDrop(files: ModelDropFile[]): { models: ModelDropFile[]; images: ModelDropFile[] } {
  const byPath = (a: ModelDropFile, b: ModelDropFile): number => a.path.localeCompare(b.path, undefined, { numeric: true });
  return {
    models: files.filter((f) => /\.ms3d$/i.test(f.path)).sort(byPath),
    images: files.filter((f) => IMAGE_EXT.test(f.path)).sort(byPath),
  };
}

/** `1.5 KiB`-style size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1048576).toFixed(2)} MiB`;
}

/** Keeps the last `max` lines of an event log. */
export function trimLog<T>(log: T[], max: number): T[] {
  return log.length > max ? log.slice(log.length - max) : log;
}
