// What a node or provider means when it refuses a request, read from its own words: one table of
// real texts, most specific first. Where the texts come from and who cures each meaning:
// RefusalMeaning below.
import { BaseError, ResponseBodyTooLargeError } from "viem";
import { errorChain } from "@/lib/error-chain";

/**
 * What a node or provider means when it refuses a request, read from its own words. One table
 * of real texts, most specific first: the first entry whose pattern matches decides. Texts were
 * collected from the providers' answers as quoted in public issue threads and test suites (each
 * entry names where); nothing here guesses at a provider we have not seen answer.
 *
 * A refusal is not an outage: each meaning has one cure, applied by the layer that can apply it
 * (the transport splits batches and waits out rate limits, the log scanner narrows ranges, the
 * API answers 503 naming what the node cannot do).
 */
export type RefusalMeaning =
  /** The eth_getLogs range or its result is larger than the provider serves: narrow it. */
  | "range_too_large"
  /** An answer larger than the provider sends (a getLogs result, or a batch's answers). */
  | "response_too_large"
  /** eth_getLogs is switched off altogether: no range is small enough. */
  | "logs_unavailable"
  /** Too many calls in one JSON-RPC batch: send smaller batches. */
  | "batch_too_large"
  | "rate_limited"
  | "method_not_offered"
  /** The node has no state or history for that block (pruned, not an archive, or a lagging backend). */
  | "state_not_available"
  | "timed_out";

export type RefusalHints = {
  /** Blocks per eth_getLogs call the provider says it allows (a plan's limit, provider-wide). */
  maxBlockRange?: number;
  /** A range the provider says would work for this request, inclusive. */
  suggestedRange?: { from: bigint; to: bigint };
  /** Logs per eth_getLogs answer the provider says it allows. */
  maxLogs?: number;
  /** Calls per JSON-RPC batch the provider says it allows. */
  maxBatch?: number;
  /** Calls per second the provider says it allows. */
  maxRps?: number;
};

export type RefusalEntry = {
  meaning: RefusalMeaning;
  /** Who answers this way. */
  who: string;
  /** Where the text was read. */
  source: string;
  pattern: RegExp;
  /** Only with one of these JSON-RPC codes, where the words alone are too common to trust. */
  codes?: readonly number[];
  /** What the words state: from the match, or from everything the error says (`words`), where the number sits elsewhere. */
  hints?: (match: RegExpMatchArray, words: string) => RefusalHints;
};

export type Refusal = { meaning: RefusalMeaning; entry: RefusalEntry; hints: RefusalHints; code?: number; text: string };

/** "10,000", "2K", "10k", "1024" → a number. */
export function statedCount(text: string): number {
  const trimmed = text.trim().replace(/[,_]/g, "");
  const thousands = /k$/i.test(trimmed);
  const value = Number(thousands ? trimmed.slice(0, -1) : trimmed);
  return thousands ? value * 1000 : value;
}

const range = (group = 1) => (match: RegExpMatchArray): RefusalHints => ({ maxBlockRange: statedCount(match[group]) });
const logs = (group = 1) => (match: RegExpMatchArray): RefusalHints => ({ maxLogs: statedCount(match[group]) });
const batch = (group = 1) => (match: RegExpMatchArray): RefusalHints => ({ maxBatch: statedCount(match[group]) });

const ponder = "ponder-sh/ponder packages/utils/src/getLogsRetryHelper.ts and _test/";

