// intel/risk, read: a token at one block, in three rounds after the head it learns first (a fourth
// or fifth behind some proxies); without a simulation the signals come from code and state alone.
//
import { zeroAddress, type Address, type Hex } from "viem";
import { ApiError } from "@/lib/errors/api-error";
import type { ChainClient } from "@/lib/chain/clients";
import { readRefusal } from "@/lib/chain/refusals";
import { classifyChainError } from "@/lib/chain/upstream";
import type { Erc20Identity } from "@/lib/chain/erc20";
import { aggregate, aggregateGroups, type CallResult } from "@/lib/chain/multicall";
import { getNetwork, labelKnownAddress, type ChainId } from "@/lib/chain/networks";
import { limitCalls, readLimits, type TradeLimits } from "./limits";
import { readUnlockTime, unlockTimeCalls } from "./reclaim";
import { codeLearnedByProbe, proxyProbe, type ProxyReading } from "@/lib/intel/reads/control/proxy";
import { describeHolder, holderProbes, type Holder } from "@/lib/chain/account-kind";
import {
  custodyDefaults,
  deepestPoolUsd,
  hasFungibleLp,
  marketContext,
  nativeUsdPrice,
  readLpCustody,
  sameAddress,
  readPools,
  readPositionCustodies,
  venueModule,
  type LpCustody,
  type MarketContext,
  type Pool,
  type PositionCustody,
  type QuoteAsset,
  type TeamRelation,
  type TradeRoute,
} from "@/lib/intel/reads/market";
import { knownTeam, teamWallet, tokenFirstRound, withControllers, type BridgedToken, type OwnerRead } from "@/lib/intel/reads/token/first-round";
import { balanceCalls, balanceCheck, scanReceivers, type BalanceCheck, type ReceiverScan } from "./holders";
import { holderSellSample, simulateHolderSells, simulateTrade, simulationIdentity, type HolderSell, type Simulation } from "./simulate";
import { assumedControl, delegatingFallback, pathsOf, readStoredControl, type StoredControl } from "@/lib/intel/reads/control/stored-control";
import type { CodePaths } from "@/lib/intel/reads/control/code-paths";
import { keepGuessed, privilegedFunctions, probePowers, type PowerReading, type ProbedFunction } from "./powers";
import { readMembers, type MembersRead } from "@/lib/intel/reads/control/members";
import { blockInterval } from "@/lib/chain/block-interval";
import { windowFor } from "@/lib/intel/answers/windows";

/** The simulated buy spends this fraction of the pool's quote reserve: enough to move real amounts, too little to matter to the price. */
const simulationShareOfReserve = 1_000n;

/** A wallet linked to the token by its own history or code, by one relation; the pool's first LP provider is named only beside a team link (lp-custody.ts adds it). */
export type TeamMember = { address: Address; relation: Exclude<TeamRelation, "initial_liquidity_provider"> };

/** The team (deployment, ownership, control, with context relations beside them) and the wallets linked only by context (team-links' isTeam). */
export type LinkedWallets = { team: TeamMember[]; context: TeamMember[] };

/**
 * The simulation with the pool it traded through, the pool its quote asset was bought in with the
 * native coin (null where the pool trades the native coin or its wrapped token) and the sampled
 * holders' own sells, or why it did not run.
 */
export type TradeRead = (Extract<Simulation, { ran: true }> & { pool: Pool; quoteSource: Pool | null; holderSells: HolderSell[] }) | Extract<Simulation, { ran: false }>;

