// Who created a contract, and in which transaction: the one deployer read every endpoint uses.
// The node answers it with Otterscan's ots_getContractCreator (no traces needed); Base has no
// such source here without an outside explorer.
import { getAddress, type Address, type Hash } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import type { ChainId } from "@/lib/chain/networks";

export type Creation = { deployer: Address; transaction: Hash };

export async function readCreation(target: { client: ChainClient; chain: ChainId }, address: Address): Promise<Creation | null> {
  if (target.chain === "base") return null;
  const answer = await (target.client.request({ method: "ots_getContractCreator" as never, params: [address] as never }) as Promise<{ hash: Hash; creator: Address } | null>).catch(() => null);
  return answer ? { deployer: getAddress(answer.creator), transaction: answer.hash } : null;
}

/** Why the deployer is not in an answer. */
export function deployerGap(chain: ChainId): string {
  return chain === "base"
    ? "Deployer evidence on Base comes from an outside explorer source, and none is configured."
    : "The node does not say who created this contract (no ots_getContractCreator).";
}
