// Locates the first syntax error of a JSON text: byte offset, line:column and the JSON path of
// the value being read (e.g. `animations.fire.bones._p0.translate[3].x`). `JSON.parse` in V8
// says only "Unexpected token"; a user (and a test) needs to know where.
//
// One pass over the tokens with a stack of open containers: an object remembers its current
// key, an array its current index; the path is the stack read from the bottom.

/** Where a JSON text stops being valid. */
export interface JsonFault {
  /** Byte (UTF-16 unit) offset of the offending token. */
  offset: number;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** JSON path of the value being read (`$` for the root). */
  path: string;
  /** The offending text (at most 24 characters). */
  token: string;
}

type Frame = { kind: 'object'; key: string | null } | { kind: 'array'; index: number };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WORD = /true|false|null/y;

function pathOf(stack: Frame[]): string {
  let path = '$';
  for (const f of stack) {
    if (f.kind === 'array') path += `[${f.index}]`;
    else if (f.key !== null) path += /^[A-Za-z_$][\w$]*$/.test(f.key) ? `.${f.key}` : `[${JSON.stringify(f.key)}]`;
  }
  return path === '$' ? '$' : path.replace(/^\$\.?/, '');
}

/** The first syntax error of `text`, or null when `text` is valid JSON. */
export function locateJsonFault(text: string): JsonFault | null {
  const stack: Frame[] = [];
  let at = 0;
  // What may come next: a value, an object key (or `}`), `:` or `,`/closer.
  let expect: 'value' | 'key' | 'colon' | 'after' = 'value';
  let done = false;
  const fault = (): JsonFault => {
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    return { offset: at, line, column, path: pathOf(stack), token: text.slice(at, at + 24) || '(end of text)' };
  };
  const match = (re: RegExp): string | null => {
    re.lastIndex = at;
    const m = re.exec(text);
    return m === null ? null : m[0];
  };
  for (;;) {
    while (at < text.length && ' \t\r\n'.includes(text[at])) at++;
    if (at >= text.length) return done && stack.length === 0 ? null : fault();
    if (done && stack.length === 0) return fault();
    const c = text[at];
    const top = stack[stack.length - 1];
    if (expect === 'key') {
      if (c === '}' && top?.kind === 'object' && top.key === null) {
        stack.pop();
        at++;
        expect = 'after';
        done = stack.length === 0;
        continue;
      }
      const s = match(STRING);
      if (s === null || top?.kind !== 'object') return fault();
      top.key = JSON.parse(s) as string;
      at += s.length;
      expect = 'colon';
    } else if (expect === 'colon') {
      if (c !== ':') return fault();
      at++;
      expect = 'value';
    } else if (expect === 'value') {
      if (c === '{') {
        stack.push({ kind: 'object', key: null });
        at++;
        expect = 'key';
        continue;
      }
      if (c === '[') {
        stack.push({ kind: 'array', index: 0 });
        at++;
        while (at < text.length && ' \t\r\n'.includes(text[at])) at++;
        if (text[at] === ']') {
          stack.pop();
          at++;
          expect = 'after';
          done = stack.length === 0;
        }
        continue;
      }
      const v = match(STRING) ?? match(NUMBER) ?? match(WORD);
      if (v === null) return fault();
      at += v.length;
      expect = 'after';
      done = stack.length === 0;
    } else {
      if (top === undefined) return fault();
      if (c === ',') {
        at++;
        if (top.kind === 'array') {
          top.index++;
          expect = 'value';
        } else expect = 'key';
      } else if ((c === '}' && top.kind === 'object') || (c === ']' && top.kind === 'array')) {
        stack.pop();
        at++;
        done = stack.length === 0;
      } else return fault();
    }
  }
}
