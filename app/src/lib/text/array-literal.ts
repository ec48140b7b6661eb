// A text[] value as Postgres reads it, for a PostgREST filter such as `tags=eq.{…}`: every
// element quoted, so commas, braces, quotes, backslashes and spaces in a tag stay its own.

export function textArrayLiteral(values: readonly string[]): string {
  const quoted = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return `{${quoted.join(',')}}`;
}
