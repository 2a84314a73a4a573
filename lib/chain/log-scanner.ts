// Bounded, chunked eth_getLogs: newest block first, never past the look-back window or the scan's
// budget, a refused range asked again narrower, dense logs asked in small pieces.
import {
  encodeEventTopics,
  toEventSelector,
  TimeoutError,
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
import { profileOfClient, type ChainClient } from "./clients";
import { errorChain } from "@/lib/error-chain";
import { decodeEventLogs } from "./event-decoder";
import { retryAfterMs } from "./provider-fetch";
import { ProviderProfile } from "./provider-profile";
import { readRefusal, type Refusal, type RefusalMeaning } from "./refusals";
import { classifyChainError, displayNameForEvmChain, rethrowChainError, upstreamReason } from "./upstream";

export type LogTopics = readonly (Hex | readonly Hex[] | null)[];

export type ScanLogsParams<abi extends readonly AbiEvent[], kept = ScannedLog<abi>> = {
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
  /** Stop once at least this many logs are found (the newest are kept; the range says what was covered); defaultMaxLogs when unset. */
  maxLogs?: number;
  /** eth_getLogs requests in flight at once; they travel in one JSON-RPC batch. */
  concurrency?: number;
  /** Retries of a chunk after a transient node fault. */
  maxRetries?: number;
  retryDelayMs?: number;
  /** eth_getLogs calls this scan may make; defaults to the provider profile's maxScanRequests. */
  maxRequests?: number;
  /** Epoch milliseconds after which no new wave starts (the first always runs): a time budget, ending as cap_reached. */
  deadline?: number;
  /** Also return, undecoded, the logs whose topic0 is none of `events` (with a wider `topics` filter): one scan serves a caller that wants those too. */
  keepUnmatched?: boolean;
  /**
   * What the scan keeps of each log (the result's `logs`), taken as each answer is decoded: a
   * caller that needs a few fields of each log holds those, not every log whole (topics, data,
   * hashes), for the rest of the scan and after it. Each answer is sorted first, so the kept
   * values come in the usual order.
   */
  keep?: (log: ScannedLog<abi>) => kept;
};

/**
 * Why the covered range starts where it does: the look-back window's start, a cap (enough logs,
 * or the calls the scan may make), or the requested fromBlock itself.
 */
export type ScanEnd = "window_ended" | "cap_reached" | "history_start";

/** How scans read together ended: a cap if any hit one, else a window if any ended at one, else the chain's start. */
export function scanEndOf(...ends: ScanEnd[]): ScanEnd {
  if (ends.includes("cap_reached")) return "cap_reached";
  if (ends.includes("window_ended")) return "window_ended";
  return "history_start";
}

export type ScannedLog<abi extends readonly AbiEvent[]> = abi extends readonly []
  ? Log
  : ParseEventLogsReturnType<abi, undefined, true>[number];

export type ScanLogsResult<abi extends readonly AbiEvent[], kept = ScannedLog<abi>> = {
  /** Sorted by (blockNumber, logIndex); with `keep`, what it kept of each. */
  logs: kept[];
  /** The range actually covered, inclusive. */
  fromBlock: bigint;
  toBlock: bigint;
  /** True when the covered range starts after the requested fromBlock. */
  truncated: boolean;
  /** Logs that matched the filter but not the given events' ABI (e.g. an ERC-721 Transfer). */
  undecoded: number;
  /** With keepUnmatched: the logs whose topic0 is none of the given events', sorted like `logs`; else empty. */
  unmatched: Log[];
  reason: ScanEnd;
  /** eth_getLogs calls made, retries included. */
  requests: number;
};

/**
 * The most logs a scan gathers when its caller sets no cap: every scan is bounded, and one that
 * stops here says cap_reached. Checked after each wave, so a wave of dense blocks can pass it.
 */
export const defaultMaxLogs = 100_000;

/**
 * Logs one eth_getLogs call, and one batch of them, should bring back: about 800 bytes of JSON a
 * log, so a batch is a few MB, parsed in tens of milliseconds rather than a busy window's 40 MB in
 * one piece.
 */
export const targetLogsPerCall = 2_000;
export const targetLogsPerBatch = 5_000;

/** Logs per block seen by recent scans, per node and filter, newest last (bounded, oldest out). */
const densities = new Map<string, number>();
const maxRememberedDensities = 1_000;

function densityKey(profile: ProviderProfile, filter: { address?: unknown; topics?: unknown }): string {
  return `${profile.url}\n${JSON.stringify(filter, (_key, value) => (typeof value === "string" ? value.toLowerCase() : value))}`;
}

function rememberDensity(key: string, perBlock: number): void {
  densities.delete(key);
  densities.set(key, perBlock);
  if (densities.size > maxRememberedDensities) densities.delete(densities.keys().next().value as string);
}

/** Forgets the logs-per-block densities scans learned (tests). */
export function forgetLogDensities(): void {
  densities.clear();
}

/** Logs handled per slice before the event loop gets a turn. */
export const decodeSliceSize = 500;

/**
 * viem's formatLog, field for field, as one object literal. formatLog spreads the node's log into
 * a new object, and past its first few hundred calls V8 gives each such copy a hidden class of its
 * own: a busy window's logs then carried 60,000 maps and descriptor arrays (22 MB) and made every
 * read of a field a megamorphic lookup. Fields a node adds beyond the standard ones are copied too.
 * `same` gives one copy of a string seen before (interner).
 */
export function formatRpcLog(raw: RpcLog, same: (text: string) => string = (text) => text): Log {
  const log = {
    address: same(raw.address),
    blockHash: raw.blockHash ? same(raw.blockHash) : null,
    blockNumber: raw.blockNumber ? BigInt(raw.blockNumber) : null,
    data: raw.data,
    logIndex: raw.logIndex ? Number(raw.logIndex) : null,
    removed: raw.removed,
    topics: raw.topics,
    transactionHash: raw.transactionHash ? same(raw.transactionHash) : null,
    transactionIndex: raw.transactionIndex ? Number(raw.transactionIndex) : null,
    blockTimestamp: raw.blockTimestamp ? BigInt(raw.blockTimestamp) : raw.blockTimestamp === null ? null : undefined,
  } as Log & Record<string, unknown>;
  for (const key in raw) if (!(key in log)) log[key] = (raw as unknown as Record<string, unknown>)[key];
  return log;
}

/**
 * One copy of each string seen: a scan's logs repeat their contract, block hash, transaction hash
 * and event selector hundreds of times over, each a separate string as the answer is parsed. A
 * busy window's logs held 350,000 strings of 66 characters; kept once, the copies die young.
 * Emptied when it holds `max` (a scan of all-distinct values gains nothing from more).
 */
export function interner(max = 20_000): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    const known = seen.get(text);
    if (known !== undefined) return known;
    if (seen.size >= max) seen.clear();
    seen.set(text, text);
    return text;
  };
}

