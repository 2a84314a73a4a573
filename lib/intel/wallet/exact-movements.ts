// POST /v1/api/wallet/exact-movements — the wallet's most recent exact token movements (at
// most 25), each a buy, sell, transfer in or transfer out, with counts by kind. Three rounds:
// the block, the wallet's Transfer logs, then receipts, block times, identities and pools.
import { getAddress, type Address } from "viem";
import { ApiError } from "@/lib/contract/api-error";
import type { EndpointImplementation } from "@/lib/contract/endpoint";
import type { RequestOf } from "@/lib/schemas/requests";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { getNetwork, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import type { Provenance } from "@/lib/intel/provenance";
import { movementLines, movementScan, readMovements, type MovementKind } from "./movements";
import { sameAddress } from "@/lib/intel/market";
import { amount, isoTime, tokenView } from "@/lib/intel/present";

/** At most this many movements per call (the spec's limit). */
export const maxMovementsPerCall = 25;

export async function readExactMovements(input: { chain: ChainId; wallet: Address; token?: Address; client?: ChainClient; env?: ChainEnv }) {
  const { chain } = input;
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const wallet = getAddress(input.wallet);
  return readChain(chain, async () => {
    const block = await client.getBlockNumber({ cacheTime: 0 });
    const read = await readMovements({ client, chain, block, wallet, token: input.token, maxMovements: maxMovementsPerCall });
    const window = `blocks ${read.scan.fromBlock} to ${read.scan.toBlock}`;
    if (read.movements.length === 0) {
      throw new ApiError("insufficient_data", `No ${input.token ? `movements of ${getAddress(input.token)}` : "token movements"} by ${wallet} on ${getNetwork(chain).displayName} in ${window} (the last ${movementScan.lookbackBlocks} blocks).`);
    }
    // A taxed sell moves the wallet's tokens twice in one transaction (tax wallet, then pool): one sell.
    const lines = movementLines([...read.movements].reverse()).reverse();
    const counts: Record<MovementKind, number> = { buy: 0, sell: 0, transfer_in: 0, transfer_out: 0 };
    for (const line of lines) counts[line.kind] += 1;
    const provenance: Record<string, Provenance> = { movements: "verified_onchain", "movements.kind": "interpretation", counts: "verified_onchain", window: "verified_onchain", limitations: "interpretation" };
    return {
      chain,
      block,
      provenance,
      data: {
        wallet,
        token: input.token ? getAddress(input.token) : null,
        movements: lines.map((line) => {
          const movement = line.legs.find((leg) => line.swap && sameAddress(leg.counterparty, line.swap.pool)) ?? line.legs[0];
          const identity = read.tokens.get(movement.token.toLowerCase());
          return {
            kind: line.kind,
            token: tokenView(movement.token, identity),
            amount: amount(line.amount, identity?.decimals.value),
            counterparty: movement.counterparty,
            transaction: movement.transaction,
            block: Number(movement.block),
            log_index: movement.logIndex,
            time: isoTime(movement.timestamp),
            ...(line.legs.length > 1 ? { legs: line.legs.map((leg) => ({ counterparty: leg.counterparty, amount: amount(leg.amount, identity?.decimals.value), log_index: leg.logIndex })) } : {}),
            swap: movement.swap
              ? { pool: movement.swap.pool, dex: movement.swap.dex, quote: { address: movement.swap.quote.address, symbol: movement.swap.quote.symbol }, quote_amount: amount(movement.swap.quoteAmount, movement.swap.quote.decimals) }
              : null,
          };
        }),
        counts: { ...counts, total: lines.length },
        window: { from_block: Number(read.scan.fromBlock), to_block: Number(read.scan.toBlock), more_before: read.scan.capped || read.scan.truncated },
        limitations: [
          `Movements come from Transfer logs in ${window}, newest first, at most ${maxMovementsPerCall}; counts are of the movements returned.`,
          "A movement is a buy or a sell when the same transaction swaps the token through one of its pools on the registry's DEXes (against the wrapped native coin or a registry stablecoin); a trade through any other venue reads as a transfer.",
        ],
        unavailable: {},
      },
    };
  });
}

export const exactMovementsIntel: EndpointImplementation<RequestOf<"wallet/exact-movements">> = async ({ input }) => {
  const result = await readExactMovements({ chain: input.chain, wallet: input.wallet, token: input.token });
  return {
    data: result.data,
    meta: chainReadMeta(result),
  };
};
