// Bounded, chunked eth_getLogs. Scans from the newest block backwards in chunks, several
// chunks per JSON-RPC batch, never further back than the look-back window. A node that
// refuses a range as too large gets it again in halves, down to single blocks; the
// narrower size that worked is kept for the chunks still to come.
import {
  encodeEventTopics,
  formatLog,
  parseEventLogs,
  toEventSelector,
  toHex,
  type Abi,
  type AbiEvent,
  type Address,
  type Hex,
  type Log,
  type ParseEventLogsReturnType,
  type RpcLog,
} from "viem";
import { ChainUnavailableError } from "./errors";
import type { ChainClient } from "./clients";
import { errorChain } from "@/lib/error-chain";
import { classifyChainError, displayNameForEvmChain, nodeMessages, rethrowChainError, upstreamReason } from "./upstream";

export type LogTopics = readonly (Hex | readonly Hex[] | null)[];

export type ScanLogsParams<abi extends readonly AbiEvent[]> = {
  client: ChainClient;
  address?: Address | readonly Address[];
  /** Events to match (topic0) and decode. */
  events?: abi;
  /** Indexed argument filter; only with exactly one event. */
  args?: Record<string, unknown> | readonly unknown[];
  /** Raw topic filter; used instead of the one derived from `events`. */
  topics?: LogTopics;
  fromBlock: bigint;
  /** Defaults to the latest block. */
  toBlock?: bigint | "latest";
  /** The scan covers at most this many blocks, ending at toBlock. */
  maxLookbackBlocks: bigint | number;
  /** Blocks per eth_getLogs request, before any splitting. */
  chunkSize: bigint | number;
  /** Stop once at least this many logs are found (the newest are kept; the range says what was covered). */
  maxLogs?: number;
  /** eth_getLogs requests in flight at once; they travel in one JSON-RPC batch. */
  concurrency?: number;
  /** Retries of a chunk after a transient node fault. */
  maxRetries?: number;
  retryDelayMs?: number;
};

export type ScannedLog<abi extends readonly AbiEvent[]> = abi extends readonly []
  ? Log
  : ParseEventLogsReturnType<abi, undefined, true>[number];

export type ScanLogsResult<abi extends readonly AbiEvent[]> = {
  /** Sorted by (blockNumber, logIndex). */
  logs: ScannedLog<abi>[];
  /** The range actually covered, inclusive. */
  fromBlock: bigint;
  toBlock: bigint;
  /** True when the covered range starts after the requested fromBlock. */
  truncated: boolean;
  /** Logs that matched the filter but not the given events' ABI (e.g. an ERC-721 Transfer). */
  undecoded: number;
};

type BlockRange = { from: bigint; to: bigint };
type RangeResult = { logs: RpcLog[]; narrowest: bigint };

const rateLimitPattern = /rate limit|too many requests|request limit reached|requests per second|exceeded .*capacity|throttl/i;
const rangeLimitPattern =
  /more than \d[\d,]* results|block range|range (is )?too (large|wide|big)|max(imum)? (block )?range|response size|limited to (a )?\d[\d,]*|too many (results|logs|blocks)|limit exceeded|query timeout|returned too many/i;

/** A provider refusing the size of a getLogs range, as opposed to being down or rate limiting. */
export function isRangeLimitError(error: unknown): boolean {
  if (errorChain(error).some((entry) => (entry as { name?: unknown }).name === "ResponseBodyTooLargeError")) return true;
  const messages = nodeMessages(error).join(" | ");
  if (rateLimitPattern.test(messages)) return false;
  return rangeLimitPattern.test(messages);
}

function isTransient(error: unknown): boolean {
  return classifyChainError(error) === "upstream" && !isRangeLimitError(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function topicsFor(params: ScanLogsParams<readonly AbiEvent[]>): LogTopics | undefined {
  if (params.topics) return params.topics;
  const events = params.events ?? [];
  if (params.args !== undefined) {
    if (events.length !== 1) throw new Error("scanLogs: args filter needs exactly one event");
    const event = events[0];
    return encodeEventTopics({ abi: [event] as Abi, eventName: event.name, args: params.args } as never) as LogTopics;
  }
  if (events.length === 0) return undefined;
  const selectors = [...new Set(events.map((event) => toEventSelector(event)))];
  return [selectors.length === 1 ? selectors[0] : selectors];
}

class RangeScanner {
  constructor(
    private readonly client: ChainClient,
    private readonly filter: { address?: Address | readonly Address[]; topics?: LogTopics },
    private readonly maxRetries: number,
    private readonly retryDelayMs: number,
  ) {}

  private async getLogs(range: BlockRange): Promise<RpcLog[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        const logs = await this.client.request(
          {
            method: "eth_getLogs",
            params: [
              {
                address: this.filter.address as Address | Address[] | undefined,
                topics: this.filter.topics as (Hex | Hex[] | null)[] | undefined,
                fromBlock: toHex(range.from),
                toBlock: toHex(range.to),
              },
            ],
          },
          // Retries are ours: the transport would also retry range refusals, which only splitting cures.
          { retryCount: 0 },
        );
        return logs as RpcLog[];
      } catch (error) {
        if (attempt >= this.maxRetries || !isTransient(error)) throw error;
        await sleep(this.retryDelayMs * 2 ** attempt);
      }
    }
  }

  async scan(range: BlockRange): Promise<RangeResult> {
    try {
      return { logs: await this.getLogs(range), narrowest: range.to - range.from + 1n };
    } catch (error) {
      if (!isRangeLimitError(error)) throw error;
      if (range.from === range.to) {
        throw new RangeRefusedError(range.from, error);
      }
      const middle = range.from + (range.to - range.from) / 2n;
      const [low, high] = await Promise.all([
        this.scan({ from: range.from, to: middle }),
        this.scan({ from: middle + 1n, to: range.to }),
      ]);
      return { logs: [...low.logs, ...high.logs], narrowest: minBig(low.narrowest, high.narrowest) };
    }
  }
}

