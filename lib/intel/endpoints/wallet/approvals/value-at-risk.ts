// What a grant puts at risk: the smaller of the wallet's balance and the allowance, since a
// spender can take no more than either. In dollars where a price exists: a quote asset (the
// wrapped native coin, the stablecoins at their checked peg, the further quote assets) from the
// reference pools, any other token from its deepest V2-style pair against the wrapped native coin
// or a stablecoin (found at its CREATE2 address); both read beside the allowances.
import { getAddress, zeroAddress, type Address } from "viem";
import { getNetwork } from "@/lib/chain/networks";
import { nativeUsdPrice, plus, priceToken, quoteAssets, sameAddress, times, usdPerQuote, type Ratio } from "@/lib/intel/reads/market";
import type { ApprovalGrants } from "./read";

export type AtRisk = { token: Address; tokens: bigint; usd: Ratio | null };

export type ValueAtRisk = {
  /** One grant's exposure; null when the wallet's balance could not be read. */
  of(token: Address, allowed: bigint): AtRisk | null;
  /** Over a set of grants: per token the most any one spender can take (a balance is taken once), summed in dollars over the priced tokens. */
  total(exposures: readonly (AtRisk | null)[]): { usd: Ratio; pricedTokens: number; unpricedTokens: number };
};

export function valueAtRisk(reading: ApprovalGrants): ValueAtRisk {
  const nativeUsd = nativeUsdPrice(reading.referencePools);
  const quotes = new Map(quoteAssets({ network: getNetwork(reading.chain) }, zeroAddress).map((quote) => [quote.address.toLowerCase(), quote]));
  const usdOf = (token: Address, tokens: bigint): Ratio | null => {
    const quote = quotes.get(token.toLowerCase());
    if (quote) {
      const perWhole = usdPerQuote(quote, nativeUsd);
      return perWhole ? times({ num: tokens, den: 10n ** BigInt(quote.decimals) }, perWhole) : null;
    }
    const decimals = reading.identityOf.get(getAddress(token))?.decimals.value ?? null;
    const price = priceToken({ pools: reading.tokenPools.filter((pool) => sameAddress(pool.token, token)), referencePools: reading.referencePools }, decimals);
    return price?.usdPerToken && decimals !== null ? times({ num: tokens, den: 10n ** BigInt(decimals) }, price.usdPerToken) : null;
  };
  return {
    of(token, allowed) {
      const balance = reading.balanceOf.get(getAddress(token));
      if (balance === null || balance === undefined) return null;
      const tokens = balance < allowed ? balance : allowed;
      return { token: getAddress(token), tokens, usd: usdOf(token, tokens) };
    },
    total(exposures) {
      const most = new Map<Address, AtRisk>();
      for (const exposure of exposures) {
        if (!exposure) continue;
        const known = most.get(exposure.token);
        if (!known || exposure.tokens > known.tokens) most.set(exposure.token, exposure);
      }
      let usd: Ratio = { num: 0n, den: 1n };
      let pricedTokens = 0;
      for (const exposure of most.values()) {
        if (!exposure.usd) continue;
        pricedTokens += 1;
        usd = plus(usd, exposure.usd);
      }
      return { usd, pricedTokens, unpricedTokens: most.size - pricedTokens };
    },
  };
}
