// Tells node faults (the node is down, slow, rate limiting or broken) from facts about
// contracts (a call reverted or returned nothing). A node fault becomes 503 unavailable
// and is retried by the caller; a revert is an answer the caller must interpret.
import {
  AbiDecodingZeroDataError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  HttpRequestError,
  RawContractError,
  ResponseBodyTooLargeError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from "viem";
import { errorChain } from "@/lib/error-chain";
import { ChainUnavailableError, isChainUnavailable, type ChainFaultKind } from "./errors";
import { getNetwork, networkByEvmChainId, type ChainId } from "./networks";
import { readRefusal, type RefusalMeaning } from "./refusals";

export type ChainErrorKind = "upstream" | "contract" | "other";

/** JSON-RPC error codes that mean the node could not serve, not that our request was wrong. */
const upstreamRpcCodes = new Set([
  -1, // unknown: a malformed or missing answer
  429, // rate limit sent as a JSON-RPC code
  -32000, // generic server error: missing trie node, header not found, node busy
  -32001, // resource not found
  -32002, // resource unavailable
  -32004, // method not supported
  -32005, // limit exceeded
  -32007, // request limit reached (one provider's rate-limit code)
  -32601, // method not found: this node does not serve it
  -32603, // internal error
]);

const connectionCodes: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "timed out",
  UND_ERR_BODY_TIMEOUT: "timed out",
};

function rpcCodeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "number" ? code : undefined;
}

/** How nodes word a call that spent all its gas (geth, Erigon: "out of gas"; anvil: "OutOfGas", "InvalidFEOpcode"). */
const burntGas = /\bout ?of ?gas\b|invalid opcode|InvalidFEOpcode/i;
const detailsOf = (error: unknown) => String((error as { details?: unknown }).details ?? "");

/**
 * A call that spent all the gas it was given. Contracts compiled before Byzantium refuse an unknown
 * function with an invalid opcode, which burns every unit of gas the call carries (0x's ZRX does):
 * a fact about the contract, like a revert, never a node fault.
 */
export function isOutOfGas(error: unknown): boolean {
  return errorChain(error).some((entry) => burntGas.test(detailsOf(entry)));
}

function isContractAnswer(error: unknown): boolean {
  return (
    error instanceof ContractFunctionRevertedError ||
    error instanceof ContractFunctionZeroDataError ||
    error instanceof ExecutionRevertedError ||
    error instanceof RawContractError ||
    error instanceof AbiDecodingZeroDataError ||
    rpcCodeOf(error) === 3 || // execution reverted, sent as a JSON-RPC error
    /execution reverted/i.test(detailsOf(error)) ||
    burntGas.test(detailsOf(error))
  );
}

function isNodeFault(error: unknown): boolean {
  if (
    error instanceof HttpRequestError ||
    error instanceof TimeoutError ||
    error instanceof SocketClosedError ||
    error instanceof WebSocketRequestError ||
    error instanceof ResponseBodyTooLargeError
  ) {
    return true;
  }
  const code = rpcCodeOf(error);
  return code !== undefined && upstreamRpcCodes.has(code);
}

/**
 * Reverts and empty answers are facts about a contract; they are checked first, since they arrive
 * wrapped in RPC errors. A refusal the table knows is the node's, whatever code it came with
 * (providers send range and state refusals as -32602 and -32600, which would otherwise read as
 * our own bad request).
 */
export function classifyChainError(error: unknown): ChainErrorKind {
  const chain = errorChain(error);
  if (chain.some(isContractAnswer)) return "contract";
  if (chain.some(isNodeFault) || readRefusal(error)) return "upstream";
  return "other";
}

export function isContractRevert(error: unknown): boolean {
  return classifyChainError(error) === "contract";
}

export function isUpstreamFault(error: unknown): boolean {
  return classifyChainError(error) === "upstream";
}

/** The node's own words for an error, without the URL or request body viem adds to messages. */
export function nodeMessages(error: unknown): string[] {
  return errorChain(error).flatMap((entry) => {
    const { details, shortMessage, message } = entry as { details?: unknown; shortMessage?: unknown; message?: unknown };
    const texts = [details, shortMessage];
    if (!(entry instanceof Error) || !("shortMessage" in entry)) texts.push(message);
    return texts.filter((text): text is string => typeof text === "string" && text.length > 0);
  });
}

