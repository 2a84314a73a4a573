// Plays every scenario on a fresh anvil and returns the address book. Everything is fixed: the
// wallets, the order, the amounts, the fee caps and every block's timestamp, so two builds on the
// same chain id give the same addresses, transaction hashes and block numbers.
import type { Address } from "viem";
import type { AddressBook, Scenarios } from "./address-book";
import { placeAerodromeOn, playAerodrome } from "./aerodrome/play";
import { placeCanonicalContracts } from "./canonical";
import { compiledContracts } from "./compile";
import { createMarket } from "./market";
import { BURN_ADDRESS, DEMO_NETWORKS, type DemoChainName, type DemoNetwork } from "./networks";
import { causeOf, Clock, createPlayer, NodeDidNotAnswerError, nodeTimeoutSetting, type Player } from "./player";
import { seedReferencePool } from "./reference-pool";
import { playApprovals } from "./scenarios/approvals";
import { finalizeTokenScenario, type PlayedTokenScenario, type ScenarioContext } from "./scenarios/common";
import { playDump } from "./scenarios/dump";
import { playHealthy } from "./scenarios/healthy";
import { playHoneypot } from "./scenarios/honeypot";
import { playLockedLiquidity } from "./scenarios/locked-liquidity";
import { playMintable } from "./scenarios/mintable";
import { playRealTokens } from "./scenarios/real-tokens";
import { playTransparentProxy, playUupsProxy } from "./scenarios/proxies";
import { playRoles } from "./scenarios/roles";
import { playRug } from "./scenarios/rug";
import { playTax } from "./scenarios/tax";
import { playTimelockOwned } from "./scenarios/timelock-owned";
import { playTrader } from "./scenarios/trader";
import { scenarioSourceHash } from "./source-hash";
import { DEMO_GENESIS_TIMESTAMP, DEMO_START_TIMESTAMP } from "./timeline";
import { playVenues } from "./venues/play";
import { DEMO_MNEMONIC, DERIVATION_PATH, deriveWallets, walletAddresses, WALLET_ROLES } from "./wallets";

const WALLET_BALANCE = 1_000n * 10n ** 18n;

export type BuildScenariosOptions = {
  rpcUrl: string;
  chain: DemoChainName;
  /** Where a node call asked again is said, one line each ("demo chain eth: …"); defaults to console.warn. */
  log?: (line: string) => void;
  /** How long each try of a node call waits (default: player.ts nodeCallTimeouts, from DEMO_CHAIN_NODE_TIMEOUT_MS). */
  nodeTimeoutsMs?: readonly number[];
};

