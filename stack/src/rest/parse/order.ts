// The `order` grammar: `col[->json].asc|desc[.nullsfirst|nullslast]`, and `rel(col)` for a
// column of an embedded to-one resource.
import { Cursor, parseFieldName, parseJsonPath } from './cursor.ts';
import type { OrderTerm } from './types.ts';

export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    c.skipSpaces();
    const name = parseFieldName(c);
    let term: OrderTerm;
    if (c.eat('(')) {
      const col = parseFieldName(c);
      term = { relation: name, field: { name: col, json: parseJsonPath(c) } };
      c.expect(')', '")"');
    } else term = { field: { name, json: parseJsonPath(c) } };
    if (c.eat('.asc')) term.direction = 'asc';
    else if (c.eat('.desc')) term.direction = 'desc';
    if (c.eat('.nullsfirst')) term.nulls = 'first';
    else if (c.eat('.nullslast')) term.nulls = 'last';
    terms.push(term);
    c.skipSpaces();
    if (c.eat(',')) continue;
    if (!c.done) throw c.fail('"," or delimiter (.) or end of input');
    return terms;
  }
}
