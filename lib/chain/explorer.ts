// An outside explorer as the deployer source of last resort: the Etherscan-compatible
// `getcontractcreation` action (Etherscan's V2 API covers Ethereum, Base and BNB Chain with one
// key; Blockscout instances answer the same action). Used only when the node cannot name the
// creator, and on Base, where no node method is asked. What it says is a strong lead, not a
// proven fact: answers label it `augmented`, and the creating transaction it names must be one
// the node knows before it is used at all.
import { getAddress, isAddress, isHash, type Address, type Hash } from "viem";
import { ChainUnavailableError } from "./errors";
import { currentNodeScope } from "./node-scope";
import type { ChainEnv } from "./networks";

export type ExplorerSettings = { url: string; apiKey: string; timeoutMs: number };

export const defaultExplorerUrl = "https://api.etherscan.io/v2/api";
const defaultExplorerTimeoutMs = 5_000;

/** EXPLORER_API_KEY turns the explorer on; EXPLORER_API_URL points it at another Etherscan-compatible API. */
export function explorerFromEnv(env: ChainEnv = process.env): ExplorerSettings | null {
  const apiKey = env.EXPLORER_API_KEY?.trim();
  if (!apiKey) return null;
  const url = env.EXPLORER_API_URL?.trim() || defaultExplorerUrl;
  if (!/^https?:\/\//.test(url)) return null;
  return { url, apiKey, timeoutMs: defaultExplorerTimeoutMs };
}

export type ExplorerCreation = { deployer: Address; transaction: Hash };

/**
 * Why the explorer last refused to answer at all (a bad key, a plan without the action), kept so
 * the answers' gap can say it; cleared by the next answer it gives.
 */
let standingRefusal: string | null = null;

export function explorerRefusal(): string | null {
  return standingRefusal;
}

type EtherscanAnswer = { status?: unknown; message?: unknown; result?: unknown };

/**
 * Who created the contract, as the explorer says: its direct creator (the factory for a contract
 * made by another contract, as ots_getContractCreator and traces name it) and the transaction.
 * null when the explorer knows no creation for the address, or refuses the key or the action.
 * A transient failure (unreachable, timed out, rate limited, 5xx) is tried once more, then
 * raised as the network's 503: the answer must not change silently from one call to the next.
 */
export async function explorerCreation(settings: ExplorerSettings, network: { evmChainId: number; displayName: string }, address: Address): Promise<ExplorerCreation | null> {
  const url = new URL(settings.url);
  url.searchParams.set("chainid", String(network.evmChainId));
  url.searchParams.set("module", "contract");
  url.searchParams.set("action", "getcontractcreation");
  url.searchParams.set("contractaddresses", address);
  url.searchParams.set("apikey", settings.apiKey);

  let lastFault: ChainUnavailableError | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await askOnce(url, settings.timeoutMs, network.displayName);
    if (outcome.kind === "fault") {
      lastFault = outcome.error;
      continue;
    }
    if (outcome.kind === "refused") {
      standingRefusal = outcome.reason;
      return null;
    }
    standingRefusal = null;
    return creationFor(outcome.answer, address);
  }
  throw lastFault!;
}

type Outcome = { kind: "answer"; answer: EtherscanAnswer } | { kind: "refused"; reason: string } | { kind: "fault"; error: ChainUnavailableError };

async function askOnce(url: URL, timeoutMs: number, networkName: string): Promise<Outcome> {
  const fault = (kind: "unreachable" | "timed_out" | "rate_limited" | "node_error", what: string, cause?: unknown): Outcome => ({
    kind: "fault",
    error: new ChainUnavailableError(kind, networkName, `${networkName}'s deployer source, an outside explorer, ${what}. Try again shortly.`, { cause }),
  });
  // The API request's own signal (deadline, client gone) stops the explorer's answer as it stops node requests.
  const requestSignal = currentNodeScope()?.signal;
  let response: Response;
  try {
    response = await fetch(url, { signal: requestSignal ? AbortSignal.any([AbortSignal.timeout(timeoutMs), requestSignal]) : AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch (error) {
    if (requestSignal?.aborted) throw requestSignal.reason ?? error;
    return (error as Error)?.name === "TimeoutError" ? fault("timed_out", `did not answer within ${timeoutMs} ms`, error) : fault("unreachable", "could not be reached", error);
  }
  if (response.status === 429) return fault("rate_limited", "is rate limiting us");
  if (response.status >= 500) return fault("node_error", `answered HTTP ${response.status}`);
  let answer: EtherscanAnswer;
  try {
    answer = (await response.json()) as EtherscanAnswer;
  } catch (error) {
    return fault("node_error", "answered something other than JSON", error);
  }
  if (!response.ok) return { kind: "refused", reason: `the explorer answered HTTP ${response.status}` };
  if (String(answer.status) === "1") return { kind: "answer", answer };
  const said = typeof answer.result === "string" ? answer.result : typeof answer.message === "string" ? answer.message : "";
  // Etherscan sends its rate limit as an ordinary NOTOK answer.
  if (/rate limit|too many|try again/i.test(said)) return fault("rate_limited", "is rate limiting us");
  // "No data found": the explorer knows no creation for this address; nothing to refuse.
  if (/no (data|records?) found|not found/i.test(`${said} ${String(answer.message ?? "")}`)) return { kind: "answer", answer: { status: "1", result: [] } };
  return { kind: "refused", reason: `the explorer refused: ${said.slice(0, 160) || "no reason given"}` };
}

function creationFor(answer: EtherscanAnswer, address: Address): ExplorerCreation | null {
  if (!Array.isArray(answer.result)) return null;
  for (const entry of answer.result as Record<string, unknown>[]) {
    const contract = entry.contractAddress;
    if (typeof contract !== "string" || !isAddress(contract) || getAddress(contract) !== getAddress(address)) continue;
    // Etherscan names the sending account as contractCreator and, for a contract made by another
    // contract, that contract as contractFactory; the direct creator is the factory.
    const factory = typeof entry.contractFactory === "string" && isAddress(entry.contractFactory) ? entry.contractFactory : null;
    const creator = factory ?? (typeof entry.contractCreator === "string" && isAddress(entry.contractCreator) ? entry.contractCreator : null);
    const transaction = entry.txHash;
    if (creator && typeof transaction === "string" && isHash(transaction)) return { deployer: getAddress(creator), transaction };
  }
  return null;
}
