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

/** The object named `name` in `list`, else the one with files `key` (a rename or undo changed the name). */
export function findByNameOrKey<T extends { name: string; key: string }>(list: readonly T[], name: string, key: string): { index: number; entry: T } | null {
  let index = list.findIndex((o) => o.name === name);
  if (index < 0 && key !== '') index = list.findIndex((o) => o.key === key);
  return index < 0 ? null : { index, entry: list[index] };
}
