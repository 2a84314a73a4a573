// POST /v1/api/intel/why-down
import { apiRoute } from "@/lib/api/handler";
import { notServedYet } from "@/lib/intel/not-served";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute("intel/why-down", notServedYet("intel/why-down"));
