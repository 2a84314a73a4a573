// A busy token: the eth demo chain's healthy token gets 50,000 transfers and 1,000 swaps more, then
// each intelligence endpoint reads it once while another caller asks GET /v1/api/me every 5 ms. It
// measures each read's wall and CPU time, extra heap, how its history read ended and /me's p99
// beside it; budgets: under 5 s and 256 MB per read, /me p99 under 100 ms. Usage and options:
// main() below.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { Session } from "node:inspector/promises";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTestClient, encodeAbiParameters, encodeFunctionData, http, keccak256, parseEther, publicActions, type Address } from "viem";
import { clearChainClients } from "@/lib/chain/clients";
import { getNetwork } from "@/lib/chain/networks";
import { startDemoChain } from "@/demo-chain";
import { compilePlaced } from "@/lib/intel/reads/placed/compile";
import { forgetKeptAnswers, MemoryAnswerStore } from "@/lib/intel/runtime/hot-reads";
import { createHarness } from "@/test/support/harness";
import { intelThreadPool } from "@/lib/intel/runtime/threads/pool";

const { values } = parseArgs({
  options: { transfers: { type: "string", default: "50000" }, swaps: { type: "string", default: "1000" }, threads: { type: "string", default: "0" }, only: { type: "string" }, profile: { type: "string" } },
});
const transfers = Number(values.transfers);
const swaps = Number(values.swaps);
const threads = Number(values.threads);
process.env.INTEL_THREADS = String(threads);
/** What a read adds at its peak: this thread's heap, or with threads the whole process's resident set. */
const memoryInUse = () => (threads > 0 ? process.memoryUsage().rss : process.memoryUsage().heapUsed);

const BUSY = "0x00000000000000000000000000000000b05e7a11" as Address;
const SENDER = "0x00000000000000000000000000000000005e4de7" as Address;
const PER_TX_TRANSFERS = 500;
const PER_TX_SWAPS = 100;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/**
 * A busy token: the eth demo chain's healthy token gets 50,000 transfers and 1,000 swaps more,
 * hundreds per transaction (bench/contracts/BusyTrader.sol, placed with anvil_setCode), all inside
 * every look-back window. Then each intelligence endpoint reads it once, through the whole
 * pipeline, while another caller asks GET /v1/api/me every 5 ms on the same event loop: the
 * figures are each read's wall time, the CPU time this process spent meanwhile (every thread, the
 * /me calls included; anvil's own work is not in it: a steadier figure than wall time on a shared
 * machine), its extra heap at the peak, how its history read ended, and /me's p99 meanwhile (a
 * read that blocks the event loop shows there).
 *
 *   node --expose-gc --import tsx bench/busy-token.ts [--transfers 50000] [--swaps 1000] [--threads 2] [--only intel/why-down,wallet/pnl]
 *
 * --only a,b reads just those endpoints; --profile DIR (with --threads 0) writes one CPU profile
 * of each read, <endpoint>.cpuprofile, setup and the other reads left out.
 *
 * --threads N reads intelligence in N worker threads, as the server does (INTEL_THREADS); the
 * memory figure is then the process's resident growth at the peak (threads included), since a
 * thread's heap is not this thread's. 0 reads on the request thread, as before the threads.
 *
 * Budgets (issue: real providers and volumes): under 5 s and 256 MB of extra heap per read, with
 * honest truncation, while /me keeps p99 under 100 ms.
 */
