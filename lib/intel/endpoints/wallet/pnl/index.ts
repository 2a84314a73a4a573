// POST /v1/api/wallet/pnl: one wallet's profit in one token, from its own trades, at average cost;
// read, assessed and presented with every figure's provenance.
import { getAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { intelEndpoint } from "@/lib/intel/runtime/endpoint-adapter";
import { withChainScope, type ChainScope, type ScopeOptions } from "@/lib/intel/runtime/chain-scope";
import { presentPnl } from "./present";
import { pnlMaxMovements, readPositionHistory } from "./read";

export { costBasisMethod } from "./cost-basis";
export { pnlMaxMovements } from "./read";

/** `maxMovements`: tests only, a smaller cap. */
type PnlInput = { chain: ChainId; wallet: Address; token: Address; maxMovements?: number };

/**
 * POST /v1/api/wallet/pnl — one wallet's profit in one token, from its own trades. Every buy and
 * sell comes from the shared movement reader (a swap through one of the token's pools in the
 * same transaction), priced by that swap's own amounts; transfers in and out are listed as such.
 * The cost basis is the average cost (cost-basis.ts), kept in the quote asset's smallest unit
 * with integer arithmetic and, beside it, in exact dollars where a stablecoin route prices every
 * trade at its own block. Read in three rounds (read.ts), assessed (assess.ts), presented with
 * every figure's provenance (present.ts).
 *
 * The answer, in the request's chain scope.
 */
async function answerPnl(input: PnlInput, { client, chain }: ChainScope) {
  return presentPnl(await readPositionHistory({ chain, wallet: getAddress(input.wallet), token: getAddress(input.token), client, maxMovements: input.maxMovements ?? pnlMaxMovements }));
}

/** Outside the pipeline (tests, scripts, benches): the answer on a client or env of the caller's. */
export function readPnl(input: PnlInput & ScopeOptions) {
  return withChainScope(input, (scope) => answerPnl(input, scope));
}

export const walletPnl = intelEndpoint("wallet/pnl", answerPnl);
