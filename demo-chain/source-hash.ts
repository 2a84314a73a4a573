// The identity of a saved demo-chain state: anything that could change what the build puts on
// chain (contracts, this builder's code, the Uniswap artifacts, the tools) changes the hash, and
// a saved state with another hash is rebuilt rather than trusted.
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { currentCompileKey } from "./compile";
import { anvilBinary, demoChainSourceDir, packageVersion } from "./paths";
import { realTokensCompileKey } from "./real-tokens/compile";
import { venuePackageVersions } from "./venues/artifacts";

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return Promise.resolve(entry.name.endsWith(".ts") ? [full] : []);
    }),
  );
  return nested.flat().sort();
}

async function anvilIdentity(): Promise<string> {
  if (!process.env.ANVIL_BIN) return `bundled ${packageVersion("@foundry-rs/anvil-linux-amd64")}`;
  const info = await stat(anvilBinary()).catch(() => null);
  return `custom ${anvilBinary()} ${info?.size ?? "missing"} ${info?.mtimeMs ?? ""}`;
}

let memo: Promise<string> | null = null;

export function scenarioSourceHash(): Promise<string> {
  memo ??= computeHash();
  return memo;
}

async function computeHash(): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`contracts ${await currentCompileKey()}\n`);
  hash.update(`real tokens ${await realTokensCompileKey()}\n`);
  hash.update(`uniswap ${packageVersion("@uniswap/v2-core")} ${packageVersion("@uniswap/v2-periphery")}\n`);
  hash.update(`viem ${packageVersion("viem")}\nanvil ${await anvilIdentity()}\n`);
  hash.update(`venues ${venuePackageVersions()}\n`);
  for (const file of await sourceFiles(demoChainSourceDir)) {
    hash.update(`\0${path.relative(demoChainSourceDir, file)}\0`);
    hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}
