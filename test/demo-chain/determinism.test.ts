// The same sources give the same chain: two fresh builds on chain id 8453 agree to the last
// hash, and a chain started from the saved state starts fast and carries the same address book.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildScenarios, startDemoChain, type AddressBook, type DemoChain } from "@/demo-chain";
import { spawnAnvil, type AnvilProcess } from "@/demo-chain/anvil";
import { clientFor } from "./helpers";

const running: (AnvilProcess | DemoChain)[] = [];
const tempDirs: string[] = [];

afterAll(async () => {
  await Promise.all(running.map((each) => each.stop()));
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshBuild(): Promise<{ anvil: AnvilProcess; book: AddressBook }> {
  const anvil = await spawnAnvil({ chainId: 8453 });
  running.push(anvil);
  return { anvil, book: await buildScenarios({ rpcUrl: anvil.rpcUrl, chain: "base" }) };
}

describe("demo chain determinism (base, chain id 8453)", () => {
  let reference: AddressBook;

  it("builds the same address book twice from scratch", async () => {
    const [first, second] = await Promise.all([freshBuild(), freshBuild()]);
    expect(second.book).toEqual(first.book);
    expect(first.book.latestBlock).toBeGreaterThan(100);
    // Same blocks too, not only the same book: compare a block hash from the middle of the history.
    const block = BigInt(first.book.scenarios.rug.facts.removeLiquidityTx.block);
    const [a, b] = await Promise.all(
      [first, second].map((build) => clientFor(build.anvil.rpcUrl).getBlock({ blockNumber: block })),
    );
    expect(b!.hash).toBe(a!.hash);
    reference = first.book;
    await Promise.all([first.anvil.stop(), second.anvil.stop()]);
    // Two whole builds side by side, real tokens included: minutes on two cores.
  }, 600_000);

  it("refuses to build on a chain that already has history or the wrong chain id", async () => {
    const anvil = await spawnAnvil({ chainId: 8453 });
    running.push(anvil);
    await expect(buildScenarios({ rpcUrl: anvil.rpcUrl, chain: "eth" })).rejects.toThrow(/chain id 1/);
    await clientFor(anvil.rpcUrl).request({ method: "evm_mine" as never });
    await expect(buildScenarios({ rpcUrl: anvil.rpcUrl, chain: "base" })).rejects.toThrow(/fresh node/);
    await anvil.stop();
  });

  // Two cold builds and three starts; each saved state carries the venue code in every block (about
  // 550 MB). How long a load takes is a figure for the README, not a bound here: on busy cores it varies.
  it("saves the state on first start, loads it identical next time, rebuilds a damaged one", async () => {
    const stateDir = await mkdtemp(path.join(tmpdir(), "demo-chain-state-"));
    tempDirs.push(stateDir);

    const cold = await startDemoChain({ chain: "base", stateDir, log: () => undefined });
    running.push(cold);
    expect(cold.fromSavedState).toBe(false);
    expect(cold.addressBook).toEqual(reference);
    await cold.stop();
    const saved = (await readdir(stateDir)).filter((name) => !name.startsWith("."));
    expect(saved.sort()).toEqual([
      `base-${reference.sourceHash}.address-book.json`,
      `base-${reference.sourceHash}.state.json`,
    ]);

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

    // A damaged state is not trusted: the chain is rebuilt, to the same book.
    const stateFile = path.join(stateDir, `base-${reference.sourceHash}.state.json`);
    await writeFile(stateFile, "{ not json");
    const rebuilt = await startDemoChain({ chain: "base", stateDir, log: () => undefined });
    running.push(rebuilt);
    expect(rebuilt.fromSavedState).toBe(false);
    expect(rebuilt.addressBook).toEqual(reference);
    await rebuilt.stop();
  }, 600_000);
});
