// POST /v1/api/wallet/approvals — every live ERC-20 spending approval of a wallet: the Approval
// logs and allowances read (read.ts), the grants that still stand (assess.ts), one page of them
// with provenance (present.ts).
import { getAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { intelEndpoint } from "@/lib/intel/runtime/endpoint-adapter";
import { withChainScope, type ChainScope, type ScopeOptions } from "@/lib/intel/runtime/chain-scope";
import { approvalsPageDefaults } from "@/lib/schemas/requests";
import { presentApprovals } from "./present";
import { readApprovalGrants } from "./read";

export { unlimitedFrom } from "./assess";
export { approvalScan } from "./read";

type ApprovalsInput = { chain: ChainId; wallet: Address; limit?: number; offset?: number };

/** The answer, in the request's chain scope. */
async function answerApprovals(input: ApprovalsInput, { client, chain }: ChainScope) {
  const page = { limit: input.limit ?? approvalsPageDefaults.limit, offset: input.offset ?? 0 };
  return presentApprovals(await readApprovalGrants({ chain, wallet: getAddress(input.wallet), client }), page);
}

/** Outside the pipeline (tests, scripts, benches): the answer on a client or env of the caller's. */
export function readApprovals(input: ApprovalsInput & ScopeOptions) {
  return withChainScope(input, (scope) => answerApprovals(input, scope));
}

export const walletApprovals = intelEndpoint("wallet/approvals", (input, scope) => answerApprovals({ chain: input.chain, wallet: input.address, limit: input.limit, offset: input.offset }, scope));
