// A wallet's exact token movements, classified as buys, sells or plain transfers; shared by
// wallet/exact-movements and wallet/pnl so both read trades the same way.
import { getAddress, type Address, type Hash, type Log, type TransactionReceipt } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { erc20Identity, type Erc20Identity } from "@/lib/chain/erc20";
import { scanLogs } from "@/lib/chain/log-scanner";
import { transferEvent, transferLogOf, type TransferLog } from "@/lib/chain/events";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { discoverPools, sameAddress, type PoolCandidate, type QuoteAsset } from "@/lib/intel/reads/market";
import { eventShapeOf, readPoolEvent } from "@/lib/intel/reads/market/venue-events";
import { blockInterval } from "@/lib/chain/block-interval";
import { windowFor, type Window } from "@/lib/intel/answers/windows";
import { scanEndOf, type ScanEnd } from "@/lib/chain/log-scanner";
import type { MovementCounts } from "@/lib/schemas/vocabulary";

export type MovementKind = "buy" | "sell" | "transfer_in" | "transfer_out";

export type SwapLeg = {
  pool: Address;
  /** The swap event's place in its transaction: one trade per swap, however many legs it has. */
  logIndex: number;
  /** The venue: the registry's key, and its display name. */
  dex: { key: string; name: string };
  quote: { address: Address; symbol: string; decimals: number; kind: QuoteAsset["kind"] };
  /** What the pool moved of the token in this swap (before any transfer tax). */
  tokenAmount: bigint;
  /** What the pool took in (buy) or paid out (sell) of the quote asset. */
  quoteAmount: bigint;
};

export type Movement = {
  kind: MovementKind;
  token: Address;
  /** Exactly what left or reached the wallet, in the token's smallest unit. */
  amount: bigint;
  counterparty: Address;
  transaction: Hash;
  block: bigint;
  logIndex: number;
  /** Unix seconds of the block. */
  timestamp: bigint;
  swap: SwapLeg | null;
};

/** What the wallet's side of a trade needs of its block where the node offers no tracer (wallet-side.ts). */
export type MovementBlock = { transactions: readonly Hash[]; miner: Address; withdrawals?: readonly { address: Address }[] };

export type MovementRead = {
  movements: Movement[];
  /** The receipt of every transaction behind the movements (wallet/pnl reads the wallet's side of each from it). */
  receipts: ReadonlyMap<Hash, TransactionReceipt>;
  /** The block of every movement: read for its time, and held for what else it holds. */
  blocks: ReadonlyMap<bigint, MovementBlock>;
  tokens: Map<string, Erc20Identity>;
  scan: { fromBlock: bigint; toBlock: bigint; truncated: boolean; capped: boolean; end: ScanEnd; window: Window };
};

export const movementScan = { chunkSize: 50_000n } as const;

const newestFirst = (a: TransferLog, b: TransferLog) => (a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1);

/** Round one of the read: the wallet's Transfer logs in both directions, newest first, at most `maxMovements` (self-transfers skipped). */
async function scanTransfers(client: ChainClient, chain: ChainId, wallet: Address, token: Address | undefined, block: bigint, maxMovements: number) {
  const window = windowFor("movements", blockInterval(client, chain, block));
  const common = { client, address: token, events: [transferEvent] as const, fromBlock: 0n, toBlock: block, maxLookbackBlocks: window.blocks, chunkSize: movementScan.chunkSize, maxLogs: maxMovements, keep: transferLogOf };
  const [sent, received] = await Promise.all([scanLogs({ ...common, args: { from: wallet } }), scanLogs({ ...common, args: { to: wallet } })]);
  const logs = [...sent.logs, ...received.logs]
    .filter((log) => !(sameAddress(log.args.from, wallet) && sameAddress(log.args.to, wallet)))
    .sort(newestFirst);
  // Each scan kept its newest logs; the older end of the merged list is only complete down to the later of the two stops.
  const coveredFrom = sent.fromBlock > received.fromBlock ? sent.fromBlock : received.fromBlock;
  const complete = logs.filter((log) => log.blockNumber >= coveredFrom);
  return {
    logs: complete.slice(0, maxMovements),
    scan: { fromBlock: coveredFrom, toBlock: block, truncated: sent.truncated || received.truncated, capped: complete.length > maxMovements || complete.length < logs.length, end: scanEndOf(sent.reason, received.reason), window },
  };
}

