// POST /v1/api/intel/liquidity — token identity, a market snapshot across the registry's DEXes,
// and LP custody (burned, locked, team-held, unverified, other) with lock and burn evidence:
// read at one block (read.ts), interpreted (assess.ts), presented (present.ts).
// Nothing is guessed: a value that could not be read is null and explained in `unavailable`.
import { getAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { intelEndpoint } from "@/lib/intel/runtime/endpoint-adapter";
import { withChainScope, type ChainScope, type ScopeOptions } from "@/lib/intel/runtime/chain-scope";
import { presentLiquidity } from "./present";
import { readLiquidity } from "./read";
import { readPlanFor, type LiquidityFlags } from "./read-plan";

export type LiquidityInput = { chain: ChainId; address: Address; flags?: LiquidityFlags };

/** The answer, in the request's chain scope. */
async function answerLiquidity(input: LiquidityInput, { client }: ChainScope) {
  return presentLiquidity(await readLiquidity({ client, chain: input.chain, token: getAddress(input.address), plan: readPlanFor(input.flags ?? {}) }));
}

/** Outside the pipeline (tests, scripts, benches): the answer on a client or env of the caller's. */
export function analyzeLiquidity(input: LiquidityInput & ScopeOptions) {
  return withChainScope(input, (scope) => answerLiquidity(input, scope));
}

export const liquidityIntel = intelEndpoint("intel/liquidity", (input, scope) =>
  answerLiquidity({ chain: input.chain, address: input.address, flags: { metadata: input.metadata, locks: input.locks, full: input.full } }, scope),
);
