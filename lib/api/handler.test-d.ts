// Compiled, never run: a route binds only the implementation its endpoint's types allow.
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";
import { me } from "@/lib/metadata/me";

export const riskRoute = apiRoute("intel/risk", intelImplementations["intel/risk"]);

// @ts-expect-error the risk route cannot serve the profit endpoint's implementation
export const pnlAsRisk = apiRoute("intel/risk", intelImplementations["wallet/pnl"]);

// @ts-expect-error nor the key's own details
export const meAsRisk = apiRoute("intel/risk", me);
