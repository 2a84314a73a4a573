// POST /v1/api/intel/risk — chain-aware risk signals for a token, each with its evidence and
// provenance: read at one block in three rounds (read.ts), interpreted as signals (assess.ts),
// presented with the provenance of every field (present.ts). When the buy and sell cannot be
// simulated, the answer says so and is the fallback read from code and state.
import { getAddress, type Address } from "viem";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import type { ChainEnv, ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { intelEndpoint } from "@/lib/intel/endpoint-adapter";
import { presentRisk } from "./present";
import { readRisk } from "./read";

export type { Severity, Signal } from "./assess";

export type RiskInput = { chain: ChainId; address: Address; client?: ChainClient; env?: ChainEnv };

export async function analyzeRisk(input: RiskInput) {
  const client = input.client ?? getChainClient(input.chain, { env: input.env });
  const token = getAddress(input.address);
  return readChain(input.chain, async () => presentRisk(await readRisk({ chain: input.chain, token, client })));
}

export const riskIntel = intelEndpoint("intel/risk", (input) => analyzeRisk(input));
