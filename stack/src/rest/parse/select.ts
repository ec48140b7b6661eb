// The `select` grammar: fields with aliases, casts, JSON paths and aggregates, embedded resources
// with hints and join types, and spreads — `alias:rel!hint!inner(col,...)`.
import { Cursor, parseFieldName, parseIdentifier, parseJsonPath } from './cursor.ts';
import type { Aggregate, SelectEmbed, SelectField, SelectItem } from './types.ts';

const AGGREGATES: Aggregate[] = ['count', 'sum', 'avg', 'max', 'min'];
const MAX_DEPTH = 50;

export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, 'select parameter');
  if (text.trim() === '') return [];
  const items = parseList(c, 0);
  c.skipSpaces();
  if (!c.done) throw c.fail('"," or end of input');
  return items;
}

function parseList(c: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) throw c.fail('less nesting');
  const items: SelectItem[] = [];
  for (;;) {
    c.skipSpaces();
    items.push(parseItem(c, depth));
    c.skipSpaces();
    if (!c.eat(',')) return items;
  }
}

function parseItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('...')) {
    const name = parseFieldName(c);
    return parseEmbedRest(c, { name, spread: true }, depth);
  }
  if (c.eat('*')) return { type: 'field', field: { name: '*', json: [] } };
  const start = c.pos;
  let alias: string | undefined;
  const first = parseFieldName(c);
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = first;
  } else c.pos = start;
  c.skipSpaces();
  if (c.eat('count()')) {
    const field: SelectField = { type: 'field', field: { name: '', json: [] }, aggregate: 'count' };
    if (alias) field.alias = alias;
    if (c.eat('::')) field.aggregateCast = parseIdentifier(c);
    return field;
  }
  if (c.eat('...')) throw c.fail('field name');
  const name = parseFieldName(c);
  if (c.peek() === '(' || c.peek() === '!') {
    const embed: Omit<SelectEmbed, 'type' | 'children'> = { name, spread: false };
    if (alias) embed.alias = alias;
    return parseEmbedRest(c, embed, depth);
  }
  const field: SelectField = { type: 'field', field: { name, json: parseJsonPath(c) } };
  if (alias) field.alias = alias;
  if (c.eat('::')) field.cast = parseIdentifier(c);
  if (c.peek() === '.') {
    const save = c.pos;
    c.pos++;
    const agg = AGGREGATES.find((a) => c.startsWith(`${a}()`));
    if (!agg) {
      c.pos = save;
      throw c.fail('aggregate function (sum, avg, count, max, min)');
    }
    c.pos += agg.length + 2;
    field.aggregate = agg;
    if (c.eat('::')) field.aggregateCast = parseIdentifier(c);
  }
  return field;
}

function parseEmbedRest(
  c: Cursor,
  base: Omit<SelectEmbed, 'type' | 'children'>,
  depth: number,
): SelectEmbed {
  const embed: SelectEmbed = { type: 'embed', ...base, children: [] };
  while (c.eat('!')) {
    if (c.startsWith('inner') && /[(!]/.test(c.peek(5))) {
      c.pos += 5;
      embed.join = 'inner';
    } else if (c.startsWith('left') && /[(!]/.test(c.peek(4))) {
      c.pos += 4;
      embed.join = 'left';
    } else embed.hint = parseFieldName(c);
  }
  c.expect('(', '"(" (embedded resource)');
  c.skipSpaces();
  if (c.peek() !== ')') embed.children = parseList(c, depth + 1);
  c.skipSpaces();
  c.expect(')', '")"');
  return embed;
}
