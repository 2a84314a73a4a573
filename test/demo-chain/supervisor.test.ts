// A demo chain whose anvil dies is started again from its saved state on the same port, and
// says so; while it is down its network answers 503 naming it. An anvil never outlives the
// process that started it, even one killed outright.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getChainClient } from "@/lib/chain/clients";
import { readChain } from "@/lib/chain/upstream";
import { startDemoChain, type DemoChain } from "@/demo-chain";
import { createDemoClient } from "@/demo-chain/player";

const lines: string[] = [];
let chain: DemoChain;

beforeAll(async () => {
  // A slow first retry leaves time to see the outage the API reports meanwhile.
  chain = await startDemoChain({ chain: "eth", log: (line) => lines.push(line), restart: { firstDelayMs: 1_500, maxAttempts: 3 } });
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

/** The pid of the process listening as anvil on this port, from /proc. */
function anvilPid(port: number): number | null {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (argv[0].endsWith("anvil") && argv[argv.indexOf("--port") + 1] === String(port) && !/\) Z /.test(stat)) return Number(entry);
    } catch {
      // The process ended while being read.
    }
  }
  return null;
}

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("restarts a killed anvil from the saved state on the same port, with a log line", async () => {
  const port = Number(new URL(chain.rpcUrl).port);
  const pid = anvilPid(port);
  expect(pid).not.toBeNull();
  const client = createDemoClient(chain.rpcUrl);
  expect(await client.getBlockNumber()).toBe(BigInt(chain.addressBook.latestBlock));

  process.kill(pid!, "SIGKILL");
  await until("the exit to be logged", () => lines.some((line) => line.includes("exited unexpectedly (SIGKILL)")));

  // Down: the API's reads say which network and why, as a 503.
  const api = getChainClient("eth", { env: { ETH_RPC_URL: chain.rpcUrl }, settings: { timeoutMs: 500, retryCount: 0 } });
  await expect(readChain("eth", () => api.getBlockNumber())).rejects.toMatchObject({
    kind: "unreachable",
    network: "Ethereum",
    message: "Ethereum node did not answer: connection refused",
  });

  // Loading the saved state takes about a second on quiet cores and ten beside a full test run.
  const block = await until("the chain to answer again", () => client.getBlockNumber().catch(() => null), 60_000);
  expect(block).toBe(BigInt(chain.addressBook.latestBlock));
  // The node can answer a moment before the supervisor, which checks it first, logs the restart.
  const restarted = await until("the restart to be logged", () => lines.find((line) => line.includes("restarted")) ?? null);
  expect(restarted).toBe(`demo chain eth: restarted on ${chain.rpcUrl} from the saved state (attempt 1 of 3)`);
  const second = anvilPid(port);
  expect(second).not.toBeNull();
  expect(second).not.toBe(pid);
}, 120_000);

it("does not restart an anvil stopped on purpose", async () => {
  const port = Number(new URL(chain.rpcUrl).port);
  const before = lines.length;
  await chain.stop();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(anvilPid(port)).toBeNull();
  expect(lines.slice(before)).toEqual([]);
}, 30_000);

it("kills anvil when the process that started it is killed outright", async () => {
  const owner = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "fixtures/anvil-owner.ts")], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  owner.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  owner.once("exit", (code) => (output ||= `{"exited":${code}}\n`));
  const { pid, port } = await until("the owner to report its anvil", () => (output.includes("\n") ? (JSON.parse(output) as { pid: number; port: number }) : null), 30_000);
  expect(anvilPid(port)).toBe(pid);
  owner.kill("SIGKILL");
  try {
    await until("the orphaned anvil to die", () => anvilPid(port) === null, 3_000);
  } finally {
    // Should it have survived, do not leave it running for the next suite.
    if (anvilPid(port) === pid) process.kill(pid, "SIGKILL");
  }
}, 60_000);