/** The token's side of a swap log, when `pool` trades `token` against a quote asset, read in the pool's own event encoding. */
function swapLeg(log: Log, pool: PoolCandidate, direction: "in" | "out"): SwapLeg | null {
  const event = readPoolEvent(eventShapeOf(pool.dex), log);
  if (event?.what !== "swap" || (pool.v4 && event.pool.id !== pool.v4.id)) return null;
  // Pools order their currencies by address: token0 is the lower one (V4's native coin, the zero address, always first).
  const tokenIsToken0 = pool.token.toLowerCase() < pool.quote.address.toLowerCase();
  const [tokenDelta, quoteDelta] = tokenIsToken0 ? [event.delta0, event.delta1] : [event.delta1, event.delta0];
  const base = { pool: pool.address, logIndex: log.logIndex ?? 0, dex: { key: pool.dex.key, name: pool.dex.name }, quote: { address: pool.quote.address, symbol: pool.quote.symbol, decimals: pool.quote.decimals, kind: pool.quote.kind } };
  // Into the wallet: the pool sent the token out and took the quote in. Out of it: the reverse.
  if (direction === "in" && tokenDelta < 0n && quoteDelta > 0n) return { ...base, tokenAmount: -tokenDelta, quoteAmount: quoteDelta };
  if (direction === "out" && tokenDelta > 0n && quoteDelta < 0n) return { ...base, tokenAmount: tokenDelta, quoteAmount: -quoteDelta };
  return null;
}

const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const topicAddress = (topic: string | undefined) => (topic ? `0x${topic.slice(26)}` : "");

/** A transaction's swaps of the token in one direction, and the wallet's transfers straight to or from the first swap's pool. */
type TransactionSwaps = { swaps: SwapLeg[]; samePool: SwapLeg[]; straight: number[] };

// Per receipt and pool list: a transaction with a hundred swaps has a hundred of the wallet's
// transfers, and each would otherwise decode every swap log again.
const transactionSwapsMemo = new WeakMap<TransactionReceipt, WeakMap<readonly PoolCandidate[], Map<string, TransactionSwaps>>>();

function transactionSwaps(receipt: TransactionReceipt, pools: readonly PoolCandidate[], token: Address, wallet: Address, direction: "in" | "out"): TransactionSwaps {
  const byPools = transactionSwapsMemo.get(receipt) ?? new WeakMap<readonly PoolCandidate[], Map<string, TransactionSwaps>>();
  transactionSwapsMemo.set(receipt, byPools);
  const memo = byPools.get(pools) ?? new Map<string, TransactionSwaps>();
  byPools.set(pools, memo);
  const key = `${token.toLowerCase()}|${wallet.toLowerCase()}|${direction}`;
  const known = memo.get(key);
  if (known) return known;

  // Every swap of the token in this direction, in log order. A V4 PoolManager holds many pools:
  // every candidate at a log's address is tried, matched by pool id.
  const swaps: SwapLeg[] = [];
  for (const entry of receipt.logs) {
    for (const pool of pools.filter((candidate) => sameAddress(candidate.address, entry.address))) {
      const leg = swapLeg(entry, pool, direction);
      if (leg) {
        swaps.push(leg);
        break;
      }
    }
  }
  const first = swaps[0];
  const samePool = first ? swaps.filter((swap) => sameAddress(swap.pool, first.pool)) : [];
  const straight =
    samePool.length > 1
      ? receipt.logs
          .filter((entry) => {
            if (!sameAddress(entry.address, token) || entry.topics[0] !== transferTopic) return false;
            const [from, to] = [topicAddress(entry.topics[1]), topicAddress(entry.topics[2])];
            return direction === "in" ? sameAddress(from, first.pool) && sameAddress(to, wallet) : sameAddress(from, wallet) && sameAddress(to, first.pool);
          })
          .map((entry) => entry.logIndex ?? -1)
      : [];
  const found = { swaps, samePool, straight };
  memo.set(key, found);
  return found;
}

