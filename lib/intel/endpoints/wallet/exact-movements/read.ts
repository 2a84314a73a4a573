// wallet/exact-movements, read: three rounds. The block; the wallet's Transfer logs; then
// receipts, block times, identities and pools (the shared movement reader, movements.ts) beside
// each transaction's trace (or, without a tracer, the wallet's balance around its block), the
// wallet's own side of its trades (../wallet-side.ts).
import { pinnedBlock } from "@/lib/chain/node-scope";
import { getAddress, type Address, type Hash } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { classifyTransfers, scanWalletTransfers, type MovementRead } from "@/lib/intel/reads/wallet/movements";
import { readWalletSides, walletSidesOf, type WalletSide } from "@/lib/intel/reads/wallet/wallet-side";

/** At most this many movements per call (the spec's limit). */
export const maxMovementsPerCall = 25;

export type RecentMovements = MovementRead & { chain: ChainId; wallet: Address; token: Address | null; block: bigint; walletSides: Map<Hash, WalletSide> };

export async function readRecentMovements(input: { chain: ChainId; wallet: Address; token: Address | null; client: ChainClient }): Promise<RecentMovements> {
  const { chain, wallet, token, client } = input;
  const block = pinnedBlock() ?? (await client.getBlockNumber({ cacheTime: 0 }));
  const scanned = await scanWalletTransfers({ client, chain, block, wallet, token: token ?? undefined, maxMovements: maxMovementsPerCall });
  // Which transactions are trades is known only from the receipts read in the same round, so each is read.
  const [read, native] = await Promise.all([classifyTransfers({ client, chain, block }, scanned), readWalletSides({ client, wallet, logs: scanned.logs })]);
  const wrappedNative = getNetwork(chain).wrappedNative.address;
  const walletSides = walletSidesOf(read, native, getAddress(wallet), wrappedNative);
  return { chain, wallet, token, block, ...read, walletSides };
}
