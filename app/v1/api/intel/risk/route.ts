// POST /v1/api/intel/risk
import { apiRoute } from "@/lib/api/handler";
import { notServedYet } from "@/lib/intel/not-served";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute("intel/risk", notServedYet("intel/risk"));
