import { describe, expect, it } from 'vitest';
import { sortMigrations } from './migrate.ts';
import { splitSql } from './split-sql.ts';

describe('sortMigrations', () => {
  it('orders by numeric version and ignores files that are not migrations', () => {
    expect(
      sortMigrations([
        '20240102000000_b.sql',
        'README.md',
        '2_two.sql',
        '20240101000000_a.sql',
        '10_ten.sql',
        'notes.sql',
        '1_one.sql',
      ]),
    ).toEqual([
      '1_one.sql',
      '2_two.sql',
      '10_ten.sql',
      '20240101000000_a.sql',
      '20240102000000_b.sql',
    ]);
  });
});

describe('splitSql', () => {
  it('splits on semicolons outside quotes, comments and dollar quotes, with line numbers', () => {
    const script = [
      "create table t (a text default ';');",
      '-- comment; still a comment',
      '/* block; /* nested; */ */',
      'create function f() returns int language plpgsql as $body$ begin return 1; end $body$;',
      'select "we;ird" from t;',
      "select $$a;b$$, E'x\\'' ;",
    ].join('\n');
    const statements = splitSql(script);
    expect(statements.map((s) => s.line)).toEqual([1, 3, 5, 6]);
    // Leading comments stay in the statement's text; its line is that of its first code.
    expect(statements[1]!.sql).toMatch(/^-- comment.*create function f\(\).*\$body\$$/s);
    expect(statements.map((s) => s.sql.split('\n').pop())).toEqual([
      "create table t (a text default ';')",
      'create function f() returns int language plpgsql as $body$ begin return 1; end $body$',
      'select "we;ird" from t',
      "select $$a;b$$, E'x\\''",
    ]);
  });

  it('keeps BEGIN ATOMIC bodies whole', () => {
    const statements = splitSql(
      'create function g() returns int language sql begin atomic select 1; select 2; end;\nselect 3;',
    );
    expect(statements).toHaveLength(2);
    expect(statements[0]!.sql).toContain('select 2; end');
  });

  it('drops empty statements and trailing comments', () => {
    expect(splitSql(';;  -- only a comment\n')).toEqual([]);
  });
});
