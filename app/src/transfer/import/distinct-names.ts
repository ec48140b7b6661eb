// Names for the notebooks an import creates that no notebook of the person already has: an
// export imported back next to the notebook it came from becomes "Travel (2)", not a second
// "Travel" that cannot be told apart from the first. Names are compared as a person reads them
// (ignoring case and the spaces around them); each stays within the 100 characters a name may have.

const key = (name: string) => name.trim().toLocaleLowerCase();

/** `name`, or the first of "name (2)", "name (3)" … that is not taken (shortened to fit `max`). */
export function distinctName(name: string, taken: Iterable<string>, max = 100): string {
  const used = new Set(Array.from(taken, key));
  if (!used.has(key(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const base = [...name.trim()]
      .slice(0, max - suffix.length)
      .join('')
      .trimEnd();
    const candidate = `${base}${suffix}`;
    if (!used.has(key(candidate))) return candidate;
  }
}

/** The name each new notebook gets, keyed like `names` (each one distinct from the others too). */
export function distinctNames(names: string[], taken: Iterable<string>, max = 100): string[] {
  const used = [...taken];
  return names.map((name) => {
    const chosen = distinctName(name, used, max);
    used.push(chosen);
    return chosen;
  });
}
