// Resolves a path under /v1/api to its route module, as Next.js would.
import * as root from "@/app/v1/api/route";
import * as catchAll from "@/app/v1/api/[...path]/route";
import * as health from "@/app/v1/api/health/route";
import * as me from "@/app/v1/api/me/route";
import * as discover from "@/app/v1/api/discover/route";
import * as whyDown from "@/app/v1/api/intel/why-down/route";
import * as teamWallets from "@/app/v1/api/intel/team-wallets/route";
import * as liquidity from "@/app/v1/api/intel/liquidity/route";
import * as risk from "@/app/v1/api/intel/risk/route";
import * as contractAnalysis from "@/app/v1/api/contract/analysis/route";
import * as walletPnl from "@/app/v1/api/wallet/pnl/route";
import * as walletApprovals from "@/app/v1/api/wallet/approvals/route";
import * as exactMovements from "@/app/v1/api/wallet/exact-movements/route";
import * as mcp from "@/app/v1/api/mcp/route";

type Module = Record<string, unknown>;
const modules: Record<string, Module> = {
  health, me, discover, "intel/why-down": whyDown, "intel/team-wallets": teamWallets, "intel/liquidity": liquidity, "intel/risk": risk,
  "contract/analysis": contractAnalysis, "wallet/pnl": walletPnl, "wallet/approvals": walletApprovals, "wallet/exact-movements": exactMovements, mcp,
};

export function routeFor(method: string, path: string): (request: Request) => Promise<Response> {
  const pathname = path.split("?")[0];
  const module = pathname === "" ? (root as Module) : modules[pathname];
  if (module) return module[method] as (request: Request) => Promise<Response>;
  const handler = (catchAll as Module)[method] as (request: Request, context: unknown) => Promise<Response>;
  return (request) => handler(request, { params: Promise.resolve({ path: pathname.split("/") }) });
}
