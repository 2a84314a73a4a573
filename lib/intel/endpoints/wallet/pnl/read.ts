// wallet/pnl, read: one wallet's history in one token and the pools that price it, in three rounds.
//
import { erc20Abi, type Address, type Hash } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import type { Erc20Identity } from "@/lib/chain/erc20";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { aggregate, marketContext, readPools, valueOrNull, type Pool } from "@/lib/intel/reads/market";
import { tokenFirstRound, type TokenFirstRound } from "@/lib/intel/reads/token/first-round";
import { classifyTransfers, scanWalletTransfers, type MovementRead } from "@/lib/intel/reads/wallet/movements";
import { readWalletSides, walletSidesOf, type WalletSide } from "@/lib/intel/reads/wallet/wallet-side";

/** The most transfers of the token a PnL read replays; past it the read says it was capped. */
export const pnlMaxMovements = 1_000;

export type PositionHistory = {
  chain: ChainId;
  wallet: Address;
  token: Address;
  block: bigint;
  identity: Erc20Identity;
  /** balanceOf(wallet) at the read block; null when it did not answer. */
  balance: bigint | null;
  /** The token's pools, with what they hold at the read block. */
  pools: Pool[];
  /** The wrapped-native/stablecoin pools that price the native coin, at the read block. */
  referencePools: Pool[];
  /** The same reference pools at the block of each transfer. */
  referencePoolsAt: Map<bigint, Pool[]>;
  /** The wallet's transfers of the token, classified, newest first. */
  movements: MovementRead;
  /** What each transaction moved into or out of the wallet (native coin traced or by balance, tokens by their logs). */
  walletSides: Map<Hash, WalletSide>;
  maxMovements: number;
};

/**
 * wallet/pnl, read: one wallet's history in one token and the pools that price it, in three rounds:
 *
 *   1. at the latest block (the shared first token round): the block, the token's identity and pools;
 *   2. pinned to that block: the wallet's transfers of the token, its balance, and what the pools hold;
 *   3. the transfers classified (receipts, block times), the wallet's side of each transaction
 *      (native coin that reached or left the wallet: its trace, or without a tracer the wallet's
 *      balance around its block), and the reference pools at each
 *      of their blocks.
 */
export async function readPositionHistory(input: { chain: ChainId; wallet: Address; token: Address; client: ChainClient; maxMovements: number; first?: TokenFirstRound }): Promise<PositionHistory> {
  const { chain, wallet, token, client, maxMovements } = input;
  const first = input.first ?? tokenFirstRound({ client, chain }, token);

  // Round 1, at the answer's block (the latest outside an answer).
  const [head, identity, discovery] = await Promise.all([first.head(), first.identity(), first.pools()]);
  const block = head.number;
  const ctx = marketContext({ client, chain, block, blockTimestamp: head.timestamp });

  // Round 2: the wallet's transfers of the token, its balance, and what the pools hold now.
  const [scanned, readAll, [balanceResult]] = await Promise.all([
    scanWalletTransfers({ client, chain, block, wallet, token, maxMovements }),
    readPools(ctx, [...discovery.candidates, ...discovery.reference]),
    aggregate(ctx, [{ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet] }]),
  ]);

  // Round 3: the transfers classified, each transaction's native coin (trace or balances), and the
  // reference pools at each of their blocks (the native coin's dollar price then). Every transaction is read, not only
  // the trades: which are trades is known only from the receipts read in the same round.
  const blocks = [...new Set(scanned.logs.map((log) => log.blockNumber))];
  const [movements, native, referenceAt] = await Promise.all([
    // The token's identity and pools were read in round 1: classifying does not read them again.
    classifyTransfers({ client, chain, block, known: { identities: new Map([[token.toLowerCase(), identity]]), pools: new Map([[token.toLowerCase(), discovery.candidates]]) } }, scanned),
    readWalletSides({ client, wallet, logs: scanned.logs }),
    Promise.all(blocks.map((at) => readPools(marketContext({ client, chain, block: at }), discovery.reference))),
  ]);
  const wrappedNative = getNetwork(chain).wrappedNative.address;

  return {
    chain,
    wallet,
    token,
    block,
    identity,
    balance: valueOrNull(balanceResult),
    pools: readAll.slice(0, discovery.candidates.length),
    referencePools: readAll.slice(discovery.candidates.length),
    referencePoolsAt: new Map(blocks.map((at, i) => [at, referenceAt[i]])),
    movements,
    walletSides: walletSidesOf(movements, native, wallet, wrappedNative),
    maxMovements,
  };
}
