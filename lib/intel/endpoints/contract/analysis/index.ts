// POST /v1/api/contract/analysis — contract and control evidence, every field with its
// provenance: read at one block (read.ts), interpreted (assess.ts), presented (present.ts).
// Nothing is guessed: a field that could not be read is null and named in `unavailable`.
import { getAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { intelEndpoint } from "@/lib/intel/runtime/endpoint-adapter";
import { withChainScope, type ChainScope, type ScopeOptions } from "@/lib/intel/runtime/chain-scope";
import { presentContract } from "./present";
import { readContract } from "./read";

/** The answer, in the request's chain scope. */
async function answerContract(input: { chain: ChainId; address: Address }, { client }: ChainScope) {
  return presentContract(await readContract({ chain: input.chain, address: getAddress(input.address), client }));
}

/** Outside the pipeline (tests, scripts, benches): the answer on a client or env of the caller's. */
export function analyzeContract(input: { chain: ChainId; address: Address } & ScopeOptions) {
  return withChainScope(input, (scope) => answerContract(input, scope));
}

export const contractAnalysis = intelEndpoint("contract/analysis", answerContract);
