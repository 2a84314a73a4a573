// Starts a real anvil on a free loopback port for one test file and stops it after.
// ANVIL_BIN points at another binary when the bundled one does not fit the platform.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type Anvil = {
  url: string;
  port: number;
  chainId: number;
  /** Ends the process; safe to call twice. */
  stop(): Promise<void>;
};

/** The demo chain's own rule for which anvil runs (ANVIL_BIN, else the bundled Linux x64 build). */
export { anvilBinary } from "@/demo-chain/paths";
import { anvilBinary } from "@/demo-chain/paths";

/** A port the OS just handed out on loopback (the demo chain's own helper). */
export { freePort } from "@/demo-chain/anvil";
import { freePort } from "@/demo-chain/anvil";

export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function waitUntilAnswering(url: string, child: ChildProcess, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return false;
    try {
      await rpc(url, "eth_chainId");
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return false;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
  await exited;
  clearTimeout(timer);
}

export async function startAnvil(options: { chainId?: number; args?: string[] } = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 1;
  // The port can be taken between asking and binding; a second try gets another one.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    // anvil keeps the states it cannot hold in memory under $HOME/.foundry/anvil/tmp and never
    // removes them (over 1 GB a run for the files that mine thousands of blocks): each anvil gets
    // a home of its own, removed when it stops.
    const home = mkdtempSync(path.join(tmpdir(), "anvil-home-"));
    const child = spawn(
      anvilBinary(),
      ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId), "--quiet", ...(options.args ?? [])],
      { stdio: "ignore", env: { ...process.env, HOME: home } },
    );
    const stop = async () => {
      await stopProcess(child);
      rmSync(home, { recursive: true, force: true });
    };
    let spawnError: Error | undefined;
    child.once("error", (error) => {
      spawnError = error;
    });
    const url = `http://127.0.0.1:${port}`;
    const answering = await waitUntilAnswering(url, child, Date.now() + 10_000);
    if (spawnError) throw new Error(`cannot run anvil at ${anvilBinary()} (set ANVIL_BIN): ${spawnError.message}`);
    if (answering) {
      return { url, port, chainId, stop };
    }
    await stop();
  }
  throw new Error("anvil did not start");
}
