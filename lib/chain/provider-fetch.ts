// The HTTP exchange under viem's transport, where the provider's limits are kept (batch sizes, the
// shared rate limiter, 429 pauses, retries), so viem sees one answer per call. The details:
// providerFetch below.
import { readRefusalOf, type RpcErrorObject } from "./refusals";
import type { ProviderProfile } from "./provider-profile";
import type { NodeScope } from "./node-scope";
import { countNodeRefusal, countNodeRoundTrip } from "@/lib/metrics";
import { postToNode, type NodeAnswerHead } from "./node-http";

type Call = { id?: unknown; method?: unknown };
type Answer = { id?: unknown; error?: RpcErrorObject };

/**
 * A node's answer: its status line and headers (node-http.ts) and its text, parsed only when read.
 * `clean`: a 2xx body with no "error" anywhere in it, so no answer in it is a refusal and there is
 * nothing here to read it for: a clean batch goes to viem as the node wrote it, and viem parses it
 * anyway (a busy token's log batches, megabytes each, were parsed twice).
 */
type Reply = { response: NodeAnswerHead; text: string; readonly data: unknown; clean?: boolean };

function replyOf(response: NodeAnswerHead, text: string): Reply {
  let data: { value: unknown } | undefined;
  return {
    response,
    text,
    clean: response.ok && text.indexOf('"error"') === -1,
    get data() {
      return (data ??= { value: parse(text) }).value;
    },
  };
}

export type ProviderFetchOptions = {
  profile: ProviderProfile;
  /** The scope each send belongs to: its meter counts the send, its signal stops it. */
  scope: () => NodeScope | undefined;
  /** The longest this layer waits on a provider's Retry-After or pacing before it gives up with the 429. */
  maxWaitMs: number;
  /** Pause before asking again for a call a lagging backend could not serve. */
  staleRetryDelayMs?: number;
  /** The network the metrics count this provider's calls under. */
  network?: string;
};

const jsonHeaders = { "content-type": "application/json" };

const urlOf = (input: string | URL | Request) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorOf(value: unknown): RpcErrorObject | undefined {
  const error = (value as Answer | undefined)?.error;
  return error && typeof error === "object" ? error : undefined;
}

/** Retry-After in seconds or as an HTTP date, in ms; absent or unreadable, undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: jsonHeaders });
}

type RateLimit = { stated?: number; said?: { code: number; message: string } };

function saidOf(error: RpcErrorObject | undefined): RateLimit["said"] {
  return typeof error?.code === "number" && typeof error.message === "string" ? { code: error.code, message: error.message } : undefined;
}

/** A whole-request rate limit: HTTP 429, or one JSON-RPC error that reads as one. */
function rateLimitOf(reply: Reply): RateLimit | undefined {
  const single = Array.isArray(reply.data) ? (reply.data.length === 1 ? reply.data[0] : undefined) : reply.data;
  const error = errorOf(single);
  const refusal = readRefusalOf(error);
  if (reply.response.status === 429 || refusal?.meaning === "rate_limited") return { stated: refusal?.hints.maxRps, said: saidOf(error) };
  return undefined;
}

/** The batch as a whole refused for its size: one error for many calls, or HTTP 413. */
function batchRefusal(reply: Reply, sent: number): { maxBatch?: number } | undefined {
  if (sent < 2 || reply.clean) return undefined;
  if (reply.response.status === 413) return {};
  const answers = Array.isArray(reply.data) ? reply.data : [reply.data];
  if (answers.length >= sent && !answers.every((answer) => readRefusalOf(errorOf(answer))?.meaning === "batch_too_large")) return undefined;
  const refusal = readRefusalOf(errorOf(answers[0]));
  return refusal?.meaning === "batch_too_large" ? { maxBatch: refusal.hints.maxBatch } : undefined;
}

const idOf = (value: { id?: unknown } | undefined) => JSON.stringify(value?.id ?? null);

