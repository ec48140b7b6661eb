// The filter grammar: `[not.]op[(any|all)|(lang)].value`, `in.(a,"b,c")`, `is.null`, and the
// nested logic trees of `or=(…)` / `and=(…)`.
import { Cursor, parseFieldName, parseIdentifier, parseJsonPath, parseQuoted } from './cursor.ts';
import type { Filter, FtsOp, LogicTree, Operation, SimpleOp } from './types.ts';

const QUANTIFIABLE: SimpleOp[] = [
  'eq',
  'gte',
  'gt',
  'lte',
  'lt',
  'like',
  'ilike',
  'match',
  'imatch',
];
const SIMPLE: SimpleOp[] = [
  'isdistinct',
  'neq',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  ...QUANTIFIABLE,
];
const FTS: FtsOp[] = ['plfts', 'phfts', 'wfts', 'fts'];
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
const MAX_DEPTH = 50;
const EXPECT_OP = 'operator (eq, gt, ...)';

/** `value` of a `column=value` query parameter. */
export function parseFilterValue(_key: string, value: string): Omit<Filter, 'field'> {
  const c = new Cursor(value, 'filter');
  return parseOperation(c, (cur) => cur.text.slice(cur.pos), parseListValue);
}

type ValueParser = (c: Cursor) => string;

function parseOperation(
  c: Cursor,
  single: ValueParser,
  list: (c: Cursor) => string[],
): Omit<Filter, 'field'> {
  const negate = c.eat('not.');
  const op = readWord(c);
  let operation: Operation;
  if (op === 'in') {
    c.expect('.', 'delimiter (.)');
    operation = { op: 'in', values: list(c) };
  } else if (op === 'is') {
    c.expect('.', 'delimiter (.)');
    const raw = single(c).toLowerCase();
    const value = IS_VALUES.find((v) => v === raw);
    if (!value) throw c.fail('isVal: (null, not_null, true, false, unknown)');
    operation = { op: 'is', value };
  } else if ((FTS as string[]).includes(op)) {
    let lang: string | undefined;
    if (c.eat('(')) {
      lang = parseIdentifier(c);
      c.expect(')');
    }
    c.expect('.', 'delimiter (.)');
    operation = { op: op as FtsOp, value: single(c) };
    if (lang) operation.lang = lang;
  } else if ((SIMPLE as string[]).includes(op)) {
    let quant: 'any' | 'all' | undefined;
    if ((QUANTIFIABLE as string[]).includes(op) && c.peek() === '(') {
      if (c.eat('(any)')) quant = 'any';
      else if (c.eat('(all)')) quant = 'all';
      else throw c.fail('"(any)" or "(all)"');
    }
    c.expect('.', 'delimiter (.)');
    operation = { op: op as SimpleOp, value: single(c) };
    if (quant) operation.quant = quant;
  } else {
    throw c.fail(negate ? EXPECT_OP : `"not" or ${EXPECT_OP}`);
  }
  return { negate, operation };
}

function readWord(c: Cursor): string {
  const m = /^[a-z_]+/.exec(c.text.slice(c.pos));
  const word = m ? m[0] : '';
  c.pos += word.length;
  return word;
}

/** `(a,"b,c",d)` */
function parseListValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(', '"("');
  const out: string[] = [];
  for (;;) {
    c.skipSpaces();
    if (c.peek() === '"') {
      const save = c.pos;
      const quoted = parseQuoted(c);
      if (c.peek() === ',' || c.peek() === ')') out.push(quoted);
      else {
        c.pos = save;
        out.push(readUntil(c, ',)'));
      }
    } else out.push(readUntil(c, ',)'));
    if (c.eat(',')) continue;
    c.skipSpaces();
    c.expect(')', '")"');
    if (!c.done) throw c.fail('end of input');
    return out;
  }
}

function readUntil(c: Cursor, stops: string): string {
  let out = '';
  while (!c.done && !stops.includes(c.peek())) {
    out += c.peek();
    c.pos++;
  }
  return out;
}

/** `(filter,filter,and(…))` — the value of or=/and= (key tells the operator). */
export function parseLogicValue(
  _key: string,
  value: string,
  negateKey: boolean,
  op: 'and' | 'or',
): LogicTree {
  const c = new Cursor(value, 'logic tree');
  c.skipSpaces();
  const children = parseLogicChildren(c, 0);
  c.skipSpaces();
  if (!c.done) throw c.fail('end of input');
  return { type: 'expr', negate: negateKey, op, children };
}

function parseLogicChildren(c: Cursor, depth: number): LogicTree[] {
  if (depth > MAX_DEPTH) throw c.fail('less nesting');
  c.expect('(', '"("');
  const out: LogicTree[] = [];
  for (;;) {
    c.skipSpaces();
    out.push(parseLogicItem(c, depth));
    c.skipSpaces();
    if (c.eat(',')) continue;
    c.expect(')', '"," or ")"');
    return out;
  }
}

function parseLogicItem(c: Cursor, depth: number): LogicTree {
  const save = c.pos;
  const negate = c.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (c.startsWith(`${op}(`)) {
      c.pos += op.length;
      return { type: 'expr', negate, op, children: parseLogicChildren(c, depth + 1) };
    }
  }
  c.pos = save;
  const name = parseFieldName(c);
  const json = parseJsonPath(c);
  c.expect('.', 'delimiter (.)');
  const rest = parseOperation(c, parseLogicSingle, parseLogicList);
  return { type: 'filter', filter: { field: { name, json }, ...rest } };
}

/** A value inside a logic tree: quoted, a {…} array literal, or up to the next , or ). */
function parseLogicSingle(c: Cursor): string {
  if (c.peek() === '"') {
    const save = c.pos;
    const quoted = parseQuoted(c);
    if (c.peek() === ',' || c.peek() === ')') return quoted;
    c.pos = save;
  }
  if (c.peek() === '{') {
    const end = c.text.indexOf('}', c.pos);
    if (end > 0) {
      const raw = c.text.slice(c.pos, end + 1);
      c.pos = end + 1;
      return raw;
    }
  }
  return readUntil(c, ',)');
}

function parseLogicList(c: Cursor): string[] {
  c.expect('(', '"("');
  const out: string[] = [];
  for (;;) {
    if (c.peek() === '"') out.push(parseQuoted(c));
    else out.push(readUntil(c, ',)'));
    if (c.eat(',')) continue;
    c.expect(')', '")"');
    return out;
  }
}
