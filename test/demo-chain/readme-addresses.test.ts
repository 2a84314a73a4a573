// The table of demo addresses in docs/demo-chain.md is what the demo chains hold, on all three chains.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CHAINS } from "@/demo-chain";
import { useDemoChains } from "../support/demo-chains";

const demo = useDemoChains();

describe("the demo addresses in docs/demo-chain.md", () => {
  it("every address in the table is the scenario it names, on eth, base and bsc", () => {
    const page = readFileSync(path.join(process.cwd(), "docs/demo-chain.md"), "utf8");
    const listed = [...page.matchAll(/^\| `(0x[0-9a-fA-F]{40})` \| (?!eth|base|bsc)/gm)].map((match) => match[1]);
    for (const chain of DEMO_CHAINS) {
      const s = demo.chains[chain].addressBook.scenarios;
      expect(listed).toEqual([
        s.healthy.token.address,
        s.rug.token.address,
        s.dump.token.address,
        s.mintable.token.address,
        s.honeypot.token.address,
        s.tax.token.address,
        s.transparentProxy.token.address,
        s.uupsProxy.token.address,
        s.roles.token.address,
        s.lockedLiquidity.token.address,
        s.timelockOwned.token.address,
        s.approvals.wallet,
        s.trader.wallet,
        // The signal scenarios' table (the UNCX lock is listed with its networks, below).
        ...Object.entries(demo.chains[chain].addressBook.venues.signals)
          .filter(([name]) => !["uncxLocks", "permit2Grants", "bridgedToken"].includes(name))
          .map(([, scenario]) => (scenario as { token: { address: string } }).token.address),
        demo.chains[chain].addressBook.venues.signals.permit2Grants.wallet,
        demo.chains[chain].addressBook.venues.routerTrader.trader,
      ]);
    }
  });

  it("every venue address in the table is the scenario it names, on each network it lists", () => {
    const page = readFileSync(path.join(process.cwd(), "docs/demo-chain.md"), "utf8");
    const rows = [...page.matchAll(/^\| `(0x[0-9a-fA-F]{40})` \| ((?:eth|base|bsc)(?:, (?:eth|base|bsc))*) \|/gm)].map((match) => ({ address: match[1], networks: match[2].split(", ") }));
    for (const chain of DEMO_CHAINS) {
      const book = demo.chains[chain].addressBook;
      const v = book.venues.scenarios;
      const expected = [
        v.v3Only.token.address,
        v.v4Native.token.address,
        v.v4Hooked.token.address,
        v.dustV2DeepV3.token.address,
        v.taxedV3.token.address,
        v.v3Only.trades[0].wallet,
        ...(v.pancakeV3Trader ? [v.pancakeV3Trader.token.address, v.pancakeV3Trader.trades[0].wallet] : []),
        ...(book.aerodrome ? [book.aerodrome.scenarios.aerodromeVolatile.token.address, book.aerodrome.scenarios.aerodromeStable.token.address, book.aerodrome.scenarios.slipstream.token.address] : []),
        ...(book.venues.signals.uncxLocks ? [book.venues.signals.uncxLocks.token.address] : []),
        ...(book.venues.signals.bridgedToken ? [book.venues.signals.bridgedToken.token.address] : []),
        ...(book.venues.lockers.teamFinanceLocks ? [book.venues.lockers.teamFinanceLocks.token.address] : []),
        ...(book.venues.lockers.pinkLocks ? [book.venues.lockers.pinkLocks.token.address] : []),
        ...(book.venues.lockers.uncxV2Locks ? [book.venues.lockers.uncxV2Locks.token.address] : []),
        ...(book.venues.lockers.uncxV3Locks ? [book.venues.lockers.uncxV3Locks.token.address] : []),
        ...(book.venues.lockers.pinkLockV1Locks ? [book.venues.lockers.pinkLockV1Locks.token.address] : []),
      ];
      expect(rows.filter((row) => row.networks.includes(chain)).map((row) => row.address), chain).toEqual(expected);
    }
  });
});
