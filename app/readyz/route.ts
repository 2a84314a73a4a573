// GET /readyz — readiness for load balancers: 200 when the database, the rate-limit store and each
// configured node answer, else 503 naming the part (lib/server/readiness.ts). No key: it says
// which part is down, never why in words that name hosts.
import { withRetryAfter } from "@/lib/errors/api-error";
import { checkReadiness, defaultReadinessDeps } from "@/lib/server/readiness";

export const dynamic = "force-dynamic";

export async function GET() {
  const readiness = await checkReadiness(await defaultReadinessDeps());
  const status = readiness.ready ? 200 : 503;
  return Response.json(readiness, { status, headers: withRetryAfter(status, { "cache-control": "no-store" }) });
}
