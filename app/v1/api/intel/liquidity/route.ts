// POST /v1/api/intel/liquidity — token identity, market snapshot and LP custody with lock and burn context; 2 credits.
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("intel/liquidity", intelImplementations["intel/liquidity"]);
