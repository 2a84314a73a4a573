// How every intelligence answer writes amounts, tokens and times: amounts exact in the smallest
// unit with the human figure beside them, a token as its identity, times as ISO text.
import { formatUnits, type Address } from "viem";
import type { Erc20Identity } from "@/lib/chain/erc20";
import { formatRatio, type Ratio } from "@/lib/intel/answers/ratio";
import { USD_DECIMALS, USD_PRICE_DECIMALS, type AmountOut } from "@/lib/schemas/vocabulary";

/** Every amount in every answer (the vocabulary's Amount). */
export type Amount = AmountOut;

/** Exact base units, and the human figure when the token's decimals are known. */
export function amount(value: bigint, decimals: number | null | undefined): Amount {
  return { raw: value.toString(), formatted: decimals === null || decimals === undefined ? null : formatUnits(value, decimals) };
}

/** A venue as every answer names it: the registry's key, and its display name beside it. */
export const venueOf = (dex: { key: string; name: string }) => ({ dex: dex.key, dex_name: dex.name });

/** totalSupply() as an amount in the token's own decimals; null when the contract did not answer it. */
export function totalSupplyOf(identity: Erc20Identity): Amount | null {
  const supply = identity.totalSupply.value;
  return supply === null ? null : amount(supply, identity.decimals.value);
}

/** The token as answers show it; each field null when the contract did not answer it. */
export function tokenView(address: Address, identity: Erc20Identity | undefined) {
  return { address, name: identity?.name.value ?? null, symbol: identity?.symbol.value ?? null, decimals: identity?.decimals.value ?? null };
}

/** Dollars as answers write them: six decimals, truncated toward zero (the vocabulary's Usd). */
export const usdDigits = USD_DECIMALS;
export const usdText = (value: Ratio | null) => (value ? formatRatio(value, usdDigits) : null);

/** A price in dollars per whole unit: eighteen decimals, truncated toward zero (the vocabulary's UsdPrice). */
export const usdPriceText = (value: Ratio | null) => (value ? formatRatio(value, USD_PRICE_DECIMALS) : null);

export const isoTime = (unixSeconds: bigint) => new Date(Number(unixSeconds) * 1000).toISOString();
