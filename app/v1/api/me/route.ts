// GET /v1/api/me — the calling key's details; free.
import { apiRoute } from "@/lib/api/handler";
import { me } from "@/lib/metadata/me";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("me", me);