/** One answer's logs as the scan keeps them: decoded (or what `keep` kept of each), the others (keepUnmatched), and the counts the result reports. */
type DecodedPart = { logs: unknown[]; unmatched: Log[]; kept: number; raw: number };

/**
 * Decodes one answer as soon as it comes, in slices that give the event loop back between them, so
 * the raw answer can go at once: a scan holds the decoded logs, never every raw answer beside them
 * (a busy token's window held both, twice the memory, until the last answer was in).
 */
async function decodeAnswer(
  raw: readonly RpcLog[],
  events: readonly AbiEvent[],
  selectors: ReadonlySet<string>,
  options: { keepUnmatched: boolean; same: (text: string) => string; keep?: (log: never) => unknown },
): Promise<DecodedPart> {
  const { keepUnmatched, same, keep } = options;
  const logs: Log[] = [];
  const part: DecodedPart = { logs, unmatched: [], kept: 0, raw: raw.length };
  for (let at = 0; at < raw.length; at += decodeSliceSize) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    const slice: Log[] = [];
    for (let i = at; i < Math.min(raw.length, at + decodeSliceSize); i++) {
      if (raw[i].removed) continue;
      const topics = raw[i].topics;
      if (topics.length > 0 && topics[0]) topics[0] = same(topics[0]) as Hex;
      const log = formatRpcLog(raw[i], same);
      if (keepUnmatched && events.length > 0 && !selectors.has(log.topics[0] as Hex)) {
        part.unmatched.push(log);
        continue;
      }
      part.kept += 1;
      slice.push(log);
    }
    // The formatted logs are the scan's own: the decoder puts eventName and args on them rather than copying each.
    const decoded = events.length > 0 ? decodeEventLogs(events, slice, { inPlace: true }) : slice;
    for (const log of decoded) logs.push(log);
  }
  if (keep) part.logs = sortLogs(logs).map((log) => keep(log as never));
  return part;
}

