// Everything else under /v1/api: unknown paths (404), and the paths not available in v1.
import { answerUnmatched } from "@/lib/api/handler";

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: Request, context: Context) {
  const { path } = await context.params;
  return answerUnmatched(request, path.join("/"));
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
