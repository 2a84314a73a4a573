// The same sources give the same chain: fresh builds on chain id 8453 (a cold start, and the
// rebuild of a damaged state, side by side in one process) agree to the last hash with the saved
// state of the same sources that the run's setup loaded (built by another process at another
// time: by this run's setup when the state cache had none, else by an earlier run, maybe on
// another machine), and a chain started from the saved state carries the same address book.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildScenarios, startDemoChain, type DemoChain } from "@/demo-chain";
import { spawnAnvil, type AnvilProcess } from "@/demo-chain/anvil";
import { useSharedDemoChains } from "../support/demo-chains";
import { clientFor } from "./helpers";

// The base chain as the run's setup loaded it from the saved state (read here, never changed).
const saved = useSharedDemoChains(["base"]);
const running: (AnvilProcess | DemoChain)[] = [];
const tempDirs: string[] = [];

afterAll(async () => {
  await Promise.all(running.map((each) => each.stop()));
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("demo chain determinism (base, chain id 8453)", () => {
  it("refuses to build on a chain that already has history or the wrong chain id", async () => {
    const anvil = await spawnAnvil({ chainId: 8453 });
    running.push(anvil);
    await expect(buildScenarios({ rpcUrl: anvil.rpcUrl, chain: "eth" })).rejects.toThrow(/chain id 1/);
    await clientFor(anvil.rpcUrl).request({ method: "evm_mine" as never });
    await expect(buildScenarios({ rpcUrl: anvil.rpcUrl, chain: "base" })).rejects.toThrow(/fresh node/);
    await anvil.stop();
  });

  // Two builds from nothing, side by side (the cold start and the rebuild of a damaged state), and
  // one load; each saved state carries the venue code in every block (about 550 MB). How long a
  // load takes is a figure for docs/operations.md, not a bound here: on busy cores it varies.
  it("builds from scratch the saved state's chain (the same address book, the same blocks to the head), saves it on first start, loads it identical next time, rebuilds a damaged one", async () => {
    const reference = saved.get("base").addressBook;
    expect(reference.latestBlock).toBeGreaterThan(100);
    const bookName = `base-${reference.sourceHash}.address-book.json`;
    const stateName = `base-${reference.sourceHash}.state.json`;
    const [stateDir, damagedDir] = await Promise.all([mkdtemp(path.join(tmpdir(), "demo-chain-state-")), mkdtemp(path.join(tmpdir(), "demo-chain-damaged-"))]);
    tempDirs.push(stateDir, damagedDir);
    // A damaged state beside its book, as a start that was cut off while saving would leave them.
    await writeFile(path.join(damagedDir, bookName), `${JSON.stringify(reference, null, 2)}\n`);
    await writeFile(path.join(damagedDir, stateName), "{ not json");

    const [cold, rebuilt] = await Promise.all([
      startDemoChain({ chain: "base", stateDir, log: () => undefined }),
      startDemoChain({ chain: "base", stateDir: damagedDir, log: () => undefined }),
    ]);
    running.push(cold, rebuilt);
    // A damaged state is not trusted: the chain is rebuilt, to the same book.
    expect({ cold: cold.fromSavedState, rebuilt: rebuilt.fromSavedState }).toEqual({ cold: false, rebuilt: false });
    expect(cold.addressBook).toEqual(reference);
    expect(rebuilt.addressBook).toEqual(reference);
    // Same blocks too, not only the same book: a block from the middle of the history, and the
    // head, whose hash commits to every block before it (parent hashes) and to the whole state.
    const loaded = clientFor(saved.get("base").rpcUrl);
    for (const build of [cold, rebuilt]) {
      for (const blockNumber of [BigInt(reference.scenarios.rug.facts.removeLiquidityTx.block), BigInt(reference.latestBlock)]) {
        const [a, b] = await Promise.all([clientFor(build.rpcUrl), loaded].map((client) => client.getBlock({ blockNumber })));
        expect({ number: a.number, hash: a.hash, stateRoot: a.stateRoot }).toEqual({ number: blockNumber, hash: b.hash, stateRoot: b.stateRoot });
      }
    }
    await Promise.all([cold.stop(), rebuilt.stop()]);
    for (const dir of [stateDir, damagedDir]) expect((await readdir(dir)).filter((name) => !name.startsWith(".")).sort()).toEqual([bookName, stateName]);

    const warm = await startDemoChain({ chain: "base", stateDir, log: () => undefined });
    running.push(warm);
    expect(warm.fromSavedState).toBe(true);
    expect(warm.addressBook).toEqual(reference);
    const client = clientFor(warm.rpcUrl);
    expect(Number(await client.getBlockNumber())).toBe(reference.latestBlock);
    const trade = reference.scenarios.trader.trades[0]!;
    const receipt = await client.getTransactionReceipt({ hash: trade.tx.hash });
    expect(Number(receipt.blockNumber)).toBe(trade.tx.block);
    await warm.stop();
  }, 600_000);
});
