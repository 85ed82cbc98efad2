// Tiny DOM helpers. Text always goes in through textContent: user text (names, paths, error
// messages) is never parsed as markup.

/** Attributes and properties accepted by {@link h}. */
export type Attrs = Record<string, string | number | boolean | undefined | EventListener>;

/** Child of an element: a node, text, or nothing. */
export type Child = Node | string | number | null | undefined | false;

/** Creates an element: `on*` keys become listeners, `class`/`id`/others become attributes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === 'value' && 'value' in el) {
      (el as HTMLInputElement).value = String(value);
    } else if (key === 'checked' && el instanceof HTMLInputElement) {
      el.checked = value === true;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, ...children);
  return el;
}

/** Appends children (text as text nodes). */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Removes every child. */
export function clear(el: Node): void {
  while (el.firstChild !== null) el.removeChild(el.firstChild);
}

/** The element with `id` (throws when the page lacks it: a programming error). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`page element #${id} is missing`);
  return el as T;
}
