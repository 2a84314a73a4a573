// POST /v1/api/intel/risk — chain-aware risk signals with evidence and provenance; 2 credits.
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("intel/risk", intelImplementations["intel/risk"]);