class RangeRefusedError extends Error {
  constructor(
    readonly block: bigint,
    cause: unknown,
  ) {
    super(`logs refused even for the single block ${block}`, { cause });
  }
}

function sortLogs<T extends { blockNumber: bigint | null; logIndex: number | null }>(logs: T[]): T[] {
  return logs.sort((a, b) => {
    const byBlock = (a.blockNumber ?? 0n) - (b.blockNumber ?? 0n);
    if (byBlock !== 0n) return byBlock < 0n ? -1 : 1;
    return (a.logIndex ?? 0) - (b.logIndex ?? 0);
  });
}

function positive(value: bigint | number, name: string): bigint {
  const big = BigInt(value);
  if (big < 1n) throw new Error(`scanLogs: ${name} must be at least 1`);
  return big;
}

async function resolveToBlock(client: ChainClient, toBlock: bigint | "latest" | undefined): Promise<bigint> {
  if (typeof toBlock === "bigint") return toBlock;
  return client.getBlockNumber({ cacheTime: 0 });
}

export async function scanLogs<const abi extends readonly AbiEvent[] = readonly []>(
  params: ScanLogsParams<abi>,
): Promise<ScanLogsResult<abi>> {
  const { client } = params;
  const displayName = displayNameForEvmChain(client.chain?.id);
  const lookback = positive(params.maxLookbackBlocks, "maxLookbackBlocks");
  const chunkSize = positive(params.chunkSize, "chunkSize");
  const concurrency = Math.max(1, Math.floor(params.concurrency ?? 4));
  const scanner = new RangeScanner(
    client,
    { address: params.address, topics: topicsFor(params) },
    params.maxRetries ?? 3,
    params.retryDelayMs ?? 250,
  );

  try {
    const toBlock = await resolveToBlock(client, params.toBlock);
    const windowStart = maxBig(0n, toBlock - lookback + 1n);
    const start = maxBig(params.fromBlock, windowStart);
    if (start > toBlock) {
      return { logs: [], fromBlock: params.fromBlock, toBlock, truncated: false, undecoded: 0 };
    }

    const found: RpcLog[] = [];
    let size = chunkSize;
    let cursor = toBlock;
    let coveredFrom = toBlock + 1n;
    while (cursor >= start) {
      const wave: BlockRange[] = [];
      while (wave.length < concurrency && cursor >= start) {
        const from = maxBig(start, cursor - size + 1n);
        wave.push({ from, to: cursor });
        cursor = from - 1n;
      }
      const results = await Promise.all(wave.map((range) => scanner.scan(range)));
      for (const result of results) {
        found.push(...result.logs);
        size = minBig(size, result.narrowest);
      }
      coveredFrom = wave[wave.length - 1].from;
      if (params.maxLogs !== undefined && found.length >= params.maxLogs) break;
    }

    const formatted = sortLogs(found.filter((log) => !log.removed).map((log) => formatLog(log)));
    const events = params.events ?? [];
    const logs = events.length > 0 ? parseEventLogs({ abi: events as unknown as Abi, logs: formatted, strict: true }) : formatted;
    return {
      logs: logs as ScannedLog<abi>[],
      fromBlock: coveredFrom,
      toBlock,
      truncated: coveredFrom > params.fromBlock,
      undecoded: formatted.length - logs.length,
    };
  } catch (error) {
    if (error instanceof RangeRefusedError) {
      throw new ChainUnavailableError(
        "refused",
        displayName,
        `${displayName} node did not answer: it refuses logs even for block ${error.block} (${upstreamReason(error.cause)})`,
        { cause: error.cause },
      );
    }
    rethrowChainError(displayName, error);
  }
}