function clip(text: string, max = 120): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** A short reason a caller can read; never contains the node URL, which may hold a key. */
export function upstreamReason(error: unknown): string {
  const chain = errorChain(error);
  for (const entry of chain) {
    const code = (entry as { code?: unknown }).code;
    if (typeof code === "string" && connectionCodes[code]) return connectionCodes[code];
  }
  for (const entry of chain) {
    if (entry instanceof TimeoutError) return "timed out";
    if (entry instanceof ResponseBodyTooLargeError) return "answer too large";
    if (entry instanceof SocketClosedError) return "connection closed";
  }
  const refusal = readRefusal(error);
  if (refusal) return refusal.code === undefined ? clip(refusal.text) : `JSON-RPC error ${refusal.code}: ${clip(refusal.text)}`;
  for (const entry of chain) {
    if (entry instanceof HttpRequestError && entry.status !== undefined) {
      return entry.status === 429 ? "HTTP 429 (rate limited)" : `HTTP ${entry.status}`;
    }
  }
  for (const entry of chain) {
    const code = rpcCodeOf(entry);
    if (code !== undefined && upstreamRpcCodes.has(code)) {
      const words = (entry as { details?: unknown }).details;
      return typeof words === "string" && words ? `JSON-RPC error ${code}: ${clip(words)}` : `JSON-RPC error ${code}`;
    }
  }
  if (chain.some((entry) => entry instanceof HttpRequestError)) return "request failed";
  return "unexpected answer";
}

const faultOfRefusal: Record<RefusalMeaning, ChainFaultKind> = {
  range_too_large: "refused",
  response_too_large: "refused",
  batch_too_large: "refused",
  logs_unavailable: "method_not_offered",
  rate_limited: "rate_limited",
  method_not_offered: "method_not_offered",
  state_not_available: "state_not_available",
  timed_out: "timed_out",
};

/** What kind of node fault this is, for callers that treat them differently (retry, fall back, say so). */
export function faultKindOf(error: unknown): ChainFaultKind {
  const chain = errorChain(error);
  const connectionReason = chain.map((entry) => connectionCodes[String((entry as { code?: unknown }).code)]).find(Boolean);
  if (connectionReason) return connectionReason.includes("timed out") ? "timed_out" : "unreachable";
  if (chain.some((entry) => entry instanceof TimeoutError)) return "timed_out";
  if (chain.some((entry) => entry instanceof SocketClosedError)) return "unreachable";
  const refusal = readRefusal(error);
  if (refusal) return faultOfRefusal[refusal.meaning];
  if (chain.some((entry) => (entry instanceof HttpRequestError && entry.status === 429) || [429, -32005, -32007].includes(rpcCodeOf(entry) ?? 0))) return "rate_limited";
  if (chain.some((entry) => [-32601, -32004].includes(rpcCodeOf(entry) ?? 0))) return "method_not_offered";
  return "node_error";
}

/** What the node lacks, said before its own words, where that is what the caller must change. */
const missingCapability: Partial<Record<ChainFaultKind, string>> = {
  state_not_available: "it keeps no state for that block (an archive node does)",
  method_not_offered: "it does not offer a method this read needs",
};

export function upstreamError(displayName: string, error: unknown): ChainUnavailableError {
  const kind = faultKindOf(error);
  const missing = missingCapability[kind];
  const reason = upstreamReason(error);
  return new ChainUnavailableError(kind, displayName, `${displayName} node did not answer: ${missing ? `${missing}; ${reason}` : reason}`, { cause: error });
}

/** The display name for a client's network, for messages. */
export function displayNameForEvmChain(evmChainId: number | undefined): string {
  const network = evmChainId === undefined ? undefined : networkByEvmChainId(evmChainId);
  return network?.displayName ?? "The chain";
}

/** Rethrows node faults as ChainUnavailableError (503 unavailable at the edge); reverts and everything else pass through unchanged. */
export function rethrowChainError(displayName: string, error: unknown): never {
  if (isChainUnavailable(error)) throw error;
  if (classifyChainError(error) === "upstream") throw upstreamError(displayName, error);
  throw error;
}

/**
 * Runs chain reads for one network. Node faults (down, timeout, 5xx, rate limit) become
 * ChainUnavailableError("<network> node did not answer: …"); reverts stay viem errors,
 * recognisable with isContractRevert, because they are answers, not outages.
 */
export async function readChain<T>(chain: ChainId, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    rethrowChainError(getNetwork(chain).displayName, error);
  }
}
