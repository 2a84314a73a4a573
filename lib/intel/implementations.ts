// Every intelligence endpoint's implementation, by endpoint id: the routes and the intelligence
// threads take them from here, so a thread can run any endpoint a route serves. A new intelligence
// endpoint in the registry that is missing here does not compile.
import type { IntelEndpointId } from "@/lib/api-contract/endpoints";
import { contractAnalysis } from "@/lib/intel/contract";
import { liquidityIntel } from "@/lib/intel/liquidity";
import { riskIntel } from "@/lib/intel/risk";
import { teamWalletsIntel } from "@/lib/intel/team";
import { whyDownIntel } from "@/lib/intel/why-down";
import { walletApprovals } from "@/lib/intel/wallet/approvals";
import { walletExactMovements } from "@/lib/intel/wallet/exact-movements";
import { walletPnl } from "@/lib/intel/wallet/pnl";
import type { IntelImplementation } from "./endpoint-adapter";

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
