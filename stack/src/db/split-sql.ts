// Splits a SQL script into statements, as the Supabase CLI does before running a migration:
// semicolons end statements except inside quotes, dollar quotes, comments and BEGIN ATOMIC bodies.

export interface Statement {
  sql: string;
  /** 1-based line of the statement's first character in the script. */
  line: number;
  /** Offset of the statement's first character in the script. */
  offset: number;
}

export function splitSql(script: string): Statement[] {
  const out: Statement[] = [];
  let start = 0;
  let i = 0;
  let atomicDepth = 0;
  const n = script.length;
  const push = (end: number) => {
    const raw = script.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const sql = raw.trim();
    if (sql && !isOnlyComments(sql)) {
      const offset = start + lead;
      out.push({ sql, offset, line: lineAt(script, offset + codeStart(sql)) });
    }
  };
  while (i < n) {
    const c = script[i]!;
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (script[i] === '/' && script[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (script[i] === '*' && script[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (c === "'" || c === '"') {
      // E'…' strings take backslash escapes; standard strings and identifiers do not.
      const escapes =
        c === "'" && /[eE]/.test(script[i - 1] ?? '') && !/[A-Za-z0-9_]/.test(script[i - 2] ?? '');
      i++;
      while (i < n) {
        if (escapes && script[i] === '\\') i += 2;
        else if (script[i] === c) {
          if (script[i + 1] === c) i += 2;
          else break;
        } else i++;
      }
      i++;
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i, i + 64));
      if (tag && !/[A-Za-z0-9_]/.test(script[i - 1] ?? '')) {
        const close = script.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? n : close + tag[0].length;
      } else i++;
    } else if (/[A-Za-z]/.test(c) && !/[A-Za-z0-9_$]/.test(script[i - 1] ?? '')) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(script.slice(i, i + 32))![0].toLowerCase();
      if (word === 'atomic' && /begin\s+$/i.test(script.slice(Math.max(0, i - 16), i)))
        atomicDepth++;
      else if (word === 'end' && atomicDepth > 0 && /^end\s*;/i.test(script.slice(i, i + 16)))
        atomicDepth--;
      i += word.length;
    } else if (c === ';' && atomicDepth === 0) {
      push(i);
      start = i + 1;
      i++;
    } else i++;
  }
  push(n);
  return out;
}

/** Offset of the first character that is neither whitespace nor part of a leading comment. */
function codeStart(sql: string): number {
  const match = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/.exec(sql);
  return match ? match[0].length : 0;
}

function isOnlyComments(sql: string): boolean {
  return (
    sql
      .replace(/--[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim() === ''
  );
}

/** 1-based line number of an offset in text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
