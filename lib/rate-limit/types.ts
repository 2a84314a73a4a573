// The rate limiter's vocabulary, apart from its stores so that the stores, the headers and the
// limiter can all reach it without importing one another.
import type { InFlightSlots } from "./in-flight";

export type RateWindow = { name: string; limit: number; windowMs: number };
export type RatePolicy = { name: string; windows: RateWindow[] };
export type WindowState = { name: string; limit: number; windowMs: number; remaining: number; resetAt: number };
export type RateDecision = { allowed: boolean; deniedBy?: string; retryAfterSeconds?: number; windows: WindowState[] };

export class RateLimitStoreError extends Error {
  constructor(cause: unknown) {
    super(`rate-limit store failed: ${(cause as Error)?.message ?? cause}`, { cause });
    this.name = "RateLimitStoreError";
  }
}

/** One window's counter in some store. */
export interface WindowStore {
  limit(key: string, window: RateWindow, rate: number): Promise<{ success: boolean; remaining: number; reset: number }>;
  getRemaining(key: string, window: RateWindow): Promise<{ remaining: number; reset: number }>;
  reset(key: string, window: RateWindow): Promise<void>;
}

export type RateLimiter = {
  kind: "upstash" | "redis" | "memory";
  /** Work in flight per name, held in the same store as the windows. */
  inFlight: InFlightSlots;
  check(identifier: string, policy: RatePolicy): Promise<RateDecision>;
  remaining(identifier: string, policy: RatePolicy): Promise<WindowState[]>;
  reset(identifier: string, policy: RatePolicy): Promise<void>;
  close(): Promise<void>;
};
