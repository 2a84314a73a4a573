// POST /v1/api/contract/analysis — contract and control evidence, every field with its
// provenance: read at one block (read.ts), interpreted (assess.ts), presented (present.ts).
// Nothing is guessed: a field that could not be read is null and named in `unavailable`.
import { getAddress, type Address } from "viem";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import type { ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { intelEndpoint } from "@/lib/intel/endpoint-adapter";
import { presentContract } from "./present";
import { readContract } from "./read";

export async function analyzeContract(input: { chain: ChainId; address: Address; client?: ChainClient }) {
  const client = input.client ?? getChainClient(input.chain);
  return readChain(input.chain, async () => presentContract(await readContract({ chain: input.chain, address: getAddress(input.address), client })));
}

export const contractAnalysis = intelEndpoint("contract/analysis", (input) => analyzeContract(input));
