// The start-up's warm-up, run inside the app (the routes' own copies of the schemas and clients):
// only the server process itself can call it, with the secret it set (lib/server/warm-up.ts).
import { notFound } from "next/navigation";
import { warmAnswerPath } from "@/lib/api/warm-answer-path";
import { isWarmUpRequest } from "@/lib/server/warm-up";

export async function POST(request: Request) {
  if (!isWarmUpRequest(request.headers)) notFound();
  return Response.json({ warmed: await warmAnswerPath() });
}
