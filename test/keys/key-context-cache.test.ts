// The per-process copies of key contexts (lib/keys/key-context.ts) without Redis: a copy is believed
// for one second, a change announced in this process drops it at once, and a read that was under way
// when a change came is handed to its callers but not kept.
import { afterEach, describe, expect, it } from "vitest";
import { believedWithoutNoticesMs, KeyContextCache, type KeyContext } from "@/lib/keys/key-context";
import { announceKeyContextChange } from "@/lib/keys/change-notices";
import { defaultSettings } from "@/lib/settings";

const saved = process.env.REDIS_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = saved;
});

function keyRow(status: KeyContext["status"]): KeyContext {
  return {
    id: "key_a", projectId: "prj_a", name: null, mode: "live", permissions: ["intel:read"], tier: "basic", accessMode: "paid", rateLimitPerHour: 1000,
    allowedChains: [], expiresAt: null, allowedOrigins: [], allowedIps: [], coveredEndpoints: [], trialAllowance: null, trialEndsAt: null, trialUsed: 0,
    status, suspensionReason: null, rotatedToId: null, lastFour: "abcd", lastUsedAt: null,
    project: { id: "prj_a", status: "active", statusReason: null, ownerId: "usr_a" },
    account: { id: "acct_a", balance: 10, freeCreditsDay: null, freeCreditsUsed: 0 },
  };
}

function world() {
  delete process.env.REDIS_URL;
  const clock = { now: 1_000_000 };
  let stored: KeyContext["status"] = "active";
  let reads = 0;
  let hold: Promise<void> | null = null;
  const cache = new KeyContextCache(async () => {
    reads++;
    const status = stored;
    if (hold) await hold;
    return { settings: defaultSettings, key: keyRow(status) };
  }, () => clock.now);
  const get = async () => cache.get("hash") ?? cache.load("hash");
  return { cache, clock, get, reads: () => reads, set: (status: KeyContext["status"]) => (stored = status), holdReads: (until: Promise<void> | null) => (hold = until) };
}

describe("key context copies without Redis", () => {
  it("serves a copy for one second, then reads the key again", async () => {
    const w = world();
    expect((await w.get()).key?.status).toBe("active");
    w.set("revoked");
    w.clock.now += believedWithoutNoticesMs - 1;
    expect((await w.get()).key?.status).toBe("active");
    expect(w.reads()).toBe(1);
    w.clock.now += 1;
    expect((await w.get()).key?.status).toBe("revoked");
    expect(w.reads()).toBe(2);
  });

  it("a change announced in this process drops the copies it touches at once, and only those", async () => {
    const w = world();
    await w.get();
    w.set("suspended");
    await announceKeyContextChange({ scope: "key", id: "key_other" });
    expect((await w.get()).key?.status).toBe("active");
    await announceKeyContextChange({ scope: "owner", id: "usr_a" });
    expect((await w.get()).key?.status).toBe("suspended");
    w.set("revoked");
    await announceKeyContextChange({ scope: "project", id: "prj_a" });
    expect((await w.get()).key?.status).toBe("revoked");
    w.set("active");
    await announceKeyContextChange({ scope: "all" });
    expect((await w.get()).key?.status).toBe("active");
  });

  it("a read under way when a change came is answered but not kept", async () => {
    const w = world();
    let release!: () => void;
    w.holdReads(new Promise((resolve) => (release = resolve)));
    const before = w.get();
    w.set("revoked");
    await announceKeyContextChange({ scope: "key", id: "key_a" });
    w.holdReads(null);
    release();
    expect((await before).key?.status).toBe("active");
    expect(w.cache.size).toBe(0);
    expect((await w.get()).key?.status).toBe("revoked");
  });

  it("this process's own charge shows in its copies at once", async () => {
    const w = world();
    await w.get();
    w.cache.settled({ ownerId: "usr_a", account: { balance: 4, freeCreditsDay: "2026-11-29", freeCreditsUsed: 5 } });
    expect((await w.get()).key?.account).toMatchObject({ balance: 4, freeCreditsUsed: 5 });
    expect(w.reads()).toBe(1);
  });
});