/** Answer lists that are exactly the node's reply, with its text: nothing was replaced, added or dropped. */
const verbatim = new WeakMap<Answer[], string>();

/**
 * Answers as the node sent them, when they are one per call and every call's id is among them:
 * viem pairs answers with calls by id, so the node's own text can reach it unchanged.
 */
function answersAsSent(calls: readonly Call[], answers: readonly Answer[]): boolean {
  if (answers.length !== calls.length) return false;
  const ids = new Set(answers.map(idOf));
  return ids.size === calls.length && calls.every((call) => ids.has(idOf(call)));
}

/** Answers in the order of their calls: by id, or by position from a node that does not echo ids. */
function align(calls: readonly Call[], answers: readonly Answer[]): Answer[] | undefined {
  const byId = new Map(answers.map((answer) => [idOf(answer), answer]));
  if (calls.every((call) => byId.has(idOf(call)))) return calls.map((call) => byId.get(idOf(call))!);
  // viem pairs answers with calls by id, so ours carry the ids we sent.
  return answers.length === calls.length ? answers.map((answer, i) => ({ ...answer, id: calls[i].id })) : undefined;
}

/** `answers` with those of `again` (asked a second time) in their place. */
function replace(calls: readonly Call[], answers: readonly Answer[], again: readonly Call[], second: readonly Answer[]): Answer[] {
  const aligned = align(again, second);
  if (!aligned) return [...answers];
  const secondById = new Map(again.map((call, i) => [idOf(call), aligned[i]]));
  return calls.map((call, i) => secondById.get(idOf(call)) ?? answers[i]);
}

/**
 * Batch caps seen in the field, largest first: geth's and Alchemy's 1,000, NodeReal's 500, Erigon's
 * and Nethermind's 100, Besu's 50, and the 10s and 3s of public endpoints and free tiers. A refusal
 * that states no size is met with the next one down, so a cap of 10 is found in two refusals.
 */
const commonBatchCaps = [1000, 500, 100, 50, 20, 10, 5, 3, 1];