export type RiskReading = {
  chain: ChainId;
  token: Address;
  block: bigint;
  code: Hex;
  identity: Erc20Identity;
  owner: OwnerRead;
  /** What kind of account a live owner is (a wallet, a Safe, a timelock, another contract); null when there is no owner() or it is renounced. */
  ownerHolder: Holder | null;
  /**
   * Whose LP and tokens count as the team's: the deployer, an owner that is not renounced and the
   * controllers, with beside them how they came by the token (the launch mint, a transfer from
   * another of them).
   */
  team: TeamMember[];
  /** Wallets linked only by the launch mint or a transfer from the team: context, never counted as the team; their balances are checked like the team's. */
  context: TeamMember[];
  proxy: ProxyReading;
  /** The code that runs behind a proxy: the implementation's, or each of a diamond's facets; empty when the token is no proxy or the code is not known. */
  implementationCode: Hex[];
  /** Max-transaction and max-wallet limits, where the token exposes a common getter. */
  limits: TradeLimits;
  /** The chain's standard bridge when it mints the token (a bridged token); null otherwise. */
  bridged: BridgedToken | null;
  /** What geUnlockTime()/getUnlockTime() answers: when a locked-away owner can take ownership back; null when neither answers. */
  unlockTime: bigint | null;
  /** The token's pools on the registry's DEXes, read at the block. */
  pools: Pool[];
  /** The pools that price the native coin and the further quote assets in dollars. */
  referencePools: Pool[];
  /** LP custody of every pool whose LP is a fungible token. */
  custodies: LpCustody[];
  /** Who holds the position NFTs of every concentrated-liquidity pool. */
  positionCustodies: PositionCustody[];
  receivers: ReceiverScan;
  /** balanceOf of each of `receivers.candidates`, in order; empty when the token has no totalSupply(). */
  balances: CallResult<bigint>[];
  /** Balances against the Transfer history: lowered without a Transfer, scaled with the supply (a rebase), or larger than any Transfer explains; or why that was not checked. */
  balanceCheck: BalanceCheck;
  /** Addresses the code that runs keeps in storage and lets through or delegatecalls to (behind a beacon, EIP-897 or a diamond, read in a fourth round); null when that code is not known. */
  storedControl: StoredControl | null;
  /** The privileged functions, each run as its holder where the node could simulate; null when the code that runs is not known. */
  powers: PowerReading | null;
  /** The members of the mappings keyed by msg.sender the code lets through, named from the token's own logs; null when the code that runs is not known. */
  members: MembersRead | null;
  trade: TradeRead;
};

/**
 * intel/risk, read: a token at one block, in three rounds after the head it learns first:
 *
 *   1. pinned to that head (the shared first round): code, proxy slots, ERC-20 identity,
 *      owner(), the deployer, and the token's pools on every registry DEX;
 *   2. reserves, the proxy probe, the implementation's code, LP and position custody (logs),
 *      and the token's Transfer history for holder concentration;
 *   3. the buy-and-sell simulation (eth_simulateV1 or one eth_call, with a state override), the
 *      sampled holders' own sells, LP balances, position owners, holders' balances (checked
 *      against what their Transfers brought them), whether the token had code before the
 *      Transfer window, and the privileged functions run as their holders (./powers); the storage
 *      slots the token's own code compares msg.sender with are read in round 2, so a token that is
 *      no proxy has its powers proven in round 3. Behind an EIP-1967 proxy the implementation's
 *      code comes in round 2 and its slots are read in round 3, its powers run beside them as
 *      owner() (the usual holder); behind a beacon, EIP-897 or a diamond the code is learned in
 *      round 3, and its slots and powers take a fourth. A function the slots show held by another
 *      address than owner() is run again as that address, one more round.
 *
 * When the simulation cannot run (no pool with reserves against the native coin or a quote asset it
 * can buy, or a node without state overrides) the reading says why, and the signals come from code and state alone.
 */
