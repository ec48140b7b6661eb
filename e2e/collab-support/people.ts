// The people of a collaboration test file: one stack and app for the file, and each person
// signed in through the form in a browser context of their own (the hooks are registered here,
// so a test file only names who takes part). Read them inside a test: they exist once the
// file's beforeAll has run.
import { afterAll, beforeAll } from 'vitest';
import { signedInPerson, type Person } from '../notes-support/notes-steps.ts';
import { startE2E, type E2E } from '../support/harness.ts';
import { unique } from '../support/users.ts';

export type People<N extends string> = { e2e: E2E } & Record<N, Person>;

export function signedInPeople<const N extends string>(...names: N[]): People<N> {
  const people = {} as People<N>;
  beforeAll(async () => {
    people.e2e = await startE2E();
    for (const name of names)
      people[name] = (await signedInPerson(
        people.e2e,
        unique(name),
        `${name}-pass-123`,
      )) as People<N>[N];
  });
  afterAll(async () => {
    await people.e2e?.close();
  });
  return people;
}
