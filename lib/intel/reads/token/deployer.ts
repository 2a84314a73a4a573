// Who created a contract, and in which transaction: the one deployer read every endpoint uses; a
// node fault is raised, never read as no deployer.
import { getAddress, toHex, TransactionReceiptNotFoundError, type Address, type Hash, type TransactionReceipt } from "viem";
import { profileOfClient, type ChainClient } from "@/lib/chain/clients";
import { explorerCreation, explorerFromEnv, explorerRefusal, type ExplorerSettings } from "@/lib/chain/explorer";
import { factsCache, type FactsCache } from "@/lib/chain/facts-cache";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { faultKindOf } from "@/lib/chain/upstream";
import type { ProvenanceLedger } from "@/lib/intel/answers/ledger";

/** A contract's creator and creating transaction; `source` says whether the node or an outside explorer named them. */
export type Creation = { deployer: Address; transaction: Hash; source: "node" | "explorer" };
type Found = Omit<Creation, "source">;

const OTS_CREATOR = "ots_getContractCreator";

/**
 * Who created a contract, and in which transaction: the one deployer read every endpoint uses.
 * First Otterscan's ots_getContractCreator (Erigon, reth, anvil: one call, no traces). Hosted
 * providers on geth-family nodes (Alchemy, Infura, QuickNode) do not offer it; then the creation
 * is found from the contract's code history: a binary search for the first block with code
 * (eth_getCode at past blocks, which needs an archive node), and in that block the receipt whose
 * contractAddress is the contract, or, for a contract created by another contract, the block's
 * trace (trace_block, or geth's debug_traceBlockByNumber with its call tracer). Where the node
 * cannot name the creator, and on Base, an outside explorer is asked when one is configured; its
 * answer is labelled augmented. A node fault on the way is raised (the answer is 503), never read
 * as "no deployer": the answer must not change silently from one call to the next.
 */
export async function readCreation(
  target: { client: ChainClient; chain: ChainId },
  address: Address,
  cache: FactsCache = factsCache,
  explorer: ExplorerSettings | null = explorerFromEnv(),
): Promise<Creation | null> {
  const network = getNetwork(target.chain);
  const { evmChainId } = network;
  const deployer = cache.get(evmChainId, address, "deployer");
  const transaction = cache.get(evmChainId, address, "creationTx");
  const source = cache.get(evmChainId, address, "creationSource");
  if (deployer && transaction && source) return { deployer, transaction, source };

  // On Base deployer evidence comes from an outside source (the spec's stated limitation).
  const fromNode = target.chain === "base" ? null : await askNode(target.client, address);
  const creation: Creation | null = fromNode ? { ...fromNode, source: "node" } : explorer ? await askExplorer(target.client, network, address, explorer) : null;
  if (creation) {
    cache.set(evmChainId, address, "deployer", creation.deployer);
    cache.set(evmChainId, address, "creationTx", creation.transaction);
    cache.set(evmChainId, address, "creationSource", creation.source);
  }
  return creation;
}

/**
 * The explorer's answer, cross-checked against the node: the transaction it names must be one the
 * node has, and where that transaction itself created the contract, sent by the named deployer.
 */
async function askExplorer(client: ChainClient, network: { evmChainId: number; displayName: string }, address: Address, explorer: ExplorerSettings): Promise<Creation | null> {
  const named = await explorerCreation(explorer, network, address);
  if (!named) return null;
  const receipt = await client.getTransactionReceipt({ hash: named.transaction }).catch((error: unknown) => {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  });
  if (!receipt) return null;
  const createdHere = receipt.contractAddress && getAddress(receipt.contractAddress) === getAddress(address);
  if (createdHere && getAddress(receipt.from) !== named.deployer) return null;
  return { ...named, source: "explorer" };
}

async function askNode(client: ChainClient, address: Address): Promise<Found | null> {
  const profile = profileOfClient(client);
  if (!profile?.refusesMethod(OTS_CREATOR)) {
    try {
      const answer = (await client.request({ method: OTS_CREATOR as never, params: [address] as never })) as { hash: Hash; creator: Address } | null;
      return answer ? { deployer: getAddress(answer.creator), transaction: answer.hash } : null;
    } catch (error) {
      if (faultKindOf(error) !== "method_not_offered") throw error;
      profile?.methodRefused(OTS_CREATOR);
    }
  }
  return findCreationByCode(client, address);
}

/**
 * Where the contract's code first appears, then the receipt that created it or the trace of the
 * contract that did; null when the node keeps no past state, or a contract created it and the
 * node offers no traces.
 */
