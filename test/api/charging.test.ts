// Charging, idempotency and rate budgets under concurrency, on PostgreSQL + Redis
// and on the embedded defaults (PGlite and the in-process limiter): the one suite run on
// both, because here the stores' transactions, claims and counters are what is tested. A paid endpoint is bound to a small test
// implementation here: the pipeline is what is under test, not the intelligence.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, zeroAddress } from "viem";
import { apiRoute } from "@/lib/api/handler";
import { ratePolicyFor } from "@/lib/rate-limit/policies";
import { getEndpoint } from "@/lib/api-contract/endpoints";
import { freeCreditsLeft, utcDay } from "@/lib/billing/credits";
import { settleSuccess, type Settlement } from "@/lib/billing/settle";
import { apiDeps } from "@/lib/api/deps";
import { changeSettings } from "@/lib/operator/operations";
import { usageSummary } from "@/lib/portal/usage";
import { backends, createHarness, type Harness } from "../support/harness";
import { captureServerLog } from "../support/log-capture";
import { announceKeyContextChange } from "@/lib/keys/change-notices";

const wallet = "0x2222222222222222222222222222222222222222";
const approvals = getEndpoint("wallet/approvals"); // 2 credits
let honestEmpty = false;
// An answer that fits wallet/approvals' response schema: the pipeline sends nothing else.
const route = apiRoute("wallet/approvals", async ({ input }) => {
  const wallet = getAddress(input.address as string);
  const approval = {
    token: { address: wallet, name: "Token", symbol: "TKN", decimals: 18 },
    spender: { address: zeroAddress, label: null, kind: null, is_contract: false },
    allowance: { raw: "1", formatted: "0.000000000000000001" },
    unlimited: false,
    at_risk: { amount: { raw: "1", formatted: "0.000000000000000001" }, usd: null },
    granted: { transaction: `0x${"ab".repeat(32)}`, block: 1, time: "2026-01-01T00:00:00.000Z" },
  };
  const approvals = honestEmpty ? [] : [approval];
  return {
    data: {
      wallet,
      approvals,
      total: approvals.length,
      unlimited_total: 0,
      page: { limit: 50, offset: 0, returned: approvals.length, has_more: false },
      permit2: [],
      permit2_total: 0,
      nft_operators: [],
      nft_operators_total: 0,
      value_at_risk: { usd: "0", priced_tokens: 0, unpriced_tokens: approvals.length },
      window: { from_block: 0, to_block: 1, truncated: false, end: "history_start" as const, days: 0 },
      limitations: [],
      unavailable: {},
    },
    honestEmpty,
  };
});

