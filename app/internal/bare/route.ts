// A bare route handler for the benchmarks: the same server, no pipeline. It exists
// only when ENABLE_BENCH_ROUTES=1, so production never serves it.
import { notFound } from "next/navigation";

const body = JSON.stringify({ ok: true, data: { key: "svc_live_****************************abcd", project_id: "prj_bench", environment: "live" }, meta: { credits_charged: 0 } });

export async function GET() {
  if (process.env.ENABLE_BENCH_ROUTES !== "1") notFound();
  return new Response(body, { headers: { "content-type": "application/json; charset=utf-8", "x-request-id": "req_bare" } });
}
