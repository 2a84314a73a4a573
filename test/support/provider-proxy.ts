// A JSON-RPC provider of our own in front of a local anvil, answering as a real provider would
// under its published limits, in its own words, and counting what it was asked. The profiles and
// faults: startProviderProxy below.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { seeded } from "./seeded";

export type RpcCall = { jsonrpc?: string; id?: unknown; method: string; params?: unknown[] };
export type RpcError = { code: number; message: string; data?: unknown };
/** A refusal of one call: its error, and the HTTP status it comes with when it is the request's only call. */
export type CallRefusal = { error: RpcError; status?: number };
export type LogRange = { from: bigint; to: bigint };

export type FaultKind = "http_503" | "reset" | "lagging_backend";

export type ProviderRules = {
  name: string;
  /** Blocks per eth_getLogs call. */
  maxBlockRange?: { limit: number; refuse: (range: LogRange, limit: number) => CallRefusal };
  /** Logs per eth_getLogs answer; ranges up to `exemptUpTo` blocks pass whatever their size (Alchemy pay-as-you-go). */
  maxLogs?: { limit: number; exemptUpTo?: number; refuse: (range: LogRange, limit: number, lastFitting: bigint) => CallRefusal };
  /** Answers cut at this many logs without a word, as some gateways do. */
  silentLogCap?: number;
  /** eth_getLogs switched off altogether. */
  logsOff?: CallRefusal;
  methodsOff?: { methods: readonly string[]; refuse: (method: string) => CallRefusal };
  /** Calls per JSON-RPC batch, and the provider's answer to a bigger one. */
  maxBatch?: { limit: number; refuse: (calls: RpcCall[]) => { status: number; body: unknown } };
  /** geth's --rpc.batch-response-max-size: once a batch's results pass this many bytes, the calls after it get -32003. */
  maxBatchResponseBytes?: number;
  /** Calls per second (a batch counts each call); beyond it the whole request gets 429 with Retry-After. */
  rateLimit?: { rps: number; retryAfterSeconds?: number; refuse: (rps: number) => RpcError };
  /** Added to every answer. */
  latencyMs?: number;
  /** Per HTTP request, a seeded chance of a fault; at most `limit` of them when given. */
  faults?: { probability: number; seed: number; kinds: readonly FaultKind[]; limit?: number };
  /** A full node keeping state this many blocks below the head (geth: 128): older state reads get geth's "missing trie node". */
  keepStateBlocks?: number;
  /** eth_call with a state override refused, as by gateways that do not pass the third parameter on. */
  stateOverrideOff?: CallRefusal;
  /** eth_call with a block override (the fourth parameter) refused, as by nodes older than geth 1.11. */
  blockOverrideOff?: CallRefusal;
  /** eth_call's gas silently lowered to this, as geth's --rpc.gascap does ("Caller gas above allowance, capping"). */
  callGasCap?: number;
};

export type ProxyStats = {
  httpRequests: number;
  calls: number;
  byMethod: Record<string, number>;
  /** Refusals by the limit that made them. */
  refused: Record<string, number>;
  faults: Record<string, number>;
  /** State reads asked at "latest" (or "pending") instead of a block number, by method. */
  latestReads: Record<string, number>;
};

/** Where each state-reading method takes its block tag. */
const blockParamAt: Record<string, number> = { eth_call: 1, eth_simulateV1: 1, eth_getCode: 1, eth_getBalance: 1, eth_getTransactionCount: 1, eth_getStorageAt: 2, eth_getBlockByNumber: 0 };

function readsLatest(call: RpcCall): boolean {
  const params = (call.params ?? []) as unknown[];
  const tag = call.method === "eth_getLogs" ? (params[0] as { toBlock?: unknown; blockHash?: unknown } | undefined)?.toBlock ?? ((params[0] as { blockHash?: unknown })?.blockHash ? "hash" : "latest") : blockParamAt[call.method] === undefined ? null : params[blockParamAt[call.method]] ?? "latest";
  return tag === "latest" || tag === "pending";
}

