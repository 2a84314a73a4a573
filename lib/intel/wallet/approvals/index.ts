// POST /v1/api/wallet/approvals — every live ERC-20 spending approval of a wallet: the Approval
// logs and allowances read (read.ts), the grants that still stand (assess.ts), one page of them
// with provenance (present.ts).
import { getAddress, type Address } from "viem";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import type { ChainEnv, ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { intelEndpoint } from "@/lib/intel/endpoint-adapter";
import { approvalsPageDefaults } from "@/lib/schemas/requests";
import { presentApprovals } from "./present";
import { readApprovalGrants } from "./read";

export { unlimitedFrom } from "./assess";
export { approvalScan } from "./read";

export async function readApprovals(input: { chain: ChainId; wallet: Address; limit?: number; offset?: number; client?: ChainClient; env?: ChainEnv }) {
  const { chain } = input;
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const wallet = getAddress(input.wallet);
  const page = { limit: input.limit ?? approvalsPageDefaults.limit, offset: input.offset ?? 0 };
  return readChain(chain, async () => presentApprovals(await readApprovalGrants({ chain, wallet, client }), page));
}

export const walletApprovals = intelEndpoint("wallet/approvals", (input) => readApprovals({ chain: input.chain, wallet: input.address, limit: input.limit, offset: input.offset }));
