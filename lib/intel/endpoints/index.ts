// Every intelligence endpoint's implementation, by endpoint id: the routes and the intelligence
// threads take them from here, so a thread can run any endpoint a route serves. A new intelligence
// endpoint in the registry that is missing here does not compile.
import type { IntelEndpointId } from "@/lib/api-contract/endpoints";
import { contractAnalysis } from "@/lib/intel/endpoints/contract/analysis";
import { liquidityIntel } from "@/lib/intel/endpoints/intel/liquidity";
import { riskIntel } from "@/lib/intel/endpoints/intel/risk";
import { teamWalletsIntel } from "@/lib/intel/endpoints/intel/team-wallets";
import { whyDownIntel } from "@/lib/intel/endpoints/intel/why-down";
import { walletApprovals } from "@/lib/intel/endpoints/wallet/approvals";
import { walletExactMovements } from "@/lib/intel/endpoints/wallet/exact-movements";
import { walletPnl } from "@/lib/intel/endpoints/wallet/pnl";
import type { IntelImplementation } from "@/lib/intel/runtime/endpoint-adapter";

export const intelImplementations = {
  "contract/analysis": contractAnalysis,
  "intel/liquidity": liquidityIntel,
  "intel/risk": riskIntel,
  "intel/team-wallets": teamWalletsIntel,
  "intel/why-down": whyDownIntel,
  "wallet/approvals": walletApprovals,
  "wallet/exact-movements": walletExactMovements,
  "wallet/pnl": walletPnl,
} satisfies { [Id in IntelEndpointId]: IntelImplementation<Id> };
