// GET /developers/:projectId/usage/export — the filtered request history as CSV.
import { projectRoute } from "@/lib/portal/guards";
import { csvFileName, parseUsageQuery, usageCsv } from "@/lib/portal/usage";

export const GET = projectRoute(async (request, ctx) => {
  const query = parseUsageQuery(Object.fromEntries(new URL(request.url).searchParams));
  const scope = { projectId: ctx.project.id };
  return new Response(usageCsv(ctx.db, scope, query, ctx.now), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(scope, query, ctx.now)}"`,
      "cache-control": "no-store",
    },
  });
});