/** `sure`: a range the provider said would work, kept whole so it is asked as given. */
type BlockRange = { from: bigint; to: bigint; sure?: boolean };

/** The refusals the scanner cures by narrowing the range (or, for logs switched off, by giving up at once). */
const narrowing = new Set<RefusalMeaning>(["range_too_large", "response_too_large", "logs_unavailable", "timed_out"]);

/**
 * A provider refusing the getLogs request as asked — a range or answer too large, or logs not
 * served at all — as opposed to being down or rate limiting.
 */
export function isRangeLimitError(error: unknown): boolean {
  const meaning = readRefusal(error)?.meaning;
  return meaning === "range_too_large" || meaning === "response_too_large" || meaning === "logs_unavailable";
}

/** A refusal the scanner narrows for: the table's reading, or viem's own timeout. */
function narrowingRefusal(error: unknown): Pick<Refusal, "meaning" | "hints"> | undefined {
  const refusal = readRefusal(error);
  if (refusal && narrowing.has(refusal.meaning)) return refusal;
  if (!refusal && errorChain(error).some((entry) => entry instanceof TimeoutError)) return { meaning: "timed_out", hints: {} };
  return undefined;
}

function isTransient(error: unknown): boolean {
  return classifyChainError(error) === "upstream" && narrowingRefusal(error) === undefined && readRefusal(error)?.meaning !== "state_not_available";
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A provider's Retry-After on the error, in ms. */
function retryAfterOf(error: unknown): number | undefined {
  for (const entry of errorChain(error)) {
    const headers = (entry as { headers?: unknown }).headers;
    if (headers instanceof Headers) {
      const after = retryAfterMs(headers.get("retry-after"));
      if (after !== undefined) return after;
    }
  }
  return undefined;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function span(range: BlockRange): bigint {
  return range.to - range.from + 1n;
}

function topicsFor(params: Pick<ScanLogsParams<readonly AbiEvent[]>, "topics" | "events" | "args">): LogTopics | undefined {
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

type Outcome = { range: BlockRange; logs: RpcLog[] } | { range: BlockRange; refusal: Pick<Refusal, "meaning" | "hints">; error: unknown };

class RangeRefusedError extends Error {
  constructor(
    readonly block: bigint,
    cause: unknown,
  ) {
    super(`logs refused even for the single block ${block}`, { cause });
  }
}

class LogsRefusedError extends Error {
  constructor(
    readonly reason: string,
    cause?: unknown,
  ) {
    super(`logs not served: ${reason}`, { cause });
  }
}

/**
 * One scan's plan, newest blocks first: which ranges are done, which must be asked again
 * narrower, and how wide the next calls are. Ranges finish out of order within a wave; the
 * covered range is the unbroken run of finished ones down from toBlock, so a scan that stops
 * early never claims a block it did not read.
 */
class LogScan {
  size: bigint;
  /** Blocks per call the logs' density allows (targetLogsPerCall); null until a density is known. */
  densitySize: bigint | null = null;
  /** After a refusal that named no size: one call at a time until one passes, so a provider refusing every size costs a handful of calls, not a storm. */
  probing = false;
  requests = 0;
  /** Set when narrowing further would cost more calls than the scan has left. */
  stopped = false;
  /** The covered run's decoded answers, newest range first: `logs` (and `unmatched`) put them oldest first. */
  readonly #parts: DecodedPart[] = [];
  /** Logs the node answered for the covered run, before decoding: what the log cap counts. */
  answered = 0;
  /** Logs of the covered run that matched the events' selectors (or all, without keepUnmatched), decoded or not. */
  kept = 0;
  coveredFrom: bigint;
  #cursor: bigint;
  /** Refused ranges still to cover, newest first; all above the cursor. */
  #pending: BlockRange[] = [];
  /** Finished ranges not yet joined to the covered run, by their top block. */
  #done = new Map<bigint, { from: bigint; part: DecodedPart }>();

  constructor(
    readonly start: bigint,
    readonly toBlock: bigint,
    size: bigint,
    readonly budget: number,
  ) {
    this.size = size;
    this.#cursor = toBlock;
    this.coveredFrom = toBlock + 1n;
  }

  get finished(): boolean {
    return this.coveredFrom <= this.start;
  }

  /** Blocks per call now: the provider's size, narrower where the logs are dense. */
  get callSize(): bigint {
    return this.densitySize === null ? this.size : minBig(this.size, this.densitySize);
  }

  /** The next range to ask for, at most `callSize` wide; undefined when everything is asked. */
  #next(): BlockRange | undefined {
    const size = this.callSize;
    const pending = this.#pending[0];
    if (pending) {
      if (span(pending) <= size) return this.#pending.shift();
      const piece = { from: pending.to - size + 1n, to: pending.to, sure: pending.sure };
      pending.to = piece.from - 1n;
      return piece;
    }
    if (this.#cursor < this.start) return undefined;
    const piece = { from: maxBig(this.start, this.#cursor - size + 1n), to: this.#cursor };
    this.#cursor = piece.from - 1n;
    return piece;
  }

  /** Puts ranges back to be asked again; neighbours join, so narrower calls line up without odd remnants. */
  retry(...ranges: BlockRange[]): void {
    const sorted = [...this.#pending, ...ranges].sort((a, b) => (a.to > b.to ? -1 : a.to < b.to ? 1 : 0));
    this.#pending = [];
    for (const range of sorted) {
      const last = this.#pending[this.#pending.length - 1];
      if (last && !last.sure && !range.sure && range.to + 1n === last.from) last.from = range.from;
      else this.#pending.push({ ...range });
    }
  }

  wave(width: number): BlockRange[] {
    const wave: BlockRange[] = [];
    while (wave.length < width) {
      if (this.requests >= this.budget) break;
      const range = this.#next();
      if (!range) break;
      this.requests += 1;
      wave.push(range);
    }
    return wave;
  }

  finish(range: BlockRange, part: DecodedPart): void {
    this.#done.set(range.to, { from: range.from, part });
    for (let next = this.#done.get(this.coveredFrom - 1n); next; next = this.#done.get(this.coveredFrom - 1n)) {
      this.#done.delete(this.coveredFrom - 1n);
      this.#parts.push(next.part);
      this.answered += next.part.raw;
      this.kept += next.part.kept;
      this.coveredFrom = next.from;
    }
  }

  /** The covered run's decoded (or kept) logs, oldest range first (each range as its node answered it, or sorted with `keep`). */
  logs(): unknown[] {
    return this.#parts.toReversed().flatMap((part) => part.logs);
  }

  /** With keepUnmatched: the covered run's logs of none of the events, in the same order. */
  unmatched(): Log[] {
    return this.#parts.toReversed().flatMap((part) => part.unmatched);
  }

  /** Blocks below the covered run, read or not. */
  get remaining(): bigint {
    return this.coveredFrom - this.start;
  }
}
/** By (blockNumber, logIndex); compared without subtracting (a bigint each comparison). Already in order (the usual node answer), a single pass. */
function sortLogs<T extends { blockNumber: bigint | null; logIndex: number | null }>(logs: T[]): T[] {
  return logs.sort((a, b) => {
    const blockA = a.blockNumber ?? 0n;
    const blockB = b.blockNumber ?? 0n;
    if (blockA !== blockB) return blockA < blockB ? -1 : 1;
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

/**
 * Bounded, chunked eth_getLogs. Scans from the newest block backwards in chunks, several
 * chunks per JSON-RPC batch, never further back than the look-back window, and never more
 * calls than the scan's budget. A refused range is asked again narrower, as the refusal
 * table reads the provider's words (refusals.ts): to the size it states (remembered for the
 * provider), the range it suggests, or in halves when it says neither; a provider that does
 * not serve logs at all is answered 503 at once. The narrower size is kept for the chunks still to come.
 * Dense logs (a busy token: hundreds per block) are asked in pieces whose answers stay small: the
 * scan measures logs per block as it goes, and remembers it per filter for the next scan, and sizes
 * its calls and batches by it, because each answer is parsed in one piece on the event loop.
 */
export async function scanLogs<const abi extends readonly AbiEvent[] = readonly [], kept = ScannedLog<abi>>(
  params: ScanLogsParams<abi, kept>,
): Promise<ScanLogsResult<abi, kept>> {
  const { client } = params;
  const displayName = displayNameForEvmChain(client.chain?.id);
  const lookback = positive(params.maxLookbackBlocks, "maxLookbackBlocks");
  const chunkSize = positive(params.chunkSize, "chunkSize");
  const concurrency = Math.max(1, Math.floor(params.concurrency ?? 4));
  const maxRetries = params.maxRetries ?? 3;
  const retryDelayMs = params.retryDelayMs ?? 250;
  // A client on a custom transport has no shared profile: what this scan learns stays with it.
  const profile = profileOfClient(client) ?? new ProviderProfile("(this scan)");
  const filter = { address: params.address as Address | Address[] | undefined, topics: topicsFor(params) as (Hex | Hex[] | null)[] | undefined };

  const refusedBefore = profile.logsRefusal();
  if (refusedBefore) throw logsRefused(displayName, refusedBefore);

  const getLogs = async (range: BlockRange, scan: LogScan): Promise<Outcome> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const logs = await client.request(
          { method: "eth_getLogs", params: [{ ...filter, fromBlock: toHex(range.from), toBlock: toHex(range.to) }] },
          // Retries are ours: the transport would also retry refusals, which only narrowing cures.
          { retryCount: 0 },
        );
        return { range, logs: logs as RpcLog[] };
      } catch (error) {
        const refusal = narrowingRefusal(error);
        if (refusal) return { range, refusal, error };
        if (attempt >= maxRetries || !isTransient(error)) throw error;
        scan.requests += 1;
        await sleep(Math.max(retryDelayMs * 2 ** attempt, retryAfterOf(error) ?? 0));
      }
    }
  };

  try {
    const toBlock = await resolveToBlock(client, params.toBlock);
    const windowStart = maxBig(0n, toBlock - lookback + 1n);
    const start = maxBig(params.fromBlock, windowStart);
    if (start > toBlock) {
      return { logs: [], fromBlock: params.fromBlock, toBlock, truncated: false, undecoded: 0, unmatched: [], reason: "history_start", requests: 0 };
    }

    const limits = profile.limits();
    const scan = new LogScan(start, toBlock, minBig(chunkSize, limits.maxBlockRange ?? chunkSize), params.maxRequests ?? limits.maxScanRequests);
    // Each answer is formatted and decoded as it comes (decodeAnswer), in slices that give the
    // event loop back between them: a busy token's window holds tens of thousands of logs, and
    // decoding them in one piece stalls every other caller.
    const events = params.events ?? [];
    const selectors = new Set<string>(events.map((event) => toEventSelector(event)));
    const same = interner();
    const density = densityKey(profile, filter);
    let perBlock = densities.get(density) ?? null;
    let peakPerBlock = 0;
    const fitDensity = () => {
      scan.densitySize = perBlock === null || perBlock === 0 ? null : BigInt(Math.max(1, Math.floor(targetLogsPerCall / perBlock)));
    };
    fitDensity();
    let waves = 0;
    while (!scan.finished && !scan.stopped) {
      if (scan.answered >= (params.maxLogs ?? defaultMaxLogs)) break;
      if (params.deadline !== undefined && waves > 0 && Date.now() >= params.deadline) break;
      waves += 1;
      // When the provider forces ranges narrower than the caller's chunks, more of them go per
      // round trip, so the blocks covered per round trip stay what the caller planned; where the
      // logs are dense, fewer, so one batch's answer stays small.
      const widen = Number((chunkSize + scan.size - 1n) / scan.size);
      const batchFits = perBlock ? Math.max(1, Math.floor(targetLogsPerBatch / (perBlock * Number(scan.callSize)))) : Infinity;
      const width = scan.probing ? 1 : Math.max(1, Math.min(profile.limits().maxBatch, concurrency * widen, batchFits));
      const wave = scan.wave(width);
      if (wave.length === 0) break;
      const outcomes = await Promise.all(wave.map((range) => getLogs(range, scan)));
      let waveBlocks = 0n;
      let waveLogs = 0;
      for (const outcome of outcomes) {
        // Only a configured cap: one learned from a refusal belongs to a provider that refuses, not cuts.
        const maxLogs = profile.configured.maxLogs;
        if ("logs" in outcome && maxLogs !== undefined && outcome.logs.length >= maxLogs && span(outcome.range) > 1n) {
          // A full answer from a provider that cuts answers at its cap without saying so may be
          // missing logs: the range is asked again narrower, as if refused.
          narrow(scan, { range: outcome.range, refusal: { meaning: "range_too_large", hints: {} }, error: undefined }, profile);
          continue;
        }
        if ("logs" in outcome) {
          scan.finish(outcome.range, await decodeAnswer(outcome.logs, events, selectors, { keepUnmatched: params.keepUnmatched === true, same, keep: params.keep as ((log: never) => unknown) | undefined }));
          waveBlocks += span(outcome.range);
          waveLogs += outcome.logs.length;
          // Only a range as wide as the size in force shows that size works (a window's last piece may be narrower).
          if (span(outcome.range) >= scan.size) scan.probing = false;
          continue;
        }
        narrow(scan, outcome, profile);
      }
      if (waveBlocks > 0n) {
        // The last wave's density decides the next: a burst narrows the calls, a quiet stretch widens
        // them again. A handful of logs is no measure (40 logs in a 100-block rest are not 0.4 a
        // block everywhere): only a wave with enough logs to matter narrows.
        const sample = waveLogs / Number(waveBlocks);
        if (waveLogs >= targetLogsPerCall / 2) {
          perBlock = sample;
          peakPerBlock = Math.max(peakPerBlock, sample);
        } else if (perBlock !== null) {
          perBlock = Math.min(perBlock, sample) || null;
        }
        fitDensity();
      }
    }
    if (peakPerBlock > 0) rememberDensity(density, peakPerBlock);

    // Each kept answer is sorted already, and the answers cover consecutive ranges: in order as they are.
    const logs = params.keep ? scan.logs() : sortLogs(scan.logs() as Log[]);
    const reason: ScanEnd = !scan.finished ? "cap_reached" : start > params.fromBlock ? "window_ended" : "history_start";
    return {
      logs: logs as kept[],
      fromBlock: scan.coveredFrom,
      toBlock,
      truncated: scan.coveredFrom > params.fromBlock,
      undecoded: scan.kept - logs.length,
      unmatched: sortLogs(scan.unmatched()),
      reason,
      requests: scan.requests,
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
    if (error instanceof LogsRefusedError) throw logsRefused(displayName, error.reason, error.cause);
    rethrowChainError(displayName, error);
  }
}

function logsRefused(displayName: string, reason: string, cause?: unknown): ChainUnavailableError {
  return new ChainUnavailableError("method_not_offered", displayName, `${displayName} node did not answer: it does not serve eth_getLogs (${reason})`, { cause });
}

/**
 * Puts a refused range back, narrower. A size the provider states is remembered for every later
 * scan of it; a range it suggests is asked for as given; a refusal that says nothing halves the
 * range, probing one call at a time, and never below the width at which the rest of the window
 * would take more calls than the scan may make — there it stops, and the result says so.
 */
function narrow(scan: LogScan, outcome: Extract<Outcome, { refusal: unknown }>, profile: ProviderProfile): void {
  const { range, refusal, error } = outcome;
  if (refusal.meaning === "logs_unavailable") {
    const reason = upstreamReason(error);
    profile.logsRefused(reason);
    throw new LogsRefusedError(reason, error);
  }
  profile.learn(refusal.hints);
  const width = span(range);
  const stated = refusal.hints.maxBlockRange === undefined ? undefined : BigInt(refusal.hints.maxBlockRange);
  const suggested = refusal.hints.suggestedRange;
  if (suggested && suggested.from >= range.from && suggested.to <= range.to && span(suggested) < width) {
    // A suggestion fits the logs at the range's start; the rest may be sparse, so it goes again
    // whole (at the stated size, if any) and brings its own suggestion if it is dense too.
    if (stated !== undefined && stated >= 1n) scan.size = minBig(scan.size, stated);
    const rest = suggested.to < range.to ? [{ from: suggested.to + 1n, to: range.to }] : [];
    const below = suggested.from > range.from ? [{ from: range.from, to: suggested.from - 1n }] : [];
    scan.retry({ ...suggested, sure: true }, ...rest, ...below);
    return;
  }
  if (stated !== undefined && stated >= 1n && stated < width) {
    scan.size = minBig(scan.size, stated);
    scan.retry(range);
    return;
  }
  if (width === 1n) {
    if (refusal.meaning === "timed_out") throw error;
    throw new RangeRefusedError(range.from, error);
  }
  const half = width / 2n;
  const callsLeft = BigInt(Math.max(0, scan.budget - scan.requests));
  const floor = callsLeft === 0n ? scan.remaining + 1n : (scan.remaining + callsLeft - 1n) / callsLeft;
  scan.retry(range);
  if (half < floor) {
    scan.stopped = true;
    return;
  }
  scan.size = minBig(scan.size, half);
  scan.probing = true;
}
