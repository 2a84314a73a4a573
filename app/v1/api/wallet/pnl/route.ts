// POST /v1/api/wallet/pnl — one wallet's realized and unrealized profit in one token; 10 credits.
import { apiRoute } from "@/lib/api/handler";
import { walletPnl } from "@/lib/intel/wallet/pnl";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("wallet/pnl", walletPnl);
