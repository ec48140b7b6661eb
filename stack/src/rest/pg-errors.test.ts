import { describe, expect, it } from 'vitest';
import { ExecuteError } from './errors.ts';
import { fromPgError, statusForSqlState } from './pg-errors.ts';

const pgError = (code: string, message: string, detail?: string) =>
  Object.assign(new Error(message), { code, detail });

describe('Postgres errors', () => {
  it('take PostgREST’s HTTP statuses', () => {
    expect(statusForSqlState('23505', '', false)).toBe(409);
    expect(statusForSqlState('42501', '', false)).toBe(401);
    expect(statusForSqlState('42501', '', true)).toBe(403);
    expect(statusForSqlState('PT402', '', true)).toBe(402);
    expect(statusForSqlState('08P01', '', true)).toBe(503);
    expect(statusForSqlState('22P02', '', true)).toBe(400);
  });

  it('never answer 42725: an ambiguous call is PGRST203', () => {
    const error = fromPgError(pgError('42725', 'function public.twin() is not unique'), true);
    expect(error).toBeInstanceOf(ExecuteError);
    expect(error?.body()).toMatchObject({ code: 'PGRST203', details: null });
    expect(error?.status).toBe(300);
  });

  it('give RAISE SQLSTATE PGRST full control, or PGRST121 when its JSON is wrong', () => {
    const raised = fromPgError(
      pgError('PGRST', '{"code":"123","message":"custom"}', '{"status":418,"headers":{"X-A":"b"}}'),
      false,
    );
    expect(raised).toMatchObject({ status: 418, code: '123', headers: { 'X-A': 'b' } });
    expect(fromPgError(pgError('PGRST', 'not json'), false)?.code).toBe('PGRST121');
    expect(fromPgError(new Error('no code'), false)).toBeUndefined();
  });
});
