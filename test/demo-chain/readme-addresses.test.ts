// The README's table of demo addresses is what the demo chains hold, on all three chains.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CHAINS } from "@/lib/demo-chain";
import { useDemoChains } from "../support/demo-chains";

const demo = useDemoChains();

describe("README demo addresses", () => {
  it("every address in the table is the scenario it names, on eth, base and bsc", () => {
    const readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8");
    const listed = [...readme.matchAll(/^\| `(0x[0-9a-fA-F]{40})` \|/gm)].map((match) => match[1]);
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
      ]);
    }
  });
});
