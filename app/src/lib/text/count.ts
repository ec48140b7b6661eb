// A number with its noun, singular for one: "1 note", "3 notes", "0 files".
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
