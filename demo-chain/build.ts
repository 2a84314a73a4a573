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
import { Clock, createPlayer, type Player } from "./player";
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

export type BuildScenariosOptions = { rpcUrl: string; chain: DemoChainName };

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
  const network = DEMO_NETWORKS[options.chain];
  const [artifacts, sourceHash] = await Promise.all([compiledContracts(), scenarioSourceHash()]);
  const wallets = deriveWallets();
  const clock = new Clock(DEMO_START_TIMESTAMP, network.blockTimeSeconds);
  const player = createPlayer({ rpcUrl: options.rpcUrl, chainId: network.chainId, clock, artifacts });
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
