// Compiles the real published tokens (contracts/real-tokens/) each with the solc-js release its
// sources were written for, and caches the result beside the fixture cache, keyed by the files,
// the compiler packages and the settings: loading the old compilers costs seconds, which only the
// first build after a change pays.
import { createHash } from "node:crypto";
import { readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Abi, Address, Hex } from "viem";
import type { Artifact } from "../compile";
import { readJsonIfPresent, withFileLock, writeFileAtomic } from "../files";
import { contractsDir, demoChainDataDir, packageVersion, requireFromHere } from "../paths";
import { REAL_TOKEN_BUILDS, UNI_ARTIFACT, type RealTokenBuild, type RealTokenBuildKey } from "./catalog";

/** A deployable contract and the runtime code its creation code leaves (what `eth_getCode` shows). */
export type RealTokenArtifact = Artifact & {
  deployedBytecode: Hex;
  /** Libraries the creation code calls, by name → byte offsets of their address placeholders. */
  links: Record<string, number[]>;
  /** Byte ranges of the runtime code the constructor writes its immutables into (zeros in `deployedBytecode`). */
  immutables: { start: number; length: number }[];
};

export type RealTokenArtifacts = Record<RealTokenBuildKey, Record<string, RealTokenArtifact>> & {
  uni: { Uni: RealTokenArtifact };
};

export const realTokensDir = path.join(contractsDir, "real-tokens");

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: Abi | string;
        evm: {
          bytecode: { object: string; linkReferences?: LinkReferences };
          deployedBytecode: { object: string; immutableReferences?: Record<string, { start: number; length: number }[]> };
        };
      }
    >
  >;
};

type LinkReferences = Record<string, Record<string, { start: number; length: number }[]>>;

type Solc = {
  compile(input: string, callbacks?: unknown): string;
  compileStandardWrapper?: (input: string) => string;
};

// Cancun only where the compiler knows it (0.8.x); older releases keep their own default target,
// whose opcodes every later hardfork still runs.
function settingsOf(build: RealTokenBuild) {
  return build.compiler === "solc" ? { optimizer: build.optimizer, evmVersion: "cancun" } : { optimizer: build.optimizer };
}

export async function readRealTokenSources(build: RealTokenBuild): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.keys(build.files).map(async (unit) => [unit, await readFile(path.join(realTokensDir, build.folder, "src", unit), "utf8")] as const),
  );
  return Object.fromEntries(entries);
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function checkVerbatim(build: RealTokenBuild, sources: Record<string, string>): void {
  for (const [unit, expected] of Object.entries(build.files)) {
    const actual = sha256(sources[unit] ?? "");
    if (actual !== expected) throw new Error(`contracts/real-tokens/${build.folder}/src/${unit} is not the published file (sha256 ${actual}, expected ${expected})`);
  }
}

function compileOne(build: RealTokenBuild, sources: Record<string, string>): Record<string, RealTokenArtifact> {
  const solc = requireFromHere(build.compiler) as Solc;
  // Compilers before 0.6.5 know no immutables and ignore the selector that asks for them.
  const outputSelection = {
    "*": { "*": ["abi", "evm.bytecode.object", "evm.bytecode.linkReferences", "evm.deployedBytecode.object", "evm.deployedBytecode.immutableReferences"] },
  };
  const input = JSON.stringify({
    language: "Solidity",
    // Every file the sources import is listed, so the compiler needs no import callback.
    sources: Object.fromEntries(Object.entries(sources).map(([unit, content]) => [unit, { content }])),
    settings: { ...settingsOf(build), outputSelection },
  });
  // solc-js before 0.5 took standard JSON through a separate wrapper.
  const raw = solc.compileStandardWrapper && build.compiler.startsWith("solc-0.4") ? solc.compileStandardWrapper(input) : solc.compile(input);
  const output = JSON.parse(raw) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) throw new Error(`solc (${build.compiler}) failed on ${build.folder}:\n${errors.map((entry) => entry.formattedMessage).join("\n")}`);
  const artifacts: Record<string, RealTokenArtifact> = {};
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts)) {
      if (!build.contracts.includes(name)) continue;
      const bytecode = contract.evm.bytecode.object;
      if (!bytecode) throw new Error(`${build.folder}: ${name} has no bytecode`);
      const links: Record<string, number[]> = {};
      for (const libraries of Object.values(contract.evm.bytecode.linkReferences ?? {})) {
        for (const [library, places] of Object.entries(libraries)) links[library] = places.map((place) => place.start);
      }
      const abi = typeof contract.abi === "string" ? (JSON.parse(contract.abi) as Abi) : contract.abi;
      const immutables = Object.values(contract.evm.deployedBytecode.immutableReferences ?? {}).flat();
      artifacts[name] = { abi, bytecode: `0x${bytecode}`, deployedBytecode: `0x${contract.evm.deployedBytecode.object}`, links, immutables };
    }
  }
  for (const name of build.contracts) if (!artifacts[name]) throw new Error(`${build.folder}: solc produced no ${name}`);
  return artifacts;
}

