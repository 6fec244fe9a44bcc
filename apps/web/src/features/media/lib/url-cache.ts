// Signed image URLs live one hour on the server; the client reuses a fetched URL for one
// hour minus five minutes (accounts §9) so it never shows a URL about to expire.
import { IMAGE_URL_CACHE_MS } from '@bidboard/shared';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

export class ExpiringCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number = IMAGE_URL_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Shared by every media call that returns signed image URLs. */
export const imageUrlCache = new ExpiringCache<unknown>();
