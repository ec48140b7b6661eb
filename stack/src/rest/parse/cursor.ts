// A small character cursor shared by the query-string grammars (select, filters, order), with
// PostgREST-style parse errors: `"failed to parse <what> (<input>)" (line 1, column N)`.
import { parseFailure, type RestError } from '../errors.ts';

export class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }

  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++;
  }

  expect(s: string, expecting = `"${s}"`): void {
    if (!this.eat(s)) throw this.fail(expecting);
  }

  fail(expecting: string): RestError {
    const got = this.done ? 'end of input' : JSON.stringify(this.peek());
    return parseFailure(
      this.what,
      this.text,
      this.pos + 1,
      `unexpected ${got} expecting ${expecting}`,
    );
  }
}

const IDENT = /[\p{L}\p{N}_$ ]/u;

/** A field name: a double-quoted name, or letters, digits, _ $ spaces and dashes not before '>'. */
export function parseFieldName(c: Cursor): string {
  c.skipSpaces();
  if (c.peek() === '"') return parseQuoted(c);
  let out = '';
  for (;;) {
    const ch = c.peek();
    if (ch && IDENT.test(ch)) {
      out += ch;
      c.pos++;
    } else if (ch === '-' && c.peek(1) !== '>' && out.length > 0 && IDENT.test(c.peek(1))) {
      out += ch;
      c.pos++;
    } else break;
  }
  out = out.trim();
  if (!out) throw c.fail('field name (* or [a..z0..9_$])');
  return out;
}

/** A double-quoted value with backslash escapes. */
export function parseQuoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  for (;;) {
    if (c.done) throw c.fail('"\\"" (closing quote)');
    const ch = c.peek();
    if (ch === '"') {
      c.pos++;
      return out;
    }
    if (ch === '\\') {
      c.pos++;
      if (c.done) throw c.fail('escaped character');
    }
    out += c.peek();
    c.pos++;
  }
}

/** A JSON path after a field: ->key, ->>key, ->0. */
export function parseJsonPath(c: Cursor): { arrow: '->' | '->>'; key: string; index: boolean }[] {
  const path: { arrow: '->' | '->>'; key: string; index: boolean }[] = [];
  for (;;) {
    let arrow: '->' | '->>';
    if (c.eat('->>')) arrow = '->>';
    else if (c.eat('->')) arrow = '->';
    else return path;
    const idx = /^-?\d+(?=->|::|\.|,|\)|$)/.exec(c.text.slice(c.pos));
    if (idx) {
      c.pos += idx[0].length;
      path.push({ arrow, key: idx[0], index: true });
    } else {
      path.push({ arrow, key: parseFieldName(c), index: false });
    }
  }
}

/** A cast target or identifier after `::`. */
export function parseIdentifier(c: Cursor): string {
  const m = /^[\p{L}\p{N}_$ ]+/u.exec(c.text.slice(c.pos));
  if (!m || !m[0].trim()) throw c.fail('identifier');
  c.pos += m[0].length;
  return m[0].trim();
}
