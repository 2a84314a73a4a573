// Intelligence off the request thread: the pool runs a real endpoint's read in a worker thread and
// answers exactly as the request thread would; a thread that crashes or hangs fails only the
// tasks it held (503 unavailable) and is replaced; a cancelled request cancels its task; and
// through the whole pipeline an answer read on a thread is the same answer, charged once.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http } from "viem";
import { ApiError } from "@/lib/errors/api-error";
import { nodeSettingsChanged } from "../support/node-settings";
import { withChainScope } from "@/lib/intel/runtime/chain-scope";
import { readingAt, withRpcMeter } from "@/lib/chain/node-scope";
import { chainAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { intelImplementations } from "@/lib/intel/endpoints/index";
import { forgetKeptAnswers } from "@/lib/intel/runtime/hot-reads";
import { IntelThreadPool, intelThreadCount, intelThreadPool, resetIntelThreadPool } from "@/lib/intel/runtime/threads/pool";
import { startAnvil, type Anvil } from "../chain/support/anvil";
import { deployer, installMulticall3, setupClients } from "../chain/support/contracts";
import { createHarness, expectSuccess, type Harness } from "../support/harness";
import { deployFixture, fixtures } from "./support/fixtures";

const faults = path.resolve(__dirname, "../support/intel-thread-faults.ts");

// A thread loads every intelligence module before its first task: seconds on a loaded machine.
describe("the intelligence thread pool", { timeout: 120_000 }, () => {
  const pools: IntelThreadPool[] = [];
  const pool = (options: ConstructorParameters<typeof IntelThreadPool>[0]) => {
    const made = new IntelThreadPool({ log: () => undefined, ...options });
    pools.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(pools.map((made) => made.close()));
  });

  it("INTEL_THREADS: a count, auto for one per core, nothing or nonsense for the request thread", () => {
    expect(intelThreadCount({})).toBe(0);
    expect(intelThreadCount({ INTEL_THREADS: "3" })).toBe(3);
    expect(intelThreadCount({ INTEL_THREADS: "auto" })).toBeGreaterThanOrEqual(2);
    expect(intelThreadCount({ INTEL_THREADS: "auto", SERVER_PROCESSES: "64" })).toBe(2);
    expect(intelThreadCount({ INTEL_THREADS: "many" })).toBe(0);
  });

  it("a thread that exits fails only its own task with 503, and is replaced", async () => {
    const threads = pool({ threads: 2, entry: faults });
    await threads.ready();
    const [crashed, answered] = await Promise.allSettled([threads.run("crash", { chain: "eth" }, 1n), threads.run("answer", { chain: "eth", wait: 300 }, 1n)]);
    expect(crashed.status).toBe("rejected");
    const error = (crashed as PromiseRejectedResult).reason as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.status]).toEqual(["unavailable", 503]);
    expect(error.message).toMatch(/nothing was charged/);
    expect(answered).toMatchObject({ status: "fulfilled", value: { block: "7", result: { data: { thread: "answered" } } } });
    expect(threads.size).toBe(2);
    await expect(threads.run("answer", { chain: "eth" }, 1n)).resolves.toMatchObject({ block: "7" });
    await expect(threads.run("answer", { chain: "eth" }, 1n)).resolves.toMatchObject({ block: "7" });
  });

  it("a thread whose loop stops turning fails only its own task with 503, and is replaced", async () => {
    const threads = pool({ threads: 2, entry: faults, stuckAfterMs: 1_500 });
    await threads.ready();
    const started = Date.now();
    const [hung, answered] = await Promise.allSettled([threads.run("hang", { chain: "eth" }, 1n), threads.run("answer", { chain: "eth", wait: 100 }, 1n)]);
    expect(hung.status).toBe("rejected");
    expect(((hung as PromiseRejectedResult).reason as ApiError).code).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(answered.status).toBe("fulfilled");
    expect(threads.load()).toEqual([0, 0]);
    await expect(threads.run("answer", { chain: "eth" }, 1n)).resolves.toMatchObject({ block: "7" });
  });

  it("an API error crosses as itself, and a cancelled request cancels its task on the thread", async () => {
    const threads = pool({ threads: 1, entry: faults });
    await expect(threads.run("refuse", { chain: "eth" }, 1n)).rejects.toMatchObject({ code: "insufficient_data", status: 422, message: "nothing to read here" });
    // A node fault met on the thread is the retryable 503 it is on the request thread, not an internal error.
    await expect(threads.run("node-down", { chain: "eth" }, 1n)).rejects.toMatchObject({
      code: "unavailable", status: 503, message: "Ethereum node did not answer: timed out", headers: { "retry-after": "5" },
    });
    const controller = new AbortController();
    const waiting = threads.run("wait-for-cancel", { chain: "eth" }, 1n, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(waiting).rejects.toMatchObject({ code: "client_closed" });
  });

  describe("on a chain", () => {
    let anvil: Anvil;
    let token: string;
    let h: Harness;
    const saved = { ETH_RPC_URL: process.env.ETH_RPC_URL, INTEL_THREADS: process.env.INTEL_THREADS };

    beforeAll(async () => {
      fixtures();
      anvil = await startAnvil({ chainId: 1 });
      const chain = setupClients(anvil.url);
      await installMulticall3(chain);
      token = (await deployFixture(chain, "OwnedToken", [deployer])).address;
      process.env.ETH_RPC_URL = anvil.url;
      // First on the request thread, to compare with: the suite's own default is threads.
      process.env.INTEL_THREADS = "0";
      await nodeSettingsChanged();
      h = await createHarness("postgres+redis");
    }, 120_000);
    afterAll(async () => {
      await resetIntelThreadPool();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await nodeSettingsChanged();
      await h?.close();
      await anvil?.stop();
    });

    it("a real endpoint read on a thread answers exactly as on the request thread", async () => {
      const threads = pool({ threads: 1 });
      const head = await createPublicClient({ transport: http(anvil.url) }).getBlockNumber();
      const input = { chain: "eth" as const, address: token as `0x${string}` };
      const onThread = await withRpcMeter(() => threads.run("contract/analysis", input, head));
      const here = await withRpcMeter(() => withChainScope({ chain: "eth" }, (scope) => readingAt(head, () => intelImplementations["contract/analysis"].answer(input, scope))));
      expect(onThread.result).toEqual({ block: head.toString(), result: JSON.parse(JSON.stringify(chainAnswer(here.result))) });
      // The thread's node round trips are the asking request's: its meter counts them as its own.
      expect(here.usage.rounds).toBeGreaterThan(1);
      expect(onThread.usage).toEqual(here.usage);
    });

    it("through the pipeline, an answer read on a thread is the same answer, charged the same", async () => {
      const { key } = await h.key({ permissions: ["contract:read"] });
      const onRequestThread = await withRpcMeter(() => h.call("POST", "contract/analysis", { key, body: { chain: "eth", address: token } }));
      const inline = expectSuccess(onRequestThread.result);
      expect(intelThreadPool()).toBeNull();
      // A new pool on the next call, and no kept answer to serve instead of reading.
      process.env.INTEL_THREADS = "2";
      await resetIntelThreadPool();
      await intelThreadPool()!.ready();
      forgetKeptAnswers();
      const onThread = await withRpcMeter(() => h.call("POST", "contract/analysis", { key, body: { chain: "eth", address: token.toLowerCase() } }));
      const threaded = onThread.result;
      expect(intelThreadPool()?.size).toBe(2);
      // The request counts the thread's node calls as its own: the head on the request thread, the
      // read on a thread, in the same rounds (a new thread asks a fact or so the process had kept).
      const { roundTrips, rounds, calls } = onThread.usage;
      expect({ roundTrips, rounds }).toEqual({ roundTrips: onRequestThread.usage.roundTrips, rounds: onRequestThread.usage.rounds });
      expect(calls).toBeGreaterThanOrEqual(onRequestThread.usage.calls);
      const threadedAnswer = expectSuccess(threaded);
      expect(threadedAnswer.data).toEqual(inline.data);
      const { provenance, chain_data_source, credits_charged } = threadedAnswer.meta;
      expect({ provenance, chain_data_source, credits_charged }).toEqual({
        provenance: inline.meta.provenance,
        chain_data_source: inline.meta.chain_data_source,
        credits_charged: inline.meta.credits_charged,
      });

      // A block mined since the head was told: the read a thread started at the block before is
      // stopped, and the answer is read at the new head, on a thread, charged once.
      await fetch(anvil.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: ["0x1"] }) });
      forgetKeptAnswers();
      const moved = await h.call("POST", "contract/analysis", { key, body: { chain: "eth", address: token } });
      const movedAnswer = expectSuccess(moved);
      expect(movedAnswer.meta.chain_data_source.block_number).toBe(inline.meta.chain_data_source.block_number + 1);
      expect(movedAnswer.meta.credits_charged).toBe(inline.meta.credits_charged);
    });
  });
});
