// POST /v1/api/intel/team-wallets — wallets linked to the token's team by on-chain relations; 5 credits.
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("intel/team-wallets", intelImplementations["intel/team-wallets"]);
