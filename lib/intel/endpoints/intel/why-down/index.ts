// POST /v1/api/intel/why-down: a plain-language read of why a token's price is down, from its main
// pool's activity in a documented window, its dominant driver chosen by documented rules.
import { getAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { intelEndpoint } from "@/lib/intel/runtime/endpoint-adapter";
import { withChainScope, type ChainScope, type ScopeOptions } from "@/lib/intel/runtime/chain-scope";
import { assessWhyDown } from "./assess";
import { presentWhyDown } from "./present";
import { readWhyDownWindow } from "./read";

export { driverRules, type Driver } from "./assess";

/**
 * POST /v1/api/intel/why-down — a plain-language read of why a token's price is down, from its
 * main pool's activity in a documented window (the last 24 hours of blocks, or fewer: window.ts). The price change comes
 * from pool state at the window's edges; three candidate drivers are each measured from logs:
 * liquidity pulled (LP redeemed through the pool, by whom, what share of the pool), heavy
 * selling (tokens sold into the pool against tokens bought, the largest sellers), and the
 * team's wallets moving (their sells and transfers, the team read intel/team-wallets also presents, lib/intel/reads/team-links).
 * Which driver is dominant is our reading, by documented rules (assess.ts); every observation
 * behind it is a log with its amounts, wallet, transaction and time (read.ts, present.ts).
 *
 * The answer, in the request's chain scope.
 */
async function answerWhyDown(input: { chain: ChainId; address: Address }, { client, chain }: ChainScope) {
  const reading = await readWhyDownWindow({ client, chain, token: getAddress(input.address) });
  return presentWhyDown(reading, assessWhyDown(reading));
}

/** Outside the pipeline (tests, scripts, benches): the answer on a client or env of the caller's. */
export function readWhyDown(input: { chain: ChainId; address: Address } & ScopeOptions) {
  return withChainScope(input, (scope) => answerWhyDown(input, scope));
}

export const whyDownIntel = intelEndpoint("intel/why-down", answerWhyDown);
