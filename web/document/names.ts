// Names of scene objects (systems, skeletons) are unique in their list: a new, copied or merged
// object takes the first free name of `base`, `base 2`, `base 3`… Colliders list the systems they
// act on by name, so a system's rename or copy carries its place in those lists.

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

/** The part of a scene that names systems: its systems and the colliders that list them. */
interface SystemNames {
  systems: { name: string }[];
  colliders?: { systems: string[] }[];
}

/** Whether collider `c` acts on the system named `name` (its empty list stands for every system). */
export function colliderActsOn(c: { systems: readonly string[] }, name: string): boolean {
  return c.systems.length === 0 || c.systems.includes(name);
}

/** Whether `name` may name system `index` of `doc`: not blank, and no other system has it (the
 * colliders tell systems apart by name, so two of one name could not be told apart). */
export function systemNameFree(doc: SystemNames, index: number, name: string): boolean {
  return name.trim() !== '' && !doc.systems.some((s, k) => k !== index && s.name === name);
}

/**
 * Renames system `index` of `doc` to `name`, with the colliders that list it by name (a collider
 * acting on some systems only keeps acting on it). A collider that also stands for another
 * system of the old name keeps that name and lists the new one too.
 */
export function renameSystem(doc: SystemNames, index: number, name: string): void {
  const sys = doc.systems[index];
  if (sys === undefined || sys.name === name) return;
  const old = sys.name;
  sys.name = name;
  const oldStays = doc.systems.some((s) => s.name === old);
  for (const c of doc.colliders ?? []) {
    if (!c.systems.includes(old)) continue;
    c.systems = oldStays ? [...c.systems.filter((n) => n !== name), name] : c.systems.map((n) => (n === old ? name : n)).filter((n, i, all) => all.indexOf(n) === i);
  }
}

/**
 * Lists system `copy` beside `source` in every collider that names `source` (a duplicated system
 * meets the same colliders as its original).
 */
export function listCopyInColliders(doc: SystemNames, source: string, copy: string): void {
  for (const c of doc.colliders ?? []) {
    if (c.systems.includes(source) && !c.systems.includes(copy)) c.systems = [...c.systems, copy];
  }
}

/**
 * Deletes system `index` of `doc` and takes its name out of the colliders that list it beside
 * another name, so that a system later given that name is not affected by surprise. A collider
 * listing it alone keeps it: its empty list would mean every system; it then acts on no system
 * until one is ticked (its card says so).
 */
export function deleteSystem(doc: SystemNames, index: number): void {
  const sys = doc.systems[index];
  if (sys === undefined) return;
  doc.systems.splice(index, 1);
  if (doc.systems.some((s) => s.name === sys.name)) return;
  for (const c of doc.colliders ?? []) {
    if (c.systems.includes(sys.name) && c.systems.some((n) => n !== sys.name)) c.systems = c.systems.filter((n) => n !== sys.name);
  }
}
