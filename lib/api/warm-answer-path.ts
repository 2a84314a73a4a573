// What a server's first paid call would otherwise pay on its request thread, done before the
// server says it is ready: each endpoint's schemas compiled (zod builds a parser on first use)
// by passing its saved example through them, the database's query compiler and pool opened by a
// transaction that reads nothing, and the rate-limit store's connection opened.
import { endpoints, type EndpointDefinition } from "@/lib/api-contract/endpoints";
import { savedExample } from "@/lib/openapi/examples";
import type { RatePolicy } from "@/lib/rate-limit";
import { apiDeps } from "./deps";
import { successBody } from "@/lib/api-contract/respond";
import { shapeAnswer } from "./pipeline/shape-answer";

const warmUpPolicy: RatePolicy = { name: "warm-up", windows: [{ name: "probe", limit: 1, windowMs: 1_000 }] };

function warmSchemas(endpoint: EndpointDefinition) {
  const example = savedExample(endpoint.id);
  if (!example) return;
  (endpoint.body ?? endpoint.query)?.safeParse(example.request);
  const { data } = shapeAnswer(endpoint, { data: example.response.data });
  JSON.stringify(successBody("req_warm_up", data, { credits_charged: endpoint.price }));
}

/** Returns what it warmed, for the start-up line; a store that cannot answer yet is left for readiness to report. */
export async function warmAnswerPath(): Promise<string[]> {
  const warmed: string[] = [];
  for (const endpoint of endpoints) warmSchemas(endpoint);
  warmed.push("schemas");
  const deps = apiDeps();
  const [database, store] = await Promise.allSettled([
    (async () => {
      const [db, sql] = await Promise.all([deps.db(), deps.sql()]);
      await Promise.all([sql.query("select 1"), db.$transaction(async (tx) => tx.creditAccount.findFirst({ where: { id: "" }, select: { id: true } }))]);
    })(),
    deps.limiter().remaining("warm-up", warmUpPolicy),
  ]);
  if (database.status === "fulfilled") warmed.push("database");
  if (store.status === "fulfilled") warmed.push("rate limits");
  return warmed;
}
