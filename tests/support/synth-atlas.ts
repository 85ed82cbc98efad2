// A synthetic atlas naming every region a Spine JSON skeleton needs, with made-up page size and
// bounds: for tests and benchmarks (the official example fixtures ship without atlases).

/** Region paths of every region and mesh attachment of a Spine 4.x JSON skeleton, sorted. */
export function regionPaths(skeletonJson: string): string[] {
  const data = JSON.parse(skeletonJson) as { skins?: { attachments?: Record<string, Record<string, { type?: string; path?: string; name?: string }>> }[] };
  const paths = new Set<string>();
  for (const skin of data.skins ?? []) {
    for (const slot of Object.values(skin.attachments ?? {})) {
      for (const [key, att] of Object.entries(slot)) {
        const type = att.type ?? 'region';
        if (type === 'region' || type === 'mesh' || type === 'linkedmesh') paths.add(att.path ?? att.name ?? key);
      }
    }
  }
  return [...paths].sort();
}

/**
 * A 4.x atlas with one page `page` of `pageWidth`×`pageHeight` holding every region in a row of
 * 64×64 cells (bounds x = 64·i). `regionSuffix` is appended to every region line (e.g. a trailing
 * space, which the atlas reader keeps in spine-ts and trims in libGDX).
 */
export function synthAtlas(regions: readonly string[], page = 'skeleton.png', pageWidth = 1024, pageHeight = 512, regionSuffix = ''): string {
  const lines = [page, `size:${pageWidth},${pageHeight}`, 'filter:Linear,Linear'];
  regions.forEach((name, i) => {
    lines.push(`${name}${regionSuffix}`, `bounds:${(i * 64) % pageWidth},${Math.floor((i * 64) / pageWidth) * 64},64,64`);
  });
  return `${lines.join('\n')}\n`;
}
