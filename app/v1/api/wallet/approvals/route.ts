// POST /v1/api/wallet/approvals
import { apiRoute } from "@/lib/api/handler";
import { notServedYet } from "@/lib/intel/not-served";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute("wallet/approvals", notServedYet("wallet/approvals"));
