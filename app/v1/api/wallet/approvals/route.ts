// POST /v1/api/wallet/approvals — a wallet's live ERC-20 spending approvals; 2 credits (an empty list is free).
import { apiRoute } from "@/lib/api/handler";
import { intelImplementations } from "@/lib/intel/endpoints/index";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("wallet/approvals", intelImplementations["wallet/approvals"]);
