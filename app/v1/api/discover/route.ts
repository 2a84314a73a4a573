// GET /v1/api/discover — published cards; free under a strict daily cap.
import { apiRoute } from "@/lib/api/handler";
import { discover } from "@/lib/metadata/discover";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute("discover", discover);
