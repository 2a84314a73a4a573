// POST /v1/api/wallet/exact-movements — the wallet's most recent exact token movements (at most
// 25), each a buy, sell, transfer in or transfer out, with counts by kind: read (read.ts), merged
// into lines and counted (assess.ts), presented with provenance (present.ts).
import { getAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { intelEndpoint } from "@/lib/intel/runtime/endpoint-adapter";
import { withChainScope, type ChainScope, type ScopeOptions } from "@/lib/intel/runtime/chain-scope";
import { presentMovements } from "./present";
import { readRecentMovements } from "./read";

export { maxMovementsPerCall } from "./read";

type MovementsInput = { chain: ChainId; wallet: Address; token?: Address };

/** The answer, in the request's chain scope. */
async function answerMovements(input: MovementsInput, { client, chain }: ChainScope) {
  return presentMovements(await readRecentMovements({ chain, wallet: getAddress(input.wallet), token: input.token ? getAddress(input.token) : null, client }));
}

/** Outside the pipeline (tests, scripts, benches): the answer on a client or env of the caller's. */
export function readExactMovements(input: MovementsInput & ScopeOptions) {
  return withChainScope(input, (scope) => answerMovements(input, scope));
}

export const walletExactMovements = intelEndpoint("wallet/exact-movements", answerMovements);
