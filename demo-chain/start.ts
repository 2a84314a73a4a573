// Starts demo chains: from a saved state when one exists for the current sources (fast), or by
// building the scenarios on a fresh anvil and saving the result for next time. The address book
// is saved beside the state, so a loaded chain comes with its book without replaying anything.
import { readdir, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { AddressBook } from "./address-book";
import { spawnAnvil, type AnvilProcess } from "./anvil";
import { buildScenarios } from "./build";
import { compiledContracts } from "./compile";
import { fileExists, readJsonIfPresent, withFileLock, writeFileAtomic } from "./files";
import { DEMO_CHAINS, DEMO_NETWORKS, type DemoChainName } from "./networks";
import { demoChainDataDir } from "./paths";
import { createDemoClient } from "./player";
import { scenarioSourceHash } from "./source-hash";
import { superviseAnvil, type RestartPolicy } from "./supervisor";

export type DemoChain = {
  chain: DemoChainName;
  chainId: number;
  rpcUrl: string;
  addressBook: AddressBook;
  /** True when the chain was loaded from a saved state rather than built now. */
  fromSavedState: boolean;
  startupMs: number;
  stop(): Promise<void>;
};

export type StartDemoChainOptions = {
  chain: DemoChainName;
  port?: number;
  /** Folder of saved states; defaults to the demo chain's cache (paths.ts demoChainDataDir). */
  stateDir?: string;
  /** The one line per chain said on start (and on a restart); defaults to console.info. Pass () => {} for silence. */
  log?: (line: string) => void;
  /** How an anvil that dies is started again from the saved state. */
  restart?: RestartPolicy;
};

type StateFiles = { state: string; book: string; lock: string };

function stateFilesFor(stateDir: string, chain: DemoChainName, hash: string): StateFiles {
  return {
    state: path.join(stateDir, `${chain}-${hash}.state.json`),
    book: path.join(stateDir, `${chain}-${hash}.address-book.json`),
    lock: path.join(stateDir, `.${chain}.lock`),
  };
}

async function savedBook(files: StateFiles, hash: string): Promise<AddressBook | null> {
  if (!(await fileExists(files.state))) return null;
  const book = await readJsonIfPresent<AddressBook>(files.book);
  if (book?.sourceHash !== hash) return null;
  // Marks the state used, so pruning in a cache shared by several clones keeps what is in use.
  const now = new Date();
  await utimes(files.book, now, now).catch(() => undefined);
  return book;
}

/**
 * Starts anvil on a saved state and checks it really holds the whole history. A state anvil
 * cannot read (truncated, written by another version) yields null, and the chain is rebuilt.
 */
async function startFromSaved(
  options: StartDemoChainOptions,
  files: StateFiles,
  book: AddressBook,
): Promise<AnvilProcess | null> {
  const anvil = await spawnAnvil({ chainId: book.chainId, port: options.port, loadState: files.state }).catch(() => null);
  if (!anvil) return null;
  const latest = await createDemoClient(anvil.rpcUrl).getBlockNumber().catch(() => null);
  if (latest === BigInt(book.latestBlock)) return anvil;
  await anvil.stop();
  return null;
}

/** Other sources' states kept beside the current one: clones at other commits share the cache. */
const otherStatesKept = 2;

/** Removes the chain's states of other sources but the most recently used few (each is about 600 MB). */
async function pruneStaleStates(stateDir: string, chain: DemoChainName, keep: StateFiles): Promise<void> {
  const names = await readdir(stateDir).catch(() => [] as string[]);
  const hashOf = (name: string) => name.slice(chain.length + 1).split(".")[0]!;
  const keptHash = hashOf(path.basename(keep.state));
  const others = [...new Set(names.filter((name) => name.startsWith(`${chain}-`) && name.endsWith(".json")).map(hashOf))].filter((hash) => hash !== keptHash);
  const lastUsed = await Promise.all(others.map(async (hash) => ({ hash, at: (await stat(path.join(stateDir, `${chain}-${hash}.address-book.json`)).catch(() => null))?.mtimeMs ?? 0 })));
  const dropped = new Set(lastUsed.sort((a, b) => b.at - a.at).slice(otherStatesKept).map(({ hash }) => hash));
  await Promise.all(names.filter((name) => name.startsWith(`${chain}-`) && dropped.has(hashOf(name))).map((name) => rm(path.join(stateDir, name), { force: true })));
}

/**
 * The chain's full state as anvil's --load-state reads it. `true` keeps every block's state, so
 * historical reads (a balance or reserves at a past block) still work after loading. Fetched
 * directly: the dump is larger than viem's response size limit.
 */
async function dumpState(rpcUrl: string): Promise<Buffer> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_dumpState", params: [true] }),
  });
  const body = (await response.json()) as { result?: string; error?: { message: string } };
  if (!body.result) throw new Error(`anvil_dumpState failed: ${body.error?.message ?? response.status}`);
  return gunzipSync(Buffer.from(body.result.slice(2), "hex"));
}