async function main() {
  const chain = await startDemoChain({ chain: "eth", log: () => undefined });
  const network = getNetwork("eth");
  const token = chain.addressBook.scenarios.healthy.token.address as Address;
  const router = network.dexes.find((dex) => dex.kind === "uniswap-v2")!.router;
  // Receipts are polled every 50 ms, not viem's default 4 s: anvil mines each transaction at once,
  // and at 4 s a poll the setup's 110 transactions took seven minutes.
  const test = createTestClient({ mode: "anvil", transport: http(chain.rpcUrl), pollingInterval: 50 }).extend(publicActions);
  const { runtime, abi } = compilePlaced("bench/contracts/BusyTrader.sol", "BusyTrader");
  await test.setCode({ address: BUSY, bytecode: runtime });
  await test.setBalance({ address: BUSY, value: parseEther("100000") });
  await test.setBalance({ address: SENDER, value: parseEther("100") });
  // OpenZeppelin's ERC20 keeps balances in the mapping at slot 0.
  const balanceSlot = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [BUSY, 0n]));
  await test.setStorageAt({ address: token, index: balanceSlot, value: `0x${(10n ** 30n).toString(16).padStart(64, "0")}` });
  await test.impersonateAccount({ address: SENDER });
  const send = async (data: `0x${string}`) => {
    const hash = await test.sendUnsignedTransaction({ from: SENDER, to: BUSY, data, gas: 29_000_000n });
    const receipt = await test.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`busy transaction ${hash} reverted`);
  };
  const started = performance.now();
  for (let done = 0; done < transfers; done += PER_TX_TRANSFERS) {
    await send(encodeFunctionData({ abi, functionName: "spray", args: [token, BigInt(0x1000000 + done), BigInt(Math.min(PER_TX_TRANSFERS, transfers - done)), 10n ** 18n] }));
  }
  for (let done = 0; done < swaps; done += PER_TX_SWAPS) {
    await send(encodeFunctionData({ abi, functionName: "trade", args: [router, network.wrappedNative.address, token, BigInt(Math.min(PER_TX_SWAPS, swaps - done)), parseEther("0.01")] }));
  }
  console.log(`busy token ${token}: ${transfers} transfers and ${swaps} swaps added in ${((performance.now() - started) / 1000).toFixed(1)} s; head ${await test.getBlockNumber()}`);

  process.env.ETH_RPC_URL = chain.rpcUrl;
  clearChainClients();
  const h = await createHarness("postgres+redis");
  try {
    const { key } = await h.key({ permissions: ["intel:read", "security:read", "liquidity:read", "contract:read"], tier: "pro" });
    const { key: other } = await h.key({ permissions: ["intel:read"], tier: "pro" });
    const all: [string, Record<string, unknown>][] = [
      ["contract/analysis", { chain: "eth", address: token }],
      ["intel/risk", { chain: "eth", address: token }],
      ["intel/liquidity", { chain: "eth", address: token }],
      ["intel/team-wallets", { chain: "eth", address: token }],
      ["intel/why-down", { chain: "eth", address: token }],
      ["wallet/pnl", { chain: "eth", wallet: BUSY, token }],
      ["wallet/exact-movements", { chain: "eth", wallet: BUSY, token }],
      ["wallet/approvals", { chain: "eth", address: BUSY }],
    ];
    const only = values.only?.split(",").map((name) => name.trim());
    const unknown = only?.filter((name) => !all.some(([endpoint]) => endpoint === name)) ?? [];
    if (unknown.length > 0) throw new Error(`--only: no endpoint ${unknown.join(", ")}`);
    const requests = only ? all.filter(([endpoint]) => only.includes(endpoint)) : all;
    // Threads load their modules before anything is measured, as the server waits for them before it says ready.
    await intelThreadPool()?.ready();
    if (values.profile && threads > 0) throw new Error("--profile profiles the request thread: use it with --threads 0");
    const profiler = values.profile ? new Session() : undefined;
    if (profiler) {
      mkdirSync(values.profile!, { recursive: true });
      profiler.connect();
      await profiler.post("Profiler.enable");
    }
    const rows = [];
    for (const [endpoint, body] of requests) {
      forgetKeptAnswers(new MemoryAnswerStore());
      gc();
      const heapBefore = memoryInUse();
      let heapPeak = heapBefore;
      const meLatencies: number[] = [];
      let reading = true;
      const meLoop = (async () => {
        while (reading) {
          const at = performance.now();
          await h.call("GET", "me", { key: other });
          meLatencies.push(performance.now() - at);
          heapPeak = Math.max(heapPeak, memoryInUse());
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      if (profiler) await profiler.post("Profiler.start");
      const at = performance.now();
      const cpuAt = process.cpuUsage();
      // Untyped: the row reads whichever look-back window each endpoint's answer reports.
      const response = await h.callUntyped("POST", endpoint, { key, body });
      const took = performance.now() - at;
      const cpu = process.cpuUsage(cpuAt);
      if (profiler) {
        const { profile } = await profiler.post("Profiler.stop");
        writeFileSync(join(values.profile!, `${endpoint.replace("/", "-")}.cpuprofile`), JSON.stringify(profile));
      }
      heapPeak = Math.max(heapPeak, memoryInUse());
      reading = false;
      await meLoop;
      meLatencies.sort((a, b) => a - b);
      const data = response.body.data as Record<string, unknown> | undefined;
      const window = (data?.window ?? (data?.transfers as Record<string, unknown> | undefined)) as { end?: string; truncated?: boolean } | undefined;
      rows.push({
        endpoint,
        status: response.status,
        seconds: Number((took / 1000).toFixed(2)),
        cpu_s: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
        [threads > 0 ? "extra_rss_mb" : "extra_heap_mb"]: Math.round((heapPeak - heapBefore) / 2 ** 20),
        history: window?.end ?? "—",
        me_calls: meLatencies.length,
        me_p99_ms: meLatencies.length ? Number(percentile(meLatencies, 99).toFixed(1)) : null,
        error: response.status === 200 ? "" : String(response.body.message ?? "").slice(0, 80),
      });
    }
    console.log(threads > 0 ? `intelligence in ${threads} worker threads` : "intelligence on the request thread");
    console.table(rows);
  } finally {
    await h.close();
    await intelThreadPool()?.close();
    await chain.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
