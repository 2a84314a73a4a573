// Who created a contract, and in which transaction: the one deployer read every endpoint uses.
// First Otterscan's ots_getContractCreator (Erigon, reth, anvil: one call, no traces). Hosted
// providers on geth-family nodes (Alchemy, Infura, QuickNode) do not offer it; then the creation
// is found from the contract's code history: a binary search for the first block with code
// (eth_getCode at past blocks, which needs an archive node), and in that block the receipt whose
// contractAddress is the contract. A contract created by another contract has no such receipt,
// and without traces its creator is not named. Base has no deployer source here without an
// outside explorer. A node fault on the way is raised (the answer is 503), never read as "no
// deployer": the answer must not change silently from one call to the next.
import { getAddress, toHex, type Address, type Hash, type TransactionReceipt } from "viem";
import { profileOfClient, type ChainClient } from "@/lib/chain/clients";
import { factsCache, type FactsCache } from "@/lib/chain/facts-cache";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { faultKindOf } from "@/lib/chain/upstream";

export type Creation = { deployer: Address; transaction: Hash };

const OTS_CREATOR = "ots_getContractCreator";

export async function readCreation(target: { client: ChainClient; chain: ChainId }, address: Address, cache: FactsCache = factsCache): Promise<Creation | null> {
  if (target.chain === "base") return null;
  const { evmChainId } = getNetwork(target.chain);
  const deployer = cache.get(evmChainId, address, "deployer");
  const transaction = cache.get(evmChainId, address, "creationTx");
  if (deployer && transaction) return { deployer, transaction };

  const creation = await askNode(target.client, address);
  if (creation) {
    cache.set(evmChainId, address, "deployer", creation.deployer);
    cache.set(evmChainId, address, "creationTx", creation.transaction);
  }
  return creation;
}

async function askNode(client: ChainClient, address: Address): Promise<Creation | null> {
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

/** Where the contract's code first appears, then the receipt that created it; null when the node keeps no past state or a contract created it. */
export async function findCreationByCode(client: ChainClient, address: Address): Promise<Creation | null> {
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
  return receipt ? { deployer: getAddress(receipt.from), transaction: receipt.transactionHash } : null;
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
export function deployerGap(chain: ChainId): string {
  return chain === "base"
    ? "Deployer evidence on Base comes from an outside explorer source, and none is configured."
    : "The node did not name the creator: it offers no ots_getContractCreator, and the contract's code history did not show a creating transaction (a node without past state, or a contract created by another contract).";
}
