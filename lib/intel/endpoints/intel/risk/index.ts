// POST /v1/api/intel/risk — chain-aware risk signals for a token, each with its evidence and
// provenance: read at one block in three rounds (read.ts), interpreted as signals (assess.ts),
// presented with the provenance of every field (present.ts). When the buy and sell cannot be
// simulated, the answer says so and is the fallback read from code and state.
import { getAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { intelEndpoint } from "@/lib/intel/runtime/endpoint-adapter";
import { withChainScope, type ChainScope, type ScopeOptions } from "@/lib/intel/runtime/chain-scope";
import { presentRisk } from "./present";
import { readRisk } from "./read";

export type { Severity, Signal } from "./assess";

/** The answer, in the request's chain scope. */
async function answerRisk(input: { chain: ChainId; address: Address }, { client }: ChainScope) {
  return presentRisk(await readRisk({ chain: input.chain, token: getAddress(input.address), client }));
}

/** Outside the pipeline (tests, scripts, benches): the answer on a client or env of the caller's. */
export function analyzeRisk(input: { chain: ChainId; address: Address } & ScopeOptions) {
  return withChainScope(input, (scope) => answerRisk(input, scope));
}

export const riskIntel = intelEndpoint("intel/risk", answerRisk);
