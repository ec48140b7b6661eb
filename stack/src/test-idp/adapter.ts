// The test identity provider's storage for oidc-provider (codes, sessions, grants, interactions):
// kept in memory, one store per provider, gone when the stack stops, as a test IdP's may be.
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

export function memoryAdapter() {
  const entries = new Map<string, Entry>();
  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt && entry.expiresAt < Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      entries.set(this.key(id), {
        payload,
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : 0,
      });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key, entry] of entries)
        if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return live(key);
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key, entry] of entries)
        if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode)
          return live(key);
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      entries.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of entries)
        if (entry.payload.grantId === grantId) entries.delete(key);
    }
  };
}
