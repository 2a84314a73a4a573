// GET /livez — liveness for orchestrators: 200 while this process answers HTTP at all. It reads
// nothing (no database, rate-limit store or node): a dependency that is down makes the instance
// not ready (/readyz), and restarting a process would not bring it back.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ live: true }, { headers: { "cache-control": "no-store" } });
}
