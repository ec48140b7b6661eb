import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBE_FIRST_MS, PROBE_MAX_MS, Reachability, type ProbeResult } from './reachability.ts';

/** A machine with a browser switch, a probe whose answers the test gives, and fake timers. */
function machine() {
  vi.useFakeTimers();
  let online = true;
  const answers: ProbeResult[] = [];
  const probe = vi.fn(async () => answers.shift() ?? 'failed');
  const reach = new Reachability({
    browserOnline: () => online,
    probe,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  });
  const states: string[] = [];
  reach.subscribe((s) => states.push(s));
  const resumed = vi.fn();
  reach.onResume(resumed);
  return {
    reach,
    probe,
    states,
    resumed,
    answers,
    setBrowser(next: boolean) {
      online = next;
      reach.browserChanged();
    },
  };
}

describe('reachability', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is online until a request fails, then unreachable until the server answers again', () => {
    const { reach, states, resumed } = machine();
    expect(reach.state).toBe('online');
    reach.failed();
    expect(reach.state).toBe('unreachable');
    reach.failed(); // more failures change nothing
    reach.answered();
    expect(reach.state).toBe('online');
    expect(states).toEqual(['unreachable', 'online']);
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it('probes with back-off while unreachable, doubling up to the maximum', async () => {
    const { reach, probe } = machine();
    reach.failed();
    const times: number[] = [];
    probe.mockImplementation(async () => {
      times.push(Date.now());
      return 'failed';
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(200_000);
    const gaps = times.map((t, i) => t - (i === 0 ? start : times[i - 1]!));
    expect(gaps.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
    expect(Math.max(...gaps)).toBe(PROBE_MAX_MS);
    expect(reach.state).toBe('unreachable');
  });

  it('comes back when a probe gets an answer, and stops probing', async () => {
    const { reach, probe, answers, resumed } = machine();
    answers.push('failed', 'answered');
    reach.failed();
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS + 2 * PROBE_FIRST_MS);
    expect(reach.state).toBe('online');
    expect(resumed).toHaveBeenCalledTimes(1);
    const calls = probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe.mock.calls.length).toBe(calls);
  });

  it('is offline while the browser says so, and never probes then', async () => {
    const m = machine();
    m.setBrowser(false);
    expect(m.reach.state).toBe('offline');
    m.reach.failed(); // a request failing offline says nothing new
    expect(m.reach.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(m.probe).not.toHaveBeenCalled();
  });

  it('back online after a server that stopped answering, asks it at once', async () => {
    const m = machine();
    m.reach.failed();
    m.setBrowser(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(m.probe).not.toHaveBeenCalled();
    m.answers.push('answered');
    m.setBrowser(true);
    expect(m.reach.state).toBe('unreachable');
    await vi.advanceTimersByTimeAsync(0);
    expect(m.probe).toHaveBeenCalledTimes(1);
    expect(m.reach.state).toBe('online');
    expect(m.states).toEqual(['unreachable', 'offline', 'unreachable', 'online']);
  });

  it('back online when the server was answering, resumes at once without a probe', () => {
    const m = machine();
    m.setBrowser(false);
    m.setBrowser(true);
    expect(m.reach.state).toBe('online');
    expect(m.resumed).toHaveBeenCalledTimes(1);
    expect(m.probe).not.toHaveBeenCalled();
  });

  it('asks again at once when nudged (tab shown), restarting the back-off', async () => {
    const m = machine();
    m.reach.failed();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000); // three probes failed; next in 8 s
    expect(m.probe).toHaveBeenCalledTimes(3);
    m.reach.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(m.probe).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(2000); // back to 2 s, not 16 s
    expect(m.probe).toHaveBeenCalledTimes(5);
  });

  it('takes a probe that throws as no answer', async () => {
    const m = machine();
    m.probe.mockRejectedValueOnce(new Error('boom'));
    m.reach.failed();
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS);
    expect(m.reach.state).toBe('unreachable');
    expect(m.reach.waiting).toBe(true);
  });
});