export async function readRisk(input: { chain: ChainId; token: Address; client: ChainClient }): Promise<RiskReading> {
  const { chain, token, client } = input;
  const network = getNetwork(chain);
  const first = tokenFirstRound({ client, chain }, token);

  // Round 1, at the answer's block (the latest outside an answer).
  const [head, code, proxySlots, identity, owner, creation, discovery, bridged] = await Promise.all([
    first.head(),
    first.code(),
    first.proxySlots(),
    first.identity(),
    first.owner(),
    first.creation(),
    first.pools(),
    first.bridged(),
  ]);
  if (code === "0x") throw new ApiError("insufficient_data", `${token} holds no contract code on ${network.displayName} at block ${head.number}: there is no token to assess.`);
  const ctx = marketContext({ client, chain, block: head.number, blockTimestamp: head.timestamp });
  const known = knownTeam(owner, creation);

  // Round 2, pinned to the block. One aggregate: the proxy probe, the trade limits, the unlock time.
  const probe = proxyProbe(code, proxySlots, token);
  const limitsAsked = limitCalls(token);
  const unlockAsked = unlockTimeCalls(token);
  // A live owner is described beside the probe (its code, and whether it answers as a Safe or a timelock).
  const liveOwner = owner.address && owner.renounced === false ? owner.address : null;
  const ownerAsked = liveOwner ? [holderProbes(liveOwner)] : [];
  // LP custody spans rounds two and three on its own; it is awaited with round three.
  const custodyWindow = windowFor("custody", blockInterval(client, chain, ctx.block));
  // The Transfer scan runs beside the custody logs: the wallets the launch minted to join the team
  // before custody reads balances, in the same round.
  const receiversRead = scanReceivers(client, chain, token, ctx.block);
  // The slots the token's own code checks msg.sender against, read beside the custody logs: the
  // addresses in them control the token (a minter, a pauser, an operator), so LP they hold is the team's.
  const ownControlRead = probe.slotImplementation ? Promise.resolve(null) : readStoredControl(client, token, ctx.block, [code]);
  const poolAddresses = discovery.candidates.map((pool) => pool.address);
  // A bridged token's mints are deliveries, not a launch: its Transfers link no one.
  const scanRead = bridged ? Promise.resolve(null) : receiversRead.catch(() => null);
  const linkedRead = Promise.all([scanRead, ownControlRead.catch(() => null)]).then(([scan, control]) => linkWallets(chain, token, poolAddresses, withControllers(chain, token, poolAddresses, known, control), scan));
  const teamRead = linkedRead.then((linked) => linked.team);
  const custodiesRead = Promise.all(discovery.candidates.filter(hasFungibleLp).map((pool) => readLpCustody(ctx, pool, { team: teamRead, lookbackBlocks: custodyWindow.blocks })));
  const positionsRead = readPositionCustodies(ctx, discovery.candidates, { team: teamRead, lookbackBlocks: custodyWindow.blocks, maxPositions: custodyDefaults.maxCandidates });
  // A failure surfaces where these are awaited, not as unhandled.
  custodiesRead.catch(() => undefined);
  positionsRead.catch(() => undefined);
  // The token's own code is known: the slots it checks msg.sender against are read now, so its powers can run in round 3.
  const [readAll, implementationCode, probeResults, receivers, ownerCode, ownControl] = await Promise.all([
    readPools(ctx, [...discovery.candidates, ...discovery.reference]),
    probe.slotImplementation ? client.getCode({ address: probe.slotImplementation, blockNumber: ctx.block }) : null,
    aggregateGroups(ctx, { proxy: probe.calls, limits: limitsAsked, unlock: unlockAsked, owner: ownerAsked }),
    receiversRead,
    liveOwner ? client.getCode({ address: liveOwner, blockNumber: ctx.block }) : undefined,
    ownControlRead,
  ]);
  const { team, context } = await linkedRead;
  const linkedAddresses = [...team, ...context].map((member) => member.address);
  const pools = readAll.slice(0, discovery.candidates.length);
  const referencePools = readAll.slice(discovery.candidates.length);

  const proxy = probe.read(probeResults.proxy);
  const limits = readLimits(probeResults.limits);
  const unlockTime = readUnlockTime(probeResults.unlock);
  const ownerHolder = liveOwner ? describeHolder(liveOwner, ownerCode, probeResults.owner[0]) : null;
  // Round 3: the simulation and the holders' balances, and the code behind the proxy where only
  // the probe could name it (a beacon's implementation, EIP-897's, a diamond's facets).
  // A proxy by what its code does: a fallback that delegatecalls a stored address runs that address's code as the token.
  const delegatedTo = proxy.standard === "none" ? delegatingFallback(ownControl) : null;
  const learned = delegatedTo ? [delegatedTo] : codeLearnedByProbe(proxy);
  // The code that runs, where it is known by now: the token's own, or the implementation in its slot.
  // Besides the receivers: who can hold a balance no Transfer ever named (the token itself, its deployer and owner).
  const parties = [token, ...linkedAddresses].filter((address, at, all) => !receivers.candidates.some((candidate) => sameAddress(candidate, address)) && all.findIndex((other) => sameAddress(other, address)) === at);
  const runsKnown = learned.length > 0 ? null : proxy.standard === "none" ? code : implementationCode && implementationCode !== "0x" ? implementationCode : null;
  const functionsOf = (control: StoredControl) => privilegedFunctions({ chain, token, owner: owner.address, pools: pools.map((pool) => pool.address), control });
  const powersFor = (functions: ReturnType<typeof functionsOf>) =>
    probePowers({
      client,
      chain,
      block: ctx.block,
      blockTimestamp: ctx.blockTimestamp,
      token,
      pool: deepestPoolUsd(pools, nativeUsdPrice(referencePools), () => true)?.address ?? null,
      sources: [...new Set([...sampledHolders(ctx, token, pools, receivers.candidates), ...linkedAddresses])],
      seed: simulationIdentity({ chainId: network.evmChainId, block: ctx.block, token }).simulator,
      sender: simulationIdentity({ chainId: network.evmChainId, block: ctx.block, token }).sender,
      functions,
    });
  const powersAt = (control: StoredControl) => powersFor(functionsOf(control));
  const ownRuns = runsKnown !== null && runsKnown === code && ownControl !== null;
  // Behind a proxy: run the implementation's functions as owner() (the usual holder) in the round
  // that reads its slots; only what the slots show held by someone else runs in one more round.
  const guessFor = (codes: readonly Hex[]) => (owner.address && !owner.renounced && codes.length > 0 ? powersAt(assumedControl(codes, owner.address)) : null);
  const guessed = !ownRuns && runsKnown ? guessFor([runsKnown]) : null;
  // A mapping's members are the addresses the token's own logs (the Transfer scan's) named that
  // hold an entry in it at the block; read in the round that runs the powers.
  // Behind a proxy whose implementation is known, its code is walked here once, so the mappings'
  // members are read in round 3 beside its slots, not in a round after them.
  const membersOf = (paths: CodePaths) =>
    readMembers({ client, token, block: ctx.block, slots: [...new Set(paths.callerMappings.map((mapping) => mapping.slot))], logs: receivers.otherLogs, fromBlock: receivers.fromBlock, toBlock: receivers.toBlock });
  const runsPaths = !ownRuns && runsKnown ? pathsOf([runsKnown]) : null;
  const [trade, balances, custodies, positionCustodies, learnedCode, storedControl, wholeHistory, powersNow, ownMembers] = await Promise.all([
    simulateInDeepestPool(ctx, token, pools, referencePools, receivers.candidates),
    identity.totalSupply.value !== null ? aggregate(ctx, balanceCalls(token, [...receivers.candidates, ...parties])) : Promise.resolve([]),
    custodiesRead,
    positionsRead,
    Promise.all(learned.map((address) => client.getCode({ address, blockNumber: ctx.block }).then((found) => found ?? "0x"))),
    ownRuns ? ownControl : runsKnown ? readStoredControl(client, token, ctx.block, [runsKnown], runsPaths ?? undefined) : null,
    transfersReadFromStart(client, token, receivers),
    ownRuns ? powersAt(ownControl) : guessed,
    ownRuns ? membersOf(ownControl.paths) : runsPaths ? membersOf(runsPaths) : null,
  ]);
  const behindProxy = learned.length > 0 ? learnedCode : implementationCode ? [implementationCode] : [];
  // The code behind a beacon, EIP-897 or a diamond was learned in round 3, so the slots it checks
  // msg.sender against are read in a fourth, its powers run as owner() beside them.
  const learnedRuns = learnedCode.filter((found) => found !== "0x");
  const learnedPaths = storedControl || learnedRuns.length === 0 ? null : pathsOf(learnedRuns);
  const [learnedControl, learnedGuess, learnedMembers] = learnedPaths === null ? [null, null, null] : await Promise.all([readStoredControl(client, token, ctx.block, learnedRuns, learnedPaths), guessFor(learnedRuns), membersOf(learnedPaths)]);
  // Behind a delegating fallback, the token's own delegatecall stays part of its control: whoever can re-point it can run any code as the token.
  const control = storedControl ?? (learnedControl && delegatedTo && ownControl ? { ...learnedControl, delegates: ownControl.delegates } : learnedControl);
  const guess = ownRuns ? null : storedControl ? (guessed ? powersNow : null) : learnedGuess;
  const [powers, members] = await Promise.all([
    control ? (ownRuns ? powersNow : settleGuess(functionsOf(control), guess, powersFor)) : null,
    ownMembers ?? learnedMembers ?? (control ? membersOf(control.paths) : null),
  ]);

  return {
    chain,
    token,
    block: ctx.block,
    code,
    identity,
    owner,
    ownerHolder,
    team,
    context,
    proxy,
    limits,
    unlockTime,
    bridged,
    implementationCode: behindProxy.filter((found) => found !== "0x"),
    pools,
    referencePools,
    custodies,
    positionCustodies,
    receivers,
    balances: balances.slice(0, receivers.candidates.length),
    balanceCheck:
      identity.totalSupply.value !== null
        ? balanceCheck(chain, receivers, [...receivers.candidates, ...parties].map((address, at) => ({ address, result: balances[at] })), pools.map((pool) => pool.address), wholeHistory, identity.totalSupply.value, team.find((member) => member.relation === "deployer")?.address ?? null)
        : { checked: false, reason: "The token has no totalSupply(), so its balances were not read.", hidden: [] },
    trade,
    storedControl: control,
    powers,
    members,
  };
}

