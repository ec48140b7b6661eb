// A write whose transaction failed removes the bytes it published, except when the commit's
// outcome is unknown: the connection was lost after COMMIT went out, so the row may be there
// and must keep its bytes (if it is not, start-up sweeps them). The database is a fake that
// fails the way each driver reports it; the error goes through the store's real mapping.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/adapter.ts';
import { DatabaseUnavailableError } from '../../src/db/unavailable.ts';
import type { StorageDeps } from '../../src/storage/deps.ts';
import { StorageError } from '../../src/storage/errors.ts';
import { createStorageStore } from '../../src/storage/store/store.ts';
import { commitVersion } from '../../src/storage/write-object.ts';

function failingWith(error: unknown): StorageDeps {
  const db = {
    transaction: () => Promise.reject(error),
    batch: () => Promise.reject(error),
  } as unknown as Database;
  return {
    store: createStorageStore(db),
    bytes: { remove: () => Promise.resolve() },
  } as unknown as StorageDeps;
}

async function commitFailing(error: unknown) {
  const steps: string[] = [];
  const failure = await commitVersion(
    failingWith(error),
    {
      bucket: 'b',
      key: 'k',
      caller: { role: 'service_role', claims: {} },
      owner: undefined,
      upsert: true,
    },
    { version: '00000000-0000-4000-8000-000000000001', metadata: {}, userMetadata: null },
    async () => void steps.push('placed'),
    async () => void steps.push('removed'),
  ).catch((e: unknown) => e);
  return { failure, steps };
}

describe('the bytes of a write whose transaction failed', () => {
  it('stay when the connection was lost after the transaction went out', async () => {
    const { failure, steps } = await commitFailing(
      new DatabaseUnavailableError('session', 'Connection terminated unexpectedly'),
    );
    expect(failure).toBeInstanceOf(StorageError);
    expect((failure as StorageError).toBody()).toMatchObject({ statusCode: '500' });
    expect(steps).toEqual(['placed']);
  });

  it('are removed when no connection was made, or Postgres refused the write', async () => {
    const refused = Object.assign(new Error('new row violates row-level security policy'), {
      code: '42501',
    });
    for (const error of [new DatabaseUnavailableError('connect', 'refused'), refused]) {
      const { failure, steps } = await commitFailing(error);
      expect(failure).toBeInstanceOf(StorageError);
      expect(steps).toEqual(['placed', 'removed']);
    }
  });
});
