// POST /v1/api/wallet/exact-movements — the wallet's most recent exact token movements (at most
// 25), each a buy, sell, transfer in or transfer out, with counts by kind: read (read.ts), merged
// into lines and counted (assess.ts), presented with provenance (present.ts).
import { getAddress, type Address } from "viem";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import type { ChainEnv, ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { intelEndpoint } from "@/lib/intel/endpoint-adapter";
import { presentMovements } from "./present";
import { readRecentMovements } from "./read";

export { maxMovementsPerCall } from "./read";

export async function readExactMovements(input: { chain: ChainId; wallet: Address; token?: Address; client?: ChainClient; env?: ChainEnv }) {
  const { chain } = input;
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const wallet = getAddress(input.wallet);
  return readChain(chain, async () => presentMovements(await readRecentMovements({ chain, wallet, token: input.token ? getAddress(input.token) : null, client })));
}

export const walletExactMovements = intelEndpoint("wallet/exact-movements", (input) => readExactMovements({ chain: input.chain, wallet: input.wallet, token: input.token }));