describe.each(backends)("charging and budgets (%s)", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend);
  });
  afterAll(async () => h.close());

  function post(key: string, body: unknown = { chain: "eth", address: wallet }, headers: Record<string, string> = {}) {
    return route.POST(new Request("http://localhost/v1/api/wallet/approvals", { method: "POST", headers: { "x-api-key": key, "content-type": "application/json", ...headers }, body: JSON.stringify(body) }));
  }
  async function account() {
    return h.db.creditAccount.findUniqueOrThrow({ where: { userId: h.owner.id } });
  }
  async function setAccount(balance: number, freeUsedToday: number) {
    await h.db.creditAccount.update({ where: { userId: h.owner.id }, data: { balance, freeCreditsDay: utcDay(h.clock.now), freeCreditsUsed: freeUsedToday } });
    // Written behind the operator functions' back: the key-context copies are told, as a writer tells them.
    await announceKeyContextChange({ scope: "owner", id: h.owner.id });
  }

  /** A paid success of 2 credits as the pipeline hands it to the charge, on the account named. */
  function paidSettlement(accountId: string, requestId: string): Settlement {
    const key = { id: "key_settlement", accessMode: "paid" as const, trialAllowance: null, projectId: h.project.id, project: { ownerId: h.owner.id } };
    const usage = (charged: number, allowanceUsed: number) => ({
      requestId,
      keyId: key.id,
      projectId: h.project.id,
      endpoint: "wallet/approvals",
      method: "POST",
      httpStatus: 200,
      errorCode: null,
      outcome: "success" as const,
      quoted: 2,
      charged,
      allowanceUsed,
      chain: "eth",
      latencyMs: 1,
      createdAt: h.clock.now,
    });
    return { key, price: 2, paid: true, account: { id: accountId }, chargingEnabled: true, requestId, now: h.clock.now, usage };
  }

  it("with charging off (the default) a paid success quotes its price, deducts nothing and leaves a zero ledger entry", async () => {
    const { key, id } = await h.key();
    await setAccount(7, 0);
    expect((await h.db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt).toBeNull();
    const response = await post(key);
    expect((await h.db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt).toEqual(h.clock.now);
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.meta.credits_charged).toBe(2);
    expect(body.meta.request_id).toBe(response.headers.get("x-request-id"));
    expect(response.headers.get("ratelimit-policy")).toBe('"hour";q=1000;w=3600');
    const entry = await h.db.creditLedger.findUniqueOrThrow({ where: { requestId: body.meta.request_id } });
    expect({ quoted: entry.quoted, freeDeducted: entry.freeDeducted, balanceDelta: entry.balanceDelta }).toEqual({ quoted: 2, freeDeducted: 0, balanceDelta: 0 });
    const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: body.meta.request_id } });
    expect({ outcome: record.outcome, quoted: record.quoted, charged: record.charged, status: record.httpStatus }).toEqual({ outcome: "success", quoted: 2, charged: 0, status: 200 });
    expect((await account()).balance).toBe(7);
  });

  it("a charge whose credit account cannot be read is 503 billing_unavailable with a Retry-After, and nothing is written", async () => {
    const before = await h.db.creditLedger.count();
    const charging = settleSuccess(await apiDeps().sql(), paidSettlement("acct_gone", "req_billing_unavailable"));
    await expect(charging).rejects.toMatchObject({ code: "billing_unavailable", status: 503, headers: { "retry-after": "5" } });
    expect(await h.db.creditLedger.count()).toBe(before);
  });

  it("a charge that finds the credits spent by another call (past the check before the read) is 402 with the price and what is left, and writes nothing", async () => {
    await setAccount(1, 5); // today's free credits used, a balance of 1: a call of 2 cannot be paid
    const { id: accountId } = await account();
    const before = await h.db.creditLedger.count();
    const charging = settleSuccess(await apiDeps().sql(), paidSettlement(accountId, "req_spent_meanwhile"));
    await expect(charging).rejects.toMatchObject({ code: "payment_required", status: 402, details: { price: 2, available: 1, free_credits_left: 0, balance: 1 } });
    await expect(charging).rejects.toThrow(`This call costs 2 credits; the account has 1 credit left (0 of ` +
      `today's free credits, a balance of 1). Your credits cannot cover this call; nothing was charged. ` +
      `There is no top-up page: ask the operator's staff to grant credits, quoting your project id ` +
      `${h.project.id}.`);
    expect(await h.db.creditLedger.count()).toBe(before);
    expect(await account()).toMatchObject({ balance: 1, freeCreditsUsed: 5 });
  });

  it("a trial key's paid success is recorded as paid by the allowance (charged 0, allowance_used = price), and Usage shows it", async () => {
    const { key, id } = await h.key({ accessMode: "trial", trialAllowance: 5, trialEndsAt: new Date(h.clock.now.getTime() + 7 * 86_400_000) });
    for (const chargingEnabled of [false, true]) {
      await changeSettings(h.db, "test", { chargingEnabled });
      await setAccount(50, 0);
      try {
        const body = await (await post(key)).json();
        expect(body.meta.credits_charged).toBe(2);
        const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: body.meta.request_id } });
        expect({ chargingEnabled, outcome: record.outcome, quoted: record.quoted, charged: record.charged, allowanceUsed: record.allowanceUsed }).toEqual({
          chargingEnabled, outcome: "success", quoted: 2, charged: 0, allowanceUsed: 2,
        });
        // The account paid nothing, whatever the switch: no ledger entry, balance and free credits untouched.
        expect(await h.db.creditLedger.findUnique({ where: { requestId: body.meta.request_id } })).toBeNull();
        expect(await account()).toMatchObject({ balance: 50, freeCreditsUsed: 0 });
      } finally {
        await changeSettings(h.db, "test", { chargingEnabled: false });
      }
    }
    expect((await h.db.apiKey.findUniqueOrThrow({ where: { id } })).trialUsed).toBe(4);
    // Allowance 5, 4 used: the next 2-credit call is refused, and its record shows no allowance spent.
    const refused = await (await post(key)).json();
    expect(refused.error).toBe("trial_exhausted");
    // One credit is left, not none: the message says the remainder does not cover this price.
    expect(refused.message).toBe("The trial allowance of this key has 1 credit left, which does not cover this call's price of 2 credits.");
    expect((await h.db.requestRecord.findUniqueOrThrow({ where: { id: refused.request_id } })).allowanceUsed).toBe(0);
    const usage = await usageSummary(h.db, { projectId: h.project.id }, "24h", new Date(h.clock.now.getTime() + 1000));
    expect(usage.outcomes.find((row) => row.outcome === "success")).toMatchObject({ charged: 0, allowanceUsed: 4 });
  });

  it("an honest empty answer is a success that is never charged", async () => {
    const { key } = await h.key();
    await changeSettings(h.db, "test", { chargingEnabled: true });
    await setAccount(10, 0);
    honestEmpty = true;
    try {
      const body = await (await post(key)).json();
      expect(body.meta.credits_charged).toBe(0);
      expect(await h.db.creditLedger.findUnique({ where: { requestId: body.meta.request_id } })).toBeNull();
      expect((await h.db.requestRecord.findUniqueOrThrow({ where: { id: body.meta.request_id } })).outcome).toBe("honest_empty");
      expect((await account()).balance).toBe(10);
    } finally {
      honestEmpty = false;
      await changeSettings(h.db, "test", { chargingEnabled: false });
    }
  });

  it("charging on: free credits first, then the balance; a balance for exactly N calls gives N successes and then 402", async () => {
    await changeSettings(h.db, "test", { chargingEnabled: true });
    // Twelve calls of one key at once race for the credits: the key's cap on calls in flight is raised past them.
    const cap = process.env.INTEL_READS_IN_FLIGHT_PER_KEY;
    process.env.INTEL_READS_IN_FLIGHT_PER_KEY = "12";
    try {
      const { key } = await h.key();
      await setAccount(2 * 6, 0); // 5 free + 12 balance = 17 credits: 8 calls of 2 (one free credit left over)
      const responses = await Promise.all(Array.from({ length: 12 }, () => post(key)));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(8);
      expect(statuses.filter((s) => s === 402)).toHaveLength(4);
      const after = await account();
      expect({ balance: after.balance, freeLeft: freeCreditsLeft(after, h.clock.now) }).toEqual({ balance: 1, freeLeft: 0 });
      const charges = await h.db.creditLedger.findMany({ where: { kind: "charge", note: null } });
      expect(charges.reduce((sum, c) => sum + c.freeDeducted - c.balanceDelta, 0)).toBe(16);
      const failed = await Promise.all(responses.filter((r) => r.status === 402).map((r) => r.json()));
      expect(failed.every((b) => b.error === "payment_required")).toBe(true);
    } finally {
      if (cap === undefined) delete process.env.INTEL_READS_IN_FLIGHT_PER_KEY;
      else process.env.INTEL_READS_IN_FLIGHT_PER_KEY = cap;
      await changeSettings(h.db, "test", { chargingEnabled: false });
    }
  });

  it("a hot key: 100 concurrent paid calls settle in a few grouped transactions, exactly: balance = start − price × successes, one record per request, one ledger entry per success", async () => {
    await changeSettings(h.db, "test", { chargingEnabled: true });
    const cap = process.env.INTEL_READS_IN_FLIGHT_PER_KEY;
    process.env.INTEL_READS_IN_FLIGHT_PER_KEY = "100";
    try {
      const { key, id: keyId } = await h.key();
      const ledgerBefore = await h.db.creditLedger.count({ where: { kind: "charge", note: null } });
      await setAccount(2 * 60 + 1, 5); // today's free credits used; a balance for 60 calls, one credit over
      const responses = await Promise.all(Array.from({ length: 100 }, () => post(key)));
      const bodies = await Promise.all(responses.map((r) => r.json()));
      const successes = bodies.filter((b) => b.ok);
      expect(successes).toHaveLength(60);
      expect(bodies.filter((b) => b.error === "payment_required")).toHaveLength(40);
      expect((await account()).balance).toBe(2 * 60 + 1 - 2 * successes.length);
      const ids = bodies.map((b) => b.meta?.request_id ?? b.request_id);
      const records = await h.db.requestRecord.findMany({ where: { keyId } });
      expect(records.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(records.filter((r) => r.charged === 2)).toHaveLength(60);
      expect(records.filter((r) => r.httpStatus === 402 && r.charged === 0)).toHaveLength(40);
      expect((await h.db.creditLedger.count({ where: { kind: "charge", note: null } })) - ledgerBefore).toBe(60);
    } finally {
      if (cap === undefined) delete process.env.INTEL_READS_IN_FLIGHT_PER_KEY;
      else process.env.INTEL_READS_IN_FLIGHT_PER_KEY = cap;
      await changeSettings(h.db, "test", { chargingEnabled: false });
    }
  });

  it("free daily credits reset at midnight UTC", async () => {
    await changeSettings(h.db, "test", { chargingEnabled: true });
    const saved = h.clock.now;
    try {
      const { key } = await h.key();
      h.clock.now = new Date("2031-03-04T23:59:58.000Z");
      await setAccount(0, 0);
      expect((await post(key)).status).toBe(200);
      expect((await post(key)).status).toBe(200);
      expect((await post(key)).status).toBe(402); // 1 free credit left, the call costs 2
      h.clock.now = new Date("2031-03-05T00:00:01.000Z");
      expect((await post(key)).status).toBe(200);
      const after = await account();
      expect({ day: after.freeCreditsDay, used: after.freeCreditsUsed, balance: after.balance }).toEqual({ day: "2031-03-05", used: 2, balance: 0 });
    } finally {
      h.clock.now = saved;
      await changeSettings(h.db, "test", { chargingEnabled: false });
    }
  });

  it("100 parallel calls with one Idempotency-Key run once, are charged once and replay the same response", async () => {
    await changeSettings(h.db, "test", { chargingEnabled: true });
    try {
      const { key, id } = await h.key();
      await setAccount(100, 5);
      const log = captureServerLog();
      const responses = await Promise.all(Array.from({ length: 100 }, () => post(key, undefined, { "idempotency-key": "order-42" }))).finally(log.restore);
      expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
      // Every replay's request line names the request whose id its caller saw, so a search for that id finds them all.
      const first = responses.find((r) => r.headers.get("idempotent-replayed") !== "true")!.headers.get("x-request-id");
      const lines = log.requests().filter((line) => line.key_id === id);
      expect(lines).toHaveLength(100);
      expect(lines.filter((line) => line.replay_of === first)).toHaveLength(99);
      const bodies = await Promise.all(responses.map((r) => r.text()));
      expect(new Set(bodies).size).toBe(1);
      expect(responses.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(99);
      expect((await account()).balance).toBe(98);
      const charged = await h.db.requestRecord.findMany({ where: { keyId: id, charged: { gt: 0 } } });
      expect(charged).toHaveLength(1);
      expect(await h.db.creditLedger.count({ where: { requestId: { in: (await h.db.requestRecord.findMany({ where: { keyId: id } })).map((r) => r.id) } } })).toBe(1);
      const reused = await post(key, { chain: "base", address: wallet }, { "idempotency-key": "order-42" });
      expect(reused.status).toBe(422);
      expect((await reused.json()).error).toBe("idempotency_key_reused");
      expect((await account()).balance).toBe(98);
    } finally {
      await changeSettings(h.db, "test", { chargingEnabled: false });
    }
  });

  it("200 concurrent calls with one sandbox key: exactly 1 allowed; the hour and day windows each show exactly 1 used", async () => {
    const sandbox = await h.key({ mode: "test" });
    // Redis's limiter reads the real clock: start just after a second begins, so the
    // whole burst lands inside one 1-second window, as "concurrent" means.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    const responses = await Promise.all(Array.from({ length: 200 }, () => h.call("GET", "me", { key: sandbox.key })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(199);
    expect(limited.every((r) => !r.body.ok && r.body.error === "rate_limited" && Number(r.headers.get("retry-after")) >= 1)).toBe(true);
    const windows = await h.limiter.remaining(sandbox.id, ratePolicyFor({ mode: "test", rateLimitPerHour: 25 }, getEndpoint("me"), 100));
    const used = Object.fromEntries(windows.map((w) => [w.name, w.limit - w.remaining]));
    expect({ hour: used.hour, day: used.day }).toEqual({ hour: 1, day: 1 });
  });
});
