// POST /v1/api/wallet/exact-movements
import { apiRoute } from "@/lib/api/handler";
import { notServedYet } from "@/lib/intel/not-served";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute("wallet/exact-movements", notServedYet("wallet/exact-movements"));
