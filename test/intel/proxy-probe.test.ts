// The proxy probe's reading of the slots and of what a contract answers itself, without a chain:
// the call list it asks and the standard it makes of the answers. The demo chains hold a
// ZeppelinOS proxy, a beacon and a diamond (test/intel/signals.test.ts); EIP-897 is read here.
import { describe, expect, it } from "vitest";
import { pad, type Address, type Hex } from "viem";
import type { CallResult } from "@/lib/chain/multicall";
import { proxyProbe, slots, type ProxySlotWords } from "@/lib/intel/reads/control/proxy";

const self: Address = "0x1111111111111111111111111111111111111111";
const logic: Address = "0x2222222222222222222222222222222222222222";
const admin: Address = "0x3333333333333333333333333333333333333333";
const code: Hex = "0x6080604052";
const empty: ProxySlotWords = { implementation: undefined, admin: undefined, beacon: undefined, legacyImplementation: undefined, legacyAdmin: undefined };
const word = (address: Address) => pad(address, { size: 32 });
const ok = (result: unknown): CallResult => ({ status: "success", result });
const failed: CallResult = { status: "failure", error: new Error("reverted") };

describe("proxyProbe", () => {
  it("EIP-897: implementation() with proxyType() 1 or 2 is a proxy; an implementation() getter alone is not", () => {
    const probe = proxyProbe(code, empty, self);
    expect(probe.calls.map((call) => [call.address, call.functionName])).toEqual([
      [self, "implementation"],
      [self, "proxyType"],
      [self, "facetAddresses"],
    ]);
    expect(probe.read([ok(logic), ok(2n), failed])).toMatchObject({ standard: "eip897", implementation: logic, facets: [] });
    expect(probe.read([ok(logic), ok(1n), failed])).toMatchObject({ standard: "eip897", implementation: logic });
    expect(probe.read([ok(logic), failed, failed])).toMatchObject({ standard: "none", implementation: null });
    expect(probe.read([ok(logic), ok(0n), failed])).toMatchObject({ standard: "none" });
  });

  it("a diamond's facets, without duplicates or the zero address; no implementation", () => {
    const probe = proxyProbe(code, empty, self);
    expect(probe.read([failed, failed, ok([logic, admin, logic, "0x0000000000000000000000000000000000000000"])])).toMatchObject({ standard: "eip2535_diamond", implementation: null, facets: [logic, admin] });
  });

  it("ZeppelinOS's slots: implementation and admin from the legacy slots, known before the probe's round; nothing asked of the contract itself", () => {
    const probe = proxyProbe(code, { ...empty, legacyImplementation: word(logic), legacyAdmin: word(admin) }, self);
    expect(probe.slotImplementation).toBe(logic);
    expect(probe.admin).toBe(admin);
    expect(probe.calls.map((call) => call.functionName)).toEqual(["owner"]);
    expect(probe.read([failed])).toMatchObject({ standard: "zeppelinos", implementation: logic, admin, adminOwner: null });
  });

  it("EIP-1967 wins over the legacy slots, and a set implementation slot is never asked EIP-897", () => {
    const probe = proxyProbe(code, { ...empty, implementation: word(logic), legacyImplementation: word(admin) }, self);
    expect(probe.calls.map((call) => call.functionName)).toEqual(["proxiableUUID"]);
    expect(probe.read([ok(slots.implementation)])).toMatchObject({ standard: "eip1967_uups", implementation: logic });
  });
});
