// Whether Sheaf can talk to its server: the browser's own view (navigator.onLine and its events)
// and, while that says online, whether the server answers. A request that fails at the network
// level, times out, or gets a gateway error (502/503/504) means the server is not answering
// (Wi-Fi without internet, a server restarting): the app treats that as offline everywhere it
// handles offline, and a quiet probe with back-off (1 s doubling to 30 s, at once when the
// browser comes back online or the tab is shown again) notices when it answers again. Any
// answer from the server, the probe's or a real request's, ends it at once.
//
// The machine (Reachability) takes its clock and probe from outside, so it is tested alone;
// the app's one instance is `reachability`, started by startReachability() with the probe.

export type Connection = 'online' | 'offline' | 'unreachable';

/** What a probe found: the server answered (anything but a gateway error), or it did not. */
export type ProbeResult = 'answered' | 'failed';

export interface ReachabilityDeps {
  browserOnline(): boolean;
  probe(): Promise<ProbeResult>;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export const PROBE_FIRST_MS = 1000;
export const PROBE_MAX_MS = 30_000;

export class Reachability {
  private answering = true;
  private browser: boolean;
  private timer: unknown = null;
  private delay = PROBE_FIRST_MS;
  private probing = false;
  private readonly listeners = new Set<(state: Connection) => void>();
  private readonly resumes = new Set<() => void>();

  constructor(private deps: ReachabilityDeps) {
    this.browser = deps.browserOnline();
  }

  /** 'offline' when the browser says so, 'unreachable' when the server does not answer. */
  get state(): Connection {
    if (!this.browser) return 'offline';
    return this.answering ? 'online' : 'unreachable';
  }

  /** Hears every change of state; returns the unsubscribe. */
  subscribe(listener: (state: Connection) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once whenever the server can be reached again after it could not (or the browser
   * is back online): the moment to send what waited. */
  onResume(listener: () => void): () => void {
    this.resumes.add(listener);
    return () => this.resumes.delete(listener);
  }

  /** A request got an answer from the server. */
  answered(): void {
    if (this.answering) return;
    this.answering = true;
    this.stopProbing();
    this.changed(true);
  }

  /** A request failed at the network level, timed out, or met a gateway error. */
  failed(): void {
    // Offline, the browser's word says it all: nothing is probed until it is back.
    if (!this.deps.browserOnline()) return this.browserChanged();
    if (!this.browser || !this.answering) return;
    this.answering = false;
    this.delay = PROBE_FIRST_MS;
    this.schedule(this.delay);
    this.changed(false);
  }

  /** The browser's online/offline event. */
  browserChanged(): void {
    const online = this.deps.browserOnline();
    if (online === this.browser) return;
    this.browser = online;
    if (!online) {
      this.stopProbing();
      return this.changed(false);
    }
    if (this.answering) return this.changed(true);
    // Back on a network, but the server had stopped answering: ask it now.
    this.changed(false);
    this.probeSoon();
  }

  /** The person is looking again (tab shown, window focused): if we are waiting, ask now. */
  nudge(): void {
    if (this.browser && !this.answering) this.probeSoon();
  }

  /** Whether the probe is waiting for its next try (for tests and the banner). */
  get waiting(): boolean {
    return this.timer !== null || this.probing;
  }

  private probeSoon(): void {
    this.delay = PROBE_FIRST_MS;
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      void this.probe();
    }, ms);
  }

  private stopProbing(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  private async probe(): Promise<void> {
    if (this.probing || this.answering || !this.browser) return;
    this.probing = true;
    let result: ProbeResult;
    try {
      result = await this.deps.probe();
    } catch {
      result = 'failed';
    } finally {
      this.probing = false;
    }
    if (this.answering || !this.browser) return;
    if (result === 'answered') return this.answered();
    this.delay = Math.min(PROBE_MAX_MS, this.delay * 2);
    this.schedule(this.delay);
  }

  private changed(resumed: boolean): void {
    const state = this.state;
    for (const listener of [...this.listeners]) listener(state);
    if (resumed && state === 'online') for (const resume of [...this.resumes]) resume();
  }
}

/** Gateway answers: the server (or what stands in front of it) is not answering for now. */
export function isGatewayStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

const browser = typeof window !== 'undefined' && typeof navigator !== 'undefined';

let probeWith: () => Promise<ProbeResult> = async () => 'answered';

/** The app's one view of the connection. */
export const reachability = new Reachability({
  browserOnline: () => (browser ? navigator.onLine : true),
  probe: () => probeWith(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
});

let started = false;

/** Starts following the browser's events, with the request that probes the server. */
export function startReachability(probe: () => Promise<ProbeResult>): void {
  probeWith = probe;
  if (started || !browser) return;
  started = true;
  const changed = () => reachability.browserChanged();
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') reachability.nudge();
  });
  window.addEventListener('focus', () => reachability.nudge());
}

/** True when the server can be reached as far as the app knows (the browser online, and the
 * server answering): where code read navigator.onLine, it reads this. */
export function isOnline(): boolean {
  return reachability.state === 'online';
}

export function connectionState(): Connection {
  return reachability.state;
}
