// GET /developers/:projectId/usage/export — the filtered request history as CSV.
import { projectRoute } from "@/lib/portal/guards";
import { csvFileName, readUsageQuery, usageCsv } from "@/lib/portal/usage";

export const GET = projectRoute(async (request, ctx) => {
  const { query, problems } = readUsageQuery(new URL(request.url).searchParams);
  // A file is no place for a notice: a filter that cannot be applied refuses the export.
  if (problems.length > 0) return new Response(`${problems.join("\n")}\n`, { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  const scope = { projectId: ctx.project.id };
  return new Response(usageCsv(ctx.db, scope, query, ctx.now), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(scope, query, ctx.now)}"`,
      "cache-control": "no-store",
    },
  });
});