type UniBuildFile = { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } };

function uniArtifact(): RealTokenArtifact {
  const build = requireFromHere(`${UNI_ARTIFACT.package}/${UNI_ARTIFACT.file}`) as UniBuildFile;
  const hex = (value: string) => (value.startsWith("0x") ? value : `0x${value}`) as Hex;
  return { abi: build.abi, bytecode: hex(build.evm.bytecode.object), deployedBytecode: hex(build.evm.deployedBytecode.object), links: {}, immutables: [] };
}

/** The creation code with each library's address written where the compiler left its placeholder. */
export function linkedBytecode(artifact: RealTokenArtifact, libraries: Record<string, Address>): Hex {
  let code = artifact.bytecode.slice(2);
  for (const [library, starts] of Object.entries(artifact.links)) {
    const address = libraries[library];
    if (!address) throw new Error(`no address for library ${library}`);
    for (const start of starts) code = code.slice(0, start * 2) + address.slice(2).toLowerCase() + code.slice(start * 2 + 40);
  }
  if (code.includes("__")) throw new Error("creation code still has a library placeholder");
  return `0x${code}`;
}

const builds = Object.entries(REAL_TOKEN_BUILDS) as [RealTokenBuildKey, RealTokenBuild][];

/** Raised when what a cached artifact holds changes (2: the immutables' places), so an older cache is not read as this one. */
const ARTIFACT_FORMAT = 2;

/** The key of the current sources' build, without compiling: it changes with any file, compiler or setting. */
export async function realTokensCompileKey(): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`artifact format ${ARTIFACT_FORMAT}\nuni ${packageVersion(UNI_ARTIFACT.package)}\n`);
  for (const [key, build] of builds) {
    hash.update(`\0${key}\0${packageVersion(build.compiler)}\0${JSON.stringify(settingsOf(build))}\0${build.contracts.join(",")}`);
    for (const [unit, content] of Object.entries(await readRealTokenSources(build))) hash.update(`\0${unit}\0${content}`);
  }
  return hash.digest("hex").slice(0, 16);
}

type Cache = { key: string; artifacts: RealTokenArtifacts };

let memo: Promise<RealTokenArtifacts> | null = null;

export function compiledRealTokens(): Promise<RealTokenArtifacts> {
  memo ??= loadOrCompile().catch((error) => {
    memo = null;
    throw error;
  });
  return memo;
}

async function loadOrCompile(): Promise<RealTokenArtifacts> {
  const key = await realTokensCompileKey();
  // A folder of its own: the fixture cache prunes every other file beside its own.
  const dir = path.join(demoChainDataDir(), "compiled", "real-tokens");
  const file = path.join(dir, `${key}.json`);
  const cached = await readJsonIfPresent<Cache>(file);
  if (cached?.key === key) return cached.artifacts;
  return withFileLock(path.join(dir, ".lock"), async () => {
    const again = await readJsonIfPresent<Cache>(file);
    if (again?.key === key) return again.artifacts;
    const compiled: Partial<Record<RealTokenBuildKey, Record<string, RealTokenArtifact>>> = {};
    for (const [name, build] of builds) {
      const sources = await readRealTokenSources(build);
      checkVerbatim(build, sources);
      compiled[name] = compileOne(build, sources);
    }
    const artifacts = { ...(compiled as Record<RealTokenBuildKey, Record<string, RealTokenArtifact>>), uni: { Uni: uniArtifact() } };
    await writeFileAtomic(file, JSON.stringify({ key, artifacts } satisfies Cache));
    const stale = (await readdir(dir)).filter((name) => name.endsWith(".json") && name !== `${key}.json`);
    await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
    return artifacts;
  });
}
