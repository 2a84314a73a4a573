// Starts and stops anvil processes for the demo chains. The flags are fixed because the saved
// states and the determinism of the build depend on them.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { DEMO_GENESIS_TIMESTAMP } from "./timeline";
import { anvilBinary } from "./paths";
import { DEMO_MNEMONIC } from "./wallets";

export type AnvilProcess = {
  rpcUrl: string;
  port: number;
  /** Ends the process; safe to call more than once. */
  stop(): Promise<void>;
  /** Resolves when the process ends for any reason other than stop(): a crash, a kill. */
  died: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const HOST = "127.0.0.1";

export function anvilArgs(options: { chainId: number; port: number; loadState?: string }): string[] {
  const args = [
    "--host", HOST,
    "--port", String(options.port),
    "--chain-id", String(options.chainId),
    "--hardfork", "prague",
    "--mnemonic", DEMO_MNEMONIC,
    "--gas-limit", "30000000",
    "--block-base-fee-per-gas", "1000000000",
    "--silent",
  ];
  // A loaded state brings its own blocks; a genesis timestamp there would make any block mined
  // later go back in time, while without it new blocks follow the wall clock, after the history.
  if (options.loadState) args.push("--load-state", options.loadState);
  else args.push("--timestamp", String(DEMO_GENESIS_TIMESTAMP));
  return args;
}

/** A port the OS just handed out on loopback; anvil needs it named up front. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no port assigned");
  return address.port;
}

// Children still running when this process exits are killed, so no anvil outlives its owner.
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function trackChild(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const each of running) each.kill("SIGKILL");
  });
}

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
  await exited;
  clearTimeout(timer);
}

// The exit hook above cannot run when the owner is killed outright (SIGKILL, OOM). Linux can
// signal a child when its parent dies; util-linux's setpriv sets that up and then execs anvil,
// so the pid is anvil's own. Where setpriv is missing (not Linux), the exit hook is all there is.
const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((candidate) => existsSync(candidate));

function spawnTied(binary: string, args: string[]): ChildProcess {
  const [command, argv] = setpriv ? [setpriv, ["--pdeathsig", "KILL", "--", binary, ...args]] : [binary, args];
  // Its own session: a Ctrl-C in the terminal reaches the server, which stops anvil itself,
  // rather than killing anvil first and looking like a crash.
  return spawn(command, argv, { stdio: ["ignore", "ignore", "pipe"], detached: true });
}

export async function spawnAnvil(options: { chainId: number; port?: number; loadState?: string }): Promise<AnvilProcess> {
  const port = options.port ?? (await freePort());
  const child = spawnTied(anvilBinary(), anvilArgs({ ...options, port }));
  trackChild(child);
  let stopping = false;
  const died = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      if (!stopping) resolve({ code, signal });
    });
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const spawnError = new Promise<never>((_, reject) => child.once("error", reject));
  spawnError.catch(() => undefined);

  const rpcUrl = `http://${HOST}:${port}`;
  // A saved state of a few hundred megabytes takes anvil half a minute to read on a quiet machine,
  // and several times that beside other builds: missing the deadline would rebuild the chain.
  const waitMs = options.loadState ? 240_000 : 30_000;
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil exited before answering (${child.exitCode ?? child.signalCode}): ${stderr.trim()}`);
    }
    if (await Promise.race([answers(rpcUrl), spawnError])) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`anvil did not answer on ${rpcUrl} within ${waitMs / 1000} s: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };
  return { rpcUrl, port, stop, died };
}
