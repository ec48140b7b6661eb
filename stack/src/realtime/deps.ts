// What the Realtime service's handlers share, built once from the stack context by service.ts
// and passed in: never reached for globally.
import type { RealtimeConfig } from '../config/realtime.ts';
import type { Keys } from '../keys/keys.ts';
import type { Logger } from '../lib/log.ts';
import type { VerifyToken } from './access/token.ts';
import type { Hub } from './broadcast/hub.ts';
import type { ChangeRegistry } from './changes/registry.ts';
import type { Limits } from './limits/limits.ts';
import type { PresenceTracker } from './presence/tracker.ts';
import type { RealtimeStore } from './store/store.ts';

export interface RealtimeDeps {
  config: RealtimeConfig;
  keys: Keys;
  limits: Limits;
  store: RealtimeStore;
  verifyToken: VerifyToken;
  hub: Hub;
  presence: PresenceTracker;
  changes: ChangeRegistry;
  log: Logger;
}
