// intel/why-down, read: the token's main pool over the last 24 hours, in three rounds, beside the
// team read; the window is settled here once.
import { type Address, type Hash, type Hex, type Log } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import type { Erc20Identity } from "@/lib/chain/erc20";
import { defaultMaxLogs, scanLogs, type ScanLogsResult } from "@/lib/chain/log-scanner";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { ApiError } from "@/lib/errors/api-error";
import { hasFungibleLp, marketContext, readPools, sameAddress, type Pool, type PoolCandidate } from "@/lib/intel/reads/market";
import { eventShapeOf, readPoolEvent, venueTopics, type PoolActivity } from "@/lib/intel/reads/market/venue-events";
import { assessTeam, type TeamWallet } from "@/lib/intel/reads/team-links/assess";
import { readTeam, type TeamTransferScan } from "@/lib/intel/reads/team-links/read";
import { transferEvent, transferLogOf, transferTopic, type TransferLog } from "@/lib/chain/events";
import { tokenFirstRound } from "@/lib/intel/reads/token/first-round";
import { windowFor } from "@/lib/intel/answers/windows";
import { blockInterval } from "@/lib/chain/block-interval";
import { mainPoolOf } from "./main-pool";
import { describeWhyDownWindow, windowAfterScans, windowStart, type WhyDownWindow } from "./window";

/** Where a log sits: the order of everything in the window. */
export type LogPlace = { transactionHash: Hash; blockNumber: bigint; logIndex: number };

/** One event of a pool, read in its venue's encoding. */
export type PoolEvent = LogPlace & { activity: PoolActivity };

/** The wallets linked to the token's team, as intel/team-wallets links them (the shared team read). */
export type TeamAnswer = { wallets: TeamWallet[] };

export type WhyDownReading = {
  chain: ChainId;
  token: Address;
  block: bigint;
  /** The blocks read and their times: the one source of every window the answer reports or describes. */
  window: WhyDownWindow;
  identity: Erc20Identity;
  /** The main pool, as read at the block. */
  pool: Pool;
  /** The main pool at the window's first block; null when it did not exist yet (or held nothing). */
  startPool: Pool | null;
  /** Every pool found, now and at the window's start, and the pools that price them in dollars. */
  market: { now: Pool[]; start: Pool[]; referenceNow: Pool[]; referenceStart: Pool[] };
  tokenIsToken0: boolean;
  /** The main pool's events in the window (the blocks after window.from through the block), in log order. */
  poolEvents: PoolEvent[];
  /** The main pool's LP token transfers in the window (pools with a fungible LP token). */
  lpTransfers: TransferLog[];
  /** The token's Transfer logs in the window, in log order. */
  transfers: TransferLog[];
  team: TeamAnswer;
  /** Block times of every block a log in the window sits in. */
  timeOf: Map<bigint, bigint>;
  /** Who sent each liquidity-removal transaction of a position pool (its owner, or whoever it let act). */
  senders: Map<Hash, Address>;
};

const byPlace = (a: LogPlace, b: LogPlace) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1);

/** The window's logs of every pool: each contract once (a V4 PoolManager filtered by the pools' ids), with the blocks each scan covered. */
async function scanPoolLogs(client: ChainClient, pools: readonly PoolCandidate[], from: bigint, block: bigint, maxLookbackBlocks: bigint): Promise<{ logs: Log[]; covered: { fromBlock: bigint; truncated: boolean }[] }> {
  const window = { client, fromBlock: from, toBlock: block, maxLookbackBlocks, chunkSize: 10_000n };
  const contracts = new Map<string, PoolCandidate[]>();
  for (const pool of pools) contracts.set(pool.address.toLowerCase(), [...(contracts.get(pool.address.toLowerCase()) ?? []), pool]);
  const scans = [...contracts.values()].map((sharing) => {
    const [first] = sharing;
    const topics = venueTopics(eventShapeOf(first.dex));
    if (first.v4) {
      // Swap and ModifyLiquidity carry the pool id as their first indexed argument.
      return scanLogs({ ...window, address: first.address, topics: [topics, sharing.map((pool) => pool.v4!.id as Hex)] });
    }
    return scanLogs({ ...window, address: first.address, topics: [hasFungibleLp(first) ? [...topics, transferTopic] : topics] });
  });
  const done = await Promise.all(scans);
  return { logs: done.flatMap((scan) => scan.logs), covered: done.map(({ fromBlock, truncated }) => ({ fromBlock, truncated })) };
}

/** Most block headers read for the times of observations: a busy token's window holds tens of thousands of blocks. */
export const maxTimedBlocks = 1_000;

/**
 * The blocks whose time the answer may show, most needed first, at most maxTimedBlocks: every
 * removal's, the largest sells', then the newest of the rest. An observation in a block past the
 * cap shows no time (the limitations say so).
 */