/**
 * Which of a transaction's swaps a transfer belongs to. Most transactions swap the token once
 * through one pool, and every leg of the wallet's trade belongs to that swap (a taxed sell has
 * two). A transaction that swaps through the same pool several times in the same direction (a
 * contract trading in a loop) moves the wallet's tokens straight to or from the pool once per
 * swap, in order: the k-th such transfer belongs to the k-th swap, and another leg (a tax) to the
 * swap of the straight transfer nearest to it, which its own transfer call made. When the counts
 * differ, the first swap stands, and the pricing check says whether it prices the trade.
 */
function swapOfTransfer(log: TransferLog, { swaps, samePool, straight }: TransactionSwaps): SwapLeg | null {
  if (samePool.length <= 1) return swaps[0] ?? null;
  if (straight.length !== samePool.length) return swaps[0];
  let nearest = 0;
  for (let i = 1; i < straight.length; i++) {
    if (Math.abs(straight[i] - log.logIndex) < Math.abs(straight[nearest] - log.logIndex)) nearest = i;
  }
  return samePool[nearest];
}

export function classifyTransfer(log: TransferLog, wallet: Address, receipt: TransactionReceipt, pools: readonly PoolCandidate[], timestamp: bigint): Movement {
  const direction = sameAddress(log.args.to, wallet) ? "in" : "out";
  const swap = swapOfTransfer(log, transactionSwaps(receipt, pools, log.address, wallet, direction));
  return {
    kind: swap ? (direction === "in" ? "buy" : "sell") : direction === "in" ? "transfer_in" : "transfer_out",
    token: getAddress(log.address),
    amount: log.args.value,
    counterparty: getAddress(direction === "in" ? log.args.from : log.args.to),
    transaction: log.transactionHash,
    block: log.blockNumber,
    logIndex: log.logIndex,
    timestamp,
    swap,
  };
}

export type TransferScan = Awaited<ReturnType<typeof scanTransfers>> & { wallet: Address };

/** Round one: the wallet's Transfer logs (of one token when given), newest first, at most `maxMovements`. */
export async function scanWalletTransfers(input: { client: ChainClient; chain: ChainId; block: bigint; wallet: Address; token?: Address; maxMovements: number }): Promise<TransferScan> {
  const wallet = getAddress(input.wallet);
  return { wallet, ...(await scanTransfers(input.client, input.chain, wallet, input.token && getAddress(input.token), input.block, input.maxMovements)) };
}

/** What a caller has already read of a token (keyed by lower-case address), so classifying does not read it again. */
export type KnownTokens = { identities?: ReadonlyMap<string, Erc20Identity>; pools?: ReadonlyMap<string, readonly PoolCandidate[]> };

/** Round two: receipts, block times, identities and pools (those not `known`), and each transfer classified. */
export async function classifyTransfers(input: { client: ChainClient; chain: ChainId; block: bigint; known?: KnownTokens }, scanned: TransferScan): Promise<MovementRead> {
  const { client, chain, block, known } = input;
  const { logs, scan, wallet } = scanned;
  const network = getNetwork(chain);
  const tokens = [...new Set(logs.map((log) => getAddress(log.address)))];
  const hashes = [...new Set(logs.map((log) => log.transactionHash))];
  const blocks = [...new Set(logs.map((log) => log.blockNumber))];
  const [receipts, headers, identities, pools] = await Promise.all([
    Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash }))),
    Promise.all(blocks.map((blockNumber) => client.getBlock({ blockNumber }))),
    Promise.all(tokens.map((token) => known?.identities?.get(token.toLowerCase()) ?? erc20Identity(client, token, { blockNumber: block }))),
    Promise.all(tokens.map(async (token) => known?.pools?.get(token.toLowerCase()) ?? (await discoverPools({ client, chain, network, block }, token)).candidates)),
  ]);
  const receiptOf = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]));
  const timeOf = new Map(headers.map((header) => [header.number, header.timestamp]));
  const poolsOf = new Map(tokens.map((token, i) => [token.toLowerCase(), pools[i]]));

  return {
    movements: logs.map((log) => classifyTransfer(log, wallet, receiptOf.get(log.transactionHash)!, poolsOf.get(log.address.toLowerCase()) ?? [], timeOf.get(log.blockNumber)!)),
    receipts: receiptOf,
    blocks: new Map(headers.map((header) => [header.number, header])),
    tokens: new Map(tokens.map((token, i) => [token.toLowerCase(), identities[i]])),
    scan,
  };
}

