// Hot tokens: identical reads are computed once, shared while in flight and kept by block while the
// block is the head; every caller is still charged for the answer it receives.
import { createHash } from "node:crypto";
import type { ChainClient } from "@/lib/chain/clients";
import { currentNodeScope } from "@/lib/chain/node-scope";
import type { EndpointResult } from "@/lib/api-contract/endpoint";
import { RespClient } from "@/lib/redis/resp-client";
import { countKeptAnswer } from "@/lib/metrics";
import { serverLog } from "@/lib/log";
import { processWide } from "@/lib/process-wide";

export type KeptAnswer = { block: string; result: EndpointResult };

export type AnswerStore = {
  get(key: string): Promise<KeptAnswer | undefined>;
  set(key: string, answer: KeptAnswer): Promise<void>;
};

/** How long a kept answer may be asked for; whether it is still current is the head check's call. */
export const keptAnswerTtlMs = 60_000;

/** A bounded in-process store, oldest first out. */
export class MemoryAnswerStore implements AnswerStore {
  readonly #entries = new Map<string, { answer: KeptAnswer; expires: number }>();
  constructor(private readonly maxEntries = 1_000, private readonly now: () => number = Date.now) {}

  async get(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  async set(key: string, answer: KeptAnswer) {
    this.#entries.delete(key);
    this.#entries.set(key, { answer, expires: this.now() + keptAnswerTtlMs });
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}

/**
 * Answers shared by every instance through Redis, in front of this instance's own memory. Redis
 * failing never fails a read: the answer is computed as if nothing were kept.
 */
export class RedisAnswerStore implements AnswerStore {
  readonly #local = new MemoryAnswerStore();
  #warned = false;
  constructor(private readonly client: RespClient, private readonly prefix = "hot:") {}

  async get(key: string) {
    const local = await this.#local.get(key);
    if (local) return local;
    try {
      const raw = await this.client.call("GET", this.prefix + key);
      return typeof raw === "string" || Buffer.isBuffer(raw) ? (JSON.parse(String(raw)) as KeptAnswer) : undefined;
    } catch (error) {
      this.#warn(error);
      return undefined;
    }
  }

  async set(key: string, answer: KeptAnswer) {
    await this.#local.set(key, answer);
    try {
      await this.client.call("SET", this.prefix + key, JSON.stringify(answer), "PX", String(keptAnswerTtlMs));
    } catch (error) {
      this.#warn(error);
    }
  }

  #warn(error: unknown) {
    if (this.#warned) return;
    this.#warned = true;
    serverLog().warn({ err: error instanceof Error ? error.message : String(error) }, "hot reads: Redis did not keep or give an answer, reading from the node instead");
  }
}

const holder = processWide<{ answerStore: AnswerStore }>("lib/intel/runtime/hot-reads");

export function answerStore(env: Record<string, string | undefined> = process.env): AnswerStore {
  if (!holder.answerStore) holder.answerStore = env.REDIS_URL ? new RedisAnswerStore(RespClient.fromUrl(env.REDIS_URL)) : new MemoryAnswerStore();
  return holder.answerStore;
}

/** Forgets every kept answer (tests that rebuild a chain under the same URL). */
export function forgetKeptAnswers(store?: AnswerStore): void {
  holder.answerStore = store;
}

/** The read's identity: endpoint, network, node and input (addresses in any case are one address). */
export function readKey(endpoint: string, nodeUrl: string, input: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(input).sort().map((name) => [name, typeof input[name] === "string" ? (input[name] as string).toLowerCase() : input[name]]));
  return createHash("sha256").update(`${endpoint}\n${nodeUrl}\n${canonical}`).digest("base64url");
}

/** A read started before the head came back: stopped (its failure unseen) when the head is another block. */
function startEarly(block: bigint, read: (head: bigint, stop?: AbortSignal) => Promise<KeptAnswer>) {
  const controller = new AbortController();
  const answer = read(block, controller.signal);
  answer.catch(() => undefined);
  return { block, answer, stop: () => controller.abort(new Error("the head moved on; the read started at the block before is stopped")) };
}

/** Reads in flight, with the signal of the API request that started each (its deadline, its client leaving). */
const inFlight = new Map<string, { reading: Promise<KeptAnswer>; signal: AbortSignal | undefined }>();

/** The head each node told last, and when (ms): the next read may start at it while the head is asked again. */
const toldHeads = new Map<string, { block: bigint; at: number }>();

/** Forgets the heads nodes told (tests that rebuild a chain under the same URL). */
export function forgetToldHeads(): void {
  toldHeads.clear();
}

/** The node a read goes to, and how long a head it told stays worth starting a read at (its block interval). */
export type ReadNode = { url: string; blockIntervalMs: number; now?: () => number };

/**
 * Hot tokens: when a token trends, many callers ask the same read within seconds. Identical reads
 * are computed once:
 *
 *   - concurrent identical calls (same endpoint, network, node and input) share one in-flight
 *     read: the later callers wait for the first one's answer;
 *   - every read starts by learning the node's head (one eth_blockNumber), and is read at that
 *     block (node-scope.ts); a finished answer is kept by that block, and served to a later
 *     identical call only while the block is still the head, instead of the read's other rounds;
 *     a new block, a failed node or a different input reads afresh;
 *   - a read need not wait for the head: where the same node told a head within the last block
 *     interval, the read starts at that block while the head is asked, and stands only if the head
 *     is still that block (else it is stopped and the read starts again at the new head). Every
 *     answer is still read at the head the node gives during the request; the head's round trip
 *     no longer comes before the read's first round, but beside it.
 *
 * Answers are kept per instance, and in Redis as well when REDIS_URL is set, so every instance
 * serves one instance's read. Only successes are kept; a failure reaches everyone who shared it.
 * Every caller is charged for the answer it receives, as for any answer.
 *
 * The answer to `key`: shared while in flight, kept while its block is the head, else `read()` at
 * the head. A read whose starter gave up (deadline, client gone) is not joined, and a caller that
 * joined one that failed for that reason reads for itself: one caller's cancellation is not another's.
 * `read` gets the block, and a signal that stops it when it was started at a block that is no longer the head.
 * `client` is asked for only by a caller that asks the node the head itself: of a hundred identical
 * calls, the ninety-nine that join the first one's read make no client (a few hundred µs each).
 */
export async function sharedRead(key: string, client: () => ChainClient, store: AnswerStore, read: (head: bigint, stop?: AbortSignal) => Promise<KeptAnswer>, node?: ReadNode): Promise<EndpointResult> {
  const running = inFlight.get(key);
  if (running && !running.signal?.aborted) {
    try {
      const shared = (await running.reading).result;
      countKeptAnswer("shared");
      return shared;
    } catch (error) {
      if (!running.signal?.aborted) throw error;
    }
  }

  // Registered before the first node call, so callers arriving while the head is asked wait too.
  const reading = (async () => {
    const now = node?.now ?? Date.now;
    const told = node ? toldHeads.get(node.url) : undefined;
    const asked = client().getBlockNumber({ cacheTime: 0 }).then((head) => {
      if (node) toldHeads.set(node.url, { block: head, at: now() });
      return head;
    });
    const kept = await store.get(key);
    // Started at the head the node told last, unless an answer is kept at that block (then the head decides alone).
    const early = told && node && now() - told.at < node.blockIntervalMs && kept?.block !== told.block.toString() ? startEarly(told.block, read) : null;
    let head: bigint;
    try {
      head = await asked;
    } catch (error) {
      early?.stop();
      throw error;
    }
    if (kept && kept.block === head.toString()) {
      early?.stop();
      countKeptAnswer("kept");
      return kept;
    }
    countKeptAnswer("read");
    let answer: KeptAnswer;
    if (early && early.block === head) answer = await early.answer;
    else {
      early?.stop();
      answer = await read(head);
    }
    await store.set(key, answer);
    return answer;
  })();
  const entry = { reading, signal: currentNodeScope()?.signal };
  inFlight.set(key, entry);
  try {
    return (await reading).result;
  } finally {
    if (inFlight.get(key) === entry) inFlight.delete(key);
  }
}