/** A build that stopped: which chain, and why (the cause keeps the error in full). */
export class DemoChainBuildError extends Error {
  constructor(
    readonly chain: DemoChainName,
    cause: unknown,
  ) {
    super(`building the ${chain} demo chain failed: ${firstLine(cause)}`, { cause });
    this.name = "DemoChainBuildError";
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim();
}

const otherWays = "or set ETH_RPC_URL, BASE_RPC_URL and BSC_RPC_URL to nodes of your own, or DEMO_CHAINS=off to start without chains";

/**
 * A start that failed in the demo chains, in one line: what happened and what to do. Null for a
 * failure that is not theirs.
 */
export function describeDemoChainFailure(error: unknown): string | null {
  const build = causeOf(error, DemoChainBuildError);
  const silent = causeOf(error, NodeDidNotAnswerError);
  if (build && silent) {
    const [first] = silent.timeoutsMs;
    return (
      `demo chains: building the ${build.chain} chain failed: ${silent.message}. The machine may be busy: run the command again ` +
      `(a chain that finished building is kept and loads in seconds; a partly built one is not kept), ` +
      `or give the node longer with ${nodeTimeoutSetting}=${first! * 3} (now ${first}), ${otherWays}`
    );
  }
  if (build) return `demo chains: ${build.message} (LOG_LEVEL=debug logs the stack)`;
  const message = firstLine(error);
  const slowStart = /^anvil did not answer on (\S+) within ([\d.]+ s)/.exec(message);
  if (slowStart) return `demo chains: anvil did not answer on ${slowStart[1]} within ${slowStart[2]} of starting. The machine may be busy: run the command again, ${otherWays}`;
  // Already says what to do (ANVIL_BIN and the other ways on).
  if (message.startsWith("the demo chains need anvil")) return `demo chains: ${message}`;
  return null;
}

async function checkFreshChain(player: Player, network: DemoNetwork): Promise<void> {
  const chain = network.chain;
  const chainId = await player.client.getChainId();
  if (chainId !== network.chainId) {
    throw new Error(`demo chain ${chain} needs chain id ${network.chainId}, the node reports ${chainId}`);
  }
  const block = await player.client.getBlockNumber();
  // Block numbers and timestamps are only reproducible from an empty chain.
  if (block !== 0n) throw new Error(`demo chain ${chain} must be built on a fresh node (it is at block ${block})`);
}

async function fundWallets(ctx: ScenarioContext): Promise<void> {
  for (const role of WALLET_ROLES) {
    await ctx.player.rpc("anvil_setBalance", [ctx.wallets[role].address, `0x${WALLET_BALANCE.toString(16)}`]);
  }
}

export async function buildScenarios(options: BuildScenariosOptions): Promise<AddressBook> {
  try {
    return await playScenarios(options);
  } catch (error) {
    throw new DemoChainBuildError(options.chain, error);
  }
}

async function playScenarios(options: BuildScenariosOptions): Promise<AddressBook> {
  const network = DEMO_NETWORKS[options.chain];
  const [artifacts, sourceHash] = await Promise.all([compiledContracts(), scenarioSourceHash()]);
  const wallets = deriveWallets();
  const clock = new Clock(DEMO_START_TIMESTAMP, network.blockTimeSeconds);
  const log = options.log ?? ((line: string) => console.warn(line));
  const nodeCalls = { log: (line: string) => log(`demo chain ${options.chain}: ${line}`), timeoutsMs: options.nodeTimeoutsMs };
  const player = createPlayer({ rpcUrl: options.rpcUrl, chainId: network.chainId, clock, artifacts, nodeCalls });
  await checkFreshChain(player, network);

  const canonical = await placeCanonicalContracts(player, network, wallets.dexAdmin.address);
  const ctx: ScenarioContext = { player, wallets, network, canonical, market: createMarket(player, canonical) };
  await fundWallets(ctx);
  // Base only, and without a transaction: Aerodrome classic and Slipstream at their addresses.
  const aerodromeCanonical = await placeAerodromeOn(ctx);
  const referencePool = await seedReferencePool(ctx);

  // Order matters: approvals and the trader use the healthy token, and the trader's final sell
  // must be the last swap in that pool so its unrealized PnL is fixed.
  const healthy = await playHealthy(ctx);
  const approvals = await playApprovals(ctx, healthy.token);
  const trader = await playTrader(ctx, healthy.token);
  const rug = await playRug(ctx);
  const dump = await playDump(ctx);
  const mintable = await playMintable(ctx);
  const honeypot = await playHoneypot(ctx);
  const tax = await playTax(ctx);
  const transparentProxy = await playTransparentProxy(ctx);
  const uupsProxy = await playUupsProxy(ctx);
  const roles = await playRoles(ctx);
  const lockedLiquidity = await playLockedLiquidity(ctx);
  const timelockOwned = await playTimelockOwned(ctx);

  const finalize = <F>({ token, played }: { token: Address; played: PlayedTokenScenario<F> }) =>
    finalizeTokenScenario(ctx, played, token);
  const scenarios: Scenarios = {
    healthy: await finalize(healthy),
    rug: await finalize(rug),
    dump: await finalize(dump),
    mintable: await finalize(mintable),
    honeypot: await finalize(honeypot),
    tax: await finalize(tax),
    transparentProxy: await finalize(transparentProxy),
    uupsProxy: await finalize(uupsProxy),
    roles: await finalize(roles),
    lockedLiquidity: await finalize(lockedLiquidity),
    timelockOwned: await finalize(timelockOwned),
    approvals,
    trader,
  };
  // Base only: the Aerodrome scenarios, after every other scenario and its final reads.
  const aerodrome = aerodromeCanonical ? await playAerodrome(ctx, aerodromeCanonical) : undefined;

  // Uniswap V3, Uniswap V4 (+ Permit2, Universal Router) and PancakeSwap V3: placed and played
  // after the records above are final, so none of them reads a block this part added.
  const venues = await playVenues(ctx, { token: scenarios.healthy.token.address, deployer: scenarios.healthy.deployer });
  // Real published tokens last of all, so every address, hash and block above stays what it was.
  const realTokens = await playRealTokens(ctx);

  return {
    formatVersion: 1,
    label: "demo data",
    chain: options.chain,
    chainId: network.chainId,
    sourceHash,
    mnemonic: DEMO_MNEMONIC,
    derivationPath: DERIVATION_PATH,
    genesisTimestamp: DEMO_GENESIS_TIMESTAMP,
    firstTimestamp: DEMO_START_TIMESTAMP,
    lastTimestamp: clock.lastTimestamp,
    latestBlock: Number(await player.client.getBlockNumber()),
    canonical,
    referencePool,
    wallets: walletAddresses(wallets),
    burnAddress: BURN_ADDRESS,
    scenarios,
    ...(aerodrome ? { aerodrome } : {}),
    venues,
    realTokens,
  };
}
