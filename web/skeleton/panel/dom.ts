// DOM helpers of the skeleton panel and its playback section. Text goes in as text nodes only:
// skeleton-provided names, paths and error messages are never parsed as markup.

/** Child of an element built by {@link el}: a node or text. */
export type Child = Node | string;

/** Creates a `tag` element with string attributes and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}

/** The message of a thrown value. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