function citedBlocks(poolEvents: readonly PoolEvent[], transfers: readonly TransferLog[], pool: Address): bigint[] {
  const removals = poolEvents.filter((event) => event.activity.what === "liquidity_removed").map((event) => event.blockNumber);
  const sells = transfers
    .filter((log) => sameAddress(log.args.to, pool))
    .sort((a, b) => (a.args.value === b.args.value ? 0 : a.args.value > b.args.value ? -1 : 1))
    .slice(0, 50)
    .map((log) => log.blockNumber);
  const rest = [...poolEvents, ...transfers].map((log) => log.blockNumber).sort((a, b) => (a === b ? 0 : a > b ? -1 : 1));
  return [...new Set([...removals, ...sells, ...rest])].slice(0, maxTimedBlocks);
}

/**
 * The window's Transfer logs out of the team read's scan of the same token to the same block,
 * when that scan holds every one of them: it covered the window's first block, and the window's
 * logs are fewer than a scan's log cap (the window's own scan could not have stopped at it first).
 * Then they are what the window's own scan would bring, without reading and decoding them twice
 * (a busy token's 50,000 transfers were). Otherwise undefined, and the window scans its own.
 */
export function transfersFromTeam(team: TeamTransferScan, window: { fromBlock: bigint; toBlock: bigint; maxLookbackBlocks: bigint }): Pick<ScanLogsResult<readonly []>, "fromBlock" | "truncated"> & { logs: TeamTransferScan["logs"] } | undefined {
  if (team.toBlock !== window.toBlock) return undefined;
  // Where the window's own scan would start (scanLogs): the asked block, or the look-back's first if later.
  const lookbackStart = window.toBlock - window.maxLookbackBlocks + 1n;
  const start = lookbackStart > window.fromBlock ? lookbackStart : window.fromBlock;
  if (start > window.toBlock || team.fromBlock > start) return undefined;
  const logs = team.logs.filter((log) => log.blockNumber >= start);
  if (logs.length + team.undecoded >= defaultMaxLogs) return undefined;
  return { logs, fromBlock: start, truncated: start > window.fromBlock };
}

/**
 * intel/why-down, read: the token's main pool over the last 24 hours, in three rounds,
 * with the team read (intel/team-wallets) running beside it on the same first round.
 *
 *   1. at the latest block (the shared first round): the block, the ERC-20 identity and the pools
 *      on every venue;
 *   2. every pool's activity in the window (each venue's own events; a V4 PoolManager's filtered by
 *      the token's pool ids) and the token's transfers, every pool read now and at the window's
 *      start (with the pools that price them in dollars);
 *   3. the team read's last round, and the block times of everything cited.
 *
 * The window (window.ts) is settled here once: the last 24 hours of blocks, from the chain's first
 * block when it holds fewer, and — when a log read stops at its cap first — from where the logs
 * read start, the pools then read again at that start (a round more, only then).
 * The main pool is the deepest in dollars at the window's start (main-pool.ts). A token with no
 * pool, or no trade in its main pool in the window, has no price move to explain: a 422.
 */