/**
 * A wallet's exact token movements, classified: a transfer into or out of the wallet is a buy
 * or a sell when the same transaction swaps the token through one of its known pools (every
 * registry venue's pools of that token against its quote assets, each swap read in its venue's
 * own event encoding), in the direction of the transfer; otherwise it is a plain transfer in or
 * out. Shared by
 * wallet/exact-movements and wallet/pnl, so both read trades the same way.
 *
 * Two rounds after the caller's block: the wallet's Transfer logs (both directions, bounded
 * look-back, newest first), then every transaction's receipt, every block's time, the
 * tokens' identities and their pools, all in one batch.
 *
 * The wallet's most recent movements (newest first), at most `maxMovements`, optionally of one token: two rounds after the caller learned `block`.
 */
export async function readMovements(input: { client: ChainClient; chain: ChainId; block: bigint; wallet: Address; token?: Address; maxMovements: number }): Promise<MovementRead> {
  return classifyTransfers(input, await scanWalletTransfers(input));
}

/** A trade (all of the wallet's legs of one swap transaction) or a plain transfer. */
export type MovementLine = {
  kind: MovementKind;
  transaction: Hash;
  block: bigint;
  timestamp: bigint;
  /** Tokens that reached or left the wallet, summed over the legs, in the token's smallest unit. */
  amount: bigint;
  /** The Transfer logs behind the line, in log order. */
  legs: Movement[];
  swap: SwapLeg | null;
};

/**
 * Movements to lines, in the order given. A taxed sell moves the wallet's tokens twice in one
 * transaction (the tax to the tax wallet, the rest into the pool) and the classifier marks both
 * legs as the sell of the same swap: they are one trade, priced once, or its proceeds would count
 * twice. So legs of the same kind, transaction and swap merge; plain transfers stay one per log.
 */
export function movementLines(movements: readonly Movement[]): MovementLine[] {
  const lines: MovementLine[] = [];
  const trades = new Map<string, MovementLine>();
  for (const movement of movements) {
    const key = movement.swap ? `${movement.transaction}:${movement.kind}:${movement.swap.pool.toLowerCase()}:${movement.swap.logIndex}` : null;
    const open = key ? trades.get(key) : undefined;
    if (open) {
      open.amount += movement.amount;
      open.legs.push(movement);
      continue;
    }
    const line: MovementLine = { kind: movement.kind, transaction: movement.transaction, block: movement.block, timestamp: movement.timestamp, amount: movement.amount, legs: [movement], swap: movement.swap };
    if (key) trades.set(key, line);
    lines.push(line);
  }
  return lines;
}

/** The leg a line is shown by: the one that went to or came from the swap's pool (a router trade has others), else the first. */
export function primaryLeg(line: MovementLine): Movement {
  return line.legs.find((leg) => line.swap && sameAddress(leg.counterparty, line.swap.pool)) ?? line.legs[0];
}

/** Lines by kind, named as their kind names them, with their total (the vocabulary's MovementCounts). */
export function countByKind(lines: readonly MovementLine[]): MovementCounts {
  const counts: MovementCounts = { buy: 0, sell: 0, transfer_in: 0, transfer_out: 0, total: lines.length };
  for (const line of lines) counts[line.kind] += 1;
  return counts;
}
