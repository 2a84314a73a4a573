// POST /v1/api/intel/liquidity — token identity, a market snapshot across the registry's DEXes,
// and LP custody (burned, locked, team-held, unverified, other) with lock and burn evidence:
// read at one block (read.ts), interpreted (assess.ts), presented (present.ts).
// Nothing is guessed: a value that could not be read is null and explained in `unavailable`.
import { getAddress, type Address } from "viem";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import type { ChainEnv, ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { intelEndpoint } from "@/lib/intel/endpoint-adapter";
import { presentLiquidity } from "./present";
import { readLiquidity } from "./read";
import { readPlanFor, type LiquidityFlags } from "./read-plan";

export type LiquidityInput = {
  chain: ChainId;
  address: Address;
  flags?: LiquidityFlags;
  /** A ready client; otherwise one is made from `env` (or process.env) inside the caller's meter. */
  client?: ChainClient;
  env?: ChainEnv;
};

export async function analyzeLiquidity(input: LiquidityInput) {
  const { chain } = input;
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const token = getAddress(input.address);
  const plan = readPlanFor(input.flags ?? {});
  return readChain(chain, async () => presentLiquidity(await readLiquidity({ client, chain, token, plan })));
}

export const liquidityIntel = intelEndpoint("intel/liquidity", (input) =>
  analyzeLiquidity({ chain: input.chain, address: input.address, flags: { metadata: input.metadata, locks: input.locks, full: input.full } }),
);
