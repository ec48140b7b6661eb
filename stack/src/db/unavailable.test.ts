import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isPgError } from './adapter.ts';
import {
  DatabaseUnavailableError,
  classifyConnectionError,
  isDatabaseUnavailable,
} from './unavailable.ts';

const serverError = (code: string, message = 'from the server') =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

describe('classifying driver errors', () => {
  it('turns a refused connection into a connect-phase unavailable error with SQLSTATE 08001', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const error = classifyConnectionError(refused, 'connect', 4) as DatabaseUnavailableError;
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(error).toMatchObject({ phase: 'connect', code: '08001', retryAfterSeconds: 4 });
    expect(error.message).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('turns a connection lost mid-session into a session-phase error with SQLSTATE 08006', () => {
    const error = classifyConnectionError(
      new Error('Connection terminated unexpectedly'),
      'session',
    );
    expect(error).toMatchObject({ phase: 'session', code: '08006' });
  });

  it('turns a write to a closed socket (EPIPE, five capitals like a SQLSTATE) into a lost session', () => {
    // Node's error for a write after the server closed the connection, as the chaos suite met it
    // during a restart: it was once taken for a SQLSTATE sent by the server and answered 400.
    const broken = Object.assign(new Error('write EPIPE'), {
      code: 'EPIPE',
      errno: -32,
      syscall: 'write',
    });
    const error = classifyConnectionError(broken, 'session', 2);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(error).toMatchObject({ phase: 'session', code: '08006', retryAfterSeconds: 2 });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isPgError(broken)).toBe(false);
    expect(isPgError(serverError('57P01'))).toBe(true);
    // Any other errno of a socket call is the connection failing too, whatever its spelling.
    const other = Object.assign(new Error('read EPROTO'), { code: 'EPROTO', syscall: 'read' });
    expect(classifyConnectionError(other, 'session')).toMatchObject({ phase: 'session' });
  });

  it('treats the server refusing a new connection (starting up) as the connection failing', () => {
    const error = classifyConnectionError(serverError('57P03'), 'connect');
    expect(error).toMatchObject({ phase: 'connect' });
  });

  it('keeps errors the server sent during a session, and every other error, unchanged', () => {
    const shutdown = serverError('57P01', 'terminating connection due to administrator command');
    expect(classifyConnectionError(shutdown, 'session')).toBe(shutdown);
    const syntax = serverError('42601');
    expect(classifyConnectionError(syntax, 'session')).toBe(syntax);
    const bug = new TypeError('undefined is not a function');
    expect(classifyConnectionError(bug, 'session')).toBe(bug);
  });

  it('tells a pool that stayed busy apart from an unreachable server', () => {
    const error = classifyConnectionError(
      new Error('timeout exceeded when trying to connect'),
      'connect',
    );
    expect(error).toMatchObject({ phase: 'acquire-timeout' });
  });

  it('recognises every shape of unavailability, and nothing else', () => {
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('session', 'lost'))).toBe(true);
    expect(isDatabaseUnavailable(serverError('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(serverError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(serverError('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