export async function readWhyDownWindow(input: { client: ChainClient; chain: ChainId; token: Address }): Promise<WhyDownReading> {
  const { client, chain, token } = input;
  const network = getNetwork(chain);

  // Round 1, at the answer's block (the latest outside an answer). The team read runs beside this one (its own three rounds) and
  // shares these reads rather than asking the node for them again.
  const first = tokenFirstRound({ client, chain }, token);
  // The team read scans the token's Transfer history too (its window is longer): the window's
  // transfers are taken from that scan when it holds them all (transfersFromTeam).
  let shareTeamTransfers!: (scan: Promise<TeamTransferScan>) => void;
  const teamTransfers = new Promise<TeamTransferScan>((resolve) => (shareTeamTransfers = resolve));
  const teamRead = readTeam(first, { transfers: shareTeamTransfers }).then((reading): TeamAnswer => ({ wallets: assessTeam(reading) }));
  // A team read that fails before its scan starts leaves the window to scan its own (its error surfaces in round 3).
  teamRead.catch((error: unknown) => shareTeamTransfers(Promise.reject(error)));
  teamTransfers.catch(() => undefined);
  const [head, identity, discovery] = await Promise.all([first.head(), first.identity(), first.pools()]);
  const block = head.number;
  if (discovery.candidates.length === 0) {
    throw new ApiError("insufficient_data", `${token} has no pool on ${network.dexes.map((dex) => dex.name).join(", ")} on ${network.displayName}: there is no trading to read.`);
  }
  // The window: the pool's state at `from`, then the events of the blocks after it through `block`.
  const asked = windowFor("whyDown", blockInterval(client, chain, block));
  const planned = windowStart(asked, block);
  const everyPool = [...discovery.candidates, ...discovery.reference];
  const startOf = (from: bigint) => Promise.all([readPools(marketContext({ client, chain, block: from }), everyPool), client.getBlock({ blockNumber: from })]);

  // Round 2: every pool's logs and the token's transfers in the window; every pool now and at the window's start.
  const transferWindow = { client, address: token, events: [transferEvent] as const, fromBlock: planned.from + 1n, toBlock: block, maxLookbackBlocks: asked.blocks, chunkSize: 10_000n, keep: transferLogOf };
  const ownTransferScan = () => scanLogs(transferWindow);
  const [poolScan, transferScan, now, plannedStart] = await Promise.all([
    scanPoolLogs(client, discovery.candidates, planned.from + 1n, block, asked.blocks),
    teamTransfers.then((team) => transfersFromTeam(team, transferWindow) ?? ownTransferScan(), ownTransferScan),
    readPools(marketContext({ client, chain, block, blockTimestamp: head.timestamp }), everyPool),
    startOf(planned.from),
  ]);
  // A scan stopped at its cap: the window starts where the logs read do, and the pools are read there.
  const { from, end } = windowAfterScans(planned, [...poolScan.covered, transferScan]);
  const [start, fromHeader] = from === planned.from ? plannedStart : await startOf(from);
  const window: WhyDownWindow = { asked, from, fromTime: fromHeader.timestamp, to: block, toTime: head.timestamp, end };
  const inWindow = (log: { blockNumber: bigint | null }) => log.blockNumber !== null && log.blockNumber > from;
  const poolLogs = poolScan.logs.filter(inWindow);
  const count = discovery.candidates.length;
  const market = { now: now.slice(0, count), start: start.slice(0, count), referenceNow: now.slice(count), referenceStart: start.slice(count) };
  const main = mainPoolOf(market);
  const pool = market.now[main];
  const startPool = market.start[main].reserves && market.start[main].reserves!.quote > 0n ? market.start[main] : null;

  const place = (log: Log): LogPlace => ({ transactionHash: log.transactionHash!, blockNumber: log.blockNumber!, logIndex: log.logIndex! });
  const shape = eventShapeOf(pool.dex);
  const poolEvents: PoolEvent[] = [];
  const lpTransfers: TransferLog[] = [];
  for (const log of poolLogs) {
    if (log.address.toLowerCase() !== pool.address.toLowerCase()) continue;
    if (log.topics[0] === transferTopic && log.topics.length === 3) {
      lpTransfers.push({ ...place(log), address: log.address, args: { from: `0x${log.topics[1]!.slice(26)}` as Address, to: `0x${log.topics[2]!.slice(26)}` as Address, value: BigInt(log.data) } });
      continue;
    }
    const activity = readPoolEvent(shape, log);
    // A PoolManager's logs are every pool's: keep the main pool's by id.
    if (activity && (activity.pool.id ?? null) === (pool.v4?.id ?? null)) poolEvents.push({ ...place(log), activity });
  }
  poolEvents.sort(byPlace);
  lpTransfers.sort(byPlace);
  const transfers: TransferLog[] = transferScan.logs.filter(inWindow);
  if (!poolEvents.some((event) => event.activity.what === "swap")) {
    throw new ApiError("insufficient_data", `No trade in ${token}'s main pool ${pool.address}${pool.v4 ? ` (V4 pool ${pool.v4.id})` : ""} on ${pool.dex.name} ${describeWhyDownWindow(window)}: there is no price move to explain.`);
  }

  // Round 3: the team (its last round), block times of everything cited, and who sent each
  // position's removal (a position manager burns on its owner's behalf, and collects apart).
  const cited = citedBlocks(poolEvents, transfers, pool.address);
  const removalTransactions = hasFungibleLp(pool) ? [] : [...new Set(poolEvents.filter((event) => event.activity.what === "liquidity_removed").map((event) => event.transactionHash))];
  const [team, headers, removalsSent] = await Promise.all([
    teamRead,
    Promise.all(cited.map((blockNumber) => client.getBlock({ blockNumber }))),
    Promise.all(removalTransactions.map((hash) => client.getTransaction({ hash }))),
  ]);

  return {
    chain,
    token,
    block,
    window,
    identity,
    pool,
    startPool,
    market,
    tokenIsToken0: token.toLowerCase() < pool.quote.address.toLowerCase(),
    poolEvents,
    lpTransfers,
    transfers,
    team,
    timeOf: new Map(headers.map((header) => [header.number, header.timestamp])),
    senders: new Map(removalsSent.map((transaction) => [transaction.hash, transaction.from])),
  };
}