export async function findCreationByCode(client: ChainClient, address: Address): Promise<Found | null> {
  const head = await client.getBlockNumber();
  const hasCode = async (blockNumber: bigint) => ((await client.getCode({ address, blockNumber })) ?? "0x") !== "0x";
  if (!(await hasCode(head))) return null;
  let low = 0n;
  let high = head;
  try {
    while (low < high) {
      const middle = (low + high) / 2n;
      if (await hasCode(middle)) high = middle;
      else low = middle + 1n;
    }
  } catch (error) {
    // A full node keeps recent state only: the search cannot reach the creation, which is a gap, not a fault.
    if (faultKindOf(error) === "state_not_available") return null;
    throw error;
  }
  const receipt = (await creationReceipts(client, low)).find((entry) => entry.contractAddress && getAddress(entry.contractAddress) === getAddress(address));
  if (receipt) return { deployer: getAddress(receipt.from), transaction: receipt.transactionHash };
  return creatorInTrace(client, low, address);
}

type ParityTrace = { type?: string; action?: { from?: string }; result?: { address?: string } | null; transactionHash?: string };
type CallFrame = { type?: string; from?: string; to?: string; calls?: CallFrame[] };

/** The contract-made creation of `address` in the block's trace: trace_block where offered, else geth's call tracer. */
async function creatorInTrace(client: ChainClient, blockNumber: bigint, address: Address): Promise<Found | null> {
  const profile = profileOfClient(client);
  const target = address.toLowerCase();
  if (!profile?.refusesMethod("trace_block")) {
    try {
      const traces = (await client.request({ method: "trace_block" as never, params: [toHex(blockNumber)] as never })) as ParityTrace[];
      const creation = traces.find((trace) => trace.type === "create" && trace.result?.address?.toLowerCase() === target);
      return creation?.action?.from && creation.transactionHash ? { deployer: getAddress(creation.action.from), transaction: creation.transactionHash as Hash } : null;
    } catch (error) {
      if (faultKindOf(error) !== "method_not_offered") throw error;
      profile?.methodRefused("trace_block");
    }
  }
  if (!profile?.refusesMethod("debug_traceBlockByNumber")) {
    try {
      const traces = (await client.request({ method: "debug_traceBlockByNumber" as never, params: [toHex(blockNumber), { tracer: "callTracer" }] as never })) as { txHash?: Hash; result?: CallFrame }[];
      for (const [index, trace] of traces.entries()) {
        const creator = trace.result ? creatorInFrame(trace.result, target) : null;
        if (!creator) continue;
        // Older geth leaves txHash out of each result; the block's transactions are in the same order.
        const transaction = trace.txHash ?? (await client.getBlock({ blockNumber })).transactions[index];
        return transaction ? { deployer: getAddress(creator), transaction } : null;
      }
      return null;
    } catch (error) {
      if (faultKindOf(error) !== "method_not_offered") throw error;
      profile?.methodRefused("debug_traceBlockByNumber");
    }
  }
  return null;
}

function creatorInFrame(frame: CallFrame, target: string): string | null {
  if ((frame.type === "CREATE" || frame.type === "CREATE2") && frame.to?.toLowerCase() === target && frame.from) return frame.from;
  for (const call of frame.calls ?? []) {
    const found = creatorInFrame(call, target);
    if (found) return found;
  }
  return null;
}

/** The receipts of the block's contract-creating transactions: eth_getBlockReceipts, or each creation's receipt where that is not offered. */
async function creationReceipts(client: ChainClient, blockNumber: bigint): Promise<TransactionReceipt[]> {
  const profile = profileOfClient(client);
  if (!profile?.refusesMethod("eth_getBlockReceipts")) {
    try {
      return (await client.request({ method: "eth_getBlockReceipts" as never, params: [toHex(blockNumber)] as never })) as TransactionReceipt[];
    } catch (error) {
      if (faultKindOf(error) !== "method_not_offered") throw error;
      profile?.methodRefused("eth_getBlockReceipts");
    }
  }
  const block = await client.getBlock({ blockNumber, includeTransactions: true });
  const creations = block.transactions.filter((transaction) => transaction.to === null);
  return Promise.all(creations.map((transaction) => client.getTransactionReceipt({ hash: transaction.hash })));
}

/** Why the deployer is not in an answer. */
export function deployerGap(chain: ChainId, explorer: ExplorerSettings | null = explorerFromEnv()): string {
  const refusal = explorer ? explorerRefusal() : null;
  const explorerPart = !explorer ? "no outside explorer is configured" : refusal ? `the outside explorer did not answer (${refusal})` : "the outside explorer knows no creation for it";
  return chain === "base"
    ? `Deployer evidence on Base comes from an outside explorer source, and ${explorerPart}.`
    : `The node did not name the creator (it offers no ots_getContractCreator, and the contract's code history did not show the creating transaction: a node without past state, or a contract created by another contract on a node without traces), and ${explorerPart}.`;
}

/** Labels a deployer field: read from the node, named by an outside explorer (augmented), or missing and why. */
export function labelDeployer(ledger: ProvenanceLedger, field: string, creation: Pick<Creation, "source"> | null, chain: ChainId): void {
  if (!creation) ledger.missing(field, deployerGap(chain));
  else if (creation.source === "explorer") ledger.outside(field);
  else ledger.fact(field);
}
