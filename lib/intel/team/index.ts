// POST /v1/api/intel/team-wallets — wallets linked to a token's team or treasury by on-chain
// relations only, each with the relation and its proof, and what each has done lately.
// Relations: the deployer (from the node), the owner (owner()), the proxy admin and its owner
// (EIP-1967 admin slot), AccessControl role holders (Ethereum, as contract analysis reads them),
// the wallets that received the launch mint, and wallets that received the token directly from
// any of those. Read in three rounds (read.ts), linked (links.ts), judged (assess.ts) and
// presented (present.ts).
import { getAddress, type Address } from "viem";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import type { ChainEnv, ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { intelEndpoint } from "@/lib/intel/endpoint-adapter";
import { tokenFirstRound, type TokenFirstRound } from "@/lib/intel/token/first-round";
import { assessTeam } from "@/lib/intel/team-links/assess";
import { readTeam } from "@/lib/intel/team-links/read";
import { presentTeam } from "./present";

/** `first`: the first round of a read running beside this one (why-down's), shared rather than asked twice. */
export async function readTeamWallets(input: { chain: ChainId; address: Address; client?: ChainClient; env?: ChainEnv; first?: TokenFirstRound }) {
  const { chain } = input;
  const client = input.first?.client ?? input.client ?? getChainClient(chain, { env: input.env });
  const first = input.first ?? tokenFirstRound({ client, chain }, getAddress(input.address));
  return readChain(chain, async () => {
    const reading = await readTeam(first);
    return presentTeam(reading, assessTeam(reading));
  });
}

export const teamWalletsIntel = intelEndpoint("intel/team-wallets", (input) => readTeamWallets({ chain: input.chain, address: input.address }));
