// The refusal table against providers' real words, as they reach us through viem: each text
// to its meaning, and the sizes and ranges it states read out of it. The texts are quoted from
// the sources named in lib/chain/refusals.ts.
import { HttpRequestError, ResponseBodyTooLargeError, RpcRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { readRefusal, readRefusalOf, statedCount, suggestedRangeIn, type RefusalHints, type RefusalMeaning } from "@/lib/chain/refusals";
import { classifyChainError, faultKindOf, upstreamError } from "@/lib/chain/upstream";
import { providerLimitsFromEnv, ProviderProfile, RateLimiter } from "@/lib/chain/provider-profile";
import { retryAfterMs } from "@/lib/chain/provider-fetch";

const url = "https://provider.example/v2/KEY";

function rpc(code: number, message: string, data?: unknown): RpcRequestError {
  return new RpcRequestError({ body: { method: "eth_getLogs" }, error: { code, message, data }, url });
}

type Case = [who: string, error: unknown, meaning: RefusalMeaning, hints?: RefusalHints];

const cases: Case[] = [
  // eth_getLogs ranges and results
  [
    "Alchemy free tier",
    rpc(-32600, "Under the Free tier plan, you can make eth_getLogs requests with up to a 10 block range. Based on your parameters, this block range should work: [0x121eac0, 0x121eac9]. Upgrade to PAYG for expanded block range."),
    "range_too_large",
    { maxBlockRange: 10, suggestedRange: { from: 0x121eac0n, to: 0x121eac9n } },
  ],
  [
    "Alchemy free tier (500 blocks)",
    rpc(-32600, "You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x1be4213, 0x1be4406]"),
    "range_too_large",
    { maxBlockRange: 500, suggestedRange: { from: 0x1be4213n, to: 0x1be4406n } },
  ],
  [
    "Alchemy pay-as-you-go (the 2K is not a cap: wide ranges pass under 10K logs)",
    rpc(-32602, "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range " +
      "and no limit on the response size, or you can request any block range with a cap of 10K logs in the " +
      "response. Based on your parameters and the response size limit, this block range should work: [0x0, " +
      "0xd043b8]"),
    "range_too_large",
    { maxLogs: 10_000, suggestedRange: { from: 0n, to: 0xd043b8n } },
  ],
  [
    "Infura result cap",
    rpc(-32005, "query returned more than 10000 results. Try with this block range [0x112A880, 0x112A908]."),
    "range_too_large",
    { maxLogs: 10_000, suggestedRange: { from: 0x112a880n, to: 0x112a908n } },
  ],
  ["Infura range cap", rpc(-32602, "range 1000000 exceeds limit of 10000"), "range_too_large", { maxBlockRange: 10_000 }],
  [
    "reth / LlamaRPC / Ankr result cap",
    rpc(-32602, "query exceeds max results 20000, retry with the range 23879634-23879696"),
    "range_too_large",
    { maxLogs: 20_000, suggestedRange: { from: 23879634n, to: 23879696n } },
  ],
  ["reth range cap", rpc(-32602, "query exceeds max block range 100000"), "range_too_large", { maxBlockRange: 100_000 }],
  [
    "QuickNode (HTTP 413 with a JSON-RPC body)",
    new HttpRequestError({ status: 413, url, details: JSON.stringify({ code: -32614, message: "eth_getLogs is limited to a 10,000 range" }) }),
    "range_too_large",
    { maxBlockRange: 10_000 },
  ],
  [
    "BlockPI",
    rpc(-32602, "eth_getLogs is limited to 1024 block range. Please check the parameter requirements at  https://docs.blockpi.io/documentations/api-reference"),
    "range_too_large",
    { maxBlockRange: 1024 },
  ],
  ["Coinbase (Base)", rpc(-32005, "please limit the query to at most 1000 blocks"), "range_too_large", { maxBlockRange: 1000 }],
  ["Cloudflare", rpc(-32047, "Invalid eth_getLogs request. 'fromBlock'-'toBlock' range too large. Max range: 800"), "range_too_large", { maxBlockRange: 800 }],
  ["dRPC free tier", rpc(35, "ranges over 10000 blocks are not supported on freetier"), "range_too_large", { maxBlockRange: 10_000 }],
  ["Ankr", rpc(-32600, "block range is too wide"), "range_too_large", {}],
  ["Ankr (newer gateways)", rpc(-32602, "maximum [from, to] blocks distance: 10000"), "range_too_large", { maxBlockRange: 10_000 }],
  ["BNB Chain node", rpc(-32000, "exceed maximum block range: 5000"), "range_too_large", { maxBlockRange: 5000 }],
  ["PublicNode", rpc(-32000, "maximum block range: 2000"), "range_too_large", { maxBlockRange: 2000 }],
  ["Moonbeam", rpc(-32000, "block range is too wide (maximum 1024)"), "range_too_large", { maxBlockRange: 1024 }],
  ["Morph", rpc(-32000, "block range is larger than max block range, block range = 5120, max block range = 5000"), "range_too_large", { maxBlockRange: 5000 }],
  ["Blast", rpc(-32000, "exceeds the range allowed for your plan (5000 > 3000)"), "range_too_large", { maxBlockRange: 3000 }],
  ["Avalanche", rpc(-32000, "requested too many blocks from 1000 to 6000, maximum is set to 2048"), "range_too_large", { maxBlockRange: 2048 }],
  ["Merkle", rpc(-32603, "eth_getLogs range is too large, max is 1k blocks"), "range_too_large", { maxBlockRange: 1000 }],
  ["thirdweb (words in data)", rpc(-32602, "invalid params", "range 20000 is bigger than range limit 2000"), "range_too_large", { maxBlockRange: 2000 }],
  [
    "Tenderly (words in a data object)",
    rpc(-32602, "invalid params", { error_id: "4ed94073-0317-4648-a167-107fba5f44b3", payload: "range 9009594 is bigger than range limit 2000" }),
    "range_too_large",
    { maxBlockRange: 2000 },
  ],
  ["Arbitrum", rpc(-32000, "logs matched by query exceeds limit of 10000"), "range_too_large", { maxLogs: 10_000 }],
  ["Chainstack", rpc(-32000, "Block range limit exceeded."), "range_too_large", {}],
  ["Base", rpc(-32000, "block range too large"), "range_too_large", {}],
  ["Optimism", rpc(-32000, "Block range is too large"), "range_too_large", {}],
  ["Candle", rpc(-32600, "block range too high"), "range_too_large", {}],
  ["Scroll", rpc(-32000, "block range is bigger than maxBlockRange"), "range_too_large", {}],

  // logs switched off
  ["BNB Chain public endpoint", rpc(-32005, "limit exceeded"), "logs_unavailable", {}],

  // answers too large
  ["geth batch response size", rpc(-32003, "response too large"), "response_too_large", {}],
  ["Optimism", rpc(-32000, "backend response too large"), "response_too_large", {}],
  ["1RPC", rpc(-32000, "response size should not greater than 10000000 bytes"), "response_too_large", {}],
  ["an answer over viem's read limit", new ResponseBodyTooLargeError({ size: 20_000_000, maxSize: 10_485_760 } as never), "response_too_large", {}],

  // batches
  ["geth --rpc.batch-request-limit", rpc(-32600, "batch too large"), "batch_too_large", {}],
  ["Erigon", rpc(-32000, "batch limit 100 exceeded: 142 requests given"), "batch_too_large", { maxBatch: 100 }],
  ["reth (jsonrpsee)", rpc(-32010, "The batch request was too large", "Exceeded max limit of 3"), "batch_too_large", { maxBatch: 3 }],
  ["proxyd (Base public)", rpc(-32014, "too many RPC calls in batch request"), "batch_too_large", {}],
  ["Nethermind", rpc(-32005, "Batch size limit exceeded"), "batch_too_large", {}],

  // rate limits
  ["QuickNode", rpc(-32007, "15/second request limit reached - reduce calls per second or upgrade your account at quicknode.com"), "rate_limited", { maxRps: 15 }],
  [
    "Alchemy",
    rpc(429, "Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput"),
    "rate_limited",
    {},
  ],
  ["Alchemy monthly", rpc(-32600, "Monthly capacity limit exceeded. Visit https://dashboard.alchemyapi.io/settings/billing to upgrade your scaling policy for continued service."), "rate_limited", {}],
  ["Infura", rpc(-32005, "daily request count exceeded, request rate limited"), "rate_limited", {}],
  ["Chainstack", rpc(-32000, "You've exceeded the RPS limit available on the current plan."), "rate_limited", {}],
  ["proxyd", rpc(-32016, "over rate limit"), "rate_limited", {}],
  ["a plain -32005 rate limit", rpc(-32005, "rate limit exceeded"), "rate_limited", {}],

  // methods
  ["geth / Infura / BNB Chain", rpc(-32601, "the method ots_getContractCreator does not exist/is not available"), "method_not_offered", {}],
  ["Nethermind", rpc(-32601, "The method 'ots_getContractCreator' is not supported."), "method_not_offered", {}],
  ["Alchemy", rpc(-32600, "Unsupported method: ots_getContractCreator. See available methods at https://docs.alchemy.com/alchemy/documentation/apis"), "method_not_offered", {}],

  // old state
  ["geth full node", rpc(-32000, "missing trie node ef7df5d88cb1614dc3f143879a653cd90717ee42e967c5fabbcd7505a968f314 (path )"), "state_not_available", {}],
  ["Polygon bor", rpc(-32000, "missing trie node c6eb (path ) state 0xc6eb is not available, not found"), "state_not_available", {}],
  ["a lagging backend", rpc(-32000, "header not found"), "state_not_available", {}],
  ["geth path archive", rpc(-32000, "historical state not available in path scheme yet"), "state_not_available", {}],
  ["geth history expiry", rpc(-32000, "pruned history unavailable"), "state_not_available", {}],
  ["Infura without archive", rpc(-32002, "project ID does not have access to archive state"), "state_not_available", {}],
  ["Nethermind", rpc(-32000, "No state available for block 0x4a8411"), "state_not_available", {}],
  [
    "Nethermind (internal error)",
    rpc(-32603, "Internal error", "Nethermind.Trie.MissingTrieNodeException: Node A: P:2 H:0x992eacd1 is missing from the DB"),
    "state_not_available",
    {},
  ],
  ["reth", rpc(-32000, "state at block #17000000 is pruned"), "state_not_available", {}],
  ["Erigon", rpc(-32000, "state transitaion failed: seek with txNum=1962853355 but data before txNum=2662500000 is not available: blockNum=16999999"), "state_not_available", {}],
  ["OpenEthereum", rpc(-32000, "This request is not supported because your node is running with state pruning. Run with --pruning=archive."), "state_not_available", {}],
  ["anvil", rpc(-32602, "BlockOutOfRangeError: block height is 0 but requested was 256"), "state_not_available", {}],

  // timeouts
  ["geth", rpc(-32002, "request timed out"), "timed_out", {}],
  ["Infura", rpc(-32005, "query timeout exceeded"), "timed_out", {}],
  ["dRPC free tier", rpc(30, "Request timeout on the free tier, please upgrade your tier to the paid one"), "timed_out", {}],
];

describe("the refusal table", () => {
  it.each(cases)("%s", (_who, error, meaning, hints) => {
    const refusal = readRefusal(error);
    expect(refusal?.meaning).toBe(meaning);
    expect(refusal?.hints).toEqual(hints ?? {});
  });

  it.each([
    ["a revert", rpc(3, "execution reverted: no name")],
    ["our own bad request", rpc(-32602, "invalid argument 0: hex string without 0x prefix")],
    ["a plain HTTP 503", new HttpRequestError({ status: 503, url, details: "Service Unavailable" })],
    ["a code the words need but do not have: -32000 limit exceeded", rpc(-32000, "limit exceeded")],
    ["a program error", new TypeError("x is undefined")],
  ])("knows nothing of %s", (_label, error) => {
    expect(readRefusal(error)).toBeUndefined();
  });

  it("reads error objects straight from an answer", () => {
    expect(readRefusalOf({ code: -32600, message: "batch too large" })?.meaning).toBe("batch_too_large");
    expect(readRefusalOf({ code: -32010, message: "The batch request was too large", data: "Exceeded max limit of 10" })?.hints).toEqual({ maxBatch: 10 });
    expect(readRefusalOf({ code: -32000, message: "header not found" })?.meaning).toBe("state_not_available");
    expect(readRefusalOf(undefined)).toBeUndefined();
  });

  it("reads stated sizes and suggested ranges the ways providers write them", () => {
    expect([statedCount("10,000"), statedCount("2K"), statedCount("10k"), statedCount("1024")]).toEqual([10_000, 2000, 10_000, 1024]);
    expect(suggestedRangeIn("this block range should work: [0x10, 0x1f]")).toEqual({ from: 16n, to: 31n });
    expect(suggestedRangeIn("Try with this block range [0x112A880,0x112A908].")).toEqual({ from: 0x112a880n, to: 0x112a908n });
    expect(suggestedRangeIn("retry with the range 100-103")).toEqual({ from: 100n, to: 103n });
    expect(suggestedRangeIn("retry with the range 103-100")).toBeUndefined();
    expect(suggestedRangeIn("no range here")).toBeUndefined();
  });
});

describe("what the API makes of a refusal", () => {
  it("a refusal the table knows is the node's fault whatever its code, never our 500", () => {
    expect(classifyChainError(rpc(-32602, "query exceeds max results 20000, retry with the range 1-2"))).toBe("upstream");
    expect(classifyChainError(rpc(-32602, "BlockOutOfRangeError: block height is 0 but requested was 256"))).toBe("upstream");
    expect(classifyChainError(rpc(-32600, "batch too large"))).toBe("upstream");
    expect(classifyChainError(rpc(35, "ranges over 10000 blocks are not supported on freetier"))).toBe("upstream");
    expect(classifyChainError(rpc(-32602, "invalid argument 0: hex string without 0x prefix"))).toBe("other");
  });

  it("names what the node lacks", () => {
    const state = upstreamError("Ethereum", rpc(-32000, "missing trie node ef7d (path )"));
    expect(state).toMatchObject({
      kind: "state_not_available",
      message: "Ethereum node did not answer: it keeps no state for that block (an archive node does); JSON-RPC error -32000: missing trie node ef7d (path )",
    });
    expect(faultKindOf(rpc(-32005, "limit exceeded"))).toBe("method_not_offered");
    expect(faultKindOf(rpc(-32007, "15/second request limit reached - reduce calls per second"))).toBe("rate_limited");
    expect(upstreamError("Base", new HttpRequestError({ status: 413, url, details: JSON.stringify({ code: -32614, message: "eth_getLogs is limited to a 10,000 range" }) })).message).toBe(
      "Base node did not answer: JSON-RPC error -32614: eth_getLogs is limited to a 10,000 range",
    );
  });
});

describe("provider profiles", () => {
  it("reads each network's limits from its own settings, ignoring malformed values", () => {
    expect(providerLimitsFromEnv("base", { BASE_RPC_MAX_BLOCK_RANGE: "1000", BASE_RPC_MAX_BATCH: "10", BASE_RPC_MAX_RPS: "2.5", BASE_RPC_MAX_LOGS: "x", BASE_RPC_MAX_SCAN_REQUESTS: "0", ETH_RPC_MAX_BATCH: "5" })).toEqual({
      maxBlockRange: 1000n,
      maxBatch: 10,
      maxRps: 2.5,
      maxLogs: undefined,
      maxScanRequests: undefined,
    });
  });

  it("starts from the configured limits and only ever lowers them by what it learns", () => {
    const profile = new ProviderProfile("https://example").configure({ maxBatch: 50, maxBlockRange: 5000n });
    expect(profile.limits()).toMatchObject({ maxBatch: 50, maxBlockRange: 5000n, maxScanRequests: 1000 });
    profile.learn({ maxBlockRange: 10, maxBatch: 100 });
    profile.learn({ maxBlockRange: 2000 });
    expect(profile.limits()).toMatchObject({ maxBatch: 50, maxBlockRange: 10n });
    expect(new ProviderProfile("https://other").limits()).toMatchObject({ maxBatch: 100, maxBlockRange: undefined, maxRps: undefined });
  });

  it("paces calls at the rate, a batch costing each of its calls, and holds everyone during a pause", () => {
    let rps: number | undefined = 10;
    const limiter = new RateLimiter(() => rps);
    expect(limiter.reserve(10, 1_000)).toBe(0);
    expect(limiter.reserve(5, 1_000)).toBe(500);
    expect(limiter.reserve(5, 1_000)).toBe(1000);
    rps = undefined;
    expect(limiter.reserve(1_000, 1_000)).toBe(0);
    limiter.pause(3_000, 1_000);
    expect(limiter.reserve(1, 2_000)).toBe(2_000);
  });

  it("after a 429 takes the rate the provider states, or halves the rate that drew it", () => {
    const stated = new ProviderProfile("https://stated");
    stated.rateLimited(undefined, 15, undefined, 10_000);
    expect(stated.limits().maxRps).toBe(15);
    expect(stated.limiter.pausedFor(10_000)).toBe(1_000);

    const unstated = new ProviderProfile("https://unstated");
    unstated.limiter.sent(40, 9_500);
    unstated.rateLimited(2_000, undefined, undefined, 10_000);
    expect(unstated.limits().maxRps).toBe(20);
    unstated.rateLimited(2_000, undefined, undefined, 10_100);
    expect(unstated.limits().maxRps).toBe(20);
    expect(unstated.limiter.pausedFor(10_000)).toBe(2_100);
  });

  it("reads Retry-After in seconds or as a date", () => {
    expect(retryAfterMs("2", 0)).toBe(2000);
    expect(retryAfterMs("0.5", 0)).toBe(500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
  });
});
