// How every intelligence answer writes amounts, tokens and times: amounts exact in the smallest
// unit with the human figure beside them, a token as its identity, times as ISO text.
import { formatUnits, type Address } from "viem";
import type { Erc20Identity } from "@/lib/chain/erc20";
import { formatRatio, type Ratio } from "@/lib/intel/market/ratio";

export type Amount = { raw: string; formatted: string | null };

/** Exact base units, and the human figure when the token's decimals are known. */
export function amount(value: bigint, decimals: number | null | undefined): Amount {
  return { raw: value.toString(), formatted: decimals === null || decimals === undefined ? null : formatUnits(value, decimals) };
}

/** The token as answers show it; each field null when the contract did not answer it. */
export function tokenView(address: Address, identity: Erc20Identity | undefined) {
  return { address, name: identity?.name.value ?? null, symbol: identity?.symbol.value ?? null, decimals: identity?.decimals.value ?? null };
}

/** Dollars as answers write them: six decimals, truncated toward zero (see usdOut). */
export const usdDigits = 6;
export const usdText = (value: Ratio | null) => (value ? formatRatio(value, usdDigits) : null);

export const isoTime = (unixSeconds: bigint) => new Date(Number(unixSeconds) * 1000).toISOString();
