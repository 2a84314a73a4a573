// GET /v1/api/health — no key; 404 public_api_disabled when the API is off.
import { apiRoute } from "@/lib/api/handler";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("health", async () => ({ data: null }));
