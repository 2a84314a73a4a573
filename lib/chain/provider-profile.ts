// What a provider allows, per node URL: the limits set by configuration, lowered by what its
// refusals have taught us since the process started. Every client of that URL shares one profile,
// so a limit learned by one API request spares every later one the refusal, and one rate limiter
// paces all of them together.
import { getNetwork, type ChainEnv, type ChainId } from "./networks";
import type { RefusalHints } from "./refusals";

export type ProviderLimits = {
  /** Blocks per eth_getLogs call; unset, the scanner's own chunk sizes apply until a refusal states one. */
  maxBlockRange?: bigint;
  /** Logs per eth_getLogs answer. */
  maxLogs?: number;
  /** Calls per JSON-RPC batch. */
  maxBatch: number;
  /** Calls per second, a batch counting each of its calls (as providers count them), paced a tenth under; unset, no pacing until a 429. */
  maxRps?: number;
  /** eth_getLogs calls one log scan may make before it stops and says the answer is cut short. */
  maxScanRequests: number;
};

/**
 * Without configuration: batches of 100 (Erigon's default and under every commercial provider's
 * cap; geth and Alchemy allow 1,000, public endpoints often 10 and are learned on first refusal),
 * and at most 1,000 eth_getLogs calls per scan (a 10-block free tier covers 10,000 blocks with them).
 */
export const defaultProviderLimits: Readonly<Pick<ProviderLimits, "maxBatch" | "maxScanRequests">> = {
  maxBatch: 100,
  maxScanRequests: 1_000,
};

/** The settings, per network: ETH_RPC_MAX_BLOCK_RANGE, BASE_RPC_MAX_BATCH, BSC_RPC_MAX_RPS, … */
export const limitSettings = {
  maxBlockRange: "MAX_BLOCK_RANGE",
  maxLogs: "MAX_LOGS",
  maxBatch: "MAX_BATCH",
  maxRps: "MAX_RPS",
  maxScanRequests: "MAX_SCAN_REQUESTS",
} as const;

export function limitSettingName(chain: ChainId, limit: keyof typeof limitSettings): string {
  return `${getNetwork(chain).rpcUrlSetting.replace(/_URL$/, "")}_${limitSettings[limit]}`;
}

function positiveNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

function positiveInteger(value: string | undefined): number | undefined {
  const parsed = positiveNumber(value);
  return parsed !== undefined && Number.isInteger(parsed) ? parsed : undefined;
}

/** The limits configured for a network; malformed values are ignored, as the other chain settings are. */
export function providerLimitsFromEnv(chain: ChainId, env: ChainEnv = process.env): Partial<ProviderLimits> {
  const read = (limit: keyof typeof limitSettings) => env[limitSettingName(chain, limit)];
  const maxBlockRange = positiveInteger(read("maxBlockRange"));
  return {
    maxBlockRange: maxBlockRange === undefined ? undefined : BigInt(maxBlockRange),
    maxLogs: positiveInteger(read("maxLogs")),
    maxBatch: positiveInteger(read("maxBatch")),
    maxRps: positiveNumber(read("maxRps")),
    maxScanRequests: positiveInteger(read("maxScanRequests")),
  };
}

function lower<T extends number | bigint>(a: T | undefined, b: T | undefined): T | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

/**
 * A token bucket over JSON-RPC calls, shared by everything that talks to one provider. A 429
 * pauses it for everyone: concurrent callers wait out the provider's Retry-After together
 * instead of each drawing another 429.
 */
export class RateLimiter {
  #tokens = 0;
  #filledAt = 0;
  #pausedUntil = 0;
  /** Calls sent in the last second, to learn a rate from a 429 that states none. */
  #recent: Array<{ at: number; calls: number }> = [];

  constructor(private readonly rate: () => number | undefined) {}

