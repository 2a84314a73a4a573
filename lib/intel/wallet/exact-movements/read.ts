// wallet/exact-movements, read: three rounds. The block, the wallet's Transfer logs, then
// receipts, block times, identities and pools (the shared movement reader, movements.ts).
import { pinnedBlock } from "@/lib/chain/pinned-block";
import { getAddress, type Address } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import type { ChainId } from "@/lib/chain/networks";
import { readMovements, type MovementRead } from "../movements";

/** At most this many movements per call (the spec's limit). */
export const maxMovementsPerCall = 25;

export type RecentMovements = MovementRead & { chain: ChainId; wallet: Address; token: Address | null; block: bigint };

export async function readRecentMovements(input: { chain: ChainId; wallet: Address; token: Address | null; client: ChainClient }): Promise<RecentMovements> {
  const { chain, wallet, token, client } = input;
  const block = pinnedBlock() ?? (await client.getBlockNumber({ cacheTime: 0 }));
  const read = await readMovements({ client, chain, block, wallet, token: token ?? undefined, maxMovements: maxMovementsPerCall });
  return { chain, wallet, token, block, ...read };
}