async function buildAndSave(
  options: StartDemoChainOptions,
  files: StateFiles,
  stateDir: string,
): Promise<{ anvil: AnvilProcess; book: AddressBook }> {
  const anvil = await spawnAnvil({ chainId: DEMO_NETWORKS[options.chain].chainId, port: options.port });
  try {
    // A node call the build had to ask again is said in the start's own log.
    const book = await buildScenarios({ rpcUrl: anvil.rpcUrl, chain: options.chain, log: options.log });
    await writeFileAtomic(files.state, await dumpState(anvil.rpcUrl));
    await writeFileAtomic(files.book, `${JSON.stringify(book, null, 2)}\n`);
    await pruneStaleStates(stateDir, options.chain, files);
    return { anvil, book };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

type Opened = { anvil: AnvilProcess; book: AddressBook; fromSavedState: boolean };

async function openChain(options: StartDemoChainOptions, files: StateFiles, stateDir: string, hash: string): Promise<Opened> {
  const tryLoad = async (): Promise<Opened | null> => {
    const book = await savedBook(files, hash);
    const anvil = book ? await startFromSaved(options, files, book) : null;
    return anvil && book ? { anvil, book, fromSavedState: true } : null;
  };
  const loaded = await tryLoad();
  if (loaded) return loaded;
  // The lock keeps parallel processes (test files, a dev server) from building the same state twice.
  return withFileLock(files.lock, async () => {
    const builtMeanwhile = await tryLoad();
    if (builtMeanwhile) return builtMeanwhile;
    return { ...(await buildAndSave(options, files, stateDir)), fromSavedState: false };
  });
}

/**
 * Builds the saved state of each demo chain that has none for the current scenario sources, and
 * starts nothing: a test run calls it once before its files start their chains, so no file's
 * setup clock runs through a build (minutes on two busy cores).
 */
export async function ensureDemoChainStates(options: { stateDir?: string; log?: (line: string) => void } = {}): Promise<void> {
  const stateDir = path.resolve(options.stateDir ?? path.join(demoChainDataDir(), "state"));
  const hash = await scenarioSourceHash();
  await Promise.all(
    DEMO_CHAINS.map(async (chain) => {
      const files = stateFilesFor(stateDir, chain, hash);
      if (await savedBook(files, hash)) return;
      const started = Date.now();
      const built = await withFileLock(files.lock, async () => ((await savedBook(files, hash)) ? null : buildAndSave({ chain, log: options.log }, files, stateDir)));
      if (!built) return;
      await built.anvil.stop();
      options.log?.(`${chain}: built and saved in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
}

export async function startDemoChain(options: StartDemoChainOptions): Promise<DemoChain> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => console.info(line));
  const stateDir = path.resolve(options.stateDir ?? path.join(demoChainDataDir(), "state"));
  const hash = await scenarioSourceHash();
  const files = stateFilesFor(stateDir, options.chain, hash);
  const { anvil, book, fromSavedState } = await openChain(options, files, stateDir, hash);
  // Built or loaded, the state is saved now: a restart loads it on the same port.
  const supervised = superviseAnvil({
    name: options.chain,
    first: anvil,
    restart: () => startFromSaved({ ...options, port: anvil.port }, files, book),
    log,
    policy: options.restart,
  });

  const startupMs = Date.now() - started;
  const how = fromSavedState ? "loaded saved state" : "built and saved";
  log(`demo chain ${options.chain} (chain id ${book.chainId}) on ${anvil.rpcUrl}: ${how} in ${(startupMs / 1000).toFixed(1)} s`);
  return {
    chain: options.chain,
    chainId: book.chainId,
    rpcUrl: anvil.rpcUrl,
    addressBook: book,
    fromSavedState,
    startupMs,
    stop: supervised.stop,
  };
}

export type DemoChains = Record<DemoChainName, DemoChain> & { stop(): Promise<void> };

export type StartDemoChainsOptions = Omit<StartDemoChainOptions, "chain" | "port"> & {
  ports?: Partial<Record<DemoChainName, number>>;
};

/** All three networks at once; if one fails, the others are stopped before the error surfaces. */
export async function startDemoChains(options: StartDemoChainsOptions = {}): Promise<DemoChains> {
  // Compile once up front rather than racing three builds to the same cache.
  await compiledContracts();
  const results = await Promise.allSettled(
    DEMO_CHAINS.map((chain) => startDemoChain({ ...options, chain, port: options.ports?.[chain] })),
  );
  const started = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failure = results.find((result) => result.status === "rejected");
  if (failure) {
    await Promise.all(started.map((chain) => chain.stop()));
    throw failure.reason;
  }
  const byName = Object.fromEntries(started.map((chain) => [chain.chain, chain])) as Record<DemoChainName, DemoChain>;
  return { ...byName, stop: async () => void (await Promise.all(started.map((chain) => chain.stop()))) };
}