/** The guessed run where its holders were right; the rest run now (a fourth round only when some were not). */
async function settleGuess(functions: ProbedFunction[], guessed: PowerReading | null, run: (functions: ProbedFunction[]) => Promise<PowerReading>): Promise<PowerReading> {
  if (!guessed || !guessed.simulated) return run(functions);
  const kept = keepGuessed(functions, guessed);
  if (kept.rerun.length === 0) return { ...guessed, functions: kept.functions };
  const again = await run(kept.rerun);
  return {
    ...again,
    functions: kept.functions.filter((fn) => !again.openToAnyone.includes(fn.selector)).map((fn) => again.functions.find((entry) => entry.selector === fn.selector) ?? fn),
    openToAnyone: [...guessed.openToAnyone, ...again.openToAnyone],
    // The guess's calls, then the rerun's.
    probe: again.probe && guessed.probe ? { calls: guessed.probe.calls + again.probe.calls, rounds: guessed.probe.rounds + again.probe.rounds } : again.probe,
  };
}

/**
 * Whether the Transfer window holds the token's whole history: it reached the chain's start, or
 * the token had no code in the block before it (a young token, the usual case for a trap). A node
 * without that block's state answers "not known", never "whole".
 */
export async function transfersReadFromStart(client: ChainClient, token: Address, scan: Pick<ReceiverScan, "end" | "truncated" | "fromBlock">): Promise<boolean> {
  if (scan.end === "history_start") return true;
  if (scan.truncated || scan.fromBlock === 0n) return false;
  return client
    .getCode({ address: token, blockNumber: scan.fromBlock - 1n })
    .then((code) => code === undefined || code === "0x")
    .catch((error: unknown) => {
      // A full node keeps no state that old: the check is skipped, not the answer failed. Only an outage is.
      if (readRefusal(error)?.meaning === "state_not_available" || classifyChainError(error) !== "upstream") return false;
      throw error;
    });
}

