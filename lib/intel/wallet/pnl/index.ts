// POST /v1/api/wallet/pnl — one wallet's profit in one token, from its own trades. Every buy and
// sell comes from the shared movement reader (a swap through one of the token's pools in the
// same transaction), priced by that swap's own amounts; transfers in and out are listed as such.
// The cost basis is the average cost (cost-basis.ts), kept in the quote asset's smallest unit
// with integer arithmetic and, beside it, in exact dollars where a stablecoin route prices every
// trade at its own block. Read in three rounds (read.ts), assessed (assess.ts), presented with
// every figure's provenance (present.ts).
import { getAddress, type Address } from "viem";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import type { ChainEnv, ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { intelEndpoint } from "@/lib/intel/endpoint-adapter";
import { presentPnl } from "./present";
import { pnlMaxMovements, readPositionHistory } from "./read";

export { costBasisMethod } from "./cost-basis";
export { pnlMaxMovements } from "./read";

export async function readPnl(input: { chain: ChainId; wallet: Address; token: Address; client?: ChainClient; env?: ChainEnv; /** Tests only: a smaller cap. */ maxMovements?: number }) {
  const { chain } = input;
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const wallet = getAddress(input.wallet);
  const token = getAddress(input.token);
  return readChain(chain, async () => presentPnl(await readPositionHistory({ chain, wallet, token, client, maxMovements: input.maxMovements ?? pnlMaxMovements })));
}

export const walletPnl = intelEndpoint("wallet/pnl", (input) => readPnl({ chain: input.chain, wallet: input.wallet, token: input.token }));
