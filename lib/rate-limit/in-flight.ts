// Work in flight, counted per name: how many intelligence reads a key has running, and whether an
// MCP request id of a key is already running. A slot is a lease, not a counter: it ends when it is
// released or when its time is up, so a process that crashed holding slots cannot keep them
// forever. With Redis (or Upstash) every instance counts in one place; otherwise this process.
import { randomUUID } from "node:crypto";

export type InFlightSlots = {
  /** Takes one of `limit` slots under `name` for at most `leaseMs`; the slot's release, or null when all are taken. */
  acquire(name: string, limit: number, leaseMs: number): Promise<(() => Promise<void>) | null>;
  /** How many slots under `name` are held now. */
  held(name: string): Promise<number>;
  /** Leaves word under `name` for whoever holds it (a cancel for a call another instance runs), for at most `ttlMs`. */
  signal(name: string, ttlMs: number): Promise<void>;
  /** Whether word was left under `name`, taking it. */
  takeSignal(name: string): Promise<boolean>;
};

export class MemoryInFlightSlots implements InFlightSlots {
  private readonly leases = new Map<string, Map<string, number>>();
  private readonly signals = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async acquire(name: string, limit: number, leaseMs: number) {
    const at = this.now();
    const leases = this.live(name, at);
    if (leases.size >= limit) return null;
    const token = randomUUID();
    leases.set(token, at + leaseMs);
    this.leases.set(name, leases);
    return async () => {
      leases.delete(token);
      if (leases.size === 0 && this.leases.get(name) === leases) this.leases.delete(name);
    };
  }

  private live(name: string, at: number) {
    const leases = this.leases.get(name) ?? new Map<string, number>();
    for (const [token, endsAt] of leases) if (endsAt <= at) leases.delete(token);
    return leases;
  }

  async held(name: string) {
    return this.live(name, this.now()).size;
  }

  async signal(name: string, ttlMs: number) {
    this.signals.set(name, this.now() + ttlMs);
  }

  async takeSignal(name: string) {
    const endsAt = this.signals.get(name);
    if (endsAt === undefined) return false;
    this.signals.delete(name);
    return endsAt > this.now();
  }
}

/** Anything that runs a Lua script on Redis: the plain-Redis client and Upstash's REST client alike. */
export type ScriptRunner = (script: string, keys: string[], args: string[]) => Promise<unknown>;

// One sorted set per name: members are lease tokens, scores the times they end (Redis's own clock,
// so instances whose clocks differ agree). Expired leases are dropped before counting, and the set
// itself expires with its longest lease.
const acquireScript = `
local now = redis.call('TIME')
local at = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', at)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], at + tonumber(ARGV[2]), ARGV[3])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

export class RedisInFlightSlots implements InFlightSlots {
  constructor(private readonly run: ScriptRunner, private readonly prefix: string) {}

  async acquire(name: string, limit: number, leaseMs: number) {
    const key = `${this.prefix}:in-flight:${name}`;
    const token = randomUUID();
    const taken = Number(await this.run(acquireScript, [key], [String(limit), String(Math.ceil(leaseMs)), token]));
    if (taken !== 1) return null;
    // A release that fails leaves the lease to run out: the slot comes back within leaseMs.
    return async () => {
      await this.run("return redis.call('ZREM', KEYS[1], ARGV[1])", [key], [token]).catch(() => undefined);
    };
  }

  async held(name: string) {
    const script = "local now = redis.call('TIME') redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)) return redis.call('ZCARD', KEYS[1])";
    return Number(await this.run(script, [`${this.prefix}:in-flight:${name}`], []));
  }

  async signal(name: string, ttlMs: number) {
    await this.run("return redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])", [`${this.prefix}:signal:${name}`], [String(Math.ceil(ttlMs))]);
  }

  async takeSignal(name: string) {
    return Number(await this.run("return redis.call('DEL', KEYS[1])", [`${this.prefix}:signal:${name}`], [])) === 1;
  }
}