function commonCapBelow(size: number): number {
  return commonBatchCaps.find((cap) => cap < size) ?? 1;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const methodOf = (call: Call | undefined) => (typeof call?.method === "string" ? call.method : "unknown");

/**
 * Counts what the node refused in this reply, by method: a whole-request rate limit (HTTP 429)
 * refuses every call sent; otherwise each answer's error is read against the refusal table, and
 * its method found by the answer's id (a lone call's answer, or one without an id, by position).
 */
function countRefusals(network: string, sent: readonly (Call | undefined)[], reply: Reply) {
  if (reply.response.status === 429) {
    for (const call of sent) countNodeRefusal(network, methodOf(call), "rate_limited");
    return;
  }
  const answers: (Answer | undefined)[] = Array.isArray(reply.data) ? reply.data : [reply.data as Answer | undefined];
  const byId = new Map(sent.map((call) => [idOf(call), call]));
  answers.forEach((answer, i) => {
    const refusal = readRefusalOf(errorOf(answer));
    if (!refusal) return;
    const call = sent.length === 1 ? sent[0] : (byId.get(idOf(answer)) ?? sent[i]);
    countNodeRefusal(network, methodOf(call), refusal.meaning);
  });
}

/**
 * A fetch for viem's http transport that keeps one provider's limits.
 *
 * The HTTP exchange under viem's transport, where the provider's limits are kept: batches larger
 * than the provider takes are split (and a "batch too large" teaches the size), every send waits
 * its turn at the provider's shared rate limiter, a 429 pauses that limiter for everyone for its
 * Retry-After, calls a lagging backend could not serve are asked once more, and so is a part of a
 * split batch that failed on the way. viem sees one
 * answer per call, as if the provider had no limits; what it cannot be spared (a pause longer than
 * a request may wait, a refusal that persists) reaches it as the provider's own error.
 */
export function providerFetch(options: ProviderFetchOptions): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const { profile, maxWaitMs } = options;
  const network = options.network ?? "unknown";
  const staleDelay = options.staleRetryDelayMs ?? 250;

  return async (input, init = {}) => {
    const scope = options.scope();
    // The API request's own signal (deadline, client gone) cancels its node requests too.
    const signal = scope?.signal && init.signal ? AbortSignal.any([init.signal, scope.signal]) : (scope?.signal ?? init.signal ?? undefined);
    const body = typeof init.body === "string" ? init.body : undefined;

    const post = async (payload: string, sent: readonly (Call | undefined)[], attempt = 0): Promise<Reply> => {
      const calls = sent.length;
      const wait = profile.limiter.reserve(calls);
      if (wait > maxWaitMs) {
        profile.limiter.release(calls);
        // The provider's own words, with why we did not wait for it.
        const said = profile.lastRateLimit ?? { code: 429, message: "rate limited" };
        const data = { jsonrpc: "2.0", id: null, error: { code: said.code, message: `${said.message} (a wait of ${Math.ceil(wait / 1000)} s, longer than a request may take)` } };
        const text = JSON.stringify(data);
        return { response: { status: 429, statusText: "", ok: false, headers: new Headers(jsonHeaders) }, text, data };
      }
      await sleep(wait, signal);
      const answered = scope?.meter.record(calls);
      profile.limiter.sent(calls);
      countNodeRoundTrip(network, sent.map(methodOf));
      let response: NodeAnswerHead;
      let text: string;
      try {
        ({ text, ...response } = await postToNode(urlOf(input), payload, { headers: init.headers, method: init.method, signal }));
      } finally {
        answered?.();
      }
      const reply = replyOf(response, text);
      if (reply.clean) return reply;
      countRefusals(network, sent, reply);
      const limited = rateLimitOf(reply);
      if (!limited) return reply;
      const after = retryAfterMs(response.headers.get("retry-after"));
      profile.rateLimited(after, limited.stated, limited.said);
      if (attempt < 2 && (after ?? 1_000) <= maxWaitMs) return post(payload, sent, attempt + 1);
      // viem would wait out the Retry-After again on its own, beyond the request's deadline; the limiter's pause already holds it.
      const headers = new Headers(response.headers);
      headers.delete("retry-after");
      return { ...reply, response: { ...response, headers } };
    };

    const passThrough = (reply: Reply) =>
      new Response(reply.text, { status: reply.response.status, statusText: reply.response.statusText, headers: reply.response.headers });

    // Answers a lagging backend or a rate limit spoiled inside a batch, asked once more after a pause.
    // `answers` are in the order of `calls`.
    const askAgain = async (calls: Call[], answers: Answer[]): Promise<Answer[] | Reply> => {
      const refusals = answers.map((answer) => readRefusalOf(errorOf(answer)));
      const again = calls.filter((_, i) => refusals[i]?.meaning === "state_not_available" || refusals[i]?.meaning === "rate_limited");
      if (again.length === 0) return answers;
      const limitedAt = refusals.findIndex((refusal) => refusal?.meaning === "rate_limited");
      // The limiter's pause (a second, or the stated rate) holds the second try back.
      if (limitedAt >= 0) profile.rateLimited(undefined, refusals[limitedAt]!.hints.maxRps, saidOf(errorOf(answers[limitedAt])));
      await sleep(staleDelay, signal);
      const retried = await exchange(again, false);
      if (Array.isArray(retried)) return replace(calls, answers, again, retried);
      // A second try we held back for a rate limit leaves the first words standing; one that failed
      // on the way (a 503, a reset) is what the caller retries.
      return retried.response.status === 429 ? answers : retried;
    };

    /**
     * Sends calls as batches the provider takes; answers in any order (viem sorts them by id), or the
     * reply that failed them. `payload` is the calls as viem wrote them: sent as it is when the
     * provider takes them in one batch, rather than written again.
     */
    const exchange = async (calls: Call[], retryOnce: boolean, payload?: string): Promise<Answer[] | Reply> => {
      if (calls.length === 0) return [];
      const max = profile.limits().maxBatch;
      if (calls.length > max) {
        const parts = await Promise.all(chunks(calls, max).map((part) => exchangePart(part, retryOnce)));
        const failed = parts.find((part): part is Reply => !Array.isArray(part));
        return failed ?? (parts as Answer[][]).flat();
      }
      const reply = await post(payload ?? JSON.stringify(calls), calls);
      const refused = batchRefusal(reply, calls.length);
      if (refused) {
        const stated = refused.maxBatch !== undefined && refused.maxBatch < calls.length ? refused.maxBatch : undefined;
        profile.learn({ maxBatch: stated ?? commonCapBelow(calls.length) });
        // The first part alone first: if the size is still too large, only it is refused again.
        const size = profile.limits().maxBatch;
        const first = await exchange(calls.slice(0, size), retryOnce);
        if (!Array.isArray(first)) return first;
        const rest = await exchange(calls.slice(size), retryOnce);
        return Array.isArray(rest) ? [...first, ...rest] : rest;
      }
      // The whole batch answered with no error in it: viem pairs the answers with their calls by id (by
      // position where a node leaves the ids out, as align would).
      if (!reply.response.ok || (payload !== undefined && reply.clean)) return reply;
      const received = Array.isArray(reply.data) ? (reply.data as Answer[]) : reply.data && typeof reply.data === "object" ? [reply.data as Answer] : undefined;
      let answers = received && align(calls, received);
      // Answers we cannot pair with their calls go to viem as they came; it says what is missing.
      if (!answers) return reply;
      // Unless something below replaces an answer, the node's own text is what viem reads.
      if (Array.isArray(reply.data) && answersAsSent(calls, received!)) verbatim.set(answers, reply.text);

      // geth answers a batch until its answers pass --rpc.batch-response-max-size, then says
      // "response too large" for the rest: those go again in a batch of their own (the first
      // call is always answered, so each round makes progress).
      const tooLarge = calls.filter((_, i) => i > 0 && readRefusalOf(errorOf(answers![i]))?.meaning === "response_too_large");
      if (tooLarge.length > 0) {
        const rest = await exchange(tooLarge, retryOnce);
        if (!Array.isArray(rest)) return rest;
        answers = replace(calls, answers, tooLarge, rest);
      }
      return retryOnce ? askAgain(calls, answers) : answers;
    };

    // One part of a split batch failing on the way (a 5xx, a dropped connection) fails viem's whole
    // batch, and viem sends every part again, each with its own chance to fail: the part alone is
    // sent once more first, after a pause. A rate limit, a refusal or our own deadline is not.
    const exchangePart = async (part: Call[], retryOnce: boolean): Promise<Answer[] | Reply> => {
      try {
        const first = await exchange(part, retryOnce);
        if (Array.isArray(first) || first.response.status < 500) return first;
      } catch (error) {
        if (signal?.aborted) throw error;
      }
      await sleep(staleDelay, signal);
      return exchange(part, retryOnce);
    };

    const parsed = body === undefined ? undefined : parse(body);
    if (Array.isArray(parsed)) {
      const result = await exchange(parsed as Call[], true, body);
      if (!Array.isArray(result)) return passThrough(result);
      // A batch answered in full at the first try reaches viem as the node wrote it: no second
      // serialisation (a simulation round's answer is tens of kilobytes).
      const text = verbatim.get(result);
      return text === undefined ? jsonResponse(result) : new Response(text, { status: 200, headers: jsonHeaders });
    }
    const single = [parsed as Call | undefined];
    const reply = await post(body ?? "", single);
    if (!reply.response.ok || !parsed) return passThrough(reply);
    // A lagging backend behind a load balancer says "header not found" for a block its peers have.
    if (reply.clean || readRefusalOf(errorOf(reply.data))?.meaning !== "state_not_available") return passThrough(reply);
    await sleep(staleDelay, signal);
    const second = await post(body ?? "", single);
    return passThrough(second.response.status === 429 ? reply : second);
  };
}