  /** Takes `calls` tokens now and says how long to wait before sending them. */
  reserve(calls: number, now = Date.now()): number {
    let wait = Math.max(0, this.#pausedUntil - now);
    const rps = this.rate();
    if (rps !== undefined) {
      if (this.#filledAt === 0) this.#tokens = rps;
      else if (now > this.#filledAt) this.#tokens = Math.min(rps, this.#tokens + ((now - this.#filledAt) / 1000) * rps);
      // Tokens refill from filledAt on; a drained bucket's refill starts when its pause ends.
      const refillFrom = Math.max(now, this.#filledAt);
      this.#filledAt = refillFrom;
      this.#tokens -= calls;
      if (this.#tokens < 0) wait = Math.max(wait, refillFrom - now + (-this.#tokens / rps) * 1000);
    }
    return Math.ceil(wait);
  }

  /** Gives back tokens taken for a send that did not happen. */
  release(calls: number): void {
    const rps = this.rate();
    if (rps !== undefined) this.#tokens = Math.min(rps, this.#tokens + calls);
  }

  sent(calls: number, now = Date.now()): void {
    this.#recent.push({ at: now, calls });
    while (this.#recent.length > 0 && this.#recent[0].at < now - 1000) this.#recent.shift();
  }

  /** Calls sent in the second before `now`. */
  recentRate(now = Date.now()): number {
    return this.#recent.filter((entry) => entry.at >= now - 1000).reduce((sum, entry) => sum + entry.calls, 0);
  }

  pause(ms: number, now = Date.now()): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, now + ms);
  }

  /** After a 429 the provider's own bucket is empty: ours refills from the end of the pause, not from full. */
  drain(now = Date.now()): void {
    // Calls already waiting keep their places: a second 429 does not hand their tokens out again.
    this.#tokens = Math.min(this.#tokens, 0);
    this.#filledAt = Math.max(this.#filledAt, this.#pausedUntil, now);
  }

  pausedFor(now = Date.now()): number {
    return Math.max(0, this.#pausedUntil - now);
  }
}

type Learned = { maxBlockRange?: bigint; maxLogs?: number; maxBatch?: number; maxRps?: number };

/** How long a provider's refusal of eth_getLogs altogether is believed before it is asked again. */
export const logsRefusalMemoryMs = 5 * 60_000;
/** How long a method the provider said it does not offer is not asked for again. */
export const methodRefusalMemoryMs = 30 * 60_000;

export class ProviderProfile {
  configured: Partial<ProviderLimits> = {};
  readonly learned: Learned = {};
  /** Set when the provider refused eth_getLogs altogether: its words, and until when we believe them. */
  #logsRefused: { reason: string; until: number } | undefined;
  /** Methods the provider said it does not offer, until when we believe it. */
  readonly #methodsRefused = new Map<string, number>();
  #rateLoweredAt = 0;
  /** The provider's words for its last rate limit, repeated when we will not wait as long as it asks. */
  lastRateLimit: { code: number; message: string } | undefined;
  readonly limiter: RateLimiter;

  constructor(readonly url: string) {
    // Paced a tenth under the rate: the provider counts arrivals, and our sends arrive with jitter.
    this.limiter = new RateLimiter(() => {
      const rps = this.limits().maxRps;
      return rps === undefined ? undefined : rps * 0.9;
    });
  }

  /** The limits in force: the configured ones, lowered by what was learned. */
  limits(): ProviderLimits {
    return {
      maxBlockRange: lower(this.configured.maxBlockRange, this.learned.maxBlockRange),
      maxLogs: lower(this.configured.maxLogs, this.learned.maxLogs),
      maxBatch: lower(this.configured.maxBatch ?? defaultProviderLimits.maxBatch, this.learned.maxBatch)!,
      maxRps: lower(this.configured.maxRps, this.learned.maxRps),
      maxScanRequests: this.configured.maxScanRequests ?? defaultProviderLimits.maxScanRequests,
    };
  }

  configure(limits: Partial<ProviderLimits>): this {
    this.configured = Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
    return this;
  }

  /** Remembers what a refusal stated; limits only ever go down. */
  learn(hints: RefusalHints): void {
    if (hints.maxBlockRange !== undefined && hints.maxBlockRange >= 1) {
      this.learned.maxBlockRange = lower(this.learned.maxBlockRange, BigInt(Math.floor(hints.maxBlockRange)));
    }
    if (hints.maxLogs !== undefined && hints.maxLogs >= 1) this.learned.maxLogs = lower(this.learned.maxLogs, Math.floor(hints.maxLogs));
    if (hints.maxBatch !== undefined && hints.maxBatch >= 1) this.learned.maxBatch = lower(this.learned.maxBatch, Math.floor(hints.maxBatch));
    if (hints.maxRps !== undefined && hints.maxRps > 0) this.learned.maxRps = lower(this.learned.maxRps, hints.maxRps);
  }

  /**
   * A 429 or its JSON-RPC equivalent: everyone waits `retryAfterMs` (or a second), and the pace
   * drops to the rate the provider stated, or else to half of what drew the refusal (once a
   * second, so a burst of refusals to one burst of calls lowers it once).
   */
  rateLimited(retryAfterMs: number | undefined, statedRps: number | undefined, said?: { code: number; message: string }, now = Date.now()): void {
    if (said) this.lastRateLimit = said;
    this.limiter.pause(retryAfterMs ?? 1_000, now);
    this.limiter.drain(now);
    if (statedRps !== undefined) {
      this.learn({ maxRps: statedRps });
      return;
    }
    if (now - this.#rateLoweredAt < 1_000) return;
    this.#rateLoweredAt = now;
    const current = this.limits().maxRps ?? this.limiter.recentRate(now);
    this.learned.maxRps = Math.max(1, Math.floor(current / 2));
  }

  methodRefused(method: string, now = Date.now()): void {
    this.#methodsRefused.set(method, now + methodRefusalMemoryMs);
  }

  /** True while we believe the provider does not offer `method` (so a fallback goes first). */
  refusesMethod(method: string, now = Date.now()): boolean {
    const until = this.#methodsRefused.get(method);
    if (until === undefined) return false;
    if (until > now) return true;
    this.#methodsRefused.delete(method);
    return false;
  }

  logsRefused(reason: string, now = Date.now()): void {
    this.#logsRefused = { reason, until: now + logsRefusalMemoryMs };
  }

  /** The provider's words for refusing eth_getLogs altogether, while we still believe them. */
  logsRefusal(now = Date.now()): string | undefined {
    if (this.#logsRefused && this.#logsRefused.until > now) return this.#logsRefused.reason;
    this.#logsRefused = undefined;
    return undefined;
  }
}

const profiles = new Map<string, ProviderProfile>();

/** The profile of a node URL, made on first use; `limits` (a network's configuration) replace the configured ones. */
export function providerProfile(url: string, limits?: Partial<ProviderLimits>): ProviderProfile {
  let profile = profiles.get(url);
  if (!profile) {
    profile = new ProviderProfile(url);
    profiles.set(url, profile);
  }
  if (limits) profile.configure(limits);
  return profile;
}

/** The profile of a URL if one exists. */
export function knownProviderProfile(url: string | undefined): ProviderProfile | undefined {
  return url === undefined ? undefined : profiles.get(url);
}

/** Forgets everything learned, e.g. between tests that reuse ports. */
export function forgetProviderProfiles(): void {
  profiles.clear();
}
