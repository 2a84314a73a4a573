// Where the demo chain finds its inputs (contracts, packages, the anvil binary) and keeps its
// outputs (compiled contracts, saved chain states). Paths come from this module's own location,
// not the working directory, so scripts and tests can run from anywhere.
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export const requireFromHere = createRequire(import.meta.url);

export const repoRoot = path.resolve(here, "..");
/** The demo chain's own Solidity: its venues, lockers and token fixtures (the product's placed contracts are in the root contracts/). */
export const contractsDir = path.join(here, "contracts");
export const demoChainSourceDir = here;

/** The folder of an installed package, found the way `require` would find it. */
export function packageDir(name: string): string {
  return path.dirname(requireFromHere.resolve(`${name}/package.json`));
}

export function packageVersion(name: string): string {
  return (requireFromHere(`${name}/package.json`) as { version: string }).version;
}

/** `DATA_DIR` (default `.data`), the project's git-ignored folder for generated state. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || ".data");
}

/**
 * Where the demo chain keeps what it derives from its sources (compiled contracts, saved states),
 * each file named by the hash of what made it, so a file is never stale, only unused. It is a
 * cache outside the clone (`DEMO_CHAIN_CACHE`, else `$XDG_CACHE_HOME` or `~/.cache`, under
 * developer-intelligence-api/demo-chain): a second clone, a re-run of CI, the test suites and
 * the browser suite all load the states one build made, instead of building them for a minute.
 */
export function demoChainDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DEMO_CHAIN_CACHE) return path.resolve(env.DEMO_CHAIN_CACHE);
  const home = env.XDG_CACHE_HOME || (os.homedir() ? path.join(os.homedir(), ".cache") : "");
  // With no home to keep a cache in, the data folder keeps it, as it once did.
  return home ? path.join(home, "developer-intelligence-api", "demo-chain") : path.join(dataDir(env), "demo-chain");
}

const bundledAnvil = () => path.join(packageDir("@foundry-rs/anvil-linux-amd64"), "bin", "anvil");

/**
 * The anvil the demo chains run: ANVIL_BIN, else the build npm installs on Linux x64 (an optional
 * dependency, absent elsewhere). Without either the error says what to do.
 */
export function anvilBinary(env: { ANVIL_BIN?: string } | NodeJS.ProcessEnv = process.env, bundled: () => string = bundledAnvil): string {
  if (env.ANVIL_BIN) return env.ANVIL_BIN;
  try {
    return bundled();
  } catch {
    throw new Error(
      `the demo chains need anvil, and npm installs one only on Linux x64 (@foundry-rs/anvil-linux-amd64); ` +
        `on ${process.platform} ${process.arch} install Foundry (getfoundry.sh) and set ANVIL_BIN to its ` +
        `anvil (ANVIL_BIN=$(which anvil)), or set ETH_RPC_URL, BASE_RPC_URL and BSC_RPC_URL to real nodes, ` +
        `or DEMO_CHAINS=off`,
    );
  }
}
