// POST /v1/api/wallet/exact-movements — a wallet's most recent exact token movements; 5 credits.
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("wallet/exact-movements", intelImplementations["wallet/exact-movements"]);
