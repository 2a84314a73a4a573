// The first start on a busy machine: a demo-chain build whose node is slow to answer a call asks
// again (bounded, one log line each) and ends with the same chain, a transaction that went
// through never sent twice nor signed anew; a node that never answers ends the start with one
// line saying what happened and what to do, and no stack.
import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { keccak256, type Hex } from "viem";
import { afterAll, describe, expect, it } from "vitest";
import { buildScenarios } from "@/demo-chain";
import { spawnAnvil, freePort, type AnvilProcess } from "@/demo-chain/anvil";
import { DemoChainBuildError, describeDemoChainFailure } from "@/demo-chain/build";
import { demoChainDataDir } from "@/demo-chain/paths";
import { createTestDatabase } from "../support/postgres";
import { useSharedDemoChains } from "../support/demo-chains";
import { clientFor } from "./helpers";
import { silentAnvilScript, startRpcProxy, startSilentNode } from "./rpc-proxy";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const shared = useSharedDemoChains(["eth"]);

const hash = "0x[0-9a-f]{64}";

describe("a demo-chain build whose node is slow to answer", () => {
  it("asks again, logs each retry, and builds the saved chain: a transaction that went through is not sent twice", async () => {
    const anvil: AnvilProcess = await spawnAnvil({ chainId: 1 });
    cleanups.push(() => anvil.stop());
    const proxy = await startRpcProxy(anvil.rpcUrl, [
      // Goes through, the answer is lost: found by its hash, not sent again.
      { method: "eth_sendRawTransaction", nth: 3, hold: "answer" },
      // Arrives late, just before the copy sent again: the node refuses the copy, and has the first.
      { method: "eth_sendRawTransaction", nth: 8, hold: "request" },
      { method: "eth_call", nth: 2, hold: "answer" },
      { method: "eth_getTransactionReceipt", nth: 20, hold: "answer" },
    ]);
    cleanups.push(() => proxy.close());
    const lines: string[] = [];

    const book = await buildScenarios({ rpcUrl: proxy.url, chain: "eth", log: (line) => lines.push(line), nodeTimeoutsMs: [3_000, 6_000, 12_000] });

    expect(proxy.fired).toHaveLength(4);
    const said = (pattern: string) => expect(lines.some((line) => new RegExp(`^${pattern}$`).test(line)), `${pattern}\nin\n${lines.join("\n")}`).toBe(true);
    said(`demo chain eth: the node did not answer eth_sendRawTransaction ${hash} within 3 s, but has the transaction \\(found by its hash\\): not sent again`);
    said(`demo chain eth: the node did not answer eth_sendRawTransaction ${hash} within 3 s and does not have it: sending the same signed transaction again \\(try 2 of 3, waiting up to 6 s\\)`);
    said(`demo chain eth: the node refused the same transaction ${hash} sent again \\((nonce too low|transaction already imported)\\) because it has it from the first try: sent`);
    said("demo chain eth: the node did not answer eth_call within 3 s; asking again \\(try 2 of 3, waiting up to 6 s\\)");
    said("demo chain eth: the node did not answer eth_getTransactionReceipt within 3 s; asking again \\(try 2 of 3, waiting up to 6 s\\)");

    // Never signed anew: every signed transaction that reached the node is one block of the history.
    const signed = new Set(proxy.calls.filter((call) => call.method === "eth_sendRawTransaction").map((call) => keccak256((call.params as [Hex])[0])));
    expect(signed.size).toBe(book.latestBlock);
    // The same chain as the saved state, to the last block's hash (which covers every block, state and timestamp).
    const saved = shared.get("eth");
    expect(book).toEqual(saved.addressBook);
    const [built, loaded] = await Promise.all([clientFor(anvil.rpcUrl), clientFor(saved.rpcUrl)].map((client) => client.getBlock({ blockNumber: BigInt(book.latestBlock) })));
    expect(built!.hash).toBe(loaded!.hash);
  }, 900_000);

  it("ends after three tries when the node never answers, and says so in one line with what to do", async () => {
    const silent = await startSilentNode();
    cleanups.push(() => silent.close());
    const lines: string[] = [];

    const failure = await buildScenarios({ rpcUrl: silent.url, chain: "eth", log: (line) => lines.push(line), nodeTimeoutsMs: [200, 400, 800] }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(DemoChainBuildError);
    expect(silent.methods).toEqual(["eth_chainId", "eth_chainId", "eth_chainId"]);
    expect(lines).toEqual([
      "demo chain eth: the node did not answer eth_chainId within 0.2 s; asking again (try 2 of 3, waiting up to 0.4 s)",
      "demo chain eth: the node did not answer eth_chainId within 0.4 s; asking again (try 3 of 3, waiting up to 0.8 s)",
    ]);
    expect(describeDemoChainFailure(failure)).toBe(
      "demo chains: building the eth chain failed: the local node did not answer eth_chainId in time (3 tries, waiting 0.2 s, 0.4 s, 0.8 s). " +
        "The machine may be busy: run the command again (a chain that finished building is kept and loads in seconds; a partly built one is not kept), " +
        "or give the node longer with DEMO_CHAIN_NODE_TIMEOUT_MS=600 (now 200), " +
        "or set ETH_RPC_URL, BASE_RPC_URL and BSC_RPC_URL to nodes of your own, or DEMO_CHAINS=off to start without chains",
    );
    // Not a demo chain's failure: the start describes it itself.
    expect(describeDemoChainFailure(new Error("connect ECONNREFUSED 127.0.0.1:5432"))).toBeNull();
  });

  it("npm run dev: a build whose node never answers ends the start with one line and exit code 1, no stack", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "first-start-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // A fresh demo-chain cache (nothing saved, so the start builds), sharing the compiled contracts.
    const cache = path.join(dir, "cache");
    await mkdir(cache);
    await mkdir(path.join(demoChainDataDir(), "compiled"), { recursive: true });
    await symlink(path.join(demoChainDataDir(), "compiled"), path.join(cache, "compiled"));
    const anvil = path.join(dir, "silent-anvil");
    await writeFile(anvil, silentAnvilScript());
    await chmod(anvil, 0o755);
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ["ETH_RPC_URL", "BASE_RPC_URL", "BSC_RPC_URL", "DEMO_CHAINS", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "METRICS_PORT", "WEB_CONCURRENCY"]) delete env[name];
    Object.assign(env, {
      DATABASE_URL: database.url,
      DATA_DIR: path.join(dir, "data"),
      DEMO_CHAIN_CACHE: cache,
      ANVIL_BIN: anvil,
      DEMO_CHAIN_NODE_TIMEOUT_MS: "300",
      PORT: String(await freePort()),
      LOG_FORMAT: "pretty",
      LOG_LEVEL: "info",
    });
    const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "dev"], { cwd: path.resolve(__dirname, "../.."), env, stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(async () => void (server.exitCode === null && server.kill("SIGKILL")));
    let output = "";
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => server.once("exit", (exitCode) => resolve(exitCode)));

    expect(code, output).toBe(1);
    const failed = output.split("\n").filter((line) => line.includes("start failed"));
    expect(failed, output).toHaveLength(1);
    expect(failed[0]).toMatch(
      new RegExp(
        [
          String.raw`^\S+ error start failed: demo chains: building the eth chain failed: the local node did not answer `,
          String.raw`eth_blockNumber in time \(3 tries, waiting 0\.3 s, 0\.6 s, 1\.2 s\)\. The machine may be busy: `,
          String.raw`run the command again .*, or give the node longer with DEMO_CHAIN_NODE_TIMEOUT_MS=900 \(now 300\), `,
          String.raw`or set ETH_RPC_URL, BASE_RPC_URL and BSC_RPC_URL .*$`,
        ].join(""),
      ),
    );
    // Each retry said on the way, in one line.
    expect(output).toContain("demo chain eth: the node did not answer eth_blockNumber within 0.3 s; asking again (try 2 of 3, waiting up to 0.6 s)");
    // No stack, no viem request dump.
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toMatch(/err=|Request body|TimeoutError/);
  }, 240_000);
});
