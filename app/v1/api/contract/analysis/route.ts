// POST /v1/api/contract/analysis — contract and control evidence with provenance; free.
import { apiRoute } from "@/lib/api/handler";
import { contractAnalysis } from "@/lib/intel/contract";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("contract/analysis", contractAnalysis);