export type ProviderProxy = {
  url: string;
  rules: ProviderRules;
  stats: ProxyStats;
  resetStats(): void;
  close(): Promise<void>;
};

const hex = (value: bigint) => `0x${value.toString(16)}`;
const upperHex = (value: bigint) => `0x${value.toString(16).toUpperCase()}`;
const thousands = (value: number) => value.toLocaleString("en-US");

/** Profiles from published limits and real answers; `over` scales a limit down for a small chain. */
export const providers = {
  /** Alchemy free tier: 10 blocks per eth_getLogs (HTTP 400, -32600, with a suggested range); no ots_. */
  alchemyFree: (over: { maxBlockRange?: number } = {}): ProviderRules => ({
    name: "Alchemy free",
    maxBlockRange: {
      limit: over.maxBlockRange ?? 10,
      refuse: (range, limit) => ({
        status: 400,
        error: {
          code: -32600,
          message: `Under the Free tier plan, you can make eth_getLogs requests with up to a ${limit} block range. Based on your parameters, this block range should work: [${hex(range.from)}, ${hex(range.from + BigInt(limit) - 1n)}]. Upgrade to PAYG for expanded block range.`,
        },
      }),
    },
    methodsOff: alchemyMethodsOff,
  }),
  /** Alchemy pay-as-you-go: any range while the answer stays under 10K logs, or up to 2K blocks whatever the answer. */
  alchemyPayg: (over: { maxLogs?: number; exemptUpTo?: number } = {}): ProviderRules => ({
    name: "Alchemy pay-as-you-go",
    maxLogs: {
      limit: over.maxLogs ?? 10_000,
      exemptUpTo: over.exemptUpTo ?? 2_000,
      refuse: (range, _limit, lastFitting) => ({
        error: {
          code: -32602,
          message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block ` +
            `range and no limit on the response size, or you can request any block range with a cap of 10K ` +
            `logs in the response. Based on your parameters and the response size limit, this block range ` +
            `should work: [${hex(range.from)}, ${hex(lastFitting)}]`,
        },
      }),
    },
    methodsOff: alchemyMethodsOff,
  }),
  /** Infura: 10,000 results per query (-32005 with a suggested range) and 10,000 blocks per query (-32602). */
  infura: (over: { maxLogs?: number; maxBlockRange?: number } = {}): ProviderRules => ({
    name: "Infura",
    maxBlockRange: {
      limit: over.maxBlockRange ?? 10_000,
      refuse: (range, limit) => ({ error: { code: -32602, message: `range ${range.to - range.from + 1n} exceeds limit of ${limit}` } }),
    },
    maxLogs: {
      limit: over.maxLogs ?? 10_000,
      refuse: (range, limit, lastFitting) => ({
        error: { code: -32005, message: `query returned more than ${limit} results. Try with this block range [${upperHex(range.from)}, ${upperHex(lastFitting)}].`, data: { from: hex(range.from), to: hex(lastFitting), limit } },
      }),
    },
    methodsOff: gethMethodsOff,
  }),
  /** QuickNode: 10,000 blocks per eth_getLogs (HTTP 413, -32614); a per-second rate with -32007 when `rps` is given. */
  quicknode: (over: { maxBlockRange?: number; rps?: number; retryAfterSeconds?: number } = {}): ProviderRules => ({
    name: "QuickNode",
    maxBlockRange: {
      limit: over.maxBlockRange ?? 10_000,
      refuse: (_range, limit) => ({ status: 413, error: { code: -32614, message: `eth_getLogs is limited to a ${thousands(limit)} range` } }),
    },
    methodsOff: gethMethodsOff,
    rateLimit:
      over.rps === undefined
        ? undefined
        : { rps: over.rps, retryAfterSeconds: over.retryAfterSeconds, refuse: (rps) => ({ code: -32007, message: `${rps}/second request limit reached - reduce calls per second or upgrade your account at quicknode.com` }) },
  }),
  /** geth with --rpc.batch-request-limit and --rpc.batch-response-max-size (defaults 1000 and 25 MB; public nodes run far lower). */
  geth: (over: { maxBatch?: number; maxBatchResponseBytes?: number } = {}): ProviderRules => ({
    name: "geth with batch limits",
    maxBatch: {
      limit: over.maxBatch ?? 10,
      // One error in an array, carrying the first call's id (rpc/handler.go respondWithBatchTooLarge).
      refuse: (calls) => ({ status: 200, body: [{ jsonrpc: "2.0", id: calls.find((call) => call.id !== undefined)?.id ?? null, error: { code: -32600, message: "batch too large" } }] }),
    },
    maxBatchResponseBytes: over.maxBatchResponseBytes,
    methodsOff: gethMethodsOff,
  }),
  /** BNB Chain's public endpoints: eth_getLogs switched off ("limit exceeded"), no ots_. */
  bnbPublic: (): ProviderRules => ({
    name: "BNB Chain public endpoint",
    logsOff: { error: { code: -32005, message: "limit exceeded" } },
    methodsOff: gethMethodsOff,
  }),
  /** reth with its defaults: 100,000 blocks per filter, 20,000 logs per answer (-32602 with the range that fitted). */
  reth: (over: { maxLogs?: number; maxBlockRange?: number } = {}): ProviderRules => ({
    name: "reth defaults",
    maxBlockRange: {
      limit: over.maxBlockRange ?? 100_000,
      refuse: (_range, limit) => ({ error: { code: -32602, message: `query exceeds max block range ${limit}` } }),
    },
    maxLogs: {
      limit: over.maxLogs ?? 20_000,
      refuse: (range, limit, lastFitting) => ({ error: { code: -32602, message: `query exceeds max results ${limit}, retry with the range ${range.from}-${lastFitting}` } }),
    },
    methodsOff: { methods: ["ots_getContractCreator"], refuse: () => ({ error: { code: -32601, message: "Method not found" } }) },
  }),
  /** Coinbase Developer Platform's Base nodes: 1,000 blocks per eth_getLogs. */
  coinbase: (over: { maxBlockRange?: number } = {}): ProviderRules => ({
    name: "Coinbase (Base)",
    maxBlockRange: { limit: over.maxBlockRange ?? 1000, refuse: (_range, limit) => ({ error: { code: -32005, message: `please limit the query to at most ${limit} blocks` } }) },
  }),
  /** dRPC free tier: 10,000 blocks per eth_getLogs (code 35). */
  drpcFree: (over: { maxBlockRange?: number } = {}): ProviderRules => ({
    name: "dRPC free",
    maxBlockRange: { limit: over.maxBlockRange ?? 10_000, refuse: (_range, limit) => ({ error: { code: 35, message: `ranges over ${limit} blocks are not supported on freetier` } }) },
  }),
  /** Base's public endpoint behind proxyd: small batches (-32014). */
  basePublic: (over: { maxBatch?: number } = {}): ProviderRules => ({
    name: "Base public (proxyd)",
    maxBatch: { limit: over.maxBatch ?? 10, refuse: () => ({ status: 200, body: { jsonrpc: "2.0", id: null, error: { code: -32014, message: "too many RPC calls in batch request" } } }) },
  }),
} as const;

const gethMethodsOff = {
  methods: ["ots_getContractCreator"],
  refuse: (method: string) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }),
};
const alchemyMethodsOff = {
  methods: ["ots_getContractCreator"],
  refuse: (method: string) => ({ status: 400, error: { code: -32600, message: `Unsupported method: ${method}. See available methods at https://docs.alchemy.com/alchemy/documentation/apis` } }),
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function logRange(call: RpcCall): LogRange | undefined {
  const filter = (call.params?.[0] ?? {}) as { fromBlock?: unknown; toBlock?: unknown };
  if (typeof filter.fromBlock !== "string" || typeof filter.toBlock !== "string") return undefined;
  if (!filter.fromBlock.startsWith("0x") || !filter.toBlock.startsWith("0x")) return undefined;
  return { from: BigInt(filter.fromBlock), to: BigInt(filter.toBlock) };
}

const stateReads: Record<string, number> = { eth_call: 1, eth_simulateV1: 1, eth_getBalance: 1, eth_getCode: 1, eth_getTransactionCount: 1, eth_getStorageAt: 2 };

/** The block a state read asks at, when it names one by number. */
function stateBlock(call: RpcCall): bigint | undefined {
  const position = stateReads[call.method];
  const tag = position === undefined ? undefined : call.params?.[position];
  return typeof tag === "string" && tag.startsWith("0x") ? BigInt(tag) : undefined;
}

/** The last block of the range whose logs, counted from the range's start, stay within `limit`. */
function lastFitting(range: LogRange, logs: Array<{ blockNumber?: string }>, limit: number): bigint {
  const perBlock = new Map<bigint, number>();
  for (const log of logs) {
    const block = BigInt(log.blockNumber ?? "0x0");
    perBlock.set(block, (perBlock.get(block) ?? 0) + 1);
  }
  let count = 0;
  for (const block of [...perBlock.keys()].sort((a, b) => (a < b ? -1 : 1))) {
    count += perBlock.get(block)!;
    if (count > limit) return block - 1n < range.from ? range.from : block - 1n;
  }
  return range.to;
}

export type ProxyOptions = {
  /**
   * Answer eth_getLogs above the node's head as empty blocks would (anvil refuses ranges past its
   * head, and mines too slowly to grow a chain of 100,000 blocks for a test).
   */
  emptyAboveHead?: boolean;
};

// A JSON-RPC provider of our own, in front of a local anvil: it answers as a real provider would
// under its published limits, in that provider's own words (HTTP status, JSON-RPC code and text,
// as quoted in the sources lib/chain/refusals.ts names), and counts what it was asked. Profiles
// below stand for Alchemy's free and pay-as-you-go plans, Infura, QuickNode, a geth node with
// batch limits, BNB Chain's public endpoint (no logs, no ots_), a reth node with its defaults,
// and a few more; each can be scaled down (a 10,000-log cap becomes 20) so a small chain hits it.
// Latency, 429s with Retry-After and random faults (seeded) come on top.
export async function startProviderProxy(upstreamUrl: string, rules: ProviderRules, options: ProxyOptions = {}): Promise<ProviderProxy> {
  const stats: ProxyStats = { httpRequests: 0, calls: 0, byMethod: {}, refused: {}, faults: {}, latestReads: {} };
  const random = seeded(rules.faults?.seed ?? 1);
  const faultedInARow = new Map<string, number>();
  const bucket = { tokens: rules.rateLimit?.rps ?? 0, at: Date.now() };
  const refused = (rule: string) => (stats.refused[rule] = (stats.refused[rule] ?? 0) + 1);
  /** Calls a lagging backend spoiled: asked again, the balancer sends them to a backend that is up to date. */
  const spoiled = new Set<string>();

  type Upstream = { id?: unknown; result?: unknown; error?: RpcError };
  const send = async (calls: RpcCall[]): Promise<Upstream[]> => {
    if (calls.length === 0) return [];
    const response = await fetch(upstreamUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(calls) });
    return (await response.json()) as Upstream[];
  };
  const upstreamHead = async () => BigInt((await send([{ jsonrpc: "2.0", id: 0, method: "eth_blockNumber" }]))[0].result as string);

  const forward = async (calls: RpcCall[]): Promise<Upstream[]> => {
    if (!options.emptyAboveHead || !calls.some((call) => call.method === "eth_getLogs")) return send(calls);
    const nodeHead = await upstreamHead();
    const empty: Upstream[] = [];
    const onward: RpcCall[] = [];
    for (const call of calls) {
      const range = call.method === "eth_getLogs" ? logRange(call) : undefined;
      if (!range || range.to <= nodeHead) onward.push(call);
      else if (range.from > nodeHead) empty.push({ id: call.id, result: [] });
      else onward.push({ ...call, params: [{ ...(call.params![0] as object), toBlock: hex(nodeHead) }] });
    }
    return [...empty, ...(await send(onward))];
  };

  const answer = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
    }, rules.latencyMs ?? 0);

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    stats.httpRequests += 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return answer(response, 400, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
    }
    const isBatch = Array.isArray(parsed);
    const calls = (isBatch ? parsed : [parsed]) as RpcCall[];
    stats.calls += calls.length;
    for (const call of calls) {
      stats.byMethod[call.method] = (stats.byMethod[call.method] ?? 0) + 1;
      if (readsLatest(call)) stats.latestReads[call.method] = (stats.latestReads[call.method] ?? 0) + 1;
    }

    const faultsSoFar = Object.values(stats.faults).reduce((sum, count) => sum + count, 0);
    // A call is faulted at most twice in a row: faults are seeded per HTTP request, so the order
    // requests arrive in (which load changes) decides which are hit, and a run of faults on one
    // call longer than any client retries would make a test of surviving faults flaky. Counted per
    // call, not per request: a retried call may come back in a batch of other calls.
    const keys = calls.map((call) => JSON.stringify([call.method, call.params]));
    const first = keys[0];
    const hitInARow = Math.max(...keys.map((key) => faultedInARow.get(key) ?? 0));
    if (rules.faults && hitInARow < 2 && faultsSoFar < (rules.faults.limit ?? Infinity) && random() < rules.faults.probability) {
      for (const key of keys) faultedInARow.set(key, (faultedInARow.get(key) ?? 0) + 1);
      let kind = rules.faults.kinds[Math.floor(random() * rules.faults.kinds.length)];
      if (kind === "lagging_backend" && spoiled.has(first)) kind = "http_503";
      if (kind === "lagging_backend") spoiled.add(first);
      stats.faults[kind] = (stats.faults[kind] ?? 0) + 1;
      if (kind === "reset") return request.socket.destroy();
      if (kind === "http_503") {
        return setTimeout(() => response.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable"), rules.latencyMs ?? 0);
      }
      // A backend behind the balancer that has not seen the block yet answers the first call.
      const lagging = { jsonrpc: "2.0", id: calls[0].id, error: { code: -32000, message: "header not found" } };
      const rest = await forward(calls.slice(1));
      return answer(response, 200, isBatch ? [lagging, ...rest] : lagging);
    }

    for (const key of keys) faultedInARow.delete(key);

    if (rules.rateLimit) {
      const { rps } = rules.rateLimit;
      const now = Date.now();
      bucket.tokens = Math.min(rps, bucket.tokens + ((now - bucket.at) / 1000) * rps);
      bucket.at = now;
      if (bucket.tokens < calls.length) {
        refused("rateLimit");
        const retryAfter = rules.rateLimit.retryAfterSeconds ?? Math.max(1, Math.ceil((calls.length - bucket.tokens) / rps));
        return answer(response, 429, { jsonrpc: "2.0", id: isBatch ? null : calls[0].id, error: rules.rateLimit.refuse(rps) }, { "retry-after": String(retryAfter) });
      }
      bucket.tokens -= calls.length;
    }

    if (isBatch && rules.maxBatch && calls.length > rules.maxBatch.limit) {
      refused("maxBatch");
      const { status, body } = rules.maxBatch.refuse(calls);
      return answer(response, status, body);
    }

    const head = rules.keepStateBlocks === undefined ? undefined : await upstreamHead();
    // Each call: refused here, or sent on to the node (and perhaps refused once its answer is seen).
    const answers = new Map<number, { id?: unknown; result?: unknown; error?: RpcError; status?: number }>();
    const onward: Array<{ index: number; call: RpcCall }> = [];
    calls.forEach((call, index) => {
      const refuse = (rule: string, refusal: CallRefusal) => {
        refused(rule);
        answers.set(index, { id: call.id, error: refusal.error, status: refusal.status });
      };
      if (rules.methodsOff?.methods.includes(call.method)) return refuse("methodsOff", rules.methodsOff.refuse(call.method));
      if (rules.stateOverrideOff && call.method === "eth_call" && call.params?.[2] !== undefined) return refuse("stateOverrideOff", rules.stateOverrideOff);
      if (rules.blockOverrideOff && call.method === "eth_call" && call.params?.[3] !== undefined) return refuse("blockOverrideOff", rules.blockOverrideOff);
      if (rules.callGasCap !== undefined && call.method === "eth_call") capCallGas(call, rules.callGasCap, () => refused("callGasCap"));
      const block = stateBlock(call);
      if (rules.keepStateBlocks !== undefined && block !== undefined && head !== undefined && head - block > BigInt(rules.keepStateBlocks)) {
        return refuse("keepStateBlocks", { error: { code: -32000, message: `missing trie node ${"ab".repeat(32)} (path )` } });
      }
      if (call.method === "eth_getLogs") {
        if (rules.logsOff) return refuse("logsOff", rules.logsOff);
        const range = logRange(call);
        if (range && rules.maxBlockRange && range.to - range.from + 1n > BigInt(rules.maxBlockRange.limit)) {
          return refuse("maxBlockRange", rules.maxBlockRange.refuse(range, rules.maxBlockRange.limit));
        }
      }
      onward.push({ index, call });
    });
    const forwarded = await forward(onward.map(({ call }) => call));
    const byId = new Map(forwarded.map((entry) => [JSON.stringify(entry.id), entry]));
    for (const { index, call } of onward) {
      const entry = byId.get(JSON.stringify(call.id)) ?? { id: call.id, error: { code: -32603, message: "no answer from the node" } };
      const range = call.method === "eth_getLogs" ? logRange(call) : undefined;
      const logs = Array.isArray(entry.result) ? (entry.result as Array<{ blockNumber?: string }>) : undefined;
      const cap = rules.maxLogs;
      if (range && logs && cap && logs.length > cap.limit && range.to - range.from + 1n > BigInt(cap.exemptUpTo ?? 1)) {
        refused("maxLogs");
        const refusal = cap.refuse(range, cap.limit, lastFitting(range, logs, cap.limit));
        answers.set(index, { id: call.id, error: refusal.error, status: refusal.status });
        continue;
      }
      if (range && logs && rules.silentLogCap !== undefined && logs.length > rules.silentLogCap) {
        refused("silentLogCap");
        answers.set(index, { ...entry, result: logs.slice(0, rules.silentLogCap) });
        continue;
      }
      answers.set(index, entry);
    }

    let ordered = calls.map((_, index) => answers.get(index)!);
    if (isBatch && rules.maxBatchResponseBytes !== undefined) {
      let bytes = 0;
      let over = false;
      ordered = ordered.map((entry) => {
        if (over) {
          refused("maxBatchResponseBytes");
          return { id: entry.id, error: { code: -32003, message: "response too large" } };
        }
        bytes += JSON.stringify(entry.result ?? null).length;
        over = bytes > rules.maxBatchResponseBytes!;
        return entry;
      });
    }
    const only = ordered.length === 1 ? ordered[0] : undefined;
    const status = only?.status ?? 200;
    const body = ordered.map(({ status: _status, ...entry }) => ({ jsonrpc: "2.0", ...entry }));
    return answer(response, status, isBatch ? body : body[0]);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" }).end(String(error));
    });
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    rules,
    stats,
    resetStats() {
      Object.assign(stats, { httpRequests: 0, calls: 0, byMethod: {}, refused: {}, faults: {}, latestReads: {} });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

/** Lowers an eth_call's gas to the cap (counted as the rule's work), as a geth node with --rpc.gascap does, without an error. */
function capCallGas(call: RpcCall, cap: number, counted: () => void) {
  const request = call.params?.[0] as { gas?: string } | undefined;
  if (!request || typeof request !== "object") return;
  if (request.gas !== undefined && BigInt(request.gas) <= BigInt(cap)) return;
  request.gas = `0x${cap.toString(16)}`;
  counted();
}