/**
 * The wallets the launch minted to and those the team sent the token to straight (one step, as
 * team-wallets links them), told apart as team-wallets tells them: beside a team member (deployer,
 * owner, controller) they are context on it; a wallet linked by them alone is context, never the team (a
 * stablecoin's treasury that received the mint and seeded the pool is no deployer, owner or
 * controller). Never a pool of the token, a registry address or the token itself. `scan` is null
 * when there is no launch to read (a bridged token, or the Transfer scan failed).
 */
function linkWallets(chain: ChainId, token: Address, pools: readonly Address[], team: readonly TeamMember[], scan: ReceiverScan | null): LinkedWallets {
  if (!scan) return { team: [...team], context: [] };
  const wallet = teamWallet(chain, token, pools);
  const launched = scan.launchRecipients.filter(wallet).map((address) => ({ address, relation: "launch_mint_recipient" as const }));
  const funded = scan.receivedFrom(team.map((member) => member.address)).filter(wallet).map((address) => ({ address, relation: "received_from_team" as const }));
  const isTeamAddress = (member: TeamMember) => team.some((other) => sameAddress(other.address, member.address));
  const linked = [...launched, ...funded];
  return { team: [...team, ...linked.filter(isTeamAddress)], context: linked.filter((member) => !isTeamAddress(member)) };
}

/** The route the simulator trades a pool through, as its venue module says. */
export function routeFor(pool: Pool): TradeRoute {
  return venueModule(pool.dex).tradeRoute(pool);
}

/**
 * A buy and a sell through the token's deepest pool in dollars, on any venue and against any quote
 * asset the simulator can come by: the native coin or its wrapped token straight, a stablecoin or a
 * further quote asset bought with the native coin in its own pool against the wrapped native coin
 * (`quoteSource`); or why there is none to trade through.
 */
