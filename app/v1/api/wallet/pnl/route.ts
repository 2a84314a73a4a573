// POST /v1/api/wallet/pnl — one wallet's realized and unrealized profit in one token; 10 credits.
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("wallet/pnl", intelImplementations["wallet/pnl"]);
