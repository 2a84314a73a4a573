// The command-line entry: prints the RPC URL and address book as JSON, serves until interrupted,
// and takes its anvil down with it on Ctrl-C.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientFor } from "./helpers";

const root = path.resolve(__dirname, "../..");

describe("scripts/demo-chain.ts", () => {
  it("starts a chain, prints its address book, and stops it on SIGINT", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo-chain.ts", "--chain", "eth", "--print-addresses"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // stdout and stderr are two pipes: the status line can arrive while the last of the JSON is
    // still in the stdout pipe, so wait for both.
    const parsedStdout = () => {
      try {
        return JSON.parse(stdout) as unknown;
      } catch {
        return undefined;
      }
    };
    const deadline = Date.now() + 60_000;
    while (!(stderr.includes("Ctrl-C") && parsedStdout()) && child.exitCode === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stderr).toMatch(/^demo chain eth \(chain id 1\) on http:\/\/127\.0\.0\.1:\d+: /m);
    const output = JSON.parse(stdout) as Record<string, { rpcUrl: string; chainId: number; addressBook: { chain: string } }>;
    expect(Object.keys(output)).toEqual(["eth"]);
    expect(output.eth!.chainId).toBe(1);
    expect(output.eth!.addressBook.chain).toBe("eth");
    const client = clientFor(output.eth!.rpcUrl);
    expect(await client.getChainId()).toBe(1);

    child.kill("SIGINT");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    await expect(client.getChainId()).rejects.toThrow();
  });
});
