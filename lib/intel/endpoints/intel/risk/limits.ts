// Max-transaction and max-wallet limits, read from the getters tokens commonly expose. Their
// values are facts at the block; that the code enforces them on transfers is read from the
// usual pattern, not proven. A limit far below the supply can stop a holder from selling a
// position in one go, or a buyer from buying at all.
import type { Address } from "viem";
import { call, valueOrNull, type CallResult } from "@/lib/chain/multicall";

export const maxTransactionGetters = ["_maxTxAmount", "maxTxAmount", "maxTransactionAmount", "_maxTransactionAmount", "maxTx", "_maxTx", "maxTrxnAmount"] as const;
export const maxWalletGetters = ["_maxWalletSize", "maxWallet", "maxWalletAmount", "_maxWalletAmount", "_maxWalletToken", "maxWalletSize", "maxHoldingAmount", "_walletMax"] as const;

const getters = [...maxTransactionGetters, ...maxWalletGetters];
const limitAbi = getters.map((name) => ({ type: "function" as const, name, stateMutability: "view" as const, inputs: [] as const, outputs: [{ type: "uint256" }] as const }));

export type TradeLimit = { getter: string; amount: bigint };
export type TradeLimits = { maxTransaction: TradeLimit | null; maxWallet: TradeLimit | null };

export function limitCalls(token: Address) {
  return getters.map((functionName) => call({ address: token, abi: limitAbi, functionName }));
}

/** The first getter of each kind that answers a number above zero. */
export function readLimits(results: readonly CallResult<bigint>[]): TradeLimits {
  const first = (names: readonly string[], offset: number): TradeLimit | null => {
    for (const [index, getter] of names.entries()) {
      const amount = valueOrNull(results[offset + index]);
      if (amount !== null && amount > 0n) return { getter: `${getter}()`, amount };
    }
    return null;
  };
  return { maxTransaction: first(maxTransactionGetters, 0), maxWallet: first(maxWalletGetters, maxTransactionGetters.length) };
}