export const refusalTable: readonly RefusalEntry[] = [
  // --- eth_getLogs switched off --------------------------------------------------------------
  {
    meaning: "logs_unavailable",
    who: "BNB Chain public endpoints (bsc-dataseed*.binance.org, defibit, ninicoin, nodereal public): eth_getLogs is disabled, every range is refused",
    source: "github.com/bnb-chain/bsc/issues/1215; github.com/bnb-chain/docs-site/issues/621",
    pattern: /^limit exceeded$/i,
    codes: [-32005],
  },

  // --- eth_getLogs ranges: stated limits first, then result-count caps, then bare refusals ----
  {
    // Pay-as-you-go: wide ranges pass while the answer stays under 10K logs; the 2K figure is not a hard cap.
    meaning: "range_too_large",
    who: "Alchemy (pay-as-you-go): Log response size exceeded … up to a 2K block range … cap of 10K logs … this block range should work: [0x…, 0x…]",
    source: `${ponder}alchemy.test.ts; github.com/ethers-io/ethers.js/issues/4703; github.com/bancorprotocol/webapp/issues/523`,
    pattern: /log response size exceeded/i,
    hints: (_match, words) => {
      const cap = /cap of ([\d,.]+k?) logs/i.exec(words);
      return cap ? { maxLogs: statedCount(cap[1]) } : {};
    },
  },
  {
    meaning: "range_too_large",
    who: "Alchemy (free tier, 10 and 500 blocks): [Under the Free tier plan, ]you can make eth_getLogs requests with up to a N block range. … this block range should work: [0x…, 0x…]",
    source: "github.com/boundless-xyz/boundless/issues/838; github.com/BobTheBuidler/dank_mids/issues/772; Alchemy free-tier answers quoted in public test suites",
    pattern: /you can make eth_getLogs requests with up to a ([\d,.]+k?) block range/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "reth, Base's reth nodes, Hyperliquid: query exceeds max block range N",
    source: "paradigmxyz/reth crates/rpc/rpc/src/eth/filter.rs (EthFilterError::QueryExceedsMaxBlocks); github.com/foundry-rs/foundry/issues/12687",
    pattern: /query exceeds max block range ([\d,]+)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "reth default, LlamaRPC, Ankr, Base's reth nodes: query exceeds max results 20000, retry with the range A-B",
    source: `paradigmxyz/reth EthFilterError::QueryExceedsMaxResults; ${ponder}llamarpc.test.ts, ankr.test.ts; github.com/base/base/issues/2421`,
    pattern: /query exceeds max results ([\d,]+)/i,
    hints: logs(),
  },
  {
    meaning: "range_too_large",
    who: "Infura, geth-based zkEVM, thirdweb: query returned more than 10000 results. Try with this block range [0x…, 0x…].",
    source: `${ponder}infura.test.ts, zkevm.test.ts; packages/utils/src/parseGetLogsError/parseGetLogsError.ts (thirdweb)`,
    pattern: /query returned more than ([\d,]+) results/i,
    hints: logs(),
  },
  {
    meaning: "range_too_large",
    who: "Infura (block-range limit): range N exceeds limit of 10000",
    source: "github.com/INFURA/infura/issues/237",
    pattern: /range \d+ exceeds limit of ([\d,]+)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "thirdweb, Tenderly: range N is bigger than range limit 2000",
    source: "ponder-sh/ponder parseGetLogsError.ts (thirdweb); github.com/bobanetwork/boba_legacy/issues/827 (Tenderly)",
    pattern: /range \d+ is bigger than range limit ([\d,]+)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "QuickNode (HTTP 413, code -32614), BlockPI: eth_getLogs is limited to a 10,000 range / to 1024 block range",
    source: "github.com/OffchainLabs/arbitrum-sdk/issues/609; ponder-sh/ponder parseGetLogsError/_test/quicknode.test.ts; github.com/foundry-rs/foundry/issues/12687 (BlockPI)",
    pattern: /eth_getLogs (?:and eth_newFilter )?(?:is|are) limited to (?:a )?([\d,.]+k?) (?:blocks? )?range/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Coinbase Developer Platform (Base nodes): please limit the query to at most 1000 blocks",
    source: `${ponder}coinbase.test.ts`,
    pattern: /please limit the query to at most ([\d,]+) blocks/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Cloudflare Ethereum gateway (code -32047): 'fromBlock'-'toBlock' range too large. Max range: 800",
    source: "ponder-sh/ponder parseGetLogsError.ts and _test/cloudflare.test.ts",
    pattern: /range too large\. max range: ([\d,]+)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "dRPC free tier (code 35): ranges over 10000 blocks are not supported on freetier",
    source: "github.com/foundry-rs/foundry/issues/12687",
    pattern: /ranges over ([\d,]+) blocks are not supported/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Ankr (newer gateways): maximum [from, to] blocks distance: 10000",
    source: "github.com/ponder-sh/ponder/issues/1940",
    pattern: /maximum \[from, to\] blocks distance: ([\d,]+)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "BNB Chain nodes (bsc geth), PublicNode: exceed maximum block range: 5000 / maximum block range: 2000",
    source: "github.com/AlphaWallet/alpha-wallet-android/issues/2736; ponder-sh/ponder getLogsRetryHelper.ts (publicnode)",
    pattern: /maximum block range: ([\d,]+)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Moonbeam/Frontier: block range is too wide (maximum 1024)",
    source: "github.com/moonbeam-foundation/moonbeam/pull/3250",
    pattern: /block range is too wide \(maximum ([\d,]+)\)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Morph: block range is larger than max block range, block range = 5120, max block range = 5000",
    source: "github.com/enviodev/hyperindex/issues/605",
    pattern: /max block range = ([\d,]+)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Blast (paid plans): exceeds the range allowed for your plan (5000 > 3000)",
    source: ponder,
    pattern: /exceeds the range allowed for your plan \(\d+ > ([\d,]+)\)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Avalanche C-Chain: requested too many blocks from A to B, maximum is set to 2048",
    source: ponder,
    pattern: /requested too many blocks from \d+ to \d+, maximum is set to ([\d,]+)/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Merkle and other gateways (code -32603): eth_getLogs range is too large, max is 1k blocks",
    source: "github.com/foundry-rs/foundry/issues/12687; ponder-sh/ponder getLogsRetryHelper.ts (merkle)",
    pattern: /eth_getLogs range is too large, max is ([\d,.]+k?) blocks/i,
    hints: range(),
  },
  {
    meaning: "range_too_large",
    who: "Arbitrum Nitro: logs matched by query exceeds limit of 10000",
    source: ponder,
    pattern: /logs matched by query exceeds limit of ([\d,]+)/i,
    hints: logs(),
  },
  {
    meaning: "range_too_large",
    who: "Ankr (code -32600), Chainstack, Optimism, Base, Candle, Scroll: block range is too wide / Block range limit exceeded. / Block range is too large / block range too large / block range too high / block range is bigger than maxBlockRange",
    source: `${ponder}; github.com/AlphaWallet/alpha-wallet-ios/issues/5277; github.com/scroll-tech/go-ethereum/pull/529`,
    pattern: /block range (?:is )?(?:too (?:wide|large|high|big)|limit exceeded|bigger than)/i,
  },

  // --- answers larger than sent ---------------------------------------------------------------
  {
    meaning: "response_too_large",
    who: "geth --rpc.batch-response-max-size (code -32003): response too large",
    source: "ethereum/go-ethereum rpc/errors.go (errMsgResponseTooLarge), rpc/handler.go; PR #26681",
    pattern: /^response too large$/i,
    codes: [-32003],
  },
  {
    meaning: "response_too_large",
    who: "Optimism public endpoints, 1RPC: backend response too large / response size should not greater than N bytes",
    source: ponder,
    pattern: /backend response too large|response size should not greater than \d+ bytes/i,
  },

  // --- batches --------------------------------------------------------------------------------
  {
    meaning: "batch_too_large",
    who: "geth --rpc.batch-request-limit (one -32600 answer in an array, carrying the first call's id): batch too large",
    source: "ethereum/go-ethereum rpc/errors.go (errMsgBatchTooLarge), rpc/handler.go respondWithBatchTooLarge",
    pattern: /^batch too large$/i,
  },
  {
    meaning: "batch_too_large",
    who: "Erigon --rpc.batch.limit (code -32000, id null): batch limit 100 exceeded: 142 requests given",
    source: "github.com/erigontech/erigon/issues/7072",
    pattern: /batch limit ([\d,]+) exceeded/i,
    hints: batch(),
  },
  {
    meaning: "batch_too_large",
    who: "reth and other jsonrpsee servers (code -32010, data 'Exceeded max limit of N'): The batch request was too large",
    source: "github.com/paritytech/jsonrpsee/pull/1107; github.com/AcalaNetwork/subway/pull/183",
    pattern: /batch request was too large/i,
    hints: (_match, words) => {
      const limit = /exceeded max limit of ([\d,]+)/i.exec(words);
      return limit ? { maxBatch: statedCount(limit[1]) } : {};
    },
  },
  {
    meaning: "batch_too_large",
    who: "proxyd, in front of Base's and other OP Stack public endpoints (code -32014): too many RPC calls in batch request",
    source: "ethereum-optimism/infra proxyd/errors.go (ErrTooManyBatchRequests); X Layer answers quoted in public repositories",
    pattern: /too many rpc calls in batch request/i,
  },
  {
    meaning: "batch_too_large",
    who: "Nethermind (code -32005): Batch size limit exceeded; Besu: Number of requests in batch exceeds --rpc-max-batch-size",
    source: "github.com/NethermindEth/nethermind/pull/5122; github.com/besu-eth/besu/issues/4951",
    pattern: /batch size limit exceeded|requests in batch exceeds/i,
  },

  // --- rate limits ----------------------------------------------------------------------------
  {
    meaning: "rate_limited",
    who: "QuickNode (code -32007, HTTP 429): 15/second request limit reached - reduce calls per second or upgrade your account at quicknode.com",
    source: "github.com/foundry-rs/foundry/issues/4894; github.com/BobTheBuidler/dank_mids/pull/684",
    pattern: /([\d,]+)\/second request limit reached/i,
    hints: (match) => ({ maxRps: statedCount(match[1]) }),
  },
  {
    meaning: "rate_limited",
    who: "Alchemy (code 429, HTTP 429): Your app has exceeded its compute units per second capacity… / Monthly capacity limit exceeded",
    source: "github.com/gitcoinco/grants-stack-indexer/issues/156; github.com/conduitxyz/node/issues/36; github.com/xmtp/xmtpd/issues/672",
    pattern: /compute units per second capacity|monthly capacity limit exceeded/i,
  },
  {
    meaning: "rate_limited",
    who: "Infura (code -32005): daily request count exceeded, request rate limited / project ID request rate exceeded",
    source: "github.com/rocket-pool/smartnode/issues/126; github.com/CirclesUBI/circles-myxogastria/issues/54",
    pattern: /daily request count exceeded|request rate (?:limited|exceeded)/i,
  },
  {
    meaning: "rate_limited",
    who: "Chainstack: You've exceeded the RPS limit available on the current plan.; proxyd (code -32016): over rate limit",
    source: "BobTheBuidler/dank_mids (Chainstack text); ethereum-optimism/infra proxyd/errors.go (ErrOverRateLimit)",
    pattern: /exceeded the rps limit|^over rate limit$/i,
  },
  {
    meaning: "rate_limited",
    who: "any provider naming a rate limit",
    source: "generic wording",
    pattern: /rate limit|too many requests|request limit reached|requests per second|throttl/i,
  },

  // --- methods not offered --------------------------------------------------------------------
  {
    meaning: "method_not_offered",
    who: "geth, Infura, BNB Chain (code -32601): the method X does not exist/is not available; Nethermind: The method 'X' is not supported.; Alchemy (HTTP 400, code -32600): Unsupported method: X",
    source: "ethereum/go-ethereum rpc/errors.go; github.com/NethermindEth/nethermind/issues/12165; github.com/wevm/wagmi/issues/1930",
    pattern: /the method \S+ does not exist\/is not available|the method '[^']*' is not supported|unsupported method/i,
  },

  // --- old state --------------------------------------------------------------------------------
  {
    meaning: "state_not_available",
    who: "geth, BNB Chain, Polygon bor (full nodes keep 128 blocks of state): missing trie node H (path …); Nethermind: MissingTrieNodeException … is missing from the DB",
    source: "github.com/ethereum/go-ethereum/issues/20874, #16471; github.com/0xPolygon/bor/issues/1303; github.com/NethermindEth/nethermind/issues/9408",
    pattern: /missing trie node|missingtrienodeexception|is missing from the db/i,
  },
  {
    meaning: "state_not_available",
    who: "geth and load-balanced providers behind a lagging backend: header not found",
    source: "ethereum/go-ethereum (errors on unknown block numbers); seen on load-balanced providers whose backends lag the head",
    pattern: /header not found/i,
  },
  {
    meaning: "state_not_available",
    who: "geth path-scheme archive: historical state not available in path scheme yet; geth history expiry: pruned history unavailable",
    source: "github.com/primev/mev-commit/pull/420; github.com/ethereum/go-ethereum/issues/31939",
    pattern: /historical state not available|pruned history unavailable/i,
  },
  {
    meaning: "state_not_available",
    who: "Infura without archive access (code -32002): project ID does not have access to archive state / project ID is required to access archive state",
    source: "github.com/ethers-io/ethers.js/issues/715; github.com/miguelmota/ethereum-development-with-go-book/issues/42",
    pattern: /access to archive state|required to access archive state/i,
  },
  {
    meaning: "state_not_available",
    who: "Nethermind: No state available for block 0x…; reth: state at block #N is pruned; Erigon: … data before txNum=N is not available; OpenEthereum: … running with state pruning",
    source: "github.com/cowprotocol/services/pull/821; paradigmxyz/reth ProviderError::StateAtBlockPruned; github.com/erigontech/erigon/issues/13198; github.com/openethereum/openethereum/issues/178",
    pattern: /no state available for block|state at block #?\d+ is pruned|data before txnum=\d+ is not available|running with state pruning/i,
  },
  {
    meaning: "state_not_available",
    who: "anvil and Foundry-based nodes (code -32602): BlockOutOfRangeError: block height is N but requested was M",
    source: "anvil 1.7.1, asked for a block above its head",
    pattern: /blockoutofrangeerror|block height is \d+ but requested was \d+/i,
  },

  // --- timeouts ---------------------------------------------------------------------------------
  {
    meaning: "timed_out",
    who: "geth (code -32002): request timed out; Infura: query timeout exceeded; dRPC free tier (code 30): Request timeout on the free tier…",
    source: "ethereum/go-ethereum rpc/errors.go (errMsgTimeout); Infura eth_getLogs constraints; github.com/enviodev/hyperindex/issues/715",
    pattern: /^request timed out$|query timeout exceeded|request timeout on the free tier|context deadline exceeded/i,
  },
];

