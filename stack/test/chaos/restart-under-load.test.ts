// Postgres restarted (immediate, then fast) under mixed load: the stack process stays up, every
// refused request got its service's "database unavailable" answer, and no acknowledged write —
// note, session or upload — is lost.
import { describe, expect, it } from 'vitest';
import { postgresRestartUnderLoad } from './scenarios/postgres-restart.ts';

describe('Postgres restarted under mixed load', () => {
  it('keeps the stack up, answers only unavailable errors meanwhile and loses no acknowledged write', async () => {
    const report = await postgresRestartUnderLoad();
    const context = `\n${JSON.stringify({ ...report, output: undefined }, null, 2)}\n${report.output}`;
    expect(report.stackExit, context).toBeUndefined();
    expect(report.unexpected, context).toEqual([]);
    expect(report.lost, context).toEqual({ notes: [], sessions: [], objects: [] });
    // The run really wrote across the faults, and clients really were refused during them.
    expect(report.acknowledged.notes, context).toBeGreaterThan(10);
    expect(report.acknowledged.sessions, context).toBeGreaterThan(0);
    expect(report.acknowledged.objects, context).toBeGreaterThan(0);
    expect(report.faults.map((f) => f.mode)).toEqual(['immediate', 'fast']);
  });
});
