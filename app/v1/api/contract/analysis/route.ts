// POST /v1/api/contract/analysis — contract and control evidence with provenance; free.
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("contract/analysis", intelImplementations["contract/analysis"]);
