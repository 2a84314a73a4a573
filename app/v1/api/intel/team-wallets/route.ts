// POST /v1/api/intel/team-wallets
import { apiRoute } from "@/lib/api/handler";
import { notServedYet } from "@/lib/intel/not-served";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute("intel/team-wallets", notServedYet("intel/team-wallets"));
