import { SESSION_KEEP_MS } from '@shared/constants';

/** A stored value with an absolute expiry, as JeecgBoot's vue-ls keeps them. */
interface Expiring<T> {
  value: T;
  expire: number | null;
}

/** Local storage with expiry: expired or unreadable entries read as undefined and are removed. */
export const local = {
  get<T>(key: string): T | undefined {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    try {
      const entry = JSON.parse(raw) as Expiring<T>;
      if (entry.expire !== null && entry.expire <= Date.now()) {
        localStorage.removeItem(key);
        return undefined;
      }
      return entry.value;
    } catch {
      localStorage.removeItem(key);
      return undefined;
    }
  },
  set<T>(key: string, value: T, keepMs: number | null = SESSION_KEEP_MS): void {
    const entry: Expiring<T> = { value, expire: keepMs === null ? null : Date.now() + keepMs };
    localStorage.setItem(key, JSON.stringify(entry));
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
};

/** Session storage of JSON values (button permissions live here, as the spec says). */
export const session = {
  get<T>(key: string): T | undefined {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  set(key: string, value: unknown): void {
    sessionStorage.setItem(key, JSON.stringify(value));
  },
  remove(key: string): void {
    sessionStorage.removeItem(key);
  },
};
