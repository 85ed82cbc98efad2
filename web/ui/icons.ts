// Small inline SVG icons (no font dependency: emoji and media glyphs are missing on many
// systems). Built with DOM calls, never from markup strings.

const PATHS = {
  eye: 'M1 8s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5zm7 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff: 'M2 2l12 12M6.5 3.3A7 7 0 0 1 8 3c4.5 0 7 5 7 5a12 12 0 0 1-2 2.6M4.2 4.6C2.2 6 1 8 1 8s2.5 5 7 5a7 7 0 0 0 3-.7',
  play: 'M4 2.5v11l9-5.5z',
  pause: 'M4 2.5h3v11H4zm5 0h3v11H9z',
  restart: 'M3 2.5v11M13 2.5v11L5 8z',
  model: 'M8 1.5l5.5 3.2v6.6L8 14.5l-5.5-3.2V4.7zM2.5 4.7L8 7.9l5.5-3.2M8 7.9v6.6',
  collider: 'M1.5 11.5h13M3 11.5l-1.5 3M6.5 11.5L5 14.5M10 11.5l-1.5 3M13.5 11.5l-1.5 3M8 1.5v6M5.5 5L8 7.5 10.5 5',
  path: 'M2 13.5C3 6 7 12 8 7s4-5.5 6-5M2 13.5h0M14 2h0',
  skeleton: 'M2.2 2.2a1.6 1.6 0 0 1 2.6.4L11.4 9.2a1.6 1.6 0 1 1 2.2 2.2 1.6 1.6 0 1 1-2.2 2.2L4.8 6.9a1.6 1.6 0 1 1-2.2-2.2 1.6 1.6 0 0 1-.4-2.5z',
} as const;

/** Icon names. */
export type IconName = keyof typeof PATHS;

/** A 16×16 icon in the current text colour. */
export function icon(name: IconName): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `icon-svg icon-${name}`);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', PATHS[name]);
  // Outlines are stroked; filled, a line drawing shows only the areas its closed runs enclose.
  const stroked = name === 'eyeOff' || name === 'restart' || name === 'model' || name === 'collider' || name === 'path';
  path.setAttribute('fill', stroked ? 'none' : 'currentColor');
  if (name === 'eye') path.setAttribute('fill-rule', 'evenodd');
  if (stroked) {
    path.setAttribute('stroke', 'currentColor');
    path.setAttribute('stroke-width', '1.6');
    path.setAttribute('stroke-linecap', 'round');
    path.setAttribute('stroke-linejoin', 'round');
    if (name === 'restart') path.setAttribute('fill', 'currentColor');
  }
  svg.appendChild(path);
  return svg;
}
