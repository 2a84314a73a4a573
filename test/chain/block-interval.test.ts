// The block interval that turns look-back windows in time into blocks: measured on the node's
// last 1,000 blocks (anvil mining them at a set interval stands for a chain's producer), the
// registry's until the measurement lands and where the measurement is implausible.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetBlockIntervals, blockInterval } from "@/lib/chain/block-interval";
import { createChainClient, meteredHttp, defaultClientSettings } from "@/lib/chain/clients";
import { windowFor, describeWindow } from "@/lib/intel/answers/windows";
import { rpc, startAnvil, type Anvil } from "./support/anvil";

let anvil: Anvil;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 56 });
}, 60_000);

afterAll(async () => {
  forgetBlockIntervals();
  await anvil?.stop();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("block interval", () => {
  it("a young chain (under 1,000 blocks) uses the registry's interval and asks the node nothing", async () => {
    forgetBlockIntervals();
    const client = createChainClient("bsc", meteredHttp(anvil.url, defaultClientSettings));
    expect(blockInterval(client, "bsc", 10n)).toEqual({ ms: 450, source: "registry" });
  });

  it("blocks every 2 s are implausible for BNB Chain (0.45 s) and leave the registry in force; blocks at 0.5 s are measured", async () => {
    forgetBlockIntervals();
    const client = createChainClient("bsc", meteredHttp(anvil.url, defaultClientSettings));
    // 1,200 blocks, one every 2 s: over four times the registry's 0.45 s.
    await rpc(anvil.url, "anvil_mine", ["0x4b0", "0x2"]);
    const head = await client.getBlockNumber();
    expect(blockInterval(client, "bsc", head)).toEqual({ ms: 450, source: "registry" });
    await settle();
    expect(blockInterval(client, "bsc", head)).toEqual({ ms: 450, source: "registry" });

    // Then 1,200 more with alternating 0 and 1 s steps (anvil's interval is whole seconds): 0.5 s a block.
    forgetBlockIntervals();
    for (let i = 0; i < 12; i++) {
      await rpc(anvil.url, "anvil_mine", ["0x32", "0x0"]);
      await rpc(anvil.url, "anvil_mine", ["0x32", "0x1"]);
    }
    const later = await client.getBlockNumber();
    blockInterval(client, "bsc", later);
    await settle();
    const measured = blockInterval(client, "bsc", later);
    expect(measured.source).toBe("measured");
    expect(measured.ms).toBeGreaterThanOrEqual(400);
    expect(measured.ms).toBeLessThanOrEqual(600);
    const window = windowFor("whyDown", measured);
    expect(window.blocks).toBe(BigInt(Math.ceil(86_400_000 / measured.ms)));
    expect(describeWindow(window)).toContain("measured on the node's last 1,000 blocks");
  });

  it("windows in time are the same time on every network", () => {
    expect(windowFor("whyDown", { ms: 12_000, source: "registry" }).blocks).toBe(7_200n);
    expect(windowFor("whyDown", { ms: 2_000, source: "registry" }).blocks).toBe(43_200n);
    expect(windowFor("whyDown", { ms: 450, source: "registry" }).blocks).toBe(192_000n);
    expect(windowFor("movements", { ms: 450, source: "registry" }).blocks).toBe(5_376_000n);
    expect(describeWindow(windowFor("movements", { ms: 12_000, source: "registry" }))).toBe("the last 28 days (201,600 blocks at 12 s a block, the network's nominal interval)");
  });
});
