// The embedded default's store: @upstash/ratelimit's sliding window, computed the
// same way in memory (same buckets, same weighted previous window, a denied
// request consumes nothing, a negative rate refunds).
import type { RateWindow, WindowStore } from "./types";

export class MemoryWindowStore implements WindowStore {
  private readonly counts = new Map<string, { value: number; expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  private read(key: string, at: number): number {
    const entry = this.counts.get(key);
    if (!entry) return 0;
    if (entry.expiresAt <= at) {
      this.counts.delete(key);
      return 0;
    }
    return entry.value;
  }

  private buckets(key: string, window: RateWindow, at: number) {
    const current = Math.floor(at / window.windowMs);
    const currentKey = `${key}:${current}`;
    const previousKey = `${key}:${current - 1}`;
    const share = (at % window.windowMs) / window.windowMs;
    const previous = Math.floor((1 - share) * this.read(previousKey, at));
    return { currentKey, previous, reset: (current + 1) * window.windowMs };
  }

  async limit(key: string, window: RateWindow, rate: number) {
    const at = this.now();
    const { currentKey, previous, reset } = this.buckets(key, window, at);
    const used = this.read(currentKey, at);
    if (rate > 0 && previous + used >= window.limit) return { success: false, remaining: 0, reset };
    const value = used + rate;
    const existing = this.counts.get(currentKey);
    this.counts.set(currentKey, { value, expiresAt: existing && existing.expiresAt > at ? existing.expiresAt : at + window.windowMs * 2 + 1000 });
    return { success: true, remaining: Math.max(0, window.limit - (value + previous)), reset };
  }

  async getRemaining(key: string, window: RateWindow) {
    const at = this.now();
    const { currentKey, previous, reset } = this.buckets(key, window, at);
    return { remaining: Math.max(0, window.limit - (this.read(currentKey, at) + previous)), reset };
  }

  async reset(key: string) {
    for (const stored of [...this.counts.keys()]) if (stored.startsWith(`${key}:`)) this.counts.delete(stored);
  }
}
