// POST /v1/api/wallet/pnl
import { apiRoute } from "@/lib/api/handler";
import { notServedYet } from "@/lib/intel/not-served";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute("wallet/pnl", notServedYet("wallet/pnl"));
