// Names of scene objects (systems, skeletons) are unique in their list: a new, copied or merged
// object takes the first free name of `base`, `base 2`, `base 3`…

/** A name not in `taken`: `base`, else `base 2`, `base 3`… */
export function uniqueName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} ${n}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
