// 402 payment_required says what the call costs and what the account has left, in the message and
// as figures in the failure envelope's details, over HTTP and as an MCP tool's failure; on
// PostgreSQL and Redis with charging on, against the eth demo chain.
import { describe, expect, it } from "vitest";
import { demoRequestsFor } from "@/demo-chain/requests";
import { ensureCreditAccount, utcDay } from "@/lib/billing/credits";
import { useChargedRoute } from "../support/route-harness";
import { announceKeyContextChange } from "@/lib/keys/change-notices";
import { expectFailure } from "../support/harness";

const route = useChargedRoute("eth");
const riskArgs = () => demoRequestsFor("intel/risk", "eth", route.chain.addressBook)[0];

describe("402 payment_required", () => {
  it("names the price and what is left (free credits and balance), and charges nothing", async () => {
    const { key } = await route.h.key();
    const { db, owner, clock } = route.h;
    await ensureCreditAccount(db, owner.id);
    // Four of today's five free credits used, no balance: one credit left for a two-credit call.
    await db.creditAccount.update({ where: { userId: owner.id }, data: { balance: 0, freeCreditsDay: utcDay(clock.now), freeCreditsUsed: 4 } });
    await announceKeyContextChange({ scope: "owner", id: owner.id });
    const response = await route.h.call("POST", "intel/risk", { key, body: riskArgs() });
    const refusal = expectFailure(response, "payment_required");
    expect(response.status).toBe(402);
    expect(refusal.message).toMatch(/^This call costs 2 credits; the account has 1 credit left \(1 of today's free credits, a balance of 0\)\. /);
    expect(refusal.message).toContain(route.h.project.id);
    expect(refusal.details).toEqual({ price: 2, available: 1, free_credits_left: 1, balance: 0 });
    const record = await route.recordOf(refusal.request_id);
    expect({ status: record.httpStatus, charged: record.charged }).toEqual({ status: 402, charged: 0 });
  });

  it("an MCP tool call refused for credits carries the same figures in its failure", async () => {
    const { key } = await route.h.key();
    await route.setAccount(1);
    // MCP answers JSON-RPC, which the harness does not type.
    const answer = await route.h.callUntyped("POST", "mcp", {
      key,
      headers: { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
      body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "intel_risk", arguments: riskArgs() } },
    });
    const failure = answer.body.result.structuredContent;
    expect({ isError: answer.body.result.isError, error: failure.error, status: failure.status }).toEqual({ isError: true, error: "payment_required", status: 402 });
    expect(failure.details).toEqual({ price: 2, available: 1, free_credits_left: 0, balance: 1 });
  });
});
