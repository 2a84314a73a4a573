// Our own Solidity fixtures for the powers tests: compiled with solc-js (cached in the system's temp
// folder by the hash of the input and the compiler), deployed and driven on a demo chain's anvil
// with its unlocked accounts.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { getAddress, toHex, type Abi, type Address, type Hex } from "viem";
import { rpc } from "../../chain/support/anvil";

const require = createRequire(import.meta.url);

export type Artifact = { abi: Abi; bytecode: Hex };

/** Every contract of one file under test/intel/support, by name. */
export function compileFixtureFile(file: string): Record<string, Artifact> {
  const source = fs.readFileSync(path.join(__dirname, file), "utf8");
  const solc = require("solc") as { compile(input: string): string; version(): string };
  const input = { language: "Solidity", sources: { [file]: { content: source } }, settings: { evmVersion: "cancun", optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } } };
  const cacheFile = path.join(os.tmpdir(), `${path.basename(file, ".sol")}-${createHash("sha256").update(JSON.stringify(input) + solc.version()).digest("hex").slice(0, 16)}.json`);
  if (fs.existsSync(cacheFile)) return JSON.parse(fs.readFileSync(cacheFile, "utf8"));
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((entry: { severity: string }) => entry.severity === "error");
  if (errors.length) throw new Error(errors.map((entry: { formattedMessage: string }) => entry.formattedMessage).join("\n"));
  const all: Record<string, Artifact> = {};
  for (const [name, compiled] of Object.entries(output.contracts[file] as Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>)) all[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  fs.writeFileSync(cacheFile, JSON.stringify(all));
  return all;
}

/** Sends from an unlocked account and waits for the receipt: the contract made, or null; a revert throws. */
export async function send(url: string, from: Address, tx: { to?: Address; data: Hex; value?: Hex }): Promise<Address | null> {
  const hash = await rpc<Hex>(url, "eth_sendTransaction", [{ from, ...tx, gas: toHex(6_000_000) }]);
  for (let i = 0; i < 200; i++) {
    const receipt = await rpc<{ status: Hex; contractAddress: Address | null } | null>(url, "eth_getTransactionReceipt", [hash]);
    if (receipt) {
      if (receipt.status !== "0x1") throw new Error(`transaction ${hash} reverted`);
      return receipt.contractAddress ? getAddress(receipt.contractAddress) : null;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no receipt for ${hash}`);
}

/** ERC-20 transfer(to, amount) calldata. */
export const transferData = (to: Address, amount: bigint) => `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, "0")}${amount.toString(16).padStart(64, "0")}` as Hex;
