// POST /v1/api/intel/why-down — why the token's price is down, from recent on-chain activity; 3 credits.
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("intel/why-down", intelImplementations["intel/why-down"]);
