// Compiles contracts/*.sol with solc-js and caches the result on disk, keyed by a hash of the
// sources, the compiler and OpenZeppelin versions and the settings, so only the first build pays
// for the compiler. The Uniswap V2 contracts are not compiled: their published build artifacts
// are used as shipped, because the router hard-codes the hash of exactly that pair bytecode.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Abi, Hex } from "viem";
import { readJsonIfPresent, withFileLock, writeFileAtomic } from "./files";
import { contractsDir, demoChainDataDir, packageDir, packageVersion, requireFromHere } from "./paths";

export type Artifact = { abi: Abi; bytecode: Hex };

/** OpenZeppelin files whose contracts are deployed as they are; the rest are only imported. */
const OPENZEPPELIN_OUTPUTS = {
  "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol": ["ERC1967Proxy"],
  "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol": ["TransparentUpgradeableProxy"],
  "@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol": ["ProxyAdmin"],
  "@openzeppelin/contracts/governance/TimelockController.sol": ["TimelockController"],
} as const;

// Cancun rather than the compiler's newest default: every opcode emitted must exist on the
// demo chain's hardfork and on the three real networks.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
} as const;

type Solc = {
  version(): string;
  compile(input: string, callbacks: { import: (importPath: string) => { contents: string } | { error: string } }): string;
};

type SolcOutput = {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

type CompiledCache = { key: string; artifacts: Record<string, Artifact> };

async function readSources(): Promise<Record<string, string>> {
  const names = (await readdir(contractsDir)).filter((name) => name.endsWith(".sol")).sort();
  const entries = await Promise.all(
    names.map(async (name) => [`contracts/${name}`, await readFile(path.join(contractsDir, name), "utf8")] as const),
  );
  return Object.fromEntries(entries);
}

function loadSolc(): Solc {
  return requireFromHere("solc") as Solc;
}

// Keyed on the package version, not solc.version(): loading the compiler alone costs a second,
// which a warm start should not pay.
export function compileCacheKey(sources: Record<string, string>): string {
  const hash = createHash("sha256");
  const versions = { solc: packageVersion("solc"), oz: packageVersion("@openzeppelin/contracts") };
  hash.update(JSON.stringify({ versions, SETTINGS }));
  for (const [name, content] of Object.entries(sources)) hash.update(`\0${name}\0${content}`);
  return hash.digest("hex").slice(0, 16);
}

function resolveImport(importPath: string): { contents: string } | { error: string } {
  if (!importPath.startsWith("@openzeppelin/contracts/")) return { error: `unexpected import ${importPath}` };
  try {
    const file = path.join(packageDir("@openzeppelin/contracts"), importPath.slice("@openzeppelin/contracts/".length));
    return { contents: readFileSync(file, "utf8") };
  } catch (error) {
    return { error: String(error) };
  }
}

function runCompiler(solc: Solc, sources: Record<string, string>): Record<string, Artifact> {
  const outputSelection: Record<string, Record<string, string[]>> = {};
  for (const name of Object.keys(sources)) outputSelection[name] = { "*": ["abi", "evm.bytecode.object"] };
  for (const [file, contracts] of Object.entries(OPENZEPPELIN_OUTPUTS)) {
    outputSelection[file] = Object.fromEntries(contracts.map((contract) => [contract, ["abi", "evm.bytecode.object"]]));
  }
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: { ...SETTINGS, outputSelection },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((entry) => entry.formattedMessage).join("\n")}`);

  const artifacts: Record<string, Artifact> = {};
  for (const [file, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts)) {
      // Abstract contracts and interfaces have no bytecode and nothing to deploy.
      if (!contract.evm.bytecode.object) continue;
      if (artifacts[name]) throw new Error(`contract name ${name} is defined twice (second in ${file})`);
      artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    }
  }
  return artifacts;
}

async function pruneOtherCaches(dir: string, keep: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.endsWith(".json") && name !== keep)
      .map((name) => rm(path.join(dir, name), { force: true })),
  );
}

let memo: Promise<Record<string, Artifact>> | null = null;

/** The compiled fixture contracts by contract name, from the disk cache when it is current. */
export function compiledContracts(): Promise<Record<string, Artifact>> {
  memo ??= loadOrCompile().catch((error) => {
    memo = null;
    throw error;
  });
  return memo;
}

async function loadOrCompile(): Promise<Record<string, Artifact>> {
  const sources = await readSources();
  const key = compileCacheKey(sources);
  const dir = path.join(demoChainDataDir(), "compiled");
  const file = path.join(dir, `${key}.json`);
  const cached = await readJsonIfPresent<CompiledCache>(file);
  if (cached?.key === key) return cached.artifacts;

  return withFileLock(path.join(dir, ".lock"), async () => {
    // Another process may have compiled while this one waited for the lock.
    const again = await readJsonIfPresent<CompiledCache>(file);
    if (again?.key === key) return again.artifacts;
    const artifacts = runCompiler(loadSolc(), sources);
    await writeFileAtomic(file, JSON.stringify({ key, artifacts } satisfies CompiledCache));
    await pruneOtherCaches(dir, `${key}.json`);
    return artifacts;
  });
}

type UniswapBuildFile = { abi: Abi; bytecode: string };

function uniswapArtifact(pkg: "@uniswap/v2-core" | "@uniswap/v2-periphery", name: string): Artifact {
  const build = requireFromHere(`${pkg}/build/${name}.json`) as UniswapBuildFile;
  const bytecode = build.bytecode.startsWith("0x") ? build.bytecode : `0x${build.bytecode}`;
  return { abi: build.abi, bytecode: bytecode as Hex };
}

export type UniswapArtifacts = { factory: Artifact; router: Artifact; pair: Artifact };

export function uniswapArtifacts(): UniswapArtifacts {
  return {
    factory: uniswapArtifact("@uniswap/v2-core", "UniswapV2Factory"),
    router: uniswapArtifact("@uniswap/v2-periphery", "UniswapV2Router02"),
    pair: uniswapArtifact("@uniswap/v2-core", "UniswapV2Pair"),
  };
}

/** The key of the current sources' build, without compiling. */
export async function currentCompileKey(): Promise<string> {
  return compileCacheKey(await readSources());
}