const suggestedRangePatterns: readonly RegExp[] = [
  // Alchemy
  /this block range should work: \[(0x[0-9a-f]+),\s*(0x[0-9a-f]+)\]/i,
  // Infura, thirdweb, zkSync
  /try with this block range \[(0x[0-9a-f]+),\s*(0x[0-9a-f]+)\]/i,
  // reth: the range up to the last block that fitted
  /retry with the range (\d+)-(\d+)/i,
];

/** The range a refusal says would work, when it names one in order. */
export function suggestedRangeIn(text: string): { from: bigint; to: bigint } | undefined {
  for (const pattern of suggestedRangePatterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [from, to] = [BigInt(match[1]), BigInt(match[2])];
    if (from <= to) return { from, to };
  }
  return undefined;
}

/** A JSON-RPC error object as it travels: code, message, and sometimes words in data. */
export type RpcErrorObject = { code?: unknown; message?: unknown; data?: unknown };

type Said = { code?: number; text: string };

function wordsOfErrorObject(error: RpcErrorObject): Said[] {
  const code = typeof error.code === "number" ? error.code : undefined;
  const said: Said[] = [];
  if (typeof error.message === "string") said.push({ code, text: error.message });
  if (typeof error.data === "string") said.push({ code, text: error.data });
  else if (error.data && typeof error.data === "object") said.push({ code, text: JSON.stringify(error.data) });
  return said;
}