async function simulateInDeepestPool(ctx: MarketContext, token: Address, pools: readonly Pool[], referencePools: readonly Pool[], receivers: readonly Address[]): Promise<TradeRead> {
  const { wrappedNative, nativeSymbol } = ctx.network;
  const straight = (candidate: Pool) => candidate.quote.kind === "wrapped_native" || candidate.quote.kind === "native";
  const pool = deepestPoolUsd(pools, nativeUsdPrice(referencePools), (candidate) => straight(candidate) || quoteSource(ctx, candidate.quote, referencePools) !== null);
  if (!pool?.reserves || pool.reserves.quote <= 0n) {
    const reason =
      pools.length === 0
        ? "The token has no pool on the registry's DEXes to trade through."
        : // The wrapped native coin's own pools are the ones its quote assets would be bought in.
          pools.every(straight) || sameAddress(token, wrappedNative.address)
          ? `No pool against ${nativeSymbol} or ${wrappedNative.symbol} with reserves to trade through.`
          : `No pool with reserves to trade through against ${nativeSymbol}, ${wrappedNative.symbol}, or a quote asset with a pool against ${wrappedNative.symbol} to buy it in.`;
    return { ran: false, reason };
  }
  const source = straight(pool) ? null : quoteSource(ctx, pool.quote, referencePools);
  const route = routeFor(pool);
  const funding = source ? { route: source.route, quote: pool.quote.address, symbol: pool.quote.symbol } : null;
  // The buy spends a thousandth of the pool's quote side: the native coin itself, or what buys that much of the quote asset.
  const quoteIn = pool.reserves.quote / simulationShareOfReserve;
  const nativeIn = (source ? source.nativeFor(quoteIn) : quoteIn) || 1n;
  const common = { client: ctx.client, block: ctx.block, route, token, wrappedNative: wrappedNative.address, funding };
  const [simulation, holderSells] = await Promise.all([
    simulateTrade({ ...common, nativeIn, as: simulationIdentity({ chainId: ctx.network.evmChainId, block: ctx.block, token }) }),
    simulateHolderSells({ ...common, holders: sampledHolders(ctx, token, pools, receivers) }),
  ]);
  return simulation.ran ? { ...simulation, pool, quoteSource: source?.pool ?? null, holderSells } : simulation;
}

/** A quote asset's pool against the wrapped native coin the simulator buys it in and sells it back through, the route there, and the native coin that buys an amount of it at the pool's mid price. */
type QuoteSource = { pool: Pool; route: Exclude<TradeRoute, { via: "v4_pool_manager" }>; nativeFor: (quoteAmount: bigint) => bigint };

/**
 * The deepest (in the wrapped native coin it holds) of the reference pools that price `quote`: a
 * stablecoin's against the wrapped native coin (the wrapped token is the pool's token, the stablecoin
 * its quote), a further quote asset's (the asset is the pool's token, the wrapped native coin its
 * quote). null for the native coin and its wrapped token, and where no such pool holds reserves.
 */
function quoteSource(ctx: MarketContext, quote: QuoteAsset, referencePools: readonly Pool[]): QuoteSource | null {
  const wrapped = ctx.network.wrappedNative.address;
  if (quote.kind !== "stablecoin" && quote.kind !== "other") return null;
  // Which side of the reference pool is the wrapped native coin.
  const wrappedIsToken = quote.kind === "stablecoin";
  let best: QuoteSource | null = null;
  let bestWrapped = 0n;
  for (const pool of referencePools) {
    const prices = wrappedIsToken ? sameAddress(pool.token, wrapped) && sameAddress(pool.quote.address, quote.address) : sameAddress(pool.token, quote.address) && pool.quote.kind === "wrapped_native";
    if (!prices || !pool.reserves || pool.reserves.token <= 0n || pool.reserves.quote <= 0n || !pool.midPrice || pool.midPrice.num === 0n || pool.midPrice.den === 0n) continue;
    const route = routeFor(pool);
    if (route.via === "v4_pool_manager") continue;
    const held = wrappedIsToken ? pool.reserves.token : pool.reserves.quote;
    if (best && held <= bestWrapped) continue;
    // midPrice is the pool's quote base units per token base unit.
    const mid = pool.midPrice;
    best = { pool, route, nativeFor: (amount) => (wrappedIsToken ? (amount * mid.den) / mid.num : (amount * mid.num) / mid.den) };
    bestWrapped = held;
  }
  return best;
}

/** The largest receivers that are wallets or contracts of their own: no pool of the token, nothing the registry names (venue contracts, lockers, burn addresses), not the token itself. */
function sampledHolders(ctx: MarketContext, token: Address, pools: readonly Pool[], receivers: readonly Address[]): Address[] {
  const poolSet = new Set(pools.map((pool) => pool.address.toLowerCase()));
  return receivers
    .filter((address) => !poolSet.has(address.toLowerCase()) && address.toLowerCase() !== token.toLowerCase() && address !== zeroAddress && labelKnownAddress(ctx.chain, address) === null)
    .slice(0, holderSellSample);
}
