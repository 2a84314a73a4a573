// Which anvil the demo chains run, and what a newcomer on a platform without the bundled build is told.
import { describe, expect, it } from "vitest";
import { anvilBinary } from "@/demo-chain/paths";

describe("the demo chains' anvil", () => {
  it("is ANVIL_BIN when set, else the build npm installed", () => {
    expect(anvilBinary({ ANVIL_BIN: "/opt/foundry/bin/anvil" }, () => "/bundled/anvil")).toBe("/opt/foundry/bin/anvil");
    expect(anvilBinary({}, () => "/bundled/anvil")).toBe("/bundled/anvil");
  });

  it("where npm installed none (macOS, ARM, Windows), the error says to set ANVIL_BIN, real nodes, or DEMO_CHAINS=off", () => {
    const missing = () => {
      throw new Error("Cannot find module '@foundry-rs/anvil-linux-amd64/package.json'");
    };
    expect(() => anvilBinary({}, missing)).toThrow(/npm installs one only on Linux x64 .*set ANVIL_BIN to its anvil .*ETH_RPC_URL, BASE_RPC_URL and BSC_RPC_URL .*DEMO_CHAINS=off/);
  });
});