/** viem's `details` of an HTTP error is the JSON error object it read, when there was one. */
function parsedDetails(details: string): RpcErrorObject | undefined {
  if (!details.startsWith("{")) return undefined;
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === "object" ? (parsed as RpcErrorObject) : undefined;
  } catch {
    return undefined;
  }
}

/** The node's own words along an error's cause chain: never viem's summaries, which would match generic patterns. */
function wordsOfError(error: unknown): Said[] {
  const said: Said[] = [];
  for (const entry of errorChain(error)) {
    const { code, details, data, message } = entry as { code?: unknown; details?: unknown; data?: unknown; message?: unknown };
    const rpcCode = typeof code === "number" ? code : undefined;
    if (typeof details === "string" && details) {
      const inner = parsedDetails(details);
      if (inner) said.push(...wordsOfErrorObject(inner));
      else said.push({ code: rpcCode, text: details });
    }
    if (typeof data === "string" && data) said.push({ code: rpcCode, text: data });
    else if (data && typeof data === "object") said.push({ code: rpcCode, text: JSON.stringify(data) });
    if (!(entry instanceof BaseError) && typeof message === "string" && message) said.push({ code: rpcCode, text: message });
  }
  return said;
}

function lookUp(said: readonly Said[]): Refusal | undefined {
  for (const entry of refusalTable) {
    for (const { code, text } of said) {
      if (entry.codes && (code === undefined || !entry.codes.includes(code))) continue;
      const match = entry.pattern.exec(text);
      if (!match) continue;
      const words = said.map((s) => s.text).join(" | ");
      const hints: RefusalHints = { ...entry.hints?.(match, words) };
      if (entry.meaning === "range_too_large") {
        const suggested = suggestedRangeIn(words);
        if (suggested) hints.suggestedRange = suggested;
      }
      return { meaning: entry.meaning, entry, hints, code, text };
    }
  }
  return undefined;
}

/** What a failed request's error means, when the table knows its words. */
export function readRefusal(error: unknown): Refusal | undefined {
  const found = lookUp(wordsOfError(error));
  if (found) return found;
  const tooLarge = errorChain(error).find((entry) => entry instanceof ResponseBodyTooLargeError);
  if (tooLarge) {
    return { meaning: "response_too_large", entry: bodyTooLarge, hints: {}, text: "answer larger than we read" };
  }
  return undefined;
}

/** The same, for an error object read straight from a JSON-RPC answer. */
export function readRefusalOf(error: RpcErrorObject | undefined | null): Refusal | undefined {
  if (!error || typeof error !== "object") return undefined;
  return lookUp(wordsOfErrorObject(error));
}

const bodyTooLarge: RefusalEntry = {
  meaning: "response_too_large",
  who: "any node whose answer exceeds the size viem reads (10 MB)",
  source: "viem ResponseBodyTooLargeError",
  pattern: /$^/,
};
