// POST /v1/api/intel/team-wallets: wallets linked to a token's team or treasury by on-chain
// relations only, each with its proof and what it did lately; read, linked, judged and presented
// here.
import { getAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { intelEndpoint } from "@/lib/intel/runtime/endpoint-adapter";
import { withChainScope, type ChainScope, type ScopeOptions } from "@/lib/intel/runtime/chain-scope";
import { tokenFirstRound } from "@/lib/intel/reads/token/first-round";
import { assessLinked } from "@/lib/intel/reads/team-links/assess";
import { readTeam } from "@/lib/intel/reads/team-links/read";
import { presentTeam } from "./present";

/**
 * POST /v1/api/intel/team-wallets — wallets linked to a token's team or treasury by on-chain
 * relations only, each with the relation and its proof, and what each has done lately.
 * The team: the deployer (from the node), the owner (owner()), the proxy admin and its owner
 * (EIP-1967 admin slot), AccessControl role holders (Ethereum, as contract analysis reads them).
 * Context, listed apart and never counted as the team: the wallets that received the launch mint,
 * and wallets that received the token directly from the team. Read in three rounds (read.ts),
 * linked (links.ts), judged (assess.ts) and presented (present.ts).
 *
 * The answer, in the request's chain scope.
 */
async function answerTeam(input: { chain: ChainId; address: Address }, { client, chain }: ChainScope) {
  const reading = await readTeam(tokenFirstRound({ client, chain }, getAddress(input.address)));
  return presentTeam(reading, assessLinked(reading));
}

/** Outside the pipeline (tests, scripts, benches): the answer on a client or env of the caller's. */
export function readTeamWallets(input: { chain: ChainId; address: Address } & ScopeOptions) {
  return withChainScope(input, (scope) => answerTeam(input, scope));
}

export const teamWalletsIntel = intelEndpoint("intel/team-wallets", answerTeam);
